// The Turn Sequence (4.2) in whole games of the real Boquerón scenario: the phases in order for
// Paraguay then Bolivia, who acts in each (reaction phases are the other side's), the weather (5.0),
// the scenario's length, and determinism by seed (I-41).
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events.js';
import { DEFAULT_OPTIONS, effectiveTurns } from '../../src/core/options.js';
import { playGame, type GameResult } from '../../src/core/play.js';
import { BOL, PAR, type Side } from '../../src/core/side.js';
import { loadScenario } from '../../src/data/load.js';
import { createPolicy } from '../../src/policy/index.js';
import { gameData } from '../helpers/data.js';

const PHASES = [
  'supply',
  'new units',
  'movement',
  'reaction movement',
  'first combat',
  'reaction combat',
  'second combat',
  'construction',
  'political',
];
const TURN_ORDER: [Side, string][] = [
  ...PHASES.map((ph) => [PAR, ph] as [Side, string]),
  ...PHASES.map((ph) => [BOL, ph] as [Side, string]),
];

const boqueron = () => loadScenario('boqueron', gameData());
const play = (policy: string, seed: string): GameResult =>
  playGame(boqueron(), DEFAULT_OPTIONS, [createPolicy(policy, `${seed}:PAR`), createPolicy(policy, `${seed}:BOL`)], seed, { log: true });

/** Seeds whose random games hold combats of all three phases, reactions, a truce and early ends (checked below). */
const SEEDS = ['seq4', 'seq6', 'seq11', 'seq17', 'seq19', 'seq28'];
const games = new Map<string, GameResult>();
const game = (seed: string) => {
  if (!games.has(seed)) games.set(seed, play('random', seed));
  return games.get(seed)!;
};

/** The events of each turn: from its 'turn' event to the next one. */
function byTurn(events: readonly GameEvent[]): GameEvent[][] {
  const out: GameEvent[][] = [];
  for (const e of events) {
    if (e.type === 'turn') out.push([]);
    out.at(-1)?.push(e);
  }
  return out;
}

describe('4.2 the turn sequence', () => {
  test.each(SEEDS)(
    '4.2 seed %s: each turn runs Supply, New Units, Movement, Reaction Movement, First, Reaction and Second Combat, Construction, Political: Paraguay, then Bolivia',
    (seed) => {
      const r = game(seed);
      const turns = byTurn(r.events!);
      expect(turns.length).toBe(r.endTurn);
      turns.forEach((events, t) => {
        const phases = events.filter((e): e is Extract<GameEvent, { type: 'phase' }> => e.type === 'phase').map((e) => [e.side, e.phase]);
        const ended = r.end !== 'scenario_end' && t === turns.length - 1;
        if (ended) expect(phases, `turn ${t}`).toEqual(TURN_ORDER.slice(0, phases.length));
        else expect(phases, `turn ${t}`).toEqual(TURN_ORDER);
      });
      // nothing of a turn's play comes before its 'turn' event, after the set-up
      const first = r.events!.findIndex((e) => e.type === 'turn');
      expect(r.events!.slice(0, first).filter((e) => e.type === 'phase')).toEqual([]);
    },
  );

  test.each(SEEDS)('4.2 seed %s: each phase is played by the side the sequence names (reaction phases by the non-phasing side)', (seed) => {
    const r = game(seed);
    let phasing: Side = PAR,
      phase = '';
    for (const e of r.events!) {
      if (e.type === 'turn') phase = '';
      if (e.type === 'phase') {
        phasing = e.side;
        phase = e.phase;
        continue;
      }
      const other = phasing === PAR ? BOL : PAR;
      if (e.type === 'move') {
        expect(['movement', 'reaction movement'], `a move in the ${phase} phase`).toContain(phase);
        expect([e.side, e.phase]).toEqual(phase === 'movement' ? [phasing, 'movement'] : [other, 'reaction']);
      }
      if (e.type === 'combat') {
        expect(['first combat', 'reaction combat', 'second combat'], `a combat in the ${phase} phase`).toContain(phase);
        const expected = phase === 'reaction combat' ? [other, 'reaction'] : [phasing, phase === 'first combat' ? 'first' : 'second'];
        expect([e.side, e.phase]).toEqual(expected);
      }
      if (e.type === 'supply') expect([phase, e.side]).toEqual(['supply', phasing]);
      if (e.type === 'reinforcement') expect([phase, e.side]).toEqual(['new units', phasing]);
      if (e.type === 'build' && phase !== '') expect([phase, e.side]).toEqual(['construction', phasing]);
    }
  });

  test('4.2 the checks above are not vacuous: these games hold reaction moves, combats of every phase and early ends', () => {
    const events = SEEDS.flatMap((s) => game(s).events!);
    expect(events.filter((e) => e.type === 'move' && e.phase === 'reaction').length).toBeGreaterThan(0);
    const combatPhases = new Set(events.flatMap((e) => (e.type === 'combat' ? [e.phase] : [])));
    expect([...combatPhases].sort()).toEqual(['first', 'reaction', 'second']);
    expect(SEEDS.some((s) => game(s).end !== 'scenario_end')).toBe(true);
    expect(SEEDS.some((s) => game(s).truceTurns > 0)).toBe(true);
  });

  test.each(SEEDS)('4.2 I seed %s: the Weather & Truce Check comes before the player turns', (seed) => {
    const events = game(seed).events!;
    events.forEach((e, i) => {
      const weatherOrTruce = e.type === 'truce' || (e.type === 'roll' && ['5.0', '6.1', '6.4'].includes(e.rule));
      if (!weatherOrTruce) return;
      const next = events.slice(i + 1).find((x) => x.type === 'turn' || x.type === 'phase');
      expect(next?.type, `event ${i} (${JSON.stringify(e)})`).toBe('turn');
    });
  });
});

