// The search policy: before each of its player turns it looks ahead. Its plans are the heuristic with
// each preset's parameters, the scenario's tuned file for the side when there is one (else the
// balanced preset) as the base, and four variants of the base (bolder, more careful, dug in, open).
// Each plan is played from the current position to the end of the game (at most DEFAULT_HORIZON game
// turns) on copies of it (the engine's Lookahead), `rollouts` times with the same dice for every plan
// (common random numbers). The opponent it imagines is the balanced heuristic, or with the `pool`
// opponents (`search:4:pool`) drawn from a pool (`opponentPool`): rollout r plays against pool[r mod
// pool size], the same for every plan (docs/policies.md: the pool gains where balanced is the wrong
// model and loses elsewhere, so it is not the default). The plan in hand (the base at first) is kept unless another's mean score beats it by more
// than `switchMargin`, so noise does not make it change plans turn by turn. Deterministic for its seed.
// `search`, `search:<rollouts>`, `search:<opponents>` or `search:<rollouts>:<opponents>`; with `:turn` it also tries
// one-turn deviations from the plan in hand, with `:decisions` those and single decisions of the turn (heuristic-alt.ts).
import { IllegalDecision, type Answers, type Decision, type GameView, type Lookahead, type Policy } from '../core/decisions.js';
import { otherSide, type Side } from '../core/side.js';
import { heuristicPolicy, type TurnDeviation } from './heuristic.js';
import { noDecisions, type DecisionAlt, type DecisionCounts } from './heuristic-alt.js';
import { PRESET_NAMES, type HeuristicParams } from './heuristic-params.js';

export const DEFAULT_ROLLOUTS = 4;
/**
 * Game turns a rollout plays, this one included: the whole of Boquerón (6 turns) and Villa Montes (5);
 * six turns of the longer scenarios, whose full games would cost a rollout too much.
 */
export const DEFAULT_HORIZON = 6;
/** What a won game scores over its VP margin (a lost one: minus this). */
export const WIN_SCORE = 200;
/** How much better in score another plan must look to replace the one in hand. */
export const DEFAULT_SWITCH_MARGIN = 100;

/** The variants of the base plan the search also tries: parameters laid over the base's. */
export const VARIANTS: Readonly<Record<string, Partial<HeuristicParams>>> = {
  bold: { aggression: 0.9, minOdds: 1, riskTolerance: 1.6 },
  careful: { aggression: 0.2, minOdds: 3, riskTolerance: 0.6 },
  dug: { entrench: true, garrison: 2 },
  open: { entrench: false, garrison: 0 },
};

/**
 * Whom the search's rollouts play against: `balanced` alone (the default) or `pool` (balanced, the
 * opponent's tuned file when the scenario has one, cautious, aggressive; `opponentPool`).
 */
export const SEARCH_OPPONENTS = ['balanced', 'pool'] as const;
export type SearchOpponents = (typeof SEARCH_OPPONENTS)[number];
export const DEFAULT_OPPONENTS: SearchOpponents = 'balanced';

/**
 * The one-turn deviations `search:N:turn` also tries, each laid over the plan in hand for the coming game
 * turn alone, at the decisions that decide games: no call-up (9.5), the GHQ left where it is (8.5), attacks
 * bolder or more careful (14), stacks dug in or left open (8.13, garrisons), reserves marched to the front (15.1).
 */
export const TURN_DEVIATIONS: Readonly<Record<string, Partial<HeuristicParams>>> = {
  noCallUp: { callUpFloor: Number.POSITIVE_INFINITY },
  ghqStays: { moveGhq: false, removeGhq: false },
  ...VARIANTS,
  march: { reserveMarch: 3, supplyLeash: 0 },
};
/** How much better in score a deviation must look than the plan in hand played straight. */
export const DEVIATION_MARGIN = 10;

/**
 * `search:N:decisions`: the single decisions tried besides the one-turn deviations, each the heuristic's next choice at
 * one decision of the coming game turn (heuristic-alt.ts): the target of each of its first MAX_ALTERNATIVES attacks
 * spared, each of the first MAX_ALTERNATIVES stacks it moves held, its call-up answer reversed. Which exist is read
 * from the plan in hand played straight in the turn's first rollout.
 */
export const MAX_ALTERNATIVES = 3;

