import { describe, expect, test } from 'vitest';
import {
  bidReliability,
  bidsAgree,
  crossing,
  exactBid,
  initialGrid,
  isotonic,
  nextBid,
  quickBid,
  quickBidPoint,
  shiftedWinRate,
} from '../../src/analysis/bid.js';
import { wilson } from '../../src/analysis/stats.js';
import { histOf } from '../report/hist-helper.js';

describe('quick bid from the margin distribution', () => {
  test('a distribution symmetric about zero needs no bid', () => {
    expect(quickBidPoint(histOf({ [-10]: 5, [-3]: 20, 0: 4, 3: 20, 10: 5 }))).toBe(0);
  });

  test("margins all 3 VP in Paraguay's favour ask for 3 VP to Bolivia", () => {
    const h = histOf({ [-7]: 5, 0: 20, 3: 50, 6: 20, 13: 5 });
    expect(quickBidPoint(h)).toBe(-3);
    expect(shiftedWinRate(h, -3)).toBe(0.5);
  });

  test('ties are coin flips: half of the games at equal VP count for each side', () => {
    // P(m > 0) = 0.3, P(m = 0) = 0.2: Paraguay wins 0.3 + 0.2 / 2 = 40%; with 1 VP more the games at 0 are
    // wins and those at -1 ties: 0.5 + 0.25 / 2
    const h = histOf({ [-2]: 25, [-1]: 25, 0: 20, 1: 20, 2: 10 });
    expect(shiftedWinRate(h, 0)).toBeCloseTo(0.4, 12);
    expect(shiftedWinRate(h, 1)).toBeCloseTo(0.3 + 0.2 + 0.125, 12);
    const b = quickBidPoint(h);
    // linear between bid 0 (0.4) and bid 1 (0.625): 0.5 at 0.444...
    expect(b).toBeCloseTo(0.1 / 0.225, 12);
  });

  test('a flat stretch at one half gives its middle', () => {
    expect(quickBidPoint(histOf({ [-3]: 10, 5: 10 }))).toBe(-1);
  });

  test('the bootstrap interval holds the estimate and is reproducible', () => {
    const h = histOf({ [-20]: 30, [-8]: 120, [-1]: 200, 0: 30, 2: 200, 9: 150, 25: 20 });
    const q = quickBid(h, { replicates: 300, seed: 's' });
    expect(q.interval.lo).toBeLessThanOrEqual(q.bid);
    expect(q.interval.hi).toBeGreaterThanOrEqual(q.bid);
    expect(quickBid(h, { replicates: 300, seed: 's' })).toEqual(q);
  });
});

