// The fair bid: the VP handicap that makes a scenario even. A bid b gives b VP to Paraguay (negative:
// -b VP to Bolivia). Two estimates: quick, from the margin distribution of one run (a bid shifts every
// margin by b; ties are coin flips); exact, from runs that add the bid to the starting VP (sudden death
// and the 50-VP settlement react to it), interpolating where Paraguay's win rate crosses 50%.
import { bootstrapInterval, histTotal, wilson, type IntHist, type Interval } from './stats.js';

/**
 * P(Paraguay wins) if every margin m became m + bid, for an integer bid: P(m + bid > 0) + P(m + bid = 0) / 2.
 */
export function shiftedWinRate(h: IntHist, bid: number): number {
  const n = histTotal(h);
  if (n === 0) return NaN;
  let above = 0,
    at = 0;
  h.counts.forEach((c, i) => {
    const m = h.lo + i + bid;
    if (m > 0) above += c;
    else if (m === 0) at += c;
  });
  return (above + at / 2) / n;
}

/**
 * The bid at which the shifted win rate is one half: minus the mid-distribution median of the margin
 * (each value counts half at itself), interpolated linearly between whole VP; the middle of a flat stretch.
 */
export function quickBidPoint(h: IntHist): number {
  const n = histTotal(h);
  if (n === 0) return NaN;
  // twice the mid-distribution function at x, in counts: 2 * #(m < x) + #(m = x); compared with n exactly.
  const below_i = [0]; // below_i[i] = #(m < lo + i)
  for (const c of h.counts) below_i.push(below_i[below_i.length - 1]! + c);
  const mid2 = (x: number): number => {
    const i = x - h.lo;
    if (i < 0) return 0;
    if (i >= h.counts.length) return 2 * n;
    return 2 * below_i[i]! + h.counts[i]!;
  };
  const lo = h.lo - 1,
    hi = h.lo + h.counts.length;
  let firstAtLeast = hi,
    lastAtMost = lo;
  for (let x = lo; x <= hi; x++) {
    const v = mid2(x);
    if (v >= n && firstAtLeast === hi) firstAtLeast = x;
    if (v <= n) lastAtMost = x;
  }
  let median: number;
  if (firstAtLeast <= lastAtMost) median = (firstAtLeast + lastAtMost) / 2;
  else {
    const a = lastAtMost,
      b = firstAtLeast,
      va = mid2(a),
      vb = mid2(b);
    median = a + ((n - va) / (vb - va)) * (b - a);
  }
  return median === 0 ? 0 : -median;
}

export interface QuickBid {
  readonly bid: number;
  readonly interval: Interval;
  readonly games: number;
  readonly replicates: number;
}

/** The quick estimate with a seeded percentile-bootstrap interval. */
export function quickBid(h: IntHist, opts: { replicates?: number; seed?: string } = {}): QuickBid {
  const replicates = opts.replicates ?? 1000;
  return {
    bid: quickBidPoint(h),
    interval: bootstrapInterval(h, quickBidPoint, replicates, opts.seed ?? 'bid'),
    games: histTotal(h),
    replicates,
  };
}

export interface BidPoint {
  /** VP given to Paraguay (negative: to Bolivia). */
  readonly bid: number;
  readonly games: number;
  readonly parWins: number;
}

export interface BidCrossing {
  /** Where the curve crosses one half, or null when it does not within the grid. */
  readonly value: number | null;
  /** 'below': the curve is above one half at the lowest bid; 'above': below it at the highest. */
  readonly outside?: 'below' | 'above';
}