/** The single-decision alternatives to try, by name (attack1, hold2, callUp), for the decisions a turn made. */
export function decisionAlternatives(seen: DecisionCounts): [string, DecisionAlt][] {
  const out: [string, DecisionAlt][] = [];
  for (const kind of ['attack', 'hold'] as const)
    for (let index = 0; index < Math.min(seen[kind], MAX_ALTERNATIVES); index++) out.push([`${kind}${index + 1}`, { kind, index }]);
  if (seen.callUp > 0) out.push(['callUp', { kind: 'callUp', index: 0 }]);
  return out;
}

/** A search's settings as its name gives them. */
export interface SearchName {
  readonly rollouts: number;
  readonly opponents: SearchOpponents;
  /** Whether it also tries one-turn deviations from its plan (`:turn`). */
  readonly turn?: boolean;
  /** Whether it also tries single-decision alternatives (`:decisions`, with the one-turn deviations). */
  readonly decisions?: boolean;
  /** Whether its plans race (`:race`): a plan that does not lead the plan in hand on the rollouts so far plays no more (racePlans). */
  readonly race?: boolean;
}

const SEARCH_FORMS =
  'search, search:<rollouts from 1 to 64>, search:<opponents> or search:<rollouts>:<opponents>, the opponents balanced or pool (e.g. search:4:pool), each with :race after it for plans that race (search:4:race), then :turn for one-turn deviations (search:4:turn) or :decisions for those and single decisions (search:4:decisions, search:4:race:decisions)';

/**
 * 'search', 'search:4', 'search:pool', 'search:4:pool' → rollouts per plan and turn and the
 * opponents; null when the name is not a search; an error naming the forms when it starts so but is none.
 */
export function parseSearch(name: string): SearchName | null {
  if (name !== 'search' && !name.startsWith('search:')) return null;
  const decisions = name.endsWith(':decisions');
  const turn = decisions || name.endsWith(':turn');
  if (turn) name = name.slice(0, -(decisions ? ':decisions' : ':turn').length);
  const race = name.endsWith(':race');
  if (race) name = name.slice(0, -':race'.length);
  const m = /^search(?::(\d+))?(?::([a-z]+))?$/.exec(name);
  if (!m) throw new Error(`policy "${name}": a search is ${SEARCH_FORMS}`);
  const rollouts = m[1] === undefined ? DEFAULT_ROLLOUTS : Number(m[1]);
  if (!Number.isInteger(rollouts) || rollouts < 1 || rollouts > 64)
    throw new Error(`policy "${name}": rollouts from 1 to 64, e.g. search:4`);
  const opponents = m[2] ?? DEFAULT_OPPONENTS;
  if (!(SEARCH_OPPONENTS as readonly string[]).includes(opponents))
    throw new Error(`policy "${name}": no search opponents "${opponents}" (${SEARCH_OPPONENTS.join(' or ')}, e.g. search:4:pool)`);
  return {
    rollouts,
    opponents: opponents as SearchOpponents,
    ...(race ? { race } : {}),
    ...(turn ? { turn } : {}),
    ...(decisions ? { decisions } : {}),
  };
}

/** The name a search goes by: the shortest of the forms parseSearch reads back to the same settings. */
export function searchName(rollouts: number, opponents: SearchOpponents, turn = false, decisions = false, race = false): string {
  const base = rollouts === DEFAULT_ROLLOUTS ? 'search' : `search:${rollouts}`;
  return (
    (opponents === DEFAULT_OPPONENTS ? base : `${base}:${opponents}`) +
    (race ? ':race' : '') +
    (decisions ? ':decisions' : turn ? ':turn' : '')
  );
}

/**
 * A position's worth to `side`: a decided game ±WIN_SCORE plus the VP margin it was decided by (16.3),
 * else the VP lead with steps lost as a tie-break.
 */
export function scorePosition(view: GameView, side: Side): number {
  const enemy = otherSide(side);
  const lead = view.vp_s[side]! - view.vp_s[enemy]!;
  if (view.ended) return (view.ended.winner === side ? WIN_SCORE : -WIN_SCORE) + lead;
  return lead + 0.5 * (view.stepsLost_s[enemy]! - view.stepsLost_s[side]!);
}

/** A plan the search may play: a name and the heuristic that plays it, seeded, with parameters laid over. */
export interface SearchCandidate {
  readonly name: string;
  readonly make: (seed: string, params?: Partial<HeuristicParams>, deviation?: TurnDeviation) => Policy;
}

const presetCandidate = (name: (typeof PRESET_NAMES)[number]): SearchCandidate => ({
  name,
  make: (seed, params, deviation) =>
    heuristicPolicy({ preset: name, seed, ...(params ? { params } : {}), ...(deviation ? { deviation } : {}) }),
});

