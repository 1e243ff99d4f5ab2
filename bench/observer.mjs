// What the event observer costs: games/s of this build against a base build (the code before a change),
// with no observer (Monte Carlo runs) and with the event log collected ({ log: true }, replays), and in
// this build with a counting observer attached. Runs the compiled code (npm run build first).
//
//   node bench/observer.mjs --base DIR [--rounds N] [--games N] [--scenario ID] [--policy P]
//
// DIR holds a built copy of the base code: dist/ and its scenarios/ (for instance
//   mkdir /tmp/base && git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/ \
//     && (cd /tmp/base && npx tsc -p tsconfig.build.json)).
// Each measure is a fresh process (warm-up games untimed, then --games timed games on the same seeds);
// the builds alternate in every round, in turn first and second, so that a machine whose load drifts
// weighs on both alike. Reported: games/s of each, and the paired ratio this/base per round (median and
// the 2.5-97.5% range of a bootstrap of the mean ratio).
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv.includes('--child')) {
  // One measure: `--child DIR --mode none|log|count`.
  const dir = arg('child'),
    mode = arg('mode', 'none'),
    games = Number(arg('games', 400));
  const scenarioId = arg('scenario', 'boqueron'),
    policy = arg('policy', 'random');
  const load = (p) => import(pathToFileURL(join(dir, 'dist', p)).href);
  const [{ playGame }, { DEFAULT_OPTIONS }, { loadGameData, loadScenario }, { createPolicy }, { streamSeed }] = await Promise.all([
    load('core/play.js'),
    load('core/options.js'),
    load('data/load.js'),
    load('policy/index.js'),
    load('core/dice.js'),
  ]);
  const s = loadScenario(scenarioId, loadGameData());
  let counted = 0;
  const opts =
    mode === 'log'
      ? { log: true }
      : mode === 'count'
        ? {
            observer: {
              event() {
                counted++;
              },
            },
          }
        : {};
  const play = (n, tag) => {
    for (let i = 0; i < n; i++) {
      const seed = streamSeed(tag, i, 'game');
      playGame(s, DEFAULT_OPTIONS, [createPolicy(policy, `${seed}:PAR`, s), createPolicy(policy, `${seed}:BOL`, s)], seed, opts);
    }
  };
  play(Math.max(20, games / 4), 'warm-up');
  const t0 = performance.now();
  play(games, 'bench');
  const rate = games / ((performance.now() - t0) / 1000);
  if (mode === 'count' && counted === 0) throw new Error('the counting observer saw no event');
  console.log(rate.toFixed(2));
  process.exit(0);
}

const base = arg('base');
if (!base) {
  console.error('node bench/observer.mjs --base DIR: DIR holds the base build (dist/ and scenarios/); see the comment at the top');
  process.exit(2);
}
const rounds = Number(arg('rounds', 10)),
  games = arg('games', '400'),
  scenario = arg('scenario', 'boqueron'),
  policy = arg('policy', 'random');

function measure(dir, mode) {
  const r = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', dir, '--mode', mode, '--games', games, '--scenario', scenario, '--policy', policy],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`measure ${dir} ${mode} failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** 2.5-97.5% range of the mean of xs under resampling (a fixed LCG: the bench is repeatable in itself). */
function bootstrap(xs, n = 4000) {
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const means = [];
  for (let k = 0; k < n; k++) {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) sum += xs[Math.floor(rand() * xs.length)];
    means.push(sum / xs.length);
  }
  means.sort((a, b) => a - b);
  return [means[Math.floor(n * 0.025)], means[Math.floor(n * 0.975)]];
}

/** Paired, interleaved: each round measures both (order alternating); returns per-round rates and ratios a/b. */
function paired(a, b) {
  const ra = [],
    rb = [],
    ratio = [];
  for (let k = 0; k < rounds; k++) {
    let x, y;
    if (k % 2 === 0) {
      x = a();
      y = b();
    } else {
      y = b();
      x = a();
    }
    ra.push(x);
    rb.push(y);
    ratio.push(x / y);
  }
  return { ra, rb, ratio };
}

function report(label, { ra, rb, ratio }) {
  const [lo, hi] = bootstrap(ratio);
  const pct = (r) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)}%`;
  console.log(
    `| ${label} | ${median(ra).toFixed(0)} | ${median(rb).toFixed(0)} | ${pct(median(ratio))} | ${pct(mean(ratio))} (${pct(lo)} to ${pct(hi)}) |`,
  );
}

console.log(
  `chaco observer bench: ${scenario}, ${policy} vs ${policy}, ${games} games a measure, ${rounds} paired rounds (this build: ${here}; base: ${resolve(base)})`,
);
console.log('');
console.log('| compared | games/s (first) | games/s (second) | median ratio | mean ratio (95% bootstrap) |');
console.log('|---|---:|---:|---:|---:|');
report(
  'no observer: this build / base',
  paired(
    () => measure(here, 'none'),
    () => measure(base, 'none'),
  ),
);
report(
  'event log collected: this build / base',
  paired(
    () => measure(here, 'log'),
    () => measure(base, 'log'),
  ),
);
report(
  'this build: counting observer / none',
  paired(
    () => measure(here, 'count'),
    () => measure(here, 'none'),
  ),
);
