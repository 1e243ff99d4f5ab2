// The blunder audit's outputs: blunders.csv, its Vega-Lite chart (valid against the schema vega-lite
// ships, and rendered), the table and chart on the report page, the terminal line, and a run folder
// whose aggregate.json predates the audit.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { blundersLine } from '../../src/cli/terminal-summary.js';
import { BLUNDER_COLUMNS, blundersChart, blundersTable } from '../../src/report/blunders.js';
import { runCharts } from '../../src/report/charts.js';
import { renderSvg } from '../../src/report/render.js';
import { writeRunReport } from '../../src/report/run-report.js';
import { toCsv } from '../../src/report/summary.js';
import { aggregateShape, emptyAggregate, type Aggregate } from '../../src/sim/aggregate.js';
import { BLUNDERS, GHQ_OVERRUN, IDLE_UNITS } from '../../src/sim/blunders.js';
import { runManifest } from '../../src/sim/manifest.js';
import { prepareRun } from '../../src/sim/spec.js';
import { wilson } from '../../src/analysis/stats.js';
import { chaco, lines, read, tmp } from '../helpers/cli.js';
import { randomSpec } from '../helpers/spec.js';

const spec = randomSpec('blunders');
const { scenario, options, sources } = prepareRun(spec);
const shape = aggregateShape(scenario, options);

/** 40 games: Bolivia's GHQ overrun in 30 of them (33 times), Paraguay's units idle in 10 (25 units), nothing else. */
function sample(): Aggregate {
  const agg = emptyAggregate(shape);
  agg.games = 40;
  agg.blunders.games[GHQ_OVERRUN]![1] = 30;
  agg.blunders.total[GHQ_OVERRUN]![1] = 33;
  agg.blunders.games[IDLE_UNITS]![0] = 10;
  agg.blunders.total[IDLE_UNITS]![0] = 25;
  return agg;
}

