// The search's racing plans (`search:N:race`): each challenger plays its rollouts against the plan in hand on the same
// dice, rollout by rollout, and plays no more once it does not lead the plan in hand on the rollouts so far; only the
// plans that played every rollout may be chosen (4.2: the search chooses before its player turn).
import { describe, expect, test } from 'vitest';
import type { GameView, Policy } from '../../src/core/decisions.js';
import { PAR } from '../../src/core/side.js';
import { createPolicy } from '../../src/policy/index.js';
import { fakeLookahead, fakeTuned } from '../helpers/search-fakes.js';
import {
  DEFAULT_SWITCH_MARGIN,
  DEVIATION_MARGIN,
  parseSearch,
  racePlans,
  searchName,
  searchPolicy,
  type SearchCandidate,
} from '../../src/policy/search.js';

const M = DEFAULT_SWITCH_MARGIN;

/** A race over plans scored by `scores[plan][r]`, with every call to play counted. */
function race(scores: Record<string, number[]>, inHand: string, rollouts: number, keepInHand = false) {
  const calls: string[] = [];
  const out = racePlans(
    Object.keys(scores),
    inHand,
    rollouts,
    (c, r) => {
      calls.push(`${c}${r}`);
      return scores[c]![r]!;
    },
    keepInHand,
  );
  return { ...out, calls };
}

describe("the search's racing plans (search:N:race)", () => {
  test(':race after the rollouts and opponents names it, before :turn or :decisions; the name reads back', () => {
    expect(parseSearch('search:race')).toEqual({ rollouts: 4, opponents: 'balanced', race: true });
    expect(parseSearch('search:2:pool:race')).toEqual({ rollouts: 2, opponents: 'pool', race: true });
    expect(parseSearch('search:race:decisions')).toEqual({ rollouts: 4, opponents: 'balanced', race: true, turn: true, decisions: true });
    expect(searchName(4, 'balanced', false, false, true)).toBe('search:race');
    expect(searchName(8, 'pool', true, true, true)).toBe('search:8:pool:race:decisions');
    expect(parseSearch(searchName(8, 'pool', true, false, true))).toEqual({ rollouts: 8, opponents: 'pool', race: true, turn: true });
    expect(createPolicy('search:2:race', 's').name).toBe('search:2:race');
    expect(() => parseSearch('search:race:2')).toThrow(/:race/);
    expect(() => parseSearch('search:decisions:race')).toThrow(/no search opponents "decisions"/);
  });

  test('a challenger that does not lead after the first rollout (level or behind) plays no more; the plan in hand stops once none runs', () => {
    const { means, alive, calls } = race({ inHand: [10, 20, 30, 40], a: [10, 500, 500, 500], b: [0, 0, 0, 0] }, 'inHand', 4);
    expect(calls).toEqual(['inHand0', 'a0', 'b0']);
    expect(alive.size).toBe(0);
    expect(means.get('inHand')).toBe(10);
    expect(means.get('a')).toBe(10);
  });

  test('a challenger that leads all the way plays every rollout and may be chosen; the others stop where they no longer lead', () => {
    const { means, alive, calls } = race({ inHand: [0, 0, 0, 0], ahead: [1, -0.5, 1, 400], late: [5, -5, 400, 400] }, 'inHand', 4);
    // `late` leads by 5 after one rollout (it runs on) and by 0 after two (level: it stops there).
    expect(calls).toEqual(['inHand0', 'ahead0', 'late0', 'inHand1', 'ahead1', 'late1', 'inHand2', 'ahead2', 'inHand3', 'ahead3']);
    expect([...alive].sort()).toEqual(['ahead', 'inHand']);
    expect(means.get('ahead')).toBe(401.5 / 4);
    expect(means.get('late')).toBe(0);
  });

  test('one rollout: no challenger is cut before it, every plan plays it and may be chosen (the same as playing them out)', () => {
    const { alive, calls } = race({ inHand: [0], a: [-500], b: [5] }, 'inHand', 1);
    expect(calls).toEqual(['inHand0', 'a0', 'b0']);
    expect(alive.size).toBe(3);
  });

  test('keepInHand: the plan in hand plays every rollout (the straight play its deviations are measured against)', () => {
    const { alive, calls, means } = race({ inHand: [1, 2, 3, 4], a: [0, 0, 0, 0] }, 'inHand', 4, true);
    expect(calls).toEqual(['inHand0', 'a0', 'inHand1', 'inHand2', 'inHand3']);
    expect([...alive]).toEqual(['inHand']);
    expect(means.get('inHand')).toBe(2.5);
  });

  test('4.2 a racing search switches to a plan that leads all the way, keeps its plan when none does, and plays fewer rollouts', () => {
    // Plans scored by name through a fake look-ahead: the tuned base (the plan in hand) and the presets and variants.
    const gains: Record<string, number> = {};
    const tuned: SearchCandidate = { name: 'tuned', make: (_seed, params) => ({ name: params ? 'variant' : 'tuned' }) as Policy };
    const lookahead = fakeLookahead(gains);
    const run = (raceOn: boolean) => {
      const choices: string[] = [];
      const s = searchPolicy({ seed: 's', rollouts: 4, race: raceOn, tunedFor: () => tuned, onChoice: (c) => choices.push(c) });
      s.startTurn!({ turn: 1 } as GameView, PAR, lookahead);
      gains.aggressive = M + 1;
      s.startTurn!({ turn: 2 } as GameView, PAR, lookahead);
      delete gains.aggressive;
      return { choices, rollouts: s.stats.rollouts };
    };
    const full = run(false),
      raced = run(true);
    expect(raced.choices).toEqual(full.choices);
    expect(raced.choices).toEqual(['tuned', 'aggressive']);
    // Eight plans: 32 rollouts a turn played out; racing, the first turn 8 (none ahead), the second 8 + 3 x 2 (aggressive ahead).
    expect(full.rollouts).toBe(64);
    expect(raced.rollouts).toBe(8 + 8 + 3 * 2);
  });
});

describe('racing deviations and single decisions (search:N:race:decisions)', () => {
  test('4.2 they race against the plan played straight: one that leads all the way is taken as the full search takes it, the others stop after a rollout', () => {
    // The fake plan's look-ahead "plays" a probed player by writing counts, and scores each player by what it carries.
    const tuned = fakeTuned();
    const lead: Record<string, number> = { hold2: DEVIATION_MARGIN + 3 };
    const lookahead = fakeLookahead(lead);
    const run = (raceOn: boolean) => {
      const choices: string[] = [];
      const s = searchPolicy({
        seed: 's',
        rollouts: 4,
        race: raceOn,
        decisions: true,
        tunedFor: () => tuned,
        onChoice: (c) => choices.push(c),
      });
      s.startTurn!({ turn: 2 } as GameView, PAR, lookahead);
      return { choices, rollouts: s.stats.rollouts, name: s.name };
    };
    const full = run(false),
      raced = run(true);
    expect(raced.name).toBe('search:race:decisions');
    expect(raced.choices).toEqual(full.choices);
    expect(raced.choices).toEqual(['tuned+hold2']);
    // Played out: 8 plans, 7 deviations and 3 single decisions (attack1, hold1, hold2) on 4 rollouts, and the
    // confirmation's 2 x 4. Raced: the plans' first rollout (8) and the plan in hand's other three (it is the deviations'
    // straight play), the tries' first rollout (10), hold2's other three, and the same confirmation.
    expect(full.rollouts).toBe(8 * 4 + 10 * 4 + 8);
    expect(raced.rollouts).toBe(8 + 3 + 10 + 3 + 8);
  });
});
