// Where the VP came from (src/sim/vp-sources.ts counts them): vp-sources.csv, its chart (a diverging
// bar per side) and the terminal's lines. Every figure is a mean over all games of the run.
import { hexLabel } from '../core/hex.js';
import type { Scenario } from '../core/scenario.js';
import { SIDE_NAMES, settlementHexes, type Aggregate } from '../sim/aggregate.js';
import { SETTLEMENT_HOW, START, VP_CAUSES, type VpSourceCounts } from '../sim/vp-sources.js';
import { base, type Chart } from './charts.js';
import { round, type Row, type Table } from './summary.js';

export const VP_SOURCE_COLUMNS = [
  'by',
  'side',
  'cause',
  'settlement',
  'hex',
  'turn',
  'vp_total',
  'vp_per_game',
  'events',
  'events_per_game',
  'games_share',
  'label',
  'rule',
] as const;

/** What the tables and charts read of an aggregate (a run's, or a balance cell's). */
export type VpSourcesOf = Pick<Aggregate, 'games' | 'vpSources'>;

/** A settlement's name and hex (XXYY), in map order (the order of the counts). */
export interface SettlementLabel {
  readonly name: string;
  readonly hex: string;
}

export function settlementLabels(scenario: Scenario): SettlementLabel[] {
  const { map } = scenario;
  return settlementHexes(scenario).map((h) => ({ name: map.places[map.place_h[h]!]!.name, hex: hexLabel(map.grid, h) }));
}

const CAUSE_INDEX = new Map<string, number>(VP_CAUSES.map((c, i) => [c.id, i]));

/** [cause][side]: VP summed over turns and games (the start's included). */
export function vpByCause(v: VpSourceCounts): number[][] {
  return VP_CAUSES.map((_, c) => [0, 1].map((s) => v.vp.reduce((a, t) => a + t[c]![s]!, 0)));
}

/** [cause][side]: vp events summed over turns and games. */
export function eventsByCause(v: VpSourceCounts): number[][] {
  return VP_CAUSES.map((_, c) => [0, 1].map((s) => v.events.reduce((a, t) => a + t[c]![s]!, 0)));
}

/**
 * vp-sources.csv, a long table: for each side, a row per cause (always, so the rows add up to the
 * final VP), then a row per settlement and way it was taken, and per turn and cause, where some game
 * had such an event. Means and shares are over all games.
 */
export function vpSourcesTable(agg: VpSourcesOf, settlements: readonly SettlementLabel[]): Table {
  const n = agg.games,
    v = agg.vpSources;
  const per = (x: number) => round(n > 0 ? x / n : NaN, 3);
  const share = (x: number) => round(n > 0 ? x / n : NaN);
  const rows: Row[] = [];
  const blank = { settlement: '', hex: '', turn: '' };
  const vp = vpByCause(v),
    events = eventsByCause(v);
  SIDE_NAMES.forEach((side, s) => {
    VP_CAUSES.forEach((c, k) => {
      const start = k === START;
      rows.push({
        by: 'cause',
        side,
        cause: c.id,
        ...blank,
        vp_total: vp[k]![s]!,
        vp_per_game: per(vp[k]![s]!),
        events: start ? '' : events[k]![s]!,
        events_per_game: start ? '' : per(events[k]![s]!),
        games_share: start ? '' : share(v.games[k]![s]!),
        label: c.label,
        rule: c.rule,
      });
    });
  });
  settlements.forEach(({ name, hex }, k) => {
    SETTLEMENT_HOW.forEach((how, w) => {
      const c = VP_CAUSES[CAUSE_INDEX.get(how)!]!;
      SIDE_NAMES.forEach((side, s) => {
        const e = v.settlementEvents[k]![w]![s]!;
        if (e === 0) return;
        const total = v.settlementVp[k]![w]![s]!;
        rows.push({
          by: 'settlement',
          side,
          cause: how,
          settlement: name,
          hex,
          turn: '',
          vp_total: total,
          vp_per_game: per(total),
          events: e,
          events_per_game: per(e),
          games_share: share(v.settlementGames[k]![w]![s]!),
          label: c.label,
          rule: c.rule,
        });
      });
    });
  });
  v.vp.forEach((t, i) => {
    VP_CAUSES.forEach((c, k) => {
      if (k === START) return;
      SIDE_NAMES.forEach((side, s) => {
        const e = v.events[i]![k]![s]!;
        if (e === 0) return;
        rows.push({
          by: 'turn',
          side,
          cause: c.id,
          settlement: '',
          hex: '',
          turn: i + 1,
          vp_total: t[k]![s]!,
          vp_per_game: per(t[k]![s]!),
          events: e,
          events_per_game: per(e),
          games_share: share(v.gamesInTurn[i]![k]![s]!),
          label: c.label,
          rule: c.rule,
        });
      });
    });
  });
  return { columns: VP_SOURCE_COLUMNS, rows };
}

const SIDE_LABEL = ['Paraguay', 'Bolivia'] as const;
/** A colour per cause in VP_CAUSES order; the starting VP grey. */
const CAUSE_COLOURS = [
  '#b0b0b0',
  '#1f77b4',
  '#aec7e8',
  '#d62728',
  '#ff9896',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#f7b6d2',
  '#ff7f0e',
  '#ffbb78',
  '#2ca02c',
  '#98df8a',
  '#17becf',
  '#9edae5',
];

