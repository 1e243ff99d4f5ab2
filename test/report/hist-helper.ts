// Building a margin histogram from {value: count} for report tests.
import { emptyHist, histAdd, type IntHist } from '../../src/analysis/stats.js';

export function histOf(counts: Record<number, number>): IntHist {
  const h = emptyHist();
  for (const [v, c] of Object.entries(counts)) histAdd(h, Number(v), c);
  return h;
}
