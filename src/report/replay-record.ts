// An observer (src/core/events.ts) that records what a replay needs besides the
// events: the position at the end of every player turn (and after the set-up), and for some events the
// state they happened in (unit values, the hexes attackers fought from, the units out of supply). The
// observer is handed the game's live state before the set-up and sees each event the moment it happens.
// A player turn ends just before the next Weather & Truce Check emits anything, or just before the next
// player's Supply Phase starts, or with the game; the snapshot is taken there, so positions are exact.
import { unitValues } from './setup-svg.js';
import type { GameEvent, GameObserver } from '../core/events.js';
import type { GameResult } from '../core/play.js';
import type { Side } from '../core/side.js';
import { cloneState, type GameState } from '../core/state.js';

/** The position at the end of one player turn (0-based turn). */
export interface PlayerTurnSnapshot {
  readonly turn: number;
  readonly side: Side;
  /** How many events had been logged when it was taken: events[0..at) happened before. */
  readonly at: number;
  readonly state: GameState;
}

/** What was true when an event was logged, for the events whose narration needs it. */
export type EventContext =
  /** move: each unit's values then (aligned with the event's `units`). */
  | { readonly type: 'move'; readonly values: readonly string[] }
  /** combat: where each attacker fought from; every unit's values before the result. */
  | {
      readonly type: 'combat';
      readonly attackerHexes: readonly number[];
      readonly attackerValues: readonly string[];
      readonly defenderValues: readonly string[];
    }
  | { readonly type: 'reinforcement'; readonly values: string }
  /** supply: where each unit out of General Supply was (aligned with the event's `outOfSupply`). */
  | { readonly type: 'supply'; readonly hexes: readonly number[] };

export interface RecordedGame {
  readonly result: GameResult;
  readonly events: readonly GameEvent[];
  /** Aligned with `events`; undefined where nothing was recorded. */
  readonly contexts: readonly (EventContext | undefined)[];
  /** The position after the set-up. */
  readonly setup: GameState;
  /** One per player turn begun, in order; the last is the position the game ended in. */
  readonly snapshots: readonly PlayerTurnSnapshot[];
}

/** Events of the Weather & Truce Check (4.2 I), the first thing after a game turn's last player turn. */
export function weatherOrTruce(e: GameEvent): boolean {
  return e.type === 'truce' || (e.type === 'roll' && (e.kind === 'weather' || e.kind === 'truce' || e.kind === 'truceContinues'));
}

function startsNextPlayerTurn(e: GameEvent): boolean {
  return e.type === 'turn' || weatherOrTruce(e) || (e.type === 'phase' && e.phase === 'supply');
}

function values(state: GameState, u: number): string {
  return unitValues(state.counters, u, state.reduced_u[u] === 1);
}

function contextOf(e: GameEvent, state: GameState): EventContext | undefined {
  switch (e.type) {
    case 'move':
      return { type: 'move', values: e.units.map((u) => values(state, u)) };
    case 'combat':
      return {
        type: 'combat',
        attackerHexes: e.attackers.map((u) => state.loc_u[u]!),
        attackerValues: e.attackers.map((u) => values(state, u)),
        defenderValues: e.defenders.map((u) => values(state, u)),
      };
    case 'reinforcement':
      return { type: 'reinforcement', values: values(state, e.unit) };
    case 'supply':
      return { type: 'supply', hexes: e.outOfSupply.map((u) => state.loc_u[u]!) };
    default:
      return undefined;
  }
}

/** What a recorder hands back when its game is over: the recorded game. */
export interface Recorder {
  /** Attach this to the game (playGame's `observer`); it only reads. */
  readonly observer: GameObserver;
  /** The recorded game, once the game that `observer` watched has ended with `result`. */
  finish(result: GameResult): RecordedGame;
}

/**
 * An observer that keeps every event and, with some of them, the position they happened in; sim attaches
 * it to the game it plays (sim/logged-games.ts), so the result is playGame's own.
 */
export function gameRecorder(): Recorder {
  const events: GameEvent[] = [];
  const contexts: (EventContext | undefined)[] = [];
  const snapshots: PlayerTurnSnapshot[] = [];
  // Mutable records of the observer (an object, so that control flow analysis leaves them alone).
  const at: { live: GameState | null; open: { turn: number; side: Side } | null; turn: number; setup: GameState | null } = {
    live: null,
    open: null,
    turn: 0,
    setup: null,
  };
  const observer: GameObserver = {
    start(state) {
      at.live = state;
    },
    event(e) {
      const state = at.live!;
      if (startsNextPlayerTurn(e)) {
        if (at.open) {
          snapshots.push({ ...at.open, at: events.length, state: cloneState(state) });
          at.open = null;
        } else at.setup ??= cloneState(state);
      }
      if (e.type === 'turn') at.turn = e.turn;
      if (e.type === 'phase' && e.phase === 'supply') at.open = { turn: at.turn, side: e.side };
      events.push(e);
      contexts.push(contextOf(e, state));
    },
  };
  return {
    observer,
    finish(result) {
      const final = at.live;
      if (final === null) throw new Error('the recorder was never attached to a game');
      if (at.open) snapshots.push({ ...at.open, at: events.length, state: cloneState(final) });
      return { result, events, contexts, setup: at.setup ?? cloneState(final), snapshots };
    },
  };
}
