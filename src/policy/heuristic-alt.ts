// The heuristic's next choice at one decision of a game turn (the search's single-decision alternatives,
// `search:N:decisions`, search.ts): the target of its i-th attack spared for the rest of the turn (12.1), the
// i-th stack it moves held where it stands (10), or its call-up answer reversed (9.5). The deviation that carries
// the alternative also counts the decisions of each kind the player made in its turn, so that the search knows
// which alternatives exist (it reads the counts of its plan played straight).
import type { Answers, AttackOrder, Decision, MoveOrder } from '../core/decisions.js';

/** The kinds of single decision the search may answer otherwise. */
export const ALT_KINDS = ['attack', 'hold', 'callUp'] as const;
export type AltKind = (typeof ALT_KINDS)[number];

/** The index-th decision of its kind in the deviation's game turn (0 first) answered with the heuristic's next choice. */
export interface DecisionAlt {
  readonly kind: AltKind;
  readonly index: number;
}

/** How many decisions of each kind the player made in the deviation's game turn (its counted decisions). */
export type DecisionCounts = Record<AltKind, number>;

export function noDecisions(): DecisionCounts {
  return { attack: 0, hold: 0, callUp: 0 };
}

/** What an alternative needs of the deviation that carries it (heuristic.ts's TurnDeviation). */
export interface AltHolder {
  alt?: DecisionAlt | null;
  seen?: DecisionCounts;
  /** The target hex spared by an attack alternative, for the rest of the turn (-1 or absent: none). */
  spared?: number;
}

/**
 * The answer to `d` with the holder's alternative applied, counting the decisions of its kinds: an attack made (12.1),
 * a move of combat units in a Movement Phase (10; not a Reaction Movement), a call-up offered (9.5, `max` above 0).
 * `ask(spared)` is the heuristic's own answer, with the attacks on hex `spared` left out when it is 0 or more; asking
 * again after a move is answered asks for the phase's next move (the heuristic has put the first behind it).
 */
export function answerWithAlt<D extends Decision>(
  d: D,
  holder: AltHolder,
  ask: (spared: number) => Answers[D['kind']],
): Answers[D['kind']] {
  const seen = (holder.seen ??= noDecisions());
  const alt = holder.alt ?? null;
  const spared = holder.spared ?? -1;
  if (d.kind === 'attack') {
    const order = ask(spared) as AttackOrder | null;
    if (order === null) return order as Answers[D['kind']];
    const i = seen.attack++;
    if (alt?.kind === 'attack' && alt.index === i) {
      // 12.1: this target is spared for the rest of the turn; the heuristic's next best attack instead.
      holder.spared = order.hexes[0]!;
      return ask(holder.spared);
    }
    return order as Answers[D['kind']];
  }
  if (d.kind === 'move' && !d.reaction) {
    const order = ask(spared) as MoveOrder | null;
    if (order === null || order.units.length === 0) return order as Answers[D['kind']];
    const i = seen.hold++;
    if (alt?.kind === 'hold' && alt.index === i) {
      // 10: the stack stays where it stands; the phase's next move instead (the same move again if the heuristic has no other).
      const next = ask(spared) as MoveOrder | null;
      return (next !== null && sameMove(next, order) ? order : next) as Answers[D['kind']];
    }
    return order as Answers[D['kind']];
  }
  if (d.kind === 'callUps' && d.max > 0) {
    const n = ask(spared) as number;
    const i = seen.callUp++;
    if (alt?.kind === 'callUp' && alt.index === i) return (n > 0 ? 0 : 1) as Answers[D['kind']];
    return n as Answers[D['kind']];
  }
  return ask(spared);
}

function sameMove(a: MoveOrder, b: MoveOrder): boolean {
  const same = (x: readonly number[], y: readonly number[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return same(a.units, b.units) && same(a.leaders, b.leaders) && same(a.path, b.path);
}
