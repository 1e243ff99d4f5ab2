// `chaco balance` at its equilibrium cell: where the VP come from and when games are decided, over
// that cell's games. The cell is the pair with the most weight in the mixes; its VP sources agree with
// the margins the cell kept, and a study stopped part-way resumes to the same files.
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { equilibriumCell } from '../../src/report/balance-sources.js';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

const STUDY = [
  'balance',
  'boqueron',
  '--pool',
  'random,passive',
  '--max-games',
  '40',
  '--batch',
  '20',
  '--precision',
  '10',
  '--replicates',
  '200',
  '--seed',
  'balsrc',
  '--workers',
  '2',
  '--restrictions',
  'none',
];
const csvRows = (text: string) =>
  lines(text)
    .slice(1)
    .map((l) => l.split(','));

describe('the equilibrium cell of a balance study', () => {
  test('is the pair of policies with the most weight in the two mixes (the first on a tie)', () => {
    expect(equilibriumCell([0, 1], [1, 0])).toEqual({ i: 1, j: 0, weight: 1 });
    expect(equilibriumCell([0.3, 0.7], [0.6, 0.4])).toEqual({ i: 1, j: 0, weight: 0.42 });
    expect(equilibriumCell([0.5, 0.5], [0.5, 0.5])).toEqual({ i: 0, j: 0, weight: 0.25 });
  });

  const whole = tmp();
  test('16.2 its VP sources add up to the margins the cell kept, and every game of it is decided once', () => {
    const r = chaco([...STUDY, '--out', whole]);
    expect(r.code, r.err).toBe(0);
    const mixes = csvRows(read(whole, 'mixes.csv'));
    const weights = (side: string) => mixes.filter((m) => m[1] === side).map((m) => Number(m[3]));
    const names = (side: string) => mixes.filter((m) => m[1] === side).map((m) => m[2]!);
    const { i, j } = equilibriumCell(weights('PAR'), weights('BOL'));
    const margins = readFileSync(join(whole, 'cells', 'boqueron', `${names('PAR')[i]}__${names('BOL')[j]}.txt`), 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(',')[0]));
    const vp = csvRows(read(whole, 'vp-sources-boqueron.csv')).filter((x) => x[0] === 'cause');
    const total = (side: string) => vp.filter((x) => x[1] === side).reduce((a, x) => a + Number(x[6]), 0);
    expect(total('PAR') - total('BOL')).toBe(margins.reduce((a, m) => a + m, 0));
    const decided = csvRows(read(whole, 'decided-boqueron.csv'));
    expect(decided.reduce((a, d) => a + Number(d[6]), 0)).toBe(margins.length);
    expect(decided.every((d) => Number(d[2]) === margins.length)).toBe(true);
    for (const f of ['vp-sources-boqueron.svg', 'decided-boqueron.vl.json']) expect(read(whole, f).length).toBeGreaterThan(100);
    expect(read(whole, 'index.html')).toContain('at the equilibrium cell');
  });

  test('a study stopped by a failing game resumes with the sources of the games it kept, to the same files', () => {
    const cut = tmp();
    const failed = chaco([...STUDY, '--out', cut], { CHACO_FAIL_GAME: '27' });
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('game 27 of cell');
    const resumed = chaco([...STUDY, '--out', cut]);
    expect(resumed.code, resumed.err).toBe(0);
    for (const f of ['vp-sources-boqueron.csv', 'decided-boqueron.csv', 'vp-sources-boqueron.vl.json', 'decided-boqueron.vl.json'])
      expect(read(cut, f), f).toBe(read(whole, f));
    // Every cell's sources, those cut at game 27 among them, are the uninterrupted study's.
    const cells = readdirSync(join(whole, 'cells', 'boqueron')).filter((f) => f.endsWith('.sources.json'));
    expect(cells).toHaveLength(4);
    for (const f of cells) expect(read(join(cut, 'cells', 'boqueron'), f), f).toBe(read(join(whole, 'cells', 'boqueron'), f));
  });
});
