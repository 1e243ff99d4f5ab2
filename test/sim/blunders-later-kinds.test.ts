// The blunder audit, the later kinds (open_base, hopeless_attack, idle_units, overstack_losses) and the audit between
// games: each found in a tiny forced position or a synthetic sequence of event records, and not in the clean one beside it.
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events.js';
import { WORKS_ENTRENCHMENT } from '../../src/core/map.js';
import { BOL, PAR } from '../../src/core/side.js';
import { IN_DEAD, createState, setUnitLoc } from '../../src/core/state.js';
import { eliminateUnit } from '../../src/core/unit-loss.js';
import {
  BlunderAudit,
  GHQ_OVERRUN,
  HOPELESS_ATTACK,
  HOPELESS_CALL_UP,
  IDLE_UNITS,
  OPEN_BASE,
  OVERSTACK,
  hopelessOdds,
} from '../../src/sim/blunders.js';
import { audit, auditedGame, ended, phase, turn, world } from '../helpers/blunder-audit.js';

describe("10.3, 16.2 open_base: a big settlement taken by enemy movement with no garrison at the end of the owner's Movement Phase", () => {
  const base = () => {
    const w = world({ places: [{ hex: '1505', bigFour: true }, { hex: '1508' }], control: { 1505: 'BOL', 1508: 'BOL' } });
    w.put('B-I1', '1505'); // garrisoned at set-up
    return w;
  };
  const capture = (w: ReturnType<typeof base>, label: string, how: 'movement' | 'advance'): GameEvent => ({
    type: 'capture',
    side: PAR,
    hex: w.hex(label),
    how,
  });
  test("16.2 left empty in Bolivia's Movement Phase, then taken by Paraguayan movement: counts for Bolivia", () => {
    const w = base();
    const a = new BlunderAudit();
    a.start(w.state);
    for (const e of [turn(0), phase(PAR, 'supply'), phase(PAR, 'movement'), phase(PAR, 'reaction movement'), phase(BOL, 'movement')])
      a.event(e);
    setUnitLoc(w.state, w.unit('B-I1'), w.hex('1510')); // Bolivia marches the garrison out
    for (const e of [phase(BOL, 'reaction movement'), turn(1), phase(PAR, 'movement'), capture(w, '1505', 'movement')]) a.event(e);
    const c = ended(a);
    expect(c.total[OPEN_BASE]).toEqual([0, 1]);
  });
  test('16.2 held at the end of its Movement Phase (lost later in combat), taken by advance, or not a big settlement: none', () => {
    const w = base();
    const a = new BlunderAudit();
    a.start(w.state);
    for (const e of [turn(0), phase(BOL, 'movement'), phase(BOL, 'reaction movement'), phase(BOL, 'first combat')]) a.event(e);
    setUnitLoc(w.state, w.unit('B-I1'), IN_DEAD); // eliminated in combat, after its Movement Phase
    for (const e of [
      turn(1),
      phase(PAR, 'movement'),
      capture(w, '1505', 'movement'),
      capture(w, '1508', 'movement'),
      capture(w, '1505', 'advance'),
    ])
      a.event(e);
    expect(ended(a).games[OPEN_BASE]).toEqual([0, 0]);
  });
  test('16.2 before the owner has moved, the set-up is its last choice', () => {
    const w = world({ places: [{ hex: '1505', bigFour: true }], control: { 1505: 'BOL' } });
    expect(
      audit(w.state, [turn(0), phase(PAR, 'movement'), capture(w as ReturnType<typeof base>, '1505', 'movement')]).total[OPEN_BASE],
    ).toEqual([0, 1]);
  });
});

describe('12.4, 12.5 hopeless_attack: no roll gives the defender a loss or a retreat', () => {
  const { state } = world();
  const drm = (value: number) => [{ kind: 'defenderTerrain' as const, value, rule: '12.13' }];
  test('12.4 odds below 1-2 always; 1-2 with -5 (every roll on rows -1..1: "-"); not with -4 (a 6 reads row 2: 10)', () => {
    expect(hopelessOdds(state, 0, true, [])).toBe(true);
    expect(hopelessOdds(state, 0, false, drm(-5))).toBe(true);
    expect(hopelessOdds(state, 0, false, drm(-4))).toBe(false);
    expect(hopelessOdds(state, 1, false, [...drm(-3), { kind: 'attackFromClear', value: -3, rule: '12.13' }])).toBe(true); // 1-1, -6: rows -1..0
    expect(hopelessOdds(state, 6, false, drm(-7))).toBe(false); // 6-1 row -1: 25R
  });
  test('12.5 a combat record at hopeless odds counts for the attacker; a cancelled one or fair odds do not', () => {
    const w = world();
    const att = w.put('B-I1', '1205'),
      def = w.put('P-I1', '1206');
    const combat = (column: number, belowLowest: boolean, cancelled: boolean): GameEvent => ({
      type: 'combat',
      side: BOL,
      phase: 'first',
      attackers: [att],
      defenders: [def],
      hexes: [w.hex('1206')],
      attack: 1,
      defence: 6,
      column,
      belowLowest,
      modifiers: [],
      roll: 4,
      modified: 4,
      attacker: { loss: 25, retreat: true },
      defender: { loss: 0, retreat: false },
      cancelled,
    });
    expect(audit(w.state, [combat(0, true, false), combat(0, true, false), combat(3, false, false)]).total[HOPELESS_ATTACK]).toEqual([
      0, 2,
    ]);
    expect(audit(w.state, [combat(0, true, true)]).games[HOPELESS_ATTACK]).toEqual([0, 0]);
  });
});

