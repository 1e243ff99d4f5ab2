// `chaco compare`: variants played on the same seeds, compared game by game with the baseline.
// Common random numbers: game i of every variant starts from the same dice and policy streams, so the
// paired differences have far less noise than two independent runs. compare.csv, summary.csv, charts, index.html.
import { join } from 'node:path';
import type { Scenario } from '../core/scenario.js';
import { END_TYPES, type Aggregate, type AggregateShape } from '../sim/aggregate.js';
import { SIDE_COLOURS, type Chart } from './charts.js';
import { factsTable, htmlPage } from './html.js';
import { writeCharts } from './run-report.js';
import { writeFileAtomic, writeJson } from './write-file.js';
import { histMean, histQuantile, histSd, meanDiff, pairedProportionDiff, wilson, Z95 } from '../analysis/stats.js';
import { round, summaryTable, toCsv, type Row, type Table } from './summary.js';
import { esc } from './svg.js';
import { blundersTable } from './blunders.js';
import { blunderRate } from '../sim/blunder-rate.js';

export interface VariantRun {
  readonly name: string;
  readonly settings: readonly string[];
  readonly aggregate: Aggregate;
  /** Per game, in game order: margin (PAR - BOL) and winner (0 PAR, 1 BOL). */
  readonly margin_g: Int32Array;
  readonly winner_g: Uint8Array;
  readonly played: number;
}

export interface Paired {
  readonly games: number;
  /** Variant minus baseline, Paraguay's win rate: Newcombe's paired interval. */
  readonly winDiff: { diff: number; lo: number; hi: number };
  /** Variant minus baseline, mean margin: paired normal interval. */
  readonly marginDiff: { mean: number; sd: number; lo: number; hi: number };
  /** Half-width the margin interval would have with independent seeds (what pairing saves). */
  readonly independentHalfWidth: number;
  /** Share of games whose winner differs from the baseline's. */
  readonly changedWinner: number;
}

/** Game-by-game comparison of a variant with the baseline over the games both played. */
export function paired(base: VariantRun, v: VariantRun): Paired {
  const n = Math.min(base.played, v.played);
  let both = 0,
    onlyV = 0,
    onlyB = 0,
    neither = 0,
    sum = 0,
    sumSq = 0,
    changed = 0;
  let sb = 0,
    sbb = 0,
    sv = 0,
    svv = 0;
  for (let i = 0; i < n; i++) {
    const wv = v.winner_g[i] === 0,
      wb = base.winner_g[i] === 0;
    if (wv && wb) both++;
    else if (wv) onlyV++;
    else if (wb) onlyB++;
    else neither++;
    if (wv !== wb) changed++;
    const mv = v.margin_g[i]!,
      mb = base.margin_g[i]!;
    const d = mv - mb;
    sum += d;
    sumSq += d * d;
    sb += mb;
    sbb += mb * mb;
    sv += mv;
    svv += mv * mv;
  }
  const variance = (s: number, ss: number) => (n > 1 ? Math.max(0, (ss - (s * s) / n) / (n - 1)) : 0);
  return {
    games: n,
    winDiff: pairedProportionDiff(both, onlyV, onlyB, neither),
    marginDiff: meanDiff(n, sum, sumSq),
    independentHalfWidth: n > 0 ? Z95 * Math.sqrt((variance(sb, sbb) + variance(sv, svv)) / n) : NaN,
    changedWinner: n > 0 ? changed / n : NaN,
  };
}

