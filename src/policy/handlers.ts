// A policy's answers as one function per decision kind. Each function gets its kind's decision and must
// return its kind's answer, so a wrong answer, or a kind left out, fails to compile (a switch over the
// kinds with its result cast to Answers[kind] lets both through).
import type { Answers, Decision, DecisionKind, DecisionOf } from '../core/decisions.js';
import type { GameState } from '../core/state.js';

/** The answer to each decision kind, from the decision, the game and the policy's own context `C`. */
export type Handlers<C = void> = {
  readonly [K in DecisionKind]: (d: DecisionOf<K>, view: GameState, context: C) => Answers[K];
};

/** The handler of `d`'s kind in `handlers`, if there is one. */
export function handlerFor<D extends Decision, C>(
  handlers: Partial<Handlers<C>>,
  d: D,
): ((d: D, view: GameState, context: C) => Answers[D['kind']]) | undefined {
  // The one cast: TypeScript does not narrow a generic D by its kind, but Handlers ties each kind's
  // handler to that kind's decision and answer.
  return handlers[d.kind as D['kind']] as ((d: D, view: GameState, context: C) => Answers[D['kind']]) | undefined;
}

/** The answer of the handler of `d`'s kind. */
export function dispatch<D extends Decision, C>(handlers: Handlers<C>, d: D, view: GameState, context: C): Answers[D['kind']] {
  return handlerFor(handlers, d)!(d, view, context);
}
