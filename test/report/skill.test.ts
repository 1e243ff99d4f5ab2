// The skill curve's figures on synthetic cells whose answer is known: the convergence rule, the rows of
// skill.csv (each side one doubling up paired against both at the lower rung) and the statements.
import { describe, expect, test } from 'vitest';
import { convergence, convergenceSentence, rungBudget, skillRows, type RungVerdict, type SkillScenario } from '../../src/report/skill.js';
import type { CellGames } from '../../src/analysis/equilibrium.js';

/** A cell of n games in which Paraguay wins the first `wins` (margin +5) and loses the rest (margin -5). */
function cell(wins: number, n: number): CellGames {
  const winner_g = new Uint8Array(n),
    margin_g = new Int32Array(n);
  for (let g = 0; g < n; g++) {
    winner_g[g] = g < wins ? 0 : 1;
    margin_g[g] = g < wins ? 5 : -5;
  }
  return { winner_g, margin_g };
}

const v = (rung: string, rate: number, half: number): RungVerdict => ({ rung, rate, lo: rate - half, hi: rate + half });

describe('the convergence rule', () => {
  test('a doubling that moves the win rate by less than half its interval is settled; the verdict converged at the lowest rung from which every doubling is settled', () => {
    const c = convergence([v('search:1', 0.3, 0.05), v('search:2', 0.5, 0.05), v('search:4', 0.53, 0.05), v('search:8', 0.51, 0.05)]);
    expect(c.doublings.map((d) => d.settled)).toEqual([false, true, true]);
    expect(c.doublings[1]!.move).toBeCloseTo(0.03, 10);
    expect(c.doublings[1]!.halfWidth).toBeCloseTo(0.05, 10);
    expect(c.converged).toBe(true);
    expect(c.at).toBe('search:2');
  });

  test('a last doubling beyond its interval means still moving, whatever the doublings before it did', () => {
    const c = convergence([v('search:1', 0.5, 0.05), v('search:2', 0.51, 0.05), v('search:4', 0.6, 0.05)]);
    expect(c.doublings.map((d) => d.settled)).toEqual([true, false]);
    expect(c.converged).toBe(false);
    expect(c.at).toBeNull();
    expect(convergenceSentence('Boquerón', c)).toMatch(
      /^Boquerón: still moving: the last doubling, budget 2 \(search:2\) → budget 4 \(search:4\) moved Paraguay's win rate \+9\.0 points, more than the ±5\.0 of its interval$/,
    );
  });

  test("the interval that judges a doubling is the higher rung's, and a move equal to its half-width is not settled", () => {
    const c = convergence([v('a', 0.4, 0.01), { rung: 'b', rate: 0.5, lo: 0.4, hi: 0.6 }, { rung: 'c', rate: 0.55, lo: 0.5, hi: 0.6 }]);
    expect(c.doublings.map((d) => d.settled)).toEqual([false, false]);
    expect(convergence([v('a', 0.4, 0.01), { rung: 'b', rate: 0.45, lo: 0.3, hi: 0.6 }]).at).toBe('a');
  });

  test("doublings that each pass but drift one way beyond the top rung's interval do not converge from below (Villa Montes 2026-11-28: 69% → 63% → 59%)", () => {
    const c = convergence([
      { rung: 'search:1', rate: 0.69, lo: 0.59, hi: 0.77 },
      { rung: 'search:2', rate: 0.63, lo: 0.53, hi: 0.72 },
      { rung: 'search:4', rate: 0.59, lo: 0.49, hi: 0.68 },
    ]);
    expect(c.doublings.map((d) => d.settled)).toEqual([true, true]);
    expect(c.at).toBe('search:2');
    expect(convergenceSentence('Villa Montes', c)).toMatch(
      /converged at budget 2 \(search:2\): .*; from budget 1 \(search:1\) the doublings drifted -10\.0 points in all, beyond the ±9\.5 of the top rung's interval$/,
    );
    // The same moves back and forth stay within the top's interval: converged from the bottom.
    expect(
      convergence([
        { rung: 'search:1', rate: 0.28, lo: 0.2, hi: 0.37 },
        { rung: 'search:2', rate: 0.32, lo: 0.24, hi: 0.42 },
        { rung: 'search:4', rate: 0.27, lo: 0.19, hi: 0.36 },
      ]).at,
    ).toBe('search:1');
  });

  test('one rung alone has no doubling: not converged, and the statement says it was not measured', () => {
    const c = convergence([v('search:1', 0.5, 0.05)]);
    expect(c).toEqual({ converged: false, at: null, doublings: [] });
    expect(convergenceSentence('Villa Montes', c)).toContain('not measured');
  });

  test("a rung's budget is the rollouts of search:N, 4 for search, none for any other policy", () => {
    expect([rungBudget('search:8'), rungBudget('search'), rungBudget('balanced'), rungBudget('tuned')]).toEqual([8, 4, null, null]);
    expect([rungBudget('search:2:balanced'), rungBudget('search:balanced')]).toEqual([2, 4]);
  });
});

describe('skill.csv rows', () => {
  test('both sides at each rung, then each side alone one rung up, its step paired against both at the lower rung', () => {
    const s: SkillScenario = {
      id: 'boqueron',
      name: 'Boquerón',
      rungs: ['search:1', 'search:2'],
      // both at 1: Paraguay wins 5 of 10; Paraguay up: 8; Bolivia up: Paraguay 2; both at 2: 6.
      same: [cell(5, 10), cell(6, 10)],
      parUp: [cell(8, 10)],
      bolUp: [cell(2, 10)],
    };
    const rows = skillRows(s, { seed: 't', replicates: 100 });
    expect(rows.map((r) => `${r.pair} ${r.par_policy} ${r.bol_policy} ${r.par_budget} ${r.bol_budget} ${r.games}`)).toEqual([
      'both search:1 search:1 1 1 10',
      'both search:2 search:2 2 2 10',
      'par_up search:2 search:1 2 1 10',
      'bol_up search:1 search:2 1 2 10',
    ]);
    const by = (pair: string) => rows.find((r) => r.pair === pair && (pair !== 'both' || r.par_policy === 'search:2'))!;
    // Paraguay's win rate moved +0.1 from search:1 to search:2; the doubling is worth +0.3 to Paraguay and +0.3 to Bolivia.
    expect(by('both').step).toBeCloseTo(0.1, 4);
    expect(by('par_up').step).toBeCloseTo(0.3, 4);
    expect(by('bol_up').step).toBeCloseTo(0.3, 4);
    for (const r of rows.slice(1)) {
      expect(Number(r.step_lo)).toBeLessThanOrEqual(Number(r.step));
      expect(Number(r.step_hi)).toBeGreaterThanOrEqual(Number(r.step));
    }
    // The first rung has no step; a move of 10 points against a ±27-point interval (10 games) is settled.
    expect(rows[0]!.step).toBe('');
    expect(by('both').settled).toBe('true');
    expect(by('par_up').settled).toBe('');
    // Margins of ±5: a cell won 5 of 10 needs no bid; one Paraguay wins 8 of 10 gives Bolivia VP, one it wins 2 gives Paraguay VP.
    expect(rows[0]!.fair_bid).toBe(0);
    expect(Number(by('par_up').fair_bid)).toBeLessThan(0);
    expect(Number(by('bol_up').fair_bid)).toBeGreaterThan(0);
  });
});