describe('10 idle_units: on the map at the end, never active, not a garrison', () => {
  test('10 only the unit that neither moved, retreated, advanced, attacked nor built, outside settlements and works, counts', () => {
    const w = world({ places: [{ hex: '1505' }] });
    w.state.works_h[w.hex('1303')] = WORKS_ENTRENCHMENT;
    const moved = w.put('P-I1', '1201'),
      retreated = w.put('P-I2', '1202'),
      advanced = w.put('P-I3', '1203'),
      attacked = w.put('P-I4', '1204');
    const builder = w.put('P-E1', '1207');
    w.put('P-I5', '1505'); // a settlement's garrison
    w.put('P-C1', '1303'); // holds works
    const idle = w.put('P-A1', '1209');
    w.put('B-I1', '1808'); // idle too, for Bolivia
    const c = audit(w.state, [
      turn(0),
      {
        type: 'move',
        side: PAR,
        units: [moved],
        leaders: [],
        trucks: [],
        ghq: false,
        csp: 0,
        carrier: -1,
        path: [w.hex('1210'), w.hex('1201')],
        phase: 'movement',
      },
      { type: 'retreat', side: PAR, unit: retreated, from: 0, to: 0, rout: false },
      { type: 'advance', side: PAR, unit: advanced, from: 0, to: 0, attacker: true },
      {
        type: 'combat',
        side: PAR,
        phase: 'first',
        attackers: [attacked],
        defenders: [],
        hexes: [],
        attack: 4,
        defence: 2,
        column: 2,
        belowLowest: false,
        modifiers: [],
        roll: 3,
        modified: 3,
        attacker: { loss: 25, retreat: false },
        defender: { loss: 25, retreat: false },
        cancelled: false,
      },
      { type: 'build', side: PAR, hex: w.hex('1207'), what: 'entrenchment', unit: builder },
    ]);
    expect(c.total[IDLE_UNITS]).toEqual([1, 1]);
    expect(w.state.loc_u[idle]).toBe(w.hex('1209'));
  });
  test('10 units off the map (dead, in the pile) are not idle', () => {
    const w = world();
    setUnitLoc(w.state, w.unit('P-I1'), IN_DEAD);
    expect(audit(w.state, [turn(0)]).games[IDLE_UNITS]).toEqual([0, 0]);
  });
});

describe('11.1 overstack_losses', () => {
  test('11.1 units removed for over-stacking count for their side; other eliminations do not', () => {
    const w = world();
    const u = w.put('P-I1', '1205'),
      v = w.put('P-I2', '1206');
    const { game, a } = auditedGame(w.state, []);
    eliminateUnit(game, u, { overstack: true, cause: 'overstack', rule: '11.1, I-14' });
    eliminateUnit(game, v, { cause: 'noRetreat', rule: '12.8' });
    const c = ended(a);
    expect(c.total[OVERSTACK]).toEqual([1, 0]);
  });
});

describe('the audit between games', () => {
  test('start() begins a new game: nothing of the last one carries over', () => {
    const w = world({ turns: 1 });
    const a = new BlunderAudit();
    a.start(w.state);
    a.event({ type: 'ghqRemoved', side: PAR, cause: 'overrun', rule: '10.3' });
    a.event({ type: 'roll', kind: 'callUp', side: BOL, roll: 2, rule: '9.5' });
    const first = ended(a);
    expect(first.games[GHQ_OVERRUN]).toEqual([1, 0]);
    expect(first.games[HOPELESS_CALL_UP]).toEqual([0, 1]); // judged at the end of the game
    a.start(createState(w.state.scenario, w.state.options));
    const second = ended(a);
    expect(second.total.flat().every((n) => n === 0)).toBe(true);
  });
});
