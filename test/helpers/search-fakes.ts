// Fakes for the search's tests: a tuned plan whose players are named by what they carry, so a fake look-ahead can score
// each player tried (the plan straight, a variant, a one-turn deviation, a single decision's alternative).
import type { GameView, Lookahead, Policy } from '../../src/core/decisions.js';
import { PAR } from '../../src/core/side.js';
import type { TurnDeviation } from '../../src/policy/heuristic.js';
import type { SearchCandidate } from '../../src/policy/search.js';

/** A player of the fake plan: its name ('tuned', 'variant', 'dev' or the alternative's, e.g. 'hold2') and what it carries. */
export type FakePlayer = Policy & { deviation?: TurnDeviation };

/** The fake tuned plan; `made` collects the deviations handed to its players without parameters (the plan in hand's holder among them). */
export function fakeTuned(made?: TurnDeviation[]): SearchCandidate {
  return {
    name: 'tuned',
    make: (_seed, params, deviation) => {
      if (made && deviation && !params) made.push(deviation);
      const name = params
        ? 'variant'
        : deviation?.alt
          ? `${deviation.alt.kind}${deviation.alt.index + 1}`
          : deviation?.params
            ? 'dev'
            : 'tuned';
      return { name, deviation, decide: () => ({}) as never } as FakePlayer;
    },
  };
}

/**
 * A look-ahead that plays nothing: Paraguay's player (a FakePlayer) ends 10 + lead[its name] VP to Bolivia's 10; one
 * carrying a probe (`seen`) is told the turn held one attack and two moves.
 */
export function fakeLookahead(lead: Record<string, number>): Lookahead {
  return {
    simulate(policies) {
      const own = policies[PAR] as FakePlayer;
      if (own.deviation?.seen) Object.assign(own.deviation.seen, { attack: 1, hold: 2, callUp: 0 });
      return {
        vp_s: new Int32Array([10 + (lead[own.name] ?? 0), 10]),
        stepsLost_s: new Uint32Array(2),
        ended: null,
      } as unknown as GameView;
    },
  };
}
