// Zones of control (7): who exerts them, where they reach, and negation for supply and retreat (7.8).
import { DIRECTIONS, NO_HEX } from './hex.js';
import { MOUNTAIN } from './map.js';
import { otherSide, type Side } from './side.js';
import type { GameState } from './state.js';

/**
 * 7.1, 7.2, 14.5 (I-8): does `side` exert a ZOC into h? Infantry/cavalry in an adjacent hex, not into
 * Mountain, not across a river or border. A trail makes its hex Clear for all purposes (14.5), so a ZOC
 * does extend into a Mountain hex with a trail.
 */
export function zocInto(state: GameState, h: number, side: Side): boolean {
  const { map } = state;
  if (map.terrain_h[h] === MOUNTAIN && state.trail_h[h] === 0) return false;
  const { neighbour_hd, side_hd } = map.grid;
  for (let d = 0; d < DIRECTIONS; d++) {
    const n = neighbour_hd[h * DIRECTIONS + d]!;
    if (n === NO_HEX || state.zocUnits_hs[n * 2 + side] === 0) continue;
    const s = side_hd[h * DIRECTIONS + d]!;
    if (map.river_s[s] !== 0 || map.border_s[s] !== 0) continue;
    return true;
  }
  return false;
}

/** Is h in an enemy ZOC for `side`? EZOCs are never negated for movement (7.8). */
export function inEzoc(state: GameState, h: number, side: Side): boolean {
  return zocInto(state, h, otherSide(side));
}

/** 7.8: for supply and retreat, a friendly combat unit in h negates the EZOC there. */
export function inUnnegatedEzoc(state: GameState, h: number, side: Side): boolean {
  return state.combat_hs[h * 2 + side] === 0 && inEzoc(state, h, side);
}