describe('5.0 weather', () => {
  test.each(SEEDS)('5.0 seed %s: January and February are rainy; September to November dry; December as its roll says', (seed) => {
    const r = game(seed);
    const events = r.events!;
    let rainy = 0;
    events.forEach((e, i) => {
      if (e.type !== 'turn') return;
      const month = (e.month % 12) + 1;
      if (e.rainy) rainy++;
      if (month === 1 || month === 2) expect(e.rainy, `month ${month}`).toBe(true);
      else if (month === 12) {
        const roll = events
          .slice(0, i)
          .reverse()
          .find((x): x is Extract<GameEvent, { type: 'roll' }> => x.type === 'roll' && x.rule === '5.0');
        expect(roll, 'a December weather roll').toBeDefined();
        expect(e.rainy).toBe(roll!.roll <= 3);
      } else expect(e.rainy, `month ${month}`).toBe(false);
    });
    expect(r.rainTurns).toBe(rainy);
    // Boquerón runs September 1932 - February 1933: both rainy months are played unless the game ended early.
    if (r.end === 'scenario_end') expect(rainy).toBeGreaterThanOrEqual(2);
  });
});

describe("16.3 the scenario's length", () => {
  test.each(SEEDS)("16.3 seed %s: the game lasts the scenario's turns unless it ended early", (seed) => {
    const r = game(seed);
    const turns = effectiveTurns(boqueron(), DEFAULT_OPTIONS);
    expect(turns).toBe(6);
    expect(r.turns.length).toBe(r.endTurn);
    const turnEvents = r.events!.filter((e) => e.type === 'turn');
    expect(turnEvents.map((e) => e.type === 'turn' && e.turn)).toEqual(Array.from({ length: r.endTurn }, (_, i) => i));
    if (r.end === 'scenario_end') expect(r.endTurn).toBe(turns);
    else expect(r.endTurn).toBeLessThanOrEqual(turns);
    const end = r.events!.filter((e) => e.type === 'end');
    expect(end).toEqual([{ type: 'end', how: r.end, winner: r.winner === 'PAR' ? PAR : BOL, turn: r.endTurn - 1 }]);
  });

  test('16.3 a passive game plays all six turns', () => {
    const r = play('passive', 'calm');
    expect(r.end === 'scenario_end' || r.end === 'settlement').toBe(true);
    if (r.end === 'scenario_end') expect(r.endTurn).toBe(6);
    expect(byTurn(r.events!)).toHaveLength(r.endTurn);
  });
});

describe('I-41 determinism', () => {
  test('I-41 the same seed gives a byte-identical result, events included; another seed does not', () => {
    const a = play('random', 'det');
    const b = play('random', 'det');
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = play('random', 'det2');
    expect(JSON.stringify(c.events)).not.toBe(JSON.stringify(a.events));
  });
});
