// The files of `chaco best-response`: best-response.csv (the check in one row: the largest gain found
// over the side's reference against the held mix, with its paired interval), candidates.csv (every
// parameter set evaluated) and best-response.json; returns the line the terminal prints.
import { join } from 'node:path';
import { round, toCsv, type Row, type Table } from './summary.js';
import { writeFileAtomic, writeJson } from './write-file.js';
import type { Interval } from '../analysis/stats.js';

export const BEST_RESPONSE_COLUMNS = [
  'scenario',
  'side',
  'held',
  'reference',
  'evaluations',
  'games',
  'final_games',
  'equilibrium_value',
  'equilibrium_lo',
  'equilibrium_hi',
  'bid',
  'reference_score',
  'reply_score',
  'gain',
  'gain_lo',
  'gain_hi',
  'reference_margin',
  'reply_margin',
  'margin_gain',
  'margin_gain_lo',
  'margin_gain_hi',
  'best_candidate',
  'reply_file',
] as const;
export const CANDIDATES_COLUMNS = ['scenario', 'side', 'candidate', 'games', 'win_rate', 'mean_margin', 'fitness', 'params'] as const;

export interface BestResponseResult {
  readonly scenario: { readonly id: string; readonly name: string };
  readonly side: 'PAR' | 'BOL';
  /** The other side's mix, and this side's reference mix, as text ("cautious 0.182; search 0.818"). */
  readonly held: string;
  readonly reference: string;
  /** The side's value at the balance study's equilibrium (its win probability), when the mix came from one. */
  readonly equilibrium: ({ value: number } & Interval) | null;
  /** With --at-bid, the fair bid every margin was shifted by (VP to Paraguay); the scores and gains are then wins at the bid. */
  readonly bid: number | null;
  readonly games: number;
  readonly candidates: readonly {
    name: string;
    games: number;
    winRate: number;
    meanMargin: number;
    fitness: number;
    params: Record<string, unknown>;
  }[];
  /** The final measurement on fresh seeds, null when the study stopped before it. */
  readonly final: {
    best: string;
    file: string;
    games: number;
    replyScore: number;
    referenceScore: number;
    gain: number;
    lo: number;
    hi: number;
    /** The side's mean margin (its VP minus the enemy's) against the held mix, the reply's and the reference's, and the paired gain in VP. */
    replyMargin: number;
    referenceMargin: number;
    marginGain: number;
    marginLo: number;
    marginHi: number;
  } | null;
}

const SIDE_NAME = { PAR: 'Paraguay', BOL: 'Bolivia' } as const;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
const vps = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
/** The bid in words: "Bolivia +70.7 VP" (VP to Paraguay when positive). */
const bidText = (b: number) => (b < 0 ? `Bolivia +${(-b).toFixed(1)} VP` : `Paraguay +${b.toFixed(1)} VP`);
const paramsText = (p: Record<string, unknown>) =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('; ');

/** The check in one line: a gain beyond the interval means the pool was too weak. */
export function bestResponseLine(r: BestResponseResult): string {
  const atBid = r.bid !== null ? ` (every game won on its margin after the fair bid, ${bidText(r.bid)})` : '';
  const who = `${r.scenario.name}, ${SIDE_NAME[r.side]} against ${SIDE_NAME[r.side === 'PAR' ? 'BOL' : 'PAR']}'s ${r.held}${atBid}`;
  const n = r.candidates.length;
  if (!r.final) return `${who}: stopped after ${n} evaluations, before the best reply was measured`;
  const f = r.final;
  const eq = r.equilibrium
    ? `; ${SIDE_NAME[r.side]}'s value at the study's equilibrium ${pct(r.equilibrium.value)} (${pct(r.equilibrium.lo)}–${pct(r.equilibrium.hi)})`
    : '';
  const vp = `${vps(f.marginGain)} VP a game (95% ${vps(f.marginLo)} to ${vps(f.marginHi)})`;
  const best = `the best, ${f.best}: ${pts(f.gain)} points, 95% ${pts(f.lo)} to ${pts(f.hi)}, ${vp}, ${f.games} paired games; it wins ${pct(f.replyScore)}, the reference ${pct(f.referenceScore)}${eq}`;
  if (f.lo > 0)
    return `${who}: a reply found in ${n} evaluations gains ${pts(f.gain)} points (95% ${pts(f.lo)} to ${pts(f.hi)}; ${vp}; it wins ${pct(f.replyScore)}, the reference ${pct(f.referenceScore)}${eq}) over ${r.reference}: the pool was too weak; add ${f.file} to the pool and solve again`;
  if (f.marginLo > 0)
    return `${who}: no reply found in ${n} evaluations gains more than ${pts(Math.max(0, f.hi))} points over ${r.reference}, but the best gains ${vp} (${best}): ${r.bid === null ? 'the win rate holds, the fair bid may not (check it with --at-bid)' : 'its VP do not turn games at the bid'}`;
  return `${who}: no reply found in ${n} evaluations gains more than ${pts(Math.max(0, f.hi))} points over ${r.reference} (${best})`;
}

/** Writes best-response.csv, candidates.csv and best-response.json; returns the terminal's line. */
export function writeBestResponseReport(dir: string, r: BestResponseResult, manifest: Record<string, unknown>): string {
  const eq = r.equilibrium;
  const f = r.final;
  const row: Row = {
    scenario: r.scenario.id,
    side: r.side,
    held: r.held,
    reference: r.reference,
    evaluations: r.candidates.length,
    games: r.games,
    final_games: f?.games ?? '',
    equilibrium_value: eq ? round(eq.value) : '',
    equilibrium_lo: eq ? round(eq.lo) : '',
    equilibrium_hi: eq ? round(eq.hi) : '',
    bid: r.bid ?? '',
    reference_score: f ? round(f.referenceScore) : '',
    reply_score: f ? round(f.replyScore) : '',
    gain: f ? round(f.gain) : '',
    gain_lo: f ? round(f.lo) : '',
    gain_hi: f ? round(f.hi) : '',
    reference_margin: f ? round(f.referenceMargin, 2) : '',
    reply_margin: f ? round(f.replyMargin, 2) : '',
    margin_gain: f ? round(f.marginGain, 2) : '',
    margin_gain_lo: f ? round(f.marginLo, 2) : '',
    margin_gain_hi: f ? round(f.marginHi, 2) : '',
    best_candidate: f?.best ?? '',
    reply_file: f?.file ?? '',
  };
  writeFileAtomic(join(dir, 'best-response.csv'), toCsv({ columns: BEST_RESPONSE_COLUMNS, rows: [row] }));
  const candidates: Table = {
    columns: CANDIDATES_COLUMNS,
    rows: r.candidates.map((c) => ({
      scenario: r.scenario.id,
      side: r.side,
      candidate: c.name,
      games: c.games,
      win_rate: round(c.winRate),
      mean_margin: round(c.meanMargin, 2),
      fitness: round(c.fitness),
      params: paramsText(c.params),
    })),
  };
  writeFileAtomic(join(dir, 'candidates.csv'), toCsv(candidates));
  const line = bestResponseLine(r);
  writeJson(join(dir, 'best-response.json'), { ...manifest, result: row, summary: line });
  return line;
}
