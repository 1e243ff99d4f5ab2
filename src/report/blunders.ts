// The blunder audit of a run (src/sim/blunders.ts counts; docs/blunders.md defines each kind):
// blunders.csv, its chart and the table on the report page.
import { SIDE_NAMES, type Aggregate } from '../sim/aggregate.js';
import { BLUNDERS } from '../sim/blunders.js';
import { wilson } from '../analysis/stats.js';
import { base, SIDE_COLOURS, type Chart } from './charts.js';
import { round, type Row, type Table } from './summary.js';

export const BLUNDER_COLUMNS = [
  'side',
  'blunder',
  'games',
  'share_of_games',
  'share_of_games_lo',
  'share_of_games_hi',
  'total',
  'mean_per_game',
  'counts',
  'rule',
  'description',
] as const;

/** blunders.csv: a row per side and kind: games with at least one (share with its Wilson 95% interval), occurrences and their mean per game. */
export function blundersTable(agg: Aggregate): Table {
  const n = agg.games;
  const rows: Row[] = [];
  SIDE_NAMES.forEach((side, s) => {
    BLUNDERS.forEach((b, k) => {
      const games = agg.blunders.games[k]![s]!,
        total = agg.blunders.total[k]![s]!;
      const ci = wilson(games, n);
      rows.push({
        side,
        blunder: b.id,
        games,
        share_of_games: round(n > 0 ? games / n : NaN),
        share_of_games_lo: round(n > 0 ? ci.lo : NaN),
        share_of_games_hi: round(n > 0 ? ci.hi : NaN),
        total,
        mean_per_game: round(n > 0 ? total / n : NaN, 3),
        counts: b.counts,
        rule: b.rule,
        description: b.description,
      });
    });
  });
  return { columns: BLUNDER_COLUMNS, rows };
}

const SIDE_LABEL = ['Paraguay', 'Bolivia'] as const;

/** A bar per kind and side: the share of games with at least one, with its Wilson 95% interval. */
export function blundersChart(agg: Aggregate): Chart {
  const n = agg.games;
  const order = BLUNDERS.map((b) => b.short);
  const values = BLUNDERS.flatMap((b, k) =>
    SIDE_NAMES.map((_, s) => {
      const games = agg.blunders.games[k]![s]!;
      const ci = wilson(games, n);
      return {
        blunder: b.short,
        id: b.id,
        side: SIDE_LABEL[s],
        share: n > 0 ? games / n : 0,
        lo: n > 0 ? ci.lo : 0,
        hi: n > 0 ? ci.hi : 0,
        games,
      };
    }),
  );
  const x = { field: 'blunder', type: 'nominal', sort: order, title: null, axis: { labelAngle: -30 } } as const;
  const xOffset = { field: 'side', type: 'nominal', sort: [...SIDE_LABEL] } as const;
  const colour = {
    field: 'side',
    type: 'nominal',
    title: 'side',
    scale: { domain: [...SIDE_LABEL], range: [...SIDE_COLOURS] },
    legend: { orient: 'top' },
  } as const;
  return {
    name: 'blunders',
    title: 'Blunders',
    caption: `Share of ${n} games in which each side made each kind of blunder at least once, with its Wilson 95% interval (docs/blunders.md defines each; blunders.csv has the counts).`,
    spec: {
      ...base('Share of games with at least one blunder of each kind, by side'),
      width: { step: 26 },
      height: 240,
      data: { values },
      encoding: { x, xOffset },
      layer: [
        {
          mark: 'bar',
          encoding: {
            y: { field: 'share', type: 'quantitative', title: 'share of games', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
            color: colour,
          },
        },
        { mark: { type: 'rule', color: '#222' }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      ],
    },
  };
}
