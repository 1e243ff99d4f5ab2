// `chaco balance`: the policy matrix on common seeds, sequential stopping, the equilibrium files, resume.
import { describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  'bal',
  '--workers',
  '2',
  '--restrictions',
  'none',
];
const csvRows = (text: string) =>
  lines(text)
    .slice(1)
    .map((l) => l.split(','));

describe('chaco balance', () => {
  test('every Paraguayan policy of the pool meets every Bolivian one; each cell is the run of that pair on the same seeds', () => {
    const out = tmp();
    const r = chaco([...STUDY, '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      /^Boquerón.*(favours Paraguay|favours Bolivia|is even within the noise): Paraguay wins \d+% \(\d+%–\d+%\) at equilibrium; fair bid /m,
    );
    const matrix = csvRows(read(out, 'matrix.csv'));
    expect(matrix.map((m) => `${m[1]}-${m[2]}`)).toEqual(['random-random', 'random-passive', 'passive-random', 'passive-passive']);
    // A cell stops at a batch end (20) once its interval is within 10 points, or at 40.
    for (const m of matrix) {
      const games = Number(m[3]),
        rate = Number(m[5]),
        lo = Number(m[6]),
        hi = Number(m[7]);
      expect([20, 40]).toContain(games);
      if (games === 20) expect((hi - lo) / 2).toBeLessThanOrEqual(0.1);
      expect(rate).toBeGreaterThanOrEqual(lo);
      expect(rate).toBeLessThanOrEqual(hi);
    }
    // Common seeds: the random-vs-passive cell is game for game the run of that pair with the study's seed.
    const cell = matrix[1]!;
    const run = tmp();
    expect(
      chaco([
        'run',
        'boqueron',
        '--par',
        'random',
        '--bol',
        'passive',
        '--games',
        cell[3]!,
        '--seed',
        'bal',
        '--workers',
        '1',
        '--no-replays',
        '--out',
        run,
      ]).code,
    ).toBe(0);
    const games = csvRows(read(run, 'games.csv'));
    const wins = games.filter((g) => g[2] === 'PAR').length;
    expect(Number(cell[4])).toBe(wins);
    const kept = readFileSync(join(out, 'cells', 'boqueron', 'random__passive.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(',')[0]));
    expect(kept).toEqual(games.map((g) => Number(g[5])));
    // The equilibrium lies within the range of its cells, and the mixes sum to one per side.
    const [eq] = csvRows(read(out, 'equilibrium.csv'));
    const value = Number(eq![1]);
    expect(value).toBeGreaterThanOrEqual(Number(eq![7]));
    expect(value).toBeLessThanOrEqual(Number(eq![8]));
    for (const side of ['PAR', 'BOL']) {
      const w = csvRows(read(out, 'mixes.csv'))
        .filter((m) => m[1] === side)
        .reduce((a, m) => a + Number(m[3]), 0);
      expect(w).toBeCloseTo(1, 3);
    }
    // The ladder ranks each side's policies by their mean win rate against the other side's pool.
    const ladder = csvRows(read(out, 'ladder.csv'));
    for (const side of ['PAR', 'BOL']) {
      const rungs = ladder.filter((l) => l[1] === side);
      expect(rungs.map((l) => Number(l[2]))).toEqual([1, 2]);
      expect(Number(rungs[0]![4])).toBeGreaterThanOrEqual(Number(rungs[1]![4]));
    }
    const parRandom = ladder.find((l) => l[1] === 'PAR' && l[3] === 'random')!;
    expect(Number(parRandom[4])).toBeCloseTo((Number(matrix[0]![5]) + Number(matrix[1]![5])) / 2, 3);
    for (const f of ['matrix-boqueron.svg', 'mixes-boqueron.vl.json', 'index.html', 'balance.json'])
      expect(read(out, f).length).toBeGreaterThan(100);
  });

  test('a study cut short resumes from the games its cells kept and ends with the same files', () => {
    const whole = tmp(),
      cut = tmp();
    expect(chaco([...STUDY, '--out', whole]).code).toBe(0);
    expect(chaco([...STUDY, '--out', cut]).code).toBe(0);
    // Keep only the first 7 games of every cell, as a crash part-way would.
    const stateFile = join(cut, 'balance-state.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { games: Record<string, number>; blunders?: unknown };
    for (const k of Object.keys(state.games)) state.games[k] = 7;
    // Counts for exactly those 7 games are not known here (a real state saves them with the count), so
    // the state is the one an older chaco wrote: without blunder counts.
    delete state.blunders;
    writeFileSync(stateFile, JSON.stringify(state));
    const r = chaco([...STUDY, '--out', cut]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('resuming the balance study');
    for (const f of ['matrix.csv', 'equilibrium.csv', 'mixes.csv', 'matrix-boqueron.vl.json']) expect(read(cut, f), f).toBe(read(whole, f));
    // The recorded reproduce line carries every flag that changes the files, --replicates among them.
    expect((JSON.parse(read(whole, 'balance.json')) as { reproduce: string }).reproduce).toContain('--replicates 200');
    // Policies whose games were not all audited are left out of the audit rather than under-counted.
    expect(lines(read(whole, 'blunders-by-policy.csv')).length).toBeGreaterThan(1);
    expect(lines(read(cut, 'blunders-by-policy.csv'))).toHaveLength(1);
  });

  test('restricted play: each side alone without an option, against the same games free, with paired intervals', () => {
    const out = tmp();
    const r = chaco([
      'balance',
      'boqueron',
      '--pool',
      'passive',
      '--max-games',
      '10',
      '--batch',
      '10',
      '--replicates',
      '100',
      '--seed',
      'rp',
      '--workers',
      '2',
      '--restrictions',
      'noCallUps,holdEntrenchments',
      '--restricted-policy',
      'balanced',
      '--restricted-games',
      '12',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    const rows = csvRows(read(out, 'restricted.csv'));
    expect(rows.map((x) => `${x[1]} ${x[2]} ${x[3]} ${x[4]}`)).toEqual([
      'noCallUps PAR balanced 12',
      'noCallUps BOL balanced 12',
      'holdEntrenchments PAR balanced 12',
      'holdEntrenchments BOL balanced 12',
    ]);
    for (const x of rows) {
      const free = Number(x[5]),
        restricted = Number(x[6]),
        change = Number(x[7]);
      expect(change).toBeCloseTo(restricted - free, 3);
      expect(Number(x[8])).toBeLessThanOrEqual(change);
      expect(Number(x[9])).toBeGreaterThanOrEqual(change);
    }
    // The free arm is game for game the run of balanced against balanced with the study's seed.
    const run = tmp();
    expect(
      chaco([
        'run',
        'boqueron',
        '--par',
        'balanced',
        '--bol',
        'balanced',
        '--games',
        '12',
        '--seed',
        'rp',
        '--workers',
        '1',
        '--no-replays',
        '--out',
        run,
      ]).code,
    ).toBe(0);
    const margins = csvRows(read(run, 'games.csv')).map((g) => Number(g[5]));
    const free = readFileSync(join(out, 'cells', 'boqueron', 'restricted', 'balanced__balanced.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(',')[0]));
    expect(free).toEqual(margins);
    expect(read(out, 'restricted-boqueron.svg')).toContain('<svg');
  });

  test('another study in the same folder is refused in one line with exit 2; a policy not known is named', () => {
    const out = tmp();
    expect(chaco([...STUDY, '--out', out]).code).toBe(0);
    const other = chaco([...STUDY.map((a) => (a === 'bal' ? 'other' : a)), '--out', out]);
    expect(other.code).toBe(2);
    expect(lines(other.err)).toHaveLength(1);
    expect(other.err).toContain('holds another balance study');
    const bad = chaco(['balance', 'boqueron', '--pool', 'random,clever', '--out', tmp()]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('no policy "clever"');
  });
});
