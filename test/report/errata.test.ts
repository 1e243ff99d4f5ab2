// Candidate errata on synthetic games where the answer is known: each arm's win rate with its Wilson interval,
// its paired change from the games as shipped, the candidates within 45-55% nearest 50% first, the line that says
// none was found with the closest arm; and the starting VP that the games as shipped call for (the fair bid).
import { describe, expect, test } from 'vitest';
import { candidates, errataLine, errataRows, TARGET, type ScenarioErrata } from '../../src/report/errata.js';
import { startingVp } from '../../src/cli/errata.js';

/** n games of which the first `parWins` are Paraguay's, with margin +5 (Paraguay) or -5 (Bolivia). */
function games(n: number, parWins: number) {
  const winner_g = new Uint8Array(n),
    margin_g = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    winner_g[i] = i < parWins ? 0 : 1;
    margin_g[i] = i < parWins ? 5 : -5;
  }
  return { winner_g, margin_g };
}

function scenario(arms: [string, number][]): ScenarioErrata {
  return {
    id: 's',
    name: 'S',
    shipped: games(100, 90),
    arms: arms.map(([item, wins], k) => ({
      kind: k === 0 ? 'starting-vp' : 'estimate',
      item,
      change: `change ${item}`,
      setting: `--option ${item}`,
      games: games(100, wins),
    })),
  };
}

describe('candidate errata: a win rate within 45-55% (issue 28 item 4)', () => {
  test("each arm's rate, its Wilson interval and its paired change from as shipped", () => {
    const rows = errataRows(
      scenario([
        ['vp', 52],
        ['a', 30],
      ]),
    );
    expect(rows.map((r) => [r.item, r.par_win_rate, r.candidate])).toEqual([
      ['vp', 0.52, 'yes'],
      ['a', 0.3, 'no'],
    ]);
    // Arm a: Paraguay keeps its first 30 wins and loses 60 of the 90 it had: the change is -0.6 exactly.
    expect(rows[1]!.change_from_shipped).toBe(-0.6);
    expect(Number(rows[1]!.change_lo)).toBeLessThan(-0.6);
    expect(Number(rows[1]!.change_hi)).toBeGreaterThan(-0.6);
    expect(Number(rows[0]!.par_win_lo)).toBeLessThan(0.52);
    expect(Number(rows[0]!.par_win_hi)).toBeGreaterThan(0.52);
  });

  test("the candidates are the arms within the band, nearest 50% first; the band's ends count", () => {
    expect(TARGET).toEqual([0.45, 0.55]);
    const rows = errataRows(
      scenario([
        ['vp', 55],
        ['far', 70],
        ['near', 49],
        ['edge', 45],
        ['out', 44],
      ]),
    );
    expect(candidates(rows).map((r) => r.item)).toEqual(['near', 'edge', 'vp']);
    expect(
      errataLine(
        scenario([
          ['vp', 55],
          ['near', 49],
        ]),
        errataRows(
          scenario([
            ['vp', 55],
            ['near', 49],
          ]),
        ),
      ),
    ).toMatch(/^S: Paraguay 90% as shipped; 2 candidate errata within 45%-55%, best change near: Paraguay 49%/);
  });

  test('none found: the line says so and names the closest arm', () => {
    const s = scenario([
      ['vp', 70],
      ['a', 80],
      ['b', 35],
    ]);
    expect(errataLine(s, errataRows(s))).toMatch(/no candidate within 45%-55% in the search; closest change b: Paraguay 35%/);
  });

  test("the starting VP is the fair bid of the games as shipped, to whole VP: the margin's median with the sign turned", () => {
    // Paraguay wins by 12 in most games: Bolivia gets 12 VP at the start (a negative bid for Paraguay).
    const shipped = (margins: number[]) => ({ margin_g: Int32Array.from(margins) });
    expect(startingVp(shipped([12, 12, 12, 11, 13, 12, 12]))).toBe(-12);
    expect(startingVp(shipped([-7, -7, -8, -6, -7]))).toBe(7);
    expect(startingVp(shipped([0, 0, 0]))).toBe(0);
  });
});
