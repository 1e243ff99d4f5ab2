// The files of `chaco sensitivity`: for each rules reading flipped and each estimate moved by its step,
// the change in Paraguay's win rate and in the fair bid against the same games as shipped (paired: game
// i of every arm plays with the same seeds). sensitivity.csv, tornado charts, sensitivity.json, index.html.
import { join } from 'node:path';
import { quickBidPoint } from '../analysis/bid.js';
import { SIDE_COLOURS, type Chart } from './charts.js';
import { marginHist, type CellGames } from '../analysis/equilibrium.js';
import { factsTable, htmlPage, type PageBlock } from './html.js';
import { restrictedChange } from './restricted-report.js';
import { writeCharts } from './run-report.js';
import { quantileSorted, seededUniform, type IntHist, type Interval } from '../analysis/stats.js';
import { round, toCsv, type Row, type Table } from './summary.js';
import type { SensitivityItem } from '../sim/sensitivity-items.js';
import { esc } from './svg.js';
import { writeFileAtomic, writeJson } from './write-file.js';

export const SENSITIVITY_COLUMNS = [
  'scenario',
  'item',
  'kind',
  'change',
  'games',
  'par_win_rate_change',
  'par_win_rate_change_lo',
  'par_win_rate_change_hi',
  'fair_bid_change',
  'fair_bid_change_lo',
  'fair_bid_change_hi',
  'par_win_rate',
  'fair_bid',
  'setting',
] as const;

/**
 * The fair bid of `varied` minus that of `base` (quick, margin-shift estimates) with a paired percentile
 * bootstrap: each replicate draws game indices once and uses them in both arms.
 */
export function pairedBidChange(base: CellGames, varied: CellGames, replicates: number, seed: string): { change: number } & Interval {
  const n = Math.min(base.margin_g.length, varied.margin_g.length);
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < n; i++) {
    lo = Math.min(lo, base.margin_g[i]!, varied.margin_g[i]!);
    hi = Math.max(hi, base.margin_g[i]!, varied.margin_g[i]!);
  }
  const width = n === 0 ? 0 : hi - lo + 1;
  const a: IntHist = { lo, counts: new Array<number>(width).fill(0) };
  const b: IntHist = { lo, counts: new Array<number>(width).fill(0) };
  const fill = (pick: (i: number) => number) => {
    a.counts.fill(0);
    b.counts.fill(0);
    for (let j = 0; j < n; j++) {
      const i = pick(j);
      a.counts[base.margin_g[i]! - lo]!++;
      b.counts[varied.margin_g[i]! - lo]!++;
    }
  };
  if (n === 0) return { change: NaN, lo: NaN, hi: NaN };
  fill((j) => j);
  const change = quickBidPoint(b) - quickBidPoint(a);
  const random = seededUniform(seed);
  const values: number[] = [];
  for (let r = 0; r < replicates; r++) {
    fill(() => Math.floor(random() * n));
    const v = quickBidPoint(b) - quickBidPoint(a);
    if (Number.isFinite(v)) values.push(v);
  }
  values.sort((x, y) => x - y);
  return { change, lo: quantileSorted(values, 0.025), hi: quantileSorted(values, 0.975) };
}

export interface ScenarioSensitivity {
  readonly id: string;
  readonly name: string;
  readonly base: CellGames;
  readonly items: readonly { readonly item: SensitivityItem; readonly games: CellGames }[];
}

/** The rows of one scenario, largest change in Paraguay's win rate first (then largest bid change). */
export function sensitivityRows(s: ScenarioSensitivity, opts: { replicates: number; seed: string }): Row[] {
  const rows = s.items.map(({ item, games }) => {
    const w = restrictedChange(s.base, games, 0);
    const bid = pairedBidChange(s.base, games, opts.replicates, `${opts.seed}:${s.id}:${item.name}`);
    const n = w.games;
    const sub = { margin_g: games.margin_g.subarray(0, n), winner_g: games.winner_g.subarray(0, n) };
    return {
      scenario: s.id,
      item: item.name,
      kind: item.kind,
      change: item.change,
      games: n,
      par_win_rate_change: round(w.change),
      par_win_rate_change_lo: round(w.lo),
      par_win_rate_change_hi: round(w.hi),
      fair_bid_change: round(bid.change, 1),
      fair_bid_change_lo: round(bid.lo, 1),
      fair_bid_change_hi: round(bid.hi, 1),
      par_win_rate: round(w.restricted),
      fair_bid: round(quickBidPoint(marginHist(sub)), 1),
      setting: item.setting,
    };
  });
  return rows.sort(
    (x, y) =>
      Math.abs(Number(y.par_win_rate_change)) - Math.abs(Number(x.par_win_rate_change)) ||
      Math.abs(Number(y.fair_bid_change)) - Math.abs(Number(x.fair_bid_change)) ||
      String(x.item).localeCompare(String(y.item)),
  );
}