describe('exact bid from a grid of handicaps', () => {
  test('interpolates where the win rate crosses one half, with the Wilson bounds giving the interval', () => {
    // true win rate 0.5 + 0.04 * (bid - 1.5)
    const points = [-2, -1, 0, 1, 2, 3, 4].map((bid) => ({ bid, games: 1000, parWins: Math.round(1000 * (0.5 + 0.04 * (bid - 1.5))) }));
    const e = exactBid(points);
    expect(e.bid.value).toBeCloseTo(1.5, 6);
    expect(e.lo.value!).toBeLessThan(1.5);
    expect(e.hi.value!).toBeGreaterThan(1.5);
    // at the low end the Wilson upper bound is one half
    const at = (x: number) => {
      const i = Math.floor(x) - -2;
      return [points[i]!, points[i + 1]!] as const;
    };
    const [a, b] = at(e.lo.value!);
    const ua = wilson(a.parWins, a.games).hi,
      ub = wilson(b.parWins, b.games).hi;
    expect(ua + (ub - ua) * (e.lo.value! - a.bid)).toBeCloseTo(0.5, 9);
  });

  test('noise that breaks monotony is pooled (isotonic fit)', () => {
    expect(isotonic([0.3, 0.5, 0.4, 0.6], [1, 1, 1, 1])).toEqual([0.3, 0.45, 0.45, 0.6]);
    expect(crossing([0, 1, 2], [0.4, 0.5, 0.5])).toEqual({ value: 1.5 });
  });

  test('says which way to extend a grid that does not reach one half', () => {
    const points = [0, 1, 2].map((bid) => ({ bid, games: 400, parWins: 240 + 20 * bid }));
    const e = exactBid(points);
    expect(e.bid).toEqual({ value: null, outside: 'below' });
    expect(nextBid(e, [0, 1, 2], 1)).toBe(-1);
  });

  test('the first grid is centred on the quick estimate', () => {
    const g = initialGrid({ bid: 2.4, interval: { lo: 0.5, hi: 4.5 }, games: 1000, replicates: 100 }, 7);
    expect(g).toEqual({ bids: [-1, 0, 1, 2, 3, 4, 5], step: 1 });
  });

  test('estimates agree when their intervals overlap', () => {
    const points = [-2, -1, 0, 1, 2].map((bid) => ({ bid, games: 1000, parWins: 500 + 40 * bid }));
    const e = exactBid(points);
    expect(bidsAgree({ bid: 0.3, interval: { lo: -0.5, hi: 1 }, games: 1000, replicates: 100 }, e)).toBe(true);
    expect(bidsAgree({ bid: 9, interval: { lo: 8, hi: 10 }, games: 1000, replicates: 100 }, e)).toBe(false);
    // Overlapping intervals are not agreement: the quick bid must lie inside the exact interval and the exact bid inside the quick one.
    expect(e.hi.value!).toBeLessThan(1.5);
    expect(bidsAgree({ bid: 1.5, interval: { lo: -0.2, hi: 3 }, games: 1000, replicates: 100 }, e)).toBe(false);
    expect(bidsAgree({ bid: 0.2, interval: { lo: 0.1, hi: 0.6 }, games: 1000, replicates: 100 }, e)).toBe(false);
  });
});

describe('whether the fair bid can be acted on (issue 31: bid said "complete" with no answer)', () => {
  const grid = (rates: readonly number[], first = -2, games = 1000) =>
    exactBid(rates.map((r, k) => ({ bid: first + k, games, parWins: Math.round(r * games) })));
  const quickAt = (bid: number, lo: number, hi: number) => ({ bid, interval: { lo, hi }, games: 1000, replicates: 1000 });

  test('a curve that crosses 50% inside the grid, with the quick estimate inside its interval, is reliable', () => {
    expect(bidReliability(quickAt(0, -1, 1), grid([0.3, 0.4, 0.5, 0.6, 0.7]))).toEqual({ reliable: true, reasons: [] });
  });

  test('a flat curve above 50% everywhere (Villa Montes: 57–63% from bid -11 to -3) says it cannot answer and why', () => {
    const r = bidReliability(quickAt(-7, -9, -5), grid([0.57, 0.58, 0.6, 0.61, 0.6, 0.62, 0.61, 0.62, 0.63], -11));
    expect(r.reliable).toBe(false);
    expect(r.reasons[0]).toBe(
      "no bid of the grid evens the game: Paraguay's win rate stays above 50% from bid -11 to bid -3 (57% to 63%); a wider grid (--step, --extend) may reach it",
    );
    expect(r.reasons[1]).toMatch(
      /^the win rate does not move measurably with the bid: 57% at bid -11 and 63% at bid -3 lie within each other's 95% intervals/,
    );
    expect(r.reasons).toHaveLength(2);
    // The same rates on five times the games move measurably: only the grid is the matter.
    expect(bidReliability(quickAt(-7, -9, -5), grid([0.57, 0.58, 0.6, 0.61, 0.6, 0.62, 0.61, 0.62, 0.63], -11, 5000)).reasons).toHaveLength(
      1,
    );
  });

  test('estimates that disagree beyond their intervals, or an interval past the grid, make it unreliable', () => {
    const apart = bidReliability(quickAt(5, 4, 6), grid([0.3, 0.4, 0.5, 0.6, 0.7]));
    expect(apart.reliable).toBe(false);
    expect(apart.reasons).toEqual([
      expect.stringMatching(/^the quick estimate \(Paraguay \+5 VP\) and the exact one disagree beyond their intervals/),
    ]);
    const open = bidReliability(quickAt(-2, -3, -1), grid([0.49, 0.55, 0.62], -2));
    expect(open.reasons[0]).toMatch(/^the 95% interval of the fair bid reaches past the grid \(from bid -2 to bid 0\)/);
  });
});
