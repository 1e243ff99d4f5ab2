// The decisions the rules leave to a player: typed requests the engine sends to a side's policy.
// Every answer is checked by the engine; an illegal one is an IllegalDecision naming the game seed.
import type { Side } from './side.js';
import type { GameState } from './state.js';

/**
 * The game as a policy sees it: read-only. Its fields are readonly here; its typed arrays cannot be at
 * run time, so user modules get it behind a guard that refuses every write, naming the policy and the
 * field (policy/read-only-view.ts); --check compares the built-in policies' view before and after
 * each decision (policy/view-check.ts).
 */
export type GameView = Readonly<GameState>;

export type Decision =
  /** I-40: where each piece of a set-up group goes, among the group's hexes. */
  | {
      readonly kind: 'setupGroup';
      readonly side: Side;
      readonly group: number;
      readonly pieces: readonly SetupPiece[];
      readonly hexes: readonly number[];
    }
  /** 17.x: where the side's set-up entrenchment markers go (friendly-occupied hexes). */
  | { readonly kind: 'setupEntrenchments'; readonly side: Side; readonly count: number; readonly hexes: readonly number[] }
  /** 6.2, I-6: refuse the truce for 10 VP? */
  | { readonly kind: 'refuseTruce'; readonly side: Side }
  /** 9.5: how many call-ups to declare now, 0 to `max` (callUpsAllowed: Paraguay's two a game; Bolivia up to the one that ends the game, 16.4). */
  | { readonly kind: 'callUps'; readonly side: Side; readonly max: number }
  /** 9.3, I-37: which eligible reduced units receive a replacement point. */
  | { readonly kind: 'replacements'; readonly side: Side; readonly points: number; readonly eligible: readonly number[] }
  /** 9.4, 9.6, 8.5: a hex for a reinforcement, a new truck, or a returning GHQ. */
  | {
      readonly kind: 'placePiece';
      readonly side: Side;
      readonly piece: 'unit' | 'truck' | 'ghq' | 'leader';
      readonly id: number;
      readonly hexes: readonly number[];
    }
  /** 8.5: remove a GHQ that cannot trace an LOC? */
  | { readonly kind: 'removeGhq'; readonly side: Side }
  /** 8.8, I-16: depots (up to four) among the candidate settlements. */
  | { readonly kind: 'depots'; readonly side: Side; readonly candidates: readonly number[]; readonly max: number }
  /** 8.11: attach trucks at hexes projecting a radius. */
  | { readonly kind: 'attachTrucks'; readonly side: Side; readonly trucks: readonly number[]; readonly hexes: readonly number[] }
  /** 8.14, I-23: a hex for each new CSP (unplaced CSP are lost). */
  | { readonly kind: 'placeCsp'; readonly side: Side; readonly count: number; readonly hexes: readonly number[] }
  /** 8.13: Bolivian air supply for one unit rolling attrition this turn (-1: none). */
  | { readonly kind: 'airSupply'; readonly side: Side; readonly units: readonly number[] }
  /** 10, 10.10: the next move of the phase, or none to end it; `movable` lists the pieces that have not moved. */
  | { readonly kind: 'move'; readonly side: Side; readonly reaction: boolean; readonly movable: Movable }
  /**
   * 12.1: the next attack of the phase, or none to end it; `attacked_u` / `defended_h` mark what this
   * phase has used (12.2), `displaced_u` the units that retreated this phase and defend no more (12.10).
   */
  | {
      readonly kind: 'attack';
      readonly side: Side;
      readonly phase: 'first' | 'reaction' | 'second';
      readonly attacked_u: Uint8Array;
      readonly defended_h: Uint8Array;
      readonly displaced_u: Uint8Array;
    }
  /** 13.2 (option artilleryBarrage): the next barrage of the phase, or none. */
  | {
      readonly kind: 'barrage';
      readonly side: Side;
      readonly phase: 'first' | 'reaction' | 'second';
      readonly barraged_u: Uint8Array;
      readonly barraged_hs: Uint8Array;
    }
  /** 13.2: which units lose a barrage's steps (an elimination loses all the unit's steps). */
  | { readonly kind: 'stepLosses'; readonly side: Side; readonly units: readonly number[]; readonly steps: number }
  /** 12.12, 13.3 (I-22): the defender's combat supply (CSP from any of `cspHexes`, each serving the defenders within its reach) and air marker for a declared attack. */
  | {
      readonly kind: 'defend';
      readonly side: Side;
      readonly attackers: readonly number[];
      readonly hexes: readonly number[];
      readonly cspHexes: readonly number[];
      readonly air: boolean;
    }
  /**
   * 11.1, I-46: which `count` of `units` (the side's units in the over-stacked hex, listed in the engine's
   * order of removal) go to the dead pile. Answer their indices, or null to let the engine remove the
   * first `count` of the list.
   */
  | { readonly kind: 'overstack'; readonly side: Side; readonly hex: number; readonly units: readonly number[]; readonly count: number }
  /** 12.6, I-29: which units take a percentage loss. */
  | {
      readonly kind: 'losses';
      readonly side: Side;
      readonly units: readonly number[];
      readonly required: number;
      readonly attacking: boolean;
    }
  /** 12.8, I-31: a retreat hex among the legal ones. */
  | { readonly kind: 'retreat'; readonly side: Side; readonly unit: number; readonly hexes: readonly number[] }
  /** 12.11, I-33: which units advance into which vacated hexes; the leaders of the attacking hexes may go with them. */
  | {
      readonly kind: 'advance';
      readonly side: Side;
      readonly units: readonly number[];
      readonly hexes: readonly number[];
      readonly leaders: readonly number[];
    }
  /** 14.2: what each engineer starts building. */
  | { readonly kind: 'build'; readonly side: Side; readonly engineers: readonly number[] }
  /** 14.5, I-38: allow the enemy to maintain a trail in our ZOC? */
  | { readonly kind: 'trailPermission'; readonly side: Side; readonly hex: number }
  /** 15.3 result 3: the new subordinate, chosen from the Available Leaders box. */
  | { readonly kind: 'chooseLeader'; readonly side: Side; readonly leaders: readonly number[] }
  /** 15.3-15.5: a political action, or none. */
  | { readonly kind: 'political'; readonly side: Side; readonly forced: boolean };

