// The search's one-turn deviations (`search:N:turn`): the plan in hand is also played with each of
// TURN_DEVIATIONS laid over it for the coming game turn alone, on the same rollouts, and the best is
// taken when it beats the plan played straight by more than DEVIATION_MARGIN.
import { describe, expect, test } from 'vitest';
import type { GameView, Lookahead, Policy } from '../../src/core/decisions.js';
import { streamSeed } from '../../src/core/dice.js';
import type { GameEvent } from '../../src/core/events.js';
import { playGame } from '../../src/core/play.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy, type TurnDeviation } from '../../src/policy/heuristic.js';
import { createPolicy } from '../../src/policy/index.js';
import {
  DEVIATION_MARGIN,
  TURN_DEVIATIONS,
  VARIANTS,
  parseSearch,
  searchName,
  searchPolicy,
  type SearchCandidate,
} from '../../src/policy/search.js';
import { prepareRun } from '../../src/sim/spec.js';
import { randomSpec } from '../helpers/spec.js';

const { scenario, options } = prepareRun(randomSpec('s'));
const seed = streamSeed('s', 0, 'game');
const game = (par: Policy) =>
  playGame(scenario, options, [par, createPolicy('balanced', `${seed}:BOL`, scenario)], seed, { log: true }).events!;
/** The events of game turns before `turn`. */
const before = (events: readonly GameEvent[], turn: number) =>
  events.slice(
    0,
    events.findIndex((e) => e.type === 'turn' && e.turn === turn),
  );

describe("the search's one-turn deviations (search:N:turn)", () => {
  test(':turn after any search form names it, and the name reads back', () => {
    expect(parseSearch('search:turn')).toEqual({ rollouts: 4, opponents: 'balanced', turn: true });
    expect(parseSearch('search:2:turn')).toEqual({ rollouts: 2, opponents: 'balanced', turn: true });
    expect(parseSearch('search:8:pool:turn')).toEqual({ rollouts: 8, opponents: 'pool', turn: true });
    expect(parseSearch('search:2')).toEqual({ rollouts: 2, opponents: 'balanced' });
    expect(() => parseSearch('search:turn:2')).toThrow(/a search is search/);
    expect(searchName(2, 'pool', true)).toBe('search:2:pool:turn');
    expect(searchName(4, 'balanced', true)).toBe('search:turn');
    expect(parseSearch(searchName(8, 'pool', true))).toEqual({ rollouts: 8, opponents: 'pool', turn: true });
  });

  test('4.2 a deviation changes only the decisions of its own game turn: before it the game is the same, and an empty one or one for a turn never reached changes nothing', () => {
    const plain = game(heuristicPolicy({ preset: 'balanced', seed: `${seed}:PAR` }));
    const dev = (d: TurnDeviation) => game(heuristicPolicy({ preset: 'balanced', seed: `${seed}:PAR`, deviation: d }));
    expect(dev({ turn: 2, params: {} })).toEqual(plain);
    expect(dev({ turn: 99, params: VARIANTS.bold! })).toEqual(plain);
    expect(dev({ turn: 2, params: null })).toEqual(plain);
    // Paraguay digs in and attacks boldly on turn 2 alone: the same game until then, another after.
    const bold = dev({ turn: 2, params: { ...VARIANTS.bold, ...VARIANTS.dug } });
    expect(before(bold, 2)).toEqual(before(plain, 2));
    expect(bold).not.toEqual(plain);
  });

  test('4.2 the plan in hand takes the deviation whose look-ahead beats its straight play by more than the margin, for that turn only', () => {
    // A fake plan whose players are named by the deviation they carry, so the look-ahead sees which one plays.
    const devName = (d?: TurnDeviation) => Object.keys(TURN_DEVIATIONS).find((k) => TURN_DEVIATIONS[k] === d?.params) ?? '';
    const held: TurnDeviation[] = [];
    const tuned: SearchCandidate = {
      name: 'tuned',
      make: (_seed, params, deviation) => {
        if (deviation && !params) held.push(deviation);
        return { name: params ? 'variant' : `tuned:${devName(deviation)}`, decide: () => ({}) as never };
      },
    };
    let lead: Record<string, number> = {};
    const lookahead: Lookahead = {
      simulate(policies) {
        return {
          vp_s: new Int32Array([10 + (lead[policies[PAR]!.name] ?? 0), 10]),
          stepsLost_s: new Uint32Array(2),
          ended: null,
        } as unknown as GameView;
      },
    };
    const choices: string[] = [];
    const search = searchPolicy({ seed: 's', rollouts: 2, turn: true, tunedFor: () => tuned, onChoice: (c) => choices.push(c) });
    const view = { turn: 3 } as GameView;
    lead = { 'tuned:noCallUp': DEVIATION_MARGIN, 'tuned:march': DEVIATION_MARGIN + 5, 'tuned:bold': DEVIATION_MARGIN + 1 };
    search.startTurn!(view, PAR, lookahead);
    // The player in hand (made first) carries the search's holder: the march, for turn 3 alone.
    const inHand = held[0]!;
    expect(inHand).toEqual({ turn: 3, params: TURN_DEVIATIONS.march });
    lead = { 'tuned:ghqStays': DEVIATION_MARGIN }; // not more than the margin: played straight
    search.startTurn!({ turn: 4 } as GameView, PAR, lookahead);
    expect(choices).toEqual(['tuned+march', 'tuned']);
    expect(search.stats.deviations).toBe(1);
    expect(inHand.params).toBeNull();
  });
});
