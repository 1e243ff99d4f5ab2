// Small reads of a position every policy uses: adjacency of locations and distance to the enemy.
import { areAdjacent, distance } from '../core/hex.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';

/** Are locations a and b adjacent hexes? (Off-map locations are negative: never adjacent.) */
export function adjacent(view: GameState, a: number, b: number): boolean {
  return a >= 0 && b >= 0 && areAdjacent(view.map.grid, a, b);
}

/** Hexes from h to the nearest enemy combat unit of `side` on the map (99 when there is none). */
export function nearestEnemyDistance(view: GameState, side: Side, h: number): number {
  const enemy = otherSide(side);
  let best = 99;
  for (let u = 0; u < view.loc_u.length; u++) {
    const x = view.loc_u[u]!;
    if (x >= 0 && view.counters.side_u[u] === enemy) best = Math.min(best, distance(view.map.grid, x, h));
  }
  return best;
}