/** The plans for a side: the presets, the base (`tuned` or balanced) and its variants; the base is last but the variants. */
export function searchCandidates(tuned: SearchCandidate | null): { plans: SearchCandidate[]; base: SearchCandidate } {
  const plans = PRESET_NAMES.map(presetCandidate);
  const base = tuned ?? plans.find((c) => c.name === 'balanced')!;
  if (tuned) plans.push(tuned);
  for (const [name, delta] of Object.entries(VARIANTS))
    plans.push({ name: `${base.name}/${name}`, make: (seed, params, deviation) => base.make(seed, { ...delta, ...params }, deviation) });
  return { plans, base };
}

/**
 * The opponents the rollouts imagine, rollout r playing pool[r mod pool size]: balanced first, so
 * that search:1 meets the opponent it always met; then the opponent's tuned file (its strongest known
 * single player) when the scenario has one; then cautious and aggressive, the two ends of the presets.
 * `balanced`: balanced alone.
 */
export function opponentPool(opponents: SearchOpponents, tunedOpponent: SearchCandidate | null): SearchCandidate[] {
  const balanced = presetCandidate('balanced');
  if (opponents === 'balanced') return [balanced];
  return [balanced, ...(tunedOpponent ? [tunedOpponent] : []), presetCandidate('cautious'), presetCandidate('aggressive')];
}

/**
 * `:race`: the plans race against the plan in hand, rollout by rollout on the same dice (rollout k of every plan that
 * still runs, after the plan in hand's). A challenger runs on while it leads the plan in hand, its summed score over the
 * rollouts so far above the plan in hand's on the same ones; one that does not plays no more (to replace the plan in hand
 * it must lead by the switch margin a rollout in the end). The plan in hand stops once no challenger runs, unless
 * `keepInHand` (its score is then the straight play the one-turn deviations are measured against, on every rollout).
 * Returns every plan's mean over the rollouts it played, its score on each, and the plans that played them all (the
 * plan in hand among them): only those may be chosen. With `:turn` or `:decisions` the one-turn deviations and single
 * decisions race the same way against the plan in hand's straight play, its scores on the same rollouts. Played out,
 * the rollouts of the challengers that run are those of playOut, so a choice differs only where a challenger that did
 * not lead early would have come back; a turn with no challenger ahead after the first rollout costs one rollout a plan
 * instead of `rollouts`.
 */
export function racePlans<C>(
  plans: readonly C[],
  inHand: C,
  rollouts: number,
  play: (c: C, r: number) => number,
  keepInHand = false,
): { means: Map<C, number>; alive: Set<C>; rolls: Map<C, number[]> } {
  const rolls = new Map<C, number[]>(plans.map((c) => [c, []]));
  let running = plans.filter((c) => c !== inHand);
  const lead = new Map<C, number>(running.map((c) => [c, 0]));
  for (let r = 0; r < rollouts && (r === 0 || running.length > 0 || keepInHand); r++) {
    const own = play(inHand, r);
    rolls.get(inHand)!.push(own);
    for (const c of running) {
      const x = play(c, r);
      rolls.get(c)!.push(x);
      lead.set(c, lead.get(c)! + x - own);
    }
    if (r < rollouts - 1) running = running.filter((c) => lead.get(c)! > 0);
  }
  const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
  const means = new Map<C, number>(plans.map((c) => [c, mean(rolls.get(c)!)]));
  const alive = new Set<C>(plans.filter((c) => rolls.get(c)!.length === rollouts));
  return { means, alive, rolls };
}

/** What a search has done (counts only, no clock in the game: bench/search.mjs divides them by its own, rollouts per second). */
export interface SearchStats {
  /** Player turns searched, rollouts played (a rule broken in one included) and the game turns they reached in all. */
  turns: number;
  rollouts: number;
  gameTurns: number;
  illegal: number;
  /** Player turns played with a one-turn deviation (`:turn`) or a single-decision alternative (`:decisions`). */
  deviations: number;
}

/** One try of the coming game turn: a one-turn deviation (its parameters) or a single decision's alternative. */
interface Try {
  readonly name: string;
  readonly params: Partial<HeuristicParams> | null;
  readonly alt: DecisionAlt | null;
}

/** The position a search looks ahead from: its view, its side, the engine's look-ahead and the player turn's number. */
interface SearchTurn {
  readonly view: GameView;
  readonly side: Side;
  readonly lookahead: Lookahead;
  readonly turn: number;
}

