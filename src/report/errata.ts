// Candidate errata (issue: why a scenario leans): each arm's Paraguayan win rate with its Wilson interval and its
// paired change from the data as shipped; the candidates, whose win rate lies within the target band, nearest 50%
// first; errata.csv, errata.json, index.html. The arms are played by chaco errata (src/cli/errata.ts).
import { join } from 'node:path';
import type { CellGames } from '../analysis/equilibrium.js';
import { factsTable, htmlPage, type PageBlock } from './html.js';
import { restrictedChange } from './restricted-report.js';
import { wilson } from '../analysis/stats.js';
import { round, toCsv, type Row, type Table } from './summary.js';
import { esc } from './svg.js';
import { writeFileAtomic, writeJson } from './write-file.js';

/** Paraguay's win rate a candidate erratum brings the game to: within this band (the issue's 45-55%). */
export const TARGET: readonly [number, number] = [0.45, 0.55];

export const ERRATA_COLUMNS = [
  'scenario',
  'kind',
  'item',
  'change',
  'setting',
  'games',
  'par_win_rate',
  'par_win_lo',
  'par_win_hi',
  'change_from_shipped',
  'change_lo',
  'change_hi',
  'candidate',
] as const;

export interface ErrataArm {
  /** starting-vp (the fair bid given at the start), reading (a rules option) or estimate (estimated data, a chart cell or a map feature). */
  readonly kind: 'starting-vp' | 'reading' | 'estimate';
  readonly item: string;
  readonly change: string;
  /** The flag that plays it: --option key=value, or --handicap SIDE=VP. */
  readonly setting: string;
  readonly games: CellGames;
}

export interface ScenarioErrata {
  readonly id: string;
  readonly name: string;
  readonly shipped: CellGames;
  readonly arms: readonly ErrataArm[];
}

const parWins = (g: CellGames) => g.winner_g.reduce((a, w) => a + (w === 0 ? 1 : 0), 0);

/** One row per arm: its win rate (Wilson 95%), the paired change from as shipped (Newcombe), and whether it is a candidate. */
export function errataRows(s: ScenarioErrata): Row[] {
  return s.arms.map((a) => {
    const n = a.games.winner_g.length,
      k = parWins(a.games),
      w = wilson(k, n),
      d = restrictedChange(s.shipped, a.games, 0);
    const rate = n > 0 ? k / n : NaN;
    return {
      scenario: s.id,
      kind: a.kind,
      item: a.item,
      change: a.change,
      setting: a.setting,
      games: n,
      par_win_rate: round(rate),
      par_win_lo: round(w.lo),
      par_win_hi: round(w.hi),
      change_from_shipped: round(d.change),
      change_lo: round(d.lo),
      change_hi: round(d.hi),
      candidate: rate >= TARGET[0] && rate <= TARGET[1] ? 'yes' : 'no',
    };
  });
}

const pct = (x: unknown) => `${(100 * Number(x)).toFixed(0)}%`;

/** The candidates of a scenario, nearest 50% first, then the starting VP before the rest. */
export function candidates(rows: readonly Row[]): Row[] {
  const gap = (r: Row) => Math.abs(Number(r.par_win_rate) - 0.5);
  return rows
    .filter((r) => r.candidate === 'yes')
    .sort(
      (a, b) =>
        gap(a) - gap(b) ||
        (a.kind === 'starting-vp' ? -1 : 0) - (b.kind === 'starting-vp' ? -1 : 0) ||
        String(a.item).localeCompare(String(b.item)),
    );
}

/** The summary line of a scenario: its best candidates, or none found with the closest arm. */
export function errataLine(s: ScenarioErrata, rows: readonly Row[]): string {
  const shipped = s.shipped.winner_g.length > 0 ? parWins(s.shipped) / s.shipped.winner_g.length : NaN;
  const head = `${s.name}: Paraguay ${pct(shipped)} as shipped`;
  const found = candidates(rows);
  const show = (r: Row) => `${r.change}: Paraguay ${pct(r.par_win_rate)} (95% ${pct(r.par_win_lo)}-${pct(r.par_win_hi)})`;
  if (found.length > 0)
    return `${head}; ${found.length} candidate errata within ${pct(TARGET[0])}-${pct(TARGET[1])}, best ${found.slice(0, 3).map(show).join('; ')}`;
  const closest = [...rows]
    .filter((r) => Number.isFinite(Number(r.par_win_rate)))
    .sort((a, b) => Math.abs(Number(a.par_win_rate) - 0.5) - Math.abs(Number(b.par_win_rate) - 0.5))[0];
  return `${head}; no candidate within ${pct(TARGET[0])}-${pct(TARGET[1])} in the search${closest ? `; closest ${show(closest)}` : ''}`;
}

export interface ErrataReport {
  readonly dir: string;
  readonly scenarios: readonly ScenarioErrata[];
  readonly manifest: Record<string, unknown> & { readonly policies: string; readonly reproduce: string; readonly status: string };
}

/** Writes errata.csv, errata.json and index.html; returns one line per scenario. */
export function writeErrataReport(r: ErrataReport): string[] {
  const per = r.scenarios.map((s) => ({ s, rows: errataRows(s) }));
  const table: Table = { columns: ERRATA_COLUMNS, rows: per.flatMap((x) => x.rows) };
  writeFileAtomic(join(r.dir, 'errata.csv'), toCsv(table));
  const lines = per.map(({ s, rows }) => errataLine(s, rows));
  writeJson(join(r.dir, 'errata.json'), { ...r.manifest, target: TARGET, summary: lines });
  const blocks: PageBlock[] = [
    {
      kind: 'html',
      html: `<p>${esc(`Policies: ${r.manifest.policies}.`)} Each arm plays the same games as the data as shipped (game i of every arm uses the same seeds) with one change: the starting VP (the fair bid of the games as shipped, given at the start and played), one rules reading, or one piece of estimated data at one of its steps. A candidate erratum brings Paraguay's win rate within ${pct(TARGET[0])}-${pct(TARGET[1])}; read its interval before printing it.</p><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
    },
  ];
  if (r.manifest.status !== 'complete')
    blocks.push({
      kind: 'html',
      html: `<p class="warn">This search is ${esc(r.manifest.status)}. Resume it: <code>${esc(r.manifest.reproduce)}</code></p>`,
    });
  for (const { s, rows } of per) {
    const found = candidates(rows);
    blocks.push({
      kind: 'html',
      html: `<h2>${esc(s.name)}</h2>${factsTable([
        [
          'as shipped',
          `Paraguay wins ${pct(parWins(s.shipped) / Math.max(1, s.shipped.winner_g.length))} of ${s.shipped.winner_g.length} games`,
        ],
        ['arms', String(rows.length)],
        ['candidates', String(found.length)],
      ])}`,
    });
    if (found.length > 0)
      blocks.push({ kind: 'table', heading: `${s.name}: candidate errata`, table: { columns: ERRATA_COLUMNS, rows: found } });
  }
  blocks.push({ kind: 'table', heading: 'Every arm', table, file: 'errata.csv', collapsed: true });
  blocks.push({
    kind: 'html',
    html: `<h2>Reproduce</h2><pre>${esc(r.manifest.reproduce)}</pre><p>One arm alone: <code>chaco compare &lt;scenario&gt; --variant name:&lt;setting&gt;</code> with the same --seed, policies and --games.</p>`,
  });
  writeFileAtomic(
    join(r.dir, 'index.html'),
    htmlPage(
      `Errata: ${r.scenarios.map((s) => s.name).join(', ')}`,
      'Candidate errata: the single changes that bring the game within the target band',
      blocks,
    ),
  );
  return lines;
}
