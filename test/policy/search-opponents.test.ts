// The opponents the search's rollouts imagine: balanced alone (the default), or a pool (balanced, the
// opponent's tuned file, cautious, aggressive), rollout r against pool[r mod pool size], the same for every plan.
import { describe, expect, test } from 'vitest';
import type { GameView, Lookahead, Policy } from '../../src/core/decisions.js';
import { playGame } from '../../src/core/play.js';
import { BOL, PAR } from '../../src/core/side.js';
import { createPolicy } from '../../src/policy/index.js';
import { DEFAULT_OPPONENTS, opponentPool, parseSearch, searchName, searchPolicy, type SearchCandidate } from '../../src/policy/search.js';
import { prepareRun } from '../../src/sim/spec.js';
import { randomSpec } from '../helpers/spec.js';

const boqueron = () => prepareRun(randomSpec('s', { par: 'balanced', bol: 'balanced' }));

/** A fake plan whose players carry its name, so a fake look-ahead sees who plays. */
const fake = (name: string): SearchCandidate => ({
  name,
  make: () => ({
    name,
    decide: () => {
      throw new Error('not asked');
    },
  }),
});

/** Runs one searched turn of `search` for Paraguay and returns the opponents each rollout met, plan by plan. */
function opponentsMet(
  rollouts: number,
  opponents?: 'pool' | 'balanced',
  tunedFor = (side: number): SearchCandidate | null => fake(side === PAR ? 'own tuned' : 'their tuned'),
) {
  const met: string[][] = [];
  const lookahead: Lookahead = {
    simulate(policies) {
      // Each plan plays its rollouts one after the other.
      if (met.length === 0 || met.at(-1)!.length === rollouts) met.push([]);
      met.at(-1)!.push(policies[BOL]!.name);
      return { vp_s: new Int32Array([10, 10]), stepsLost_s: new Uint32Array(2), ended: null } as unknown as GameView;
    },
  };
  const search = searchPolicy({ seed: 's', rollouts, ...(opponents ? { opponents } : {}), tunedFor });
  search.startTurn!({} as GameView, PAR, lookahead);
  return met;
}

describe("the search's opponents", () => {
  test("the pool is balanced, the opponent side's tuned file, cautious and aggressive, in that order; balanced alone on request", () => {
    expect(DEFAULT_OPPONENTS).toBe('balanced');
    expect(opponentPool('pool', fake('tuned')).map((c) => c.name)).toEqual(['balanced', 'tuned', 'cautious', 'aggressive']);
    // A scenario without a tuned file for the opponent: the presets alone.
    expect(opponentPool('pool', null).map((c) => c.name)).toEqual(['balanced', 'cautious', 'aggressive']);
    expect(opponentPool('balanced', fake('tuned')).map((c) => c.name)).toEqual(['balanced']);
  });

  test("rollout r meets pool[r mod pool size], the opponent side's tuned file, and every plan meets the same opponents", () => {
    const met = opponentsMet(5, 'pool');
    expect(met).toHaveLength(8);
    for (const m of met) expect(m).toEqual(['balanced', 'their tuned', 'cautious', 'aggressive', 'balanced']);
    // Without a tuned file for the opponent, the pool wraps round after three.
    const noTuned = opponentsMet(4, 'pool', (side) => (side === PAR ? fake('own tuned') : null));
    for (const m of noTuned) expect(m).toEqual(['balanced', 'cautious', 'aggressive', 'balanced']);
  });

  test('search:1:pool meets balanced alone, as does search:N (balanced, the default)', () => {
    for (const m of opponentsMet(1, 'pool')) expect(m).toEqual(['balanced']);
    for (const m of opponentsMet(4)) expect(m).toEqual(['balanced', 'balanced', 'balanced', 'balanced']);
  });

  test('search:1:pool plays the same game as search:1 (its one rollout meets balanced with the same stream)', () => {
    const { scenario, options } = boqueron();
    const play = (name: string) =>
      playGame(scenario, options, [createPolicy('cautious', 'p', scenario), createPolicy(name, 'b', scenario)], 'g', { log: true }).events;
    expect(play('search:1:pool')).toEqual(play('search:1'));
  });

  test('I-41 the search with the pool of opponents is deterministic by seed', () => {
    const { scenario, options } = boqueron();
    const play = (): [Policy, Policy] => [createPolicy('cautious', 'p', scenario), createPolicy('search:2:pool', 'b', scenario)];
    const a = playGame(scenario, options, play(), 'g', { log: true });
    const b = playGame(scenario, options, play(), 'g', { log: true });
    expect(a.events).toEqual(b.events);
  });

  test('search[:<rollouts>][:<opponents>] name it, the opponents balanced (the default) or pool; other forms are refused by name', () => {
    expect(parseSearch('search')).toEqual({ rollouts: 4, opponents: 'balanced' });
    expect(parseSearch('search:2')).toEqual({ rollouts: 2, opponents: 'balanced' });
    expect(parseSearch('search:4:balanced')).toEqual({ rollouts: 4, opponents: 'balanced' });
    expect(parseSearch('search:pool')).toEqual({ rollouts: 4, opponents: 'pool' });
    expect(parseSearch('search:8:pool')).toEqual({ rollouts: 8, opponents: 'pool' });
    expect(parseSearch('searcher')).toBeNull();
    expect(() => parseSearch('search:4:cautious')).toThrow(
      'policy "search:4:cautious": no search opponents "cautious" (balanced or pool, e.g. search:4:pool)',
    );
    expect(() => parseSearch('search:4:balanced:2')).toThrow(
      /policy "search:4:balanced:2": a search is search, search:<rollouts from 1 to 64>/,
    );
    expect(() => parseSearch('search:65:balanced')).toThrow(/rollouts from 1 to 64/);
    // The name a search goes by reads back to the same settings.
    for (const [r, o] of [
      [4, 'pool'],
      [2, 'balanced'],
      [4, 'balanced'],
      [16, 'pool'],
    ] as const) {
      expect(parseSearch(searchName(r, o))).toEqual({ rollouts: r, opponents: o });
      expect(createPolicy(searchName(r, o), 's').name).toBe(searchName(r, o));
    }
    expect(searchName(4, 'balanced')).toBe('search');
    expect(searchName(4, 'pool')).toBe('search:pool');
    expect(() => createPolicy('search:4:cautious', 's')).toThrow(/no search opponents "cautious"/);
  });
});