const vegaLiteSchema = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../node_modules/vega-lite/build/vega-lite-schema.json'), 'utf8'),
) as Record<string, unknown>;
const validate = new Ajv({ allErrors: true, strict: false }).compile(vegaLiteSchema);
const schemaErrors = (spec: unknown) =>
  validate(spec) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message ?? ''}`);

describe('blunders.csv', () => {
  test('a row per side and kind: games, share with its Wilson 95% interval, total, mean per game, what it counts, rule, description', () => {
    const t = blundersTable(sample());
    expect(t.columns).toEqual([
      'side',
      'blunder',
      'games',
      'share_of_games',
      'share_of_games_lo',
      'share_of_games_hi',
      'total',
      'mean_per_game',
      'counts',
      'rule',
      'description',
    ]);
    expect(t.rows).toHaveLength(2 * BLUNDERS.length);
    const ghq = t.rows.find((r) => r.side === 'BOL' && r.blunder === 'ghq_overrun')!;
    const ci = wilson(30, 40);
    expect(ghq).toMatchObject({
      games: 30,
      share_of_games: 0.75,
      total: 33,
      mean_per_game: 0.825,
      counts: 'removals',
      rule: BLUNDERS[GHQ_OVERRUN]!.rule,
    });
    expect([ghq.share_of_games_lo, ghq.share_of_games_hi]).toEqual([Number(ci.lo.toFixed(4)), Number(ci.hi.toFixed(4))]);
    expect(t.rows.find((r) => r.side === 'PAR' && r.blunder === 'idle_units')).toMatchObject({
      games: 10,
      share_of_games: 0.25,
      total: 25,
      mean_per_game: 0.625,
    });
    expect(t.rows.find((r) => r.side === 'PAR' && r.blunder === 'ghq_overrun')).toMatchObject({ games: 0, share_of_games: 0, total: 0 });
    expect(toCsv(t).split('\n')[0]).toBe(BLUNDER_COLUMNS.join(','));
  });
  test('with no games the shares are empty, not NaN', () => {
    const row = blundersTable(emptyAggregate(shape)).rows[0]!;
    expect([row.share_of_games, row.share_of_games_lo, row.mean_per_game]).toEqual(['', '', '']);
  });
});

describe('the blunders chart', () => {
  test("it validates against vega-lite's JSON schema, as every run chart does", () => {
    expect(schemaErrors(blundersChart(sample()).spec)).toEqual([]);
    for (const c of runCharts(sample(), shape, scenario)) expect(schemaErrors(c.spec), c.name).toEqual([]);
    expect(schemaErrors({ ...blundersChart(sample()).spec, mark: 'bars' })).not.toEqual([]); // the check can fail
  });
  test('a bar and an interval per kind and side, the share of games; it renders without a warning', async () => {
    const c = blundersChart(sample());
    const values = (c.spec.data as { values: { id: string; side: string; share: number; lo: number; hi: number }[] }).values;
    expect(values).toHaveLength(2 * BLUNDERS.length);
    expect(values.find((v) => v.id === 'ghq_overrun' && v.side === 'Bolivia')).toMatchObject({
      share: 0.75,
      lo: wilson(30, 40).lo,
      hi: wilson(30, 40).hi,
    });
    const { svg, warnings } = await renderSvg(c.spec);
    expect(warnings).toEqual([]);
    for (const b of BLUNDERS) expect(svg).toContain(`>${b.short}<`);
  });
});

describe('the report page and the terminal', () => {
  test('index.html shows the chart and the table; blunders.csv and blunders.vl.json are written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaco-blunders-'));
    const now = new Date();
    const manifest = runManifest({
      command: 'test',
      spec,
      scenario,
      options,
      sources,
      turns: shape.turns,
      first: 0,
      games: 40,
      played: 40,
      interrupted: false,
      workers: 0,
      started: now,
      finished: now,
    });
    const files = await writeRunReport({ dir, manifest, aggregate: sample(), shape, scenario });
    for (const f of ['blunders.csv', 'blunders.vl.json', 'blunders.svg']) expect(files).toContain(f);
    expect(read(dir, 'blunders.csv')).toBe(toCsv(blundersTable(sample())));
    const html = read(dir, 'index.html');
    expect(html).toContain('<figure id="blunders">');
    expect(html).toContain('<h2>Blunders by side <span style="color:#888;font-size:0.8em">(blunders.csv)</span></h2>');
    expect(html).toContain('<td>ghq_overrun</td>');
  });
  test("one line: each kind's share of games, Paraguay then Bolivia", () => {
    const line = blundersLine(sample());
    expect(lines(line)).toHaveLength(1);
    expect(line).toBe(
      `blunders    share of games PAR/BOL: ${BLUNDERS.map((b) => `${b.short} ${b.id === 'idle_units' ? '25%/0%' : b.id === 'ghq_overrun' ? '0%/75%' : '0%/0%'}`).join(', ')}`,
    );
  });
});

describe('a run folder written before the audit', () => {
  test('resuming it, or merging it, is refused in one line that says to play it again with --force (exit 2); --force does', () => {
    const out = tmp();
    const args = ['run', 'boqueron', '--games', '6', '--seed', 'old', '--workers', '0', '--no-replays', '--out', out];
    expect(chaco(args).code).toBe(0);
    const file = JSON.parse(read(out, 'aggregate.json')) as { aggregate: Partial<Aggregate> };
    delete file.aggregate.blunders; // as an older chaco wrote it
    writeFileSync(join(out, 'aggregate.json'), JSON.stringify(file));
    const resumed = chaco(args);
    expect(resumed.code).toBe(2);
    expect(resumed.err).toBe(
      `chaco: ${out}: aggregate.json was written by an older chaco that did not count blunders; play the run again with --force\n`,
    );
    const merged = chaco(['merge', out, '--out', tmp()]);
    expect(merged.code).toBe(2);
    expect(lines(merged.err)).toEqual([
      `chaco: ${out}: aggregate.json was written by an older chaco that did not count blunders; play the run again with --force`,
    ]);
    const forced = chaco([...args, '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(lines(read(out, 'blunders.csv'))).toHaveLength(1 + 2 * BLUNDERS.length);
  });
});
