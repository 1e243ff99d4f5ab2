// Restricted play (Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play", AIIDE
// 2012): a heuristic policy that may not use one of its options. Written after the policy's name,
// `balanced+noAir`, `policies/boqueron-par-historical.json+noCallUps+noLowOdds`. The heuristic gets the
// matching parameters (so it plans without the option), and a wrapper makes sure no answer uses it.
import type { Answers, Decision, Policy } from '../core/decisions.js';
import { WORKS_NONE } from '../core/map.js';
import type { GameState } from '../core/state.js';
import { handlerFor, type Handlers } from './handlers.js';
import { NO_LOGISTICS, type HeuristicParams } from './heuristic-params.js';

export const RESTRICTIONS = {
  /** 12.4: no attack at odds below 2-1. */
  noLowOdds: 'no attack at odds below 2-1 (12.4)',
  /** 9.5: no call-ups. */
  noCallUps: 'no call-ups (9.5)',
  /** 13.3, 8.13: no air marker in attack or defence, no air supply. */
  noAir: 'no air: no air marker in attack or defence (13.3), no air supply (8.13)',
  /** 14.3: a combat unit in an entrenched or fortified hex never moves out of it. */
  holdEntrenchments: 'never leave entrenchments: units in an entrenched or fortified hex stay (14.3)',
  /** 8.5, 8.15, 10.11, 16.2: the heuristic as it was before its logistics (NO_LOGISTICS). */
  noLogistics: 'no logistics: the GHQ, CSP and trucks never move, a cut-off GHQ stays, no garrison is sent (8.5, 8.15, 10.11, 16.2)',
} as const;

export type Restriction = keyof typeof RESTRICTIONS;
export const RESTRICTION_NAMES = Object.keys(RESTRICTIONS) as Restriction[];
/** The restrictions `chaco balance` plays by default (noLogistics is there to compare with the heuristic before its logistics). */
export const DEFAULT_RESTRICTIONS: readonly Restriction[] = ['noLowOdds', 'noCallUps', 'noAir', 'holdEntrenchments'];

/** 'balanced+noAir+noCallUps' → the base policy name and its restrictions (each checked). */
export function parseRestricted(name: string): { base: string; restrictions: Restriction[] } {
  const [base, ...rest] = name.split('+');
  for (const r of rest) {
    if (!(RESTRICTION_NAMES as string[]).includes(r))
      throw new Error(
        `"${r}" is not a restriction (restrictions: ${RESTRICTION_NAMES.join(', ')}; write policy+restriction, e.g. balanced+noAir)`,
      );
  }
  return { base: base!, restrictions: rest as Restriction[] };
}

/** The heuristic's parameters that plan without the restricted options. */
export function restrictedParams(restrictions: readonly Restriction[]): Partial<HeuristicParams> {
  const p: { -readonly [K in keyof HeuristicParams]?: HeuristicParams[K] } = {};
  if (restrictions.includes('noLowOdds')) p.minOddsFloor = 2; // column 2 is 2-1
  if (restrictions.includes('noCallUps')) p.callUpFloor = Number.POSITIVE_INFINITY;
  if (restrictions.includes('noAir')) p.useAir = false;
  // The parameters alone keep the GHQ, CSP and trucks still (no answer needs filtering).
  if (restrictions.includes('noLogistics')) Object.assign(p, NO_LOGISTICS);
  return p;
}

/** A combat unit of the view's side stands in an entrenched or fortified hex. */
function dugIn(view: GameState, u: number): boolean {
  const h = view.loc_u[u]!;
  return h >= 0 && view.works_h[h] !== WORKS_NONE;
}

/** Wraps a policy so that no answer uses a restricted option (the heuristic's parameters already avoid them). */
export function restrictPolicy(inner: Policy, restrictions: readonly Restriction[]): Policy {
  if (restrictions.length === 0) return inner;
  const has = new Set(restrictions);
  // The answers a restriction changes; every other kind goes to the inner policy as it is.
  const restricted: { -readonly [K in keyof Handlers]?: Handlers[K] } = {};
  if (has.has('noCallUps')) restricted.callUps = () => 0;
  if (has.has('noAir')) {
    restricted.airSupply = () => -1;
    restricted.defend = (d, view) => ({ ...inner.decide(d, view), air: false });
    restricted.attack = (d, view) => {
      const a = inner.decide(d, view);
      return a !== null ? { ...a, air: false } : a;
    };
  }
  if (has.has('holdEntrenchments')) {
    // The policy is offered only the units that are not dug in.
    restricted.move = (d, view) =>
      inner.decide({ ...d, movable: { ...d.movable, units: d.movable.units.filter((u) => !dugIn(view, u)) } }, view);
    restricted.advance = (d, view) => inner.decide(d, view).filter((a) => a.unit < 0 || !dugIn(view, a.unit));
  }
  return {
    name: `${inner.name}+${restrictions.join('+')}`,
    decide<D extends Decision>(request: D, view: GameState): Answers[D['kind']] {
      const own = handlerFor(restricted, request);
      return own ? own(request, view, undefined) : inner.decide(request, view);
    },
  };
}
