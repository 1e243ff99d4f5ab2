// `chaco ladder`: every policy of the pool on both sides on paired seeds; ratings and gains files.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

const csvRows = (text: string) =>
  lines(text)
    .slice(1)
    .map((l) => l.split(','));

describe('chaco ladder', () => {
  test('ratings per side with the reference at 0, gains against the same opponent; each pair is the run of that pair on the same seeds', () => {
    const out = tmp();
    const r = chaco([
      'ladder',
      'boqueron',
      '--pool',
      'random,passive',
      '--reference',
      'passive',
      '--games',
      '16',
      '--seed',
      'lad',
      '--replicates',
      '100',
      '--workers',
      '2',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Boquerón.*, Paraguay: .*passive 0 \(reference\)/m);
    const ratings = csvRows(read(out, 'ratings.csv'));
    expect(ratings.map((x) => `${x[1]} ${x[3]}`).sort()).toEqual(['BOL passive', 'BOL random', 'PAR passive', 'PAR random']);
    for (const x of ratings.filter((y) => y[3] === 'passive')) expect(x[4]).toBe('0');
    const gains = csvRows(read(out, 'gains.csv'));
    expect(gains.map((x) => `${x[1]} ${x[2]} ${x[3]} ${x[4]} ${x[5]}`)).toEqual([
      'PAR random passive passive 16',
      'BOL random passive passive 16',
    ]);
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
        '16',
        '--seed',
        'lad',
        '--workers',
        '1',
        '--no-replays',
        '--out',
        run,
      ]).code,
    ).toBe(0);
    const margins = csvRows(read(run, 'games.csv')).map((g) => Number(g[5]));
    const kept = readFileSync(join(out, 'cells', 'boqueron', 'random__passive.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(',')[0]));
    expect(kept).toEqual(margins);
    expect(read(out, 'ratings-boqueron.svg')).toContain('<svg');

    // The blunder audit per policy: Paraguay's random, over its row (against passive and random), counts
    // what the two runs of those pairs on the same seeds count for Paraguay.
    const runAgainst = (bol: string) => {
      const dir = bol === 'passive' ? run : tmp();
      if (bol !== 'passive')
        expect(
          chaco([
            'run',
            'boqueron',
            '--par',
            'random',
            '--bol',
            bol,
            '--games',
            '16',
            '--seed',
            'lad',
            '--workers',
            '1',
            '--no-replays',
            '--out',
            dir,
          ]).code,
        ).toBe(0);
      return csvRows(read(dir, 'blunders.csv'))
        .filter((x) => x[0] === 'PAR')
        .map((x) => ({ kind: x[1]!, games: Number(x[2]), total: Number(x[6]) }));
    };
    const [a, b] = [runAgainst('passive'), runAgainst('random')];
    const mine = csvRows(read(out, 'blunders-by-policy.csv')).filter((x) => x[1] === 'PAR' && x[2] === 'random');
    expect(mine.map((x) => x[3])).toEqual(a.map((x) => x.kind));
    mine.forEach((x, k) => {
      expect(Number(x[4])).toBe(32);
      expect(Number(x[5])).toBe(a[k]!.games + b[k]!.games);
      expect(Number(x[9])).toBe(a[k]!.total + b[k]!.total);
    });
    expect(mine.some((x) => Number(x[9]) > 0)).toBe(true);
    expect(read(out, 'index.html')).toContain('Blunders by policy');

    // The reproduce line the ladder records plays the same ladder: every flag that changes its files is in it (--replicates too).
    const line = (JSON.parse(read(out, 'ladder.json')) as { reproduce: string }).reproduce;
    expect(line).toContain('--replicates 100');
    const again = tmp();
    const args = line
      .split(' ')
      .slice(1)
      .map((a) => (a === out ? again : a));
    expect(chaco(args).code).toBe(0);
    for (const f of ['ratings.csv', 'gains.csv', 'blunders-by-policy.csv']) expect(read(again, f), f).toBe(read(out, f));
  });

  test('a reference outside the pool is refused in one line', () => {
    const r = chaco(['ladder', 'boqueron', '--pool', 'random,passive', '--reference', 'balanced', '--games', '2', '--out', tmp()]);
    expect(r.code).toBe(2);
    expect(lines(r.err)).toHaveLength(1);
    expect(r.err).toContain('--reference balanced: not in --pool random,passive');
  });
});
