// The report of a run, written beside games.csv: summary.csv, turns.csv, settlements.csv, blunders.csv,
// vp-sources.csv, decided.csv, run.json, one <chart>.vl.json and <chart>.svg per chart, and index.html with all of it.
import { join } from 'node:path';
import type { Scenario } from '../core/scenario.js';
import { monthName } from '../data/schema-common.js';
import type { Aggregate, AggregateShape } from '../sim/aggregate.js';
import type { RunManifest } from '../sim/manifest.js';
import { blundersChart, blundersTable } from './blunders.js';
import { DECIDED_NOTE, decidedChart, decidedFact, decidedTable } from './decided.js';
import { settlementLabels, VP_SOURCES_NOTE, vpSourcesChart, vpSourcesTable } from './vp-sources.js';
import { runCharts, type Chart } from './charts.js';
import { factsTable, htmlPage, type PageFigure } from './html.js';
import { renderSvg } from './render.js';
import { histMean, histQuantile, wilson } from '../analysis/stats.js';
import { settlementsTable, summaryTable, toCsv, turnsTable } from './summary.js';
import { esc } from './svg.js';
import { writeFileAtomic, writeJson } from './write-file.js';
import type { TellingGame } from '../sim/telling.js';

/** Writes each chart's spec and SVG into dir; returns them for the page. `onChart` is told before each is rendered. */
export async function writeCharts(dir: string, charts: readonly Chart[], onChart?: () => void): Promise<PageFigure[]> {
  const figures: PageFigure[] = [];
  for (const c of charts) {
    onChart?.();
    const { svg } = await renderSvg(c.spec);
    writeFileAtomic(join(dir, `${c.name}.vl.json`), `${JSON.stringify(c.spec, null, 1)}\n`);
    writeFileAtomic(join(dir, `${c.name}.svg`), svg);
    figures.push({ name: c.name, title: c.title, caption: c.caption, svg });
  }
  return figures;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export interface RunReport {
  readonly dir: string;
  readonly manifest: RunManifest;
  readonly aggregate: Aggregate;
  readonly shape: AggregateShape;
  readonly scenario: Scenario;
  /** Telling games and the folder (relative to dir) of each one's replay, or null when not written. */
  readonly telling?: readonly { readonly pick: TellingGame; readonly dir: string | null }[];
  /** Told as the report is written: files written so far, of all (runReportFiles), before the next (a chart's SVG takes a while). */
  readonly onFiles?: (done: number, total: number) => void;
}

/** The telling games with links to their replays (viewer, narrative, events and maps) and the command that writes one. */
function tellingBlock(r: RunReport): string {
  const rows = (r.telling ?? []).map(({ pick, dir }) => {
    const links = dir
      ? `<a href="${esc(dir)}/viewer.html">viewer</a> · <a href="${esc(dir)}/narrative.md">narrative</a> · <a href="${esc(dir)}/events.json">events</a> · <a href="${esc(dir)}/">maps</a>`
      : `<code>${esc(`chaco replay ${r.scenario.id} --seed ${r.manifest.seed} --game ${pick.game} --par ${r.manifest.policies.PAR} --bol ${r.manifest.policies.BOL}`)}</code>`;
    return `<tr><td>${esc(pick.why)}</td><td>${pick.game}</td><td>${pick.winner}</td><td>${pick.margin > 0 ? '+' : ''}${pick.margin}</td><td>${esc(pick.end)}</td><td>${pick.endTurn}</td><td>${links}</td></tr>`;
  });
  if (rows.length === 0) return '';
  return (
    `<h2>Telling games</h2><p>Replays of games worth reading: each folder holds viewer.html (the game stepped through in a browser, offline), narrative.md, events.json, result.json and a map of every player turn (<code>chaco replay</code> writes the same for any game).</p>` +
    `<table><thead><tr><th>why</th><th>game</th><th>winner</th><th>margin</th><th>end</th><th>end turn</th><th>replay</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

/** Status and reproduction notes shared by the page and the terminal. */
export function statusNote(m: RunManifest): string | null {
  if (m.status === 'complete') return null;
  const what =
    m.status === 'failed'
      ? `Game ${m.failure!.game} failed (${m.failure!.message}). The report covers games ${m.first}–${m.first + m.played - 1}, every game before it. Reproduce the failing game: ${m.failure!.reproduce}`
      : `The run was interrupted after ${m.played} of ${m.games} games; the report covers games ${m.first}–${m.first + m.played - 1}.`;
  return m.resume ? `${what} Play the rest: ${m.resume}` : what;
}

/** The files writeRunReport writes beside games.csv: a rerun of a finished run looks for them to know whether its report is whole. */
export function runReportFiles(agg: Aggregate, shape: AggregateShape, scenario: Scenario): string[] {
  const charts =
    agg.games > 0
      ? [...runCharts(agg, shape, scenario), vpSourcesChart(agg), decidedChart(agg.decided), blundersChart(agg)].flatMap((c) => [
          `${c.name}.vl.json`,
          `${c.name}.svg`,
        ])
      : [];
  return [
    'summary.csv',
    'turns.csv',
    'settlements.csv',
    'blunders.csv',
    'vp-sources.csv',
    'decided.csv',
    'run.json',
    ...charts,
    'index.html',
  ];
}

export async function writeRunReport(r: RunReport): Promise<string[]> {
  const { dir, manifest: m, aggregate: agg, shape, scenario } = r;
  const total = runReportFiles(agg, shape, scenario).length;
  let done = 0;
  const told = (files: number) => {
    r.onFiles?.(done, total);
    done += files;
  };
  told(7);
  const summary = summaryTable(agg, shape),
    turns = turnsTable(agg, scenario.startMonth),
    settlements = settlementsTable(agg, scenario);
  writeFileAtomic(join(dir, 'summary.csv'), toCsv(summary));
  writeFileAtomic(join(dir, 'turns.csv'), toCsv(turns));
  writeFileAtomic(join(dir, 'settlements.csv'), toCsv(settlements));
  const blunders = blundersTable(agg);
  writeFileAtomic(join(dir, 'blunders.csv'), toCsv(blunders));
  const vpSources = vpSourcesTable(agg, settlementLabels(scenario)),
    decided = decidedTable(agg.decided, scenario.startMonth);
  writeFileAtomic(join(dir, 'vp-sources.csv'), toCsv(vpSources));
  writeFileAtomic(join(dir, 'decided.csv'), toCsv(decided));
  writeJson(join(dir, 'run.json'), m);
  const charts = runCharts(agg, shape, scenario),
    blunderCharts = [blundersChart(agg)];
  const vpCharts = [vpSourcesChart(agg)],
    decidedCharts = [decidedChart(agg.decided)];
  const figures = agg.games > 0 ? await writeCharts(dir, charts, () => told(2)) : [];
  const vpFigures = agg.games > 0 ? await writeCharts(dir, vpCharts, () => told(2)) : [];
  const decidedFigures = agg.games > 0 ? await writeCharts(dir, decidedCharts, () => told(2)) : [];
  const blunderFigures = agg.games > 0 ? await writeCharts(dir, blunderCharts, () => told(2)) : [];
  told(1);
  const par = wilson(agg.wins[0]!, agg.games),
    bol = wilson(agg.wins[1]!, agg.games);
  const note = statusNote(m);
  const facts: [string, string][] = [
    [
      'scenario',
      `${esc(scenario.name)} (${esc(scenario.id)}, rule ${esc(scenario.rule)}), ${shape.turns} turns from ${esc(monthName(scenario.startMonth))}`,
    ],
    ['policies', `Paraguay <b>${esc(m.policies.PAR)}</b>, Bolivia <b>${esc(m.policies.BOL)}</b>`],
    [
      'starting VP',
      `Paraguay ${m.startingVp.PAR}, Bolivia ${m.startingVp.BOL}${m.handicap.PAR || m.handicap.BOL ? ` (handicap PAR ${m.handicap.PAR >= 0 ? '+' : ''}${m.handicap.PAR}, BOL ${m.handicap.BOL >= 0 ? '+' : ''}${m.handicap.BOL})` : ''}`,
    ],
    ['rules options', optionsFact(m)],
    ['games', `${agg.games} (games ${m.first}–${m.first + m.played - 1}, seed <code>${esc(m.seed)}</code>)`],
    ['Paraguay wins', agg.games > 0 ? `<b>${pct(agg.wins[0]! / agg.games)}</b> (95% ${pct(par.lo)}–${pct(par.hi)})` : '–'],
    ['Bolivia wins', agg.games > 0 ? `<b>${pct(agg.wins[1]! / agg.games)}</b> (95% ${pct(bol.lo)}–${pct(bol.hi)})` : '–'],
    [
      'margin (PAR − BOL)',
      agg.games > 0
        ? `median ${histQuantile(agg.margin, 0.5)}, mean ${histMean(agg.margin).toFixed(2)} VP; equal VP (coin flip) in ${pct(agg.ties / agg.games)}`
        : '–',
    ],
    ['decided', esc(decidedFact(agg.decided))],
    ['reproduce', `<code>${esc(m.reproduce)}</code>`],
    [
      'version',
      `chaco ${esc(m.version)}${m.commit ? `, commit ${esc(m.commit.slice(0, 12))}` : ''}, data ${esc(m.scenario.dataHash.slice(0, 19))}…, ${m.timing.seconds} s on ${m.workers} worker${m.workers === 1 ? '' : 's'} (${m.timing.gamesPerSecond} games/s)`,
    ],
  ];
  const allCharts = [...charts, ...vpCharts, ...decidedCharts, ...blunderCharts];
  const files = [
    'games.csv',
    'summary.csv',
    'turns.csv',
    'settlements.csv',
    'blunders.csv',
    'vp-sources.csv',
    'decided.csv',
    'run.json',
    ...allCharts.map((c) => `${c.name}.vl.json`),
  ];
  const html = htmlPage(
    `${scenario.name}: ${agg.games} games`,
    `chaco run ${scenario.id} — ${m.policies.PAR} (PAR) vs ${m.policies.BOL} (BOL), seed ${m.seed}`,
    [
      ...(note ? [{ kind: 'html' as const, html: `<p class="warn">${esc(note)}</p>` }] : []),
      { kind: 'html', html: factsTable(facts) },
      { kind: 'figures', heading: 'Charts', figures },
      ...(r.telling && r.telling.length > 0 ? [{ kind: 'html' as const, html: tellingBlock(r) }] : []),
      {
        kind: 'table',
        heading: 'Summary by side',
        file: 'summary.csv',
        table: summary,
        note: 'win_rate_lo/hi: Wilson 95% interval. level_* and end_*: share of all games the side won that way. margin_*: the side\'s VP minus the enemy\'s at the end. end_turn_mean: mean end turn of the games it won. Row "all": every game, margin PAR − BOL.',
      },
      {
        kind: 'table',
        heading: 'Turn by turn',
        file: 'turns.csv',
        table: turns,
        collapsed: true,
        note: 'VP at the end of each turn over all games (a game already over keeps its final figures); ended_*: games ending in that turn; rainy/truce shares among the games still playing.',
      },
      {
        kind: 'table',
        heading: 'Settlements',
        file: 'settlements.csv',
        table: settlements,
        collapsed: true,
        note: 'changes_per_game: captures per game by either side; changed_share: games in which it changed hands at least once; held_*_end_share: who held it when the game ended.',
      },
      { kind: 'figures', heading: 'Where the VP come from', figures: vpFigures },
      { kind: 'table', heading: 'VP sources', file: 'vp-sources.csv', table: vpSources, collapsed: true, note: VP_SOURCES_NOTE },
      { kind: 'figures', heading: 'When games are decided', figures: decidedFigures },
      { kind: 'table', heading: 'Decided by turn', file: 'decided.csv', table: decided, collapsed: true, note: DECIDED_NOTE },
      { kind: 'figures', heading: 'Blunders', figures: blunderFigures },
      {
        kind: 'table',
        heading: 'Blunders by side',
        file: 'blunders.csv',
        table: blunders,
        note: "The policies' operational mistakes, counted in every game from the engine's event records (docs/blunders.md defines each kind and how it is found). games: games in which the side made it at least once; share_of_games with its Wilson 95% interval; total: occurrences (counts says of what), mean_per_game over all games.",
      },
      {
        kind: 'html',
        html: `<h2>Files</h2><p>${files.map((f) => `<code>${esc(f)}</code>`).join(' ')} — in this folder. Each chart's Vega-Lite spec carries its data.</p>`,
      },
    ],
  );
  writeFileAtomic(join(dir, 'index.html'), html);
  told(0);
  return [...files, ...[...figures, ...vpFigures, ...decidedFigures, ...blunderFigures].map((f) => `${f.name}.svg`), 'index.html'];
}

/** The options not at their default, each with where it came from (17.6: the campaign's come from the scenario). */
function optionsFact(m: RunManifest): string {
  const set = (Object.keys(m.options.from) as (keyof typeof m.options.from)[]).filter((k) => m.options.from[k] !== 'default');
  const charts = m.options.chartOverrides.map((o) => `<code>${esc(o)}</code>`);
  const rules = set.map((k) => `<code>${esc(`${k}=${String(m.options.rules[k])}`)}</code> (${m.options.from[k]})`);
  return [...rules, ...charts].join(', ') || 'the defaults';
}
