// The files of `chaco ladder`: ratings.csv, gains.csv, a ratings chart per scenario, ladder.json and
// index.html with each side's ladder and what each policy gains over the reference.
import { join } from 'node:path';
import { SIDE_COLOURS, type Chart } from './charts.js';
import { factsTable, htmlPage, type PageBlock } from './html.js';
import { gainRows, GAINS_COLUMNS, ratingRows, RATINGS_COLUMNS, type LadderMatrix } from './ladder.js';
import { writeCharts } from './run-report.js';
import { toCsv, type Row, type Table } from './summary.js';
import { esc } from './svg.js';
import { writeFileAtomic, writeJson } from './write-file.js';
import { POLICY_BLUNDERS_NOTE, policyBlundersTable, policyBlundersWide, type BlunderMatrix } from './policy-blunders.js';

/** Each side's ratings with their intervals, strongest first. */
export function ratingsChart(id: string, name: string, rows: readonly Row[]): Chart {
  const values = rows.map((r) => ({ ...r, sideName: r.side === 'PAR' ? 'Paraguay' : 'Bolivia' }));
  return {
    name: `ratings-${id}`,
    title: `${name}: strength ladder`,
    caption:
      "Bradley–Terry ratings on the Elo scale (a 400-point gap is odds of 10 to 1), each side's reference policy at 0, with 95% bootstrap intervals. Ratings compare policies of one side; the two sides' scales are not comparable.",
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      description: `Strength ladder of ${name}`,
      background: 'white',
      config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null } },
      data: { values },
      facet: { row: { field: 'sideName', type: 'nominal', title: null, sort: ['Paraguay', 'Bolivia'] } },
      resolve: { scale: { y: 'independent' } },
      spec: {
        width: 360,
        height: { step: 18 },
        encoding: { y: { field: 'policy', type: 'nominal', title: null, sort: { field: 'rating', order: 'descending' } } },
        layer: [
          {
            mark: { type: 'rule', color: 'black' },
            encoding: {
              x: { field: 'rating_lo', type: 'quantitative', title: 'rating (Elo points, reference 0)' },
              x2: { field: 'rating_hi' },
            },
          },
          {
            mark: { type: 'point', filled: true, size: 60 },
            encoding: {
              x: { field: 'rating', type: 'quantitative' },
              color: {
                field: 'sideName',
                type: 'nominal',
                title: null,
                scale: { domain: ['Paraguay', 'Bolivia'], range: [...SIDE_COLOURS] },
              },
            },
          },
        ],
      },
    },
  };
}

export interface LadderReport {
  readonly dir: string;
  readonly matrices: readonly LadderMatrix[];
  /** The blunder audit of each scenario's pairs. */
  readonly blunders: readonly BlunderMatrix[];
  readonly replicates: number;
  readonly seed: string;
  readonly manifest: Record<string, unknown> & { status: string; reproduce: string };
  /** Told before each chart is drawn (the command's progress line). */
  readonly onChart?: () => void;
}

const pts = (x: unknown) => `${Number(x) >= 0 ? '+' : ''}${(100 * Number(x)).toFixed(1)}`;

/** Writes the ladder files; returns one line per scenario and side: its ladder, and the largest gain over the reference. */
export async function writeLadderReport(r: LadderReport): Promise<string[]> {
  const per = r.matrices.map((m) => ({ m, ratings: ratingRows(m, { replicates: r.replicates, seed: r.seed }), gains: gainRows(m) }));
  const ratings: Table = { columns: RATINGS_COLUMNS, rows: per.flatMap((x) => x.ratings) };
  const gains: Table = { columns: GAINS_COLUMNS, rows: per.flatMap((x) => x.gains) };
  writeFileAtomic(join(r.dir, 'ratings.csv'), toCsv(ratings));
  writeFileAtomic(join(r.dir, 'gains.csv'), toCsv(gains));
  const lines = per.flatMap(({ m, ratings: rows, gains: g }) =>
    (['PAR', 'BOL'] as const).map((side) => {
      const ref = side === 'PAR' ? m.par[m.parRef]! : m.bol[m.bolRef]!;
      const ladder = rows
        .filter((x) => x.side === side)
        .map(
          (x) =>
            `${x.policy} ${x.policy === ref ? '0 (reference)' : `${Number(x.rating) >= 0 ? '+' : ''}${x.rating} (${x.rating_lo} to ${x.rating_hi})`}`,
        );
      const best = g.filter((x) => x.side === side).sort((x, y) => Number(y.gain) - Number(x.gain))[0];
      return (
        `${m.name}, ${side === 'PAR' ? 'Paraguay' : 'Bolivia'}: ${ladder.join(', ')} Elo` +
        (best
          ? `; best gain over ${ref} against ${best.opponent}: ${best.policy} ${pts(best.gain)} points (95% ${pts(best.gain_lo)} to ${pts(best.gain_hi)})`
          : '')
      );
    }),
  );
  writeJson(join(r.dir, 'ladder.json'), { ...r.manifest, replicates: r.replicates, summary: lines });
  const blocks: PageBlock[] = [
    {
      kind: 'html',
      html: `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul><p>Ratings: Bradley–Terry strengths fitted to every game of the matrix (each Paraguayan policy against each Bolivian one, all on the same seeds), half a win and half a loss added to each pair so a policy that always wins keeps a finite rating. Gains: each policy against the other side's reference policy, beside this side's reference against the same opponent on the same games, with Newcombe's paired 95% interval.</p>`,
    },
  ];
  if (r.manifest.status !== 'complete')
    blocks.push({
      kind: 'html',
      html: `<p class="warn">This ladder is ${esc(r.manifest.status)}. Resume it: <code>${esc(r.manifest.reproduce)}</code></p>`,
    });
  for (const { m, ratings: rows, gains: g } of per) {
    const figures = await writeCharts(r.dir, [ratingsChart(m.id, m.name, rows)], r.onChart);
    blocks.push({
      kind: 'html',
      html: `<h2>${esc(m.name)}</h2>${factsTable([
        ['references', `Paraguay ${esc(m.par[m.parRef]!)}, Bolivia ${esc(m.bol[m.bolRef]!)}`],
        ['games a pair', String(m.cells[0]![0]!.winner_g.length)],
      ])}`,
    });
    blocks.push({ kind: 'figures', heading: `${m.name}: ratings`, figures });
    blocks.push({
      kind: 'table',
      heading: `${m.name}: gains over the reference, same opponent, same games`,
      table: { columns: GAINS_COLUMNS, rows: g },
    });
  }
  blocks.push({ kind: 'table', heading: 'Ratings', table: ratings, file: 'ratings.csv' });
  const blunders = policyBlundersTable(r.blunders);
  writeFileAtomic(join(r.dir, 'blunders-by-policy.csv'), toCsv(blunders));
  blocks.push({
    kind: 'table',
    heading: 'Blunders by policy',
    note: POLICY_BLUNDERS_NOTE,
    table: policyBlundersWide(blunders),
    file: 'blunders-by-policy.csv',
  });
  blocks.push({ kind: 'html', html: `<h2>Reproduce</h2><pre>${esc(r.manifest.reproduce)}</pre>` });
  writeFileAtomic(
    join(r.dir, 'index.html'),
    htmlPage(
      `Strength ladder: ${r.matrices.map((m) => m.name).join(', ')}`,
      'Every policy of the pool on both sides, on paired seeds',
      blocks,
    ),
  );
  return lines;
}
