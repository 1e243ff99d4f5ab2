// The strength ladder's statistics: Bradley–Terry strengths recovered from games drawn with known
// strengths, finite for a policy that always wins, and gains measured on the same games.
import { describe, expect, test } from 'vitest';
import { bradleyTerry, ELO } from '../../src/analysis/ratings.js';
import { gainRows, ratingRows, type LadderMatrix } from '../../src/report/ladder.js';
import { seededUniform } from '../../src/analysis/stats.js';

/** n games of Paraguay's policy with strength a against Bolivia's with strength b (winner 0 or 1). */
function games(a: number, b: number, n: number, random: () => number): { margin_g: Int32Array; winner_g: Uint8Array } {
  const p = 1 / (1 + Math.exp(b - a));
  const winner_g = Uint8Array.from({ length: n }, () => (random() < p ? 0 : 1));
  return { margin_g: Int32Array.from(winner_g, (w) => (w === 0 ? 10 : -10)), winner_g };
}

describe('strength ladder', () => {
  test('Bradley–Terry recovers the strengths that drew the games (to within sampling error)', () => {
    const a = [0, 0.8, -0.5],
      b = [0.3, -0.6];
    const random = seededUniform('bt');
    const n = 20_000;
    const s = a.map((ai) => b.map((bj) => games(ai, bj, n, random).winner_g.reduce((x, w) => x + (w === 0 ? 1 : 0), 0)));
    const fit = bradleyTerry(
      s,
      a.map(() => b.map(() => n)),
    );
    for (let i = 1; i < a.length; i++) expect(fit.a[i]! - fit.a[0]!).toBeCloseTo(a[i]! - a[0]!, 1);
    expect(fit.b[1]! - fit.b[0]!).toBeCloseTo(b[1]! - b[0]!, 1);
    expect(fit.b[0]! - fit.a[0]!).toBeCloseTo(b[0]! - a[0]!, 1);
  });

  test('a policy that wins every game keeps a finite rating, above the others', () => {
    const fit = bradleyTerry(
      [
        [10, 10],
        [5, 2],
      ],
      [
        [10, 10],
        [10, 10],
      ],
    );
    expect(Number.isFinite(fit.a[0]!)).toBe(true);
    expect(fit.a[0]!).toBeGreaterThan(fit.a[1]!);
  });

  test("ratings: each side's reference at 0 on the Elo scale, intervals around the point; gains on the same games", () => {
    const random = seededUniform('ladder');
    const strengths = { par: [0, 1], bol: [0, -1] };
    const m: LadderMatrix = {
      id: 's',
      name: 'S',
      par: ['ref', 'strong'],
      bol: ['ref', 'weak'],
      parRef: 0,
      bolRef: 0,
      cells: strengths.par.map((a) => strengths.bol.map((b) => games(a, b, 400, random))),
    };
    const rows = ratingRows(m, { replicates: 200, seed: 'x' });
    const par = rows.filter((r) => r.side === 'PAR'),
      bol = rows.filter((r) => r.side === 'BOL');
    expect(par.map((r) => r.policy)).toEqual(['strong', 'ref']);
    expect(bol.map((r) => r.policy)).toEqual(['ref', 'weak']);
    expect(par[1]!.rating).toBe(0);
    expect(Number(par[0]!.rating)).toBeGreaterThan(0.5 * ELO);
    expect(Number(par[0]!.rating)).toBeLessThan(1.5 * ELO);
    for (const r of rows) {
      expect(Number(r.rating_lo)).toBeLessThanOrEqual(Number(r.rating));
      expect(Number(r.rating_hi)).toBeGreaterThanOrEqual(Number(r.rating));
    }
    // Gains: the strong Paraguayan policy against Bolivia's reference, beside Paraguay's reference on those games.
    const g = gainRows(m);
    const strong = g.find((r) => r.side === 'PAR' && r.policy === 'strong')!;
    const rate = (c: { winner_g: Uint8Array }, side: number) => c.winner_g.filter((w) => w === side).length / c.winner_g.length;
    expect(Number(strong.gain)).toBeCloseTo(rate(m.cells[1]![0]!, 0) - rate(m.cells[0]![0]!, 0), 3);
    const weak = g.find((r) => r.side === 'BOL' && r.policy === 'weak')!;
    expect(Number(weak.gain)).toBeCloseTo(rate(m.cells[0]![1]!, 1) - rate(m.cells[0]![0]!, 1), 3);
    expect(Number(weak.gain_hi)).toBeLessThan(0);
  });
});
