// The best-response check of an equilibrium (issue 26): one side held at a mix of policies, the other
// side's heuristic parameters searched with NTBEA for a reply that does better against that mix; the
// largest gain found is then measured on fresh seeds against the side's own reference mix, game by game.
// Pure functions over per-game outcomes and an evaluation callback: no games are played here.
import { Ntbea } from './ntbea.js';
import { meanDiff, pairedProportionDiff, seededUniform, wilson, type Interval } from '../analysis/stats.js';

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

/**
 * Per game, the side's expected score against the mix: Σ weight × won (the weights summing to 1); with `field`
 * 'margin_g', its expected margin, Σ weight × margin.
 */
export function mixScores(cells: readonly MixCell[], field: 'won_g' | 'margin_g' = 'won_g'): Float64Array {
  const n = commonGames(cells);
  const out = new Float64Array(n);
  for (const c of cells) {
    const x = c[field];
    for (let g = 0; g < n; g++) out[g]! += c.weight * x[g]!;
  }
  return out;
}

/** The side's win rate and mean margin against the mix, over the games every cell has. */
export function mixResult(cells: readonly MixCell[]): { winRate: number; meanMargin: number; games: number } {
  const n = commonGames(cells);
  let win = 0,
    margin = 0;
  for (const c of cells)
    for (let g = 0; g < n; g++) {
      win += c.weight * c.won_g[g]!;
      margin += c.weight * c.margin_g[g]!;
    }
  return { winRate: win / n, meanMargin: margin / n, games: n };
}

/**
 * Per game, a mix of the side's own policies against a mix of the other's: Σ_i w_i × (score of policy i
 * against the other mix). `own[i]` holds policy i's cells against the other mix.
 */
export function mixOfMixesScores(
  own: readonly { weight: number; cells: readonly MixCell[] }[],
  field: 'won_g' | 'margin_g' = 'won_g',
): Float64Array {
  const scores = own.map((o) => mixScores(o.cells, field));
  const n = Math.min(...scores.map((s) => s.length));
  const out = new Float64Array(n);
  own.forEach((o, i) => {
    for (let g = 0; g < n; g++) out[g]! += o.weight * scores[i]![g]!;
  });
  return out;
}

/**
 * A reply's gain over the reference, per game paired (the same seeds), with a 95% interval that holds up
 * with few games. Scores of 0 or 1 only (one policy against one): Newcombe's paired interval, as the
 * other studies give. Scores that mix wins (a mix has several policies): the same square-and-add
 * construction (MOVER, Newcombe 1998; Zou and Donner 2008) on the Wilson intervals of the two mean
 * scores and the correlation of the paired scores. Never of zero width, unlike a normal interval over
 * a handful of equal differences.
 */
export function replyGain(reply: ArrayLike<number>, reference: ArrayLike<number>): { gain: number; games: number } & Interval {
  const n = Math.min(reply.length, reference.length);
  let binary = true,
    s1 = 0,
    s2 = 0;
  for (let g = 0; g < n; g++) {
    const a = reply[g]!,
      b = reference[g]!;
    if ((a !== 0 && a !== 1) || (b !== 0 && b !== 1)) binary = false;
    s1 += a;
    s2 += b;
  }
  if (binary) {
    let both = 0,
      onlyReply = 0,
      onlyRef = 0;
    for (let g = 0; g < n; g++) {
      if (reply[g] && reference[g]) both++;
      else if (reply[g]) onlyReply++;
      else if (reference[g]) onlyRef++;
    }
    const d = pairedProportionDiff(both, onlyReply, onlyRef, n - both - onlyReply - onlyRef);
    return { gain: d.diff, lo: d.lo, hi: d.hi, games: n };
  }
  const p1 = s1 / n,
    p2 = s2 / n,
    d = p1 - p2;
  let v1 = 0,
    v2 = 0,
    c = 0;
  for (let g = 0; g < n; g++) {
    const a = reply[g]! - p1,
      b = reference[g]! - p2;
    v1 += a * a;
    v2 += b * b;
    c += a * b;
  }
  const r = v1 > 0 && v2 > 0 ? c / Math.sqrt(v1 * v2) : 0;
  const w1 = wilson(s1, n),
    w2 = wilson(s2, n);
  const dl1 = p1 - w1.lo,
    du1 = w1.hi - p1,
    dl2 = p2 - w2.lo,
    du2 = w2.hi - p2;
  const lo = d - Math.sqrt(Math.max(0, dl1 * dl1 + du2 * du2 - 2 * r * dl1 * du2));
  const hi = d + Math.sqrt(Math.max(0, dl2 * dl2 + du1 * du1 - 2 * r * dl2 * du1));
  return { gain: d, lo: Math.max(-1, lo), hi: Math.min(1, hi), games: n };
}

/**
 * A reply's gain in VP over the reference: the mean of the per-game paired differences of the side's margins
 * (mixScores with 'margin_g'), with a normal 95% interval (hundreds of games). Where one side wins nearly every
 * game a better reply cannot show in the win rate, and shows here.
 */
export function replyMarginGain(reply: ArrayLike<number>, reference: ArrayLike<number>): { gain: number } & Interval {
  const n = Math.min(reply.length, reference.length);
  let sum = 0,
    sumSq = 0;
  for (let g = 0; g < n; g++) {
    const d = reply[g]! - reference[g]!;
    sum += d;
    sumSq += d * d;
  }
  const m = meanDiff(n, sum, sumSq);
  return { gain: m.mean, lo: m.lo, hi: m.hi };
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
  readonly sizes: readonly number[];
  readonly start: readonly number[];
  readonly evaluations: number;
  readonly seed: string;
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
