// What the blunder audit costs: the same games played in one process with the audit attached (as every
// run's shard plays them) and without it, in alternating blocks so that a machine whose load drifts
// weighs on both alike. Runs the compiled code (npm run build first).
//
//   node bench/blunders.mjs [--rounds N] [--games N] [--scenario ID] [--par P] [--bol Q]
//
// Reported: games per CPU second of each and the paired ratio audit/none per round (mean, and the 2.5-97.5% range
// of a bootstrap of the mean ratio); the games are checked to end the same with and without it.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(here, 'dist', p)).href);
const [{ playGame }, { createPolicy }, { prepareRun }, { gameSeed }, { BlunderAudit, emptyBlunderCounts }, { DEFAULT_DATA_DIR }] =
  await Promise.all([
    load('core/play.js'),
    load('policy/index.js'),
    load('sim/spec.js'),
    load('sim/chaco-game.js'),
    load('sim/blunders.js'),
    load('data/load.js'),
  ]);

const rounds = Number(arg('rounds', 8)),
  games = Number(arg('games', 100));
const spec = {
  scenario: arg('scenario', 'boqueron'),
  dataDir: DEFAULT_DATA_DIR,
  options: [],
  par: arg('par', 'balanced'),
  bol: arg('bol', 'balanced'),
  handicap: [0, 0],
  seed: 'bench',
  check: false,
};
const { scenario, options } = prepareRun(spec);
const audit = new BlunderAudit();
const counts = emptyBlunderCounts();

/** Games 0..games-1 of the spec; returns games per second of this process's CPU time (less swayed by other processes than the clock) and the margins. */
function block(withAudit) {
  const margins = [];
  const t0 = process.cpuUsage();
  for (let i = 0; i < games; i++) {
    const seed = gameSeed(spec.seed, i);
    const policies = [createPolicy(spec.par, `${seed}:PAR`, scenario), createPolicy(spec.bol, `${seed}:BOL`, scenario)];
    const r = playGame(scenario, options, policies, seed, withAudit ? { observer: audit } : {});
    if (withAudit) audit.addGameTo(counts);
    margins.push(r.margin);
  }
  const used = process.cpuUsage(t0);
  return { rate: games / ((used.user + used.system) / 1e6), margins: margins.join(',') };
}

block(true);
block(false); // warm-up
const ratios = [],
  rates = { none: [], audit: [] };
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? [false, true] : [true, false];
  const got = {};
  for (const withAudit of order) got[withAudit ? 'audit' : 'none'] = block(withAudit);
  if (got.audit.margins !== got.none.margins) throw new Error('the games differ with the audit attached');
  rates.none.push(got.none.rate);
  rates.audit.push(got.audit.rate);
  ratios.push(got.audit.rate / got.none.rate);
  console.log(
    `round ${r + 1}: none ${got.none.rate.toFixed(1)} games/s, audit ${got.audit.rate.toFixed(1)} games/s, ratio ${ratios.at(-1).toFixed(4)}`,
  );
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
let state = 12345; // a fixed LCG for the bootstrap: the report is reproducible from the ratios
const rand = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const boot = Array.from({ length: 2000 }, () => mean(ratios.map(() => ratios[Math.floor(rand() * ratios.length)]))).sort((a, b) => a - b);
const pct = (x) => `${((x - 1) * 100).toFixed(1)}%`;
console.log(
  `${spec.scenario}, ${spec.par} vs ${spec.bol}, ${rounds} rounds of ${games} games: none ${mean(rates.none).toFixed(1)} games/s, audit ${mean(rates.audit).toFixed(1)} games/s; ` +
    `audit/none ${pct(mean(ratios))} (95% bootstrap ${pct(boot[50])} to ${pct(boot[1949])})`,
);
