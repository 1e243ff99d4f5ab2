// Victory (16): VP changes with sudden death, settlement capture VP, the end check and victory levels.
import { BOL, PAR, otherSide, type Side } from './side.js';
import type { VpCause } from './events.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';

/** 16.2: adds delta VP to side for `cause` (rule `rule`); 16.4 (I-42): a total below 0 is sudden death at once. */
export function addVp(game: Game, side: Side, delta: number, cause: VpCause, rule: string): void {
  const { state } = game;
  if (delta === 0 || state.ended) return;
  state.vp_s[side] = state.vp_s[side]! + delta;
  game.observer?.event({ type: 'vp', side, delta, total: state.vp_s[side]!, rule, ...cause });
  if (state.vp_s[side]! < 0) endGame(game, 'sudden_death', otherSide(side));
}

export function endGame(game: Game, how: 'scenario_end' | 'sudden_death' | 'settlement', winner: Side): void {
  const { state } = game;
  if (state.ended) return;
  state.ended = { how, winner, turn: state.turn };
  game.observer?.event({ type: 'end', how, winner, turn: state.turn });
}

/** 16.2, 16.5 (I-33, I-34): VP for taking an enemy-controlled settlement by advance or by movement. */
export function settlementVp(game: Game, h: number, how: 'advance' | 'movement'): number {
  const { state, dice } = game;
  const vp = state.tables.vp;
  const big = state.map.bigFour_h[h] === 1;
  if (state.options.fixedSettlementVP) {
    const fixed = how === 'advance' ? vp.fixed.advance : vp.fixed.movement;
    return big ? fixed.bigFour : fixed.settlement;
  }
  const n = big ? vp.advanceDice.bigFour : vp.advanceDice.settlement;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += dice.d6();
  return how === 'movement' ? sum * vp.movementMultiplier : sum;
}

/** 16.1: at the end of a truce turn, a lead of 50+ VP wins at once (a negotiated settlement). */
export function checkSettlement(game: Game): void {
  const { state } = game;
  const lead = state.vp_s[PAR]! - state.vp_s[BOL]!;
  if (Math.abs(lead) >= state.tables.settlementMargin) endGame(game, 'settlement', lead > 0 ? PAR : BOL);
}

/** 16.3 (I-42): at the scenario's end the side with more VP wins; equal VP: a coin flip. */
export function scenarioEnd(game: Game): void {
  const { state } = game;
  const par = state.vp_s[PAR]!,
    bol = state.vp_s[BOL]!;
  const winner: Side = par > bol ? PAR : bol > par ? BOL : game.dice.int(2) === 0 ? PAR : BOL;
  endGame(game, 'scenario_end', winner);
}

/** 16.3: "decisive" (50+), "substantive" (20-49), "marginal" (1-19), or "tie" for equal VP. */
export function victoryLevel(state: GameState, margin: number): string {
  const m = Math.abs(margin);
  for (const l of state.tables.victoryLevels) if (m >= l.marginAtLeast) return l.level;
  return 'tie';
}
