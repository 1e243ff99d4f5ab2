// The blunder audit, kind by kind: each found in a tiny forced position or a synthetic sequence of
// event records, and not found in the clean one beside it (docs/blunders.md defines the kinds).
import { describe, expect, test } from 'vitest';
import { overrun, removeGhq } from '../../src/core/displacement.js';
import type { GameEvent } from '../../src/core/events.js';
import { WORKS_ENTRENCHMENT, WORKS_FORTIFICATION } from '../../src/core/map.js';
import { BOL, PAR, type Side } from '../../src/core/side.js';
import { boxLocation, createState, setLeaderLoc, setUnitLoc } from '../../src/core/state.js';
import { eliminateUnit, takeStep } from '../../src/core/unit-loss.js';
import { couldReachEnemy, maxHexesPerPhase, playerTurnsLeft } from '../../src/sim/blunder-reach.js';
import {
  ATTRITION_STEPS,
  BLUNDERS,
  BlunderAudit,
  EMPTY_WORKS,
  GHQ_CUT_OFF,
  GHQ_OVERRUN,
  HOPELESS_CALL_UP,
  LEADER_DISPLACED,
  LEADER_LOST,
  emptyBlunderCounts,
  mergeBlunderCounts,
} from '../../src/sim/blunders.js';
import { prepareRun } from '../../src/sim/spec.js';
import { randomSpec } from '../helpers/spec.js';
import { forcedDice } from '../../src/core/dice.js';
import { supplyPhase } from '../../src/core/supply-phase.js';
import { scripted } from '../helpers/game.js';
import { position } from '../helpers/position.js';
import { audit, auditedGame, ended, phase, total, turn, world } from '../helpers/blunder-audit.js';

describe('the blunder kinds', () => {
  test('every kind has an id, a rule and a description; the counts merge by summing', () => {
    expect(new Set(BLUNDERS.map((b) => b.id)).size).toBe(BLUNDERS.length);
    for (const b of BLUNDERS) expect(b.rule && b.description && b.counts && b.short).toBeTruthy();
    const a = emptyBlunderCounts(),
      b = emptyBlunderCounts();
    a.games[2]![1] = 3;
    a.total[2]![1] = 5;
    b.games[2]![1] = 1;
    b.total[2]![1] = 2;
    b.total[0]![0] = 7;
    const m = mergeBlunderCounts(a, b);
    expect(m.games[2]).toEqual([0, 4]);
    expect(m.total[2]).toEqual([0, 7]);
    expect(m.total[0]).toEqual([7, 0]);
  });
});

describe("17 empty_works: works among the side's set-up hexes left empty", () => {
  const setup = () => {
    const w = world({ setup: [['1203', '1204', '1205'], ['1608']] });
    w.state.works_h[w.hex('1203')] = WORKS_FORTIFICATION;
    w.state.works_h[w.hex('1205')] = WORKS_ENTRENCHMENT;
    w.state.works_h[w.hex('1608')] = WORKS_FORTIFICATION;
    w.put('B-I1', '1608');
    return w;
  };
  test("17 a fortification and an entrenchment of Paraguay's set-up hexes left empty count two hexes", () => {
    const w = setup();
    w.put('P-I1', '1204'); // beside the works, not in them
    const c = audit(w.state, [turn(0)]);
    expect(total(c, EMPTY_WORKS, PAR)).toBe(2);
    expect(c.games[EMPTY_WORKS]).toEqual([1, 0]);
  });
  test("17 works held, and works outside the side's set-up hexes, are not counted", () => {
    const w = setup();
    w.put('P-I1', '1203');
    w.put('P-I2', '1205');
    w.state.works_h[w.hex('1410')] = WORKS_FORTIFICATION; // nobody's set-up hex
    expect(audit(w.state, [turn(0)]).games[EMPTY_WORKS]).toEqual([0, 0]);
  });
  test('17 judged once the set-up is done (the first turn), not later', () => {
    const w = setup();
    w.put('P-I1', '1203');
    w.put('P-I2', '1205');
    const a = new BlunderAudit();
    a.start(w.state);
    a.event(turn(0));
    setUnitLoc(w.state, w.unit('P-I1'), w.hex('1210')); // leaves the fortification in turn 0
    a.event(turn(1));
    expect(ended(a).games[EMPTY_WORKS]).toEqual([0, 0]);
  });
});

