// When games are decided (issue 28): from each side's VP at the end of every turn, whether the side
// leading then is the final winner, and the turn from which the lead stays with the winner (the lead
// stops changing hands). Mergeable counts per turn of the run's aggregate. Ludii's decisiveness and
// drama measures (Browne's game metrics) are the inspiration; these are the plain, well-defined shares.

/** Summed over games, per turn (0-based; a game already over counts with its final VP). */
export interface DecidedCounts {
  /** Games in which one side has more VP than the other at the end of the turn. */
  withLeader: number[];
  /** Of those, games the leader went on to win. */
  leaderWins: number[];
  /** Games whose decision turn (decisionTurn) is this turn. */
  decidedIn: number[];
}

export function emptyDecided(turns: number): DecidedCounts {
  return {
    withLeader: new Array<number>(turns).fill(0),
    leaderWins: new Array<number>(turns).fill(0),
    decidedIn: new Array<number>(turns).fill(0),
  };
}

export function isDecided(x: unknown): x is DecidedCounts {
  const d = x as DecidedCounts | undefined;
  return d !== undefined && d !== null && Array.isArray(d.withLeader) && Array.isArray(d.leaderWins) && Array.isArray(d.decidedIn);
}

const add = (a: readonly number[], b: readonly number[]) => a.map((v, i) => v + b[i]!);

export function mergeDecided(a: DecidedCounts, b: DecidedCounts): DecidedCounts {
  return {
    withLeader: add(a.withLeader, b.withLeader),
    leaderWins: add(a.leaderWins, b.leaderWins),
    decidedIn: add(a.decidedIn, b.decidedIn),
  };
}

/** 16.3: the side with more VP (0 PAR, 1 BOL), or -1 on equal VP. */
export function vpLeader(vpPar: number, vpBol: number): -1 | 0 | 1 {
  return vpPar > vpBol ? 0 : vpBol > vpPar ? 1 : -1;
}

/** One game's VP at the end of each turn played, [PAR, BOL] (a GameResult's turns). */
export type VpByTurn = readonly { readonly vp: readonly [number, number] }[];

/**
 * The 1-based turn from whose end on the side leading on VP is always the winner: one more than the
 * last turn that ended with the other side ahead or on equal VP (1 when the winner led from the first
 * turn on). A game ending on equal VP is decided by the coin flip (16.3), at its last turn.
 */
export function decisionTurn(vp: VpByTurn, winner: 0 | 1): number {
  const n = vp.length;
  if (n === 0) return 1;
  for (let t = n - 1; t >= 0; t--) {
    if (vpLeader(vp[t]!.vp[0], vp[t]!.vp[1]) !== winner) return Math.min(n, t + 2);
  }
  return 1;
}

/** Adds one game, its VP at the end of each turn played and its winner, to counts of `turns` turns. */
export function addDecided(d: DecidedCounts, vp: VpByTurn, winner: 0 | 1): void {
  const turns = d.withLeader.length,
    last = vp.length - 1;
  if (last < 0) return;
  for (let t = 0; t < turns; t++) {
    const f = vp[Math.min(t, last)]!.vp;
    const leader = vpLeader(f[0], f[1]);
    if (leader < 0) continue;
    d.withLeader[t]!++;
    if (leader === winner) d.leaderWins[t]!++;
  }
  d.decidedIn[Math.min(turns, decisionTurn(vp, winner)) - 1]!++;
}

/** Games over all turns (every game has one decision turn). */
export function decidedGames(d: DecidedCounts): number {
  return d.decidedIn.reduce((a, b) => a + b, 0);
}

/** Share of games decided by the end of each turn (cumulative). */
export function shareDecidedByTurn(d: DecidedCounts): number[] {
  const n = decidedGames(d);
  let sum = 0;
  return d.decidedIn.map((k) => {
    sum += k;
    return n > 0 ? sum / n : NaN;
  });
}

/** The mean and the median decision turn (1-based), and the first turn by which at least `share` of games were decided. */
export function decisionStats(d: DecidedCounts, share = 0.9): { mean: number; median: number; turn: number; shareByTurn: number } {
  const n = decidedGames(d);
  if (n === 0) return { mean: NaN, median: NaN, turn: NaN, shareByTurn: NaN };
  const cum = shareDecidedByTurn(d);
  const mean = d.decidedIn.reduce((a, k, t) => a + k * (t + 1), 0) / n;
  const median = cum.findIndex((c) => c >= 0.5) + 1;
  const t = cum.findIndex((c) => c >= share - 1e-12);
  return { mean, median, turn: t + 1, shareByTurn: cum[t]! };
}
