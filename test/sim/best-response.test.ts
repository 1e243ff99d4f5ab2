// The best-response check on synthetic games whose best reply is known: the NTBEA search over a space of
// replies scored exactly against a held mix of a matrix, the gain over an equilibrium (none) and over a
// weak pool's mix (what the matrix says), and the paired per-game scores the command measures with.
import { describe, expect, test } from 'vitest';
import {
  mixOfMixesScores,
  mixResult,
  mixScores,
  replyFitness,
  replyGain,
  replyMarginGain,
  searchReply,
} from '../../src/sim/best-response.js';
import { mixedValue, solveMatrixGame } from '../../src/analysis/matrix-game.js';
import { mixText, parseMix } from '../../src/report/balance-report.js';
import { pairedProportionDiff } from '../../src/analysis/stats.js';

/** Nine replies (a 3 × 3 space: reply 3a + b) against two held policies: the reply's win probability. */
const A = [
  [0.5, 0.4],
  [0.45, 0.55],
  [0.3, 0.7],
  [0.6, 0.2],
  [0.55, 0.5],
  [0.2, 0.8],
  [0.4, 0.45],
  [0.65, 0.35],
  [0.35, 0.6],
];
const row = (p: readonly number[]) => 3 * p[0]! + p[1]!;
/** A reply's exact score against the held mix `col`. */
const score = (p: readonly number[], col: readonly number[]) => A[row(p)]!.reduce((s, x, j) => s + x * col[j]!, 0);
const bestScore = (col: readonly number[]) => Math.max(...A.map((r) => r.reduce((s, x, j) => s + x * col[j]!, 0)));

describe('searching for a reply', () => {
  test('NTBEA finds the reply of a synthetic matrix that scores best against the held mix', async () => {
    for (const col of [
      [1, 0],
      [0, 1],
      [0.5, 0.5],
      [0.3, 0.7],
    ]) {
      const r = await searchReply({
        sizes: [3, 3],
        start: [0, 0],
        evaluations: 40,
        seed: `m${col.join()}`,
        evaluate: (p) => score(p, col),
      });
      expect(r.complete).toBe(true);
      expect(r.evaluated).toHaveLength(40);
      expect(score(r.best!, col)).toBeCloseTo(bestScore(col), 12);
    }
  });

  test('against the equilibrium mix of the whole matrix no reply gains; against the mix of a pool of two replies the best gains what the matrix says', async () => {
    // The held side's equilibrium mix when the replying side may play any of the nine rows.
    const whole = solveMatrixGame(A);
    const all = await searchReply({ sizes: [3, 3], start: [0, 0], evaluations: 40, seed: 'eq', evaluate: (p) => score(p, whole.col) });
    expect(score(all.best!, whole.col) - whole.value).toBeLessThan(1e-9);
    // A weak pool: the replying side knew only rows 0 and 6; the held side's equilibrium mix against those.
    const pool = solveMatrixGame([A[0]!, A[6]!]);
    const weak = await searchReply({ sizes: [3, 3], start: [0, 0], evaluations: 40, seed: 'weak', evaluate: (p) => score(p, pool.col) });
    const gain = score(weak.best!, pool.col) - mixedValue([A[0]!, A[6]!], pool.row, pool.col);
    expect(gain).toBeCloseTo(bestScore(pool.col) - pool.value, 12);
    expect(gain).toBeGreaterThan(0.1);
  });

  test('the search stops where an evaluation returns null, and proposes the same points again with the same seed and fitnesses', async () => {
    const col = [0.5, 0.5];
    const whole = await searchReply({ sizes: [3, 3], start: [1, 1], evaluations: 12, seed: 's', evaluate: (p) => score(p, col) });
    const cut = await searchReply({
      sizes: [3, 3],
      start: [1, 1],
      evaluations: 12,
      seed: 's',
      evaluate: (p, i) => (i === 5 ? null : score(p, col)),
    });
    expect(cut.complete).toBe(false);
    expect(cut.evaluated.map((e) => e.point)).toEqual(whole.evaluated.slice(0, 5).map((e) => e.point));
    expect(whole.evaluated[0]!.point).toEqual([1, 1]);
  });
});