describe('9.5 hopeless_call_up', () => {
  const callUp = (side: Side): GameEvent => ({ type: 'roll', kind: 'callUp', side, roll: 3, rule: '9.5' });
  const reinforcement = (w: ReturnType<typeof world>, side: Side, id: string, label: string): GameEvent => ({
    type: 'reinforcement',
    side,
    unit: w.put(id, label),
    hex: w.hex(label),
  });

  test("9.5 a call-up on the scenario's last turn is hopeless, whatever it places", () => {
    const w = world({ turns: 1 });
    w.put('B-I1', '1206');
    const c = audit(w.state, [
      turn(0),
      phase(PAR, 'new units'),
      callUp(PAR),
      callUp(PAR),
      reinforcement(w, PAR, 'P-I1', '1205'),
      phase(PAR, 'movement'),
    ]);
    expect(total(c, HOPELESS_CALL_UP, PAR)).toBe(2);
    expect(c.games[HOPELESS_CALL_UP]).toEqual([1, 0]);
  });
  test('9.5 earlier, a call-up whose units can reach the enemy is not', () => {
    const w = world({ turns: 3 });
    w.put('B-I1', '1206');
    const c = audit(w.state, [
      turn(0),
      phase(PAR, 'new units'),
      callUp(PAR),
      reinforcement(w, PAR, 'P-I1', '1201'),
      phase(PAR, 'movement'),
    ]);
    expect(c.games[HOPELESS_CALL_UP]).toEqual([0, 0]);
  });
  test('9.5 earlier, a call-up with no enemy unit or enemy settlement to reach is hopeless', () => {
    const w = world({ turns: 3 });
    const c = audit(w.state, [
      turn(0),
      phase(BOL, 'new units'),
      callUp(BOL),
      reinforcement(w, BOL, 'B-I1', '1201'),
      phase(BOL, 'movement'),
    ]);
    expect(c.games[HOPELESS_CALL_UP]).toEqual([0, 1]);
  });
  test('9.5, 16.4 a call-up that takes the side below 0 VP (sudden death) is hopeless', () => {
    const w = world({ turns: 3 });
    w.put('B-I1', '1206');
    const c = audit(w.state, [
      turn(0),
      phase(BOL, 'new units'),
      { type: 'vp', side: BOL, delta: -5, total: -2, rule: '9.5', cause: 'callUp' },
    ]);
    expect(c.games[HOPELESS_CALL_UP]).toEqual([0, 1]);
    // the phase's earlier call-up, whose units the sudden death kept off the map, is not blamed for it
    const d = audit(w.state, [
      turn(0),
      phase(BOL, 'new units'),
      { type: 'vp', side: BOL, delta: -5, total: 3, rule: '9.5', cause: 'callUp' },
      callUp(BOL),
      { type: 'vp', side: BOL, delta: -5, total: -2, rule: '9.5', cause: 'callUp' },
      { type: 'end', how: 'sudden_death', winner: PAR, turn: 0 },
    ]);
    expect(d.total[HOPELESS_CALL_UP]).toEqual([0, 1]);
  });
  test('9.5 the reach bound: adjacent after `budget` hex steps, off-map boxes joining their entrance hexes', () => {
    const w = world();
    w.put('B-I1', '1006');
    expect(couldReachEnemy(w.state, PAR, [w.hex('1001')], 4)).toBe(true); // five hexes away: adjacent after four steps
    expect(couldReachEnemy(w.state, PAR, [w.hex('1001')], 3)).toBe(false);
    const { scenario, options } = prepareRun(randomSpec('1'));
    const state = createState(scenario, options);
    const box = scenario.map.boxes.findIndex((b) => b.id === 'PAR-S1');
    const entrance = scenario.map.boxes[box]!.hexes[0]!;
    expect(couldReachEnemy(state, PAR, [entrance], 0)).toBe(false);
    const u = scenario.counters.side_u.indexOf(BOL);
    setUnitLoc(state, u, boxLocation(scenario.map.boxes.findIndex((b) => b.id === 'BOL-N3')));
    expect(couldReachEnemy(state, PAR, [entrance], 0)).toBe(false); // a box of another group
    setUnitLoc(state, u, boxLocation(box));
    expect(couldReachEnemy(state, PAR, [entrance], 0)).toBe(true);
    expect(maxHexesPerPhase(state)).toBeGreaterThanOrEqual(12);
    expect([playerTurnsLeft(0, 6, PAR), playerTurnsLeft(0, 6, BOL), playerTurnsLeft(5, 6, PAR), playerTurnsLeft(5, 6, BOL)]).toEqual([
      12, 11, 2, 1,
    ]);
  });
});

