// The few lines a run prints on the terminal when it ends (chaco run, chaco merge): win rates with
// their intervals, how games ended, the margin, where each side's VP came from, when games were
// decided, the blunders, the time taken and where the report is.
import { join } from 'node:path';
import { END_TYPES, type Aggregate } from '../sim/aggregate.js';
import { BLUNDERS } from '../sim/blunders.js';
import { formatRate } from '../sim/progress.js';
import type { RunManifest } from '../sim/manifest.js';
import { histMean, histQuantile, wilson } from '../analysis/stats.js';
import { decidedLine } from '../report/decided.js';
import { vpSourcesLines } from '../report/vp-sources.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const fmt = (x: number) => String(Number(x.toFixed(2)));

/** One line: the share of games in which each side made each kind of blunder (docs/blunders.md). */
export function blundersLine(agg: Aggregate): string {
  const share = (k: number, s: number) => `${Math.round((100 * agg.blunders.games[k]![s]!) / agg.games)}%`;
  return `blunders    share of games PAR/BOL: ${BLUNDERS.map((b, k) => `${b.short} ${share(k, 0)}/${share(k, 1)}`).join(', ')}`;
}

export function terminalSummary(agg: Aggregate, m: RunManifest, dir: string): string {
  const n = agg.games;
  if (n === 0) return `${m.scenario.id}: no games finished\nreport: ${join(dir, 'index.html')}\n`;
  const par = wilson(agg.wins[0]!, n),
    bol = wilson(agg.wins[1]!, n);
  const ends = END_TYPES.map((e, i) => `${e} ${pct((agg.ends[i]![0]! + agg.ends[i]![1]!) / n)}`).join('  ');
  return (
    [
      `${m.scenario.id}: ${n} games, PAR ${m.policies.PAR} vs BOL ${m.policies.BOL}, seed ${m.seed}${m.status === 'complete' ? '' : ` (${m.status})`}`,
      `wins        PAR ${pct(agg.wins[0]! / n)} (95% ${pct(par.lo)}-${pct(par.hi)})  BOL ${pct(agg.wins[1]! / n)} (95% ${pct(bol.lo)}-${pct(bol.hi)})`,
      `end         ${ends}`,
      `margin      PAR - BOL: median ${fmt(histQuantile(agg.margin, 0.5))}, mean ${fmt(histMean(agg.margin))}, 90% of games from ${fmt(histQuantile(agg.margin, 0.05))} to ${fmt(histQuantile(agg.margin, 0.95))} VP`,
      ...vpSourcesLines(agg),
      ...[decidedLine(agg.decided)].filter((l) => l !== null),
      blundersLine(agg),
      `time        ${m.timing.seconds.toFixed(1)} s (${formatRate(m.timing.gamesPerSecond)} ${m.queue ? `on ${m.queue.workers.length} queue worker${m.queue.workers.length === 1 ? '' : 's'} with ${m.workers} thread${m.workers === 1 ? '' : 's'}` : m.workers === 0 ? 'in the main thread' : `on ${m.workers} worker${m.workers === 1 ? '' : 's'}`})`,
      `report      ${join(dir, 'index.html')}`,
    ].join('\n') + '\n'
  );
}
