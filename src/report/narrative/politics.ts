// The Weather & Truce Check opening each turn (5.0, 6.1-6.4: the weather, the truce rolls, refusals and
// their VP) and the Political Phase (15: challenges, replacement attempts, leaders retired and arriving).
import type { Item, Writer } from './writer.js';
import type { TurnBlock } from './structure.js';

/** The turn's weather in a sentence, then its truce events (a truce roll's echo dropped, a refusal kept). */
export function weatherAndTruce(w: Writer, t: TurnBlock): void {
  const weather = t.rainy ? 'Rainy season (5.0)' : 'Dry season';
  const december = t.before.find((x) => x.e.type === 'roll' && x.e.kind === 'weather');
  const truceText = t.truce ? ' A truce is in effect this turn.' : '';
  w.line(`${weather}${december && december.e.type === 'roll' ? ` after the December roll of ${december.e.roll}` : ''}.${truceText}`);
  // A truce roll says what the truce event repeats: keep the roll, drop the echo (a refusal stays).
  const rolled = t.before.some((x) => x.e.type === 'roll' && (x.e.kind === 'truce' || x.e.kind === 'truceContinues'));
  const rest = t.before.filter((x) => x !== december && !(rolled && x.e.type === 'truce' && x.e.state !== 'refused'));
  if (rest.length > 0) {
    w.line();
    w.bullets(rest);
  }
}

/** The Weather & Truce Check of a turn that never began: the game ended in it. */
export function afterTheLastTurn(w: Writer, trailing: readonly Item[]): void {
  if (trailing.length === 0) return;
  w.line();
  w.line('## After the last turn');
  w.line();
  w.bullets(trailing);
}

/** 15: each roll, leader and VP record of the phase as a bullet. */
export function politicalPhase(w: Writer, items: readonly Item[]): void {
  w.bullets(items);
}
