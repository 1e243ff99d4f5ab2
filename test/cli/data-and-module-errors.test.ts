// Data files and policy modules a user writes: a byte-order mark is read, impossible data is refused with
// the file and the path, validate lists every error of a file at once, a failing module is named with
// its decision and game; empty path flags and runs of days are stopped before any game.
import { describe, expect, test, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { confirmRunSize, estimatedHours } from '../../src/cli/run-size.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { chaco, lines, tmp } from '../helpers/cli.js';

const BOQUERON = readFileSync(join(import.meta.dirname, '../../scenarios/boqueron.json'), 'utf8');
const BOL_PLAN = readFileSync(join(import.meta.dirname, '../../policies/boqueron-bol-historical.json'), 'utf8');

/** Boquerón's scenario written as <dir>/<name>.json with its id set to `id` (the name unless given), after `edit`. */
function scenarioFile(dir: string, name: string, edit: (text: string) => string = (t) => t, id = name): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, edit(BOQUERON.replace('"id": "boqueron"', `"id": "${id}"`)));
  return file;
}

/** chaco, stopped after 60 s: a command that should refuse at once must not play for days when it does not. */
function chacoAtMost60s(args: string[]) {
  const r = spawnSync(process.execPath, ['bin/chaco.js', ...args], { encoding: 'utf8', timeout: 600_000, killSignal: 'SIGKILL' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const oneLine = (r: { code: number | null; err: string }, text: string | RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(lines(r.err), r.err).toHaveLength(1);
  if (typeof text === 'string') expect(r.err).toContain(text);
  else expect(r.err).toMatch(text);
};

describe('data files', () => {
  test('a UTF-8 byte-order mark at the start of a scenario or a plan file is read as the JSON after it', () => {
    const dir = tmp();
    const scenario = scenarioFile(dir, 'with-bom', (t) => `\uFEFF${t}`);
    const v = chaco(['validate', scenario]);
    expect(v.code, v.err).toBe(0);
    const plan = join(dir, 'plan.json');
    writeFileSync(plan, `\uFEFF${BOL_PLAN}`);
    const r = chaco([
      'run',
      'boqueron',
      '--par',
      'random',
      '--bol',
      plan,
      '--games',
      '1',
      '--workers',
      '0',
      '--no-replays',
      '--out',
      join(dir, 'run'),
    ]);
    expect(r.code, r.err).toBe(0);
    const own = chaco([
      'run',
      scenario,
      '--par',
      'random',
      '--bol',
      'random',
      '--games',
      '1',
      '--workers',
      '0',
      '--no-replays',
      '--out',
      join(dir, 'own'),
    ]);
    expect(own.code, own.err).toBe(0);
  });

  test('a starting VP below 0 is refused (16.4: the side would lose at once), naming the file and the path', () => {
    const file = scenarioFile(tmp(), 'below-zero', (t) => t.replace('"vp": 20', '"vp": -5'));
    const v = chaco(['validate', file]);
    expect(v.code).toBe(1);
    expect(v.err).toContain(`${file}: sides.BOL.vp: starting VP must be 0 or more: a side below 0 VP loses at once (16.4 sudden death)`);
    oneLine(chaco(['run', file, '--games', '1', '--workers', '0', '--out', tmp()]), `${file}: sides.BOL.vp: starting VP must be 0 or more`);
  });

  test('validate lists every error of a file at once: an id that is not the file name, and the errors behind it', () => {
    const file = scenarioFile(
      tmp(),
      'my-scenario',
      (t) => t.replace('"at": ["2440"]', '"at": ["2460"]').replace('"at": ["2241"]', '"at": ["9999"]'),
      'boqueron',
    );
    const v = chaco(['validate', file]);
    expect(v.code).toBe(1);
    expect(lines(v.err)).toEqual([
      `${file}: id: "boqueron" must match the file name "my-scenario" (a scenario's id is its file name without .json)`,
      `${file}: sides.BOL.deploy[0].at[0]: "2460": no such hex on the map (columns 10-48, rows 01-53)`,
      `${file}: sides.BOL.deploy[1].at[0]: "9999": no such hex on the map (columns 10-48, rows 01-53)`,
      '3 errors',
    ]);
    const schema = scenarioFile(tmp(), 'other-name', (t) => t.replace('"vp": 20', '"vp": -5'), 'boqueron');
    expect(lines(chaco(['validate', schema]).err)).toEqual([
      `${schema}: id: "boqueron" must match the file name "other-name" (a scenario's id is its file name without .json)`,
      `${schema}: sides.BOL.vp: starting VP must be 0 or more: a side below 0 VP loses at once (16.4 sudden death)`,
      '2 errors',
    ]);
  });
});

describe('policy modules', () => {
  const module = (dir: string, name: string, move: string) => {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(
      file,
      `export default ({ lib }) => { const base = lib.passivePolicy(); return { name: '${name}', decide(decision, view) { if (decision.kind === 'move') { ${move} } return base.decide(decision, view); } }; };\n`,
    );
    return file;
  };

  test('a module that throws is named with its side, the decision it was making and the game', () => {
    const dir = tmp(),
      file = module(dir, 'boom', "throw new Error('boom');");
    const r = chaco([
      'run',
      'boqueron',
      '--par',
      'balanced',
      '--bol',
      file,
      '--games',
      '2',
      '--workers',
      '0',
      '--no-replays',
      '--out',
      join(dir, 'run'),
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`chaco: game 0 failed: policy module ${file} (BOL): its move decision threw: boom\n`);
  });

  test('a module that answers an illegal move is named with the decision and the game', () => {
    const dir = tmp(),
      file = module(dir, 'illegal', 'return { units: [], leaders: [], trucks: [], csp: 0, ghq: false, path: [1, 2] };');
    const r = chaco([
      'run',
      'boqueron',
      '--par',
      file,
      '--bol',
      'balanced',
      '--games',
      '2',
      '--workers',
      '0',
      '--no-replays',
      '--out',
      join(dir, 'run'),
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      new RegExp(
        `^chaco: game 0 failed: policy module ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: illegal move decision for PAR \\(scenario boqueron, seed [^)]+\\): a move needs at least one piece$`,
        'm',
      ),
    );
  });
});

describe('paths and sizes', () => {
  test('an empty path flag is refused before anything runs, naming the flag and what it takes', () => {
    oneLine(
      chaco(['run', 'boqueron', '--games', '1', '--out', '']),
      'chaco: --out "": the name is empty; give a folder (folder for the report',
    );
    oneLine(chaco(['merge', tmp(), '--out', '']), 'chaco: --out "": the name is empty; give a folder');
    oneLine(chaco(['map', '--out', '']), 'chaco: --out "": the name is empty; give a file (SVG file to write)');
    oneLine(chaco(['run', 'boqueron', '--games', '1', '--data', ' ']), 'chaco: --data " ": the name is empty; give a folder');
  });

  test('a run estimated at days or hours is refused without --yes, with the estimate; nothing is written', () => {
    const out = join(tmp(), 'big');
    oneLine(
      chacoAtMost60s(['run', 'boqueron', '--games', '1e9', '--par', 'random', '--bol', 'random', '--workers', '2', '--out', out]),
      /^chaco: --games 1000000000: 1,000,000,000 games of random against random take at least \d+ days on 2 threads; add --yes to play them anyway/,
    );
    oneLine(
      chacoAtMost60s([
        'compare',
        'boqueron',
        '--games',
        '100000',
        '--par',
        'search',
        '--bol',
        'balanced',
        '--variant',
        'c:mountedCavalry=true',
        '--workers',
        '2',
        '--out',
        out,
      ]),
      /take at least \d+ hours on 2 threads; add --yes/,
    );
    expect(() => readFileSync(join(out, 'run.json'))).toThrow();
  });

  test('with --yes the run goes ahead with a warning; a run of minutes asks nothing', () => {
    const spec = { par: 'random', bol: 'random' };
    expect(() => confirmRunSize({ what: '--games 1e9', spec, games: 1e9, turns: 6, threads: 2, yes: false, quiet: true })).toThrow(
      UsageError,
    );
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
      written.push(String(text));
      return true;
    });
    try {
      confirmRunSize({ what: '--games 1e9', spec, games: 1e9, turns: 6, threads: 2, yes: true, quiet: false });
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(
        /^chaco: --games 1e9: 1,000,000,000 games of random against random take at least [\d,]+ days on 2 threads \(--yes given\)\n$/,
      );
      confirmRunSize({ what: '--games 1e9', spec, games: 1e9, turns: 6, threads: 2, yes: true, quiet: true }); // --quiet: no warning
      confirmRunSize({
        what: '--games 100000',
        spec: { par: 'balanced', bol: 'balanced' },
        games: 100_000,
        turns: 6,
        threads: 2,
        yes: false,
        quiet: false,
      });
      expect(written).toHaveLength(1);
    } finally {
      stderr.mockRestore();
    }
    // The estimate grows with the games, the scenario's length and search, and shrinks with threads.
    expect(estimatedHours(spec, 2e6, 6, 1)).toBeCloseTo(2 * estimatedHours(spec, 1e6, 6, 1), 9);
    expect(estimatedHours(spec, 1e6, 34, 1)).toBeGreaterThan(estimatedHours(spec, 1e6, 6, 1));
    expect(estimatedHours({ par: 'search', bol: 'random' }, 1e6, 6, 1)).toBeGreaterThan(100 * estimatedHours(spec, 1e6, 6, 1));
    expect(estimatedHours(spec, 1e6, 6, 2)).toBeCloseTo(estimatedHours(spec, 1e6, 6, 1) / 2, 9);
  });
});
