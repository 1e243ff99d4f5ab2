// The search's single-decision alternatives (`search:N:decisions`): one decision of the coming game turn answered
// with the heuristic's next choice (heuristic-alt.ts): the target of its i-th attack spared for the turn (12.1), the
// i-th stack it moves held (10), its call-up answer reversed (9.5). Boquerón, balanced against balanced.
import { describe, expect, test } from 'vitest';
import type { GameView, Lookahead, Policy } from '../../src/core/decisions.js';
import { streamSeed } from '../../src/core/dice.js';
import type { GameEvent } from '../../src/core/events.js';
import { playGame } from '../../src/core/play.js';
import { PAR, type Side } from '../../src/core/side.js';
import { noDecisions, type DecisionAlt } from '../../src/policy/heuristic-alt.js';
import { heuristicPolicy, type TurnDeviation } from '../../src/policy/heuristic.js';
import { createPolicy } from '../../src/policy/index.js';
import {
  DEVIATION_MARGIN,
  MAX_ALTERNATIVES,
  decisionAlternatives,
  parseSearch,
  searchName,
  searchPolicy,
} from '../../src/policy/search.js';
import { prepareRun } from '../../src/sim/spec.js';
import { randomSpec } from '../helpers/spec.js';
import { fakeTuned } from '../helpers/search-fakes.js';

const { scenario, options } = prepareRun(randomSpec('s'));

/** Game g's events, Paraguay balanced with deviation `dev`, Bolivia balanced. */
function game(g: number, dev?: TurnDeviation): GameEvent[] {
  const seed = streamSeed('s', g, 'game');
  const par = heuristicPolicy({ preset: 'balanced', seed: `${seed}:PAR`, ...(dev ? { deviation: dev } : {}) });
  return [...playGame(scenario, options, [par, createPolicy('balanced', `${seed}:BOL`, scenario)], seed, { log: true }).events!];
}
const turnStart = (events: readonly GameEvent[], turn: number) => events.findIndex((e) => e.type === 'turn' && e.turn === turn);
/** The events of game turn `turn` alone. */
function turnOf(events: readonly GameEvent[], turn: number): GameEvent[] {
  const next = turnStart(events, turn + 1);
  return events.slice(turnStart(events, turn), next < 0 ? events.length : next);
}
const before = (events: readonly GameEvent[], turn: number) => events.slice(0, turnStart(events, turn));
const parAttacks = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'combat' && e.side === PAR);
const parStackMoves = (events: readonly GameEvent[]) =>
  events.filter((e) => e.type === 'move' && e.side === PAR && e.phase === 'movement' && e.units.length > 0);
const parCallUps = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'roll' && e.kind === 'callUp' && e.side === PAR);

/** The first (game, turn) whose plain play holds a decision of the kind, with the plain game's events. */
function firstWith(kind: 'attack' | 'hold' | 'callUp'): { g: number; turn: number; plain: GameEvent[] } {
  for (let g = 0; g < 40; g++) {
    for (let turn = 0; turn < 6; turn++) {
      const seen = noDecisions();
      const probed = game(g, { turn, params: null, seen });
      if (seen[kind] > 0) return { g, turn, plain: probed };
    }
  }
  throw new Error(`no ${kind} decision in 40 games`);
}
const alt = (turn: number, a: DecisionAlt): TurnDeviation => ({ turn, params: null, alt: a });

