// Victory (16): sudden death the instant VP go below 0 (16.4, I-42), the negotiated settlement at the
// end of a truce turn (16.1), and the scenario's end with its victory levels and coin flip (16.3).
import { describe, expect, test } from 'vitest';
import { combatPhase } from '../../src/core/combat-phase.js';
import type { Answers, Decision, Policy } from '../../src/core/decisions.js';
import type { GameEvent } from '../../src/core/events.js';
import { DEFAULT_OPTIONS } from '../../src/core/options.js';
import { playGame } from '../../src/core/play.js';
import { politicalPhase } from '../../src/core/political.js';
import type { Scenario } from '../../src/core/scenario.js';
import { BOL, PAR } from '../../src/core/side.js';
import { addVp, checkSettlement, scenarioEnd, victoryLevel } from '../../src/core/victory.js';
import { createPolicy } from '../../src/policy/index.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

const of = <T extends GameEvent['type']>(events: readonly GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** The passive policy with some answers replaced. */
function passiveExcept(overrides: { [K in Decision['kind']]?: (d: Extract<Decision, { kind: K }>) => Answers[K] }): Policy {
  const base = createPolicy('passive', 'x');
  return {
    name: 'passive-except',
    decide(d, view) {
      const f = overrides[d.kind] as ((d: Decision) => unknown) | undefined;
      return (f ? f(d) : base.decide(d, view)) as never;
    },
  };
}

/** An empty mini scenario (no pieces deployed) of `turns` turns starting with the given VP. */
function emptyScenario(vp: [number, number], turns: number): Scenario {
  const p = position({ vp });
  return { ...p.state.scenario, turns };
}

describe('16.4 sudden death', () => {
  test("16.4 the instant a side's VP go below 0 it loses; nothing scores after", () => {
    const p = position({ vp: [20, 5] });
    const g = testGame(p.state, []);
    addVp(g, BOL, -5, { cause: 'callUp' }, '16.2');
    expect(p.state.ended).toBeNull(); // 0 is not below 0
    addVp(g, BOL, -1, { cause: 'callUp' }, '16.2');
    expect(p.state.ended).toEqual({ how: 'sudden_death', winner: PAR, turn: 0 });
    addVp(g, PAR, -30, { cause: 'callUp' }, '16.2');
    expect(p.state.vp_s).toEqual(new Int32Array([20, -1]));
    expect(p.state.ended).toEqual({ how: 'sudden_death', winner: PAR, turn: 0 });
    expect(g.events.map((e) => e.type)).toEqual(['vp', 'vp', 'end']);
  });

  test('16.4 sudden death in the middle of a combat stops the phase: no advance, no further attack', () => {
    // Bolivia at 5 VP; an E result leaves Peña alone: -3 x 2 = -6.
    const p = position({ fill: 'bush', vp: [20, 5] });
    const i1 = p.place('P-I1', '1505');
    p.placeLeader('P-A', '1505');
    p.state.csp_hs[p.hex('1505') * 2 + PAR] = 1;
    p.place('B-I3', '1506', { reduced: true });
    p.placeLeader('B-PENA', '1506');
    p.place('B-I1', '1510');
    const par = scripted('PAR', {
      attack: () => ({ attackers: [i1], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }),
      advance: () => [],
    });
    const g = testGame(p.state, [6, 2], par, scripted('BOL', { defend: () => ({ cspHexes: [], air: false }) }));
    combatPhase(g, PAR, 'first');
    expect(p.state.vp_s[BOL]).toBe(-1);
    expect(p.state.ended).toEqual({ how: 'sudden_death', winner: PAR, turn: 0 });
    expect(par.asked.map((d) => d.kind)).toEqual(['attack']);
    expect(g.events.at(-1)).toEqual({ type: 'end', how: 'sudden_death', winner: PAR, turn: 0 });
  });

  test('16.4 a die modifier bought for a forced challenge that takes the side below 0 ends the game: the challenge is not rolled', () => {
    // Franco (political 2) commands Paraguay at 9 VP; Estigarribia (3) must challenge (15.2). Buying -2 costs 10 VP.
    const p = position({ vp: [9, 20], sources: [{ hex: '1012', side: 'PAR' }] });
    p.placeLeader('P-ESTIG', '1505');
    const franco = p.placeLeader('P-FRANCO', '1505');
    p.place('P-I1', '1505');
    p.state.armyCommander_s[PAR] = franco;
    p.state.challenge_s[PAR] = 1;
    const par = scripted('PAR', {
      political: () => ({ action: 'replaceCommander', modifier: -2, supporters: [] }),
      placePiece: (d) => d.hexes[0]!,
      chooseLeader: (d) => d.leaders[0]!,
    });
    const g = testGame(p.state, [6, 1, 1, 1], par);
    politicalPhase(g, PAR);
    expect(p.state.vp_s[PAR]).toBe(-1);
    expect(p.state.ended).toEqual({ how: 'sudden_death', winner: BOL, turn: 0 });
    expect(g.dice.used()).toBe(0);
    expect(p.state.armyCommander_s[PAR]).toBe(franco);
    expect(g.events.at(-1)).toEqual({ type: 'end', how: 'sudden_death', winner: BOL, turn: 0 });
  });

  test('16.4 in a whole game: a call-up that takes Paraguay below 0 ends the game at once', () => {
    const scenario = emptyScenario([3, 20], 3);
    const par = passiveExcept({ callUps: (d) => d.max });
    const r = playGame(scenario, DEFAULT_OPTIONS, [par, createPolicy('passive', 'b')], 'sd', { log: true });
    expect(r.end).toBe('sudden_death');
    expect(r.winner).toBe('BOL');
    expect(r.endTurn).toBe(1);
    expect(r.vpPar).toBe(-2);
    const events = r.events!;
    const phases = of(events, 'phase');
    expect(phases.at(-1)).toEqual({ type: 'phase', side: PAR, phase: 'new units' });
    expect(of(events, 'vp')).toEqual([expect.objectContaining({ side: PAR, delta: -5, total: -2, rule: '9.5' })]);
    // "the game ends" at that instant: nothing happens after the end, not even the call-up's die
    expect(events.at(-1)).toEqual({ type: 'end', how: 'sudden_death', winner: BOL, turn: 0 });
  });
});

describe('16.1 negotiated settlement', () => {
  test('16.1 checkSettlement: a lead of 50 or more wins; 49 does not', () => {
    const win = position({ vp: [75, 25] });
    checkSettlement(testGame(win.state, []));
    expect(win.state.ended).toEqual({ how: 'settlement', winner: PAR, turn: 0 });
    const bol = position({ vp: [10, 60] });
    checkSettlement(testGame(bol.state, []));
    expect(bol.state.ended).toEqual({ how: 'settlement', winner: BOL, turn: 0 });
    const close = position({ vp: [74, 25] });
    checkSettlement(testGame(close.state, []));
    expect(close.state.ended).toBeNull();
  });

  test('16.1 in a whole game: a 50-VP lead ends the game at the end of the first truce turn, not before', () => {
    const scenario = emptyScenario([80, 20], 4);
    const passive = () => [createPolicy('passive', 'a'), createPolicy('passive', 'b')] as const;
    let truceGame: ReturnType<typeof playGame> | undefined, calmGame: ReturnType<typeof playGame> | undefined;
    for (let i = 0; i < 400 && (!truceGame || !calmGame); i++) {
      const r = playGame(scenario, DEFAULT_OPTIONS, passive(), `settle${i}`, { log: true });
      if (r.truceTurns > 0) truceGame ??= r;
      else calmGame ??= r;
    }
    expect(truceGame, 'a seed with a truce among 400').toBeDefined();
    const t = truceGame!;
    const first = of(t.events!, 'turn').find((e) => e.truce)!;
    expect(t.end).toBe('settlement');
    expect(t.winner).toBe('PAR');
    expect(t.endTurn).toBe(first.turn + 1);
    expect(t.turns.filter((f) => f.truce)).toHaveLength(1);
    // the whole truce turn was played before the check: Bolivia's Political Phase is its last phase
    const phases = of(t.events!, 'phase');
    expect(phases.at(-1)).toEqual({ type: 'phase', side: BOL, phase: 'political' });
    expect(calmGame!.end).toBe('scenario_end');
    expect(calmGame!.endTurn).toBe(4);
  });

  test('16.1 a 49-VP lead at the end of a truce turn does not end the game', () => {
    const scenario = emptyScenario([69, 20], 4);
    for (let i = 0; i < 400; i++) {
      const r = playGame(scenario, DEFAULT_OPTIONS, [createPolicy('passive', 'a'), createPolicy('passive', 'b')], `settle${i}`);
      if (r.truceTurns === 0) continue;
      expect(r.end).toBe('scenario_end');
      expect(r.endTurn).toBe(4);
      return;
    }
    expect.fail('no seed with a truce among 400');
  });
});

describe('16.3 victory levels', () => {
  test('16.3 decisive 50+, substantive 20-49, marginal 1-19, whichever side leads', () => {
    const { state } = position();
    expect([50, 73, 49, 20, 19, 1, 0].map((m) => victoryLevel(state, m))).toEqual([
      'decisive',
      'decisive',
      'substantive',
      'substantive',
      'marginal',
      'marginal',
      'tie',
    ]);
    expect([-50, -20, -1].map((m) => victoryLevel(state, m))).toEqual(['decisive', 'substantive', 'marginal']);
  });

  test("16.3 at the scenario's end the side with more VP wins, with no coin flip", () => {
    const p = position({ vp: [30, 31] });
    const g = testGame(p.state, []);
    scenarioEnd(g);
    expect(p.state.ended).toEqual({ how: 'scenario_end', winner: BOL, turn: 0 });
    expect(of(g.events, 'end')).toEqual([{ type: 'end', how: 'scenario_end', winner: BOL, turn: 0 }]);
  });

  test('16.3 equal VP: a coin flip decides', () => {
    const heads = position({ vp: [30, 30] });
    const g1 = testGame(heads.state, [1]);
    scenarioEnd(g1);
    expect(heads.state.ended?.winner).toBe(PAR);
    expect(g1.dice.used()).toBe(1);
    const tails = position({ vp: [30, 30] });
    scenarioEnd(testGame(tails.state, [2]));
    expect(tails.state.ended?.winner).toBe(BOL);
  });
});