export function compareTable(runs: readonly VariantRun[]): Table {
  const base = runs[0]!;
  const rows: Row[] = runs.map((r, k) => {
    const a = r.aggregate,
      n = a.games;
    const ci = wilson(a.wins[0]!, n);
    const row: Row = {
      variant: r.name,
      settings: r.settings.join(','),
      games: n,
      par_win_rate: round(n > 0 ? a.wins[0]! / n : NaN),
      par_win_lo: round(ci.lo),
      par_win_hi: round(ci.hi),
      margin_mean: round(histMean(a.margin), 3),
      margin_sd: round(histSd(a.margin), 3),
      margin_median: round(histQuantile(a.margin, 0.5), 3),
    };
    END_TYPES.forEach((e, i) => {
      row[`end_${e}`] = round(n > 0 ? (a.ends[i]![0]! + a.ends[i]![1]!) / n : NaN);
    });
    row.end_turn_mean = round(n > 0 ? (a.endTurnSum[0]! + a.endTurnSum[1]!) / n : NaN, 3);
    row.par_blunder_rate = round(blunderRate(a.blunders, 0, n));
    row.bol_blunder_rate = round(blunderRate(a.blunders, 1, n));
    if (k === 0) {
      Object.assign(row, {
        paired_games: '',
        diff_par_win_rate: '',
        diff_par_win_lo: '',
        diff_par_win_hi: '',
        diff_margin_mean: '',
        diff_margin_lo: '',
        diff_margin_hi: '',
        diff_margin_halfwidth_if_independent: '',
        changed_winner_share: '',
      });
    } else {
      const p = paired(base, r);
      Object.assign(row, {
        paired_games: p.games,
        diff_par_win_rate: round(p.winDiff.diff),
        diff_par_win_lo: round(p.winDiff.lo),
        diff_par_win_hi: round(p.winDiff.hi),
        diff_margin_mean: round(p.marginDiff.mean, 3),
        diff_margin_lo: round(p.marginDiff.lo, 3),
        diff_margin_hi: round(p.marginDiff.hi, 3),
        diff_margin_halfwidth_if_independent: round(p.independentHalfWidth, 3),
        changed_winner_share: round(p.changedWinner),
      });
    }
    return row;
  });
  const columns = [
    'variant',
    'settings',
    'games',
    'par_win_rate',
    'par_win_lo',
    'par_win_hi',
    'margin_mean',
    'margin_sd',
    'margin_median',
    ...END_TYPES.map((e) => `end_${e}`),
    'end_turn_mean',
    'paired_games',
    'diff_par_win_rate',
    'diff_par_win_lo',
    'diff_par_win_hi',
    'diff_margin_mean',
    'diff_margin_lo',
    'diff_margin_hi',
    'diff_margin_halfwidth_if_independent',
    'changed_winner_share',
    'par_blunder_rate',
    'bol_blunder_rate',
  ];
  return { columns, rows };
}

/** One table per variant stacked in blocks of rows, a "variant" column first (summary.csv, blunders.csv). */
function variantBlocks(runs: readonly VariantRun[], tableOf: (r: VariantRun) => Table): Table {
  const tables = runs.map((r) => ({ r, t: tableOf(r) }));
  return {
    columns: ['variant', ...tables[0]!.t.columns],
    rows: tables.flatMap(({ r, t }) => t.rows.map((row) => ({ variant: r.name, ...row }))),
  };
}

/** summary.csv of every variant, one block of rows each. */
export function variantsSummary(runs: readonly VariantRun[], shape: AggregateShape): Table {
  return variantBlocks(runs, (r) => summaryTable(r.aggregate, shape));
}

/** blunders.csv of every variant (the run's blunders.csv, docs/blunders.md), one block of rows each. */
export function variantsBlunders(runs: readonly VariantRun[]): Table {
  return variantBlocks(runs, (r) => blundersTable(r.aggregate));
}

const base = (description: string) => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  description,
  background: 'white',
  config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null }, axis: { labelLimit: 240 } },
});

function forest(
  name: string,
  title: string,
  caption: string,
  axisTitle: string,
  values: { variant: string; diff: number; lo: number; hi: number }[],
  format: string,
  order: string[],
): Chart {
  const y = { field: 'variant', type: 'nominal', sort: order, title: null };
  return {
    name,
    title,
    caption,
    spec: {
      ...base(title),
      width: 460,
      height: Math.max(60, 34 * values.length),
      layer: [
        {
          data: { values: [{ x: 0 }] },
          mark: { type: 'rule', color: '#999', strokeDash: [4, 4] },
          encoding: { x: { field: 'x', type: 'quantitative' } },
        },
        {
          data: { values },
          mark: { type: 'rule', strokeWidth: 2, color: '#333' },
          encoding: { y, x: { field: 'lo', type: 'quantitative', title: axisTitle, axis: { format } }, x2: { field: 'hi' } },
        },
        {
          data: { values },
          mark: { type: 'point', filled: true, size: 70, color: '#c0392b' },
          encoding: { y, x: { field: 'diff', type: 'quantitative' } },
        },
      ],
    },
  };
}

