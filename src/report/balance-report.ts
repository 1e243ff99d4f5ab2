// The files of `chaco balance`: matrix.csv (every pair of policies), equilibrium.csv and mixes.csv (the
// verdict per scenario), the heat map and mixes charts, balance.json and an index.html that says the
// verdict in words, scenarios side by side.
import { join } from 'node:path';
import { quickBid } from '../analysis/bid.js';
import { matrixChart, mixesChart, type MatrixCell } from './balance-charts.js';
import { equilibrium, marginHist, type CellGames, type Equilibrium } from '../analysis/equilibrium.js';
import { factsTable, htmlPage, type PageBlock } from './html.js';
import { writeCharts } from './run-report.js';
import { wilson } from '../analysis/stats.js';
import { round, toCsv, type Row, type Table } from './summary.js';
import { esc } from './svg.js';
import { RESTRICTED_COLUMNS, restrictedChart, restrictedRows, type RestrictedArms } from './restricted-report.js';
import { writeFileAtomic, writeJson } from './write-file.js';
import { POLICY_BLUNDERS_NOTE, policyBlundersTable, policyBlundersWide, type BlunderMatrix } from './policy-blunders.js';
import { writeEquilibriumSources, type ScenarioSources } from './balance-sources.js';

export interface ScenarioMatrix {
  readonly id: string;
  readonly name: string;
  /** Pool labels of Paraguay's policies (rows) and Bolivia's (columns). */
  readonly par: readonly string[];
  readonly bol: readonly string[];
  /** cells[i][j]: Paraguay's policy i against Bolivia's policy j, games in order. */
  readonly cells: readonly (readonly CellGames[])[];
}

