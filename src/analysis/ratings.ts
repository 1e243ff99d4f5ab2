// Bradley–Terry ratings of two sets of players from the matrix of games between them (Hunter's MM algorithm,
// on the Elo scale): general mathematics, with nothing of the game.

/** Elo points per unit of log-odds: a 400-point gap is odds of 10 to 1. */
export const ELO = 400 / Math.LN10;

export interface Ratings {
  /** Log-strengths: P(Paraguay's policy i beats Bolivia's j) = 1 / (1 + exp(b_j - a_i)). */
  readonly a: number[];
  readonly b: number[];
}

/**
 * Maximum a posteriori Bradley–Terry strengths by Hunter's MM algorithm (2004) on the bipartite matrix
 * of Paraguay's scores `s[i][j]` out of `n[i][j]` games. Every cell gets half a win and half a loss
 * more (a Jeffreys-style prior), so a policy that wins every game keeps a finite rating.
 */
export function bradleyTerry(s: readonly (readonly number[])[], n: readonly (readonly number[])[]): Ratings {
  const I = s.length,
    J = s[0]?.length ?? 0;
  const a = new Array<number>(I).fill(0),
    b = new Array<number>(J).fill(0);
  const wins = s.map((row) => row.reduce((x, v) => x + v + 0.5, 0));
  const losses = Array.from({ length: J }, (_, j) => s.reduce((x, row, i) => x + n[i]![j]! - row[j]! + 0.5, 0));
  for (let iter = 0; iter < 10_000; iter++) {
    let moved = 0;
    for (let i = 0; i < I; i++) {
      let d = 0;
      for (let j = 0; j < J; j++) d += (n[i]![j]! + 1) / (Math.exp(a[i]!) + Math.exp(b[j]!));
      const next = Math.log(wins[i]! / d);
      moved = Math.max(moved, Math.abs(next - a[i]!));
      a[i] = next;
    }
    for (let j = 0; j < J; j++) {
      let d = 0;
      for (let i = 0; i < I; i++) d += (n[i]![j]! + 1) / (Math.exp(a[i]!) + Math.exp(b[j]!));
      const next = Math.log(losses[j]! / d);
      moved = Math.max(moved, Math.abs(next - b[j]!));
      b[j] = next;
    }
    // The model sees only differences a_i - b_j: keep the scale where it started.
    const shift = a.reduce((x, v) => x + v, 0) / Math.max(1, I);
    for (let i = 0; i < I; i++) a[i]! -= shift;
    for (let j = 0; j < J; j++) b[j]! -= shift;
    if (moved < 1e-12) break;
  }
  return { a, b };
}