/** The diverging bar: per side, each cause's mean VP a game stacked right of zero (gains) or left (losses); the dot is the mean final VP. */
export function vpSourcesChart(agg: VpSourcesOf): Chart {
  const n = Math.max(1, agg.games),
    vp = vpByCause(agg.vpSources);
  const values = SIDE_NAMES.flatMap((_, s) =>
    VP_CAUSES.flatMap((c, k) => {
      const mean = vp[k]![s]! / n;
      return mean === 0 ? [] : [{ side: SIDE_LABEL[s], cause: c.label, order: k, vp: Math.round(mean * 1000) / 1000 }];
    }),
  );
  const finals = SIDE_NAMES.map((_, s) => {
    const final = vp.reduce((a, r) => a + r[s]!, 0) / n;
    return { side: SIDE_LABEL[s], vp: Math.round(final * 100) / 100, label: `final ${final.toFixed(1)}` };
  });
  const y = { field: 'side', type: 'nominal', title: null, sort: [...SIDE_LABEL], axis: { labelFontWeight: 'bold' } } as const;
  return {
    name: 'vp-sources',
    title: 'Where the VP come from',
    caption: `Each side's mean VP a game by cause over ${agg.games} games: gains right of zero, losses left (call-ups, leaders lost, truces refused...); the grey part is the starting VP and the black dot the mean final VP (the sum of the parts). vp-sources.csv has them by settlement and by turn too.`,
    spec: {
      ...base('Mean VP per game by cause, a diverging stacked bar per side'),
      width: 560,
      height: { step: 48 },
      layer: [
        {
          data: { values },
          mark: { type: 'bar', stroke: 'white', strokeWidth: 0.5 },
          encoding: {
            y,
            x: { field: 'vp', type: 'quantitative', title: 'mean VP a game', stack: 'zero' },
            color: {
              field: 'cause',
              type: 'nominal',
              title: 'cause',
              scale: { domain: VP_CAUSES.map((c) => c.label), range: CAUSE_COLOURS },
              legend: { orient: 'bottom', columns: 3 },
            },
            order: { field: 'order', type: 'quantitative' },
            tooltip: [
              { field: 'side', type: 'nominal' },
              { field: 'cause', type: 'nominal' },
              { field: 'vp', type: 'quantitative', title: 'mean VP a game' },
            ],
          },
        },
        { data: { values: [{ x: 0 }] }, mark: { type: 'rule', color: '#333' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
        {
          data: { values: finals },
          mark: { type: 'point', filled: true, color: 'black', size: 60 },
          encoding: { y, x: { field: 'vp', type: 'quantitative' } },
        },
        {
          data: { values: finals },
          mark: { type: 'text', dy: -16, fontSize: 11 },
          encoding: { y, x: { field: 'vp', type: 'quantitative' }, text: { field: 'label' } },
        },
      ],
    },
  };
}

const signed = (x: number) => `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(1)}`;

/**
 * Per side, in words: its mean final VP, the starting VP and the causes that moved it most (up to
 * `most`, larger first), the rest summed: "50.6 a game = start 15.0, settlements by movement +22.8, ...".
 */
export function vpSourcesInWords(agg: VpSourcesOf, most = 5): { side: string; text: string }[] {
  const n = agg.games;
  if (n === 0) return [];
  const vp = vpByCause(agg.vpSources);
  return SIDE_NAMES.map((side, s) => {
    const mean = (k: number) => vp[k]![s]! / n;
    const final = vp.reduce((a, r) => a + r[s]!, 0) / n;
    const moved = VP_CAUSES.map((_, k) => k)
      .filter((k) => k !== START && vp[k]![s] !== 0)
      .sort((a, b) => Math.abs(mean(b)) - Math.abs(mean(a)) || a - b);
    const shown = moved.slice(0, most).map((k) => `${VP_CAUSES[k]!.label} ${signed(mean(k))}`);
    const rest = moved.slice(most).reduce((a, k) => a + mean(k), 0);
    const parts = [
      `start ${mean(START).toFixed(1)}`,
      ...shown,
      ...(moved.length > most && Math.abs(rest) >= 0.05 ? [`other ${signed(rest)}`] : []),
    ];
    return { side, text: `${final.toFixed(1)} a game = ${parts.join(', ')}` };
  });
}

/** The terminal's lines, one per side ("vp PAR      50.6 a game = ..."). */
export function vpSourcesLines(agg: VpSourcesOf, most = 5): string[] {
  return vpSourcesInWords(agg, most).map(({ side, text }) => `${`vp ${side}`.padEnd(12)}${text}`);
}

export const VP_SOURCES_NOTE =
  "Mean VP a game over all games of the run, by the side whose VP changed. by cause: every cause, the start included, so each side's vp_total adds up to its final VP summed over the games (games.csv's vp_par or vp_bol); by settlement: the VP for taking each settlement by movement or by advance (16.2); by turn: the changes made in each turn. events: vp events (captures, eliminations, call-ups...); games_share: games with at least one. docs/vp-sources.md says more.";
