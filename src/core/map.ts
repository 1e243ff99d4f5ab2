// The compiled map: terrain and features indexed by hex and hexside id, in typed arrays (2.3, 10, 8.4).
import type { Grid } from './hex.js';
import type { Side } from './side.js';

/** Terrain codes of terrain_h (Terrain Effects Chart). OUTSIDE = beyond the international border, not in play (I-58). */
export const CLEAR = 0,
  BUSH = 1,
  MARSH = 2,
  HILL = 3,
  MOUNTAIN = 4,
  OUTSIDE = 5;
export type TerrainCode = 0 | 1 | 2 | 3 | 4 | 5;
export const TERRAIN_NAMES = ['clear', 'bush', 'marsh', 'hill', 'mountain', 'outside'] as const;
export type TerrainName = (typeof TERRAIN_NAMES)[number];

/** Printed works (12.13): none, entrenchment, fortification. */
export const WORKS_NONE = 0,
  WORKS_ENTRENCHMENT = 1,
  WORKS_FORTIFICATION = 2;
export const WORKS_NAMES = ['none', 'entrenchment', 'fortification'] as const;

export interface Place {
  readonly hex: number;
  readonly name: string;
  readonly settlement: boolean;
  /** A real place the rules never name as a settlement: one only under the unnamedSettlements option (I-60). */
  readonly unnamedSettlement: boolean;
  readonly bigFour: boolean;
  readonly wet: boolean;
  readonly works: 0 | 1 | 2;
  readonly estimated: boolean | readonly string[];
}

export interface SupplySource {
  readonly hex: number;
  readonly side: Side;
  readonly kind: 'edge' | 'railhead' | 'villa-montes';
}

export interface OffMapBox {
  readonly id: string;
  readonly side: Side;
  /** 'mp': 1 MP to enter; 'turn': a whole Movement Phase (10.12). */
  readonly cost: 'mp' | 'turn';
  /** Entrance/exit hexes joined to this box. */
  readonly hexes: readonly number[];
  /** Indices (into GameMap.boxes) of the boxes joined to this one. */
  readonly boxes: readonly number[];
}

export interface River {
  readonly id: string;
  readonly name: string;
  readonly sides: readonly number[];
}

export interface GameMap {
  readonly grid: Grid;
  readonly terrain_h: Uint8Array;
  /** Index into places, or -1. */
  readonly place_h: Int16Array;
  readonly places: readonly Place[];
  readonly settlement_h: Uint8Array;
  readonly bigFour_h: Uint8Array;
  readonly wet_h: Uint8Array;
  readonly works_h: Uint8Array;
  readonly southOfDemarcation_h: Uint8Array;
  /** 1 on the hexes of the railroad, railhead included (8.4). */
  readonly railroad_h: Uint8Array;
  readonly railroad: readonly number[];
  readonly railhead: number;
  /** Hexside flags, indexed by hexside id. */
  readonly road_s: Uint8Array;
  /** River id + 1, or 0. */
  readonly river_s: Uint8Array;
  readonly clearing_s: Uint8Array;
  readonly border_s: Uint8Array;
  readonly rivers: readonly River[];
  readonly ferrySide: number;
  /** Hexes adjacent to the river 8.4 names for Villa Montes (Río Cuevo), north of Villa Montes. */
  readonly villaMontesRiverHexes: readonly number[];
  readonly villaMontes: number;
  readonly supplySources: readonly SupplySource[];
  readonly boxes: readonly OffMapBox[];
  /** MAP-FACTS: `estimated` as map.json marks it (true, or the fields estimated). */
  readonly roads: readonly { readonly name: string; readonly hexes: readonly number[]; readonly estimated: boolean | readonly string[] }[];
  readonly clearings: readonly { readonly name: string; readonly sides: readonly number[] }[];
}
