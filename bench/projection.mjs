// The published study (npm run study) projected onto many machines, for the Scaling section of docs/distributed.md.
//
//   node bench/projection.mjs STUDY_LOG [--threads T] [--overhead MS] [--shards 10,100] [--machines 1,10,100] [--longest F]
//
// STUDY_LOG: the study's stderr (lines "study: <folder> took N s", from scripts/study.sh).
// --threads: worker threads of the machine the study ran on (default: this machine's cores);
// --overhead: the queue's cost per shard in ms (npm run bench:queue); --shards: shard sizes to project;
// --longest: how many times the command's mean game the slowest cell's games cost (search against search: about 3.5).
//
// The model, per command of the study (the cells of each command and their games are read from its
// state file under reports/study/): a command plays its cells in groups (a scenario's matrix, its
// restricted play, ...), and each group in rounds of one batch per unfinished cell (src/cli/balance-play.ts);
// a round ends when its slowest shard does. A round on N machines of T threads takes
//   max(sum of its shards' times / (N * T), its longest shard's time, F times the mean),
// a shard's time being its games times the command's mean CPU time per game (its wall time here times
// T, over its games: this machine's parallel losses included) plus the queue's cost per shard.
// Cells that play slower than the mean (search) make the real rounds longer; the history check does not
// use the queue and keeps its time here. So this is a plan on paper, not a measurement.
import { readFileSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const logFile = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
if (!logFile) {
  console.error(
    'usage: node bench/projection.mjs STUDY_LOG [--threads T] [--overhead MS] [--shards 10,100] [--machines 1,10,100] [--longest F]',
  );
  process.exit(2);
}
const T = Number(flag('threads', String(availableParallelism())));
const overhead = Number(flag('overhead', '0')) / 1000;
const shardSizes = flag('shards', '10,100').split(',').map(Number);
const machines = flag('machines', '1,10,100').split(',').map(Number);
const longestFactor = Number(flag('longest', '1'));

// The study's commands in the order of scripts/study.sh, each with its state file and how it batches.
const STAGES = [
  { dir: 'reports/study/balance', state: 'balance-state.json', kind: 'balance' },
  { dir: 'reports/study/balance-campaign', state: 'balance-state.json', kind: 'balance' },
  { dir: 'reports/study/ladder', state: 'ladder-state.json', kind: 'fixed' },
  { dir: 'reports/study/strength', state: 'ladder-state.json', kind: 'fixed' },
  { dir: 'reports/study/history', state: null, kind: 'local' },
  { dir: 'reports/study/sensitivity', state: 'sensitivity-state.json', kind: 'fixed' },
  { dir: 'reports/study/sensitivity-campaign', state: 'sensitivity-state.json', kind: 'fixed' },
];

const took = new Map();
for (const line of readFileSync(logFile, 'utf8').split('\n')) {
  const m = /^study: (\S+) took (\d+) s$/.exec(line.trim());
  if (m) took.set(m[1], Number(m[2]));
}

/** The rounds of a command: per round, the games each cell plays in it. */
function rounds(stage) {
  const st = JSON.parse(readFileSync(join(stage.dir, stage.state), 'utf8'));
  const id = st.identity;
  const groups = new Map(); // group name -> [{ games, batch }]
  for (const [key, games] of Object.entries(st.games)) {
    const [scenario, part] = key.split('/');
    const restricted = stage.kind === 'balance' && part === 'restricted';
    const group = `${scenario}${restricted ? ' restricted' : ''}`;
    const batch = stage.kind === 'balance' ? (restricted ? id.restrictedGames : id.batch) : Math.min(id.games, 200);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push({ games, batch });
  }
  const out = [];
  for (const cells of groups.values()) {
    for (let r = 0; ; r++) {
      const round = cells.map((c) => Math.max(0, Math.min(c.batch, c.games - r * c.batch))).filter((g) => g > 0);
      if (round.length === 0) break;
      out.push(round);
    }
  }
  return out;
}

/** Seconds of `rs` (rounds of cell games) on n machines, shards of at most s games, c CPU s a game. */
function projected(rs, n, s, c) {
  let t = 0;
  for (const round of rs) {
    let work = 0,
      longest = 0;
    for (const g of round) {
      for (let left = g; left > 0; left -= s) {
        const shard = Math.min(s, left) * c + overhead;
        work += shard;
        longest = Math.max(longest, Math.min(s, left) * c * longestFactor + overhead);
      }
    }
    t += Math.max(work / (n * T), longest);
  }
  return t;
}

const fmt = (s) => (s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 60 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(0)} s`);
const totals = new Map();
const lines = [];
let measured = 0;
for (const stage of STAGES) {
  const wall = took.get(stage.dir);
  if (wall === undefined) {
    console.error(`no "study: ${stage.dir} took N s" line in ${logFile}`);
    process.exit(2);
  }
  measured += wall;
  if (stage.kind === 'local' || !existsSync(join(stage.dir, stage.state))) {
    for (const n of machines) for (const s of shardSizes) totals.set(`${n}:${s}`, (totals.get(`${n}:${s}`) ?? 0) + wall);
    lines.push(`| ${stage.dir} | ${fmt(wall)} | not on the queue |`);
    continue;
  }
  const rs = rounds(stage);
  const games = rs.flat().reduce((a, b) => a + b, 0);
  const c = (wall * T) / games;
  for (const n of machines) for (const s of shardSizes) totals.set(`${n}:${s}`, (totals.get(`${n}:${s}`) ?? 0) + projected(rs, n, s, c));
  lines.push(`| ${stage.dir} | ${fmt(wall)} | ${games} games in ${rs.length} rounds, ${(1000 * c).toFixed(1)} ms of CPU a game |`);
}
console.log(
  `The study as measured: ${fmt(measured)} on ${T} threads; queue cost ${(overhead * 1000).toFixed(1)} ms a shard; the slowest shard ${longestFactor}x the mean\n`,
);
console.log('| command | wall time here | work |');
console.log('|---|---|---|');
for (const l of lines) console.log(l);
console.log(`\n| machines of ${T} threads | ${shardSizes.map((s) => `shards of ${s}`).join(' | ')} |`);
console.log(`|---|${shardSizes.map(() => '---').join('|')}|`);
for (const n of machines) console.log(`| ${n} | ${shardSizes.map((s) => fmt(totals.get(`${n}:${s}`))).join(' | ')} |`);
