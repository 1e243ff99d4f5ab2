// The search policy: look-ahead through the engine (play.ts Lookahead), common dice for every candidate.
import { describe, expect, test } from 'vitest';
import type { GameView, Lookahead, Policy } from '../../src/core/decisions.js';
import { streamSeed } from '../../src/core/dice.js';
import { playGame } from '../../src/core/play.js';
import { PAR } from '../../src/core/side.js';
import { createPolicy } from '../../src/policy/index.js';
import { parseSearch, scorePosition, searchPolicy } from '../../src/policy/search.js';
import { DEFAULT_DATA_DIR } from '../../src/data/load.js';
import { prepareRun } from '../../src/sim/spec.js';

const boqueron = () => prepareRun({ scenario: 'boqueron', dataDir: DEFAULT_DATA_DIR, options: [], par: 'balanced', bol: 'balanced', handicap: [0, 0], seed: 's', check: false });

describe('the search policy', () => {
  test('search and search:<rollouts> name it; other rollouts are refused', () => {
    expect(parseSearch('search')).toBe(2);
    expect(parseSearch('search:5')).toBe(5);
    expect(parseSearch('balanced')).toBeNull();
    expect(() => parseSearch('search:0')).toThrow(/rollouts from 1 to 64/);
  });

  test('4.2 the engine offers a look-ahead before each of the side\'s player turns, and the look-ahead leaves the game untouched', () => {
    const { scenario, options } = boqueron();
    const seed = streamSeed('s', 0, 'game');
    const plain = playGame(scenario, options, [createPolicy('balanced', `${seed}:PAR`, scenario), createPolicy('balanced', `${seed}:BOL`, scenario)], seed, { log: true });
    const inner = createPolicy('balanced', `${seed}:PAR`, scenario);
    let offered = 0;
    const looking: Policy = {
      name: 'looking', decide: (d, v) => inner.decide(d, v),
      startTurn(view: GameView, side, la: Lookahead) {
        offered++;
        expect(side).toBe(PAR);
        const vp = view.vp_s.slice(), loc = view.loc_u.slice(), turn = view.turn;
        const after = la.simulate([createPolicy('aggressive', 'x', scenario), createPolicy('aggressive', 'y', scenario)], `look${offered}`);
        expect(after).not.toBe(view);
        expect(view.vp_s).toEqual(vp);
        expect(view.loc_u).toEqual(loc);
        expect(view.turn).toBe(turn);
      },
    };
    const r = playGame(scenario, options, [looking, createPolicy('balanced', `${seed}:BOL`, scenario)], seed, { log: true });
    expect(offered).toBe(r.endTurn);
    // Looking ahead changed nothing in the game: the same events as without it.
    expect(r.events).toEqual(plain.events);
  });

  test('a decided game outweighs any VP lead in the score', () => {
    const r = { vp_s: new Int32Array([30, 10]), stepsLost_s: new Uint32Array([0, 0]), ended: null } as unknown as GameView;
    expect(scorePosition(r, PAR)).toBe(20);
    expect(scorePosition({ ...r, ended: { winner: 1, how: 'sudden_death', turn: 2 } } as unknown as GameView, PAR)).toBe(-1000);
  });

  test('4.2 before each player turn the search plays the candidate whose look-ahead scores best, and changes when another scores better', () => {
    // A look-ahead where one plan is clearly better: the VP lead it leads to is set by the preset playing the side.
    let favourite = 'cautious';
    const lookahead: Lookahead = {
      simulate(policies) {
        return { vp_s: new Int32Array([policies[PAR]!.name === favourite ? 30 : 10, 10]), stepsLost_s: new Uint32Array(2), ended: null } as unknown as GameView;
      },
    };
    const choices: string[] = [];
    const scores: Record<string, number>[] = [];
    const search = searchPolicy({ seed: 's', rollouts: 2, onChoice: (c, s) => { choices.push(c); scores.push({ ...s }); } });
    const view = {} as GameView; // the fake look-ahead never reads it
    search.startTurn!(view, PAR, lookahead);
    favourite = 'aggressive';
    search.startTurn!(view, PAR, lookahead);
    favourite = 'none';
    search.startTurn!(view, PAR, lookahead);
    // Ties keep the first candidate scored (cautious, in preset order); a clearly better plan always wins.
    expect(choices).toEqual(['cautious', 'aggressive', 'cautious']);
    expect(scores[0]).toEqual({ cautious: 20, balanced: 0, aggressive: 0 });
    expect(scores[1]).toEqual({ cautious: 0, balanced: 0, aggressive: 20 });
  });

  test('I-41 the search policy is deterministic by seed', () => {
    const { scenario, options } = boqueron();
    const play = () => playGame(scenario, options, [createPolicy('balanced', 'p', scenario), searchPolicy({ seed: 'b', rollouts: 1 })], 'g').margin;
    expect(play()).toBe(play());
  });
});
