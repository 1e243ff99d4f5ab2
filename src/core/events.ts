// The game's events and the observer that receives them: emitted only when one is attached, enough to
// narrate and replay a game. Records hold no English: units, leaders and trucks are counter indices,
// hexes are indices (negative: the places off the map of state.ts), sides 0 (PAR) and 1 (BOL), and a
// `kind` or `cause` says what happened; events of a rule name its section in `rule`. The words are the
// report's (src/report/event-text.ts); src/report/events.schema.json is the JSON form of these types.
import type { Side } from './side.js';
import type { GameState } from './state.js';
import { LOSS_PERCENT, RETREAT_CHECK } from './tables.js';

/** The phases of a player turn (4.2 II), in order. */
export type PhaseName =
  | 'supply'
  | 'new units'
  | 'movement'
  | 'reaction movement'
  | 'first combat'
  | 'reaction combat'
  | 'second combat'
  | 'construction'
  | 'political';

/** One side's CRT result (12.5): the share of steps lost in percent (100: E, all eliminated) and whether a retreat check follows (R). */
export interface CrtOutcome {
  readonly loss: (typeof LOSS_PERCENT)[number];
  readonly retreat: boolean;
}

/** 12.5: a CRT code (loss code | RETREAT_CHECK) as a record. */
export function crtOutcome(code: number): CrtOutcome {
  return { loss: LOSS_PERCENT[code & ~RETREAT_CHECK]!, retreat: (code & RETREAT_CHECK) !== 0 };
}

/** A modifier of the combat roll (12.13, 12.14, 13.3, 10.13); `leader` is the one whose command rating counts. */
export type CombatModifier =
  | {
      readonly kind: 'defenderTerrain' | 'attackFromClear' | 'attackerAir' | 'defenderAir' | 'mountedCavalry';
      readonly value: number;
      readonly rule: string;
    }
  | { readonly kind: 'leader'; readonly leader: number; readonly value: number; readonly rule: string };

/** A die roll: `roll` is the die, `modified` the roll after its modifiers where the rule has any. */
export type RollEvent = { readonly type: 'roll'; readonly roll: number; readonly rule: string } &
  /** 5.0: December's weather. */
  (
    | { readonly kind: 'weather'; readonly rainy: boolean }
    /** 6.1: the second truce roll (made after a first roll that allows a truce). */
    | { readonly kind: 'truce'; readonly truce: boolean }
    /** 6.4: after a truce turn, whether the truce continues. */
    | { readonly kind: 'truceContinues'; readonly truce: boolean }
    /** 8.2: the Supply Table; `modified` is the row read. */
    | { readonly kind: 'supplyTable'; readonly side: Side; readonly modified: number }
    /** 8.12: a unit's attrition roll and its effect (the loss follows as its own event). */
    | {
        readonly kind: 'attrition';
        readonly side: Side;
        readonly unit: number;
        readonly modified: number;
        readonly effect: 'none' | 'step' | 'eliminated' | 'surrendered';
      }
    /** 9.5: one call-up; the roll is the number of extra units. */
    | { readonly kind: 'callUp'; readonly side: Side }
    /** 12.7: a unit's retreat check after a result with R; a rout or a retreat follows when it can move. */
    | { readonly kind: 'retreat'; readonly side: Side; readonly unit: number; readonly rout: boolean; readonly modified: number }
    /** 13.2: a barrage by `side` on `hex`: the table's column (0: less than one artillery unit) and the steps lost. */
    | {
        readonly kind: 'barrage';
        readonly side: Side;
        readonly hex: number;
        readonly column: number;
        readonly steps: number;
        readonly modified: number;
      }
    /** 14.6: an engineer digging a well. */
    | { readonly kind: 'well'; readonly side: Side; readonly unit: number; readonly hex: number; readonly found: boolean }
    /** 15.3: a challenge to the army commander by `leader`. */
    | { readonly kind: 'challenge'; readonly side: Side; readonly leader: number; readonly modified: number }
    /** 15.4: a voluntary attempt to replace the army commander `leader`. */
    | { readonly kind: 'replaceCommander'; readonly side: Side; readonly leader: number; readonly modified: number }
    /** 15.5: an attempt to replace the subordinate `leader`. */
    | { readonly kind: 'replaceLeader'; readonly side: Side; readonly leader: number; readonly modified: number }
  );

