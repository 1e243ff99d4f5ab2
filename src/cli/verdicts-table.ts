// The verdicts study's decisions and tables (scripts/verdicts.mjs plays the commands): which best-response checks
// beat a side (their gain's lower end above zero), the name a reply joins the pool under, verdicts.csv's rows and the
// terminal's line per scenario. Pure functions over the rows the checks and the balance study wrote.
import { EQUILIBRIUM_COLUMNS } from '../report/balance-report.js';
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

/** A check's gains, in wins and in VP a game, each with its interval; the check's prefix (par, par_bid...) before each. */
const GAINS = ['gain', 'gain_lo', 'gain_hi', 'vp_gain', 'vp_gain_lo', 'vp_gain_hi'] as const;
/** Each check's column prefix and its key in VerdictResult.checks. */
const CHECKS = [
  ['par', 'PAR'],
  ['par_bid', 'PAR_bid'],
  ['bol', 'BOL'],
  ['bol_bid', 'BOL_bid'],
] as const;

export const VERDICTS_COLUMNS = [
  'scenario',
  'rounds',
  'converged',
  // equilibrium.csv's verdict and mixes, as the balance study wrote them
  ...EQUILIBRIUM_COLUMNS.filter((c) => !['scenario', 'min_cell', 'max_cell', 'games', 'replicates'].includes(c)),
  ...CHECKS.flatMap(([k]) => GAINS.map((g) => `${k}_${g}`)),
  'study',
];

/** verdicts.csv: per scenario its last equilibrium and both sides' gains (empty where a check was not run). */
export function verdictsCsv(results: readonly VerdictResult[]): string {
  const rows: Row[] = results.map((r) => {
    const row: Row = { scenario: r.scenario, rounds: r.round + 1, converged: String(r.converged), study: r.study };
    for (const [k, v] of Object.entries(r.equilibrium)) if (VERDICTS_COLUMNS.includes(k)) row[k] = v;
    for (const [k, key] of CHECKS) {
      const c = r.checks[key];
      const cells = [c?.gain, c?.gain_lo, c?.gain_hi, c?.margin_gain, c?.margin_gain_lo, c?.margin_gain_hi];
      GAINS.forEach((g, i) => (row[`${k}_${g}`] = cells[i] ?? ''));
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

const points = (x: Cell | undefined) => (x === undefined || x === '' ? '' : `${Number(x) >= 0 ? '+' : ''}${(100 * Number(x)).toFixed(1)}`);
/** A fair bid and its interval in words: "Bolivia +37.8 (35.9–39.3)"; VP to Paraguay, signed, when the interval spans zero. */
function bidWithInterval(e: Readonly<Record<string, string>>): string {
  const [b, lo, hi] = [e.fair_bid, e.fair_bid_lo, e.fair_bid_hi].map(Number) as [number, number, number];
  if (lo < 0 && hi > 0) return `${b} VP to Paraguay (${lo} to ${hi})`;
  return b < 0 ? `Bolivia +${-b} (${-hi}–${-lo})` : `Paraguay +${b} (${lo}–${hi})`;
}
/** One check's gain in wins with its interval, in points: "−6.7 (−12.9 to −0.5)"; empty where it was not run. */
const gainText = (c: CheckRow | undefined) => (c ? `${points(c.gain)} (${points(c.gain_lo)} to ${points(c.gain_hi)})` : '—');

/**
 * verdicts.md: the verdicts as a table to publish, each with what it rests on: the rounds it took, whether the last
 * checks found no better reply, and each side's best reply's gain in wins, at the equilibrium and at the fair bid.
 */
export function verdictsMarkdown(results: readonly VerdictResult[]): string {
  const rows = results.map((r) => {
    const e = r.equilibrium;
    return (
      `| ${r.scenario} | ${pct(e.value!)} (${pct(e.lo!)}–${pct(e.hi!)}) | ${bidWithInterval(e)} | ${e.par_mix} / ${e.bol_mix} | ` +
      `${e.par_mix_at_bid ?? ''} / ${e.bol_mix_at_bid ?? ''} | ${r.round + 1} | ${r.converged ? 'yes' : 'no: a side still beaten'} | ` +
      `${gainText(r.checks.PAR)}; ${gainText(r.checks.PAR_bid)} | ${gainText(r.checks.BOL)}; ${gainText(r.checks.BOL_bid)} |`
    );
  });
  return [
    "| scenario | Paraguay wins (95%) | fair bid, VP (95%) | mixes, Paraguay / Bolivia | mixes at the fair bid | rounds | converged | Paraguay's best reply, points: in wins; at the bid | Bolivia's |",
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
