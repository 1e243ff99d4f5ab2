// The tables of a run, from its aggregate: summary.csv (per side), turns.csv (per turn) and
// settlements.csv (per settlement). Rows are plain records with a fixed column order.
import { stringify } from 'csv-stringify/sync';
import { hexLabel } from '../core/hex.js';
import type { Scenario } from '../core/scenario.js';
import { monthLabel } from '../data/schema-common.js';
import { END_TYPES, SIDE_NAMES, type Aggregate, type AggregateShape, settlementHexes } from '../sim/aggregate.js';
import { histMean, histQuantile, histSd, wilson, type IntHist } from '../analysis/stats.js';

export type Row = Record<string, string | number>;

export interface Table {
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
}

/** Rounds for the tables: shares and rates to 4 decimals, means to 3; halves away from zero, so -x rounds to -(x rounded). */
export function round(x: number, digits = 4): number | string {
  if (!Number.isFinite(x)) return '';
  const f = 10 ** digits;
  const r = (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
  return Object.is(r, -0) ? 0 : r;
}

export function toCsv(table: Table): string {
  return stringify(table.rows as Row[], { header: true, columns: [...table.columns] });
}

/** The quantiles reported everywhere: 5%, 25%, median, 75%, 95%. */
export const QUANTILES = [
  ['q05', 0.05],
  ['q25', 0.25],
  ['median', 0.5],
  ['q75', 0.75],
  ['q95', 0.95],
] as const;

function negate(h: IntHist): IntHist {
  return { lo: -(h.lo + h.counts.length - 1), counts: [...h.counts].reverse() };
}

function distribution(prefix: string, h: IntHist): Row {
  const row: Row = { [`${prefix}_mean`]: round(histMean(h), 3), [`${prefix}_sd`]: round(histSd(h), 3) };
  for (const [name, p] of QUANTILES) row[`${prefix}_${name}`] = round(histQuantile(h, p), 3);
  return row;
}

/**
 * summary.csv: one row per side (its win rate with a Wilson 95% interval, the share of all games it
 * won at each victory level and by each end, its margin (own VP - enemy VP) and the mean end turn of
 * the games it won), and a row "all" (every game: margin PAR - BOL, mean end turn).
 */
export function summaryTable(agg: Aggregate, shape: AggregateShape): Table {
  const n = agg.games;
  const share = (k: number) => round(n > 0 ? k / n : NaN);
  const columns = [
    'side',
    'games',
    'wins',
    'win_rate',
    'win_rate_lo',
    'win_rate_hi',
    ...shape.levels.map((l) => `level_${l}`),
    ...END_TYPES.map((e) => `end_${e}`),
    ...['mean', 'sd', ...QUANTILES.map(([q]) => q)].map((s) => `margin_${s}`),
    'end_turn_mean',
  ];
  const rows: Row[] = SIDE_NAMES.map((side, s) => {
    const ci = wilson(agg.wins[s]!, n);
    const row: Row = {
      side,
      games: n,
      wins: agg.wins[s]!,
      win_rate: share(agg.wins[s]!),
      win_rate_lo: round(ci.lo),
      win_rate_hi: round(ci.hi),
    };
    shape.levels.forEach((l, i) => {
      row[`level_${l}`] = share(agg.levels[i]![s]!);
    });
    END_TYPES.forEach((e, i) => {
      row[`end_${e}`] = share(agg.ends[i]![s]!);
    });
    Object.assign(row, distribution('margin', s === 0 ? agg.margin : negate(agg.margin)));
    row.end_turn_mean = round(agg.wins[s]! > 0 ? agg.endTurnSum[s]! / agg.wins[s]! : NaN, 3);
    return row;
  });
  const all: Row = { side: 'all', games: n, wins: n, win_rate: '', win_rate_lo: '', win_rate_hi: '' };
  shape.levels.forEach((l, i) => {
    all[`level_${l}`] = share(agg.levels[i]![0]! + agg.levels[i]![1]!);
  });
  END_TYPES.forEach((e, i) => {
    all[`end_${e}`] = share(agg.ends[i]![0]! + agg.ends[i]![1]!);
  });
  Object.assign(all, distribution('margin', agg.margin));
  all.end_turn_mean = round(n > 0 ? (agg.endTurnSum[0]! + agg.endTurnSum[1]!) / n : NaN, 3);
  rows.push(all);
  return { columns, rows };
}

/**
 * turns.csv: per turn, how many games played it and how many ended in it (by end type), rain and truce
 * among the games playing, and VP at the end of the turn over all games (a game already over keeps its
 * final figures): each side's VP and the margin with quantiles, Paraguay's share of leads, mean steps
 * lost, units eliminated and settlements held.
 */
export function turnsTable(agg: Aggregate, startMonth: number): Table {
  const n = agg.games;
  const per = (x: number, d: number) => round(d > 0 ? x / d : NaN);
  const dist = (prefix: string, h: IntHist) => distribution(prefix, h);
  const rows = agg.turns.map((t, i) => {
    const row: Row = { turn: i + 1, month: monthLabel(startMonth + i), games_playing: t.playing };
    END_TYPES.forEach((e, k) => {
      row[`ended_${e}`] = t.ended[k]!;
    });
    Object.assign(row, { rainy_share: per(t.rainy, t.playing), truce_share: per(t.truce, t.playing) });
    Object.assign(row, dist('vp_par', t.vpPar), dist('vp_bol', t.vpBol), dist('margin', t.margin));
    Object.assign(row, {
      par_leads_share: per(t.parLeads, n),
      steps_lost_par_mean: round(n > 0 ? t.stepsLost[0]! / n : NaN, 3),
      steps_lost_bol_mean: round(n > 0 ? t.stepsLost[1]! / n : NaN, 3),
      eliminated_par_mean: round(n > 0 ? t.eliminated[0]! / n : NaN, 3),
      eliminated_bol_mean: round(n > 0 ? t.eliminated[1]! / n : NaN, 3),
      settlements_par_mean: round(n > 0 ? t.settlementsHeld[0]! / n : NaN, 3),
      settlements_bol_mean: round(n > 0 ? t.settlementsHeld[1]! / n : NaN, 3),
    });
    return row;
  });
  const stats = ['mean', 'sd', ...QUANTILES.map(([q]) => q)];
  const columns = [
    'turn',
    'month',
    'games_playing',
    ...END_TYPES.map((e) => `ended_${e}`),
    'rainy_share',
    'truce_share',
    ...stats.map((s) => `vp_par_${s}`),
    ...stats.map((s) => `vp_bol_${s}`),
    ...stats.map((s) => `margin_${s}`),
    'par_leads_share',
    'steps_lost_par_mean',
    'steps_lost_bol_mean',
    'eliminated_par_mean',
    'eliminated_bol_mean',
    'settlements_par_mean',
    'settlements_bol_mean',
  ];
  return { columns, rows };
}

/**
 * settlements.csv: per settlement, how often it changed hands (captures per game by each side), the
 * share of games in which it changed hands at least once, and who held it at the end.
 */
export function settlementsTable(agg: Aggregate, scenario: Scenario): Table {
  const n = agg.games;
  const a = agg.settlements;
  const places = scenario.map.places;
  const rows = settlementHexes(scenario).map((h, k) => {
    const place = places[scenario.map.place_h[h]!]!;
    return {
      settlement: place.name,
      hex: hexLabel(scenario.map.grid, h),
      big_four: place.bigFour ? 1 : 0,
      held_at_start: scenario.control_h[h] === 0 ? 'PAR' : scenario.control_h[h] === 1 ? 'BOL' : '',
      changes_per_game: round(n > 0 ? (a.capturesPar[k]! + a.capturesBol[k]!) / n : NaN),
      captures_par_per_game: round(n > 0 ? a.capturesPar[k]! / n : NaN),
      captures_bol_per_game: round(n > 0 ? a.capturesBol[k]! / n : NaN),
      changed_share: round(n > 0 ? a.gamesChanged[k]! / n : NaN),
      held_par_end_share: round(n > 0 ? a.endPar[k]! / n : NaN),
      held_bol_end_share: round(n > 0 ? a.endBol[k]! / n : NaN),
    };
  });
  const columns = [
    'settlement',
    'hex',
    'big_four',
    'held_at_start',
    'changes_per_game',
    'captures_par_per_game',
    'captures_bol_per_game',
    'changed_share',
    'held_par_end_share',
    'held_bol_end_share',
  ];
  return { columns, rows };
}
