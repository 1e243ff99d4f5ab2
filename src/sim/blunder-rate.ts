// A side's blunder rate from a run's blunder counts: the share of games with a blunder of each
// operational kind, summed. `chaco tune --blunder-weight` holds a candidate to the balanced preset's
// rate on the same seeds (issue: tuned may blunder no more than balanced); docs/blunders.md defines the kinds.
import { ATTRITION_STEPS, BLUNDERS, OVERSTACK, type BlunderCounts } from './blunders.js';

/** The kinds a tuned file is held to: every kind counted once a game, not attrition (steps, a cost of any long march) nor over-stacking. */
export const RATED_BLUNDERS: readonly number[] = BLUNDERS.map((_, k) => k).filter((k) => k !== ATTRITION_STEPS && k !== OVERSTACK);

/** Per rated kind, the share of `games` in which `side` (0 PAR, 1 BOL) made one. */
export function blunderShares(counts: BlunderCounts, side: 0 | 1, games: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of RATED_BLUNDERS) out[BLUNDERS[k]!.id] = games > 0 ? counts.games[k]![side]! / games : 0;
  return out;
}

/** The rated shares summed: 0 for a side that never blunders, 0.2 for one leader lost in a game in five. */
export function blunderRate(counts: BlunderCounts, side: 0 | 1, games: number): number {
  return Object.values(blunderShares(counts, side, games)).reduce((a, b) => a + b, 0);
}

/** Tune's fitness penalty: weight times what the candidate's rate exceeds the baseline's on the same seeds (never a reward for fewer). */
export function blunderPenalty(weight: number, rate: number, baselineRate: number): number {
  return weight * Math.max(0, rate - baselineRate);
}
