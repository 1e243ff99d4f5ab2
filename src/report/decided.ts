// When games were decided (src/sim/decided.ts counts it): decided.csv, its chart and the terminal's
// line: per turn, how often the side ahead on VP at the end of the turn wins, and the share of games
// whose lead has stopped changing hands by then.
import { monthLabel } from '../data/schema-common.js';
import type { DecidedCounts } from '../sim/decided.js';
import { decidedGames, decisionStats, shareDecidedByTurn } from '../sim/decided.js';
import { base, type Chart } from './charts.js';
import { round, type Table } from './summary.js';

export const DECIDED_COLUMNS = [
  'turn',
  'month',
  'games',
  'games_with_leader',
  'leader_wins',
  'leader_wins_share',
  'decided_in_turn',
  'share_decided_by_turn',
] as const;

/** decided.csv: a row per turn. */
export function decidedTable(d: DecidedCounts, startMonth: number): Table {
  const n = decidedGames(d),
    cum = shareDecidedByTurn(d);
  const rows = d.withLeader.map((w, t) => ({
    turn: t + 1,
    month: monthLabel(startMonth + t),
    games: n,
    games_with_leader: w,
    leader_wins: d.leaderWins[t]!,
    leader_wins_share: round(w > 0 ? d.leaderWins[t]! / w : NaN),
    decided_in_turn: d.decidedIn[t]!,
    share_decided_by_turn: round(cum[t]!),
  }));
  return { columns: DECIDED_COLUMNS, rows };
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

/** "decided     by turn 3 in 91% of games ..." (the first turn by which 90% were), or null with no games. */
export function decidedLine(d: DecidedCounts): string | null {
  const n = decidedGames(d);
  if (n === 0) return null;
  const s = decisionStats(d);
  const first = d.withLeader[0]! > 0 ? `; the leader after turn 1 wins ${pct(d.leaderWins[0]! / d.withLeader[0]!)}` : '';
  return `${'decided'.padEnd(12)}by turn ${s.turn} in ${pct(s.shareByTurn)} of games (from then on the side ahead on VP is the winner; median turn ${s.median}, mean ${s.mean.toFixed(1)})${first}`;
}

/** The same for the report page (HTML-free text). */
export function decidedFact(d: DecidedCounts): string {
  const n = decidedGames(d);
  if (n === 0) return '–';
  const s = decisionStats(d);
  return `by turn ${s.turn} in ${pct(s.shareByTurn)} of games: from the end of that turn on, the side ahead on VP is the final winner (median decision turn ${s.median}, mean ${s.mean.toFixed(2)})`;
}

/** Two lines over the turns: the share of games decided by the end of each turn, and how often the side then ahead wins. */
export function decidedChart(d: DecidedCounts): Chart {
  const n = decidedGames(d),
    cum = shareDecidedByTurn(d);
  const values = d.withLeader.flatMap((w, t) => [
    { turn: t + 1, what: 'games decided by the end of the turn', share: round(cum[t]!) },
    ...(w > 0 ? [{ turn: t + 1, what: 'the side ahead at the end of the turn wins', share: round(d.leaderWins[t]! / w) }] : []),
  ]);
  const turns = d.withLeader.length;
  return {
    name: 'decided',
    title: 'When games are decided',
    caption: `Over ${n} games: the share of games decided by the end of each turn (from then on the side ahead on VP is the final winner, the lead no longer changes hands; a game ending on equal VP is decided by the coin flip at its end) and how often the side ahead on VP at the end of the turn wins, among the games with one side ahead. A game already over counts with its final VP.`,
    spec: {
      ...base('Share of games decided by each turn, and how often the side ahead at the end of each turn wins'),
      width: 560,
      height: 240,
      data: { values },
      mark: { type: 'line', point: true, strokeWidth: 2 },
      encoding: {
        x: {
          field: 'turn',
          type: 'quantitative',
          title: 'end of turn',
          axis: { tickMinStep: 1, format: 'd' },
          scale: { domain: [1, Math.max(2, turns)] },
        },
        y: { field: 'share', type: 'quantitative', title: null, scale: { domain: [0, 1] }, axis: { format: '.0%' } },
        color: {
          field: 'what',
          type: 'nominal',
          title: null,
          scale: { range: ['#34495e', '#e67e22'] },
          legend: { orient: 'top', direction: 'vertical' },
        },
      },
    },
  };
}

export const DECIDED_NOTE =
  'Per turn over all games (a game already over counts with its final VP): games_with_leader: games with one side ahead on VP at the end of the turn; leader_wins_share: how many of those that side went on to win; decided_in_turn: games whose lead stopped changing hands in that turn (from its end on the side ahead is the final winner; a game ending on equal VP is decided at its end, by the coin flip of 16.3); share_decided_by_turn: their running share.';
