// npm run bench: how fast chaco plays, for docs/performance.md. Runs the compiled code (npm run build first).
//
//   node bench/bench.mjs [--random N] [--balanced N] [--parallel N] [--memory N]
//   node bench/bench.mjs --base DIR [--rounds N] [--random N] [--balanced N]
//
// 1. games/s on one thread, per scenario, random against random (the engine's own cost) and balanced
//    against balanced (engine + heuristic decisions);
// 2. where the time goes in Boquerón, by phase and decisions, from V8's sampling profiler;
// 3. games/s of `chaco run` with 1 worker and with every core, and the parallel efficiency, for random
//    and for balanced policies; and the machine's own ceiling: independent processes run at once;
// 4. with --memory N, the peak memory of an N-game `chaco run` (e.g. 100000).
//
// With --base DIR, only the side-by-side measure: this build against the build in DIR (a worktree of the
// old code with its own dist/, e.g. `git worktree add --detach ../base <commit>`, node_modules linked,
// `npx tsc -p tsconfig.build.json` there). Boquerón random, Boquerón balanced and campaign balanced games on
// one thread, each measure a fresh process (warm-up untimed, then the same seeds), the two builds alternating
// in every round, in turn first; printed: each build's median games per CPU second (the process's user +
// system time: on a machine shared with other work, wall time measures the others' load as much as ours)
// and the ratio this/base per round (min, median, max), and the median ratio by wall time.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Session } from 'node:inspector/promises';

const text = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const arg = (name, fallback) => {
  const v = text(name);
  return v === undefined ? fallback : Number(v);
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The build measured: this one, or another's (a child of the --base measure).
const buildDir = resolve(text('child', here));
const load = (p) => import(pathToFileURL(join(buildDir, 'dist', p)).href);
const [{ playGame }, { DEFAULT_OPTIONS }, { loadGameData, listScenarioIds, loadScenario }, { createPolicy }, { streamSeed }] =
  await Promise.all([load('core/play.js'), load('core/options.js'), load('data/load.js'), load('policy/index.js'), load('core/dice.js')]);
const RANDOM = arg('random', 400),
  BALANCED = arg('balanced', 60),
  PARALLEL = arg('parallel', 4000),
  MEMORY = arg('memory', 0);
const data = loadGameData();

function play(id, policy, games) {
  const s = loadScenario(id, data);
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    const seed = streamSeed('bench', i, 'game');
    playGame(s, DEFAULT_OPTIONS, [createPolicy(policy, `${seed}:PAR`, s), createPolicy(policy, `${seed}:BOL`, s)], seed);
  }
  return games / ((performance.now() - t0) / 1000);
}

if (process.argv.includes('--child')) {
  // one measure of the --base comparison: games/s of a build
  const id = text('scenario', 'boqueron'),
    policy = text('policy', 'random'),
    games = arg('games', 100);
  play(id, policy, Math.max(3, Math.ceil(games / 4)));
  const c0 = process.cpuUsage();
  const wall = play(id, policy, games);
  const c = process.cpuUsage(c0);
  console.log(`${wall.toFixed(3)} ${(games / ((c.user + c.system) / 1e6)).toFixed(3)}`);
  process.exit(0);
}

const baseDir = text('base');
if (baseDir !== undefined) {
  const rounds = arg('rounds', 6);
  const measures = [
    ['boqueron', 'random', RANDOM],
    ['boqueron', 'balanced', BALANCED],
    ['campaign', 'balanced', Math.max(3, Math.round(BALANCED / 6))],
  ];
  const measure = (dir, [id, policy, games]) => {
    const r = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', dir, '--scenario', id, '--policy', policy, '--games', String(games)],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`bench of ${dir} (${id}, ${policy}) failed: ${r.stderr}`);
    const [wall, cpu] = r.stdout.trim().split(' ').map(Number);
    return { wall, cpu };
  };
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  };
  console.log(
    `chaco benchmark, this build (${here}) against base (${resolve(baseDir)}): ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${rounds} alternating rounds, one thread`,
  );
  console.log('');
  console.log(
    '| scenario, policies | games a measure | base games/CPU-s | this games/CPU-s | ratio this/base by CPU time: min | median | max | by wall time: median |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of measures) {
    const ours = [],
      theirs = [],
      ratio = [],
      wallRatio = [];
    for (let k = 0; k < rounds; k++) {
      let a, b;
      if (k % 2 === 0) {
        a = measure(here, m);
        b = measure(baseDir, m);
      } else {
        b = measure(baseDir, m);
        a = measure(here, m);
      }
      ours.push(a.cpu);
      theirs.push(b.cpu);
      ratio.push(a.cpu / b.cpu);
      wallRatio.push(a.wall / b.wall);
    }
    const f = (x) => x.toFixed(x < 10 ? 2 : 1);
    console.log(
      `| ${m[0]}, ${m[1]} vs ${m[1]} | ${m[2]} | ${f(median(theirs))} | ${f(median(ours))} | ${Math.min(...ratio).toFixed(2)}x | ${median(ratio).toFixed(2)}x | ${Math.max(...ratio).toFixed(2)}x | ${median(wallRatio).toFixed(2)}x |`,
    );
  }
  process.exit(0);
}

if (process.argv.includes('--solo')) {
  // child of the ceiling measure below: games/s of N random games
  console.log(play('boqueron', 'random', arg('solo', 1500)).toFixed(1));
  process.exit(0);
}

