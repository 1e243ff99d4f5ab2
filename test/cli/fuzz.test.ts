// A fuzz test of the command line and the input files: mutated scenario, counter, map and plan files
// and random flag values, drawn from a seeded stream (the same cases every run). Every case must end
// with exit 0 or 2, never a stack trace; a generous subprocess limit only guards against a hang.
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededUniform } from '../../src/analysis/stats.js';
import { tmp } from '../helpers/cli.js';

const random = seededUniform('fuzz');
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

/** A mutation of a JSON value: a field removed, retyped, set out of range, or an element dropped. */
function mutate(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0 || random() < 0.15) return pick([null, 'x', 7, {}]);
    const copy = [...value];
    const i = Math.floor(random() * copy.length);
    if (random() < 0.3) copy.splice(i, 1);
    else copy[i] = mutate(copy[i], depth + 1);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0 || random() < 0.1) return pick([null, [], 'x', -1]);
    const copy = { ...(value as Record<string, unknown>) };
    const k = pick(keys);
    if (random() < 0.25) delete copy[k];
    else copy[k] = mutate(copy[k], depth + 1);
    return copy;
  }
  if (typeof value === 'number') return pick([-1, 0, 1e9, 2.5, '3', null]);
  if (typeof value === 'string') return pick(['', '9999', 'ZZZ', value + value, 12, null]);
  return pick([null, 'true', 0, []]);
}

function run(args: string[]) {
  const r = spawnSync(process.execPath, ['bin/chaco.js', ...args], { encoding: 'utf8', timeout: 600_000 });
  return { code: r.status, err: r.stderr, signal: r.signal };
}

function expectClean(r: { code: number | null; err: string; signal: NodeJS.Signals | null }, what: string): void {
  expect(r.signal, `${what}: did not end`).toBeNull();
  expect([0, 2], `${what}: exit ${r.code}\n${r.err}`).toContain(r.code);
  expect(r.err, `${what}: a stack trace`).not.toMatch(/\n\s+at |internal error/);
}

describe('fuzz: the command line and the input files', () => {
  test('mutated data and plan files are refused in lines naming the file, or played', () => {
    for (let c = 0; c < 12; c++) {
      const data = tmp();
      cpSync('scenarios', data, { recursive: true });
      const file = pick(['boqueron.json', 'counters.json', 'map.json', 'tables.json', 'villa-montes.json']);
      const raw = JSON.parse(readFileSync(join(data, file), 'utf8')) as unknown;
      writeFileSync(join(data, file), JSON.stringify(mutate(raw)));
      const scenario = file === 'villa-montes.json' ? 'villa-montes' : 'boqueron';
      const r = run([
        'run',
        scenario,
        '--data',
        data,
        '--games',
        '2',
        '--workers',
        '0',
        '--par',
        'random',
        '--bol',
        'random',
        '--no-replays',
        '--out',
        join(data, 'out'),
      ]);
      expectClean(r, `${file} mutated (case ${c})`);
      if (r.code === 2) for (const line of r.err.trim().split('\n')) expect(line, file).toMatch(/^(chaco: |\/)/);
    }
    for (let c = 0; c < 6; c++) {
      const dir = tmp();
      const plan = join(dir, 'plan.json');
      writeFileSync(plan, JSON.stringify(mutate(JSON.parse(readFileSync('policies/boqueron-par-historical.json', 'utf8')))));
      expectClean(
        run([
          'run',
          'boqueron',
          '--games',
          '2',
          '--workers',
          '0',
          '--par',
          plan,
          '--bol',
          'random',
          '--no-replays',
          '--out',
          join(dir, 'out'),
        ]),
        `plan mutated (case ${c})`,
      );
    }
  });

  test('random flag values end with exit 0 or 2', () => {
    const values = [
      '',
      '-1',
      '0',
      '1',
      '2.5',
      'abc',
      '1e9',
      'PAR=+5',
      'BOL',
      'x=y',
      'mountedCavalry=maybe',
      'tables.crt=3',
      'estimate.wells=damp',
      '/proc/x',
      'policies/boqueron-bol-historical.json',
    ];
    const flags = ['--games', '--seed', '--par', '--bol', '--option', '--handicap', '--workers', '--first', '--decision-timeout'];
    for (let c = 0; c < 14; c++) {
      const args = ['run', pick(['boqueron', 'nowhere', 'villa-montes']), '--games', '1', '--no-replays', '--out', join(tmp(), 'out')];
      for (let k = 0; k < 2; k++) args.push(pick(flags), pick(values));
      expectClean(run(args), args.join(' '));
    }
  });
});