/** A tornado chart: one bar per item, largest first, with its paired 95% interval. */
export function tornadoChart(id: string, name: string, rows: readonly Row[], measure: 'par_win_rate_change' | 'fair_bid_change'): Chart {
  const rate = measure === 'par_win_rate_change';
  const values: Row[] = rows.map((r) => ({
    ...r,
    label: `${r.item}: ${r.change}`,
    kindName: r.kind === 'reading' ? 'rules reading' : 'estimated data',
  }));
  const order = [...values].sort((a, b) => Math.abs(Number(b[measure])) - Math.abs(Number(a[measure]))).map((v) => String(v.label));
  const y = { field: 'label', type: 'nominal', title: null, sort: order, axis: { labelLimit: 420 } };
  return {
    name: `tornado-${rate ? 'win' : 'bid'}-${id}`,
    title: `${name}: ${rate ? "Paraguay's win rate" : 'the fair bid'}, item by item`,
    caption: rate
      ? "Change in Paraguay's win rate when one reading is flipped or one estimate moved by its step, against the same games as shipped (paired 95% intervals, Newcombe). Largest first."
      : 'Change in the fair bid (VP to give Paraguay; negative: to Bolivia), a margin-shift estimate on each arm, with a paired bootstrap 95% interval. Largest first.',
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      description: `Sensitivity of ${name}`,
      background: 'white',
      config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null } },
      width: 360,
      height: { step: 16 },
      data: { values },
      // y per layer, not shared: the zero line below spans every band (a layer cannot unset an
      // inherited channel; "y": null fails the Vega-Lite schema).
      layer: [
        {
          mark: 'bar',
          encoding: {
            y,
            x: {
              field: measure,
              type: 'quantitative',
              title: rate ? "change in Paraguay's win rate" : 'change in the fair bid (VP)',
              ...(rate ? { axis: { format: '+.0%' } } : {}),
            },
            color: {
              field: 'kindName',
              type: 'nominal',
              title: null,
              scale: { domain: ['rules reading', 'estimated data'], range: [...SIDE_COLOURS] },
            },
          },
        },
        {
          mark: { type: 'rule', color: 'black' },
          encoding: { y, x: { field: `${measure}_lo`, type: 'quantitative' }, x2: { field: `${measure}_hi` } },
        },
        { data: { values: [{ x: 0 }] }, mark: { type: 'rule', color: '#555' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
      ],
    },
  };
}

export interface SensitivityReport {
  readonly dir: string;
  readonly scenarios: readonly ScenarioSensitivity[];
  readonly replicates: number;
  readonly seed: string;
  /** Estimated data not varied, and why; items left out for a scenario, and why. */
  readonly notVaried: readonly { readonly what: string; readonly why: string }[];
  readonly manifest: Record<string, unknown> & { status: string; reproduce: string; policies: string };
  /** Told before each chart is drawn (the command's progress line). */
  readonly onChart?: () => void;
}

/**
 * The verdict as the estimates range: Paraguay's win rate and the fair bid as shipped and in every arm that moves
 * estimated data (each alone), lowest and highest; null when no such arm was played.
 */
