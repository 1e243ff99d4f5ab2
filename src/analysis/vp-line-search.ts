// The starting VP that evens a scenario (16.1), found by a line search over played arms: Paraguay's win rate rises
// with the VP it is given, so the next VP to play interpolates between the tried arms nearest 50% on each side
// (regula falsi), or extrapolates along the two nearest when every arm lies on one side of it.

/** One played arm: `vp` more VP for Paraguay at the start (negative: for Bolivia) and Paraguay's win rate there. */
export interface VpPoint {
  readonly vp: number;
  readonly rate: number;
}

/** The largest step of one extrapolation, in VP: a win rate measured on a few hundred games is too rough to go further. */
export const MAX_VP_STEP = 30;

/**
 * The next starting VP to play toward Paraguay winning half its games, to whole VP, or null when there is none
 * worth playing: an arm already within `band`, or the next VP rounding to one already played.
 */
export function nextStartingVp(points: readonly VpPoint[], band: readonly [number, number]): number | null {
  const played = points.filter((p) => Number.isFinite(p.rate));
  if (played.length === 0 || played.some((p) => p.rate >= band[0] && p.rate <= band[1])) return null;
  const below = played.filter((p) => p.rate < 0.5).sort((a, b) => b.rate - a.rate || b.vp - a.vp)[0];
  const above = played.filter((p) => p.rate > 0.5).sort((a, b) => a.rate - b.rate || a.vp - b.vp)[0];
  let next: number;
  if (below && above) next = below.vp + ((0.5 - below.rate) * (above.vp - below.vp)) / (above.rate - below.rate);
  else {
    // Every arm on one side of 50%: along the line through the two nearest 50%, or a step of MAX_VP_STEP where it
    // does not rise with the VP (the rates' noise); toward Paraguay when it wins too little.
    const near = [...played].sort((a, b) => Math.abs(a.rate - 0.5) - Math.abs(b.rate - 0.5) || a.vp - b.vp);
    const a = near[0]!,
      b = near.find((p) => p.vp !== a.vp);
    const up = a.rate < 0.5 ? 1 : -1;
    const slope = b ? (a.rate - b.rate) / (a.vp - b.vp) : 0;
    const step = slope > 0 ? (0.5 - a.rate) / slope : up * MAX_VP_STEP;
    next = a.vp + Math.max(-MAX_VP_STEP, Math.min(MAX_VP_STEP, step));
  }
  const vp = Math.round(next);
  return played.some((p) => p.vp === vp) ? null : vp;
}
