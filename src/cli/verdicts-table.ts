// The verdicts study's decisions and tables (scripts/verdicts.mjs plays the commands): which best-response checks
// beat a side (their gain's lower end above zero), the name a reply joins the pool under, verdicts.csv's rows and the
// terminal's line per scenario. Pure functions over the rows the checks and the balance study wrote.
import { toCsv, type Row } from '../report/summary.js';

/** One check's best-response.json result row, with the check's folder name (round-0-bol-bid). */
export interface CheckRow {
  readonly name: string;
  readonly gain: Cell;
  readonly gain_lo: Cell;
  readonly gain_hi: Cell;
  readonly margin_gain: Cell;
  readonly margin_gain_lo: Cell;
  readonly margin_gain_hi: Cell;
  readonly reply_file: string;
}
type Cell = string | number;

/** A scenario's last round: its equilibrium.csv row and its checks, keyed PAR, BOL (in wins) and PAR_bid, BOL_bid (at the bid). */
export interface VerdictResult {
  readonly scenario: string;
  readonly round: number;
  readonly converged: boolean;
  readonly study: string;
  readonly equilibrium: Readonly<Record<string, string>>;
  readonly checks: Readonly<Record<string, CheckRow>>;
}

/** The checks whose reply beats the side's equilibrium play: the gain's 95% interval wholly above zero. */
export const beatenChecks = (checks: Readonly<Record<string, CheckRow>>): CheckRow[] =>
  Object.values(checks).filter((c) => Number(c.gain_lo) > 0);

/** The label a check's reply joins the pool under: round-0-bol-bid → bol-round-0-bid (the side first, unique per check). */
export function replyName(checkName: string): string {
  const m = /^round-(\d+)-(par|bol)(-bid)?$/.exec(checkName);
  if (!m) throw new Error(`not a check's folder name: ${checkName}`);
  return `${m[2]}-round-${m[1]}${m[3] ?? ''}`;
}

export const VERDICTS_COLUMNS = [
  'scenario',
  'rounds',
  'converged',
  'value',
  'lo',
  'hi',
  'fair_bid',
  'fair_bid_lo',
  'fair_bid_hi',
  'par_mix',
  'bol_mix',
  'par_mix_at_bid',
  'bol_mix_at_bid',
  ...(['par', 'bol'] as const).flatMap((s) =>
    [
      'gain',
      'gain_lo',
      'gain_hi',
      'vp_gain',
      'vp_gain_lo',
      'vp_gain_hi',
      'bid_gain',
      'bid_gain_lo',
      'bid_gain_hi',
      'bid_vp_gain',
      'bid_vp_gain_lo',
      'bid_vp_gain_hi',
    ].map((c) => `${s}_${c}`),
  ),
  'study',
] as const;

/** verdicts.csv: per scenario its last equilibrium and both sides' gains (empty where a check was not run). */
export function verdictsCsv(results: readonly VerdictResult[]): string {
  const rows: Row[] = results.map((r) => {
    const row: Row = { scenario: r.scenario, rounds: r.round + 1, converged: String(r.converged), study: r.study };
    for (const k of VERDICTS_COLUMNS.slice(3, 13)) row[k] = r.equilibrium[k] ?? '';
    for (const side of ['PAR', 'BOL'] as const) {
      const p = side.toLowerCase(),
        w = r.checks[side],
        b = r.checks[`${side}_bid`];
      Object.assign(row, {
        [`${p}_gain`]: w?.gain ?? '',
        [`${p}_gain_lo`]: w?.gain_lo ?? '',
        [`${p}_gain_hi`]: w?.gain_hi ?? '',
        [`${p}_vp_gain`]: w?.margin_gain ?? '',
        [`${p}_vp_gain_lo`]: w?.margin_gain_lo ?? '',
        [`${p}_vp_gain_hi`]: w?.margin_gain_hi ?? '',
        [`${p}_bid_gain`]: b?.gain ?? '',
        [`${p}_bid_gain_lo`]: b?.gain_lo ?? '',
        [`${p}_bid_gain_hi`]: b?.gain_hi ?? '',
        [`${p}_bid_vp_gain`]: b?.margin_gain ?? '',
        [`${p}_bid_vp_gain_lo`]: b?.margin_gain_lo ?? '',
        [`${p}_bid_vp_gain_hi`]: b?.margin_gain_hi ?? '',
      });
    }
    return row;
  });
  return toCsv({ columns: VERDICTS_COLUMNS, rows });
}

const SIDE = { PAR: 'Paraguay', BOL: 'Bolivia' } as const;
const pct = (x: string) => `${(100 * Number(x)).toFixed(1)}%`;
/** The fair bid in words (equilibrium.csv's fair_bid: positive, VP to Paraguay; negative, to Bolivia). */
const bidText = (v: string) => (Number(v) < 0 ? `Bolivia +${-Number(v)}` : `Paraguay +${Number(v)}`);

/**
 * The terminal's line for one scenario: the verdict, whether a reply still beat a side, and a reply that gains VP but
 * not wins: at the bid (the check there ran), VP that do not turn games at the bid; at the equilibrium only, the bid in doubt.
 */
export function verdictLine(r: VerdictResult): string {
  const e = r.equilibrium;
  const vpOnly = (['PAR', 'BOL'] as const).flatMap((side) => {
    const atBid = r.checks[`${side}_bid`];
    const c = atBid ?? r.checks[side];
    if (!c || !(Number(c.margin_gain_lo) > 0) || Number(c.gain_lo) > 0) return [];
    return atBid
      ? [`; ${SIDE[side]}'s best reply at the bid gains ${c.margin_gain} VP a game that do not turn games there`]
      : [`; ${SIDE[side]}'s best reply gains ${c.margin_gain} VP a game, not wins: the bid may be off (check it at the bid)`];
  });
  return (
    `${r.scenario}: Paraguay wins ${pct(e.value!)} (${pct(e.lo!)}–${pct(e.hi!)}) at equilibrium, fair bid ${bidText(e.fair_bid!)} VP; ` +
    `${r.converged ? 'no side beaten by a reply' : 'a side still beaten when the rounds ran out'} (round ${r.round + 1})${vpOnly.join('')}`
  );
}
