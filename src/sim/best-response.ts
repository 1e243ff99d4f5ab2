// The best-response check of an equilibrium (issue 26): one side held at a mix of policies, the other
// side's heuristic parameters searched with NTBEA for a reply that does better against that mix; the
// largest gain found is then measured on fresh seeds against the side's own reference mix, game by game.
// Pure functions over per-game outcomes and an evaluation callback: no games are played here.
import { Ntbea } from './ntbea.js';
import { meanDiff, seededUniform, type Interval } from './stats.js';

/**
 * What the searches maximise (chaco tune's fitness, in [0, 1]): half the win rate, half a squashed mean
 * margin, so that candidates still differ where one side always wins.
 */
export function replyFitness(winRate: number, meanMargin: number): number {
  return 0.5 * winRate + 0.5 / (1 + Math.exp(-meanMargin / 20));
}

/** One opponent of a mix: its weight and, per game, whether the side won (1/0) and its margin (its VP minus the enemy's). */
export interface MixCell {
  readonly weight: number;
  readonly won_g: ArrayLike<number>;
  readonly margin_g: ArrayLike<number>;
}

/** Games every cell of a mix has (its cells are paired by game index). */
const commonGames = (cells: readonly MixCell[]) => Math.min(...cells.map((c) => c.won_g.length));

/** Per game, the side's expected score against the mix: Σ weight × won (the weights summing to 1). */
export function mixScores(cells: readonly MixCell[]): Float64Array {
  const n = commonGames(cells);
  const out = new Float64Array(n);
  for (const c of cells) for (let g = 0; g < n; g++) out[g]! += c.weight * c.won_g[g]!;
  return out;
}

/** The side's win rate and mean margin against the mix, over the games every cell has. */
export function mixResult(cells: readonly MixCell[]): { winRate: number; meanMargin: number; games: number } {
  const n = commonGames(cells);
  let win = 0, margin = 0;
  for (const c of cells) for (let g = 0; g < n; g++) { win += c.weight * c.won_g[g]!; margin += c.weight * c.margin_g[g]!; }
  return { winRate: win / n, meanMargin: margin / n, games: n };
}

/**
 * Per game, a mix of the side's own policies against a mix of the other's: Σ_i w_i × (score of policy i
 * against the other mix). `own[i]` holds policy i's cells against the other mix.
 */
export function mixOfMixesScores(own: readonly { weight: number; cells: readonly MixCell[] }[]): Float64Array {
  const scores = own.map((o) => mixScores(o.cells));
  const n = Math.min(...scores.map((s) => s.length));
  const out = new Float64Array(n);
  own.forEach((o, i) => { for (let g = 0; g < n; g++) out[g]! += o.weight * scores[i]![g]!; });
  return out;
}

/**
 * A reply's gain over the reference, per game paired (the same seeds): the mean difference of the two
 * scores with its normal 95% interval (scores are mixtures of wins, not single wins: Newcombe's
 * interval for two proportions does not apply).
 */
export function replyGain(reply: ArrayLike<number>, reference: ArrayLike<number>): { gain: number; games: number } & Interval {
  const n = Math.min(reply.length, reference.length);
  let sum = 0, squares = 0;
  for (let g = 0; g < n; g++) { const d = reply[g]! - reference[g]!; sum += d; squares += d * d; }
  const d = meanDiff(n, sum, squares);
  return { gain: d.mean, lo: d.lo, hi: d.hi, games: n };
}

export interface ReplySearch {
  /** Every point evaluated, in order, with its fitness. */
  readonly evaluated: readonly { readonly point: readonly number[]; readonly fitness: number }[];
  /** The evaluated point the NTBEA model rates best (null when none was evaluated). */
  readonly best: readonly number[] | null;
  /** False when an evaluation was cut short (the callback returned null). */
  readonly complete: boolean;
}

/**
 * NTBEA over a space of `sizes` values per dimension from `start`, `evaluations` points one after
 * another (each proposal depends on the fitness of those before, so the same seed and the same
 * fitnesses give the same points). `evaluate` returns a point's fitness, or null to stop.
 */
export async function searchReply(o: {
  readonly sizes: readonly number[]; readonly start: readonly number[]; readonly evaluations: number; readonly seed: string;
  readonly evaluate: (point: readonly number[], index: number) => Promise<number | null> | number | null;
}): Promise<ReplySearch> {
  const search = new Ntbea({ sizes: o.sizes, random: seededUniform(`${o.seed}:ntbea`) }, o.start);
  const evaluated: { point: number[]; fitness: number }[] = [];
  for (let i = 0; i < o.evaluations; i++) {
    const point = search.propose();
    const fitness = await o.evaluate(point, i);
    if (fitness === null) return { evaluated, best: evaluated.length > 0 ? search.best() : null, complete: false };
    search.update(point, fitness);
    evaluated.push({ point, fitness });
  }
  return { evaluated, best: evaluated.length > 0 ? search.best() : null, complete: true };
}