export interface Movable {
  readonly units: readonly number[];
  readonly leaders: readonly number[];
  /** Trucks with MP left (10.11: a truck may move several times until its MF is spent). */
  readonly trucks: readonly number[];
  /** Sixths of an MP each of `trucks` has left this phase. */
  readonly truckLeft: readonly number[];
  readonly ghq: boolean;
}

export interface SetupPiece {
  readonly type: 'unit' | 'leader' | 'ghq' | 'truck' | 'csp';
  /** Unit or leader index; -1 for GHQ, trucks and CSP. */
  readonly id: number;
}

/**
 * A move: pieces starting together in one place (11.4) along a path of movement nodes (the start
 * first; see movement-graph.ts: hexes, clearing hexsides, off-map boxes, the exit). Trucks move alone
 * (unattached, 8.11); `ghq` moves the side's GHQ; `csp` moves that many supply points (2.20).
 */
export interface MoveOrder {
  readonly units: readonly number[];
  readonly leaders: readonly number[];
  readonly trucks?: readonly number[];
  readonly ghq?: boolean;
  readonly csp?: number;
  readonly path: readonly number[];
  /**
   * 10.11: truck transport. The truck starts at path[0], drives to path[pickup], spends 2 MP to load
   * the order's units, leaders, GHQ and CSP there (one combat unit or two CSP, any leaders and GHQ),
   * and carries them to the end of the path, where they are dropped. `trucks` must then be empty.
   */
  readonly transport?: { readonly truck: number; readonly pickup: number };
  /** 14.6: destroy the wells in the hexes this move enters. */
  readonly destroyWells?: boolean;
}

