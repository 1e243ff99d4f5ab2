// The paired statistics of `chaco sensitivity`: the change in the fair bid between two arms of the same
// games, bootstrapped with the same game indices in both arms; items sorted largest first.
import { describe, expect, test } from 'vitest';
import { pairedBidChange, sensitivityRows } from '../../src/report/sensitivity.js';
import { quickBidPoint } from '../../src/analysis/bid.js';
import { seededUniform } from '../../src/analysis/stats.js';

const games = (margins: number[]) => ({
  margin_g: Int32Array.from(margins),
  winner_g: Uint8Array.from(margins.map((m) => (m > 0 ? 0 : m < 0 ? 1 : 2))),
});
const noisy = (n: number, seed: string) => {
  const r = seededUniform(seed);
  return Array.from({ length: n }, () => Math.round(60 * r() - 20));
};

describe('sensitivity statistics', () => {
  test('16.4 margins: an arm whose every margin is k VP lower moves the fair bid by exactly +k, with no spread', () => {
    const base = noisy(300, 'a');
    const c = pairedBidChange(games(base), games(base.map((m) => m - 7)), 200, 's');
    expect(c.change).toBeCloseTo(7, 9);
    expect(c.lo).toBeCloseTo(7, 9);
    expect(c.hi).toBeCloseTo(7, 9);
  });

  test('the same games in both arms change nothing; independent arms of one distribution give an interval around 0', () => {
    const base = noisy(400, 'b');
    const same = pairedBidChange(games(base), games(base), 100, 's');
    expect([same.change, same.lo, same.hi]).toEqual([0, 0, 0]);
    // Unpaired arms (other games) carry their own noise: the paired bootstrap sees it.
    const other = pairedBidChange(games(base), games(noisy(400, 'c')), 400, 's');
    expect(other.lo).toBeLessThan(0);
    expect(other.hi).toBeGreaterThan(0);
    expect(other.change).toBeCloseTo(
      quickBidPoint({ lo: -20, counts: hist(noisy(400, 'c')) }) - quickBidPoint({ lo: -20, counts: hist(base) }),
      9,
    );
  });

  test('rows: the win-rate change is the varied arm minus the base, largest first', () => {
    const base = noisy(200, 'd');
    const worse = base.map((m, i) => (i % 4 === 0 ? -Math.abs(m) - 1 : m));
    const rows = sensitivityRows(
      {
        id: 's',
        name: 'S',
        base: games(base),
        items: [
          { item: { name: 'same', kind: 'reading', change: 'x', setting: 'x=1' }, games: games(base) },
          { item: { name: 'worse', kind: 'estimate', change: 'y', setting: 'estimate.y=1' }, games: games(worse) },
        ],
      },
      { replicates: 100, seed: 't' },
    );
    expect(rows.map((r) => r.item)).toEqual(['worse', 'same']);
    const parWins = (m: number[]) => m.filter((x) => x > 0).length / m.length;
    expect(Number(rows[0]!.par_win_rate_change)).toBeCloseTo(parWins(worse) - parWins(base), 3);
    expect(Number(rows[0]!.par_win_rate_change_hi)).toBeLessThan(0);
    expect(Number(rows[1]!.par_win_rate_change)).toBe(0);
  });
});

function hist(m: number[]): number[] {
  const counts = new Array<number>(61).fill(0);
  for (const x of m) counts[x + 20]!++;
  return counts;
}
