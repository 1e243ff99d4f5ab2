import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The CLI as a user runs it (npm test builds dist/ first), and a recorded line run by a POSIX shell in
// which `chaco` is this build: the line must reproduce the files by itself.
const BIN = resolve('bin/chaco.js');
function chaco(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function shell(cwd: string, line: string) {
  const r = spawnSync('sh', ['-c', `chaco() { "${process.execPath}" "${BIN}" "$@"; }; ${line}`], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Every file under dir, by path relative to it. */
function files(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under))
    .sort()
    .flatMap((name) => {
      const rel = under === '' ? name : `${under}/${name}`;
      return statSync(join(dir, rel)).isDirectory() ? files(dir, rel) : [rel];
    });
}

describe('a recorded reproduce line, run in a fresh folder, writes the same files', () => {
  test("run: run.json's reproduce line (policies, handicap, options, --no-replays; --out with a space) gives the same games and report", () => {
    const tmp = mkdtempSync(join(tmpdir(), 'chaco-line-'));
    const first = join(tmp, 'my runs', 'first');
    mkdirSync(join(tmp, 'my runs'));
    const r = chaco(
      tmp,
      'run',
      'boqueron',
      '--games',
      '12',
      '--seed',
      'five 5',
      '--par',
      'cautious',
      '--handicap',
      'BOL=+1',
      '--option',
      'mountedCavalry=true',
      '--no-replays',
      '--out',
      first,
      '--quiet',
      '--workers',
      '1',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(first, 'run.json'), 'utf8')) as { reproduce: string; command: string };
    expect(manifest.reproduce).toBe(
      "chaco run boqueron --seed 'five 5' --par cautious --bol balanced --option mountedCavalry=true --handicap BOL=+1 --games 12 --no-replays",
    );
    const fresh = join(tmp, 'fresh');
    mkdirSync(fresh);
    const again = shell(fresh, `${manifest.reproduce} --out again --quiet --workers 1`);
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    const second = join(fresh, 'again');
    expect(files(second)).toEqual(files(first));
    // run.json, aggregate.json (which keeps it) and index.html hold the typed command and the timing; every other file is the same byte for byte.
    for (const f of files(first).filter((n) => !['run.json', 'aggregate.json', 'index.html'].includes(n))) {
      expect(readFileSync(join(second, f)).equals(readFileSync(join(first, f))), f).toBe(true);
    }
    const strip = (dir: string) => {
      const { command: _c, timing: _t, ...rest } = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
      return rest;
    };
    expect(strip(second)).toEqual(strip(first));
  });

  test("balance: balance.json's reproduce line (with --replicates) run from another folder writes every file the same, byte for byte", () => {
    const tmp = mkdtempSync(join(tmpdir(), 'chaco-line-'));
    const a = join(tmp, 'a'),
      b = join(tmp, 'b');
    mkdirSync(a);
    mkdirSync(b);
    const r = chaco(
      a,
      'balance',
      'boqueron',
      '--pool',
      'cautious,balanced',
      '--max-games',
      '10',
      '--batch',
      '10',
      '--restrictions',
      'none',
      '--replicates',
      '100',
      '--seed',
      '3',
      '--out',
      'study',
      '--quiet',
      '--workers',
      '1',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const line = (JSON.parse(readFileSync(join(a, 'study', 'balance.json'), 'utf8')) as { reproduce: string }).reproduce;
    expect(line).toContain(' --replicates 100 ');
    const again = shell(b, `${line} --quiet --workers 1`);
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    expect(files(join(b, 'study'))).toEqual(files(join(a, 'study')));
    for (const f of files(join(a, 'study')))
      expect(readFileSync(join(b, 'study', f)).equals(readFileSync(join(a, 'study', f))), f).toBe(true);
  });
});
