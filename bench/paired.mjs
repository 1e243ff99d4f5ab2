// Two policies of one side against the same opponent on the same games, from a ladder's cells:
//   node bench/paired.mjs LADDER_DIR SCENARIO SIDE POLICY_A POLICY_B OPPONENT
// prints both win rates and A's gain over B with Newcombe's paired 95% interval (e.g. search over tuned,
// Paraguay, against balanced). Cells are "margin,winner" lines, winner 0 PAR, 1 BOL (src/cli/balance-cells.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairedProportionDiff } from '../dist/analysis/stats.js';

const [dir, scenario, side, a, b, opponent] = process.argv.slice(2);
if (!opponent || !['PAR', 'BOL'].includes(side)) {
  console.error('usage: node bench/paired.mjs LADDER_DIR SCENARIO PAR|BOL POLICY_A POLICY_B OPPONENT');
  process.exit(2);
}
const s = side === 'PAR' ? 0 : 1;
const cell = (mine) => join(dir, 'cells', scenario, s === 0 ? `${mine}__${opponent}.txt` : `${opponent}__${mine}.txt`);
const wins = (mine) =>
  readFileSync(cell(mine), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (Number(l.split(',')[1]) === s ? 1 : 0));
const margins = (mine) =>
  readFileSync(cell(mine), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (s === 0 ? 1 : -1) * Number(l.split(',')[0]));
const x = wins(a),
  y = wins(b);
const n = Math.min(x.length, y.length);
let both = 0,
  onlyA = 0,
  onlyB = 0,
  neither = 0;
for (let g = 0; g < n; g++) {
  if (x[g] && y[g]) both++;
  else if (x[g]) onlyA++;
  else if (y[g]) onlyB++;
  else neither++;
}
const d = pairedProportionDiff(both, onlyA, onlyB, neither);
const mean = (v) => v.slice(0, n).reduce((p, q) => p + q, 0) / n;
const pct = (v) => (100 * v).toFixed(1);
console.log(
  `${scenario} ${side} against ${opponent}, ${n} games: ${a} ${pct((both + onlyA) / n)}% (margin ${mean(margins(a)).toFixed(1)}), ${b} ${pct((both + onlyB) / n)}% (margin ${mean(margins(b)).toFixed(1)}); ${a} over ${b}: ${d.diff >= 0 ? '+' : ''}${pct(d.diff)} points (95% ${pct(d.lo)} to ${pct(d.hi)})`,
);
