// The balance verdict of a policy matrix: each cell is one Paraguayan policy against one Bolivian
// policy on common seeds; the verdict is the value of the zero-sum game on the matrix of Paraguay's win
// rates (both sides mix their policies optimally), with a 95% interval, and the fair bid at equilibrium
// (the VP shift of every margin that makes that value one half), with a bootstrap interval over games.
import { randomBeta } from 'd3-random';
import { shiftedWinRate } from './bid.js';
import { solveMatrixGame, type MatrixGameSolution } from './matrix-game.js';
import { quantileSorted, seededUniform, type IntHist, type Interval } from './stats.js';

/** The games of one cell, in game order: margin (PAR − BOL) and winner (0 PAR, 1 BOL). */
export interface CellGames {
  readonly margin_g: Int32Array;
  readonly winner_g: Uint8Array;
}

export interface Equilibrium extends MatrixGameSolution {
  /**
   * 95% interval of the value: every replicate draws each cell's win rate from its Jeffreys posterior,
   * Beta(wins + ½, losses + ½) (a smoothed parametric bootstrap: a cell that won all its games still
   * has room below 100%), and solves the game again; the 2.5% and 97.5% quantiles.
   */
  readonly interval: Interval;
  /** The fair bid at equilibrium (VP given to Paraguay; negative: to Bolivia), or NaN. */
  readonly bid: number;
  readonly bidInterval: Interval;
  /**
   * Both sides' optimal mixes when every margin is shifted by the fair bid rounded to whole VP (the bid-0
   * mixes when there is no bid): who plays what once the bid is paid, which a best-response check at the bid holds.
   */
  readonly atBid: Pick<MatrixGameSolution, 'row' | 'col'>;
  /** The lowest and highest cell win rates. */
  readonly min: number;
  readonly max: number;
  readonly replicates: number;
}

export function winRate(c: CellGames): number {
  const n = c.winner_g.length;
  let wins = 0;
  for (let i = 0; i < n; i++) if (c.winner_g[i] === 0) wins++;
  return n > 0 ? wins / n : NaN;
}

/** The games' VP margins as a histogram. */
export function marginHist(c: Pick<CellGames, 'margin_g'>): IntHist {
  let lo = Infinity,
    hi = -Infinity;
  for (const m of c.margin_g) {
    if (m < lo) lo = m;
    if (m > hi) hi = m;
  }
  if (c.margin_g.length === 0) return { lo: 0, counts: [] };
  const counts = new Array<number>(hi - lo + 1).fill(0);
  for (const m of c.margin_g) counts[m - lo]!++;
  return { lo, counts };
}

/** The game value, with a pure saddle point (the common case) found without the LP. */
export function gameValue(a: readonly (readonly number[])[]): MatrixGameSolution {
  const rowMin = a.map((r) => Math.min(...r));
  const colMax = a[0]!.map((_, j) => Math.max(...a.map((r) => r[j]!)));
  const maximin = Math.max(...rowMin),
    minimax = Math.min(...colMax);
  if (maximin === minimax) {
    const i = rowMin.indexOf(maximin),
      j = colMax.indexOf(minimax);
    return { value: maximin, row: a.map((_, k) => (k === i ? 1 : 0)), col: a[0]!.map((_, k) => (k === j ? 1 : 0)) };
  }
  return solveMatrixGame(a);
}

/** The game when every margin is shifted by the integer bid `b`: Paraguay's win rates at that bid, solved. */
export function gameAtBid(h: readonly (readonly IntHist[])[], b: number): MatrixGameSolution {
  return gameValue(h.map((r) => r.map((x) => shiftedWinRate(x, b))));
}

const valueAtBid = (h: readonly (readonly IntHist[])[], b: number): number => gameAtBid(h, b).value;

/**
 * The bid at which the game's value is one half, searched over whole VP outward from `hint`
 * (the value never falls as the bid rises) and interpolated linearly; the middle of a stretch that
 * sits exactly at one half. For a 1×1 matrix it is the quick bid of bid.ts.
 */