export interface ScenarioVerdict {
  readonly matrix: ScenarioMatrix;
  readonly eq: Equilibrium;
  readonly rows: readonly Row[];
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const vp = (x: number) => String(Math.round(Math.abs(x)));

/** A bid and its interval in words: "Bolivia +12 VP (8–16)" (a negative bid gives VP to Bolivia). */
export function bidInWords(bid: number, lo: number, hi: number): string {
  if (!Number.isFinite(bid)) return 'no fair bid found';
  const side = (x: number) => (x < 0 ? `Bolivia +${vp(x)}` : `Paraguay +${vp(x)}`);
  if (Math.round(bid) === 0 && lo <= 0 && hi >= 0) return `none needed: 0 VP (${side(lo)} to ${side(hi)})`;
  // An interval across 0 names each end's side: "Paraguay +1 VP (Bolivia +2 to Paraguay +3)".
  if (lo < 0 && hi > 0) return `${side(bid)} VP (${side(lo)} to ${side(hi)})`;
  return bid < 0 ? `Bolivia +${vp(bid)} VP (${vp(hi)}–${vp(lo)})` : `Paraguay +${vp(bid)} VP (${vp(lo)}–${vp(hi)})`;
}

/** "Boquerón favours Paraguay: 71% (66–75) at equilibrium; fair bid Bolivia +12 VP (8–16)". */
export function verdictSentence(name: string, eq: Equilibrium): string {
  const who = eq.interval.lo > 0.5 ? `favours Paraguay` : eq.interval.hi < 0.5 ? `favours Bolivia` : `is even within the noise`;
  return `${name} ${who}: Paraguay wins ${pct(eq.value)} (${pct(eq.interval.lo)}–${pct(eq.interval.hi)}) at equilibrium; fair bid ${bidInWords(eq.bid, eq.bidInterval.lo, eq.bidInterval.hi)}`;
}

/** The matrix rows of one scenario, with each cell's fair bid (margin shift) and its bootstrap interval. */
function matrixRows(m: ScenarioMatrix, seed: string): Row[] {
  const rows: Row[] = [];
  m.cells.forEach((r, i) =>
    r.forEach((c, j) => {
      const n = c.winner_g.length;
      let wins = 0,
        sum = 0;
      for (let k = 0; k < n; k++) {
        if (c.winner_g[k] === 0) wins++;
        sum += c.margin_g[k]!;
      }
      const ci = wilson(wins, n);
      const bid = quickBid(marginHist(c), { replicates: 400, seed: `${seed}:${m.id}:${m.par[i]}:${m.bol[j]}` });
      rows.push({
        scenario: m.id,
        par_policy: m.par[i]!,
        bol_policy: m.bol[j]!,
        games: n,
        par_wins: wins,
        par_win_rate: round(wins / n),
        lo: round(ci.lo),
        hi: round(ci.hi),
        mean_margin: round(sum / n, 2),
        fair_bid: round(bid.bid, 1),
        fair_bid_lo: round(bid.interval.lo, 1),
        fair_bid_hi: round(bid.interval.hi, 1),
      });
    }),
  );
  return rows;
}

export const MATRIX_COLUMNS = [
  'scenario',
  'par_policy',
  'bol_policy',
  'games',
  'par_wins',
  'par_win_rate',
  'lo',
  'hi',
  'mean_margin',
  'fair_bid',
  'fair_bid_lo',
  'fair_bid_hi',
] as const;
export const EQUILIBRIUM_COLUMNS = [
  'scenario',
  'value',
  'lo',
  'hi',
  'fair_bid',
  'fair_bid_lo',
  'fair_bid_hi',
  'min_cell',
  'max_cell',
  'par_mix',
  'bol_mix',
  'par_mix_at_bid',
  'bol_mix_at_bid',
  'games',
  'replicates',
] as const;
export const MIXES_COLUMNS = ['scenario', 'side', 'policy', 'weight'] as const;
export const LADDER_COLUMNS = ['scenario', 'side', 'rank', 'policy', 'mean_win_rate', 'worst_win_rate', 'best_win_rate', 'weight'] as const;

/**
 * The strength ladder of each side: its policies ranked by their mean win rate against every policy
 * of the other side (each opponent counted once), with the worst and best pairing and the weight at
 * equilibrium. A policy's own side's win rate: Paraguay's for rows, Bolivia's for columns.
 */
export function ladderRows(v: ScenarioVerdict): Row[] {
  const m = v.matrix;
  const rate = (i: number, j: number) => {
    const c = m.cells[i]![j]!;
    let w = 0;
    for (const x of c.winner_g) if (x === 0) w++;
    return w / c.winner_g.length;
  };
  const side = (labels: readonly string[], weights: readonly number[], rates: (k: number) => number[], name: string) =>
    labels
      .map((p, k) => {
        const r = rates(k);
        return {
          policy: p,
          mean: r.reduce((a, b) => a + b, 0) / r.length,
          worst: Math.min(...r),
          best: Math.max(...r),
          weight: weights[k]!,
        };
      })
      .sort((a, b) => b.mean - a.mean || a.policy.localeCompare(b.policy))
      .map((x, k) => ({
        scenario: m.id,
        side: name,
        rank: k + 1,
        policy: x.policy,
        mean_win_rate: round(x.mean),
        worst_win_rate: round(x.worst),
        best_win_rate: round(x.best),
        weight: round(x.weight),
      }));
  return [
    ...side(m.par, v.eq.row, (i) => m.bol.map((_, j) => rate(i, j)), 'PAR'),
    ...side(m.bol, v.eq.col, (j) => m.par.map((_, i) => 1 - rate(i, j)), 'BOL'),
  ];
}

/** A mix as equilibrium.csv writes it: "cautious 0.182; search 0.818" (policies without weight left out). */
export const mixText = (labels: readonly string[], w: readonly number[]) =>
  labels
    .map((l, k) => (w[k]! > 0 ? `${l} ${round(w[k]!, 3)}` : null))
    .filter((x) => x !== null)
    .join('; ');

/** The policies and weights of a mix as mixText writes it, the weights scaled to sum to 1; null when the text is not one. */
export function parseMix(text: string): { label: string; weight: number }[] | null {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const mix = parts.map((p) => {
    const cut = p.lastIndexOf(' ');
    return { label: p.slice(0, cut).trim(), weight: Number(p.slice(cut + 1)) };
  });
  if (mix.length === 0 || mix.some((m) => m.label === '' || !Number.isFinite(m.weight) || m.weight <= 0)) return null;
  const total = mix.reduce((a, m) => a + m.weight, 0);
  return mix.map((m) => ({ label: m.label, weight: m.weight / total }));
}

export function scenarioVerdict(m: ScenarioMatrix, opts: { seed: string; replicates: number }): ScenarioVerdict {
  const eq = equilibrium(m.cells, { replicates: opts.replicates, seed: `${opts.seed}:${m.id}` });
  return { matrix: m, eq, rows: matrixRows(m, opts.seed) };
}

function equilibriumRow(v: ScenarioVerdict): Row {
  const { matrix: m, eq } = v;
  return {
    scenario: m.id,
    value: round(eq.value),
    lo: round(eq.interval.lo),
    hi: round(eq.interval.hi),
    fair_bid: round(eq.bid, 1),
    fair_bid_lo: round(eq.bidInterval.lo, 1),
    fair_bid_hi: round(eq.bidInterval.hi, 1),
    min_cell: round(eq.min),
    max_cell: round(eq.max),
    par_mix: mixText(m.par, eq.row),
    bol_mix: mixText(m.bol, eq.col),
    par_mix_at_bid: mixText(m.par, eq.atBid.row),
    bol_mix_at_bid: mixText(m.bol, eq.atBid.col),
    games: m.cells.flat().reduce((a, c) => a + c.winner_g.length, 0),
    replicates: eq.replicates,
  };
}

export interface BalanceReport {
  readonly dir: string;
  readonly verdicts: readonly ScenarioVerdict[];
  /** Restricted play per scenario (none when the study has no restrictions). */
  readonly restricted: readonly RestrictedArms[];
  /** The blunder audit of each scenario's matrix cells. */
  readonly blunders: readonly BlunderMatrix[];
  /** Each scenario's cells' VP sources and decision counts, for its equilibrium cell (balance-sources.ts). */
  readonly sources?: readonly ScenarioSources[];
  readonly manifest: Record<string, unknown> & { status: string; reproduce: string };
  /** Told before each chart is drawn (the command's progress line). */
  readonly onChart?: () => void;
}

/** Writes every file of the balance report; returns the verdict sentences. */
export async function writeBalanceReport(r: BalanceReport): Promise<string[]> {
  const matrix: Table = { columns: MATRIX_COLUMNS, rows: r.verdicts.flatMap((v) => v.rows) };
  const eqTable: Table = { columns: EQUILIBRIUM_COLUMNS, rows: r.verdicts.map(equilibriumRow) };
  const mixes: Table = {
    columns: MIXES_COLUMNS,
    rows: r.verdicts.flatMap((v) => [
      ...v.matrix.par.map((p, k) => ({ scenario: v.matrix.id, side: 'PAR', policy: p, weight: round(v.eq.row[k]!) })),
      ...v.matrix.bol.map((p, k) => ({ scenario: v.matrix.id, side: 'BOL', policy: p, weight: round(v.eq.col[k]!) })),
    ]),
  };
  writeFileAtomic(join(r.dir, 'matrix.csv'), toCsv(matrix));
  writeFileAtomic(join(r.dir, 'equilibrium.csv'), toCsv(eqTable));
  writeFileAtomic(join(r.dir, 'mixes.csv'), toCsv(mixes));
  const ladder: Table = { columns: LADDER_COLUMNS, rows: r.verdicts.flatMap(ladderRows) };
  writeFileAtomic(join(r.dir, 'ladder.csv'), toCsv(ladder));
  const sentences = r.verdicts.map((v) => verdictSentence(v.matrix.name, v.eq));
  writeJson(join(r.dir, 'balance.json'), { ...r.manifest, verdicts: sentences });

  const blocks: PageBlock[] = [];
  blocks.push({
    kind: 'html',
    html:
      `<h2>Verdict</h2><ul>${sentences.map((s) => `<li><b>${esc(s)}</b></li>`).join('')}</ul>` +
      "<p>The value is Paraguay's win probability when each side mixes its policies in the proportions that serve it best against the other's best mix (the equilibrium of the zero-sum game on the matrix of win rates); the interval is a 95% percentile bootstrap over the games of every cell. The fair bid is the VP shift of every margin that makes that value one half (a margin-shift estimate: sudden death and the 50-VP settlement do not react to it; <code>chaco bid</code> re-simulates a bid for one pair of policies).</p>",
  });
  if (r.manifest.status !== 'complete')
    blocks.push({
      kind: 'html',
      html: `<p class="warn">This study is ${esc(r.manifest.status)}: some cells have fewer games than the stopping rule asks. Resume it: <code>${esc(r.manifest.reproduce)}</code></p>`,
    });
  for (const v of r.verdicts) {
    const cells: MatrixCell[] = v.rows.map((row) => ({
      par: String(row.par_policy),
      bol: String(row.bol_policy),
      rate: Number(row.par_win_rate),
      lo: Number(row.lo),
      hi: Number(row.hi),
      games: Number(row.games),
    }));
    const mixRows = [
      ...v.matrix.par.map((p, k) => ({ side: 'Paraguay', policy: p, weight: v.eq.row[k]! })),
      ...v.matrix.bol.map((p, k) => ({ side: 'Bolivia', policy: p, weight: v.eq.col[k]! })),
    ];
    const figures = await writeCharts(
      r.dir,
      [matrixChart(v.matrix.id, v.matrix.name, cells, v.matrix.par, v.matrix.bol), mixesChart(v.matrix.id, v.matrix.name, mixRows)],
      r.onChart,
    );
    blocks.push({
      kind: 'html',
      html: `<h2>${esc(v.matrix.name)}</h2>${factsTable([
        ['equilibrium', `${pct(v.eq.value)} Paraguay (95% ${pct(v.eq.interval.lo)}–${pct(v.eq.interval.hi)})`],
        ['range over cells', `${pct(v.eq.min)} to ${pct(v.eq.max)}`],
        ['fair bid at equilibrium', esc(bidInWords(v.eq.bid, v.eq.bidInterval.lo, v.eq.bidInterval.hi))],
        ['Paraguay mixes', esc(mixText(v.matrix.par, v.eq.row))],
        ['Bolivia mixes', esc(mixText(v.matrix.bol, v.eq.col))],
      ])}`,
    });
    blocks.push({ kind: 'figures', heading: `${v.matrix.name}: matrix and mixes`, figures });
    const sources = r.sources?.find((x) => x.id === v.matrix.id);
    if (sources) blocks.push(...(await writeEquilibriumSources(r.dir, sources, v.eq.row, v.eq.col, r.onChart)).blocks);
  }
  if (r.restricted.length > 0) {
    const rows = r.restricted.flatMap(restrictedRows);
    const table: Table = { columns: RESTRICTED_COLUMNS, rows };
    writeFileAtomic(join(r.dir, 'restricted.csv'), toCsv(table));
    const figures = await writeCharts(
      r.dir,
      r.restricted.map((x) =>
        restrictedChart(
          x.scenario,
          x.name,
          rows.filter((row) => row.scenario === x.scenario),
        ),
      ),
      r.onChart,
    );
    blocks.push({
      kind: 'figures',
      heading: `Restricted play: ${r.restricted[0]!.policy} against ${r.restricted[0]!.policy}, one side without one option`,
      figures,
    });
    blocks.push({ kind: 'table', heading: 'Restricted play', table, file: 'restricted.csv', collapsed: true });
  }
  const blunders = policyBlundersTable(r.blunders);
  writeFileAtomic(join(r.dir, 'blunders-by-policy.csv'), toCsv(blunders));
  blocks.push({
    kind: 'table',
    heading: 'Blunders by policy',
    note: POLICY_BLUNDERS_NOTE,
    table: policyBlundersWide(blunders),
    file: 'blunders-by-policy.csv',
  });
  blocks.push({ kind: 'table', heading: 'Every pair of policies', table: matrix, file: 'matrix.csv', collapsed: true });
  blocks.push({
    kind: 'table',
    heading: "Strength ladder: each side's policies by their mean win rate against the other side's pool",
    table: ladder,
    file: 'ladder.csv',
  });
  blocks.push({ kind: 'table', heading: 'Equilibria', table: eqTable, file: 'equilibrium.csv', collapsed: true });
  blocks.push({ kind: 'html', html: `<h2>Reproduce</h2><pre>${esc(r.manifest.reproduce)}</pre>` });
  const title = `Balance: ${r.verdicts.map((v) => v.matrix.name).join(', ')}`;
  writeFileAtomic(
    join(r.dir, 'index.html'),
    htmlPage(title, 'Every Paraguayan policy of the pool against every Bolivian one on common seeds', blocks),
  );
  return sentences;
}
