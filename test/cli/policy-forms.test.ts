import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asUsage, specFromFlags } from '../../src/cli/flags.js';
import { poolFor } from '../../src/cli/policy-pool.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { DEFAULT_DATA_DIR } from '../../src/data/load.js';
import { resolvePolicy } from '../../src/sim/policy-ref.js';
import { prepareRun, type RunSpec } from '../../src/sim/spec.js';
import { parseVariants } from '../../src/sim/variants.js';

// Every form of a policy, as each family of commands takes it, and what the games then play. The
// families: the --par/--bol flags (run, bid, compare, sensitivity, history, replay), a compare variant's
// par=/bol=, a --pool (balance, ladder, skill, best-response) and tune's --opponents.
const PLAN = 'policies/boqueron-par-historical.json';
const MODULE = 'policies/examples/hold-the-line.mjs';
const FORMS: readonly (readonly [form: string, par: string])[] = [
  ['search:2', 'search:2'],
  ['balanced+noAir', 'balanced+noAir'],
  ['historical', 'policies/boqueron-par-historical.json'],
  ['historical+noAir', 'policies/boqueron-par-historical.json+noAir'],
  ['tuned', 'policies/tuned/boqueron-par.json'],
  [PLAN, PLAN],
  [MODULE, MODULE],
];

const flags = (par: string, bol = 'balanced') => ({ data: DEFAULT_DATA_DIR, option: [], par, bol, handicap: [], seed: '1', check: false });
const base: RunSpec = {
  scenario: 'boqueron',
  dataDir: DEFAULT_DATA_DIR,
  options: [],
  par: 'balanced',
  bol: 'balanced',
  handicap: [0, 0],
  seed: '1',
  check: false,
};
const boqueron = prepareRun(base).scenario;

describe('every command family takes every policy form, parsed in one place (sim/policy-ref.ts)', () => {
  test.each(FORMS)('--par %s (run, bid, compare, sensitivity, history, replay)', (form, par) => {
    expect(specFromFlags('boqueron', flags(form)).spec.par).toBe(par);
  });

  test.each(FORMS)('compare --variant v:par=%s', (form, par) => {
    expect(parseVariants([`v:par=${form}`], base, boqueron)[1]!.spec.par).toBe(par);
  });

  test.each(FORMS)('--pool %s (balance, ladder, skill, best-response)', (form, par) => {
    const [entry] = poolFor([form], 'boqueron');
    expect(entry!.par).toBe(par);
    // A plan plays the side it states; every other form plays both.
    expect(entry!.bol).toBe(form === PLAN ? null : par.replace('-par', '-bol'));
  });

  test.each(FORMS)('tune --opponents %s (for Paraguay)', (form, par) => {
    expect(resolvePolicy('--opponents', form, 'boqueron', 'par')).toBe(par);
  });

  test("compare --variant x:bol=historical plays Bolivia's plan (it never resolved before)", () => {
    expect(parseVariants(['x:bol=historical'], base, boqueron)[1]!.spec.bol).toBe('policies/boqueron-bol-historical.json');
  });

  test('a form the scenario has no file for, or no form at all, is named in one line by each family', () => {
    // Alihuata has no tuned file for Paraguay, the campaign none at all.
    expect(() => specFromFlags('alihuata', flags('tuned'))).toThrow(
      new UsageError('--par tuned: alihuata has no tuned policy for Paraguay (make one: chaco tune alihuata --side PAR)'),
    );
    const campaign = prepareRun({ ...base, scenario: 'campaign' }).scenario;
    expect(() => asUsage(() => parseVariants(['v:bol=tuned'], { ...base, scenario: 'campaign' }, campaign))).toThrow(
      new UsageError('--variant v: bol=tuned: campaign has no tuned policy for Bolivia (make one: chaco tune campaign --side BOL)'),
    );
    expect(poolFor(['tuned'], 'campaign')).toEqual([{ label: 'tuned', par: null, bol: null }]);
    expect(poolFor(['tuned'], 'alihuata')).toEqual([{ label: 'tuned', par: null, bol: 'policies/tuned/alihuata-bol.json' }]);
    for (const bad of [
      () => specFromFlags('boqueron', flags('clever')),
      () => asUsage(() => parseVariants(['v:par=clever'], base, boqueron)),
      () => poolFor(['clever'], 'boqueron'),
    ]) {
      expect(bad).toThrow(
        /"clever" \(policies: random, passive, cautious, balanced, aggressive, search, search:N, search:N:pool, search:N:turn, search:N:decisions, historical, tuned, a preset, plan or alias with \+restrictions/,
      );
    }
    expect(() => specFromFlags('boqueron', flags('balanced', PLAN))).toThrow(/this is Paraguay's plan; give it to --par, not --bol/);
    // best-response's --hold and --reference go through the pool's parser and are named as given.
    expect(() => poolFor(['clever'], 'boqueron', '--hold')).toThrow(/^--hold: no policy "clever"/);
  });
});

describe("chaco replay takes the forms chaco run takes, and replays the run's game", () => {
  const BIN = 'bin/chaco.js';
  // search:1 is the search form at its cheapest (a game of it costs tens of balanced games); game 1 is a game past the first.
  test.each(['search:1', 'balanced+noAir', 'historical', 'tuned'])(
    'both sides %s: result.json is game 1 of the run with those policies',
    (form) => {
      const tmp = mkdtempSync(join(tmpdir(), 'chaco-forms-'));
      const run = spawnSync(
        process.execPath,
        [
          BIN,
          'run',
          'boqueron',
          '--games',
          '2',
          '--seed',
          '9',
          '--par',
          form,
          '--bol',
          form,
          '--workers',
          '0',
          '--no-replays',
          '--out',
          join(tmp, 'run'),
          '--quiet',
        ],
        { encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      const replay = spawnSync(
        process.execPath,
        [BIN, 'replay', 'boqueron', '--game', '1', '--seed', '9', '--par', form, '--bol', form, '--out', join(tmp, 'replay')],
        { encoding: 'utf8' },
      );
      expect(replay.stderr).toBe('');
      expect(replay.status).toBe(0);
      const rows = readFileSync(join(tmp, 'run', 'games.csv'), 'utf8')
        .trim()
        .split('\n');
      const header = rows[0]!.split(','),
        row = rows[2]!.split(',');
      const result = JSON.parse(readFileSync(join(tmp, 'replay', 'result.json'), 'utf8')) as Record<string, unknown>;
      expect(header.map((h) => String(result[h]))).toEqual(row);
    },
  );
});