/** Pool-adjacent-violators: the closest non-decreasing sequence (weighted least squares). */
export function isotonic(values: readonly number[], weights: readonly number[]): number[] {
  const blocks: { value: number; weight: number; size: number }[] = [];
  values.forEach((v, i) => {
    blocks.push({ value: v, weight: weights[i]!, size: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.value > blocks[blocks.length - 1]!.value) {
      const b = blocks.pop()!,
        a = blocks.pop()!;
      const weight = a.weight + b.weight;
      blocks.push({
        value: weight > 0 ? (a.value * a.weight + b.value * b.weight) / weight : (a.value + b.value) / 2,
        weight,
        size: a.size + b.size,
      });
    }
  });
  return blocks.flatMap((b) => new Array<number>(b.size).fill(b.value));
}

/** Where a non-decreasing curve through (xs, ys) crosses `level`, interpolating linearly. */
export function crossing(xs: readonly number[], ys: readonly number[], level = 0.5): BidCrossing {
  if (xs.length === 0) return { value: null };
  if (ys[0]! > level) return { value: null, outside: 'below' };
  if (ys[ys.length - 1]! < level) return { value: null, outside: 'above' };
  const j = ys.findIndex((y) => y >= level);
  if (ys[j] === level) {
    let k = j;
    while (k + 1 < ys.length && ys[k + 1] === level) k++;
    return { value: (xs[j]! + xs[k]!) / 2 };
  }
  const x0 = xs[j - 1]!,
    x1 = xs[j]!,
    y0 = ys[j - 1]!,
    y1 = ys[j]!;
  return { value: x0 + ((level - y0) / (y1 - y0)) * (x1 - x0) };
}

export interface ExactBid {
  /** The bid where Paraguay's win rate crosses 50%, or null when the grid does not reach it. */
  readonly bid: BidCrossing;
  /** Low end: where the Wilson upper bound crosses 50%; high end: where the lower bound does. */
  readonly lo: BidCrossing;
  readonly hi: BidCrossing;
  readonly points: readonly (BidPoint & { readonly winRate: number; readonly fitted: number } & Interval)[];
}

/**
 * The exact estimate from a grid of bids played on common seeds: the win rate, made non-decreasing in
 * the bid (isotonic fit: more VP never hurts in expectation), interpolated at 50%; the interval comes
 * from the Wilson bounds treated the same way.
 */
export function exactBid(points: readonly BidPoint[]): ExactBid {
  const sorted = [...points].sort((a, b) => a.bid - b.bid);
  const xs = sorted.map((p) => p.bid),
    w = sorted.map((p) => p.games);
  const rate = sorted.map((p) => (p.games > 0 ? p.parWins / p.games : 0.5));
  const intervals = sorted.map((p) => wilson(p.parWins, p.games));
  const fitted = isotonic(rate, w);
  const upper = isotonic(
      intervals.map((i) => i.hi),
      w,
    ),
    lower = isotonic(
      intervals.map((i) => i.lo),
      w,
    );
  return {
    bid: crossing(xs, fitted),
    lo: crossing(xs, upper),
    hi: crossing(xs, lower),
    points: sorted.map((p, i) => ({ ...p, winRate: rate[i]!, fitted: fitted[i]!, lo: intervals[i]!.lo, hi: intervals[i]!.hi })),
  };
}

/** "Paraguay +2.5 VP", "Bolivia +1 VP", "none" — a bid in words. */
export function describeBid(bid: number | null, digits = 1): string {
  if (bid === null || !Number.isFinite(bid)) return 'outside the grid';
  const r = Number(bid.toFixed(digits));
  if (r === 0) return 'no handicap (0 VP)';
  return r > 0 ? `Paraguay +${r} VP` : `Bolivia +${-r} VP`;
}

/** The first grid: `points` whole bids `step` apart, centred on the quick estimate (rounded). */
export function initialGrid(quick: QuickBid, points: number, step?: number): { bids: number[]; step: number } {
  const width = Number.isFinite(quick.interval.hi - quick.interval.lo) ? quick.interval.hi - quick.interval.lo : 4;
  const s = step ?? Math.max(1, Math.ceil(width / 4));
  const centre = Number.isFinite(quick.bid) ? Math.round(quick.bid) : 0;
  const first = centre - Math.floor((points - 1) / 2) * s;
  return { bids: Array.from({ length: points }, (_, k) => first + k * s), step: s };
}

/** The next bid to play when the grid does not yet bracket the estimate and its interval, or null. */
export function nextBid(exact: ExactBid, bids: readonly number[], step: number): number | null {
  const sorted = [...bids].sort((a, b) => a - b);
  for (const c of [exact.bid, exact.lo, exact.hi]) {
    if (c.value !== null) continue;
    if (c.outside === 'below') return sorted[0]! - step;
    if (c.outside === 'above') return sorted[sorted.length - 1]! + step;
  }
  return null;
}

/** Do the two estimates agree: each lies inside the other's 95% interval? (Overlapping intervals are not enough.) */
export function bidsAgree(quick: QuickBid, exact: ExactBid): boolean {
  if (exact.bid.value === null || exact.lo.value === null || exact.hi.value === null) return false;
  return (
    exact.lo.value <= quick.bid &&
    quick.bid <= exact.hi.value &&
    quick.interval.lo <= exact.bid.value &&
    exact.bid.value <= quick.interval.hi
  );
}

/** Is the fair bid an answer a user can act on, and if not, why (each reason one sentence saying what to do)? */
export interface BidReliability {
  readonly reliable: boolean;
  readonly reasons: readonly string[];
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const bidAt = (bid: number) => (bid === 0 ? 'bid 0' : `bid ${bid > 0 ? '+' : ''}${bid}`);

/**
 * The answer is unreliable when the exact estimate lies outside the grid or its interval reaches past it,
 * when Paraguay's win rate does not measurably move across the bids played (the Wilson intervals of the
 * lowest and the highest bid overlap: the policies' play absorbs the VP, or too few games), or when the
 * quick and exact estimates disagree beyond their intervals (the bid changes the games themselves).
 */
export function bidReliability(quick: QuickBid, exact: ExactBid): BidReliability {
  const reasons: string[] = [];
  const pts = exact.points,
    first = pts[0],
    last = pts[pts.length - 1];
  if (!first || !last) return { reliable: false, reasons: ['no bid was played'] };
  const range = `from ${bidAt(first.bid)} to ${bidAt(last.bid)}`;
  if (exact.bid.value === null) {
    const side = exact.bid.outside === 'below' ? 'above' : 'below';
    reasons.push(
      `no bid of the grid evens the game: Paraguay's win rate stays ${side} 50% ${range} (${pct(first.winRate)} to ${pct(last.winRate)}); a wider grid (--step, --extend) may reach it`,
    );
  } else if (exact.lo.value === null || exact.hi.value === null) {
    reasons.push(
      `the 95% interval of the fair bid reaches past the grid (${range}); more games (--games) or a wider grid (--step, --extend) bound it`,
    );
  }
  if (pts.length >= 2 && first.hi >= last.lo) {
    reasons.push(
      `the win rate does not move measurably with the bid: ${pct(first.winRate)} at ${bidAt(first.bid)} and ${pct(last.winRate)} at ${bidAt(last.bid)} lie within each other's 95% intervals (too few games: --games, or the policies' play absorbs the VP)`,
    );
  }
  if (exact.bid.value !== null && !bidsAgree(quick, exact)) {
    reasons.push(
      `the quick estimate (${describeBid(quick.bid)}) and the exact one disagree beyond their intervals: the bid changes the games themselves (sudden death, the 50-VP settlement, how the policies spend VP), which shifting the margins of one run does not see`,
    );
  }
  return { reliable: reasons.length === 0, reasons };
}
