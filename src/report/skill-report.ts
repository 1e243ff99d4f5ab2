// The files of `chaco skill`: skill.csv (a row per pair of rungs), a chart per scenario (Paraguay's win
// rate and the fair bid as the budget doubles, each side alone one doubling up beside them), skill.json
// and index.html, which says per scenario whether the verdict has converged and at what budget.
import { join } from 'node:path';
import { bidInWords } from './balance-report.js';
import { base, SIDE_COLOURS, type Chart } from './charts.js';
import { factsTable, htmlPage, type PageBlock } from './html.js';
import { writeCharts } from './run-report.js';
import {
  convergenceSentence,
  rungName,
  skillConvergence,
  skillRows,
  SKILL_COLUMNS,
  type Convergence,
  type SkillScenario,
} from './skill.js';
import { toCsv, type Row, type Table } from './summary.js';
import { esc } from './svg.js';
import { writeFileAtomic, writeJson } from './write-file.js';

const SERIES: Readonly<Record<string, string>> = {
  both: 'both sides at this budget',
  par_up: 'Paraguay one doubling up',
  bol_up: 'Bolivia one doubling up',
};
const SERIES_ORDER = Object.values(SERIES);

/** Paraguay's win rate (top) and the fair bid (bottom) at each rung, with their 95% intervals. */
export function skillChart(s: SkillScenario, rows: readonly Row[]): Chart {
  // Each row sits at the higher rung of its pair: a side one doubling up is drawn beside both at its budget.
  const values = rows.map((r) => ({
    rung: r.pair === 'bol_up' ? r.bol_policy : r.par_policy,
    series: SERIES[String(r.pair)]!,
    rate: r.par_win_rate,
    lo: r.lo,
    hi: r.hi,
    bid: r.fair_bid,
    bid_lo: r.fair_bid_lo,
    bid_hi: r.fair_bid_hi,
    games: r.games,
    pair: `Paraguay ${r.par_policy}, Bolivia ${r.bol_policy}`,
  }));
  const x = {
    field: 'rung',
    type: 'ordinal',
    sort: [...s.rungs],
    title: 'budget (a side one doubling up: the higher one)',
    axis: { labelAngle: 0 },
  };
  // Both sides at the budget in the middle of its band, where the line joining them runs.
  const xOffset = { field: 'series', type: 'nominal', sort: [SERIES.par_up!, SERIES.both!, SERIES.bol_up!] };
  const color = {
    field: 'series',
    type: 'nominal',
    title: null,
    sort: SERIES_ORDER,
    scale: { domain: SERIES_ORDER, range: ['#444444', SIDE_COLOURS[0], SIDE_COLOURS[1]] },
    legend: { orient: 'bottom', direction: 'vertical' },
  };
  const tooltip = [
    { field: 'pair', type: 'nominal' },
    { field: 'games', type: 'quantitative' },
  ];
  const panel = (field: string, lo: string, hi: string, title: string, level: number, format: string) => ({
    width: Math.max(240, 90 * s.rungs.length),
    height: 200,
    layer: [
      { mark: { type: 'rule', strokeDash: [4, 4], color: '#999999' }, encoding: { y: { datum: level, type: 'quantitative' } } },
      {
        transform: [{ filter: { field: 'series', equal: SERIES.both! } }],
        mark: { type: 'line', strokeWidth: 1 },
        encoding: { x, y: { field, type: 'quantitative' }, color },
      },
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { x, xOffset, y: { field: lo, type: 'quantitative', title, axis: { format } }, y2: { field: hi }, color, tooltip },
      },
      { mark: { type: 'point', filled: true, size: 60 }, encoding: { x, xOffset, y: { field, type: 'quantitative' }, color, tooltip } },
    ],
  });
  return {
    name: `skill-${s.id}`,
    title: `${s.name}: the verdict as the budget doubles`,
    caption:
      "Top: Paraguay's win rate with its Wilson 95% interval; bottom: the quick fair bid (VP to Paraguay, negative to Bolivia) with its bootstrap interval. Grey: both sides at the budget; brown: Paraguay one doubling above Bolivia; green: Bolivia one doubling above Paraguay. All pairs on the same seeds.",
    spec: {
      ...base(`Skill curve of ${s.name}`),
      data: { values },
      vconcat: [
        panel('rate', 'lo', 'hi', "Paraguay's win rate", 0.5, '.0%'),
        panel('bid', 'bid_lo', 'bid_hi', 'fair bid (VP to Paraguay)', 0, 'd'),
      ],
    },
  };
}

