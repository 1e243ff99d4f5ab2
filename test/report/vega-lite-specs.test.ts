// Every Vega-Lite spec chaco writes, and every one committed under reports/, validates against the JSON
// schema shipped in the vega-lite package (Altair and other schema-checking tools refuse one that does not).
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chaco, tmp } from '../helpers/cli.js';
import { vegaLiteErrors } from '../helpers/vega-lite.js';

const ROOT = join(import.meta.dirname, '../..');

/** Every *.vl.json under dir, at any depth. */
function specFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.vl.json'))
    .map((f) => join(dir, f))
    .sort();
}

/** file: errors, for each spec under dir the schema refuses. */
function invalidSpecs(dir: string): string[] {
  return specFiles(dir).flatMap((f) => {
    const errors = vegaLiteErrors(JSON.parse(readFileSync(f, 'utf8')));
    return errors.length === 0 ? [] : [`${relative(dir, f)}: ${errors.join('; ')}`];
  });
}

const names = (dir: string) => specFiles(dir).map((f) => relative(dir, f).replace(/\.vl\.json$/, ''));

describe('Vega-Lite specs against the shipped schema', () => {
  test('the check refuses a layer that unsets an inherited channel with "y": null', () => {
    const spec = {
      data: { values: [{ a: 'x', b: 1 }] },
      encoding: { y: { field: 'a', type: 'nominal' } },
      layer: [
        { mark: 'bar', encoding: { x: { field: 'b', type: 'quantitative' } } },
        { mark: 'rule', encoding: { x: { datum: 0 }, y: null } },
      ],
    };
    expect(vegaLiteErrors(spec)).not.toEqual([]);
    expect(vegaLiteErrors({ ...spec, layer: [spec.layer[0]] })).toEqual([]);
  });

  test('every *.vl.json committed under reports/ validates', () => {
    const dir = join(ROOT, 'reports');
    expect(specFiles(dir).length).toBeGreaterThan(0);
    expect(invalidSpecs(dir)).toEqual([]);
  });

  // One small run of each command that writes charts; every spec it writes validates.
  const commands: { what: string; args: string[]; expected: string[] }[] = [
    {
      what: 'run',
      args: ['run', 'boqueron', '--games', '8', '--no-replays'],
      expected: [
        'win-rates',
        'margin-histogram',
        'victory-levels',
        'end-types',
        'vp-by-turn',
        'settlements-map',
        'vp-sources',
        'decided',
        'blunders',
      ],
    },
    {
      what: 'bid',
      args: ['bid', 'boqueron', '--games', '12', '--points', '3', '--step', '5', '--extend', '1', '--bootstrap', '100'],
      expected: ['bid', 'margin-histogram'],
    },
    {
      what: 'compare',
      args: ['compare', 'boqueron', '--games', '8', '--variant', 'easy:handicap=PAR+10'],
      expected: ['compare-win-rates', 'compare-win-diff', 'compare-margin-diff'],
    },
    {
      what: 'balance (with restricted play)',
      args: [
        'balance',
        'boqueron',
        '--pool',
        'random,passive',
        '--max-games',
        '10',
        '--batch',
        '10',
        '--replicates',
        '100',
        '--restrictions',
        'noAir',
        '--restricted-games',
        '4',
      ],
      expected: ['matrix-boqueron', 'mixes-boqueron', 'restricted-boqueron', 'vp-sources-boqueron', 'decided-boqueron'],
    },
    {
      what: 'ladder',
      args: ['ladder', 'boqueron', '--pool', 'random,passive', '--reference', 'passive', '--games', '8', '--replicates', '100'],
      expected: ['ratings-boqueron'],
    },
    {
      what: 'skill',
      args: ['skill', 'boqueron', '--rungs', 'random,passive', '--games', '4', '--replicates', '100'],
      expected: ['skill-boqueron'],
    },
    {
      what: 'sensitivity',
      args: ['sensitivity', 'boqueron', '--games', '6', '--items', 'readings', '--par', 'random', '--bol', 'random', '--replicates', '100'],
      expected: ['tornado-win-boqueron', 'tornado-bid-boqueron'],
    },
  ];
  for (const c of commands) {
    test(`every spec ${c.what} writes validates`, () => {
      const out = tmp();
      const r = chaco([...c.args, '--seed', 'vl', '--workers', '1', '--out', out]);
      expect(r.code, r.err).toBe(0);
      expect(names(out)).toEqual(expect.arrayContaining(c.expected));
      expect(invalidSpecs(out)).toEqual([]);
    });
  }
});