/** An attack (12.2, 12.3): units, defending hexes, leaders named from adjacent hexes, CSP hexes spent, air. */
export interface AttackOrder {
  readonly attackers: readonly number[];
  readonly hexes: readonly number[];
  readonly leaders: readonly number[];
  readonly cspHexes: readonly number[];
  readonly air: boolean;
  readonly barrage?: boolean;
}

/** A barrage (13.2): artillery units, the enemy hex, named adjacent leaders, and one CSP hex per artillery unit. */
export interface BarrageOrder {
  readonly artillery: readonly number[];
  readonly hex: number;
  readonly leaders: readonly number[];
  readonly cspHexes: readonly number[];
}

export interface BuildOrder {
  readonly engineer: number;
  /** BUILD_* of state.ts. */
  readonly what: number;
}

export type PoliticalAction =
  | { readonly action: 'none' }
  | { readonly action: 'replaceCommander'; readonly modifier: number; readonly supporters: readonly number[] }
  | { readonly action: 'replaceSubordinate'; readonly leader: number; readonly modifier: number };

/** The answer type for each decision kind. */
export interface Answers {
  setupGroup: readonly number[]; // a hex per piece
  setupEntrenchments: readonly number[];
  refuseTruce: boolean;
  callUps: number;
  replacements: readonly number[];
  placePiece: number; // a hex, or -1 to decline where allowed
  removeGhq: boolean;
  depots: readonly number[];
  attachTrucks: readonly { readonly truck: number; readonly hex: number }[];
  placeCsp: readonly number[];
  airSupply: number;
  move: MoveOrder | null;
  attack: AttackOrder | null;
  barrage: BarrageOrder | null;
  stepLosses: readonly { readonly unit: number; readonly eliminate: boolean }[];
  /** 12.12 (I-22): one CSP spent from each hex listed (among the decision's `cspHexes`), none for []. The older single-hex form `{ cspHex }` (-1: none) is still accepted from policy modules. */
  defend: { readonly cspHexes: readonly number[]; readonly air: boolean };
  losses: readonly { readonly unit: number; readonly eliminate: boolean }[];
  /** The units removed; null (or no answer) for the engine's order (I-46). */
  overstack: readonly number[] | null;
  retreat: number;
  /** Combat units by `unit`; a leader by `leader` (then `unit` is -1). */
  advance: readonly { readonly unit: number; readonly hex: number; readonly leader?: number }[];
  build: readonly BuildOrder[];
  trailPermission: boolean;
  chooseLeader: number;
  political: PoliticalAction;
}

/** The kinds of decision. */
export type DecisionKind = Decision['kind'];
/** The decision of one kind. */
export type DecisionOf<K extends DecisionKind> = Extract<Decision, { readonly kind: K }>;

/** A policy answers every decision of one side. Policies keep their own seeded stream (dice.ts). */
export interface Policy {
  readonly name: string;
  decide<D extends Decision>(decision: D, view: GameView): Answers[D['kind']];
  /** Called before each of the side's player turns (4.2) by policies that look ahead (search.ts); optional. */
  startTurn?(view: GameView, side: Side, lookahead: Lookahead): void;
}

/** Look-ahead the engine offers a policy at the start of its player turn: play on a copy, never on the game. */
export interface Lookahead {
  /**
   * Plays the rest of this game turn (this player turn, then Bolivia's if Paraguay moves first, and
   * the truce settlement check) on a copy of the game with `policies` and dice seeded by `diceSeed`,
   * then `turns - 1` more game turns (default 1: this one only; Infinity: to the end of the game,
   * where the copy's `ended` says who won); returns the copy's state. The game itself is untouched.
   * The policies are offered no look-ahead of their own.
   */
  simulate(policies: readonly [Policy, Policy], diceSeed: string, turns?: number): GameView;
}

/** An answer the rules do not allow: the game stops with the scenario, seed and decision. */
export class IllegalDecision extends Error {
  constructor(
    readonly decision: Decision,
    readonly reason: string,
    readonly where: string,
  ) {
    super(`illegal ${decision.kind} decision for ${decision.side === 0 ? 'PAR' : 'BOL'} (${where}): ${reason}`);
    this.name = 'IllegalDecision';
  }
}