export function compareCharts(runs: readonly VariantRun[]): Chart[] {
  const order = runs.map((r) => r.name);
  const rates = runs.map((r) => {
    const n = r.aggregate.games,
      ci = wilson(r.aggregate.wins[0]!, n);
    return { variant: r.name, rate: n > 0 ? r.aggregate.wins[0]! / n : 0, lo: ci.lo, hi: ci.hi };
  });
  const y = { field: 'variant', type: 'nominal', sort: order, title: null };
  const winRates: Chart = {
    name: 'compare-win-rates',
    title: "Paraguay's win rate by variant",
    caption: 'Share of games Paraguay won under each variant, with Wilson 95% intervals; the dashed line is an even game.',
    spec: {
      ...base('Paraguay win rate by variant'),
      width: 460,
      height: Math.max(60, 34 * runs.length),
      layer: [
        {
          data: { values: rates },
          mark: { type: 'bar', color: SIDE_COLOURS[0], opacity: 0.75 },
          encoding: {
            y,
            x: { field: 'rate', type: 'quantitative', title: 'P(Paraguay wins)', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
          },
        },
        {
          data: { values: rates },
          mark: { type: 'rule', strokeWidth: 2, color: '#222' },
          encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
        },
        {
          data: { values: [{ x: 0.5 }] },
          mark: { type: 'rule', strokeDash: [4, 4], color: '#555' },
          encoding: { x: { field: 'x', type: 'quantitative' } },
        },
      ],
    },
  };
  const others = runs.slice(1).map((r) => ({ r, p: paired(runs[0]!, r) }));
  return [
    winRates,
    forest(
      'compare-win-diff',
      `Change in Paraguay's win rate against ${runs[0]!.name}`,
      "Each variant minus the baseline, game by game on the same seeds, with Newcombe's 95% interval for paired proportions. An interval clear of zero is a real effect.",
      'difference in P(Paraguay wins)',
      others.map(({ r, p }) => ({ variant: r.name, diff: p.winDiff.diff, lo: p.winDiff.lo, hi: p.winDiff.hi })),
      '+.0%',
      order.slice(1),
    ),
    forest(
      'compare-margin-diff',
      `Change in the mean margin against ${runs[0]!.name}`,
      'Mean of the per-game differences in the final margin (PAR − BOL VP), variant minus baseline on the same seeds, with a 95% interval.',
      'difference in mean margin (VP)',
      others.map(({ r, p }) => ({ variant: r.name, diff: p.marginDiff.mean, lo: p.marginDiff.lo, hi: p.marginDiff.hi })),
      '+.1f',
      order.slice(1),
    ),
  ];
}

export interface CompareReport {
  readonly dir: string;
  readonly scenario: Scenario;
  readonly shape: AggregateShape;
  readonly runs: readonly VariantRun[];
  readonly manifest: Record<string, unknown>;
  readonly reproduce: string;
}

export async function writeCompareReport(r: CompareReport): Promise<Table> {
  const table = compareTable(r.runs);
  writeFileAtomic(join(r.dir, 'compare.csv'), toCsv(table));
  writeFileAtomic(join(r.dir, 'summary.csv'), toCsv(variantsSummary(r.runs, r.shape)));
  writeFileAtomic(join(r.dir, 'blunders.csv'), toCsv(variantsBlunders(r.runs)));
  writeJson(join(r.dir, 'compare.json'), r.manifest);
  const figures = await writeCharts(r.dir, compareCharts(r.runs));
  const facts: [string, string][] = [
    ['scenario', `${esc(r.scenario.name)} (${esc(r.scenario.id)})`],
    [
      'variants',
      r.runs
        .map((v) => `<b>${esc(v.name)}</b>${v.settings.length ? ` <code>${esc(v.settings.join(','))}</code>` : ' (common settings)'}`)
        .join('; '),
    ],
    ['games', `${r.runs[0]!.aggregate.games} per variant, the same seeds for every variant`],
    ['reproduce', `<code>${esc(r.reproduce)}</code>`],
  ];
  const html = htmlPage(
    `${r.scenario.name}: ${r.runs.length} variants compared`,
    'chaco compare — the same games under each variant, differences taken game by game',
    [
      { kind: 'html', html: factsTable(facts) },
      { kind: 'figures', heading: 'Charts', figures },
      {
        kind: 'table',
        heading: 'Variants',
        file: 'compare.csv',
        table,
        note: "diff_*: variant minus the baseline (first row) over the same games, with 95% intervals. diff_margin_halfwidth_if_independent: the half-width the margin interval would have without common seeds. changed_winner_share: games whose winner changed. *_blunder_rate: the share of games with each kind of blunder (attrition and over-stacking aside) summed, each side's; blunders.csv has every kind per variant.",
      },
    ],
  );
  writeFileAtomic(join(r.dir, 'index.html'), html);
  return table;
}
