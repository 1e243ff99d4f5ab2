import { describe, expect, test } from 'vitest';
import { quantile } from 'd3-array';
import {
  bootstrapInterval,
  emptyHist,
  histAdd,
  histMean,
  histMerge,
  histQuantile,
  histResample,
  histTotal,
  histValues,
  meanDiff,
  pairedProportionDiff,
  seededUniform,
  wilson,
} from '../../src/analysis/stats.js';

const histOf = (values: number[]) => {
  const h = emptyHist();
  for (const v of values) histAdd(h, v);
  return h;
};

describe('Wilson score interval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", method 3.
  test.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i gives %f to %f', (k, n, lo, hi) => {
    const ci = wilson(k, n);
    expect(ci.lo).toBeCloseTo(lo, 4);
    expect(ci.hi).toBeCloseTo(hi, 4);
  });

  test('is symmetric in successes and failures and says nothing with no trials', () => {
    const a = wilson(30, 100),
      b = wilson(70, 100);
    expect(a.lo).toBeCloseTo(1 - b.hi, 12);
    expect(a.hi).toBeCloseTo(1 - b.lo, 12);
    expect(wilson(0, 0)).toEqual({ lo: 0, hi: 1 });
  });
});

describe('paired differences', () => {
  test("Newcombe's square-and-add interval for paired proportions matches the published example", () => {
    // Cavo et al. (2012) table as in Fagerland, Lydersen & Laake, "Statistical Analysis of Contingency Tables", ch. 8.
    const d = pairedProportionDiff(59, 6, 16, 80);
    expect(d.diff).toBeCloseTo(-0.0621, 4);
    expect(d.lo).toBeCloseTo(-0.1186, 4);
    expect(d.hi).toBeCloseTo(-0.0046, 4);
  });

  test('no discordant pairs: the difference is zero and the interval holds it', () => {
    const d = pairedProportionDiff(150, 0, 0, 150);
    expect(d.diff).toBe(0);
    expect(d.lo).toBeLessThan(0);
    expect(d.hi).toBeGreaterThan(0);
  });

  test('mean of differences with a normal interval', () => {
    const xs = [1, 2, 3, 4, 5];
    const m = meanDiff(
      xs.length,
      xs.reduce((a, b) => a + b),
      xs.reduce((a, b) => a + b * b, 0),
    );
    expect(m.mean).toBe(3);
    expect(m.sd).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(m.hi - m.mean).toBeCloseTo((1.959963984540054 * Math.sqrt(2.5)) / Math.sqrt(5), 12);
  });
});

describe('integer histograms', () => {
  const random = seededUniform('hist');
  const values = Array.from({ length: 501 }, () => Math.floor(random() * 61) - 30);

  test('quantiles equal d3.quantile on the values', () => {
    const h = histOf(values);
    for (const p of [0, 0.05, 0.25, 0.5, 0.75, 0.95, 1, 0.333]) expect(histQuantile(h, p)).toBeCloseTo(quantile(values, p)!, 12);
    expect(histMean(h)).toBeCloseTo(values.reduce((a, b) => a + b) / values.length, 12);
    expect(histValues(h)).toEqual([...values].sort((a, b) => a - b));
  });

  test('merging is associative and order-free', () => {
    const a = histOf(values.slice(0, 100)),
      b = histOf(values.slice(100, 300)),
      c = histOf(values.slice(300));
    const abc = histMerge(histMerge(a, b), c);
    expect(histMerge(a, histMerge(b, c))).toEqual(abc);
    expect(histMerge(histMerge(c, a), b)).toEqual(abc);
    expect(abc).toEqual(histOf(values));
    expect(histMerge(emptyHist(), a)).toEqual(a);
  });

  test('a bootstrap resample keeps the count; the same seed gives the same interval', () => {
    const h = histOf(values);
    expect(histTotal(histResample(h, seededUniform('x')))).toBe(values.length);
    const median = (s: typeof h) => histQuantile(s, 0.5);
    const i1 = bootstrapInterval(h, median, 200, 'seed'),
      i2 = bootstrapInterval(h, median, 200, 'seed');
    expect(i1).toEqual(i2);
    expect(i1.lo).toBeLessThanOrEqual(histQuantile(h, 0.5));
    expect(i1.hi).toBeGreaterThanOrEqual(histQuantile(h, 0.5));
  });
});
