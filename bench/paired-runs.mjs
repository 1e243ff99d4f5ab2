// Two runs of one scenario on the same seeds (e.g. a policy before and after a change, from two builds):
//   node bench/paired-runs.mjs RUN_A RUN_B PAR|BOL
// pairs games.csv game by game and prints the side's win rate and mean margin in each, with A's gain over B
// (Newcombe's paired 95% interval for the win rate, the paired mean difference's for the margin).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { meanDiff, pairedProportionDiff } from '../dist/analysis/stats.js';

const [a, b, side] = process.argv.slice(2);
if (!side || !['PAR', 'BOL'].includes(side)) {
  console.error('usage: node bench/paired-runs.mjs RUN_A RUN_B PAR|BOL');
  process.exit(2);
}
const sign = side === 'PAR' ? 1 : -1;
function games(dir) {
  const [head, ...lines] = readFileSync(join(dir, 'games.csv'), 'utf8').trim().split('\n');
  const cols = head.split(',');
  const at = (name) => cols.indexOf(name);
  const rows = new Map();
  for (const l of lines) {
    const f = l.split(',');
    rows.set(Number(f[at('game')]), { seed: f[at('seed')], win: f[at('winner')] === side ? 1 : 0, margin: sign * Number(f[at('margin')]) });
  }
  return rows;
}
const x = games(a),
  y = games(b);
let both = 0,
  onlyA = 0,
  onlyB = 0,
  neither = 0,
  n = 0,
  sum = 0,
  sumSq = 0,
  marginA = 0,
  marginB = 0;
for (const [g, p] of x) {
  const q = y.get(g);
  if (!q) continue;
  if (p.seed !== q.seed) {
    console.error(`game ${g}: seeds differ (${p.seed}, ${q.seed}); not the same games`);
    process.exit(2);
  }
  n++;
  if (p.win && q.win) both++;
  else if (p.win) onlyA++;
  else if (q.win) onlyB++;
  else neither++;
  const d = p.margin - q.margin;
  sum += d;
  sumSq += d * d;
  marginA += p.margin;
  marginB += q.margin;
}
const w = pairedProportionDiff(both, onlyA, onlyB, neither);
const m = meanDiff(n, sum, sumSq);
const pct = (v) => (100 * v).toFixed(1);
const sgn = (v, f) => `${v >= 0 ? '+' : ''}${f(v)}`;
console.log(
  `${side}, ${n} paired games: A wins ${pct((both + onlyA) / n)}% (margin ${(marginA / n).toFixed(1)}), B ${pct((both + onlyB) / n)}% (margin ${(marginB / n).toFixed(1)}); A over B: ${sgn(w.diff, pct)} points (95% ${pct(w.lo)} to ${pct(w.hi)}), margin ${sgn(m.mean, (v) => v.toFixed(1))} VP (${m.lo.toFixed(1)} to ${m.hi.toFixed(1)})`,
);