/** Inclusive share of profiled time in functions named by `groups` (the first matching group on a stack wins). */
function breakdown(profile, groups) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const out = Object.fromEntries(Object.keys(groups).map((k) => [k, 0]));
  let total = 0,
    inGame = 0;
  for (const [id, t] of dt) {
    total += t;
    const names = [];
    for (let x = id; x !== undefined; x = parent.get(x)) names.push(byId.get(x).callFrame.functionName);
    if (!names.includes('playGame')) continue;
    inGame += t;
    // innermost group wins for decisions (a decision inside a phase counts as a decision)
    const hit = Object.entries(groups).find(([, fns]) => names.some((n) => fns.includes(n)));
    out[hit ? hit[0] : 'other'] = (out[hit ? hit[0] : 'other'] ?? 0) + t;
  }
  return { shares: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v / inGame])), total, inGame };
}

async function profiled(id, policy, games) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  play(id, policy, games);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  return breakdown(profile, {
    decisions: ['decide', 'ask', 'answer', 'randomMove', 'randomAttack', 'randomBarrage', 'randomLosses', 'chooseMove', 'chooseAttack'],
    supply: ['supplyPhase', 'returnGhq'],
    movement: ['movementPhase'],
    combat: ['combatPhase'],
    'set-up, new units, construction, politics': ['setUp', 'newUnitPhase', 'constructionPhase', 'politicalPhase'],
  });
}

function runCli(args) {
  const out = mkdtempSync(join(tmpdir(), 'chaco-bench-'));
  const useTime = existsSync('/usr/bin/time');
  const cmd = useTime ? '/usr/bin/time' : process.execPath;
  const cmdArgs = [...(useTime ? ['-v', process.execPath] : []), 'bin/chaco.js', 'run', ...args, '--quiet', '--no-replays', '--out', out];
  const r = spawnSync(cmd, cmdArgs, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`chaco run ${args.join(' ')} failed: ${r.stderr}`);
  const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  return { gamesPerSecond: run.timing.gamesPerSecond, seconds: run.timing.seconds, maxRssMb: rss ? Number(rss[1]) / 1024 : NaN };
}

const cores = availableParallelism();
console.log(`chaco benchmark: ${cpus()[0]?.model ?? 'cpu'}, ${cores} cores, node ${process.version}`);
console.log('');
// Untimed warm-up: V8 compiles the hot code in the first games, as it does early in any long run.
play('boqueron', 'random', 100);
play('boqueron', 'balanced', 30);
console.log('| scenario | random vs random, 1 thread | balanced vs balanced, 1 thread |');
console.log('|---|---|---|');
for (const id of listScenarioIds()) {
  const k = id === 'campaign' ? 6 : 1;
  const r = play(id, 'random', Math.max(10, Math.round(RANDOM / k)));
  const b = play(id, 'balanced', Math.max(3, Math.round(BALANCED / k)));
  console.log(`| ${id} | ${r.toFixed(0)} games/s | ${b.toFixed(1)} games/s |`);
}
console.log('');
console.log('Where the time goes in Boquerón (share of game time, sampled):');
console.log('');
console.log('| policies | decisions | supply | movement | combat | set-up, new units, construction, politics | other |');
console.log('|---|---|---|---|---|---|---|');
for (const policy of ['random', 'balanced']) {
  const { shares } = await profiled('boqueron', policy, policy === 'random' ? RANDOM : BALANCED);
  const p = (k) => `${(100 * (shares[k] ?? 0)).toFixed(0)}%`;
  console.log(
    `| ${policy} | ${p('decisions')} | ${p('supply')} | ${p('movement')} | ${p('combat')} | ${p('set-up, new units, construction, politics')} | ${p('other')} |`,
  );
}
console.log('');
const parallel = (policy) => {
  const args = ['boqueron', '--games', String(PARALLEL), '--seed', 'bench', '--par', policy, '--bol', policy];
  const one = runCli([...args, '--workers', '1']);
  const all = runCli([...args, '--workers', String(cores)]);
  console.log(
    `chaco run boqueron, ${policy} vs ${policy}, ${PARALLEL} games: 1 worker ${one.gamesPerSecond.toFixed(0)} games/s; ${cores} workers ${all.gamesPerSecond.toFixed(0)} games/s = ${(all.gamesPerSecond / one.gamesPerSecond).toFixed(2)}x (parallel efficiency ${((100 * all.gamesPerSecond) / one.gamesPerSecond / cores).toFixed(0)}%); peak RSS ${one.maxRssMb.toFixed(0)} MB and ${all.maxRssMb.toFixed(0)} MB`,
  );
};
parallel('random');
parallel('balanced');
// The machine's own ceiling: the same single-threaded work in `cores` independent processes at once.
const solo = () =>
  new Promise((ok) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--solo', '1500'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('close', () => ok(Number(out.trim())));
  });
const alone = await solo();
const together = (await Promise.all(Array.from({ length: cores }, solo))).reduce((a, b) => a + b, 0);
console.log(
  `${cores} independent processes playing random Boquerón games: ${together.toFixed(0)} games/s together, ${alone.toFixed(0)} alone = ${(together / alone).toFixed(2)}x, the most any runner can get here`,
);
if (MEMORY > 0) {
  const m = runCli(['boqueron', '--games', String(MEMORY), '--workers', String(cores), '--seed', 'memory']);
  console.log(
    `chaco run boqueron (balanced vs balanced), ${MEMORY} games on ${cores} workers: ${m.seconds.toFixed(0)} s, ${m.gamesPerSecond.toFixed(0)} games/s, peak RSS ${m.maxRssMb.toFixed(0)} MB`,
  );
}
