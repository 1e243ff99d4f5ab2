// Influence maps: the attack strength of a side's combat units within a radius of each hex, spread over
// precomputed disks of hexes and cached per state until that side's units change (state.sideVersion_s).
import type { Grid } from '../core/hex.js';
import type { Side } from '../core/side.js';
import type { GameState } from '../core/state.js';

/** The hexes within `radius` steps of each hex h: hexes[start[h] .. start[h + 1]). */
interface Disks {
  readonly start: Int32Array;
  readonly hexes: Int32Array;
}

/** Disks per grid, indexed by radius: they depend on the map only. */
const disksCache = new WeakMap<Grid, Disks[]>();

function disks(grid: Grid, radius: number): Disks {
  let perGrid = disksCache.get(grid);
  if (!perGrid) {
    perGrid = [];
    disksCache.set(grid, perGrid);
  }
  const hit = perGrid[radius];
  if (hit) return hit;
  const start = new Int32Array(grid.size + 1);
  const out: number[] = [];
  const seen = new Int32Array(grid.size).fill(-1);
  let frontier: number[] = [],
    next: number[] = [];
  for (let x = 0; x < grid.size; x++) {
    start[x] = out.length;
    frontier.length = 0;
    frontier.push(x);
    seen[x] = x;
    out.push(x);
    for (let r = 0; r < radius; r++) {
      next.length = 0;
      for (const h of frontier) {
        for (let d = 0; d < 6; d++) {
          const n = grid.neighbour_hd[h * 6 + d]!;
          if (n < 0 || seen[n] === x) continue;
          seen[n] = x;
          out.push(n);
          next.push(n);
        }
      }
      [frontier, next] = [next, frontier];
    }
  }
  start[grid.size] = out.length;
  const made = { start, hexes: Int32Array.from(out) };
  perGrid[radius] = made;
  return made;
}

interface InfluenceMap {
  version: number;
  readonly map: Float64Array;
}

/** Influence maps per state, indexed by radius * 2 + side; stale once the side's version moves on. */
const influenceCache = new WeakMap<GameState, InfluenceMap[]>();

/** The attack strength of the side's combat units within `radius` hexes of each hex (integer sums: exact in any order). */
export function influence(view: GameState, side: Side, radius: number): Float64Array {
  let perState = influenceCache.get(view);
  if (!perState) {
    perState = [];
    influenceCache.set(view, perState);
  }
  const version = view.sideVersion_s[side]!;
  let hit = perState[radius * 2 + side];
  if (hit && hit.version === version) return hit.map;
  if (!hit) {
    hit = { version, map: new Float64Array(view.map.grid.size) };
    perState[radius * 2 + side] = hit;
  }
  hit.version = version;
  const { map } = hit;
  const { start, hexes } = disks(view.map.grid, radius);
  map.fill(0);
  const { loc_u, reduced_u } = view,
    { side_u, attack_u } = view.counters;
  for (let u = 0; u < loc_u.length; u++) {
    const x = loc_u[u]!;
    if (x < 0 || side_u[u] !== side) continue;
    const a = attack_u[u * 2 + reduced_u[u]!]!;
    for (let i = start[x]!, end = start[x + 1]!; i < end; i++) map[hexes[i]!] = map[hexes[i]!]! + a;
  }
  return map;
}

/** Attack strength of the side's combat units within `radius` hexes of h (read from the influence map). */
export function strengthAround(view: GameState, h: number, side: Side, radius: number): number {
  return influence(view, side, radius)[h]!;
}
