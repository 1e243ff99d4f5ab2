// The skill curve of `chaco skill`: the verdict of a scenario (Paraguay's win rate with its Wilson
// interval, the quick fair bid with its bootstrap interval) with both sides on the same rung of a
// budget ladder (search:1, search:2, search:4...), each side alone one rung above the other (what a
// doubling is worth to it, paired on the same games), and whether the verdict has stopped moving.
import { quickBid } from '../analysis/bid.js';
import { marginHist, type CellGames } from '../analysis/equilibrium.js';
import { round, type Row } from './summary.js';
import { pairedProportionDiff, wilson, type Interval } from '../analysis/stats.js';

/** One scenario's cells: every cell played the same seeds, so game i of one is paired with game i of another. */
export interface SkillScenario {
  readonly id: string;
  readonly name: string;
  /** The rungs' policies, cheapest first: each the one before it with twice the budget. */
  readonly rungs: readonly string[];
  /** same[k]: both sides at rung k. */
  readonly same: readonly CellGames[];
  /** parUp[k - 1]: Paraguay at rung k, Bolivia at rung k - 1 (k ≥ 1). */
  readonly parUp: readonly CellGames[];
  /** bolUp[k - 1]: Paraguay at rung k - 1, Bolivia at rung k. */
  readonly bolUp: readonly CellGames[];
}

/** The search budget of a rung's policy: N for search:N or search:N:<opponents> (search alone: 4), null for any other policy. */
export function rungBudget(policy: string, defaultRollouts = 4): number | null {
  const m = /^search(?::(\d+))?(?::[a-z]+)?$/.exec(policy);
  return m ? (m[1] === undefined ? defaultRollouts : Number(m[1])) : null;
}

/** A rung as the statements name it: "budget 2 (search:2)", or the policy itself. */
export function rungName(policy: string): string {
  const b = rungBudget(policy);
  return b === null ? policy : `budget ${b} (${policy})`;
}

/** A verdict at one rung: Paraguay's win rate and its Wilson 95% interval. */
export interface RungVerdict {
  readonly rung: string;
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
}

export interface Doubling {
  readonly from: string;
  readonly to: string;
  /** Paraguay's win rate at `to` minus at `from`. */
  readonly move: number;
  /** Half the width of the Wilson 95% interval of the win rate at `to`. */
  readonly halfWidth: number;
  /** |move| < halfWidth: the doubling moved the verdict by less than its interval. */
  readonly settled: boolean;
}

export interface Convergence {
  /** True when the last doubling played is settled. */
  readonly converged: boolean;
  /** The lowest rung from which every doubling played is settled (null when not converged). */
  readonly at: string | null;
  readonly doublings: readonly Doubling[];
}

/**
 * The convergence rule, on the verdicts with both sides at each rung, cheapest first. A doubling (rung
 * k - 1 to k) is settled when it moved Paraguay's win rate by less than half the width of the Wilson 95%
 * interval at rung k. The verdict has converged when the last doubling is settled; it converged at the
 * lowest rung from which every later doubling is settled and the win rate there is within the top rung's
 * half-width of the top rung's (so doublings that each pass but drift one way together do not). One rung
 * alone has no doubling: not converged.
 */
export function convergence(verdicts: readonly RungVerdict[]): Convergence {
  const doublings: Doubling[] = verdicts.slice(1).map((v, k) => {
    const move = v.rate - verdicts[k]!.rate,
      halfWidth = (v.hi - v.lo) / 2;
    return { from: verdicts[k]!.rung, to: v.rung, move, halfWidth, settled: Math.abs(move) < halfWidth };
  });
  const top = verdicts[verdicts.length - 1];
  const withinTop = (k: number) => top !== undefined && Math.abs(top.rate - verdicts[k]!.rate) < (top.hi - top.lo) / 2;
  let first = doublings.length;
  while (first > 0 && doublings[first - 1]!.settled && withinTop(first - 1)) first--;
  const converged = doublings.length > 0 && first < doublings.length;
  return { converged, at: converged ? doublings[first]!.from : null, doublings };
}

const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

/** The statement of a scenario's convergence, with its evidence. */
export function convergenceSentence(name: string, c: Convergence): string {
  const last = c.doublings[c.doublings.length - 1];
  if (!last) return `${name}: not measured (one rung only; give a higher --max-budget)`;
  const evidence = (d: Doubling) =>
    `${rungName(d.from)} → ${rungName(d.to)} moved Paraguay's win rate ${pts(d.move)} points, ${d.settled ? 'less' : 'more'} than the ±${(100 * d.halfWidth).toFixed(1)} of its interval`;
  if (!c.converged) return `${name}: still moving: the last doubling, ${evidence(last)}`;
  const from = c.doublings.findIndex((d) => d.from === c.at);
  const settled = c.doublings.slice(from).map(evidence).join('; ');
  // A settled doubling below the rung claimed: the verdict drifted from there by more than the top rung's interval.
  const below = c.doublings[from - 1];
  const drift =
    below?.settled === true
      ? `; from ${rungName(below.from)} the doublings drifted ${pts(c.doublings.slice(from - 1).reduce((a, d) => a + d.move, 0))} points in all, beyond the ±${(100 * last.halfWidth).toFixed(1)} of the top rung's interval`
      : '';
  return `${name}: converged at ${rungName(c.at!)}: ${settled}${drift}`;
}

