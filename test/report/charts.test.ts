import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactBid, quickBid } from '../../src/analysis/bid.js';
import { bidChart } from '../../src/report/bid-report.js';
import { marginBins, runCharts } from '../../src/report/charts.js';
import { compareCharts, compareTable, paired, type VariantRun } from '../../src/report/compare-report.js';
import { prefixSvgIds, renderSvg } from '../../src/report/render.js';
import { writeRunReport } from '../../src/report/run-report.js';
import { settlementsTable, summaryTable, toCsv, turnsTable } from '../../src/report/summary.js';
import { histOf } from './hist-helper.js';
import { runManifest } from '../../src/sim/manifest.js';
import { aggregateShape } from '../../src/sim/aggregate.js';
import { playChunk } from '../../src/sim/chaco-game.js';
import { prepareRun } from '../../src/sim/spec.js';
import { randomSpec } from '../helpers/spec.js';

const spec = randomSpec('charts');
const { scenario, options, sources } = prepareRun(spec);
const shape = aggregateShape(scenario, options);
const chunk = await playChunk({ spec, from: 0, to: 16 });
const agg = chunk.aggregate;

describe('tables', () => {
  test('summary.csv has a row per side and one for all games, with the columns docs/columns.md lists', () => {
    const t = summaryTable(agg, shape);
    expect(t.columns).toEqual([
      'side',
      'games',
      'wins',
      'win_rate',
      'win_rate_lo',
      'win_rate_hi',
      'level_decisive',
      'level_substantive',
      'level_marginal',
      'level_tie',
      'end_scenario_end',
      'end_sudden_death',
      'end_settlement',
      'margin_mean',
      'margin_sd',
      'margin_q05',
      'margin_q25',
      'margin_median',
      'margin_q75',
      'margin_q95',
      'end_turn_mean',
    ]);
    expect(t.rows.map((r) => r.side)).toEqual(['PAR', 'BOL', 'all']);
    expect(Number(t.rows[0]!.win_rate) + Number(t.rows[1]!.win_rate)).toBeCloseTo(1, 9);
    expect(t.rows[0]!.margin_mean).toBe(-Number(t.rows[1]!.margin_mean));
    expect(toCsv(t).split('\n')[0]).toBe(t.columns.join(','));
  });

  test('turns.csv has a row per turn; settlements.csv a row per settlement', () => {
    expect(turnsTable(agg, scenario.startMonth).rows.map((r) => r.month)).toEqual([
      '1932-09',
      '1932-10',
      '1932-11',
      '1932-12',
      '1933-01',
      '1933-02',
    ]);
    const s = settlementsTable(agg, scenario);
    expect(s.rows.length).toBe(shape.settlements);
    expect(s.rows.find((r) => r.settlement === 'Boquerón')).toMatchObject({ hex: expect.any(String), held_at_start: 'BOL' });
  });
});

describe('charts', () => {
  test('every run chart renders to SVG without a warning', async () => {
    for (const c of runCharts(agg, shape, scenario)) {
      const { svg, warnings } = await renderSvg(c.spec);
      expect(svg.startsWith('<svg'), c.name).toBe(true);
      expect(warnings, c.name).toEqual([]);
    }
  });

  test('bid and compare charts render', async () => {
    const h = histOf({ [-5]: 10, 0: 5, 3: 12 });
    const e = exactBid([-1, 0, 1].map((bid) => ({ bid, games: 100, parWins: 45 + 5 * bid })));
    expect(
      (await renderSvg(bidChart({ base: { ...agg, margin: h }, quick: quickBid(h, { replicates: 100 }), exact: e }).spec)).warnings,
    ).toEqual([]);
    const run = (name: string): VariantRun => ({
      name,
      settings: [],
      aggregate: agg,
      margin_g: chunk.margin_g,
      winner_g: chunk.winner_g,
      played: 16,
    });
    for (const c of compareCharts([run('base'), run('same')])) expect((await renderSvg(c.spec)).warnings, c.name).toEqual([]);
  });

  test('a variant identical to the baseline differs by nothing', () => {
    const run = (name: string): VariantRun => ({
      name,
      settings: [],
      aggregate: agg,
      margin_g: chunk.margin_g,
      winner_g: chunk.winner_g,
      played: 16,
    });
    const p = paired(run('base'), run('same'));
    expect(p.winDiff.diff).toBe(0);
    expect(p.marginDiff).toMatchObject({ mean: 0, lo: 0, hi: 0 });
    expect(p.changedWinner).toBe(0);
    expect(compareTable([run('base'), run('same')]).rows[1]).toMatchObject({ diff_par_win_rate: 0, changed_winner_share: 0 });
  });

  test('margin bins never mix the sides', () => {
    const bins = marginBins(histOf({ [-300]: 1, [-2]: 3, 0: 2, 1: 4, 250: 1 }), 50);
    expect(bins.find((b) => b.outcome.startsWith('equal'))).toMatchObject({ x0: -0.5, x1: 0.5, count: 2 });
    for (const b of bins) expect(b.x0 < 0 && b.x1 > 0 ? b.outcome.startsWith('equal') : true).toBe(true);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(11);
  });

  test('ids of inline SVGs are made unique', () => {
    expect(prefixSvgIds('<clipPath id="clip1"/><g clip-path="url(#clip1)"/>', 'a')).toBe(
      '<clipPath id="a-clip1"/><g clip-path="url(#a-clip1)"/>',
    );
  });

  test('the run report writes every file, and index.html holds every chart inline with no external reference', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaco-report-'));
    const now = new Date();
    const manifest = runManifest({
      command: 'test',
      spec,
      scenario,
      options,
      sources,
      turns: shape.turns,
      first: 0,
      games: 16,
      played: 16,
      interrupted: false,
      workers: 0,
      started: now,
      finished: now,
    });
    await writeRunReport({ dir, manifest, aggregate: agg, shape, scenario });
    const files = readdirSync(dir);
    for (const f of [
      'summary.csv',
      'turns.csv',
      'settlements.csv',
      'blunders.csv',
      'run.json',
      'index.html',
      'win-rates.vl.json',
      'margin-histogram.vl.json',
      'victory-levels.vl.json',
      'end-types.vl.json',
      'vp-by-turn.vl.json',
      'settlements-map.vl.json',
      'blunders.vl.json',
      'vp-sources.csv',
      'vp-sources.vl.json',
      'decided.csv',
      'decided.vl.json',
    ])
      expect(files).toContain(f);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html.match(/<svg /g)?.length).toBe(9); // the six run charts, VP sources, decided and the blunders chart
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
  });
});
