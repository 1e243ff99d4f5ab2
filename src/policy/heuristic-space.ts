// The space of the heuristic's parameters that `chaco tune` and `chaco best-response` search (NTBEA,
// src/sim/ntbea.ts): a point is one value index per parameter; and the plan file a point is played as
// (a plan with params and no phases, src/policy/plan.ts).
import { PRESETS, type HeuristicParams } from './heuristic-params.js';

/** The values searched for each parameter (the balanced preset's value is among them). */
export const SPACE: { readonly [K in keyof HeuristicParams]?: readonly HeuristicParams[K][] } = {
  minOdds: [1, 2, 3, 4],
  aggression: [0.1, 0.3, 0.45, 0.6, 0.75, 0.9],
  settlementWeight: [0.5, 1, 1.5, 2],
  riskTolerance: [0.5, 0.8, 1, 1.3, 1.6, 2],
  useCsp: [false, true],
  useAir: [false, true],
  entrench: [false, true],
  refuseTruceBehind: [5, 10, 20, 30, 1000],
  callUpFloor: [10, 18, 25, 35, 1000],
  vpReserve: [3, 5, 8, 12],
  garrison: [0, 1, 2, 3],
  garrisonFar: [0, 2, 3],
  garrisonVp: [7, 14, 99],
  garrisonAlone: [false, true],
  moveGhq: [false, true],
  ghqRadiusWeight: [0, 0.5, 1, 2],
  removeGhq: [false, true],
  cspPerLeader: [0, 1, 2, 3],
  moveTrucks: [false, true],
  wellsFirst: [false, true],
  callUpTurnsLeft: [1, 2, 3],
  reserveMarch: [0, 1, 2, 3],
  holdWorks: [0, 6, 20],
  leaderPocket: [0, 2],
  leaderCutOff: [0, 2],
  leaderJoin: [false, true],
  leaderSpread: [false, true],
  retreatLeaders: [false, true],
  ghqBeside: [false, true],
  reactAdvance: [false, true],
  // Off in the presets, each measured to cost a side somewhere (docs/blunders.md): left to the searches.
  garrisonMarch: [false, true],
  garrisonCover: [false, true],
  ghqCover: [false, true],
  ghqReactionLeave: [false, true],
};
const KEYS = Object.keys(SPACE) as (keyof HeuristicParams)[];

/** Values per dimension of the space, in SPACE's order. */
export const SPACE_SIZES: readonly number[] = KEYS.map((k) => SPACE[k]!.length);

/** The balanced preset as a point (where the searches start). */
export const BALANCED_POINT: readonly number[] = KEYS.map((k) =>
  Math.max(0, (SPACE[k] as readonly unknown[]).indexOf(PRESETS.balanced[k])),
);

export function paramsOf(point: readonly number[]): Partial<HeuristicParams> {
  return Object.fromEntries(KEYS.map((k, i) => [k, SPACE[k]![point[i]!]])) as Partial<HeuristicParams>;
}

/** A plan file holding only parameters: the tuned heuristic (src/policy/plan.ts). */
export function tunedPlan(scenarioId: string, side: 'PAR' | 'BOL', params: Partial<HeuristicParams>, tuned?: Record<string, unknown>) {
  return {
    name: `${scenarioId}, ${side === 'PAR' ? 'Paraguay' : 'Bolivia'}, tuned`,
    scenario: scenarioId,
    side,
    preset: 'balanced',
    params,
    ...(tuned ? { tuned } : {}),
    phases: [],
  };
}
