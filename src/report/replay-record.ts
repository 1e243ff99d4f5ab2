// Plays one game again with an observer (src/core/events.ts) and records what a replay needs besides the
// events: the position at the end of every player turn (and after the set-up), and for some events the
// state they happened in (unit values, the hexes attackers fought from, the units out of supply). The
// observer is handed the game's live state before the set-up and sees each event the moment it happens.
// A player turn ends just before the next Weather & Truce Check emits anything, or just before the next
// player's Supply Phase starts, or with the game; the snapshot is taken there, so positions are exact.
import { unitValues } from './setup-svg.js';
import type { Policy } from '../core/decisions.js';
import type { GameEvent, GameObserver } from '../core/events.js';
import type { RulesOptions } from '../core/options.js';
import { playGame, type GameResult } from '../core/play.js';
import type { Scenario } from '../core/scenario.js';
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
  /** move: each piece's unit index (or -1) and its values then. */
  | { readonly type: 'move'; readonly units: readonly number[]; readonly values: readonly (string | null)[] }
  /** combat: where each attacker fought from; every unit's values before the result. */
  | { readonly type: 'combat'; readonly attackerHexes: readonly number[]; readonly attackerValues: readonly string[]; readonly defenderValues: readonly string[] }
  | { readonly type: 'reinforcement'; readonly values: string }
  /** supply: the side's units on the map out of General Supply. */
  | { readonly type: 'supply'; readonly outOfSupply: readonly number[]; readonly hexes: readonly number[] };

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

/** Events logged by the Weather & Truce Check (4.2 I), the first thing after a game turn's last player turn. */
const WEATHER_TRUCE_RULES = new Set(['5.0', '6.1', '6.4']);

function startsNextPlayerTurn(e: GameEvent): boolean {
  return e.type === 'turn' || e.type === 'truce' || (e.type === 'roll' && WEATHER_TRUCE_RULES.has(e.rule))
    || (e.type === 'phase' && e.phase === 'supply');
}

function values(state: GameState, u: number): string {
  return unitValues(state.counters, u, state.reduced_u[u] === 1);
}

function unitByName(state: GameState, side: Side): Map<string, number> {
  const out = new Map<string, number>();
  state.counters.units.forEach((d, u) => { if (d.side === side) out.set(d.name, u); });
  return out;
}

function contextOf(e: GameEvent, state: GameState, names: readonly [Map<string, number>, Map<string, number>]): EventContext | undefined {
  switch (e.type) {
    case 'move': {
      const units = e.pieces.map((p) => names[e.side].get(p) ?? -1);
      return { type: 'move', units, values: units.map((u) => (u >= 0 ? values(state, u) : null)) };
    }
    case 'combat':
      return {
        type: 'combat',
        attackerHexes: e.attackers.map((u) => state.loc_u[u]!),
        attackerValues: e.attackers.map((u) => values(state, u)),
        defenderValues: e.defenders.map((u) => values(state, u)),
      };
    case 'reinforcement':
      return { type: 'reinforcement', values: values(state, e.unit) };
    case 'supply': {
      const out: number[] = [];
      for (let u = 0; u < state.loc_u.length; u++) {
        if (state.counters.side_u[u] === e.side && state.loc_u[u]! >= 0 && state.inSupply_u[u] === 0) out.push(u);
      }
      return { type: 'supply', outOfSupply: out, hexes: out.map((u) => state.loc_u[u]!) };
    }
    default:
      return undefined;
  }
}

/**
 * playGame with an observer that keeps every event and, with some of them, the position they happened in.
 * The result is playGame's own: the observer only reads.
 */
export function recordGame(scenario: Scenario, options: RulesOptions, policies: readonly [Policy, Policy], seed: string): RecordedGame {
  const events: GameEvent[] = [];
  const contexts: (EventContext | undefined)[] = [];
  const snapshots: PlayerTurnSnapshot[] = [];
  // Mutable records of the observer (an object, so that control flow analysis leaves them alone).
  const at: { live: GameState | null; open: { turn: number; side: Side } | null; turn: number; setup: GameState | null; names: [Map<string, number>, Map<string, number>] | null } = {
    live: null, open: null, turn: 0, setup: null, names: null,
  };
  const observer: GameObserver = {
    start(state) {
      at.live = state;
      at.names = [unitByName(state, 0), unitByName(state, 1)];
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
      contexts.push(contextOf(e, state, at.names!));
    },
  };
  const result = playGame(scenario, options, policies, seed, { observer });
  const final = at.live!;
  if (at.open) snapshots.push({ ...at.open, at: events.length, state: cloneState(final) });
  return { result, events, contexts, setup: at.setup ?? cloneState(final), snapshots };
}
