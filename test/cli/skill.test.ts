// `chaco skill`: the skill curve on a tiny ladder of cheap policies (random, then passive standing for
// a doubling): its rows, its cells played on the same seeds as `chaco run`, the same files whatever the
// worker count, and a study cut short that resumes to the same files.
import { describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

const STUDY = ['skill', 'boqueron', '--rungs', 'random,passive', '--games', '6', '--seed', 'sk', '--replicates', '100'];
const csvRows = (text: string) =>
  lines(text)
    .slice(1)
    .map((l) => l.split(','));
const FILES = ['skill.csv', 'skill-boqueron.vl.json'];

describe('chaco skill', () => {
  test('a row per pair of rungs; each pair is the run of that pair on the same seeds; the same files with 2 workers, 1 worker, and cut short then resumed', () => {
    const whole = tmp(),
      cut = tmp();
    const r = chaco([...STUDY, '--workers', '2', '--out', whole]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Boquerón.*, both sides at passive: Paraguay wins \d+%/m);
    expect(r.out).toMatch(/^Boquerón.*: (converged at random|still moving)/m);
    const rows = csvRows(read(whole, 'skill.csv'));
    expect(rows.map((x) => `${x[1]} ${x[2]} ${x[3]} ${x[6]}`)).toEqual([
      'both random random 6',
      'both passive passive 6',
      'par_up passive random 6',
      'bol_up random passive 6',
    ]);
    // Paraguay's passive against Bolivia's random, game for game the run of that pair with the study's seed.
    const run = tmp();
    expect(
      chaco([
        'run',
        'boqueron',
        '--par',
        'passive',
        '--bol',
        'random',
        '--games',
        '6',
        '--seed',
        'sk',
        '--workers',
        '1',
        '--no-replays',
        '--out',
        run,
      ]).code,
    ).toBe(0);
    const margins = csvRows(read(run, 'games.csv')).map((g) => Number(g[5]));
    const kept = readFileSync(join(whole, 'cells', 'boqueron', 'passive__random.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(',')[0]));
    expect(kept).toEqual(margins);
    const skill = JSON.parse(read(whole, 'skill.json')) as {
      reproduce: string;
      convergence: Record<string, { converged: boolean; doublings: unknown[] }>;
    };
    expect(skill.reproduce).toContain('--rungs random,passive');
    expect(skill.convergence.boqueron!.doublings).toHaveLength(1);
    expect(read(whole, 'index.html')).toContain('The convergence rule');
    expect(read(whole, 'skill-boqueron.svg')).toContain('<svg');

    // One worker, cut short after 3 games of every cell, then resumed: the same files.
    expect(chaco([...STUDY, '--workers', '1', '--out', cut]).code).toBe(0);
    const stateFile = join(cut, 'skill-state.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { games: Record<string, number>; blunders?: unknown };
    for (const k of Object.keys(state.games)) state.games[k] = 3;
    delete state.blunders;
    writeFileSync(stateFile, JSON.stringify(state));
    const resumed = chaco([...STUDY, '--workers', '0', '--out', cut]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toContain('resuming the skill curve');
    for (const f of FILES) expect(read(cut, f), f).toBe(read(whole, f));
  });

  test('--rungs with --max-budget is refused in one line; a rung a scenario lacks for a side is named', () => {
    const r = chaco(['skill', 'boqueron', '--rungs', 'random,passive', '--max-budget', '2', '--out', tmp()]);
    expect(r.code).toBe(2);
    expect(lines(r.err)).toHaveLength(1);
    expect(r.err).toContain('--rungs names every rung');
    const t = chaco(['skill', 'alihuata', '--rungs', 'random,tuned', '--games', '2', '--out', tmp()]);
    expect(t.code).toBe(2);
    expect(t.err).toContain('rung tuned: alihuata has no such policy for both sides');
  });
});
