// Small reads of a position every policy uses: adjacency of locations and distance to the enemy.
import { areAdjacent, distance, type Grid } from '../core/hex.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';

/** Are locations a and b adjacent hexes? (Off-map locations are negative: never adjacent.) */
export function adjacent(view: GameState, a: number, b: number): boolean {
  return a >= 0 && b >= 0 && areAdjacent(view.map.grid, a, b);
}

/** Per state and side, until the enemy's units move (sideVersion_s): the hexes they hold and each hex's distance (-1: not yet asked). */
interface Nearest {
  version: number;
  readonly enemyHexes: number[];
  readonly dist: Int16Array;
}
const nearestCache = new WeakMap<GameState, Nearest[]>();

/** Hexes from h to the nearest enemy combat unit of `side` on the map (99 when there is none). */
export function nearestEnemyDistance(view: GameState, side: Side, h: number): number {
  const enemy = otherSide(side);
  const { grid } = view.map;
  if (!(h >= 0 && h < grid.size)) return measureNearest(view, enemy, h);
  let perState = nearestCache.get(view);
  if (!perState) {
    perState = [];
    nearestCache.set(view, perState);
  }
  const version = view.sideVersion_s[enemy]!;
  let hit = perState[side];
  if (!hit || hit.version !== version) {
    if (!hit) {
      hit = { version, enemyHexes: [], dist: new Int16Array(grid.size) };
      perState[side] = hit;
    }
    hit.version = version;
    hit.dist.fill(-1);
    hit.enemyHexes.length = 0;
    for (let u = 0; u < view.loc_u.length; u++) {
      const x = view.loc_u[u]!;
      if (x >= 0 && view.counters.side_u[u] === enemy && !hit.enemyHexes.includes(x)) hit.enemyHexes.push(x);
    }
  }
  if (hit.dist[h]! < 0) {
    let best = 99;
    for (const x of hit.enemyHexes) best = Math.min(best, distance(grid, x, h));
    hit.dist[h] = best;
  }
  return hit.dist[h]!;
}

/** nearestEnemyDistance by every enemy unit (for off-map h, never cached). */
function measureNearest(view: GameState, enemy: Side, h: number): number {
  let best = 99;
  for (let u = 0; u < view.loc_u.length; u++) {
    const x = view.loc_u[u]!;
    if (x >= 0 && view.counters.side_u[u] === enemy) best = Math.min(best, distance(view.map.grid, x, h));
  }
  return best;
}

/** The hex with the least key, ties to the lowest: the first of the hexes sorted by key, then hex. */
export function leastBy(hexes: readonly number[], key: (h: number) => number): number {
  let best = hexes[0]!,
    bestKey = key(best);
  for (const h of hexes) {
    const k = key(h);
    if (k < bestKey || (k === bestKey && h < best)) {
      best = h;
      bestKey = k;
    }
  }
  return best;
}

/** Each hex's nearest enemy distance, computed once, for sorting by it. */
export function enemyDistances(view: GameState, side: Side, hexes: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const h of hexes) if (!out.has(h)) out.set(h, nearestEnemyDistance(view, side, h));
  return out;
}

/** The hexes nearest the enemy first, ties by hex index. */
export function nearestEnemyFirst(view: GameState, side: Side, hexes: readonly number[]): number[] {
  const dist = enemyDistances(view, side, hexes);
  return [...hexes].sort((a, b) => dist.get(a)! - dist.get(b)! || a - b);
}

/** Distance rows per grid and hex (objectives and supply providers are read against every reachable hex); at most size x size bytes. */
const rowsCache = new WeakMap<Grid, Map<number, Uint8Array>>();

/** distance(grid, h, x) for every hex x (under 200 on a 99 x 99 grid at most). */
export function distanceRow(grid: Grid, h: number): Uint8Array {
  let perGrid = rowsCache.get(grid);
  if (!perGrid) {
    perGrid = new Map();
    rowsCache.set(grid, perGrid);
  }
  let row = perGrid.get(h);
  if (!row) {
    row = new Uint8Array(grid.size);
    for (let x = 0; x < grid.size; x++) row[x] = distance(grid, h, x);
    perGrid.set(h, row);
  }
  return row;
}
