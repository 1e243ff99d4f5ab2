// The game's events and the observer that receives them: emitted only when one is attached, enough to narrate and replay a game.
// Every event names its rule section; VP changes carry their reason so the log sums to the final VP.
import type { Side } from './side.js';
import type { GameState } from './state.js';

export type GameEvent =
  | { readonly type: 'turn'; readonly turn: number; readonly month: number; readonly rainy: boolean; readonly truce: boolean }
  | { readonly type: 'phase'; readonly side: Side; readonly phase: string }
  | { readonly type: 'roll'; readonly what: string; readonly roll: number; readonly modified?: number; readonly rule: string }
  | { readonly type: 'vp'; readonly side: Side; readonly delta: number; readonly total: number; readonly reason: string; readonly rule: string }
  | { readonly type: 'setup'; readonly side: Side; readonly piece: string; readonly hex: number }
  | { readonly type: 'move'; readonly side: Side; readonly pieces: readonly string[]; readonly path: readonly number[]; readonly phase: string }
  | { readonly type: 'combat'; readonly side: Side; readonly attackers: readonly number[]; readonly defenders: readonly number[];
      readonly hexes: readonly number[]; readonly attack: number; readonly defence: number; readonly odds: string;
      readonly modifiers: readonly { readonly reason: string; readonly value: number }[]; readonly roll: number;
      readonly modified: number; readonly result: string; readonly phase: string }
  | { readonly type: 'loss'; readonly side: Side; readonly unit: number; readonly result: 'reduced' | 'eliminated' | 'surrendered'; readonly reason: string; readonly rule: string }
  | { readonly type: 'retreat'; readonly side: Side; readonly unit: number; readonly from: number; readonly to: number; readonly rout: boolean }
  | { readonly type: 'capture'; readonly side: Side; readonly hex: number; readonly how: 'movement' | 'advance' | 'other' }
  | { readonly type: 'control'; readonly side: Side; readonly hex: number }
  | { readonly type: 'supply'; readonly side: Side; readonly locLength: number; readonly radius: number; readonly csp: number; readonly replacements: number; readonly truck: boolean; readonly outOfSupply: number }
  | { readonly type: 'reinforcement'; readonly side: Side; readonly unit: number; readonly hex: number }
  | { readonly type: 'leader'; readonly side: Side; readonly leader: number; readonly to: number; readonly reason: string; readonly rule: string }
  | { readonly type: 'truce'; readonly state: 'started' | 'continued' | 'ended' | 'refused'; readonly side?: Side }
  | { readonly type: 'build'; readonly side: Side; readonly hex: number; readonly what: string }
  | { readonly type: 'note'; readonly text: string; readonly rule?: string }
  | { readonly type: 'end'; readonly how: 'scenario_end' | 'sudden_death' | 'settlement'; readonly winner: Side; readonly turn: number };

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
  return { events, event: (e) => { events.push(e); } };
}

/** Several observers as one, told in the order given (null when there are none). */
export function allObservers(observers: readonly GameObserver[]): GameObserver | null {
  if (observers.length === 0) return null;
  if (observers.length === 1) return observers[0]!;
  return {
    start(state) { for (const o of observers) o.start?.(state); },
    event(e) { for (const o of observers) o.event(e); },
  };
}