describe('scores against a mix, paired game by game', () => {
  test("a reply's per-game score is its weighted wins against the mix; the reference mixes its own policies' scores", () => {
    const held = (won: number[], weight: number) => ({ weight, won_g: won, margin_g: won.map((w) => (w ? 10 : -10)) });
    const reply = mixScores([held([1, 1, 0, 1], 0.25), held([1, 0, 0, 1], 0.75)]);
    expect([...reply]).toEqual([1, 0.25, 0, 1]);
    expect(mixResult([held([1, 1, 0, 1], 0.25), held([1, 0, 0, 1], 0.75)])).toEqual({ winRate: 0.5625, meanMargin: 1.25, games: 4 });
    const ref = mixOfMixesScores([
      { weight: 0.5, cells: [held([1, 0, 0, 0], 0.25), held([1, 0, 0, 0], 0.75)] },
      { weight: 0.5, cells: [held([0, 0, 0, 1], 0.25), held([0, 0, 0, 1], 0.75)] },
    ]);
    expect([...ref]).toEqual([0.5, 0, 0, 0.5]);
    const g = replyGain(reply, ref);
    expect(g.gain).toBeCloseTo((0.5 + 0.25 + 0 + 0.5) / 4, 12);
    expect(g.games).toBe(4);
    expect(g.lo).toBeLessThan(g.gain);
    expect(g.hi).toBeGreaterThan(g.gain);
  });

  test("the gain's interval keeps its width with few games: one game the reply won does not make it better", () => {
    const one = replyGain([1], [0.85]);
    expect(one.gain).toBeCloseTo(0.15, 12);
    expect(one.lo).toBeLessThan(0);
    expect(one.hi).toBeGreaterThan(0.15);
    // Four equal differences: a normal interval would have no width; this one does.
    const four = replyGain([1, 1, 1, 1], [0.5, 0.5, 0.5, 0.5]);
    expect(four.hi - four.lo).toBeGreaterThan(0.3);
    expect(four.lo).toBeLessThan(0.5);
  });

  test("with scores of 0 or 1 only the gain's interval is Newcombe's paired interval", () => {
    // 10 games: both won 3, only the reply 4, only the reference 1, neither 2.
    const reply = [1, 1, 1, 1, 1, 1, 1, 0, 0, 0],
      ref = [1, 1, 1, 0, 0, 0, 0, 1, 0, 0];
    const d = pairedProportionDiff(3, 4, 1, 2);
    expect(replyGain(reply, ref)).toEqual({ gain: d.diff, lo: d.lo, hi: d.hi, games: 10 });
  });

  test('the gain in VP is the mean of the paired margin differences, with a normal interval; the margins mix as the wins do', () => {
    // Differences 5, 7, 3, 9: mean 6, sd sqrt(20/3), half-width 1.96 sd / 2.
    const m = replyMarginGain([10, 12, 8, 14], [5, 5, 5, 5]);
    const half = (1.959963984540054 * Math.sqrt(20 / 3)) / 2;
    expect(m.gain).toBeCloseTo(6, 12);
    expect(m.lo).toBeCloseTo(6 - half, 9);
    expect(m.hi).toBeCloseTo(6 + half, 9);
    // Win rates at 100% both ways: no gain in wins, a gain in VP the interval shows.
    const held = (margin: number[], weight: number) => ({ weight, won_g: margin.map(() => 1), margin_g: margin });
    const reply = [held([30, 40, 35, 45], 0.5), held([20, 30, 25, 35], 0.5)];
    const ref = [{ weight: 1, cells: [held([20, 25, 20, 30], 0.5), held([10, 15, 10, 20], 0.5)] }];
    expect(replyGain(mixScores(reply), mixOfMixesScores(ref)).gain).toBe(0);
    expect([...mixScores(reply, 'margin_g')]).toEqual([25, 35, 30, 40]);
    const vp = replyMarginGain(mixScores(reply, 'margin_g'), mixOfMixesScores(ref, 'margin_g'));
    expect(vp.gain).toBeCloseTo(32.5 - 18.75, 12);
    expect(vp.lo).toBeGreaterThan(0);
  });

  test("the fitness is tune's: half the win rate, half the squashed mean margin", () => {
    expect(replyFitness(1, 0)).toBeCloseTo(0.75, 12);
    expect(replyFitness(0, -1e9)).toBeCloseTo(0, 12);
  });

  test('a mix as equilibrium.csv writes it reads back to its policies and weights', () => {
    expect(parseMix(mixText(['cautious', 'balanced', 'search:8'], [0.182, 0, 0.818]))).toEqual([
      { label: 'cautious', weight: 0.182 },
      { label: 'search:8', weight: 0.818 },
    ]);
    expect(parseMix('random 1')).toEqual([{ label: 'random', weight: 1 }]);
    expect(parseMix('')).toBeNull();
  });
});
