// Movement, reaction movement (10, 11) and construction (14) told from their records: a line per move
// with what it caused under it, supply-only moves counted; engineers' completed works on one line.
import type { EventOf } from '../../core/events.js';
import { list, moveText, plural } from '../event-text.js';
import type { Item, Writer } from './writer.js';

/** The rule of each kind of engineer work. */
const BUILD_RULE: Record<EventOf<'build'>['what'], string> = { entrenchment: '14.3', fortification: '14.4', trail: '14.5', well: '14.6' };

/** Movement and reaction movement: a bullet per move, with what the move caused (emitted before it) under it. */
export function movementPhase(w: Writer, items: readonly Item[]): void {
  let caused: Item[] = [];
  let trucks = 0,
    csp = 0;
  let moves = 0;
  for (const item of items) {
    const e = item.e;
    if (e.type !== 'move') {
      caused.push(item);
      continue;
    }
    // Trucks and CSP moving on their own, causing nothing: counted, not told one by one.
    const onlySupply = e.units.length === 0 && e.leaders.length === 0 && !e.ghq;
    if (onlySupply && caused.length === 0) {
      trucks += e.trucks.length;
      csp += e.csp;
      continue;
    }
    moves++;
    w.line(`- ${moveText(e, w.n, item.ctx)}`);
    w.bullets(caused, '  ');
    caused = [];
  }
  w.bullets(caused);
  const other: string[] = [];
  if (trucks > 0) other.push(`${plural(trucks, 'truck move')}`);
  if (csp > 0) other.push(`${csp} CSP moved`);
  if (other.length > 0) w.line(`- ${moves > 0 ? 'Also ' : ''}${list(other)}`);
}

/** 14: the works completed (a well with its roll), then what else happened (no water found, trails lost). */
export function constructionPhase(w: Writer, items: readonly Item[]): void {
  const built: string[] = [];
  const rest: (Item | string)[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!,
      e = item.e;
    if (e.type === 'roll' && e.kind === 'well') {
      const b = items[i + 1]?.e;
      if (e.found && b?.type === 'build' && b.hex === e.hex) {
        built.push(`a well at ${w.n.hex(b.hex)} (roll ${e.roll}; ${e.rule})`);
        i++;
      } else if (!e.found) rest.push(`No water found (roll ${e.roll}) (${e.rule})`);
      else rest.push(item);
      continue;
    }
    if (e.type === 'build') {
      built.push(`${e.what === 'entrenchment' ? 'an' : 'a'} ${e.what} at ${w.n.hex(e.hex)} (${BUILD_RULE[e.what]})`);
      continue;
    }
    rest.push(item);
  }
  if (built.length > 0) w.line(`- Engineers complete ${list(built)}`);
  w.bullets(rest);
}
