// Supply (8): the Supply Table roll (8.2) here; sources and the LOC (8.4-8.8) in supply-loc.ts, the
// radius, General Supply, combat supply and CSP placement (8.7-8.11, 8.14, 12.12) in supply-radius.ts,
// attrition and isolation (8.12, 8.13, 10.13) in attrition.ts, the path machinery in supply-graph.ts.
// A Supply Phase in engine order: traceLoc -> choose depots among loc.depotHexes (set state.depot_h)
// -> generalSupply -> attrition -> rollSupplyTable -> place CSP on cspPlacementHexes.
import type { Dice } from './dice.js';
import type { Side } from './side.js';
import type { GameState } from './state.js';
import type { SupplyResult } from './tables.js';
import { cutOffFromGhq } from './attrition.js';
import { supplyColumn, type Loc } from './supply-loc.js';

export * from './supply-loc.js';
export * from './supply-radius.js';
export * from './attrition.js';
export { createSupplyScratch, supplyScratch, type SupplyScratch } from './supply-graph.js';

/**
 * 8.2 (I-19): the Supply Table die roll modifier: the Army Commander's command rating, -1 if he is
 * not stacked with the GHQ, or -3 instead if he is cut off from it. A commander not on the map gets
 * the not-stacked modifier only (and his rating when he has one).
 */
export function supplyTableModifier(state: GameState, side: Side): number {
  const s = state.tables.supply;
  const ac = state.armyCommander_s[side]!;
  const ghq = state.ghq_s[side]!;
  if (ac < 0) return s.notStackedWithGhq;
  let m = state.counters.command_l[ac]!;
  const h = state.loc_l[ac]!;
  if (h >= 0 && h === ghq) return m;
  m += h >= 0 && cutOffFromGhq(state, side, h) ? s.cutOffFromGhq : s.notStackedWithGhq;
  return m;
}

export interface SupplyRoll {
  readonly die: number;
  readonly modifier: number;
  /** The modified roll clamped to the table's rows (I-19). */
  readonly row: number;
  readonly column: number;
  readonly result: SupplyResult;
}

/**
 * 8.2, 8.5: the Supply Table roll: new CSP, replacements and a truck. Null, and no die rolled, when
 * the GHQ is off the map or has no LOC. `loc` is this Supply Phase's traceLoc.
 */
export function rollSupplyTable(state: GameState, side: Side, loc: Loc, dice: Dice): SupplyRoll | null {
  if (state.ghq_s[side]! < 0 || loc.length < 0) return null;
  const s = state.tables.supply;
  const modifier = supplyTableModifier(state, side);
  const die = dice.d6();
  const row = Math.min(s.maxRoll, Math.max(s.minRoll, die + modifier));
  const column = supplyColumn(state.tables, loc.length);
  return { die, modifier, row, column, result: s.results[side]![column]![row - s.minRoll]! };
}
