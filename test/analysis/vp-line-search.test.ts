// 16.1 (starting VP): the line search over played arms finds the VP that evens a scenario on a synthetic win-rate curve.
import { describe, expect, test } from 'vitest';
import { MAX_VP_STEP, nextStartingVp, type VpPoint } from '../../src/analysis/vp-line-search.js';

const BAND: readonly [number, number] = [0.45, 0.55];

/** Plays the search on a known curve from the shipped arm (0 VP) and the bid; returns the VPs played. */
function search(rate: (vp: number) => number, bid: number, steps: number): number[] {
  const points: VpPoint[] = [
    { vp: 0, rate: rate(0) },
    { vp: bid, rate: rate(bid) },
  ];
  for (let i = 0; i < steps; i++) {
    const next = nextStartingVp(points, BAND);
    if (next === null) break;
    points.push({ vp: next, rate: rate(next) });
  }
  return points.slice(1).map((p) => p.vp);
}

describe('16.1: the starting VP that evens a scenario, by line search', () => {
  test('a linear curve: the first interpolation lands on its 50% point', () => {
    // Paraguay wins 80% as shipped, 2 points fewer for every VP given to Bolivia: even at Bolivia +15.
    const rate = (vp: number) => 0.8 + 0.02 * vp;
    const vps = search(rate, -6, 3);
    expect(vps).toEqual([-6, -15]);
  });

  test('a bid that under-corrects is pushed on past it, and an overshoot interpolated back', () => {
    // A logistic curve, even at Bolivia +20, the bid only -6 (Paraguay still 70% there).
    const rate = (vp: number) => 1 / (1 + Math.exp(-(vp + 20) / 12));
    const vps = search(rate, -6, 4);
    const last = vps[vps.length - 1]!;
    expect(rate(last)).toBeGreaterThanOrEqual(BAND[0]);
    expect(rate(last)).toBeLessThanOrEqual(BAND[1]);
    expect(vps.length).toBeLessThanOrEqual(4);
  });

  test('nothing to play once an arm lies within the band', () => {
    expect(
      nextStartingVp(
        [
          { vp: 0, rate: 0.9 },
          { vp: -10, rate: 0.52 },
        ],
        BAND,
      ),
    ).toBeNull();
  });

  test('a rate that does not rise with the VP (noise) steps at most MAX_VP_STEP toward the side that needs it', () => {
    // Paraguay wins too much at both arms, more at the bid than as shipped: a step toward Bolivia from the arm nearest 50%.
    expect(
      nextStartingVp(
        [
          { vp: 0, rate: 0.7 },
          { vp: -5, rate: 0.72 },
        ],
        BAND,
      ),
    ).toBe(-MAX_VP_STEP);
    // Too little at both: toward Paraguay, from the arm nearest 50%.
    expect(
      nextStartingVp(
        [
          { vp: 0, rate: 0.3 },
          { vp: 5, rate: 0.3 },
        ],
        BAND,
      ),
    ).toBe(MAX_VP_STEP);
  });

  test('a VP already played is not played again', () => {
    // Between 0 (60%) and -1 (40%) the interpolation rounds to 0 or -1: nothing new at whole VP.
    expect(
      nextStartingVp(
        [
          { vp: 0, rate: 0.6 },
          { vp: -1, rate: 0.4 },
        ],
        BAND,
      ),
    ).toBeNull();
  });
});
