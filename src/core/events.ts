// The event log: recorded only when asked, enough to narrate and replay a game.
// Every event names its rule section; VP changes carry their reason so the log sums to the final VP.
import type { Side } from './side.js';

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

/** Collects events when enabled; costs one branch per event when not. */
export class EventLog {
  readonly events: GameEvent[] = [];
  constructor(readonly enabled: boolean) {}

  add(event: GameEvent): void {
    if (this.enabled) this.events.push(event);
  }
}
