// Restricted play (Jaffe et al., AIIDE 2012): how much each side's win rate falls when it alone may not
// use one option (no attacks below 2-1, no call-ups, no air, never leave entrenchments), against the
// same games unrestricted. restricted.csv and a chart per scenario.
import { SIDE_COLOURS, type Chart } from './charts.js';
import type { CellGames } from '../analysis/equilibrium.js';
import { pairedProportionDiff } from '../analysis/stats.js';
import { round, type Row } from './summary.js';

export const RESTRICTED_COLUMNS = [
  'scenario',
  'restriction',
  'side',
  'policy',
  'games',
  'win_rate_free',
  'win_rate_restricted',
  'change',
  'change_lo',
  'change_hi',
] as const;

/** The restricted side's win rate in `restricted` minus in `free`, game by game over the games both played. */
export function restrictedChange(
  free: CellGames,
  restricted: CellGames,
  side: 0 | 1,
): { games: number; free: number; restricted: number; change: number; lo: number; hi: number } {
  const n = Math.min(free.winner_g.length, restricted.winner_g.length);
  let both = 0,
    onlyR = 0,
    onlyF = 0,
    neither = 0;
  for (let i = 0; i < n; i++) {
    const r = restricted.winner_g[i] === side,
      f = free.winner_g[i] === side;
    if (r && f) both++;
    else if (r) onlyR++;
    else if (f) onlyF++;
    else neither++;
  }
  const d = pairedProportionDiff(both, onlyR, onlyF, neither);
  return { games: n, free: (both + onlyF) / n, restricted: (both + onlyR) / n, change: d.diff, lo: d.lo, hi: d.hi };
}

export interface RestrictedArms {
  readonly scenario: string;
  readonly name: string;
  readonly policy: string;
  readonly free: CellGames;
  /** Per restriction: Paraguay restricted (Bolivia free), and Bolivia restricted (Paraguay free). */
  readonly arms: readonly { readonly restriction: string; readonly par: CellGames; readonly bol: CellGames }[];
}

export function restrictedRows(r: RestrictedArms): Row[] {
  return r.arms.flatMap((a) =>
    (
      [
        ['PAR', a.par, 0],
        ['BOL', a.bol, 1],
      ] as const
    ).map(([side, arm, s]) => {
      const c = restrictedChange(r.free, arm, s);
      return {
        scenario: r.scenario,
        restriction: a.restriction,
        side,
        policy: r.policy,
        games: c.games,
        win_rate_free: round(c.free),
        win_rate_restricted: round(c.restricted),
        change: round(c.change),
        change_lo: round(c.lo),
        change_hi: round(c.hi),
      };
    }),
  );
}

/** The change in the restricted side's win rate, per restriction and side, with paired 95% intervals. */
export function restrictedChart(id: string, name: string, rows: readonly Row[]): Chart {
  const values = rows.map((r) => ({
    ...r,
    sideName: r.side === 'PAR' ? 'Paraguay' : 'Bolivia',
    label: `${Number(r.change) >= 0 ? '+' : ''}${(100 * Number(r.change)).toFixed(0)}`,
  }));
  const y = { field: 'restriction', type: 'nominal', title: null };
  const yOffset = { field: 'sideName', type: 'nominal', sort: ['Paraguay', 'Bolivia'] };
  return {
    name: `restricted-${id}`,
    title: `${name}: what each side cannot do without`,
    caption:
      "Change in the restricted side's win rate when it alone may not use the option, against the same games unrestricted (paired 95% intervals, Newcombe). A large fall marks an option the side depends on.",
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      description: `Restricted play in ${name}`,
      background: 'white',
      config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null } },
      width: 360,
      height: { step: 18 },
      data: { values },
      // y and yOffset per layer, not shared: the zero line below spans every band (a layer cannot unset
      // an inherited channel; "y": null fails the Vega-Lite schema).
      layer: [
        {
          mark: 'bar',
          encoding: {
            y,
            yOffset,
            x: { field: 'change', type: 'quantitative', title: "change in the restricted side's win rate", axis: { format: '+.0%' } },
            color: {
              field: 'sideName',
              type: 'nominal',
              title: 'restricted side',
              scale: { domain: ['Paraguay', 'Bolivia'], range: [...SIDE_COLOURS] },
            },
          },
        },
        {
          mark: { type: 'rule', color: 'black' },
          encoding: { y, yOffset, x: { field: 'change_lo', type: 'quantitative' }, x2: { field: 'change_hi' } },
        },
        { data: { values: [{ x: 0 }] }, mark: { type: 'rule', color: '#555' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
      ],
    },
  };
}