describe("the search's single-decision alternatives (search:N:decisions)", () => {
  test(':decisions after any search form names it (with the one-turn deviations), and the name reads back', () => {
    expect(parseSearch('search:decisions')).toEqual({ rollouts: 4, opponents: 'balanced', turn: true, decisions: true });
    expect(parseSearch('search:2:pool:decisions')).toEqual({ rollouts: 2, opponents: 'pool', turn: true, decisions: true });
    expect(searchName(2, 'balanced', true, true)).toBe('search:2:decisions');
    expect(parseSearch(searchName(8, 'pool', true, true))).toEqual({ rollouts: 8, opponents: 'pool', turn: true, decisions: true });
    expect(() => parseSearch('search:decisions:2')).toThrow(/:decisions/);
  });

  test('counting a turn’s decisions changes none of them, and the alternatives follow the counts', () => {
    const { g, turn, plain } = firstWith('hold');
    expect(plain).toEqual(game(g));
    expect(decisionAlternatives({ attack: 5, hold: 1, callUp: 1 }).map(([n]) => n)).toEqual([
      ...Array.from({ length: MAX_ALTERNATIVES }, (_, i) => `attack${i + 1}`),
      'hold1',
      'callUp',
    ]);
    expect(decisionAlternatives(noDecisions())).toEqual([]);
    // An alternative for a decision the turn never reaches changes nothing.
    expect(game(g, alt(turn, { kind: 'attack', index: 99 }))).toEqual(plain);
  });

  test('12.1 the first attack’s target is spared for the rest of its turn; the game before the turn is the same', () => {
    const { g, turn, plain } = firstWith('attack');
    const target = (parAttacks(turnOf(plain, turn))[0] as Extract<GameEvent, { type: 'combat' }>).hexes[0]!;
    const spared = game(g, alt(turn, { kind: 'attack', index: 0 }));
    expect(before(spared, turn)).toEqual(before(plain, turn));
    const attacked = parAttacks(turnOf(spared, turn)).flatMap((e) => (e as Extract<GameEvent, { type: 'combat' }>).hexes);
    expect(attacked).not.toContain(target);
  });

  test('10 the first stack the heuristic moves is held: that move is not made in the turn', () => {
    const { g, turn, plain } = firstWith('hold');
    const first = parStackMoves(turnOf(plain, turn))[0] as Extract<GameEvent, { type: 'move' }>;
    const held = game(g, alt(turn, { kind: 'hold', index: 0 }));
    expect(before(held, turn)).toEqual(before(plain, turn));
    const moves = parStackMoves(turnOf(held, turn)) as Extract<GameEvent, { type: 'move' }>[];
    expect(moves.some((m) => m.units.join() === first.units.join() && m.path.join() === first.path.join())).toBe(false);
  });

  test('9.5 the call-up answer is reversed for its turn alone', () => {
    const { g, turn, plain } = firstWith('callUp');
    const reversed = game(g, alt(turn, { kind: 'callUp', index: 0 }));
    expect(before(reversed, turn)).toEqual(before(plain, turn));
    const plainCalls = parCallUps(turnOf(plain, turn)).length;
    expect(parCallUps(turnOf(reversed, turn)).length).not.toBe(plainCalls);
  });

  test('4.2 the search takes an alternative its look-ahead finds better than the plan played straight by more than the margin, on its rollouts and on others', () => {
    // A fake plan: its look-ahead "plays" a probed player by writing counts, and scores each player by the alternative it carries.
    const made: TurnDeviation[] = [];
    const tuned = fakeTuned(made);
    const lead: Record<string, number> = { hold2: DEVIATION_MARGIN + 3, attack1: DEVIATION_MARGIN + 1 };
    // The rollouts that confirm a choice (other dice) see `confirmed` instead of `lead`.
    const confirmed: Record<string, number> = { hold2: DEVIATION_MARGIN + 3 };
    const lookahead: Lookahead = {
      simulate(policies, dice) {
        const own = policies[PAR] as Policy & { deviation?: TurnDeviation };
        if (own.deviation?.seen) Object.assign(own.deviation.seen, { attack: 1, hold: 2, callUp: 0 });
        const gain = (dice.includes(':confirm') ? confirmed : lead)[own.name] ?? 0;
        return { vp_s: new Int32Array([10 + gain, 10]), stepsLost_s: new Uint32Array(2), ended: null } as unknown as GameView;
      },
    };
    const choices: string[] = [];
    const search = searchPolicy({
      seed: 's',
      rollouts: 2,
      decisions: true, // the one-turn deviations come with it
      tunedFor: () => tuned,
      onChoice: (c) => choices.push(c),
    });
    const side: Side = PAR;
    search.startTurn!({ turn: 2 } as GameView, side, lookahead);
    const inHand = made[0]!; // the player in hand carries the search's holder
    expect(inHand.alt).toEqual({ kind: 'hold', index: 1 });
    expect(inHand.turn).toBe(2);
    expect(choices).toEqual(['tuned+hold2']);
    expect(search.name).toBe('search:2:decisions');
    // Better on the search's rollouts but not on the other dice: played straight.
    confirmed.hold2 = DEVIATION_MARGIN;
    search.startTurn!({ turn: 3 } as GameView, side, lookahead);
    expect(choices[1]).toBe('tuned');
    expect(inHand.alt).toBeNull();
    // attack1 is the best then, and confirmed.
    lead.hold2 = 0;
    confirmed.attack1 = DEVIATION_MARGIN + 1;
    search.startTurn!({ turn: 4 } as GameView, side, lookahead);
    expect(choices[2]).toBe('tuned+attack1');
    expect(inHand.alt).toEqual({ kind: 'attack', index: 0 });
    expect(search.stats.deviations).toBe(2);
  });
});