/** The search policy, with its counts. */
export interface SearchPolicy extends Policy {
  readonly stats: Readonly<SearchStats>;
}

export function searchPolicy(opts: {
  seed: string;
  rollouts?: number;
  /** Whom the rollouts play against (DEFAULT_OPPONENTS: balanced alone). */
  opponents?: SearchOpponents;
  /** Also try one-turn deviations from the plan in hand (TURN_DEVIATIONS) before each player turn. */
  turn?: boolean;
  /** Also try single-decision alternatives (decisionAlternatives) before each player turn, with the one-turn deviations. */
  decisions?: boolean;
  /** The plans race (racePlans): one that does not lead the plan in hand on the rollouts so far plays no more of them. */
  race?: boolean;
  horizon?: number;
  switchMargin?: number;
  /**
   * The scenario's tuned plan for a side (policies/tuned/): for its own side the base plan, for the
   * other side one of the opponents of the pool; asked once the side is known.
   */
  tunedFor?: (side: Side) => SearchCandidate | null;
  /** Told, before each player turn, the plan chosen (with `+deviation` when one is taken) and every plan's and deviation's mean score (for replays and tests). */
  onChoice?: (chosen: string, scores: Readonly<Record<string, number>>) => void;
}): SearchPolicy {
  const rollouts = opts.rollouts ?? DEFAULT_ROLLOUTS;
  const stats: SearchStats = { turns: 0, rollouts: 0, gameTurns: 0, illegal: 0, deviations: 0 };
  const horizon = opts.horizon ?? DEFAULT_HORIZON;
  const margin = opts.switchMargin ?? DEFAULT_SWITCH_MARGIN;
  const opponents = opts.opponents ?? DEFAULT_OPPONENTS;
  let plans: SearchCandidate[] = [];
  let pool: SearchCandidate[] = [];
  let chosen: { plan: SearchCandidate; player: Policy } | null = null;
  // The plan in hand's deviation for the coming game turn, read by its player at every decision.
  const deviation: TurnDeviation = { turn: -1, params: null };
  let turns = 0;
  const start = (side: Side) => {
    const c = searchCandidates(opts.tunedFor?.(side) ?? null);
    plans = c.plans;
    pool = opponentPool(opponents, opponents === 'pool' ? (opts.tunedFor?.(otherSide(side)) ?? null) : null);
    chosen = { plan: c.base, player: c.base.make(`${opts.seed}:${c.base.name}`, undefined, deviation) };
    return chosen;
  };
  const decisions = opts.decisions === true;
  const turnWide = opts.turn === true || decisions;
  /** Rollout r of `make`'s player before player turn `at.turn`: its score; the dice and the opponent are rollout r's whoever plays. */
  const rollout = (at: SearchTurn, make: (seed: string, r: number) => Policy, r: number, rolls = ''): number => {
    // Fresh players per rollout (their memories stay out of the game); `rolls` names another set of rollouts' dice.
    const stream = `${opts.seed}:look:${at.turn}${rolls}:${r}`;
    const own = make(`${stream}:own`, r);
    const opponent = pool[r % pool.length]!.make(`${stream}:opponent`);
    // A rollout whose imagined play breaks a rule counts as a heavy loss for that player
    // (it never touches the game: the copy is thrown away).
    stats.rollouts++;
    try {
      const after = at.lookahead.simulate(at.side === 0 ? [own, opponent] : [opponent, own], `${stream}:dice`, horizon);
      stats.gameTurns += after.turn - at.view.turn + 1;
      return scorePosition(after, at.side);
    } catch (err) {
      if (!(err instanceof IllegalDecision)) throw err;
      stats.illegal++;
      return -10 * WIN_SCORE;
    }
  };
  /** The mean score of `make`'s player over the turn's rollouts: the same dice and the same opponent for every player tried. */
  const playOut = (at: SearchTurn, make: (seed: string, r: number) => Policy, rolls = ''): number => {
    let total = 0;
    for (let r = 0; r < rollouts; r++) total += rollout(at, make, r, rolls);
    return total / rollouts;
  };
  return {
    name: searchName(rollouts, opponents, turnWide, decisions, opts.race === true),
    stats,
    decide<D extends Decision>(d: D, view: GameView): Answers[D['kind']] {
      return (chosen ?? start(d.side)).player.decide(d, view);
    },
    startTurn(view: GameView, side: Side, lookahead: Lookahead): void {
      const inHand = chosen ?? start(side);
      const turn = turns++;
      stats.turns++;
      const at: SearchTurn = { view, side, lookahead, turn };
      const scores: Record<string, number> = {};
      let best: SearchCandidate | null = null,
        bestScore = -Infinity;
      // With :decisions, each plan's first rollout counts the decisions it makes in this game turn (answering them as it would).
      const seen = new Map<string, DecisionCounts>();
      const probe = (c: SearchCandidate): TurnDeviation => {
        const d: TurnDeviation = { turn: view.turn, params: null, seen: noDecisions() };
        seen.set(c.name, d.seen!);
        return d;
      };
      const player = (c: SearchCandidate) => (seed: string, r: number) =>
        decisions && r === 0 ? c.make(seed, undefined, probe(c)) : c.make(seed);
      let raceRolls: Map<SearchCandidate, number[]> | null = null;
      if (opts.race === true) {
        const { means, alive, rolls } = racePlans(plans, inHand.plan, rollouts, (c, r) => rollout(at, player(c), r), turnWide);
        for (const c of plans) {
          scores[c.name] = means.get(c)!;
          if (alive.has(c) && scores[c.name]! > bestScore) {
            best = c;
            bestScore = scores[c.name]!;
          }
        }
        raceRolls = rolls;
      } else
        for (const c of plans) {
          scores[c.name] = playOut(at, player(c));
          if (scores[c.name]! > bestScore) {
            best = c;
            bestScore = scores[c.name]!;
          }
        }
      if (best !== null && best !== inHand.plan && bestScore > scores[inHand.plan.name]! + margin) {
        // A new plan: its own player, with its own memory, plays from here.
        chosen = { plan: best, player: best.make(`${opts.seed}:${best.name}:${turn}`, undefined, deviation) };
      }
      deviation.params = null;
      if (decisions) {
        deviation.alt = null;
        deviation.seen = undefined;
        deviation.spared = -1;
      }
      const plan = chosen!.plan;
      let label = plan.name;
      if (turnWide) {
        // The plan in hand with one turn's deviation (parameters laid over) or one decision's alternative.
        const deviant =
          (params: Partial<HeuristicParams> | null, alt: DecisionAlt | null = null) =>
          (seed: string) =>
            plan.make(seed, undefined, { turn: view.turn, params, alt });
        // One-turn deviations from the plan now in hand, on the same rollouts as it played straight.
        let taken: Try | null = null,
          takenScore = scores[plan.name]! + DEVIATION_MARGIN;
        // The deviations, then (:decisions) the plan in hand played straight but for one decision of this turn, on the same rollouts.
        const tries: Try[] = [
          ...Object.entries(TURN_DEVIATIONS).map(([name, params]) => ({ name, params, alt: null })),
          ...(decisions ? decisionAlternatives(seen.get(plan.name) ?? noDecisions()) : []).map(([name, alt]) => ({
            name,
            params: null,
            alt,
          })),
        ];
        // :race: they race against the straight play's rollouts (racePlans), only those that played them all may be taken.
        const straight = raceRolls?.get(plan) ?? null;
        const raced =
          straight === null
            ? null
            : racePlans([null, ...tries], null, rollouts, (t, r) => (t === null ? straight[r]! : rollout(at, deviant(t.params, t.alt), r)));
        for (const t of tries) {
          const key = `${plan.name}+${t.name}`;
          scores[key] = raced === null ? playOut(at, deviant(t.params, t.alt)) : raced.means.get(t)!;
          if ((raced === null || raced.alive.has(t)) && scores[key]! > takenScore) {
            taken = t;
            takenScore = scores[key]!;
          }
        }
        // :decisions: the best of many tries looks better than it is (after a change the dice fall differently, so each
        // try is a fresh draw): it is played again, with the plan straight, on rollouts of other dice, and taken only if
        // it beats the straight play there too.
        if (taken !== null && decisions) {
          const straight = playOut(at, (seed) => plan.make(seed), ':confirm');
          const again = playOut(at, deviant(taken.params, taken.alt), ':confirm');
          scores[`${plan.name}:confirm`] = straight;
          scores[`${plan.name}+${taken.name}:confirm`] = again;
          if (again <= straight + DEVIATION_MARGIN) taken = null;
        }
        if (taken !== null) {
          deviation.turn = view.turn;
          if (taken.alt === null) deviation.params = taken.params;
          else deviation.alt = taken.alt;
          stats.deviations++;
          label = `${plan.name}+${taken.name}`;
        }
      }
      opts.onChoice?.(label, scores);
    },
  };
}
