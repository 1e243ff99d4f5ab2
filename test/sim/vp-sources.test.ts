// The VP sources tally on hand-built games: vp events fed to the observer one by one, with the sums,
// turns, settlements and games each must land in known in advance.
import { describe, expect, test } from 'vitest';
import type { GameEvent, VpCause } from '../../src/core/events.js';
import type { GameState } from '../../src/core/state.js';
import {
  emptyVpSources,
  isVpSources,
  mergeVpSources,
  START,
  VP_CAUSES,
  VpSourceTally,
  type VpSourceCounts,
} from '../../src/sim/vp-sources.js';

/** A state with what the tally reads: 3 turns, settlements in hexes 4 and 7 (hex 2 is a place that is not one), starting VP. */
function fakeState(vpPar: number, vpBol: number): GameState {
  const scenario = { id: 'fake', turns: 3 };
  const map = {
    grid: { size: 10 },
    places: [
      { hex: 2, settlement: false },
      { hex: 4, settlement: true },
      { hex: 7, settlement: true },
    ],
  };
  return { scenario, options: {}, map, turn: 0, vp_s: Int32Array.of(vpPar, vpBol) } as unknown as GameState;
}

const cause = (id: string) => VP_CAUSES.findIndex((c) => c.id === id);

/** A hand-built vp record and the 0-based turn it comes in. */
type HandEvent = readonly [number, { readonly side: 0 | 1; readonly delta: number } & VpCause];

/** Plays a hand-built game in order; returns the state (its vp_s the final VP). */
function play(tally: VpSourceTally, state: GameState, events: readonly HandEvent[]): GameState {
  tally.start(state);
  for (const [turn, e] of events) {
    state.turn = turn;
    state.vp_s[e.side] = state.vp_s[e.side]! + e.delta;
    tally.event({ type: 'vp', total: state.vp_s[e.side]!, rule: '16.2', ...e } as GameEvent);
    tally.event({ type: 'phase', side: e.side, phase: 'movement' }); // other records are ignored
  }
  return state;
}

/** Game A: PAR starts 20, BOL 15. PAR takes hex 4 by movement (+12, turn 1) and by advance (+4, turn 2), eliminates a unit (+1, turn 2), calls up (-5, turn 3); BOL loses a leader with his stack (-7, turn 2). */
const gameA: HandEvent[] = [
  [0, { side: 0, delta: 12, cause: 'settlementByMovement', hex: 4 }],
  [1, { side: 0, delta: 4, cause: 'settlementByAdvance', hex: 4 }],
  [1, { side: 0, delta: 1, cause: 'unitEliminated', unit: 3 }],
  [1, { side: 1, delta: -7, cause: 'leaderLostWithStack', leader: 2 }],
  [2, { side: 0, delta: -5, cause: 'callUp' }],
];
/** Game B: the same start; BOL takes hex 7 by movement twice in turn 1 (+6, +9) and PAR eliminates two units in turn 1 (+1, +1). */
const gameB: HandEvent[] = [
  [0, { side: 1, delta: 6, cause: 'settlementByMovement', hex: 7 }],
  [0, { side: 1, delta: 9, cause: 'settlementByMovement', hex: 7 }],
  [0, { side: 0, delta: 1, cause: 'unitEliminated', unit: 5 }],
  [0, { side: 0, delta: 1, cause: 'unitEliminated', unit: 6 }],
];

function count(games: readonly (readonly HandEvent[])[]): VpSourceCounts {
  const counts = emptyVpSources(3, 2),
    tally = new VpSourceTally();
  for (const g of games) {
    const state = play(tally, fakeState(20, 15), g);
    tally.finish(state.vp_s[0]!, state.vp_s[1]!);
    tally.addGameTo(counts);
  }
  return counts;
}

const byCause = (c: VpSourceCounts, id: string, s: number) => c.vp.reduce((a, t) => a + t[cause(id)]![s]!, 0);

describe("VP sources: where each side's VP come from (16.2)", () => {
  test("every cause of the engine's vp events has one row, and the start comes first", () => {
    expect(VP_CAUSES[START]!.id).toBe('start');
    expect(new Set(VP_CAUSES.map((c) => c.id)).size).toBe(VP_CAUSES.length);
  });

  test('16.2 a settlement taken by movement counts for the taker, in its turn and at its settlement', () => {
    const c = count([gameA]);
    expect(c.vp[0]![cause('settlementByMovement')]).toEqual([12, 0]);
    expect(c.events[0]![cause('settlementByMovement')]).toEqual([1, 0]);
    expect(c.settlementVp[0]).toEqual([
      [12, 0],
      [4, 0],
    ]); // hex 4 is the first settlement: by movement, by advance
    expect(c.settlementVp[1]).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(c.vp[1]![cause('settlementByAdvance')]).toEqual([4, 0]);
  });

  test('9.5 and I-35 losses count against the side that loses them, in their turn', () => {
    const c = count([gameA]);
    expect(c.vp[2]![cause('callUp')]).toEqual([-5, 0]);
    expect(c.vp[1]![cause('leaderLostWithStack')]).toEqual([0, -7]);
  });

  test("16.2 the starting VP and the causes add up to each side's final VP", () => {
    const c = count([gameA, gameB]);
    const total = (s: number) => VP_CAUSES.reduce((a, k) => a + byCause(c, k.id, s), 0);
    // A: PAR 20+12+4+1-5 = 32, BOL 15-7 = 8; B: PAR 20+2 = 22, BOL 15+15 = 30.
    expect(total(0)).toBe(32 + 22);
    expect(total(1)).toBe(8 + 30);
    expect(byCause(c, 'start', 0)).toBe(40);
    expect(byCause(c, 'start', 1)).toBe(30);
  });

  test('games count once per game with the cause, events once per record', () => {
    const c = count([gameA, gameB]);
    const elim = cause('unitEliminated');
    expect(c.games[elim]).toEqual([2, 0]);
    expect(c.events.reduce((a, t) => a + t[elim]![0]!, 0)).toBe(3);
    expect(c.gamesInTurn[0]![elim]).toEqual([1, 0]); // B's two in turn 1
    expect(c.gamesInTurn[1]![elim]).toEqual([1, 0]); // A's in turn 2
    expect(c.settlementEvents[1]).toEqual([
      [0, 2],
      [0, 0],
    ]);
    expect(c.settlementGames[1]).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(c.settlementVp[1]).toEqual([
      [0, 15],
      [0, 0],
    ]);
  });

  test('the counts of two shards merged are the counts of both games in one', () => {
    expect(mergeVpSources(count([gameA]), count([gameB]))).toEqual(count([gameA, gameB]));
    expect(mergeVpSources(count([gameB]), count([gameA]))).toEqual(count([gameA, gameB]));
    expect(isVpSources(count([gameA]))).toBe(true);
    expect(isVpSources({ vp: [], games: [] })).toBe(false);
  });

  test('16.2 vp events that do not add up to the final VP are an error, not a silent miscount', () => {
    const tally = new VpSourceTally();
    const state = play(tally, fakeState(20, 15), gameA);
    expect(() => tally.finish(state.vp_s[0]! + 1, state.vp_s[1]!)).toThrow(
      /PAR started with 20 VP and its vp events sum to 32, but it ended with 33/,
    );
  });

  test('counts of another shape are refused', () => {
    const tally = new VpSourceTally();
    play(tally, fakeState(20, 15), gameB);
    expect(() => tally.addGameTo(emptyVpSources(4, 2))).toThrow(/another scenario/);
  });
});
