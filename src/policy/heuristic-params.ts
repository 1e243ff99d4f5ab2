// The heuristic policy's named parameters and its three presets.
import { z } from 'zod';

export interface HeuristicParams {
  /** Lowest odds column attacked (0 = 1-2, 1 = 1-1, 2 = 2-1, 3 = 3-1 ...). */
  readonly minOdds: number;
  /** Lowest odds column attacked whatever a plan's posture says (restricted play, restrict.ts); 0: none. */
  readonly minOddsFloor: number;
  /** 0..1: how far units push toward enemy objectives rather than holding what they have. */
  readonly aggression: number;
  /** Weight of a settlement's VP when choosing objectives (16.2); the big four count their dice. */
  readonly settlementWeight: number;
  /** Expected own losses accepted per expected enemy loss in an attack. */
  readonly riskTolerance: number;
  /** Spend CSP on attacks (12.12) and the air marker (13.3). */
  readonly useCsp: boolean;
  readonly useAir: boolean;
  /** Engineers entrench held settlements and the front (14.3). */
  readonly entrench: boolean;
  /** Refuse a truce (6.2) when behind by at least this many VP. */
  readonly refuseTruceBehind: number;
  /** Call up reserves (9.5) only while VP stay at or above this after paying. */
  readonly callUpFloor: number;
  /** VP never spent below this (16.4: a side below 0 loses at once). */
  readonly vpReserve: number;
  /** Combat units kept in each own settlement an enemy can reach. */
  readonly garrison: number;
}

export const PRESETS: Readonly<Record<'cautious' | 'balanced' | 'aggressive', HeuristicParams>> = {
  cautious: {
    minOdds: 3, minOddsFloor: 0, aggression: 0.3, settlementWeight: 1, riskTolerance: 0.6, useCsp: true, useAir: true, entrench: true,
    refuseTruceBehind: 30, callUpFloor: 30, vpReserve: 12, garrison: 2,
  },
  balanced: {
    minOdds: 2, minOddsFloor: 0, aggression: 0.6, settlementWeight: 1, riskTolerance: 1, useCsp: true, useAir: true, entrench: true,
    refuseTruceBehind: 20, callUpFloor: 25, vpReserve: 8, garrison: 1,
  },
  aggressive: {
    minOdds: 1, minOddsFloor: 0, aggression: 0.9, settlementWeight: 1.5, riskTolerance: 1.6, useCsp: true, useAir: true, entrench: false,
    refuseTruceBehind: 10, callUpFloor: 18, vpReserve: 5, garrison: 0,
  },
};

export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/** Parameters as a file writes them (a tuned plan's "params"): any subset, each checked. */
export const paramsSchema = z.strictObject({
  minOdds: z.number().int().min(0).max(9),
  minOddsFloor: z.number().int().min(0).max(9),
  aggression: z.number().min(0).max(1),
  settlementWeight: z.number().min(0),
  riskTolerance: z.number().positive(),
  useCsp: z.boolean(),
  useAir: z.boolean(),
  entrench: z.boolean(),
  refuseTruceBehind: z.number(),
  callUpFloor: z.number(),
  vpReserve: z.number(),
  garrison: z.number().int().min(0).max(6),
}).partial();