/** Why VP changed (16.2 and the rules named in `rule`), with what it concerns. */
export type VpCause =
  | { readonly cause: 'unitEliminated' | 'unitSurrendered' | 'unitExited'; readonly unit: number }
  /** leaderDisplaced: an enemy's named leader displaced by this side; leaderLostWithStack: this side's own, by the loss of his stack. */
  | { readonly cause: 'leaderDisplaced' | 'leaderLostWithStack' | 'commanderNotReplaced' | 'leaderNotReplaced'; readonly leader: number }
  | { readonly cause: 'settlementByMovement' | 'settlementByAdvance'; readonly hex: number }
  | { readonly cause: 'cspCaptured'; readonly csp: number }
  | { readonly cause: 'callUp' | 'truceRefused' | 'challengeModifier' | 'replacementModifier' };

export type VpEvent = {
  readonly type: 'vp';
  readonly side: Side;
  readonly delta: number;
  readonly total: number;
  readonly rule: string;
} & VpCause;

/** Why a unit lost a step or was removed: a combat result (`crt`, 12.6, 12.9), no retreat possible (12.8),
 * a rout cut short (7.5), further combat (12.10), a barrage (13.2), attrition (8.12), over-stacking (11.1). */
export type LossCause = 'combat' | 'noRetreat' | 'routCutShort' | 'furtherCombat' | 'barrage' | 'attrition' | 'overstack';

export type LossEvent = {
  readonly type: 'loss';
  readonly side: Side;
  readonly unit: number;
  readonly result: 'reduced' | 'eliminated' | 'surrendered';
  readonly rule: string;
} & ({ readonly cause: 'combat'; readonly crt: CrtOutcome } | { readonly cause: Exclude<LossCause, 'combat'> });

/** Why a leader moved: arrived (15.6), displaced (I-35) by an enemy, by the elimination or the retreat of his stack, or retired (15.3-15.5). */
export type LeaderCause =
  | 'new'
  | 'displacedByEnemy'
  | 'displacedByElimination'
  | 'displacedByRetreat'
  | 'commanderReplaced'
  | 'challengerReplaced'
  | 'subordinateReplaced';

