// Applying step losses and eliminations (2.12, 12.6, 12.9, 8.12): dead pile, VP, lone leaders, trucks.
import { ARMOR } from './counters.js';
import { displaceLeader } from './displacement.js';
import { crtOutcome, type LossCause, type LossEvent } from './events.js';
import type { Game } from './game.js';
import { otherSide, type Side } from './side.js';
import { BUILD_NONE, GONE, IN_DEAD, IN_PILE, leadersIn, setUnitLoc } from './state.js';
import { addVp } from './victory.js';

export interface LossOptions {
  /** 8.12, 16.2: a surrender (attrition below 0 while isolated) scores 2 instead of 1. */
  readonly surrendered?: boolean;
  /** I-14: removal for over-stacking scores only under option overstackScoresVP. */
  readonly overstack?: boolean;
  readonly cause: LossCause;
  /** The side's CRT code when `cause` is 'combat' (12.5). */
  readonly crt?: number;
  readonly rule: string;
}

function lossRecord(side: Side, unit: number, result: LossEvent['result'], opts: LossOptions): LossEvent {
  const { cause, rule } = opts;
  return cause === 'combat'
    ? { type: 'loss', side, unit, result, cause, crt: crtOutcome(opts.crt ?? 0), rule }
    : { type: 'loss', side, unit, result, cause, rule };
}

/** Removes unit u: to the dead pile (armor leaves the game, 13.1); the enemy scores (16.2); a leader left alone is displaced (12.9, 8.12, I-35). */
export function eliminateUnit(game: Game, u: number, opts: LossOptions): void {
  const { state } = game;
  const side = state.counters.side_u[u]! as Side;
  const h = state.loc_u[u]!;
  state.stepsLost_s[side] = state.stepsLost_s[side]! + (state.reduced_u[u] ? 1 : state.counters.steps_u[u]!);
  state.eliminated_s[side]!++;
  setUnitLoc(state, u, state.counters.type_u[u] === ARMOR ? GONE : IN_DEAD);
  state.reduced_u[u] = 0;
  state.building_u[u] = BUILD_NONE;
  game.observer?.event(lossRecord(side, u, opts.surrendered ? 'surrendered' : 'eliminated', opts));
  const vp = state.tables.vp;
  if (!opts.overstack || state.options.overstackScoresVP) {
    addVp(
      game,
      otherSide(side),
      opts.surrendered ? vp.unitSurrendered : vp.unitEliminated,
      { cause: opts.surrendered ? 'unitSurrendered' : 'unitEliminated', unit: u },
      '16.2',
    );
  }
  if (h >= 0 && state.combat_hs[h * 2 + side] === 0) clearHexOfNonCombat(game, h, side, 'elimination');
}

/** One step lost: a full two-step unit is reduced; otherwise it is eliminated (2.12). */
export function takeStep(game: Game, u: number, opts: LossOptions): void {
  const { state } = game;
  if (state.reduced_u[u] === 0 && state.counters.steps_u[u] === 2) {
    state.reduced_u[u] = 1;
    state.stepsLost_s[state.counters.side_u[u]!]!++;
    state.sideVersion_s[state.counters.side_u[u]!]!++;
    game.observer?.event(lossRecord(state.counters.side_u[u]! as Side, u, 'reduced', opts));
  } else eliminateUnit(game, u, opts);
}

/**
 * A hex left without `side`'s combat units: its leaders are displaced (I-35); after an elimination its
 * trucks are destroyed (12.9); CSP stay (they are captured or lost only when an enemy enters, 10.3).
 */
export function clearHexOfNonCombat(game: Game, h: number, side: Side, cause: 'elimination' | 'retreat'): void {
  const { state } = game;
  for (const l of leadersIn(state, h, side)) displaceLeader(game, l, cause);
  if (cause !== 'elimination') return;
  for (let t = 0; t < state.loc_t.length; t++) {
    if (state.loc_t[t] === h && state.side_t[t] === side) {
      state.loc_t[t] = IN_PILE;
      state.attached_t[t] = 0;
    }
  }
}
