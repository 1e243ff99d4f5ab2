// Shared by the Movement Phase tests: move orders, a policy that plays them, and the events of a type.
import type { MoveOrder } from '../../src/core/decisions.js';
import type { GameEvent } from '../../src/core/events.js';
import type { Position } from './position.js';
import { scripted } from './game.js';

/** The hexes of `labels`, in order: a move's path. */
export const path = (p: Position, ...labels: string[]) => labels.map((l) => p.hex(l));

/** The events of one type. */
export const of = <T extends GameEvent['type']>(events: readonly GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** A side's policy that answers its move decisions from a queue, then ends the phase. */
export function mover(name: string, orders: MoveOrder[], extra: Parameters<typeof scripted>[1] = {}) {
  const queue = [...orders];
  return scripted(name, { move: () => queue.shift() ?? null, ...extra });
}

export const order = (units: number[], leaders: number[], route: number[]): MoveOrder => ({ units, leaders, path: route });
