// 12.12 (I-22): the batch answer (markCombatSupplied: one search from the spent CSP hexes) against the
// per-unit answer (combatSupplyHexes, one search from the unit's hex), on positions of random games.
import { describe, expect, test } from 'vitest';
import { PAR, BOL } from '../../src/core/side.js';
import type { GameState } from '../../src/core/state.js';
import { combatSupplyHexes, markCombatSupplied } from '../../src/core/supply.js';
import { forEachRandomPosition } from '../helpers/random-positions.js';

function checkPosition(state: GameState, counts: { units: number; supplied: number; spent: number }): void {
  for (const side of [PAR, BOL] as const) {
    const units: number[] = [];
    for (let u = 0; u < state.loc_u.length; u++) if (state.counters.side_u[u] === side && state.loc_u[u]! >= 0) units.push(u);
    const per = units.map((u) => combatSupplyHexes(state, side, state.loc_u[u]!));
    counts.units += units.length;
    counts.supplied += per.filter((from) => from.length > 0).length;
    // Spending the CSP of one hex (12.12): exactly the units that hex can supply.
    const cspHexes = [...new Set(per.flat())].sort((a, b) => a - b);
    for (const p of cspHexes) {
      const flags = new Uint8Array(state.loc_u.length);
      markCombatSupplied(state, side, units, [p, p], flags);
      expect(units.map((u) => flags[u])).toEqual(per.map((from) => (from.includes(p) ? 1 : 0)));
      counts.spent++;
    }
  }
}

describe('12.12 combat supply for many units at once', () => {
  for (const [id, games] of [
    ['boqueron', 4],
    ['alihuata', 2],
    ['campaign', 1],
  ] as const) {
    test(`${id}: markCombatSupplied agrees with combatSupplyHexes unit by unit`, () => {
      const counts = { units: 0, supplied: 0, spent: 0 };
      forEachRandomPosition(id, games, 5, (state) => checkPosition(state, counts));
      expect(counts.supplied).toBeGreaterThan(10);
      expect(counts.units - counts.supplied).toBeGreaterThan(10);
      expect(counts.spent).toBeGreaterThan(10);
    });
  }
});
