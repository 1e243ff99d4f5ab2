// Where the VP come from and when games are decided at a balance study's equilibrium (issue 28): the
// equilibrium cell of each scenario is the pair of policies with the most weight in the two sides'
// optimal mixes (the equilibrium itself when it is pure); its vp-sources-<scenario>.csv,
// decided-<scenario>.csv and charts are the run report's, over that cell's games.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CellSources } from '../sim/aggregate.js';
import { DECIDED_NOTE, decidedChart, decidedFact, decidedTable } from './decided.js';
import { factsTable, type PageBlock } from './html.js';
import { writeCharts } from './run-report.js';
import { round, toCsv } from './summary.js';
import { esc } from './svg.js';
import { VP_SOURCES_NOTE, vpSourcesChart, vpSourcesInWords, vpSourcesTable, type SettlementLabel } from './vp-sources.js';
import { writeFileAtomic } from './write-file.js';

/** A scenario's cells' sources, [par policy][bol policy] as in its matrix (null: not kept), with what the tables name. */
export interface ScenarioSources {
  readonly id: string;
  readonly name: string;
  readonly par: readonly string[];
  readonly bol: readonly string[];
  readonly cells: readonly (readonly (CellSources | null)[])[];
  readonly settlements: readonly SettlementLabel[];
  readonly startMonth: number;
}

/** The cell (i, j) with the largest weight row[i] * col[j] (the first on a tie), and that weight. */
export function equilibriumCell(row: readonly number[], col: readonly number[]): { i: number; j: number; weight: number } {
  let best = { i: 0, j: 0, weight: -1 };
  row.forEach((p, i) =>
    col.forEach((q, j) => {
      if (p * q > best.weight) best = { i, j, weight: p * q };
    }),
  );
  return best;
}

/** Writes the equilibrium cell's files into dir; returns the page blocks and the files written. */
export async function writeEquilibriumSources(
  dir: string,
  s: ScenarioSources,
  row: readonly number[],
  col: readonly number[],
  onChart?: () => void,
): Promise<{ blocks: PageBlock[]; files: string[] }> {
  const { i, j, weight } = equilibriumCell(row, col);
  const pair = `${s.par[i]} (PAR) against ${s.bol[j]} (BOL)`;
  const heading = `${s.name}: where the VP come from and when games are decided, at the equilibrium cell`;
  const cell = s.cells[i]?.[j] ?? null;
  if (cell === null || cell.games === 0) {
    // Files of an earlier report of this folder would no longer be this study's.
    for (const f of [
      `vp-sources-${s.id}.csv`,
      `decided-${s.id}.csv`,
      ...['vl.json', 'svg'].flatMap((x) => [`vp-sources-${s.id}.${x}`, `decided-${s.id}.${x}`]),
    ])
      rmSync(join(dir, f), { force: true });
    return {
      blocks: [
        {
          kind: 'html',
          html: `<h2>${esc(heading)}</h2><p class="warn">${esc(`No VP sources for ${pair}: its games were kept from a study an older chaco played, or a write was cut short. --force plays the study again.`)}</p>`,
        },
      ],
      files: [],
    };
  }
  const vp = vpSourcesTable(cell, s.settlements),
    decided = decidedTable(cell.decided, s.startMonth);
  const files = [`vp-sources-${s.id}.csv`, `decided-${s.id}.csv`];
  writeFileAtomic(join(dir, files[0]!), toCsv(vp));
  writeFileAtomic(join(dir, files[1]!), toCsv(decided));
  const charts = [
    { ...vpSourcesChart(cell), name: `vp-sources-${s.id}` },
    { ...decidedChart(cell.decided), name: `decided-${s.id}` },
  ];
  const figures = await writeCharts(dir, charts, onChart);
  const facts: [string, string][] = [
    [
      'equilibrium cell',
      `${esc(pair)}: weight ${round(weight, 3)} of the equilibrium's mixes${weight >= 0.999 ? ' (the equilibrium is this pure pair)' : ''}; ${cell.games} games`,
    ],
    ...vpSourcesInWords(cell).map(({ side, text }): [string, string] => [`VP ${side}`, esc(text)]),
    ['decided', esc(decidedFact(cell.decided))],
  ];
  return {
    blocks: [
      { kind: 'html', html: `<h2>${esc(heading)}</h2>${factsTable(facts)}` },
      { kind: 'figures', heading: `${s.name}: VP sources and decision turns of ${pair}`, figures },
      { kind: 'table', heading: `${s.name}: VP sources of ${pair}`, file: files[0]!, table: vp, collapsed: true, note: VP_SOURCES_NOTE },
      {
        kind: 'table',
        heading: `${s.name}: decided by turn, ${pair}`,
        file: files[1]!,
        table: decided,
        collapsed: true,
        note: DECIDED_NOTE,
      },
    ],
    files: [...files, ...charts.map((c) => `${c.name}.vl.json`)],
  };
}
