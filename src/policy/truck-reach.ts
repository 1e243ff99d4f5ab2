// Each free truck's reach within one logistics decision of the heuristic (10.11: from its hex, with the MP
// it has left this phase). The GHQ's move (where a truck can join it, 8.11), the CSP carried forward and
// home (8.15) and the trucks sent home all ask it of the same position in one decision, the CSP once per
// CSP hex tried, and trucks in one hex with the same MP left ask the same question: a scope searches each
// question once. A scope is one decision's (nothing moves while the policy decides; every decision opens
// a new one, and the reaches kept are stamped with their scope): its reaches hold until the next scope searches.
import type { Decision } from '../core/decisions.js';
import { createReach, pathSearchFor, reachable, stackMover, type Reach } from '../core/movement.js';
import type { GameMap } from '../core/map.js';
import type { GameState } from '../core/state.js';

type MoveDecision = Extract<Decision, { kind: 'move' }>;

export interface TruckReaches {
  /** The reach of the decision's movable truck `i` (d.movable.trucks[i], on the map) from its hex with truckLeft[i]. */
  reach(i: number): Reach;
}

/** Per map: the reaches searched, each with its scope and question (the truck's hex and MP left: the mover is any truck, 10.11). */
let pool: { map: GameMap; reaches: Reach[]; scope: number[]; key: number[] } | null = null;
let scopes = 0;

/** Told every answer a scope gives, kept or searched (test/policy/truck-reach.test.ts compares each with a fresh search). */
export const truckReachWatch: { answer: ((d: MoveDecision, view: GameState, i: number, r: Reach, kept: boolean) => void) | null } = {
  answer: null,
};

/** A new scope for decision `d` in position `view`: its answers are the searches' own (reachable), each made once. */
export function truckReaches(d: MoveDecision, view: GameState): TruckReaches {
  const id = ++scopes;
  let used = 0;
  return {
    reach(i) {
      const t = d.movable.trucks[i]!,
        left = d.movable.truckLeft[i]!;
      const key = view.loc_t[t]! * 4096 + left;
      if (pool?.map !== view.map) pool = { map: view.map, reaches: [], scope: [], key: [] };
      for (let j = 0; j < used; j++) {
        if (pool.scope[j] !== id || pool.key[j] !== key) continue;
        truckReachWatch.answer?.(d, view, i, pool.reaches[j]!, true);
        return pool.reaches[j]!;
      }
      const j = used++;
      const ps = pathSearchFor(view.map);
      const r = (pool.reaches[j] ??= createReach(ps));
      pool.scope[j] = 0;
      reachable(ps, view, { ...stackMover(view, d.side, { trucks: [t] }), allowance: left }, view.loc_t[t]!, r);
      pool.scope[j] = id;
      pool.key[j] = key;
      truckReachWatch.answer?.(d, view, i, r, false);
      return r;
    },
  };
}
