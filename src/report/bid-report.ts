// The report of `chaco bid`: bid.csv (one row per simulated bid), bid.json (both estimates and how to
// reproduce them), the win-probability-against-bid chart, the margin histogram it came from, index.html.
import { join } from 'node:path';
import type { Scenario } from '../core/scenario.js';
import type { Aggregate } from '../sim/aggregate.js';
import { describeBid, shiftedWinRate, type BidReliability, type ExactBid, type QuickBid } from '../analysis/bid.js';
import { marginChart, type Chart } from './charts.js';
import { factsTable, htmlPage } from './html.js';
import { writeCharts } from './run-report.js';
import { writeFileAtomic, writeJson } from './write-file.js';
import { round, toCsv, type Table } from './summary.js';
import { esc } from './svg.js';

export interface BidReport {
  readonly dir: string;
  readonly scenario: Scenario;
  /** The run at the base handicap the quick estimate comes from. */
  readonly base: Aggregate;
  readonly quick: QuickBid;
  readonly exact: ExactBid;
  /** Whether the answer can be acted on, and why not. */
  readonly reliability: BidReliability;
  /** Starting VP [PAR, BOL] before any bid (scenario + --handicap). */
  readonly startVp: readonly [number, number];
  /** bid.json: the manifest and estimates. */
  readonly manifest: Record<string, unknown>;
  readonly reproduce: string;
}

export function bidTable(r: Pick<BidReport, 'exact' | 'base' | 'startVp'>): Table {
  const rows = r.exact.points.map((p) => ({
    bid: p.bid,
    vp_par: r.startVp[0] + Math.max(0, p.bid),
    vp_bol: r.startVp[1] + Math.max(0, -p.bid),
    games: p.games,
    par_wins: p.parWins,
    par_win_rate: round(p.winRate),
    par_win_lo: round(p.lo),
    par_win_hi: round(p.hi),
    fitted_win_rate: round(p.fitted),
    quick_win_rate: round(shiftedWinRate(r.base.margin, p.bid)),
  }));
  return {
    columns: [
      'bid',
      'vp_par',
      'vp_bol',
      'games',
      'par_wins',
      'par_win_rate',
      'par_win_lo',
      'par_win_hi',
      'fitted_win_rate',
      'quick_win_rate',
    ],
    rows,
  };
}

export function bidChart(r: Pick<BidReport, 'exact' | 'base' | 'quick'>): Chart {
  const bids = r.exact.points.map((p) => p.bid);
  const lo = Math.min(...bids, Math.floor(r.quick.interval.lo)) - 1,
    hi = Math.max(...bids, Math.ceil(r.quick.interval.hi)) + 1;
  const curve = [];
  for (let b = lo; b <= hi; b++) curve.push({ bid: b, p: shiftedWinRate(r.base.margin, b), what: 'quick (margins shifted by the bid)' });
  const points = r.exact.points.map((p) => ({
    bid: p.bid,
    p: p.winRate,
    lo: p.lo,
    hi: p.hi,
    what: 'exact (bid added to the starting VP)',
  }));
  const marks: { x: number; x0: number; x1: number; what: string; y: number }[] = [];
  if (Number.isFinite(r.quick.bid))
    marks.push({ x: r.quick.bid, x0: r.quick.interval.lo, x1: r.quick.interval.hi, what: 'quick', y: 0.04 });
  if (r.exact.bid.value !== null)
    marks.push({ x: r.exact.bid.value, x0: r.exact.lo.value ?? lo, x1: r.exact.hi.value ?? hi, what: 'exact', y: 0.1 });
  const colour = {
    field: 'what',
    type: 'nominal',
    title: null,
    scale: {
      domain: ['quick (margins shifted by the bid)', 'exact (bid added to the starting VP)', 'quick', 'exact'],
      range: ['#7d8ca3', '#222222', '#7d8ca3', '#222222'],
    },
    legend: { orient: 'top', values: ['quick (margins shifted by the bid)', 'exact (bid added to the starting VP)'] },
  };
  const x = {
    field: 'bid',
    type: 'quantitative',
    title: 'bid: VP added to Paraguay (negative: to Bolivia)',
    scale: { domain: [lo, hi], nice: false },
  };
  return {
    name: 'bid',
    title: 'Win probability against the bid',
    caption:
      "Paraguay's chance of winning when the bid is added to its starting VP (negative bids go to Bolivia). Grey line: the quick estimate from the margins of one run; black points: games replayed with the bid (Wilson 95% intervals), on the same seeds. The bars at the bottom are the two fair-bid estimates with their 95% intervals.",
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      description: 'Win probability of Paraguay against the VP bid',
      background: 'white',
      config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null }, legend: { labelLimit: 500 } },
      width: 560,
      height: 300,
      layer: [
        {
          data: { values: [{ y: 0.5 }] },
          mark: { type: 'rule', strokeDash: [4, 4], color: '#999' },
          encoding: { y: { field: 'y', type: 'quantitative' } },
        },
        {
          data: { values: curve },
          mark: { type: 'line', strokeWidth: 2 },
          encoding: {
            x,
            y: { field: 'p', type: 'quantitative', title: 'P(Paraguay wins)', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
            color: colour,
          },
        },
        {
          data: { values: points },
          mark: { type: 'rule', strokeWidth: 1.5 },
          encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: colour },
        },
        {
          data: { values: points },
          mark: { type: 'point', filled: true, size: 50 },
          encoding: { x, y: { field: 'p', type: 'quantitative' }, color: colour },
        },
        {
          data: { values: marks },
          mark: { type: 'rule', strokeWidth: 3 },
          encoding: {
            x: { field: 'x0', type: 'quantitative' },
            x2: { field: 'x1' },
            y: { field: 'y', type: 'quantitative' },
            color: colour,
          },
        },
        {
          data: { values: marks },
          mark: { type: 'point', shape: 'diamond', filled: true, size: 90 },
          encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, color: colour },
        },
        {
          data: { values: marks },
          mark: { type: 'text', align: 'left', dx: 6, dy: -8, fontSize: 11 },
          encoding: { x: { field: 'x1', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, text: { field: 'what' } },
        },
      ],
    },
  };
}

