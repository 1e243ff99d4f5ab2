// The game's structure read off its events: the set-up, then turns (their Weather & Truce Check, then
// two player turns of phases), and any check of a turn that never began.
import type { GameEvent, PhaseName } from '../../core/events.js';
import type { Side } from '../../core/side.js';
import { weatherOrTruce, type EventContext } from '../replay-record.js';
import type { Item } from './writer.js';

export interface PhaseBlock {
  readonly name: PhaseName;
  readonly items: Item[];
}

export interface PlayerTurnBlock {
  readonly side: Side;
  readonly phases: PhaseBlock[];
}

export interface TurnBlock {
  readonly turn: number;
  readonly rainy: boolean;
  readonly truce: boolean;
  /** The Weather & Truce Check: rolls, truce events, a refusal's VP. */
  readonly before: Item[];
  readonly playerTurns: PlayerTurnBlock[];
}

export interface Structure {
  readonly setup: Item[];
  readonly turns: TurnBlock[];
  /** Weather & Truce events of a turn that never began (the game ended in the check). */
  readonly trailing: Item[];
}

export function structure(events: readonly GameEvent[], contexts: readonly (EventContext | undefined)[]): Structure {
  const setup: Item[] = [];
  const turns: TurnBlock[] = [];
  let pending: Item[] = [];
  let stage: 'setup' | 'check' | 'play' = 'setup';
  let phase: PhaseBlock | null = null;
  events.forEach((e, index) => {
    const item = { e, ctx: contexts[index], index };
    if (e.type === 'turn') {
      turns.push({ turn: e.turn, rainy: e.rainy, truce: e.truce, before: pending, playerTurns: [] });
      pending = [];
      stage = 'play';
      phase = null;
      return;
    }
    if (weatherOrTruce(e)) stage = 'check';
    if (stage === 'setup') {
      setup.push(item);
      return;
    }
    if (stage === 'check') {
      pending.push(item);
      return;
    }
    const turn = turns[turns.length - 1]!;
    if (e.type === 'phase') {
      if (e.phase === 'supply' || turn.playerTurns.length === 0) turn.playerTurns.push({ side: e.side, phases: [] });
      phase = { name: e.phase, items: [] };
      turn.playerTurns[turn.playerTurns.length - 1]!.phases.push(phase);
      return;
    }
    if (phase) phase.items.push(item);
    else pending.push(item);
  });
  return { setup, turns, trailing: pending };
}