interface Paired {
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
}

/** Paraguay's win rate in `a` minus in `b`, on the games both played (same seeds), with Newcombe's paired interval. */
export function pairedWinChange(a: CellGames, b: CellGames): Paired {
  const n = Math.min(a.winner_g.length, b.winner_g.length);
  let both = 0,
    onlyA = 0,
    onlyB = 0,
    neither = 0;
  for (let g = 0; g < n; g++) {
    const x = a.winner_g[g] === 0,
      y = b.winner_g[g] === 0;
    if (x && y) both++;
    else if (x) onlyA++;
    else if (y) onlyB++;
    else neither++;
  }
  return pairedProportionDiff(both, onlyA, onlyB, neither);
}

function verdictOf(c: CellGames): { wins: number; games: number; rate: number; ci: Interval; mean: number } {
  const n = c.winner_g.length;
  let wins = 0,
    sum = 0;
  for (let g = 0; g < n; g++) {
    if (c.winner_g[g] === 0) wins++;
    sum += c.margin_g[g]!;
  }
  return { wins, games: n, rate: n > 0 ? wins / n : NaN, ci: wilson(wins, n), mean: n > 0 ? sum / n : NaN };
}

export const SKILL_COLUMNS = [
  'scenario',
  'pair',
  'par_policy',
  'bol_policy',
  'par_budget',
  'bol_budget',
  'games',
  'par_wins',
  'par_win_rate',
  'lo',
  'hi',
  'mean_margin',
  'fair_bid',
  'fair_bid_lo',
  'fair_bid_hi',
  'step',
  'step_lo',
  'step_hi',
  'settled',
] as const;

export type SkillPair = 'both' | 'par_up' | 'bol_up';

/**
 * The rows of skill.csv for one scenario, rung by rung: both sides at rung k (with the move from k - 1),
 * then Paraguay alone one rung up (what the doubling is worth to Paraguay) and Bolivia alone (to Bolivia).
 */
export function skillRows(s: SkillScenario, opts: { seed: string; replicates: number }): Row[] {
  const rows: Row[] = [];
  const row = (pair: SkillPair, par: number, bol: number, c: CellGames, step: Paired | null, settled: boolean | null): Row => {
    const v = verdictOf(c);
    const parPolicy = s.rungs[par]!,
      bolPolicy = s.rungs[bol]!;
    const bid = quickBid(marginHist(c), { replicates: opts.replicates, seed: `${opts.seed}:${s.id}:${parPolicy}:${bolPolicy}` });
    return {
      scenario: s.id,
      pair,
      par_policy: parPolicy,
      bol_policy: bolPolicy,
      par_budget: rungBudget(parPolicy) ?? '',
      bol_budget: rungBudget(bolPolicy) ?? '',
      games: v.games,
      par_wins: v.wins,
      par_win_rate: round(v.rate),
      lo: round(v.ci.lo),
      hi: round(v.ci.hi),
      mean_margin: round(v.mean, 2),
      fair_bid: round(bid.bid, 1),
      fair_bid_lo: round(bid.interval.lo, 1),
      fair_bid_hi: round(bid.interval.hi, 1),
      step: step ? round(step.diff) : '',
      step_lo: step ? round(step.lo) : '',
      step_hi: step ? round(step.hi) : '',
      settled: settled === null ? '' : String(settled),
    };
  };
  const verdicts = s.same.map((c, k) => {
    const v = verdictOf(c);
    return { rung: s.rungs[k]!, rate: v.rate, lo: v.ci.lo, hi: v.ci.hi };
  });
  const conv = convergence(verdicts);
  s.same.forEach((c, k) => {
    rows.push(row('both', k, k, c, k > 0 ? pairedWinChange(c, s.same[k - 1]!) : null, k > 0 ? conv.doublings[k - 1]!.settled : null));
    if (k === 0) return;
    rows.push(row('par_up', k, k - 1, s.parUp[k - 1]!, pairedWinChange(s.parUp[k - 1]!, s.same[k - 1]!), null));
    // Bolivia's gain: its win rate up minus level, i.e. Paraguay's level minus up.
    rows.push(row('bol_up', k - 1, k, s.bolUp[k - 1]!, pairedWinChange(s.same[k - 1]!, s.bolUp[k - 1]!), null));
  });
  return rows;
}

/** The convergence of a scenario from its cells. */
export function skillConvergence(s: SkillScenario): Convergence {
  return convergence(
    s.same.map((c, k) => {
      const v = verdictOf(c);
      return { rung: s.rungs[k]!, rate: v.rate, lo: v.ci.lo, hi: v.ci.hi };
    }),
  );
}