const interval = (lo: number | null, hi: number | null) => `95% from ${esc(describeBid(lo))} to ${esc(describeBid(hi))}`;

export async function writeBidReport(r: BidReport): Promise<void> {
  const table = bidTable(r);
  writeFileAtomic(join(r.dir, 'bid.csv'), toCsv(table));
  writeJson(join(r.dir, 'bid.json'), r.manifest);
  const figures = await writeCharts(r.dir, [bidChart(r), marginChart(r.base)]);
  const facts: [string, string][] = [
    [
      'scenario',
      `${esc(r.scenario.name)} (${esc(r.scenario.id)}); starting VP Paraguay ${r.startVp[0]}, Bolivia ${r.startVp[1]} before the bid`,
    ],
    [
      'fair bid (exact)',
      `<b>${esc(describeBid(r.exact.bid.value))}</b> (${interval(r.exact.lo.value, r.exact.hi.value)}; ${r.exact.points.length} bids × ${r.exact.points[0]?.games ?? 0} games on common seeds, the bid in the starting VP)`,
    ],
    [
      'first guess (quick)',
      `${esc(describeBid(r.quick.bid))} (${interval(r.quick.interval.lo, r.quick.interval.hi)}; bootstrap of ${r.quick.games} games, ${r.quick.replicates} resamples)`,
    ],
    [
      'the two',
      (r.manifest as { agree?: boolean }).agree
        ? "agree: each lies inside the other's interval"
        : "<b>disagree</b>: one lies outside the other's interval; the published bid is the exact one",
    ],
    ['reproduce', `<code>${esc(r.reproduce)}</code>`],
  ];
  const warn = r.reliability.reliable
    ? []
    : [
        {
          kind: 'html' as const,
          html: `<div class="warn"><b>This answer is unreliable</b> (status <code>unreliable</code> in bid.json):<ul>${r.reliability.reasons.map((x) => `<li>${esc(x)}</li>`).join('')}</ul></div>`,
        },
      ];
  const html = htmlPage(`${r.scenario.name}: the fair bid`, 'chaco bid — the VP handicap that gives each side an even chance', [
    ...warn,
    { kind: 'html', html: factsTable(facts) },
    {
      kind: 'html',
      html: "<p>A bid gives VP to one side at the start. The <b>quick</b> estimate shifts every final margin of one run by the bid (ties are coin flips) and finds where Paraguay would win half the games; its interval is a bootstrap. The <b>exact</b> estimate replays the same games with the bid added to the starting VP, which also moves sudden death (16.4) and the 50-VP settlement (16.1), and interpolates where Paraguay's win rate (made non-decreasing) crosses 50%; its interval is where the Wilson bounds cross 50%.</p>",
    },
    { kind: 'figures', heading: 'Charts', figures },
    {
      kind: 'table',
      heading: 'Bids played',
      file: 'bid.csv',
      table,
      note: 'bid: VP given to Paraguay (negative: to Bolivia). par_win_lo/hi: Wilson 95%. fitted_win_rate: the isotonic fit interpolated. quick_win_rate: the same bid applied to the margins of the base run.',
    },
  ]);
  writeFileAtomic(join(r.dir, 'index.html'), html);
}
