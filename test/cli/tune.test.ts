// chaco tune: a tuned heuristic file (parameters, the command, the measured strength) and the policy aliases.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveAlias } from '../../src/policy/aliases.js';
import { chaco, tmp } from '../helpers/cli.js';

describe('chaco tune and the policy aliases', () => {
  test('tune writes a plan of parameters with the command that made it and its paired strength against balanced', () => {
    const dir = tmp(), file = join(dir, 'tuned.json');
    const r = chaco(['tune', 'boqueron', '--side', 'BOL', '--opponents', 'balanced,historical', '--candidates', '3', '--games', '6', '--final-games', '8', '--seed', 't', '--workers', '2', '--out', join(dir, 'work'), '--write', file]);
    expect(r.code, r.err).toBe(0);
    const tuned = JSON.parse(readFileSync(file, 'utf8'));
    expect(tuned).toMatchObject({ scenario: 'boqueron', side: 'BOL', phases: [] });
    expect(Object.keys(tuned.params)).toContain('aggression');
    expect(tuned.tuned.command).toBe('chaco tune boqueron --side BOL --candidates 3 --games 6 --final-games 8 --seed t --opponents balanced,historical');
    expect(tuned.tuned.measured.rows.map((m: { opponent: string; games: number }) => `${m.opponent} ${m.games}`)).toEqual(['balanced 8', 'historical 8']);
    for (const m of tuned.tuned.measured.rows) expect(m.diff).toBeCloseTo(m.tuned_win_rate - m.balanced_win_rate, 9);
    // The file is a policy like any plan.
    const run = chaco(['run', 'boqueron', '--bol', file, '--par', 'balanced', '--games', '4', '--workers', '0', '--no-replays', '--out', join(dir, 'run')]);
    expect(run.code, run.err).toBe(0);
  });

  test('historical and tuned stand for the scenario\'s files; a missing one is null, restrictions carry over', () => {
    expect(resolveAlias('historical', 'boqueron', 'par')).toMatch(/policies\/boqueron-par-historical\.json$/);
    expect(resolveAlias('historical+noAir', 'boqueron', 'bol')).toMatch(/policies\/boqueron-bol-historical\.json\+noAir$/);
    expect(resolveAlias('tuned', 'nosuch', 'par')).toBeNull();
    expect(resolveAlias('balanced', 'boqueron', 'par')).toBe('balanced');
    const r = chaco(['run', 'boqueron', '--par', 'historical', '--bol', 'balanced', '--games', '2', '--workers', '0', '--no-replays', '--out', tmp()]);
    expect(r.code, r.err).toBe(0);
  });
});
