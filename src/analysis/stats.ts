// Statistics for Monte Carlo runs and their reports: Wilson intervals, paired differences, integer
// histograms (exact quantiles without keeping every value) and a seeded bootstrap. Pure functions, no
// I/O. In sim, below report, so that sim's aggregates and report's tables both use it (layers: README).
import { quantileSorted as d3QuantileSorted } from 'd3-array';
import seedrandom from 'seedrandom';

/** The normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

/** Wilson score interval for k successes in n trials (Newcombe 1998, method 3); n = 0 gives [0, 1]. */
export function wilson(k: number, n: number, z: number = Z95): Interval {
  if (n === 0) return { lo: 0, hi: 1 };
  const p = k / n,
    z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/**
 * Difference p1 - p2 of two proportions measured on the same games (paired), with Newcombe's
 * square-and-add interval built on the two Wilson intervals and the correlation of the pairs (Newcombe
 * 1998b, method 10). `both` = successes in both, `onlyFirst`, `onlySecond`, `neither`.
 */
export function pairedProportionDiff(
  both: number,
  onlyFirst: number,
  onlySecond: number,
  neither: number,
  z: number = Z95,
): { diff: number } & Interval {
  const n = both + onlyFirst + onlySecond + neither;
  if (n === 0) return { diff: 0, lo: -1, hi: 1 };
  const k1 = both + onlyFirst,
    k2 = both + onlySecond;
  const p1 = k1 / n,
    p2 = k2 / n;
  const w1 = wilson(k1, n, z),
    w2 = wilson(k2, n, z);
  let phi = 0;
  const product = k1 * (n - k1) * k2 * (n - k2);
  if (product > 0) {
    const a = both * neither - onlyFirst * onlySecond;
    // Newcombe's continuity correction of the correlation: small positive values count as none.
    phi = a > n / 2 ? (a - n / 2) / Math.sqrt(product) : a >= 0 ? 0 : a / Math.sqrt(product);
  }
  const d = p1 - p2;
  const dl1 = p1 - w1.lo,
    du1 = w1.hi - p1,
    dl2 = p2 - w2.lo,
    du2 = w2.hi - p2;
  const lo = d - Math.sqrt(Math.max(0, dl1 * dl1 + du2 * du2 - 2 * phi * dl1 * du2));
  const hi = d + Math.sqrt(Math.max(0, dl2 * dl2 + du1 * du1 - 2 * phi * dl2 * du1));
  return { diff: d, lo: Math.max(-1, lo), hi: Math.min(1, hi) };
}

/** Mean of paired differences with a normal 95% interval (n large: thousands of games). */
export function meanDiff(count: number, sum: number, sumSquares: number, z: number = Z95): { mean: number; sd: number } & Interval {
  if (count === 0) return { mean: 0, sd: 0, lo: 0, hi: 0 };
  const mean = sum / count;
  const variance = count > 1 ? Math.max(0, (sumSquares - count * mean * mean) / (count - 1)) : 0;
  const sd = Math.sqrt(variance);
  const half = (z * sd) / Math.sqrt(count);
  return { mean, sd, lo: mean - half, hi: mean + half };
}

// ---------------------------------------------------------------------------------------------
// Integer histograms: counts[i] is how many times the value lo + i occurred. VP are integers, so a
// histogram with unit bins is exact and mergeable; its size is the range of values, not the games.

export interface IntHist {
  lo: number;
  counts: number[];
}

export function emptyHist(): IntHist {
  return { lo: 0, counts: [] };
}

export function histAdd(h: IntHist, value: number, times = 1): void {
  if (!Number.isInteger(value)) throw new RangeError(`histogram: ${value} is not a whole number`);
  if (h.counts.length === 0) {
    h.lo = value;
    h.counts.push(times);
    return;
  }
  if (value < h.lo) {
    const grow = h.lo - value;
    h.counts.unshift(...new Array<number>(grow).fill(0));
    h.lo = value;
  }
  const i = value - h.lo;
  while (h.counts.length <= i) h.counts.push(0);
  h.counts[i]! += times;
}

/** a + b as a new histogram (associative and commutative: the result depends only on the counts). */
export function histMerge(a: IntHist, b: IntHist): IntHist {
  if (a.counts.length === 0) return { lo: b.lo, counts: [...b.counts] };
  if (b.counts.length === 0) return { lo: a.lo, counts: [...a.counts] };
  const lo = Math.min(a.lo, b.lo);
  const hi = Math.max(a.lo + a.counts.length, b.lo + b.counts.length);
  const counts = new Array<number>(hi - lo).fill(0);
  a.counts.forEach((c, i) => {
    counts[a.lo - lo + i]! += c;
  });
  b.counts.forEach((c, i) => {
    counts[b.lo - lo + i]! += c;
  });
  return { lo, counts };
}

export function histTotal(h: IntHist): number {
  let n = 0;
  for (const c of h.counts) n += c;
  return n;
}

export function histMean(h: IntHist): number {
  let n = 0,
    s = 0;
  h.counts.forEach((c, i) => {
    n += c;
    s += c * (h.lo + i);
  });
  return n === 0 ? NaN : s / n;
}

export function histSd(h: IntHist): number {
  const n = histTotal(h);
  if (n < 2) return 0;
  const m = histMean(h);
  let ss = 0;
  h.counts.forEach((c, i) => {
    const d = h.lo + i - m;
    ss += c * d * d;
  });
  return Math.sqrt(ss / (n - 1));
}

/** The k-th smallest value (0-based) of the histogram. */
function histOrder(h: IntHist, k: number): number {
  let seen = 0;
  for (let i = 0; i < h.counts.length; i++) {
    seen += h.counts[i]!;
    if (seen > k) return h.lo + i;
  }
  return h.lo + h.counts.length - 1;
}

/** The p-quantile with d3-array's interpolation, as d3.quantile gives on the expanded values. */
export function histQuantile(h: IntHist, p: number): number {
  const n = histTotal(h);
  if (n === 0) return NaN;
  const pos = (n - 1) * Math.min(1, Math.max(0, p));
  const k = Math.floor(pos);
  const a = histOrder(h, k);
  if (pos === k) return a;
  const b = histOrder(h, k + 1);
  return a + (b - a) * (pos - k);
}

/** Every value of the histogram in order (for small histograms and tests). */
export function histValues(h: IntHist): number[] {
  const out: number[] = [];
  h.counts.forEach((c, i) => {
    for (let j = 0; j < c; j++) out.push(h.lo + i);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Bootstrap: resampling n games from a histogram with a seeded stream, so reports are reproducible.

/** A uniform [0, 1) stream from a seed string (seedrandom's alea, as the dice use). */
export function seededUniform(seed: string): () => number {
  return seedrandom.alea(seed);
}

/** One bootstrap resample of h: n draws with replacement, returned as a histogram on h's bins. */
export function histResample(h: IntHist, random: () => number): IntHist {
  const n = histTotal(h);
  const cdf: number[] = [];
  let acc = 0;
  for (const c of h.counts) {
    acc += c;
    cdf.push(acc);
  }
  const counts = new Array<number>(h.counts.length).fill(0);
  for (let j = 0; j < n; j++) {
    const u = Math.floor(random() * n);
    // the first bin whose cumulative count exceeds u
    let lo = 0,
      hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! > u) hi = mid;
      else lo = mid + 1;
    }
    counts[lo]!++;
  }
  return { lo: h.lo, counts };
}

/**
 * Percentile bootstrap of `statistic` over `replicates` resamples of h (seeded); returns the
 * 2.5% and 97.5% quantiles of the replicates.
 */
export function bootstrapInterval(h: IntHist, statistic: (sample: IntHist) => number, replicates: number, seed: string): Interval {
  const random = seededUniform(seed);
  const values: number[] = [];
  for (let r = 0; r < replicates; r++) {
    const v = statistic(histResample(h, random));
    if (Number.isFinite(v)) values.push(v);
  }
  values.sort((a, b) => a - b);
  return { lo: quantileSorted(values, 0.025), hi: quantileSorted(values, 0.975) };
}

/** The p-quantile of sorted values (d3-array's R-7 definition); NaN for none. */
export function quantileSorted(values: readonly number[], p: number): number {
  return values.length === 0 ? NaN : d3QuantileSorted(values as number[], p)!;
}
