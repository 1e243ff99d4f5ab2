// Helpers every policy shares for set-up answers.
import type { Decision } from '../core/decisions.js';
import { ENGINEER } from '../core/counters.js';
import { stackingLimit } from '../core/combat-odds.js';
import type { GameState } from '../core/state.js';

/**
 * Spreads a set-up group over its hexes within stacking limits (11.2): each piece that counts for
 * stacking goes to the hex `pick` chooses among those with room (`stacked`: the side's units counting
 * for stacking there so far, this group's included); the rest go with the first unit.
 */
export function spreadGroup(
  d: Extract<Decision, { kind: 'setupGroup' }>,
  state: GameState,
  pick: (hexes: readonly number[], stacked: (h: number) => number) => number,
  anchorOnMost = false,
): number[] {
  const load = new Map<number, number>();
  let anchor = -1;
  const out = d.pieces.map((p) => {
    if (p.type !== 'unit' || state.counters.type_u[p.id] === ENGINEER) return -1;
    const stacked = (h: number) => state.stacking_hs[h * 2 + d.side]! + (load.get(h) ?? 0);
    const room = d.hexes.filter((h) => stacked(h) < stackingLimit(state, h));
    const h = pick(room.length > 0 ? room : d.hexes, stacked);
    load.set(h, (load.get(h) ?? 0) + 1);
    if (anchor < 0) anchor = h;
    return h;
  });
  // The leaders, GHQ, trucks and engineers go with the first unit placed, or (anchorOnMost) to the hex given the most units.
  if (anchorOnMost) for (const [h, n] of load) if (n > load.get(anchor)!) anchor = h;
  return out.map((h) => (h >= 0 ? h : anchor >= 0 ? anchor : d.hexes[0]!));
}
