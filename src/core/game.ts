// A game in progress: the state with its dice, its observer and the two policies (I-41).
import type { Answers, Decision, Policy } from './decisions.js';
import type { Dice } from './dice.js';
import type { GameObserver } from './events.js';
import type { Side } from './side.js';
import type { GameState } from './state.js';

export interface Game {
  readonly state: GameState;
  readonly dice: Dice;
  /** Told every event (src/core/events.ts); null: nobody listens and no event is built. */
  readonly observer: GameObserver | null;
  /** Indexed by side (PAR 0, BOL 1). */
  readonly policies: readonly [Policy, Policy];
  /** "scenario boqueron, seed 7:12" — named in every illegal-decision error. */
  readonly where: string;
}

/** Asks the side's policy; the caller checks the answer. */
export function ask<D extends Decision>(game: Game, decision: D): Answers[D['kind']] {
  return game.policies[decision.side as Side].decide(decision, game.state);
}
