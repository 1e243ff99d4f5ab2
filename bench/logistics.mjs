// Logistics in played games, for docs/policies.md: node bench/logistics.mjs <run folder>... (folders of chaco run).
// Per run: the scenario and policies, Paraguay's win rate, and per side the share of games with at least
// one GHQ move (ghq_moves_*) and with at least one CSP or truck move (supply_moves_*), and their means.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node bench/logistics.mjs <chaco run folder>...');
  process.exit(2);
}
const pct = (x) => `${(100 * x).toFixed(0)}%`;
console.log(
  '| scenario | PAR | BOL | games | PAR wins | GHQ moves PAR: games, mean | GHQ moves BOL | supply moves PAR | supply moves BOL |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const dir of dirs) {
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
  const [head, ...lines] = readFileSync(join(dir, 'games.csv'), 'utf8').trim().split('\n');
  const cols = head.split(',');
  // The seed column may be quoted with commas inside: read the row from its end, as every other column is plain.
  const rows = lines.map((l) => {
    const parts = l.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, parts[parts.length - cols.length + i]]));
  });
  const n = rows.length;
  const col = (name) => {
    const v = rows.map((r) => Number(r[name]));
    return `${pct(v.filter((x) => x > 0).length / n)}, ${(v.reduce((a, b) => a + b, 0) / n).toFixed(1)}`;
  };
  const parWins = rows.filter((r) => r.winner === 'PAR').length / n;
  console.log(
    `| ${run.scenario?.id ?? run.scenario} | ${run.policies.PAR} | ${run.policies.BOL} | ${n} | ${pct(parWins)} | ${col('ghq_moves_par')} | ${col('ghq_moves_bol')} | ${col('supply_moves_par')} | ${col('supply_moves_bol')} |`,
  );
}
