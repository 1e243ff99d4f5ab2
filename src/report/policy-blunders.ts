// The blunder audit per policy of a study (`chaco balance`, `chaco ladder`): for each scenario, side and
// policy of the pool, the share of its games (against every opponent of the matrix) in which that side
// made each kind of blunder; blunders-by-policy.csv in long form and a wide table for the page.
import { BLUNDERS, emptyBlunderCounts, mergeBlunderCounts, type BlunderCounts } from '../sim/blunders.js';
import { wilson } from '../analysis/stats.js';
import { round, type Row, type Table } from './summary.js';

/** One scenario's matrix as the audit sees it: cells[i][j] is Paraguay's policy i against Bolivia's j. */
export interface BlunderMatrix {
  readonly id: string;
  readonly par: readonly string[];
  readonly bol: readonly string[];
  /** Games of each cell and its counts (null: some of its games were played before the audit counted them). */
  readonly cells: readonly (readonly { readonly games: number; readonly blunders: BlunderCounts | null }[])[];
}

export const POLICY_BLUNDER_COLUMNS = [
  'scenario',
  'side',
  'policy',
  'blunder',
  'games',
  'games_with',
  'share_of_games',
  'share_of_games_lo',
  'share_of_games_hi',
  'total',
  'mean_per_game',
  'rule',
] as const;

interface PolicyCounts {
  scenario: string;
  side: 'PAR' | 'BOL';
  policy: string;
  games: number;
  counts: BlunderCounts;
}

/** Each policy's counts summed over its row (Paraguay) or column (Bolivia), its own side's read later; policies with an uncounted cell are left out. */
function perPolicy(m: BlunderMatrix): PolicyCounts[] {
  const out: PolicyCounts[] = [];
  const sum = (side: 'PAR' | 'BOL', policy: string, cells: readonly { games: number; blunders: BlunderCounts | null }[]) => {
    if (cells.some((c) => c.blunders === null)) return;
    const counts = cells.reduce((a, c) => mergeBlunderCounts(a, c.blunders!), emptyBlunderCounts());
    out.push({ scenario: m.id, side, policy, games: cells.reduce((a, c) => a + c.games, 0), counts });
  };
  m.par.forEach((p, i) => sum('PAR', p, m.cells[i]!));
  m.bol.forEach((b, j) =>
    sum(
      'BOL',
      b,
      m.cells.map((row) => row[j]!),
    ),
  );
  return out;
}

/** blunders-by-policy.csv: a row per scenario, side, policy and kind, with the share's Wilson 95% interval. */
export function policyBlundersTable(matrices: readonly BlunderMatrix[]): Table {
  const rows: Row[] = [];
  for (const p of matrices.flatMap(perPolicy)) {
    const s = p.side === 'PAR' ? 0 : 1;
    BLUNDERS.forEach((b, k) => {
      const withOne = p.counts.games[k]![s]!,
        total = p.counts.total[k]![s]!;
      const ci = wilson(withOne, p.games);
      rows.push({
        scenario: p.scenario,
        side: p.side,
        policy: p.policy,
        blunder: b.id,
        games: p.games,
        games_with: withOne,
        share_of_games: round(withOne / p.games),
        share_of_games_lo: round(ci.lo),
        share_of_games_hi: round(ci.hi),
        total,
        mean_per_game: round(total / p.games, 3),
        rule: b.rule,
      });
    });
  }
  return { columns: POLICY_BLUNDER_COLUMNS, rows };
}

/** The page's table: a row per scenario, side and policy, a column per kind (percent of its games with one). */
export function policyBlundersWide(long: Table): Table {
  const rows = new Map<string, Row>();
  for (const r of long.rows) {
    const key = `${r.scenario}|${r.side}|${r.policy}`;
    const row = rows.get(key) ?? { scenario: r.scenario!, side: r.side!, policy: r.policy!, games: r.games! };
    row[String(r.blunder)] = `${(100 * Number(r.share_of_games)).toFixed(0)}%`;
    rows.set(key, row);
  }
  return { columns: ['scenario', 'side', 'policy', 'games', ...BLUNDERS.map((b) => b.id)], rows: [...rows.values()] };
}

export const POLICY_BLUNDERS_NOTE =
  "Share of each policy's games, against every opponent of the matrix, in which its side made each kind of blunder at least once (docs/blunders.md defines each kind; blunders-by-policy.csv has the counts and Wilson 95% intervals). A policy with games kept from a study resumed from an older chaco, which did not count them, is left out.";
