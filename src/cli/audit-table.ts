// The blunder audit held to the bar play must clear (scripts/audit.mjs plays the runs): per scenario, player and side,
// each kind's share of games against its bar (never, or under 5% of games), and each side's blunder rate against
// `balanced`'s (a stronger player may blunder no more). Pure functions over the blunders.csv rows the runs wrote.
import { toCsv, type Row } from '../report/summary.js';
import { RATED_BLUNDERS } from '../sim/blunder-rate.js';
import { BLUNDERS } from '../sim/blunders.js';

/** The bar of each kind held to one (docs/blunders.md): 0 never; else the share of games it must stay under. */
export const AUDIT_BARS: Readonly<Record<string, number>> = {
  empty_works: 0,
  hopeless_call_up: 0,
  ghq_overrun: 0.05,
  ghq_cut_off: 0.05,
  leader_lost_with_stack: 0.05,
  open_base: 0.05,
  hopeless_attack: 0.05,
};

/** The kinds a blunder rate sums (as chaco compare and tune count it: attrition and over-stacking aside). */
const RATED = new Set(RATED_BLUNDERS.map((k) => BLUNDERS[k]!.id));

/** One row of a run's blunders.csv, as read (numbers as text). */
export interface BlunderRow {
  readonly side: string;
  readonly blunder: string;
  readonly games: string;
  readonly share_of_games: string;
  readonly share_of_games_lo: string;
  readonly share_of_games_hi: string;
}

/** A cell of the audit: one scenario, one player for both sides, its blunders.csv and its game count. */
export interface AuditCell {
  readonly scenario: string;
  readonly player: string;
  readonly games: number;
  readonly rows: readonly BlunderRow[];
  /** What the player is on each side when not the same (`tuned` where one side has no tuned file). */
  readonly note?: string;
}

/** A side's blunder rate in a cell: the rated kinds' shares of games, summed. */
export function cellRate(cell: AuditCell, side: string): number {
  return cell.rows.filter((r) => r.side === side && RATED.has(r.blunder)).reduce((a, r) => a + Number(r.share_of_games), 0);
}

/** Whether a kind's count clears its bar: never means in no game; else a share under the bar. */
export function clears(blunder: string, games: number, share: number): boolean {
  const bar = AUDIT_BARS[blunder];
  if (bar === undefined) return true;
  return bar === 0 ? games === 0 : share < bar;
}

/** audit.csv: a row per cell, side and barred kind, with its bar and whether it clears it. */
export function auditRows(cells: readonly AuditCell[]): Row[] {
  const out: Row[] = [];
  for (const c of cells)
    for (const r of c.rows) {
      if (!(r.blunder in AUDIT_BARS)) continue;
      out.push({
        scenario: c.scenario,
        player: c.player,
        games: c.games,
        side: r.side,
        blunder: r.blunder,
        games_with: Number(r.games),
        share_of_games: Number(r.share_of_games),
        share_of_games_lo: Number(r.share_of_games_lo),
        share_of_games_hi: Number(r.share_of_games_hi),
        bar: AUDIT_BARS[r.blunder]!,
        clears: clears(r.blunder, Number(r.games), Number(r.share_of_games)) ? 'yes' : 'no',
      });
    }
  return out;
}

export const AUDIT_COLUMNS = [
  'scenario',
  'player',
  'games',
  'side',
  'blunder',
  'games_with',
  'share_of_games',
  'share_of_games_lo',
  'share_of_games_hi',
  'bar',
  'clears',
] as const;

export const auditCsv = (cells: readonly AuditCell[]): string => toCsv({ columns: AUDIT_COLUMNS, rows: auditRows(cells) });

/** A side's rate in a cell against `balanced`'s in the same scenario, and the kinds in which it is worse beyond both intervals. */
export interface RateCheck {
  readonly scenario: string;
  readonly player: string;
  readonly side: string;
  readonly rate: number;
  /** null: no balanced cell in the scenario, or the cell is balanced's. */
  readonly balanced: number | null;
  readonly noWorse: boolean | null;
  /** Kinds whose share's interval lies wholly above balanced's. */
  readonly worseKinds: readonly string[];
}

export function rateChecks(cells: readonly AuditCell[]): RateCheck[] {
  const out: RateCheck[] = [];
  for (const c of cells)
    for (const side of ['PAR', 'BOL']) {
      const base = c.player === 'balanced' ? undefined : cells.find((b) => b.scenario === c.scenario && b.player === 'balanced');
      const rate = cellRate(c, side);
      const balanced = base ? cellRate(base, side) : null;
      const worseKinds = base
        ? c.rows
            .filter((r) => r.side === side && RATED.has(r.blunder))
            .filter((r) => {
              const b = base.rows.find((x) => x.side === side && x.blunder === r.blunder);
              return b !== undefined && Number(r.share_of_games_lo) > Number(b.share_of_games_hi);
            })
            .map((r) => r.blunder)
        : [];
      out.push({
        scenario: c.scenario,
        player: c.player,
        side,
        rate,
        balanced,
        noWorse: balanced === null ? null : rate <= balanced + 1e-9,
        worseKinds,
      });
    }
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(1).replace(/\.0$/, '')}%`;

/**
 * audit.md: a line per scenario and player, each side's rated kinds in 1% of games or more (bold where a bar is
 * missed) and its rate (with `balanced`'s beside it, bold where higher); then what misses the bar, or that nothing does.
 */
export function auditMarkdown(cells: readonly AuditCell[]): string {
  const rates = rateChecks(cells);
  const lines = ['| scenario | player | games | Paraguay | Bolivia |', '|---|---|---|---|---|'];
  const misses: string[] = [];
  for (const c of cells) {
    const sides = ['PAR', 'BOL'].map((side) => {
      const kinds: string[] = [];
      for (const r of c.rows) {
        if (r.side !== side || !RATED.has(r.blunder)) continue;
        const share = Number(r.share_of_games);
        const ok = clears(r.blunder, Number(r.games), share);
        if (ok && share < 0.01) continue;
        if (!ok) misses.push(`${c.scenario}, ${c.player}, ${side}: ${r.blunder} in ${pct(share)} of games`);
        kinds.push(ok ? `${r.blunder} ${pct(share)}` : `**${r.blunder} ${pct(share)}**`);
      }
      const rc = rates.find((x) => x.scenario === c.scenario && x.player === c.player && x.side === side)!;
      if (rc.noWorse === false) {
        const why = rc.worseKinds.length > 0 ? `worse beyond the intervals in ${rc.worseKinds.join(', ')}` : 'no kind beyond its interval';
        misses.push(`${c.scenario}, ${c.player}, ${side}: rate ${rc.rate.toFixed(3)} above balanced's ${rc.balanced!.toFixed(3)} (${why})`);
      }
      const rate = `rate ${rc.rate.toFixed(3)}${rc.balanced === null ? '' : ` (balanced ${rc.balanced.toFixed(3)})`}`;
      return `${kinds.length > 0 ? kinds.join(', ') : 'none'}; ${rc.noWorse === false ? `**${rate}**` : rate}`;
    });
    lines.push(`| ${c.scenario} | ${c.player}${c.note ? ` (${c.note})` : ''} | ${c.games} | ${sides[0]} | ${sides[1]} |`);
  }
  lines.push('', misses.length === 0 ? 'Every cell clears the bar.' : `Missing the bar:\n\n${misses.map((m) => `- ${m}`).join('\n')}`);
  return `${lines.join('\n')}\n`;
}
