// Where a warm game's time goes: V8's sampling profiler started only after warm-up games, so that the code it
// samples is the optimized code a long run plays (the first hundred or so games of a process run partly
// unoptimized: a profile of 80 games from a cold start measured Boquerón balanced games at about 3x their warm
// cost, and the shares with them). Runs the compiled code (npm run build first).
//
//   node bench/profile.mjs [--scenario ID] [--policy P] [--warm N] [--games N] [--top K] [--under NAME]
//
// Prints each function's inclusive share (its own time and its callees', each function counted once per
// sample) and self share of the profiled games; with --under NAME, the inclusive shares of the functions
// called below NAME (e.g. chooseGhqMove), as shares of the whole.
import { Session } from 'node:inspector/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const text = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(here, 'dist', p)).href);
const [{ playGame }, { DEFAULT_OPTIONS }, { loadGameData, loadScenario }, { createPolicy }, { streamSeed }] = await Promise.all([
  load('core/play.js'),
  load('core/options.js'),
  load('data/load.js'),
  load('policy/index.js'),
  load('core/dice.js'),
]);
const scenario = text('scenario', 'boqueron'),
  policy = text('policy', 'balanced');
const warm = Number(text('warm', 150)),
  games = Number(text('games', 300)),
  top = Number(text('top', 40)),
  under = text('under');
const s = loadScenario(scenario, loadGameData());
const play = (i) => {
  const seed = streamSeed('profile', i, 'game');
  playGame(s, DEFAULT_OPTIONS, [createPolicy(policy, `${seed}:PAR`, s), createPolicy(policy, `${seed}:BOL`, s)], seed);
};

for (let i = 0; i < warm; i++) play(100000 + i);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const t0 = process.cpuUsage();
for (let i = 0; i < games; i++) play(i);
const cpu = process.cpuUsage(t0);
const { profile } = await session.post('Profiler.stop');
session.disconnect();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const name = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
const incl = new Map(),
  self = new Map();
let total = 0;
for (const [id, c] of counts) {
  const chain = [];
  for (let x = id; x !== undefined; x = parent.get(x)) chain.push(byId.get(x));
  if (chain[0].callFrame.functionName === '(idle)' || chain[0].callFrame.functionName === '(program)') continue;
  total += c;
  const stop = under === undefined ? chain.length : chain.findIndex((n) => n.callFrame.functionName === under);
  if (stop < 0) continue;
  self.set(name(chain[0]), (self.get(name(chain[0])) ?? 0) + c);
  const seen = new Set();
  for (const n of chain.slice(0, stop + (under === undefined ? 0 : 1))) {
    const k = name(n);
    if (!seen.has(k)) {
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + c);
    }
  }
}
const list = (m, k) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([f, c]) => `${((100 * c) / total).toFixed(1).padStart(6)}%  ${f}`)
    .join('\n');
console.log(
  `${scenario}, ${policy} vs ${policy}: ${games} games profiled after ${warm} warm-up games, ${((cpu.user + cpu.system) / 1000 / games).toFixed(2)} CPU ms a game`,
);
console.log(`\ninclusive${under ? ` (below ${under})` : ''}:\n${list(incl, top)}`);
if (under === undefined) console.log(`\nself:\n${list(self, Math.ceil(top / 2))}`);
