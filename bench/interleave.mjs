// This build against a base build in one process, game by game: the two play the same seeds in turn, so
// that a shared machine's load weighs on both alike at every moment (bench.mjs --base compares fresh
// processes, which a load that changes within minutes tilts). Runs the compiled code (npm run build first).
//
//   node bench/interleave.mjs --base DIR [--scenario ID] [--policy P] [--games N] [--rounds N] [--cpu]
//
// DIR is a built copy of the base code (see bench.mjs --base). Each round loads the builds in the other
// order (the one loaded second ran a few percent slower here whichever it was), warms both up, then
// alternates games; printed: ms a game of each and the ratio base/this per round, and their geometric mean.
// With --cpu each game is timed by the process's CPU time (user + system) instead of the wall clock: on a
// machine whose load runs past its cores, the time spent waiting for a core stays out of both builds' figures.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';

const text = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scenario = text('scenario', 'boqueron'),
  policy = text('policy', 'balanced'),
  games = Number(text('games', 60));
const cpu = process.argv.includes('--cpu');
const clock = cpu
  ? () => {
      const c = process.cpuUsage();
      return (c.user + c.system) / 1000;
    }
  : () => performance.now();

async function player(dir) {
  const load = (p) => import(pathToFileURL(join(dir, 'dist', p)).href);
  const [{ playGame }, { DEFAULT_OPTIONS }, { loadGameData, loadScenario }, { createPolicy }, { streamSeed }] = await Promise.all([
    load('core/play.js'),
    load('core/options.js'),
    load('data/load.js'),
    load('policy/index.js'),
    load('core/dice.js'),
  ]);
  const s = loadScenario(scenario, loadGameData());
  return (i) => {
    const seed = streamSeed('bench', i, 'game');
    const t0 = clock();
    playGame(s, DEFAULT_OPTIONS, [createPolicy(policy, `${seed}:PAR`, s), createPolicy(policy, `${seed}:BOL`, s)], seed);
    return clock() - t0;
  };
}

if (process.argv.includes('--child')) {
  // one round: `--child FIRST SECOND`, prints the ms a game of each
  const i = process.argv.indexOf('--child');
  const first = await player(process.argv[i + 1]),
    second = await player(process.argv[i + 2]);
  for (let k = 0; k < Math.max(3, Math.ceil(games / 4)); k++) {
    first(100000 + k);
    second(100000 + k);
  }
  let a = 0,
    b = 0;
  for (let k = 0; k < games; k++) {
    if (k % 2 === 0) {
      a += first(k);
      b += second(k);
    } else {
      b += second(k);
      a += first(k);
    }
  }
  console.log(`${(a / games).toFixed(3)} ${(b / games).toFixed(3)}`);
  process.exit(0);
}

const base = text('base');
if (!base) {
  console.error('node bench/interleave.mjs --base DIR: DIR holds the base build (dist/ and scenarios/); see bench.mjs --base');
  process.exit(2);
}
const rounds = Number(text('rounds', 4));
const ratios = [];
console.log(
  `${scenario}, ${policy} vs ${policy}, ${games} games a round in each build, ${rounds} rounds, timed by ${cpu ? 'CPU time' : 'wall clock'} (this build: ${here}; base: ${resolve(base)})`,
);
for (let k = 0; k < rounds; k++) {
  const order = k % 2 === 0 ? [base, here] : [here, base];
  const r = spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      '--child',
      ...order,
      '--scenario',
      scenario,
      '--policy',
      policy,
      '--games',
      String(games),
      ...(cpu ? ['--cpu'] : []),
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`round ${k} failed: ${r.stderr}`);
  const [first, second] = r.stdout.trim().split(' ').map(Number);
  const [tBase, tThis] = k % 2 === 0 ? [first, second] : [second, first];
  ratios.push(tBase / tThis);
  console.log(
    `round ${k + 1} (${k % 2 === 0 ? 'base' : 'this'} loaded first): base ${tBase.toFixed(2)} ms a game, this ${tThis.toFixed(2)}, base/this ${(tBase / tThis).toFixed(3)}x`,
  );
}
const geo = Math.exp(ratios.reduce((s, x) => s + Math.log(x), 0) / ratios.length);
console.log(`geometric mean base/this: ${geo.toFixed(3)}x (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`);
