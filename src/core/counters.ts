// The counter manifest compiled: combat units, leaders, GHQs, trucks, air and supply units (2.4-2.21).
import type { Side } from './side.js';

/** Unit types (2.8). Armor and trucks are mechanized (2.21). */
export const INFANTRY = 0,
  CAVALRY = 1,
  ARTILLERY = 2,
  ENGINEER = 3,
  ARMOR = 4;
export type UnitType = 0 | 1 | 2 | 3 | 4;
export const UNIT_TYPE_NAMES = ['infantry', 'cavalry', 'artillery', 'engineer', 'armor'] as const;

/** Printed values of one side of a counter. For artillery `defence` is the parenthesised factor (2.10). */
export interface Factors {
  readonly attack: number;
  readonly defence: number;
  readonly move: number;
}

export interface CombatUnitDef {
  readonly id: string;
  readonly side: Side;
  readonly type: UnitType;
  readonly name: string;
  readonly full: Factors;
  /** null for one-step units (engineers, armor; 2.12). */
  readonly reduced: Factors | null;
  readonly estimated: boolean | readonly string[];
}

export interface LeaderDef {
  readonly id: string;
  readonly side: Side;
  readonly name: string;
  readonly abbrev: string;
  readonly named: boolean;
  readonly political: number;
  readonly command: number;
  readonly move: number;
  readonly estimated: boolean | readonly string[];
}

/**
 * Struct-of-arrays view of the combat units, indexed by unit index u (the manifest order):
 * hot code reads these instead of the records.
 */
export interface Counters {
  readonly units: readonly CombatUnitDef[];
  readonly leaders: readonly LeaderDef[];
  readonly side_u: Uint8Array;
  readonly type_u: Uint8Array;
  readonly steps_u: Uint8Array;
  /** [full, reduced] pairs: attack_u[u * 2 + 0] is the full attack factor, [u * 2 + 1] the reduced one. */
  readonly attack_u: Uint8Array;
  readonly defence_u: Uint8Array;
  readonly move_u: Uint8Array;
  readonly side_l: Uint8Array;
  readonly political_l: Int8Array;
  readonly command_l: Int8Array;
  readonly move_l: Uint8Array;
  readonly named_l: Uint8Array;
  /** Per side (PAR 0, BOL 1). */
  readonly ghqMove: readonly [number, number];
  readonly trucks: readonly [number, number];
  readonly truckMove: number;
  readonly air: readonly [number, number];
  readonly supplyUnitMove: number;
  readonly unitIndex: ReadonlyMap<string, number>;
  readonly leaderIndex: ReadonlyMap<string, number>;
}

export function isMech(type: UnitType): boolean {
  return type === ARMOR;
}
