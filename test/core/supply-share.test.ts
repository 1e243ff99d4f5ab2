// General Supply with its sources' and leaders' balls shared across the hexes of one GHQ choice (openSupplyShare)
// against a fresh search each time: the same units and leaders in supply, the same area and providers, for the GHQ
// in many hexes of random- and balanced-game positions, in both weathers, with trucks attached where the GHQ goes,
// at a leader's hex or nowhere, and radii that change from one hex to the next within one share.
import { describe, expect, test } from 'vitest';
import { PAR, BOL, type Side } from '../../src/core/side.js';
import { shapeState } from '../../src/core/state-shape.js';
import type { GameState } from '../../src/core/state.js';
import { generalSupply, generalSupplyShareCounts, openSupplyShare, radiusForLoc, traceLoc } from '../../src/core/supply.js';
import { forEachPosition } from '../helpers/random-positions.js';

/** The copies one GHQ choice values its hexes on (heuristic-ghq.ts evaluationCopy): its GHQ, depots and trucks its own. */
function copyOf(view: GameState, rainy: boolean): GameState {
  return shapeState(view, false, {
    rainy,
    ghq_s: view.ghq_s.slice(),
    depot_h: new Uint8Array(view.depot_h.length),
    loc_t: view.loc_t.slice(),
    attached_t: view.attached_t.slice(),
  });
}

/** The first index where two arrays differ, or -1. */
function firstDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** Compares, for the GHQ in `hexes`, General Supply with one share against fresh searches; returns the calls compared. */
function compare(view: GameState, side: Side, hexes: readonly number[], k: number): number {
  const share = openSupplyShare();
  const size = view.map.grid.size;
  let truck = -1;
  for (let t = 0; t < view.loc_t.length && truck < 0; t++) if (view.side_t[t] === side && view.loc_t[t]! >= 0) truck = t;
  const leaderHexes: number[] = [];
  for (let l = 0; l < view.loc_l.length; l++) if (view.counters.side_l[l] === side && view.loc_l[l]! >= 0) leaderHexes.push(view.loc_l[l]!);
  const copies = [copyOf(view, view.rainy), copyOf(view, !view.rainy)];
  const fresh = new Uint8Array(size),
    shared = new Uint8Array(size);
  let compared = 0;
  for (const [i, h] of hexes.entries()) {
    for (const copy of copies) {
      copy.ghq_s[side] = h;
      const loc = traceLoc(copy, side);
      copy.depot_h.fill(0);
      for (const x of loc.depotHexes.slice(0, 4)) copy.depot_h[x] = 1;
      // Trucks: one attached where the GHQ goes, at a leader's hex, or as they stand.
      const at = (i + k) % 3 === 0 ? h : (i + k) % 3 === 1 && leaderHexes.length > 0 ? leaderHexes[i % leaderHexes.length]! : -1;
      const was = truck >= 0 ? copy.loc_t[truck]! : 0,
        wasAttached = truck >= 0 ? copy.attached_t[truck]! : 0;
      if (truck >= 0 && at >= 0) {
        copy.loc_t[truck] = at;
        copy.attached_t[truck] = 1;
      }
      // The LOC's radius, or another one every fourth hex: several radii within one share.
      const radius = (i + k) % 4 === 3 ? radiusForLoc(copy.tables, -1) : radiusForLoc(copy.tables, loc.length);
      const want = generalSupply(copy, side, loc, radius, fresh);
      const got = generalSupply(copy, side, loc, radius, shared, share);
      expect(firstDiff(got.inSupply_u, want.inSupply_u)).toBe(-1);
      expect(firstDiff(got.oos_l, want.oos_l)).toBe(-1);
      expect([got.radius, got.ghqOos]).toEqual([want.radius, want.ghqOos]);
      expect(firstDiff(shared, fresh)).toBe(-1);
      expect([...got.providers].sort((a, b) => a - b)).toEqual([...want.providers].sort((a, b) => a - b));
      if (truck >= 0) {
        copy.loc_t[truck] = was;
        copy.attached_t[truck] = wasAttached;
      }
      compared++;
    }
  }
  return compared;
}

describe('8.9: General Supply with the sources and leaders balls shared is the fresh search', () => {
  for (const [id, policy, games, every] of [
    ['boqueron', 'random', 2, 23],
    ['villa-montes', 'random', 2, 23],
    ['ballivian', 'random', 1, 23],
    ['boqueron', 'balanced', 1, 5],
    ['villa-montes', 'balanced', 1, 5],
    ['ballivian', 'balanced', 1, 5],
  ] as const) {
    test(`${id}, ${policy} games: the GHQ in hexes around it and every 29th hex, both weathers, trucks moved, radii mixed`, () => {
      let positions = 0,
        compared = 0,
        calls = 0,
        drawn = 0;
      forEachPosition(id, policy, games, every, (state) => {
        positions++;
        for (const side of [PAR, BOL] as const) {
          const ghq = state.ghq_s[side]!;
          const hexes: number[] = [];
          if (ghq >= 0 && ghq < state.map.grid.size) {
            hexes.push(ghq);
            for (let d = 0; d < 6; d++) {
              const n = state.map.grid.neighbour_hd[ghq * 6 + d]!;
              if (n >= 0) hexes.push(n);
            }
          }
          for (let h = positions % 29; h < state.map.grid.size; h += 29 * 4) hexes.push(h);
          const before = generalSupplyShareCounts();
          compared += compare(state, side, hexes, positions);
          const after = generalSupplyShareCounts();
          calls += after.calls - before.calls;
          drawn += after.drawn - before.drawn;
        }
      });
      expect(positions).toBeGreaterThan(4);
      expect(calls).toBe(compared);
      expect(calls - drawn).toBeGreaterThan(calls / 3); // most calls reuse a part
    });
  }
});