export function estimateRange(
  s: ScenarioSensitivity,
  rows: readonly Row[],
): { winLo: number; winHi: number; bidLo: number; bidHi: number } | null {
  const moved = rows.filter((r) => r.kind === 'estimate');
  if (moved.length === 0) return null;
  const n = s.base.winner_g.length;
  const base = { win: s.base.winner_g.reduce((a, w) => a + (w === 0 ? 1 : 0), 0) / Math.max(1, n), bid: quickBidPoint(marginHist(s.base)) };
  const wins = [base.win, ...moved.map((r) => Number(r.par_win_rate))],
    bids = [base.bid, ...moved.map((r) => Number(r.fair_bid))].filter(Number.isFinite);
  return { winLo: Math.min(...wins), winHi: Math.max(...wins), bidLo: Math.min(...bids), bidHi: Math.max(...bids) };
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

/** Writes the report; returns one line per scenario naming the item that moves it most. */
export async function writeSensitivityReport(r: SensitivityReport): Promise<string[]> {
  const perScenario = r.scenarios.map((s) => ({ s, rows: sensitivityRows(s, { replicates: r.replicates, seed: r.seed }) }));
  const table: Table = { columns: SENSITIVITY_COLUMNS, rows: perScenario.flatMap((x) => x.rows) };
  writeFileAtomic(join(r.dir, 'sensitivity.csv'), toCsv(table));
  const lines = perScenario.map(({ s, rows }) => {
    const top = rows[0];
    if (!top) return `${s.name}: no items`;
    const range = estimateRange(s, rows);
    const ranged = range
      ? `; as the estimates range (each moved alone): Paraguay ${(100 * range.winLo).toFixed(0)}-${(100 * range.winHi).toFixed(0)}%, fair bid ${round(range.bidLo, 1)} to ${round(range.bidHi, 1)} VP`
      : '';
    return `${s.name}: largest effect ${top.item} (${top.change}): Paraguay's win rate ${pct(Number(top.par_win_rate_change))} points (95% ${pct(Number(top.par_win_rate_change_lo))} to ${pct(Number(top.par_win_rate_change_hi))}), fair bid ${Number(top.fair_bid_change) >= 0 ? '+' : ''}${top.fair_bid_change} VP${ranged}`;
  });
  writeJson(join(r.dir, 'sensitivity.json'), { ...r.manifest, replicates: r.replicates, notVaried: r.notVaried, summary: lines });
  const blocks: PageBlock[] = [
    {
      kind: 'html',
      html: `<p>${esc(`Policies: ${r.manifest.policies}.`)} Each item plays the same games as the data and rules as shipped (game i of every arm uses the same seeds), with one rules reading flipped or one group of estimated data moved by a stated step. A change whose interval excludes 0 is one the published verdict depends on.</p><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
    },
  ];
  if (r.manifest.status !== 'complete')
    blocks.push({
      kind: 'html',
      html: `<p class="warn">This study is ${esc(r.manifest.status)}. Resume it: <code>${esc(r.manifest.reproduce)}</code></p>`,
    });
  for (const { s, rows } of perScenario) {
    const baseRate = s.base.winner_g.reduce((a, w) => a + (w === 0 ? 1 : 0), 0) / Math.max(1, s.base.winner_g.length);
    const figures = await writeCharts(
      r.dir,
      [tornadoChart(s.id, s.name, rows, 'par_win_rate_change'), tornadoChart(s.id, s.name, rows, 'fair_bid_change')],
      r.onChart,
    );
    blocks.push({
      kind: 'html',
      html: `<h2>${esc(s.name)}</h2>${factsTable([
        [
          'as shipped',
          `Paraguay wins ${(100 * baseRate).toFixed(1)}% of ${s.base.winner_g.length} games; fair bid ${round(quickBidPoint(marginHist(s.base)), 1)} VP`,
        ],
        ['items', String(rows.length)],
        ...((r) =>
          r
            ? [
                [
                  'as the estimates range',
                  `Paraguay wins ${(100 * r.winLo).toFixed(1)}% to ${(100 * r.winHi).toFixed(1)}%; fair bid ${round(r.bidLo, 1)} to ${round(r.bidHi, 1)} VP (as shipped and with each group of estimated data moved alone)`,
                ] as [string, string],
              ]
            : [])(estimateRange(s, rows)),
      ])}`,
    });
    blocks.push({ kind: 'figures', heading: `${s.name}: tornado charts`, figures });
  }
  blocks.push({ kind: 'table', heading: 'Every item', table, file: 'sensitivity.csv', collapsed: true });
  blocks.push({
    kind: 'html',
    html: `<h2>Not varied</h2><ul>${r.notVaried.map((n) => `<li>${esc(n.what)}: ${esc(n.why)}</li>`).join('')}</ul>`,
  });
  blocks.push({
    kind: 'html',
    html: `<h2>Reproduce</h2><pre>${esc(r.manifest.reproduce)}</pre><p>One item alone: <code>chaco compare &lt;scenario&gt; --variant name:&lt;setting&gt;</code> with the same --seed, policies and --games.</p>`,
  });
  writeFileAtomic(
    join(r.dir, 'index.html'),
    htmlPage(
      `Sensitivity: ${r.scenarios.map((s) => s.name).join(', ')}`,
      'What the verdict hangs on: every two-reading rules option and every group of estimated data',
      blocks,
    ),
  );
  return lines;
}
