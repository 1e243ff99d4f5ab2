// A handicap: VP added to each side's starting VP, [PAR, BOL]. One grammar wherever one is given
// (--handicap of run, bid, compare, sensitivity and replay; compare's handicap= in a variant): SIDE=VP
// or SIDE+VP / SIDE-VP, SIDE PAR or BOL, VP a whole number; several in one text joined by commas, or
// given again: they add up. One type from the flag to the outputs (run.json, the lines, the replays).
import { SpecError } from './spec.js';

/** VP added to [Paraguay's, Bolivia's] starting VP (negative: taken away). */
export type Handicap = readonly [par: number, bol: number];

export const NO_HANDICAP: Handicap = [0, 0];

const ITEM = /^(PAR|BOL)\s*(?:=\s*([+-]?\d+)|([+-]\d+))$/i;

/** The handicap the texts give on top of `base`; a SpecError names the first text that is not SIDE=VP. */
export function parseHandicap(texts: string | readonly string[], base: Handicap = NO_HANDICAP): Handicap {
  const out: [number, number] = [base[0], base[1]];
  const items = (typeof texts === 'string' ? [texts] : texts).flatMap((t) => t.split(',')).map((t) => t.trim());
  for (const item of items) {
    const m = ITEM.exec(item);
    if (!m)
      throw new SpecError(
        `handicap "${item}": write SIDE=VP (or SIDE+VP) with SIDE PAR or BOL and VP a whole number, e.g. PAR=+5, PAR+5 or BOL=-3`,
      );
    out[m[1]!.toUpperCase() === 'PAR' ? 0 : 1] += Number(m[2] ?? m[3]);
  }
  return out;
}

/** The handicap as --handicap flags give it: PAR=+5, BOL=-3 (none for a side at 0). */
export function handicapFlags(h: Handicap): string[] {
  return (['PAR', 'BOL'] as const).flatMap((side, i) => (h[i] !== 0 ? [`${side}=${h[i]! > 0 ? '+' : ''}${h[i]}`] : []));
}

/** The handicap as the JSON outputs record it. */
export function handicapRecord(h: Handicap): { PAR: number; BOL: number } {
  return { PAR: h[0], BOL: h[1] };
}

/** A signed bid (VP given to Paraguay; negative: to Bolivia) on top of a base handicap. */
export function bidHandicap(base: Handicap, bid: number): Handicap {
  return bid >= 0 ? [base[0] + bid, base[1]] : [base[0], base[1] - bid];
}
