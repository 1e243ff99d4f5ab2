// The search policy: look-ahead through the engine (play.ts Lookahead), common dice for every candidate.
import { describe, expect, test } from 'vitest';
import type { GameView, Lookahead, Policy } from '../../src/core/decisions.js';
import { streamSeed } from '../../src/core/dice.js';
import { playGame } from '../../src/core/play.js';
import { PAR } from '../../src/core/side.js';
import { createPolicy } from '../../src/policy/index.js';
import {
  DEFAULT_ROLLOUTS,
  VARIANTS,
  WIN_SCORE,
  parseSearch,
  scorePosition,
  searchPolicy,
  type SearchCandidate,
} from '../../src/policy/search.js';
import { DEFAULT_DATA_DIR } from '../../src/data/load.js';
import { prepareRun } from '../../src/sim/spec.js';

const boqueron = () =>
  prepareRun({
    scenario: 'boqueron',
    dataDir: DEFAULT_DATA_DIR,
    options: [],
    par: 'balanced',
    bol: 'balanced',
    handicap: [0, 0],
    seed: 's',
    check: false,
  });

describe('the search policy', () => {
  test('search and search:<rollouts> name it; other rollouts are refused', () => {
    expect(parseSearch('search')?.rollouts).toBe(DEFAULT_ROLLOUTS);
    expect(parseSearch('search:5')?.rollouts).toBe(5);
    expect(parseSearch('balanced')).toBeNull();
    expect(() => parseSearch('search:0')).toThrow(/rollouts from 1 to 64/);
  });

  test("4.2 the engine offers a look-ahead before each of the side's player turns, and the look-ahead leaves the game untouched", () => {
    const { scenario, options } = boqueron();
    const seed = streamSeed('s', 0, 'game');
    const plain = playGame(
      scenario,
      options,
      [createPolicy('balanced', `${seed}:PAR`, scenario), createPolicy('balanced', `${seed}:BOL`, scenario)],
      seed,
      { log: true },
    );
    const inner = createPolicy('balanced', `${seed}:PAR`, scenario);
    let offered = 0;
    const looking: Policy = {
      name: 'looking',
      decide: (d, v) => inner.decide(d, v),
      startTurn(view: GameView, side, la: Lookahead) {
        offered++;
        expect(side).toBe(PAR);
        const vp = view.vp_s.slice(),
          loc = view.loc_u.slice(),
          turn = view.turn;
        const after = la.simulate([createPolicy('aggressive', 'x', scenario), createPolicy('aggressive', 'y', scenario)], `look${offered}`);
        expect(after).not.toBe(view);
        expect(view.vp_s).toEqual(vp);
        expect(view.loc_u).toEqual(loc);
        expect(view.turn).toBe(turn);
        // 4.2, 16.3: further game turns on request, and to the end of the game, where the copy is decided.
        const two = la.simulate([createPolicy('balanced', 'x', scenario), createPolicy('balanced', 'y', scenario)], `two${offered}`, 2);
        if (!two.ended) expect(two.turn).toBe(turn + 1);
        const end = la.simulate(
          [createPolicy('balanced', 'x', scenario), createPolicy('balanced', 'y', scenario)],
          `end${offered}`,
          Infinity,
        );
        expect(end.ended).not.toBeNull();
        expect(end.turn).toBeLessThan(scenario.turns);
        expect(view.ended).toBeNull();
        expect(view.vp_s).toEqual(vp);
      },
    };
    const r = playGame(scenario, options, [looking, createPolicy('balanced', `${seed}:BOL`, scenario)], seed, { log: true });
    expect(offered).toBe(r.endTurn);
    // Looking ahead changed nothing in the game: the same events as without it.
    expect(r.events).toEqual(plain.events);
  });

  test('16.3 a decided game outweighs a VP lead in the score, and its margin counts', () => {
    const r = { vp_s: new Int32Array([30, 10]), stepsLost_s: new Uint32Array([0, 0]), ended: null } as unknown as GameView;
    expect(scorePosition(r, PAR)).toBe(20);
    const won = { ...r, ended: { winner: 0, how: 'scenario_end', turn: 5 } } as unknown as GameView;
    expect(scorePosition(won, PAR)).toBe(WIN_SCORE + 20);
    expect(scorePosition({ ...r, ended: { winner: 1, how: 'sudden_death', turn: 2 } } as unknown as GameView, 1)).toBe(WIN_SCORE - 20);
    expect(scorePosition(won, PAR)).toBeGreaterThan(
      scorePosition({ ...r, vp_s: new Int32Array([10 + WIN_SCORE, 10]) } as unknown as GameView, PAR),
    );
  });

  test("4.2 the search keeps its plan (the tuned one first) unless another plan's look-ahead is clearly better, and tries variants of it", () => {
    // A fake tuned plan whose players are named by the parameters laid over it, so the look-ahead sees which plan plays.
    const tuned: SearchCandidate = {
      name: 'tuned',
      make: (_seed, params) => ({
        name: params ? `tuned ${JSON.stringify(params)}` : 'tuned',
        decide: () => {
          throw new Error('not asked');
        },
      }),
    };
    const bold = `tuned ${JSON.stringify(VARIANTS.bold)}`;
    // What each plan leads to: a VP lead, or a won game for the winner.
    let lead: Record<string, number> = {},
      wins = '';
    const lookahead: Lookahead = {
      simulate(policies) {
        const name = policies[PAR]!.name;
        return {
          vp_s: new Int32Array([10 + (lead[name] ?? 0), 10]),
          stepsLost_s: new Uint32Array(2),
          ended: name === wins ? { winner: PAR, how: 'scenario_end', turn: 3 } : null,
        } as unknown as GameView;
      },
    };
    const choices: string[] = [];
    const scores: Record<string, number>[] = [];
    const search = searchPolicy({
      seed: 's',
      rollouts: 2,
      tunedFor: () => tuned,
      onChoice: (c, s) => {
        choices.push(c);
        scores.push({ ...s });
      },
    });
    const view = {} as GameView; // the fake look-ahead never reads it
    lead = { balanced: 20 }; // better, not clearly: the tuned plan stays
    search.startTurn!(view, PAR, lookahead);
    wins = bold; // a won game: clearly better
    search.startTurn!(view, PAR, lookahead);
    wins = '';
    lead = { cautious: 50 }; // all the same but a little: the new plan stays
    search.startTurn!(view, PAR, lookahead);
    expect(choices).toEqual(['tuned', 'tuned/bold', 'tuned/bold']);
    expect(Object.keys(scores[0]!)).toEqual([
      'cautious',
      'balanced',
      'aggressive',
      'tuned',
      'tuned/bold',
      'tuned/careful',
      'tuned/dug',
      'tuned/open',
    ]);
    expect(scores[0]).toMatchObject({ balanced: 20, tuned: 0, 'tuned/bold': 0 });
    expect(scores[1]).toMatchObject({ 'tuned/bold': WIN_SCORE, tuned: 0 });
    // Its counts: three player turns searched, eight plans with two rollouts each.
    expect(search.stats).toMatchObject({ turns: 3, rollouts: 48, illegal: 0 });
  });

  test('the search counts its rollouts and the game turns they reach (bench/search.mjs: rollouts per second)', () => {
    const { scenario, options } = boqueron();
    const search = searchPolicy({ seed: 'b', rollouts: 1, horizon: 2 });
    const r = playGame(scenario, options, [createPolicy('balanced', 'p', scenario), search], 'g');
    expect(search.stats.turns).toBe(r.endTurn);
    expect(search.stats.rollouts).toBe(search.stats.turns * 7); // the presets and the balanced base's four variants
    // Each rollout plays the rest of its game turn and one more (horizon 2), but past the game's last turn.
    expect(search.stats.gameTurns).toBeGreaterThanOrEqual(search.stats.rollouts);
    expect(search.stats.gameTurns).toBeLessThanOrEqual(2 * search.stats.rollouts);
  });

  test('I-41 the search policy is deterministic by seed', () => {
    const { scenario, options } = boqueron();
    const play = () =>
      playGame(scenario, options, [createPolicy('balanced', 'p', scenario), searchPolicy({ seed: 'b', rollouts: 1 })], 'g').margin;
    expect(play()).toBe(play());
  });
});
