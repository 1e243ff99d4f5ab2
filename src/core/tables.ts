// The game's charts in the form the engine reads them (compiled from scenarios/tables.json).

/** CRT loss codes (12.5): index into LOSS_PERCENT; ELIMINATED = 'E'. */
export const LOSS_NONE = 0,
  LOSS_10 = 1,
  LOSS_25 = 2,
  LOSS_50 = 3,
  ELIMINATED = 4;
export const LOSS_PERCENT = [0, 10, 25, 50, 100] as const;
/** Bit set in a CRT code when the side must check for retreat or rout (12.7). */
export const RETREAT_CHECK = 8;
/** The CRT rows run from modified die roll -1 to 6 (chart notes). */
export const CRT_MIN_ROLL = -1,
  CRT_MAX_ROLL = 6,
  CRT_ROWS = 8;

/** A movement or LOC cost in sixths of an MP, or PROHIBITED. Index 0 = dry, 1 = rainy season. */
export const PROHIBITED = -1;
export type CostPair = readonly [number, number];

export interface TerrainRow {
  readonly mp: CostPair;
  readonly mechMp: CostPair;
  readonly loc: CostPair;
  readonly defenderDrm: number;
  readonly stacking: number;
  readonly entrench: boolean;
}

export interface SupplyResult {
  readonly csp: number;
  readonly replacements: number;
  readonly truck: boolean;
}

export interface Tables {
  /** crtAttacker[column * CRT_ROWS + (roll - CRT_MIN_ROLL)]: loss code | RETREAT_CHECK. */
  readonly crtAttacker: Uint8Array;
  readonly crtDefender: Uint8Array;
  readonly crtColumns: readonly string[];
  /** Modified retreat/rout rolls at or below this rout (12.8), per side [PAR, BOL]. */
  readonly routAtOrBelow: readonly [number, number];
  readonly armorRetreatModifier: number;
  readonly attrition: {
    readonly noEffectAtLeast: number;
    readonly stepLossAtLeast: number;
    readonly noWater: number;
    readonly isolated: number;
    readonly airSupply: number;
    readonly mountedCavalryUnsupplied: number;
  };
  readonly supply: {
    readonly columns: readonly { readonly maxLoc: number; readonly radius: number }[];
    readonly noLocRadius: number;
    readonly minRoll: number;
    readonly maxRoll: number;
    readonly notStackedWithGhq: number;
    readonly cutOffFromGhq: number;
    /** results[side][column][roll - minRoll] */
    readonly results: readonly (readonly (readonly SupplyResult[])[])[];
  };
  /** Indexed by terrain code (core/map.ts), costs in sixths. */
  readonly terrain: readonly TerrainRow[];
  readonly road: { readonly mp: CostPair; readonly mechMp: CostPair; readonly loc: CostPair };
  readonly river: { readonly mp: CostPair; readonly mechMp: CostPair; readonly loc: CostPair };
  readonly ferry: { readonly mp: CostPair; readonly mechMp: CostPair };
  readonly riverWithEngineer: { readonly mp: CostPair; readonly mechMp: CostPair; readonly loc: CostPair };
  readonly attackerFromClearDrm: number;
  readonly stackingWorks: number;
  /** barrage[(roll - 1) * 4 + (artillery - 1)]: steps lost (13.2). */
  readonly barrage: Uint8Array;
  readonly barrageWorksModifier: number;
  readonly reinforcements: readonly {
    readonly default: number;
    readonly periods: readonly { readonly from: number; readonly to: number; readonly units: number }[];
  }[];
  readonly callUpVp: number;
  /** Per side; -1 = unlimited. */
  readonly callUpLimit: readonly [number, number];
  readonly replacementsMax: number;
  readonly rainyMonths: readonly number[];
  readonly maybeRainyMonth: number;
  readonly maybeRainyOn: readonly number[];
  readonly truce: {
    readonly firstRoll: readonly number[];
    readonly secondRoll: readonly number[];
    readonly continueRoll: readonly number[];
    readonly refusalVp: number;
  };
  readonly cspCapturedOn: readonly number[];
  readonly wellSuccessOn: readonly number[];
  readonly wellsMax: number;
  readonly leaders: {
    readonly maxOnMap: number;
    readonly armyCommanderDrmVpCost: number;
    readonly armyCommanderDrmMaxVp: number;
    readonly subordinateDrmVpCost: number;
    readonly subordinateDrmMaxVp: number;
  };
  readonly vp: {
    readonly unitEliminated: number;
    readonly unitSurrendered: number;
    readonly cspCaptured: number;
    readonly unitExited: number;
    readonly callUp: number;
    readonly advanceDice: { readonly settlement: number; readonly bigFour: number };
    readonly movementMultiplier: number;
    readonly fixed: {
      readonly advance: { readonly settlement: number; readonly bigFour: number };
      readonly movement: { readonly settlement: number; readonly bigFour: number };
    };
  };
  readonly victoryLevels: readonly { readonly level: string; readonly marginAtLeast: number }[];
  readonly settlementMargin: number;
}

/** The CRT column for attacker and defender strengths (12.4), before clamping: -1 below 1-2. */
export function oddsColumn(attack: number, defence: number, columns: number): number {
  if (defence <= 0) return columns - 1;
  if (attack * 2 < defence) return -1; // below 1-2
  if (attack < defence) return 0; // 1-2
  const ratio = Math.floor(attack / defence); // remainder in the defender's favour
  return Math.min(ratio, columns - 1);
}

/** Combat factors a percentage loss requires (12.6, Loss Reference Chart): remainders round up (reading (I-71): 30 at 10% is 3, not the chart's 4). */
export function lossRequired(factors: number, percent: number): number {
  return Math.ceil((factors * percent) / 100);
}