export function equilibriumBid(h: readonly (readonly IntHist[])[], hint = 0): number {
  let span = 0;
  for (const r of h) for (const x of r) span = Math.max(span, Math.abs(x.lo), Math.abs(x.lo + x.counts.length - 1));
  const lo = -span - 1,
    hi = span + 1; // value 0 at lo, 1 at hi
  const memo = new Map<number, number>();
  const v = (b: number) => {
    let x = memo.get(b);
    if (x === undefined) {
      x = valueAtBid(h, b);
      memo.set(b, x);
    }
    return x;
  };
  let b = Math.max(lo, Math.min(hi, Math.round(hint)));
  // the lowest whole bid with value ≥ 1/2, and the highest with value ≤ 1/2
  let up = b;
  if (v(up) >= 0.5) {
    while (up > lo && v(up - 1) >= 0.5) up--;
  } else {
    while (v(up) < 0.5) up++;
  }
  let down = b;
  if (v(down) <= 0.5) {
    while (down < hi && v(down + 1) <= 0.5) down++;
  } else {
    while (v(down) > 0.5) down--;
  }
  if (down >= up) return (up + down) / 2;
  b = down + ((0.5 - v(down)) / (v(up) - v(down))) * (up - down);
  return b === 0 ? 0 : b;
}

/** One resample of a cell's games (n draws of game indices with replacement) as a margin histogram. */
function resampleCell(c: CellGames, random: () => number, lo: number, counts: number[]): IntHist {
  const n = c.winner_g.length;
  counts.fill(0);
  for (let k = 0; k < n; k++) counts[c.margin_g[Math.floor(random() * n)]! - lo]!++;
  return { lo, counts: [...counts] };
}

/**
 * The equilibrium of a matrix of cells (rows: Paraguay's policies, columns: Bolivia's), with seeded
 * intervals: the value's from Jeffreys posterior draws of every cell's win rate, the bid's from a
 * percentile bootstrap that resamples each cell's games independently; each replicate solves the game again.
 */
export function equilibrium(cells: readonly (readonly CellGames[])[], opts: { replicates?: number; seed?: string } = {}): Equilibrium {
  const replicates = opts.replicates ?? 1000;
  const rates = cells.map((r) => r.map(winRate));
  const hists = cells.map((r) => r.map(marginHist));
  const solution = gameValue(rates);
  const bid = equilibriumBid(hists);
  const random = seededUniform(`${opts.seed ?? 'balance'}:bootstrap`);
  const beta = randomBeta.source(seededUniform(`${opts.seed ?? 'balance'}:posterior`));
  const values: number[] = [],
    bids: number[] = [];
  const scratch = hists.map((r) => r.map((h) => new Array<number>(h.counts.length).fill(0)));
  for (let k = 0; k < replicates; k++) {
    const samples = cells.map((r, i) => r.map((c, j) => resampleCell(c, random, hists[i]![j]!.lo, scratch[i]![j]!)));
    values.push(
      gameValue(
        cells.map((r) =>
          r.map((c) => {
            const n = c.winner_g.length,
              wins = Math.round(winRate(c) * n);
            return beta(wins + 0.5, n - wins + 0.5)();
          }),
        ),
      ).value,
    );
    const b = equilibriumBid(samples, Number.isFinite(bid) ? bid : 0);
    if (Number.isFinite(b)) bids.push(b);
  }
  values.sort((a, b) => a - b);
  bids.sort((a, b) => a - b);
  const flat = rates.flat();
  const atBid = Number.isFinite(bid) ? gameAtBid(hists, Math.round(bid)) : solution;
  return {
    ...solution,
    atBid: { row: atBid.row, col: atBid.col },
    interval: { lo: quantileSorted(values, 0.025), hi: quantileSorted(values, 0.975) },
    bid,
    bidInterval: { lo: quantileSorted(bids, 0.025), hi: quantileSorted(bids, 0.975) },
    min: Math.min(...flat),
    max: Math.max(...flat),
    replicates,
  };
}