export type GameEvent =
  | { readonly type: 'turn'; readonly turn: number; readonly month: number; readonly rainy: boolean; readonly truce: boolean }
  | { readonly type: 'phase'; readonly side: Side; readonly phase: PhaseName }
  | RollEvent
  | VpEvent
  /** 17.1: a piece set up; `id` is the unit, leader or truck index (-1 for the GHQ and a CSP). */
  | {
      readonly type: 'setup';
      readonly side: Side;
      readonly piece: 'unit' | 'leader' | 'ghq' | 'truck' | 'csp';
      readonly id: number;
      readonly hex: number;
    }
  /** 10: one move order; `path` is the cargo's (from its pickup when a truck, `carrier`, carries it; -1: none). */
  | {
      readonly type: 'move';
      readonly side: Side;
      readonly units: readonly number[];
      readonly leaders: readonly number[];
      readonly trucks: readonly number[];
      readonly ghq: boolean;
      readonly csp: number;
      readonly carrier: number;
      readonly path: readonly number[];
      readonly phase: 'movement' | 'reaction';
    }
  /** 12.1-12.5: an attack; the odds column (0 = 1-2; `belowLowest`: odds under it), the modifiers, the roll and each side's result. */
  | {
      readonly type: 'combat';
      readonly side: Side;
      readonly phase: 'first' | 'reaction' | 'second';
      readonly attackers: readonly number[];
      readonly defenders: readonly number[];
      readonly hexes: readonly number[];
      readonly attack: number;
      readonly defence: number;
      readonly column: number;
      readonly belowLowest: boolean;
      readonly modifiers: readonly CombatModifier[];
      readonly roll: number;
      readonly modified: number;
      readonly attacker: CrtOutcome;
      readonly defender: CrtOutcome;
      readonly cancelled: boolean;
    }
  | LossEvent
  /** 12.7, 12.8: a unit retreats or routs after its check. */
  | {
      readonly type: 'retreat';
      readonly side: Side;
      readonly unit: number;
      readonly from: number;
      readonly to: number;
      readonly rout: boolean;
    }
  /** 12.11: the attacker advances into an emptied defending hex; 12.9 (`attacker` false): the defender occupies the attacker's. */
  | {
      readonly type: 'advance';
      readonly side: Side;
      readonly unit: number;
      readonly from: number;
      readonly to: number;
      readonly attacker: boolean;
    }
  /** 3.2, 16.2: an enemy-controlled settlement taken. */
  | { readonly type: 'capture'; readonly side: Side; readonly hex: number; readonly how: 'movement' | 'advance' | 'other' }
  /** 3.2: an enemy-controlled hex that is not a settlement taken (or a settlement at set-up, I-57). */
  | { readonly type: 'control'; readonly side: Side; readonly hex: number }
  /** 8: the Supply Phase: LOC length (-1: none), radius, what the Supply Table gave, the units out of General Supply. */
  | {
      readonly type: 'supply';
      readonly side: Side;
      readonly locLength: number;
      readonly radius: number;
      readonly csp: number;
      readonly replacements: number;
      readonly truck: boolean;
      readonly outOfSupply: readonly number[];
    }
  | { readonly type: 'reinforcement'; readonly side: Side; readonly unit: number; readonly hex: number }
  /** 9.3: a reduced unit flipped back by a replacement. */
  | { readonly type: 'replacement'; readonly side: Side; readonly unit: number; readonly rule: string }
  /** I-36: a reinforcement with nowhere to go returns to the pile. */
  | { readonly type: 'unplaced'; readonly side: Side; readonly unit: number; readonly rule: string }
  /** 9.4: the dead pile becomes the reinforcement pile. */
  | { readonly type: 'pileRefilled'; readonly side: Side; readonly rule: string }
  | {
      readonly type: 'leader';
      readonly side: Side;
      readonly leader: number;
      readonly to: number;
      readonly cause: LeaderCause;
      readonly rule: string;
    }
  | { readonly type: 'truce'; readonly state: 'started' | 'continued' | 'ended' | 'refused'; readonly side?: Side }
  /** 14.3-14.6: works completed by the engineer `unit` (-1: an entrenchment marker placed at set-up). */
  | {
      readonly type: 'build';
      readonly side: Side;
      readonly hex: number;
      readonly what: 'entrenchment' | 'fortification' | 'trail' | 'well';
      readonly unit: number;
    }
  /** 14.5: a trail no engineer keeps up reverts to its terrain. */
  | { readonly type: 'trailLost'; readonly hex: number; readonly rule: string }
  /** 14.6: a well destroyed by a unit of `side` moving through. */
  | { readonly type: 'wellDestroyed'; readonly side: Side; readonly hex: number; readonly rule: string }
  /** 10.3: `side`'s truck destroyed by an enemy combat unit entering its hex. */
  | { readonly type: 'truckLost'; readonly side: Side; readonly truck: number; readonly hex: number; readonly rule: string }
  /** 10.3: `side` overruns enemy CSP in `hex`: `captured` become its own, `lost` are destroyed. */
  | {
      readonly type: 'cspCaptured';
      readonly side: Side;
      readonly hex: number;
      readonly captured: number;
      readonly lost: number;
      readonly rule: string;
    }
  /** 10.3, 8.5: `side`'s GHQ leaves the map, overrun by an enemy or removed by its owner. */
  | { readonly type: 'ghqRemoved'; readonly side: Side; readonly cause: 'overrun' | 'voluntary'; readonly rule: string }
  | { readonly type: 'end'; readonly how: 'scenario_end' | 'sudden_death' | 'settlement'; readonly winner: Side; readonly turn: number };

/** The record of one type. */
export type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

/**
 * Watches a game: attached to it (playGame's `observer`), it is handed the live state once before the
 * set-up and every event the moment it happens. The engine emits through `game.observer?.event({...})`:
 * with no observer that is one test, and the record is never built.
 */
export interface GameObserver {
  /** The game's own state, before the set-up: to read (e.g. positions between events), never to change. */
  start?(state: GameState): void;
  event(e: GameEvent): void;
}

/** An observer that collects every event in order. */
export function eventCollector(): GameObserver & { readonly events: GameEvent[] } {
  const events: GameEvent[] = [];
  return {
    events,
    event: (e) => {
      events.push(e);
    },
  };
}

/** Several observers as one, told in the order given (null when there are none). */
export function allObservers(observers: readonly GameObserver[]): GameObserver | null {
  if (observers.length === 0) return null;
  if (observers.length === 1) return observers[0]!;
  return {
    start(state) {
      for (const o of observers) o.start?.(state);
    },
    event(e) {
      for (const o of observers) o.event(e);
    },
  };
}
