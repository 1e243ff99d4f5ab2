// The goal-directed searches (A* LOC, best-first connection) against plain exhaustive Dijkstra over
// the same graph, on the positions of random games in every scenario: same LOC lengths, same depot
// hexes, same isolated units and cut-off answers.
import { describe, expect, test } from 'vitest';
import { PAR, BOL, type Side } from '../../src/core/side.js';
import type { GameState } from '../../src/core/state.js';
import { cutOffFromGhq, isolatedUnits, traceLoc, usableSources } from '../../src/core/supply.js';
import { MODE_LOC, MODE_PATH, UNREACHED, beginCall, markOnce, setMode } from '../../src/core/supply-graph.js';
import { resetSearch, runSearch, seed } from '../../src/core/supply-search.js';
import { connects, newQuestion } from '../../src/core/supply-goal.js';
import { forEachRandomPosition } from '../helpers/random-positions.js';

/** 8.6, 8.8: LOC length and the settlements with cost(source to h) + cost(h to GHQ) = length, by two full Dijkstras. */
function referenceLoc(state: GameState, side: Side): { length: number; depotHexes: number[]; to: Int32Array | null } {
  const sources = usableSources(state, side);
  const ghq = state.ghq_s[side]!;
  if (ghq < 0 || sources.length === 0) return { length: -1, depotHexes: [], to: null };
  const sc = beginCall(state, side);
  setMode(sc, MODE_LOC);
  const from = new Int32Array(sc.nodes),
    to = new Int32Array(sc.nodes);
  resetSearch(sc, from);
  for (const h of sources) seed(sc, from, h);
  runSearch(sc, from, false, UNREACHED - 1);
  const length = from[ghq]!;
  if (length >= UNREACHED) return { length: -1, depotHexes: [], to: null };
  resetSearch(sc, to);
  seed(sc, to, ghq);
  runSearch(sc, to, true, UNREACHED - 1);
  const depotHexes = state.map.places
    .filter((p) => p.settlement && state.control_h[p.hex] === side && from[p.hex]! + to[p.hex]! === length)
    .map((p) => p.hex)
    .sort((a, b) => a - b);
  return { length, depotHexes, to };
}

/** 8.13, 8.2: hexes with a path of any length to the targets, by one full reverse Dijkstra. */
function referenceConnected(state: GameState, side: Side, toGhqOnly: boolean): Int32Array {
  const targets = toGhqOnly ? [] : usableSources(state, side);
  const sc = beginCall(state, side);
  setMode(sc, MODE_PATH);
  const dist = new Int32Array(sc.nodes);
  resetSearch(sc, dist);
  if (state.ghq_s[side]! >= 0) seed(sc, dist, state.ghq_s[side]!);
  for (const h of targets) seed(sc, dist, h);
  runSearch(sc, dist, true, UNREACHED - 1);
  return dist;
}

interface Counts {
  positions: number;
  locs: number;
  units: number;
  isolated: number;
  cutOff: number;
  unconnectedHexes: number;
}

/** 8.13, 8.2: one question asked of every hex in turn (the verdicts remembered between hexes are exercised). */
function checkEveryHex(state: GameState, side: Side, toGhqOnly: boolean, counts: Counts): void {
  const reference = referenceConnected(state, side, toGhqOnly);
  const targets = toGhqOnly ? [] : usableSources(state, side);
  if (state.ghq_s[side]! >= 0) targets.push(state.ghq_s[side]!);
  const sc = beginCall(state, side);
  setMode(sc, MODE_PATH);
  newQuestion(sc);
  for (const h of targets) markOnce(sc, h);
  const got: number[] = [],
    want: number[] = [];
  for (let h = 0; h < sc.size; h++) {
    if (!connects(sc, h, targets)) got.push(h);
    if (reference[h]! >= UNREACHED) want.push(h);
  }
  expect(got).toEqual(want);
  counts.unconnectedHexes += got.length;
}

/** Both sides' LOC, isolation and cut-off answers at one position. */
function checkPosition(view: GameState, counts: Counts): void {
  counts.positions++;
  for (const side of [PAR, BOL] as const) {
    const loc = traceLoc(view, side);
    const ref = referenceLoc(view, side);
    expect(loc.length).toBe(ref.length);
    expect(loc.depotHexes).toEqual(ref.depotHexes);
    if (loc.length >= 0) {
      counts.locs++;
      expect(ref.to![loc.source]).toBe(loc.length); // the source starts a shortest LOC
    }
    const isolated = isolatedUnits(view, side);
    const connected = referenceConnected(view, side, false);
    for (let u = 0; u < view.loc_u.length; u++) {
      const h = view.loc_u[u]!;
      if (view.counters.side_u[u] !== side || h < 0) continue;
      counts.units++;
      expect(isolated[u] === 1).toBe(connected[h]! >= UNREACHED);
      if (isolated[u] === 1) counts.isolated++;
    }
    if (counts.positions % 10 === 1) {
      checkEveryHex(view, side, false, counts);
      checkEveryHex(view, side, true, counts);
    }
    const toGhq = referenceConnected(view, side, true);
    for (let l = 0; l < view.loc_l.length; l++) {
      const h = view.loc_l[l]!;
      if (view.counters.side_l[l] !== side || h < 0) continue;
      const cut = cutOffFromGhq(view, side, h);
      expect(cut).toBe(view.ghq_s[side]! < 0 || toGhq[h]! >= UNREACHED);
      if (cut && view.ghq_s[side]! >= 0) counts.cutOff++;
    }
  }
}

describe('8.6, 8.8, 8.13, 8.2: goal-directed supply searches equal exhaustive Dijkstra', () => {
  for (const [id, games] of [
    ['boqueron', 6],
    ['alihuata', 3],
    ['ballivian', 3],
    ['villa-montes', 4],
    ['campaign', 2],
  ] as const) {
    test(`${id}: LOC length, depot hexes, isolation and cut-off on random-game positions`, () => {
      const counts: Counts = { positions: 0, locs: 0, units: 0, isolated: 0, cutOff: 0, unconnectedHexes: 0 };
      forEachRandomPosition(id, games, 7, (state) => checkPosition(state, counts));
      // The comparison really ran on many positions with LOCs, units on the map and unconnected hexes.
      expect(counts.positions).toBeGreaterThan(20);
      expect(counts.locs).toBeGreaterThan(10);
      expect(counts.units).toBeGreaterThan(100);
      expect(counts.unconnectedHexes).toBeGreaterThan(0);
    });
  }
});