export interface SkillReport {
  readonly dir: string;
  readonly scenarios: readonly SkillScenario[];
  readonly replicates: number;
  readonly seed: string;
  readonly manifest: Record<string, unknown> & { status: string; reproduce: string };
}

const pct = (x: unknown) => `${(100 * Number(x)).toFixed(0)}%`;
const pts = (x: unknown) => `${Number(x) >= 0 ? '+' : ''}${(100 * Number(x)).toFixed(1)}`;

/** The verdict at the top rung and what its last doubling is worth to each side, in one line. */
function topLine(s: SkillScenario, rows: readonly Row[]): string {
  const top = s.rungs[s.rungs.length - 1]!;
  const both = rows.find((r) => r.pair === 'both' && r.par_policy === top)!;
  const par = rows.find((r) => r.pair === 'par_up' && r.par_policy === top),
    bol = rows.find((r) => r.pair === 'bol_up' && r.bol_policy === top);
  const worth =
    par && bol
      ? `; the last doubling is worth ${pts(par.step)} points (95% ${pts(par.step_lo)} to ${pts(par.step_hi)}) to Paraguay, ${pts(bol.step)} (${pts(bol.step_lo)} to ${pts(bol.step_hi)}) to Bolivia`
      : '';
  return `${s.name}, both sides at ${rungName(top)}: Paraguay wins ${pct(both.par_win_rate)} (${pct(both.lo)}–${pct(both.hi)}), fair bid ${bidInWords(Number(both.fair_bid), Number(both.fair_bid_lo), Number(both.fair_bid_hi))}${worth}`;
}

/** Writes the skill files; returns two lines per scenario: the verdict at the top rung and the convergence statement. */
export async function writeSkillReport(r: SkillReport): Promise<string[]> {
  const per = r.scenarios.map((s) => ({ s, rows: skillRows(s, { seed: r.seed, replicates: r.replicates }), conv: skillConvergence(s) }));
  const table: Table = { columns: SKILL_COLUMNS, rows: per.flatMap((x) => x.rows) };
  writeFileAtomic(join(r.dir, 'skill.csv'), toCsv(table));
  const lines = per.flatMap(({ s, rows, conv }) => [topLine(s, rows), convergenceSentence(s.name, conv)]);
  const convergenceRecord = (c: Convergence) => ({ converged: c.converged, at: c.at, doublings: c.doublings });
  writeJson(join(r.dir, 'skill.json'), {
    ...r.manifest,
    replicates: r.replicates,
    summary: lines,
    convergence: Object.fromEntries(per.map((x) => [x.s.id, convergenceRecord(x.conv)])),
  });
  const blocks: PageBlock[] = [
    {
      kind: 'html',
      html:
        `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` +
        "<p>Both sides play the same rung of the ladder, each rung the one before with twice the search budget; beside each rung, each side alone one doubling above the other, so the paired difference from both at the lower rung is what the doubling is worth to that side. Every pair plays the same seeds. <b>The convergence rule</b>: a doubling is settled when it moved Paraguay's win rate (both sides at the same budget) by less than half the width of the Wilson 95% interval at the higher budget; the verdict has converged when the last doubling played is settled, at the lowest budget from which every doubling played is settled; otherwise it is still moving. The fair bid is the quick margin-shift estimate of <code>chaco bid</code> with its bootstrap interval.</p>",
    },
  ];
  if (r.manifest.status !== 'complete')
    blocks.push({
      kind: 'html',
      html: `<p class="warn">This study is ${esc(r.manifest.status)}. Resume it: <code>${esc(r.manifest.reproduce)}</code></p>`,
    });
  for (const { s, rows, conv } of per) {
    const figures = await writeCharts(r.dir, [skillChart(s, rows)]);
    blocks.push({
      kind: 'html',
      html: `<h2>${esc(s.name)}</h2>${factsTable([
        ['rungs', esc(s.rungs.join(', '))],
        ['games a pair', String(s.same[0]!.winner_g.length)],
        ['convergence', esc(convergenceSentence(s.name, conv))],
      ])}`,
    });
    blocks.push({ kind: 'figures', heading: `${s.name}: skill curve`, figures });
    blocks.push({ kind: 'table', heading: `${s.name}: every pair of rungs`, table: { columns: SKILL_COLUMNS, rows } });
  }
  blocks.push({ kind: 'html', html: `<h2>Reproduce</h2><pre>${esc(r.manifest.reproduce)}</pre>` });
  writeFileAtomic(
    join(r.dir, 'index.html'),
    htmlPage(
      `Skill curve: ${r.scenarios.map((s) => s.name).join(', ')}`,
      "The verdict as both sides' search budget doubles, and what a doubling is worth to each side",
      blocks,
    ),
  );
  return lines;
}
