// Output folders that never lose work: resume after a crash, refusal of another run, --force,
// chaco merge, and the per-decision time limit for policy modules.
import { describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chaco, lines, read, tmp } from '../helpers/cli.js';
import { isChacoFile } from '../../src/cli/run-folder.js';
import { writeFileAtomic } from '../../src/report/write-file.js';

const DATA_FILES = [
  'games.csv',
  'summary.csv',
  'turns.csv',
  'settlements.csv',
  'win-rates.vl.json',
  'vp-by-turn.vl.json',
  'settlements-map.svg',
  'aggregate.json',
];
const played = (dir: string) =>
  existsSync(join(dir, 'aggregate.json')) ? (JSON.parse(read(dir, 'aggregate.json')) as { played: number }).played : 0;

describe('safe output folders', () => {
  test('a run killed part-way resumes with the same command and ends byte-identical to an uninterrupted run', async () => {
    const args = [
      'run',
      'boqueron',
      '--games',
      '500',
      '--seed',
      'k',
      '--workers',
      '2',
      '--no-replays',
      '--par',
      'random',
      '--bol',
      'random',
    ];
    const out = tmp();
    const child = spawn(process.execPath, ['bin/chaco.js', ...args, '--out', out], { stdio: 'ignore' });
    for (let i = 0; i < 600 && played(out) === 0; i++) await new Promise((ok) => setTimeout(ok, 100));
    child.kill('SIGKILL');
    await new Promise((ok) => child.on('exit', ok));
    const kept = played(out);
    expect(kept).toBeGreaterThan(0);
    expect(existsSync(join(out, 'games.csv'))).toBe(false); // only games.csv.partial: never a half-written games.csv
    const resumed = chaco([...args, '--out', out]);
    expect(resumed.code).toBe(0);
    if (kept < 500) expect(resumed.err).toContain(`resuming the run in ${out}: ${kept} of 500 games kept`);
    const whole = tmp();
    expect(chaco([...args, '--out', whole]).code).toBe(0);
    for (const f of DATA_FILES.filter((x) => x !== 'aggregate.json')) expect(read(out, f), f).toBe(read(whole, f));
    expect(JSON.parse(read(out, 'aggregate.json')).aggregate).toEqual(JSON.parse(read(whole, 'aggregate.json')).aggregate);
    expect(existsSync(join(out, 'games.csv.partial'))).toBe(false);
    // The same command again: nothing to play.
    const again = chaco([...args, '--out', out]);
    expect(again.out).toContain('is complete (500 games); nothing to play');
  });

  test("a folder holding another run, or other files, is refused in one line with exit 2; --force replaces only chaco's files", () => {
    const out = tmp();
    expect(chaco(['run', 'boqueron', '--games', '5', '--seed', 'a', '--workers', '0', '--no-replays', '--out', out]).code).toBe(0);
    const other = chaco(['run', 'boqueron', '--games', '5', '--seed', 'b', '--workers', '0', '--out', out]);
    expect(other.code).toBe(2);
    expect(other.err).toBe(
      `chaco: --out ${out}: the folder holds another run (seed "a" there, "b" here); name a new folder, or give --force to replace chaco's files in it\n`,
    );
    writeFileSync(join(out, 'my-notes.txt'), 'mine');
    const forced = chaco(['run', 'boqueron', '--games', '5', '--seed', 'b', '--workers', '0', '--no-replays', '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(read(out, 'my-notes.txt')).toBe('mine');
    expect(JSON.parse(read(out, 'run.json')).seed).toBe('b');
    const foreign = tmp();
    writeFileSync(join(foreign, 'thesis.tex'), 'x');
    const r = chaco(['run', 'boqueron', '--games', '5', '--workers', '0', '--out', foreign]);
    expect(r.code).toBe(2);
    expect(lines(r.err)).toHaveLength(1);
    expect(r.err).toContain('the folder is not empty');
    const file = join(foreign, 'thesis.tex');
    expect(chaco(['run', 'boqueron', '--games', '5', '--workers', '0', '--out', file]).err).toBe(
      `chaco: --out ${file}: this is a file, not a folder; name a new or empty folder\n`,
    );
  });

  test("only chaco's own files count as chaco's", () => {
    for (const f of [
      'games.csv',
      'games.csv.partial',
      'aggregate.json',
      'run.json',
      'index.html',
      'win-rates.svg',
      'bid.vl.json',
      'replays',
      'summary.csv.tmp-123',
    ])
      expect(isChacoFile(f), f).toBe(true);
    for (const f of ['my.csv', 'notes.svg', 'run.json.bak', 'data.json', 'x.tmp-1']) expect(isChacoFile(f), f).toBe(false);
  });

  test('report files are written through a temporary name and a rename', () => {
    const dir = tmp();
    writeFileAtomic(join(dir, 'summary.csv'), 'a,b\n');
    expect(readdirSync(dir)).toEqual(['summary.csv']);
    expect(readFileSync(join(dir, 'summary.csv'), 'utf8')).toBe('a,b\n');
  });
});

describe('chaco merge', () => {
  const run = (first: number, games: number, seed = 'm') => {
    const out = tmp();
    const args = ['run', 'boqueron', '--games', String(games), '--seed', seed, '--workers', '0', '--no-replays', '--out', out];
    if (first > 0) args.push('--first', String(first));
    expect(chaco(args).code).toBe(0);
    return out;
  };
  const a = run(0, 30),
    b = run(30, 20),
    whole = run(0, 50);

  test('runs over disjoint ranges merge into files byte-identical to one run over their union', () => {
    const out = join(tmp(), 'merged');
    const r = chaco(['merge', b, a, '--out', out, '--no-replays']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('merged 2 runs: games 0–49');
    for (const f of DATA_FILES.filter((x) => x !== 'aggregate.json')) expect(read(out, f), f).toBe(read(whole, f));
    expect(JSON.parse(read(out, 'run.json'))).toMatchObject({
      first: 0,
      games: 50,
      played: 50,
      status: 'complete',
      reproduce: 'chaco run boqueron --seed m --par random --bol random --games 50',
    });
  });

  test('overlapping, gapped, repeated and mismatched runs are refused with the reason', () => {
    const out = join(tmp(), 'x');
    const cases: [string[], RegExp][] = [
      [[a, whole], /games 0–29 are also in .*; merged runs must not overlap/],
      [[a, run(40, 5)], /games 30–39 are in none of the folders .*play them with --first 30 --games 10/],
      [[a, a], /named twice/],
      [[a, run(30, 5, 'other')], /another run than .* \(seed: "other" there, "m" in .*\)/],
      [[a, tmp()], /not a chaco run folder/],
    ];
    for (const [dirs, message] of cases) {
      const r = chaco(['merge', ...dirs, '--out', out]);
      expect(r.code, message.source).toBe(2);
      expect(r.err, message.source).toMatch(message);
      expect(lines(r.err)).toHaveLength(1);
    }
    expect(existsSync(out)).toBe(false);
  });
});

describe('policy modules cannot change the game', () => {
  test('a module that writes to its view fails the game (exit 1), naming the module, the side, the decision and the field', () => {
    const dir = tmp();
    const module = join(dir, 'cheat.mjs');
    writeFileSync(
      module,
      `export default ({ seed, lib }) => {
  const inner = lib.randomPolicy(seed);
  return { name: 'cheat', decide(d, view) { if (d.kind === 'move') view.vp_s[1] += 50; return inner.decide(d, view); } };
};\n`,
    );
    const out = join(dir, 'out');
    const r = chaco(['run', 'boqueron', '--games', '2', '--workers', '1', '--par', 'random', '--bol', module, '--out', out, '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `chaco: game 0 failed: policy module ${module} (BOL): its move decision wrote to view.vp_s[1]: a policy reads the game through its view and answers; only the engine changes the game`,
    );
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(JSON.parse(read(out, 'run.json'))).toMatchObject({ status: 'failed', played: 0, failure: { game: 0 } });
  });
});

describe('policy modules cannot hang a run', () => {
  test('a decision past --decision-timeout stops the run, naming the module, the decision, the game and its seed', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'pol'));
    const module = join(dir, 'pol', 'hang.mjs');
    writeFileSync(
      module,
      `export default ({ seed, lib }) => {
  const inner = lib.randomPolicy(seed);
  let moves = 0;
  return { name: 'hang', decide(d, view) { if (d.kind === 'move' && ++moves > 3) { for (;;) {} } return inner.decide(d, view); } };
};\n`,
    );
    const out = join(dir, 'out');
    const r = chaco([
      'run',
      'boqueron',
      '--games',
      '6',
      '--workers',
      '2',
      '--par',
      module,
      '--bol',
      'random',
      '--decision-timeout',
      '2',
      '--out',
      out,
      '--quiet',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `chaco: game 0 failed: policy module ${module} (PAR): its move decision took longer than 2 s (--decision-timeout)`,
    );
    expect(r.err).toContain('game index 0 (game seed 1:0:game)');
    expect(JSON.parse(read(out, 'run.json'))).toMatchObject({ status: 'failed', played: 0, failure: { game: 0 } });
  });

  test('a bad --decision-timeout is a usage error', () => {
    const r = chaco(['run', 'boqueron', '--decision-timeout', 'soon', '--out', join(tmp(), 'x')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--decision-timeout soon: give seconds from 0 (no limit) to 86400');
  });
});
