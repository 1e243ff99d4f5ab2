// A Game over a test position: forced dice, an observer collecting its events, and scripted policies answering by kind.
import type { Answers, Decision, Policy } from '../../src/core/decisions.js';
import { forcedDice } from '../../src/core/dice.js';
import { eventCollector, type EventOf, type GameEvent } from '../../src/core/events.js';
import type { Game } from '../../src/core/game.js';
import type { GameState } from '../../src/core/state.js';

export type Script = { [K in Decision['kind']]?: (d: Extract<Decision, { kind: K }>, view: GameState) => Answers[K] };

/** A policy answering from a script; any decision without an entry fails the test. */
export function scripted(name: string, script: Script): Policy & { asked: Decision[] } {
  const asked: Decision[] = [];
  return {
    name,
    asked,
    decide(d, view) {
      asked.push(d);
      const f = script[d.kind] as ((d: Decision, v: GameState) => unknown) | undefined;
      if (!f) throw new Error(`test policy ${name}: no answer scripted for ${d.kind}`);
      return f(d, view) as never;
    },
  };
}

/** `events`: every event the game emits, in order. */
export function testGame(
  state: GameState,
  rolls: number[],
  par: Policy = scripted('PAR', {}),
  bol: Policy = scripted('BOL', {}),
): Game & { dice: ReturnType<typeof forcedDice>; events: readonly GameEvent[] } {
  const observer = eventCollector();
  return { state, dice: forcedDice(rolls), observer, events: observer.events, policies: [par, bol], where: 'test position' };
}

/**
 * 12.4, 12.5: the game's combat events, each with its odds and result as the chart prints them
 * (`odds` "3-1", "<1-2"; `result` attacker/defender "25/50R", "-/E"), to compare with the rules' examples.
 */
export function printedCombats(g: {
  state: GameState;
  events: readonly GameEvent[];
}): (EventOf<'combat'> & { odds: string; result: string })[] {
  const columns = g.state.tables.crtColumns;
  const crt = (r: { loss: number; retreat: boolean }) => `${r.loss === 0 ? '-' : r.loss === 100 ? 'E' : r.loss}${r.retreat ? 'R' : ''}`;
  return g.events
    .filter((e): e is EventOf<'combat'> => e.type === 'combat')
    .map((e) => ({ ...e, odds: e.belowLowest ? `<${columns[0]}` : columns[e.column]!, result: `${crt(e.attacker)}/${crt(e.defender)}` }));
}
