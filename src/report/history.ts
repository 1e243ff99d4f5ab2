// The check against history: for the key places of a scenario, the turn at which they change hands in
// play beside the month they did in the war (history/events.json, every date with sources).
import { z } from 'zod';
import type { GameEvent } from '../core/events.js';
import { parseHex, NO_HEX } from '../core/hex.js';
import type { Scenario } from '../core/scenario.js';
import { PAR, BOL } from '../core/side.js';
import { Issues } from '../data/issues.js';
import { hexLabel, month, monthIndex, monthName, sideCode } from '../data/schema-common.js';
import { quantileSorted } from '../analysis/stats.js';
import { round, type Row } from './summary.js';

const historySchema = z.object({
  about: z.array(z.string()).optional(),
  sources: z.record(z.string(), z.string()),
  events: z.array(
    z.object({
      place: z.string().min(1),
      hex: hexLabel,
      month,
      kind: z.enum(['taken', 'held']),
      by: sideCode,
      what: z.string().min(1),
      sources: z.array(z.string()).min(1, { message: 'every date names at least one source' }),
    }),
  ),
});

export interface HistoryEvent {
  readonly place: string;
  readonly hexLabel: string;
  readonly month: number;
  readonly kind: 'taken' | 'held';
  readonly by: 'PAR' | 'BOL';
  readonly what: string;
  readonly sources: readonly string[];
}

/** The history file, checked: every source key defined, every month a month. */
export function compileHistory(raw: unknown, issues: Issues): { events: HistoryEvent[]; sources: Record<string, string> } | null {
  const r = historySchema.safeParse(raw);
  if (!r.success) {
    for (const i of r.error.issues) issues.add(i.path as (string | number)[], i.message);
    return null;
  }
  r.data.events.forEach((e, k) =>
    e.sources.forEach((s, j) => {
      if (!(s in r.data.sources))
        issues.add(['events', k, 'sources', j], `"${s}" is not a key of "sources" (${Object.keys(r.data.sources).join(', ')})`);
    }),
  );
  if (issues.list.length > 0) return null;
  return {
    sources: r.data.sources,
    events: r.data.events.map((e) => ({
      place: e.place,
      hexLabel: e.hex,
      month: monthIndex(e.month),
      kind: e.kind,
      by: e.by,
      what: e.what,
      sources: e.sources,
    })),
  };
}

/** The history entries that fall within the scenario's months, with the turn of that month. */
export function scenarioHistory(
  scenario: Scenario,
  turns: number,
  events: readonly HistoryEvent[],
): (HistoryEvent & { hex: number; turn: number })[] {
  return events
    .map((e) => ({ ...e, hex: parseHex(scenario.map.grid, e.hexLabel), turn: e.month - scenario.startMonth + 1 }))
    .filter((e) => e.hex !== NO_HEX && e.turn >= 1 && e.turn <= turns);
}

/** Per key hex, the turn (1-based) at which its holder first differs from the one at the end of set-up; 0 if never. */
export function firstChangeTurns(events: readonly GameEvent[], hexes: readonly number[]): number[] {
  const holder = new Map<number, number>(),
    first = hexes.map(() => 0);
  let turn = 0; // 0 during set-up; the turn events count from 0, turns here from 1
  for (const e of events) {
    if (e.type === 'turn') turn = e.turn + 1;
    else if ((e.type === 'capture' || e.type === 'control') && hexes.includes(e.hex)) {
      if (turn === 0) {
        holder.set(e.hex, e.side);
        continue;
      } // set-up control
      const k = hexes.indexOf(e.hex);
      if (first[k] === 0 && holder.get(e.hex) !== e.side) first[k] = turn;
      holder.set(e.hex, e.side);
    }
  }
  return first;
}

export const HISTORY_COLUMNS = [
  'scenario',
  'place',
  'hex',
  'history',
  'historical_month',
  'historical_turn',
  'games',
  'changed_share',
  'first_change_median_turn',
  'first_change_q25',
  'first_change_q75',
  'held_par_end_share',
  'held_bol_end_share',
  'sources',
] as const;

/** One row per key place: the war beside the games (first change turns among games where it changed). */
export function historyRow(
  scenarioId: string,
  e: HistoryEvent & { turn: number },
  firstTurns: readonly number[],
  endHolder: readonly number[],
): Row {
  const n = firstTurns.length;
  const changed = firstTurns.filter((t) => t > 0).sort((a, b) => a - b);
  return {
    scenario: scenarioId,
    place: e.place,
    hex: e.hexLabel,
    history: `${e.kind === 'taken' ? `taken by ${e.by}` : `held by ${e.by}`}: ${e.what}`,
    historical_month: monthName(e.month),
    historical_turn: e.turn,
    games: n,
    changed_share: round(changed.length / n),
    first_change_median_turn: round(quantileSorted(changed, 0.5), 1),
    first_change_q25: round(quantileSorted(changed, 0.25), 1),
    first_change_q75: round(quantileSorted(changed, 0.75), 1),
    held_par_end_share: round(endHolder.filter((h) => h === PAR).length / n),
    held_bol_end_share: round(endHolder.filter((h) => h === BOL).length / n),
    sources: e.sources.join(' '),
  };
}