describe('10.3, 8.5 ghq_overrun and ghq_cut_off', () => {
  test("10.3 an overrun and 8.5 a removal for want of a LOC count apart, for the GHQ's side", () => {
    const w = world();
    w.state.ghq_s[PAR] = w.hex('1205');
    w.state.ghq_s[BOL] = w.hex('1608');
    const { game, a } = auditedGame(w.state, []);
    removeGhq(game, PAR, 'overrun');
    removeGhq(game, BOL, 'voluntary');
    const c = ended(a);
    expect(c.total[GHQ_OVERRUN]).toEqual([1, 0]);
    expect(c.total[GHQ_CUT_OFF]).toEqual([0, 1]);
  });
  test('10.3 a game with no GHQ removed counts none', () => {
    const c = audit(world().state, [turn(0), phase(PAR, 'supply'), phase(PAR, 'movement')]);
    expect([c.games[GHQ_OVERRUN], c.games[GHQ_CUT_OFF]]).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  /** Two Bush columns, Paraguay's source at 1412 and its GHQ at 1403; with `cutter`, B-I1 in 1507 cuts the LOC (7.3, 8.6). */
  function supplyPhaseOf(cutter: boolean, remove: boolean) {
    const p = position({ cols: [14, 15], sources: [{ hex: '1412', side: 'PAR' }], vp: [20, 20] });
    p.state.ghq_s[PAR] = p.hex('1403');
    if (cutter) p.place('B-I1', '1507');
    const a = new BlunderAudit();
    a.start(p.state);
    const par = scripted('PAR', { removeGhq: () => remove, placeCsp: () => [] });
    // The Supply Table's die when the LOC is traced (8.2); no unit of the side rolls for attrition.
    supplyPhase({ state: p.state, dice: forcedDice([3]), observer: a, policies: [par, par], where: 'test position' }, PAR);
    return ended(a);
  }
  test('8.5 a GHQ that can trace no LOC counts once in its Supply Phase, taken off the map or left on it', () => {
    expect(supplyPhaseOf(true, true).total[GHQ_CUT_OFF]).toEqual([1, 0]);
    expect(supplyPhaseOf(true, false).total[GHQ_CUT_OFF]).toEqual([1, 0]);
  });
  test('8.5 a GHQ that traces its LOC counts none', () => {
    expect(supplyPhaseOf(false, false).total[GHQ_CUT_OFF]).toEqual([0, 0]);
  });
});

describe('8.12 attrition_steps', () => {
  test('8.12 a reduction is one step, an elimination the steps the unit had; combat losses do not count', () => {
    const w = world();
    const full = w.put('P-I1', '1205'),
      whole = w.put('P-I2', '1206'),
      half = w.put('P-I3', '1207'),
      hit = w.put('P-I4', '1208');
    w.state.reduced_u[half] = 1;
    const { game, a } = auditedGame(w.state, []);
    const attrition = { cause: 'attrition', rule: '8.12' } as const;
    takeStep(game, full, attrition); // 1
    eliminateUnit(game, whole, attrition); // 2: it was at full strength
    eliminateUnit(game, half, { ...attrition, surrendered: true }); // 1: it was reduced
    takeStep(game, hit, { cause: 'combat', crt: 1, rule: '12.6' });
    const c = ended(a);
    expect(total(c, ATTRITION_STEPS, PAR)).toBe(4);
    expect(w.state.stepsLost_s[PAR]).toBe(5);
    expect(c.games[ATTRITION_STEPS]).toEqual([1, 0]);
  });
});

describe('15 leader_lost_with_stack (12.9, I-35)', () => {
  const stack = (leader: string) => {
    const w = world({ vp: [30, 30] });
    const u = w.put('P-I1', '1205');
    w.put('P-I2', '1208');
    setLeaderLoc(w.state, w.leader(leader), w.hex('1205'));
    return { w, u };
  };
  test('15 a named leader displaced by the elimination of his stack costs his side VP and counts', () => {
    const { w, u } = stack('P-ESTIG');
    const { game, a } = auditedGame(w.state, [2]);
    a.event(phase(PAR, 'movement'));
    eliminateUnit(game, u, { cause: 'combat', crt: 4, rule: '12.5' });
    expect(w.state.vp_s[PAR]).toBe(30 - 3 * 2);
    expect(ended(a).total[LEADER_LOST]).toEqual([1, 0]);
  });
  test("17 the same loss before the side's first Movement Phase (where the scenario set him up) costs the VP and does not count", () => {
    const { w, u } = stack('P-ESTIG');
    const { game, a } = auditedGame(w.state, [2]);
    a.event(phase(BOL, 'movement'));
    eliminateUnit(game, u, { cause: 'combat', crt: 4, rule: '12.5' });
    expect(w.state.vp_s[PAR]).toBe(30 - 3 * 2);
    expect(ended(a).total[LEADER_LOST]).toEqual([0, 0]);
  });
  test('15 an unnamed leader displaced the same way costs nothing and does not count', () => {
    const { w, u } = stack('P-A');
    const { game, a } = auditedGame(w.state, []);
    a.event(phase(PAR, 'movement'));
    eliminateUnit(game, u, { cause: 'combat', crt: 4, rule: '12.5' });
    expect(ended(a).games[LEADER_LOST]).toEqual([0, 0]);
  });
});

describe('10.3 leader_displaced (I-35)', () => {
  // Estigarribia (political 3) alone in 1205, a Paraguayan unit in 1208 for him to be displaced to; a Bolivian unit enters 1205.
  const alone = (leader: string) => {
    const w = world({ vp: [30, 30] });
    w.put('P-I2', '1208');
    setLeaderLoc(w.state, w.leader(leader), w.hex('1205'));
    return w;
  };
  test('10.3 a named leader alone, entered by an enemy combat unit, gives the enemy VP and counts for his side', () => {
    const w = alone('P-ESTIG');
    const { game, a } = auditedGame(w.state, [2]);
    a.event(phase(PAR, 'movement'));
    overrun(game, w.hex('1205'), BOL);
    expect(w.state.vp_s[BOL]).toBe(30 + 3 * 2);
    expect(w.state.loc_l[w.leader('P-ESTIG')]).toBe(w.hex('1208'));
    const c = ended(a);
    expect(c.total[LEADER_DISPLACED]).toEqual([1, 0]);
    expect(c.total[LEADER_LOST]).toEqual([0, 0]);
  });
  test("17 the same before the side's first Movement Phase (where the scenario set him up) gives the VP and does not count", () => {
    const w = alone('P-ESTIG');
    const { game, a } = auditedGame(w.state, [2]);
    a.event(phase(BOL, 'movement'));
    overrun(game, w.hex('1205'), BOL);
    expect(w.state.vp_s[BOL]).toBe(30 + 3 * 2);
    expect(ended(a).total[LEADER_DISPLACED]).toEqual([0, 0]);
  });
  test('15 an unnamed leader displaced the same way gives nothing and does not count', () => {
    const w = alone('P-A');
    const { game, a } = auditedGame(w.state, []);
    a.event(phase(PAR, 'movement'));
    overrun(game, w.hex('1205'), BOL);
    expect(w.state.vp_s[BOL]).toBe(30);
    expect(ended(a).games[LEADER_DISPLACED]).toEqual([0, 0]);
  });
});
