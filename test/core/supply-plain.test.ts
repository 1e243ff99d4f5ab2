// The supply searches' steps out of and into a plain hex (no road, river or clearing on its hexsides: the
// terrain's cost alone, supply-graph.ts plain_h) against the general steps that read every hexside: every
// search mode, both directions, the same distances and the same steps, on the positions of random games.
import { describe, expect, test } from 'vitest';
import { PAR, BOL, type Side } from '../../src/core/side.js';
import type { GameState } from '../../src/core/state.js';
import { usableSources } from '../../src/core/supply.js';
import {
  MODE_LOC,
  MODE_MECH,
  MODE_MP,
  MODE_PATH,
  UNREACHED,
  beginCall,
  setMode,
  type SearchMode,
  type SupplyScratch,
} from '../../src/core/supply-graph.js';
import { resetSearch, runSearch, seed, stepsFrom, stepsInto } from '../../src/core/supply-search.js';
import { forEachRandomPosition } from '../helpers/random-positions.js';

/** Runs fn with the plain-hex steps on, or off (every hex read through the general steps). */
function withPlain<T>(sc: SupplyScratch, on: boolean, fn: () => T): T {
  const saved = sc.plain_h.slice();
  if (!on) sc.plain_h.fill(0);
  try {
    return fn();
  } finally {
    sc.plain_h.set(saved);
  }
}

/** A full search in one mode and direction from the side's sources, GHQ and units (seeds at 0). */
function distances(state: GameState, side: Side, mode: SearchMode, reverse: boolean, plain: boolean): Int32Array {
  const sc = beginCall(state, side);
  setMode(sc, mode);
  return withPlain(sc, plain, () => {
    const dist = new Int32Array(sc.nodes);
    resetSearch(sc, dist);
    for (const h of usableSources(state, side)) seed(sc, dist, h);
    if (state.ghq_s[side]! >= 0) seed(sc, dist, state.ghq_s[side]!);
    for (let u = 0; u < state.loc_u.length; u += 3) if (state.loc_u[u]! >= 0) seed(sc, dist, state.loc_u[u]!);
    runSearch(sc, dist, reverse, UNREACHED - 1);
    return dist;
  });
}

/** Every step out of (or into) every node, as node and cost pairs in the order given. */
function steps(state: GameState, side: Side, mode: SearchMode, into: boolean, plain: boolean): number[] {
  const sc = beginCall(state, side);
  setMode(sc, mode);
  return withPlain(sc, plain, () => {
    const out: number[] = [];
    const visit = (m: number, c: number): boolean => {
      out.push(m, c);
      return false;
    };
    for (let n = 0; n < sc.nodes; n++) {
      out.push(-1, n);
      if (into) stepsInto(sc, n, visit);
      else stepsFrom(sc, n, visit);
    }
    return out;
  });
}

describe('8.6, 8.7, 8.11, 8.13: the plain-hex steps give what the general steps give', () => {
  for (const [id, games] of [
    ['boqueron', 3],
    ['villa-montes', 2],
    ['campaign', 1],
  ] as const) {
    test(`${id}: distances of every mode and direction, and the steps out of and into every node, on random-game positions`, () => {
      let positions = 0,
        reached = 0;
      forEachRandomPosition(id, games, 23, (state) => {
        positions++;
        for (const side of [PAR, BOL] as const) {
          for (const mode of [MODE_LOC, MODE_MP, MODE_MECH, MODE_PATH] as const) {
            for (const reverse of [false, true]) {
              const got = distances(state, side, mode, reverse, true);
              expect(got).toEqual(distances(state, side, mode, reverse, false));
              reached += got.filter((d) => d < UNREACHED).length;
            }
            if (positions % 5 === 1) {
              for (const into of [false, true]) expect(steps(state, side, mode, into, true)).toEqual(steps(state, side, mode, into, false));
            }
          }
        }
      });
      // The comparison ran on many positions and reached much of the map.
      expect(positions).toBeGreaterThan(10);
      expect(reached).toBeGreaterThan(positions * 2000);
    });
  }
});
