// The strength ladder of `chaco ladder`: Bradley–Terry ratings of each side's policies from the matrix of
// games between them (Elo scale, each side's reference policy at 0, percentile bootstrap intervals), and
// each policy's gain in win rate over the reference policy against the same opponent on the same games.
import type { CellGames } from '../analysis/equilibrium.js';
import { restrictedChange } from './restricted-report.js';
import { quantileSorted, seededUniform } from '../analysis/stats.js';
import { round, type Row } from './summary.js';
import { bradleyTerry, ELO, type Ratings } from '../analysis/ratings.js';

/** Paraguay's score in a game: a win 1, a draw one half (winner 2), a loss 0. */
const score = (w: number) => (w === 0 ? 1 : w === 2 ? 0.5 : 0);

export interface LadderMatrix {
  readonly id: string;
  readonly name: string;
  readonly par: readonly string[];
  readonly bol: readonly string[];
  readonly cells: readonly (readonly CellGames[])[];
  /** Index of each side's reference policy in par / bol. */
  readonly parRef: number;
  readonly bolRef: number;
}

export const RATINGS_COLUMNS = [
  'scenario',
  'side',
  'rank',
  'policy',
  'rating',
  'rating_lo',
  'rating_hi',
  'mean_win_rate',
  'games',
] as const;
export const GAINS_COLUMNS = [
  'scenario',
  'side',
  'policy',
  'reference',
  'opponent',
  'games',
  'win_rate',
  'reference_win_rate',
  'gain',
  'gain_lo',
  'gain_hi',
] as const;

/** Each side's ratings on the Elo scale, its reference at 0, higher stronger. */
function eloOf(m: LadderMatrix, r: Ratings): { par: number[]; bol: number[] } {
  return { par: r.a.map((x) => ELO * (x - r.a[m.parRef]!)), bol: r.b.map((x) => ELO * (x - r.b[m.bolRef]!)) };
}

function tally(cells: readonly (readonly CellGames[])[]): { s: number[][]; n: number[][] } {
  return {
    s: cells.map((row) => row.map((c) => c.winner_g.reduce((x, w) => x + score(w), 0))),
    n: cells.map((row) => row.map((c) => c.winner_g.length)),
  };
}

/** Ratings with percentile-bootstrap intervals: every replicate resamples each cell's games. */
export function ratingRows(m: LadderMatrix, opts: { replicates: number; seed: string }): Row[] {
  const { s, n } = tally(m.cells);
  const point = eloOf(m, bradleyTerry(s, n));
  const random = seededUniform(`${opts.seed}:${m.id}:ladder`);
  const draws = { par: m.par.map(() => [] as number[]), bol: m.bol.map(() => [] as number[]) };
  for (let r = 0; r < opts.replicates; r++) {
    const sr = m.cells.map((row) =>
      row.map((c) => {
        let x = 0;
        for (let k = 0; k < c.winner_g.length; k++) x += score(c.winner_g[Math.floor(random() * c.winner_g.length)]!);
        return x;
      }),
    );
    const e = eloOf(m, bradleyTerry(sr, n));
    e.par.forEach((v, i) => draws.par[i]!.push(v));
    e.bol.forEach((v, j) => draws.bol[j]!.push(v));
  }
  const rate = (i: number, j: number) => s[i]![j]! / Math.max(1, n[i]![j]!);
  const side = (
    labels: readonly string[],
    elo: number[],
    dr: number[][],
    mean: (k: number) => number,
    games: (k: number) => number,
    name: string,
  ) =>
    labels
      .map((p, k) => {
        const d = [...dr[k]!].sort((x, y) => x - y);
        return { p, k, elo: elo[k]!, lo: quantileSorted(d, 0.025), hi: quantileSorted(d, 0.975) };
      })
      .sort((x, y) => y.elo - x.elo || x.p.localeCompare(y.p))
      .map((x, rank) => ({
        scenario: m.id,
        side: name,
        rank: rank + 1,
        policy: x.p,
        rating: round(x.elo, 0),
        rating_lo: round(x.lo, 0),
        rating_hi: round(x.hi, 0),
        mean_win_rate: round(mean(x.k)),
        games: games(x.k),
      }));
  return [
    ...side(
      m.par,
      point.par,
      draws.par,
      (i) => m.bol.reduce((x, _, j) => x + rate(i, j), 0) / m.bol.length,
      (i) => n[i]!.reduce((x, v) => x + v, 0),
      'PAR',
    ),
    ...side(
      m.bol,
      point.bol,
      draws.bol,
      (j) => m.par.reduce((x, _, i) => x + 1 - rate(i, j), 0) / m.par.length,
      (j) => n.reduce((x, row) => x + row[j]!, 0),
      'BOL',
    ),
  ];
}

/**
 * Per side, each policy against the other side's reference policy, beside this side's reference policy
 * against the same opponent on the same seeds: the gain in win rate with Newcombe's paired interval.
 */
export function gainRows(m: LadderMatrix): Row[] {
  const rows: Row[] = [];
  m.par.forEach((p, i) => {
    if (i === m.parRef) return;
    const c = restrictedChange(m.cells[m.parRef]![m.bolRef]!, m.cells[i]![m.bolRef]!, 0);
    rows.push({
      scenario: m.id,
      side: 'PAR',
      policy: p,
      reference: m.par[m.parRef]!,
      opponent: m.bol[m.bolRef]!,
      games: c.games,
      win_rate: round(c.restricted),
      reference_win_rate: round(c.free),
      gain: round(c.change),
      gain_lo: round(c.lo),
      gain_hi: round(c.hi),
    });
  });
  m.bol.forEach((p, j) => {
    if (j === m.bolRef) return;
    const c = restrictedChange(m.cells[m.parRef]![m.bolRef]!, m.cells[m.parRef]![j]!, 1);
    rows.push({
      scenario: m.id,
      side: 'BOL',
      policy: p,
      reference: m.bol[m.bolRef]!,
      opponent: m.par[m.parRef]!,
      games: c.games,
      win_rate: round(c.restricted),
      reference_win_rate: round(c.free),
      gain: round(c.change),
      gain_lo: round(c.lo),
      gain_hi: round(c.hi),
    });
  });
  return rows;
}
