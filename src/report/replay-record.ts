// Plays one game again with its event log and records what a replay needs besides the log: the position
// at the end of every player turn (and after the set-up), and for some events the state they happened in
// (unit values, the hexes attackers fought from, the units out of supply).
//
// The engine has no hook between phases, so two taps are used while playGame runs (synchronously):
//  - both policies are wrapped: the first decision hands us the live GameState (the engine passes
//    game.state itself to every decision, and we check that it always does);
//  - EventLog.prototype.add is wrapped for the duration of the call (and restored in `finally`): each event
//    is seen the moment it is logged, with the state exactly as it is then.
// A player turn ends just before the next Weather & Truce Check logs anything, or just before the next
// player's Supply Phase starts, or with the game; the snapshot is taken there, so positions are exact.
import { unitValues } from './setup-svg.js';
import type { Decision, GameView, Policy } from '../core/decisions.js';
import { EventLog, type GameEvent } from '../core/events.js';
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
  /** The position after the set-up (null only if no decision was asked before the first turn). */
  readonly setup: GameState | null;
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
 * playGame(scenario, options, policies, seed, {log: true}) with the replay's records. The result is
 * playGame's own (the taps only observe); the policies answer exactly as they would unwrapped.
 */
export function recordGame(scenario: Scenario, options: RulesOptions, policies: readonly [Policy, Policy], seed: string): RecordedGame {
  // Mutable records shared with the taps (an object, so that control flow analysis leaves them alone).
  const tap: { live: GameState | null; deciding: number; open: { turn: number; side: Side } | null; turn: number; setup: GameState | null; setupTaken: boolean } = {
    live: null, deciding: 0, open: null, turn: 0, setup: null, setupTaken: false,
  };
  const wrap = (p: Policy): Policy => ({
    name: p.name,
    decide<D extends Decision>(d: D, view: GameView) {
      if (tap.live === null) tap.live = view;
      else if (view !== tap.live) throw new Error('replay: the engine passed a policy a state other than the game\'s own; the replay cannot follow the position');
      tap.deciding++;
      try {
        return p.decide(d, view);
      } finally {
        tap.deciding--;
      }
    },
  });

  const events: GameEvent[] = [];
  const contexts: (EventContext | undefined)[] = [];
  const snapshots: PlayerTurnSnapshot[] = [];
  let mainLog: EventLog | null = null;
  let names: [Map<string, number>, Map<string, number>] | null = null;

  const onEvent = (e: GameEvent) => {
    const state = tap.live;
    if (startsNextPlayerTurn(e)) {
      if (tap.open) {
        if (!state) throw new Error('replay: a player turn ended before any decision was asked');
        snapshots.push({ ...tap.open, at: events.length, state: cloneState(state) });
        tap.open = null;
      } else if (!tap.setupTaken) {
        tap.setup = state ? cloneState(state) : null;
        tap.setupTaken = true;
      }
    }
    if (e.type === 'turn') tap.turn = e.turn;
    if (e.type === 'phase' && e.phase === 'supply') tap.open = { turn: tap.turn, side: e.side };
    events.push(e);
    if (state) {
      names ??= [unitByName(state, 0), unitByName(state, 1)];
      contexts.push(contextOf(e, state, names));
    } else contexts.push(undefined);
  };

  const proto = EventLog.prototype;
  const add = proto.add;
  proto.add = function tapped(this: EventLog, e: GameEvent): void {
    add.call(this, e);
    // Only the game's own log, and nothing a policy might log while thinking (a look-ahead of its own).
    if (!this.enabled || tap.deciding > 0) return;
    mainLog ??= this;
    if (this === mainLog) onEvent(e);
  };
  let result: GameResult;
  try {
    result = playGame(scenario, options, [wrap(policies[0]), wrap(policies[1])], seed, { log: true });
  } finally {
    proto.add = add;
  }
  const final = tap.live;
  if (tap.open) {
    if (!final) throw new Error('replay: the game ended before any decision was asked');
    snapshots.push({ ...tap.open, at: events.length, state: cloneState(final) });
  }
  if (!tap.setupTaken && final) tap.setup = cloneState(final);
  const logged = result.events ?? [];
  if (logged.length !== events.length || logged.some((e, i) => e !== events[i])) {
    throw new Error(`replay: the event tap saw ${events.length} events, the game logged ${logged.length}`);
  }
  return { result, events: logged, contexts, setup: tap.setup, snapshots };
}
