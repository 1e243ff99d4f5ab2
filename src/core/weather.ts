// The Weather & Truce Check (4.2 I): rainy season (5.0) and truces (6.1, 6.2, 6.4; I-5, I-6).
import { ask, type Game } from './game.js';
import { BOL, PAR, type Side } from './side.js';
import { addVp } from './victory.js';

/** 5.0: January and February are rainy; December is rainy on a roll in tables.weather (1-3). */
export function weatherCheck(game: Game): void {
  const { state, dice } = game;
  const t = state.tables;
  const month = (state.month % 12) + 1;
  if (t.rainyMonths.includes(month)) state.rainy = true;
  else if (month === t.maybeRainyMonth) {
    const roll = dice.d6();
    state.rainy = t.maybeRainyOn.includes(roll);
    game.observer?.event({ type: 'roll', kind: 'weather', rainy: state.rainy, roll, rule: '5.0' });
  } else state.rainy = false;
}

/** 6.1, 6.4 (I-5): roll for a new truce, or for its continuation after a truce turn; then offer refusal (6.2). */
export function truceCheck(game: Game): void {
  const { state, dice } = game;
  const t = state.tables.truce;
  const last = state.truce;
  state.truceLastTurn = last;
  let truce = false;
  if (last) {
    const roll = dice.d6();
    truce = t.continueRoll.includes(roll);
    game.observer?.event({ type: 'roll', kind: 'truceContinues', truce, roll, rule: '6.4' });
  } else {
    const first = dice.d6();
    if (t.firstRoll.includes(first)) {
      const second = dice.d6();
      truce = t.secondRoll.includes(second);
      game.observer?.event({ type: 'roll', kind: 'truce', truce, roll: second, rule: '6.1' });
    }
  }
  state.truce = truce;
  if (!truce) {
    if (last) game.observer?.event({ type: 'truce', state: 'ended' });
    return;
  }
  game.observer?.event({ type: 'truce', state: last ? 'continued' : 'started' });
  // I-6: the player with more VP may refuse first; a tie is settled by a die roll.
  const par = state.vp_s[PAR]!,
    bol = state.vp_s[BOL]!;
  const first: Side = par > bol ? PAR : bol > par ? BOL : dice.d6() <= 3 ? PAR : BOL;
  for (const side of [first, first === PAR ? BOL : PAR] as const) {
    if (ask(game, { kind: 'refuseTruce', side }) === true) {
      state.truce = false;
      game.observer?.event({ type: 'truce', state: 'refused', side });
      addVp(game, side, -t.refusalVp, { cause: 'truceRefused' }, '6.2');
      return;
    }
  }
}

/** 13.3: air markers return to their unused side at the start of every game turn. */
export function resetAir(game: Game): void {
  game.state.airUsed_s.fill(0);
  game.state.airSupplyUsed_s.fill(0);
}
