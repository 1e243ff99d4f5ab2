// What the search's look-ahead costs: rollouts per second, and whether a rollout costs more than playing the
// same game turns outright. Runs the compiled code (npm run build first).
//
//   node bench/search.mjs [--scenario ID] [--games N] [--rollouts R | --policy FORM] [--pairs P] [--vs FORM]
//
// 1. N games of search[:R] (Paraguay) against balanced, each timed by the process's CPU time (user + system:
//    a shared machine's waiting stays out): the search's counts (SearchStats) give rollouts per CPU second and
//    CPU ms per game turn its rollouts reached. Its plans are not balanced alone (cautious, aggressive, the
//    tuned plan and variants), so that figure is not the outright one's.
//    With --vs FORM (e.g. --policy search --vs search:race): both forms play the same N seeds, alternating which goes
//    first, and the CPU ms a game and rollouts a game of each, with their ratio (their games differ where their choices do).
// 2. The look-ahead's own cost: P games (default 40) in which balanced plays Paraguay and, before its first
//    player turn, plays the whole game through on the engine's copy (balanced against balanced,
//    Lookahead.simulate), against P balanced games played outright, their game turns only (from the first
//    turn's start: the set-up is not in a rollout). Different games on the same seeds (a rollout has dice of
//    its own), so only many of them agree; ratio of CPU ms, rollout / outright (1: a rollout costs what its
//    game turns cost). Also the CPU cost of the copy a rollout starts from (cloneState).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const text = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(here, 'dist', p)).href);
const [{ playGame }, { DEFAULT_OPTIONS }, { loadGameData, loadScenario }, { createPolicy }, { streamSeed }, { cloneState }] =
  await Promise.all([
    load('core/play.js'),
    load('core/options.js'),
    load('data/load.js'),
    load('policy/index.js'),
    load('core/dice.js'),
    load('core/state.js'),
  ]);
const id = text('scenario', 'boqueron'),
  games = Number(text('games', 4)),
  rollouts = text('rollouts'),
  pairs = Number(text('pairs', 40));
const searchName = text('policy') ?? (rollouts === undefined ? 'search' : `search:${rollouts}`);
const vs = text('vs');
const s = loadScenario(id, loadGameData());
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const balanced = (seed) => createPolicy('balanced', seed, s);

let seen = null; // a position met in play, for the copy's cost
/** An outright game of balanced against balanced: CPU ms of its game turns (from the first turn event on). */
function outright(seed) {
  let t0 = 0;
  const observer = {
    event(e) {
      if (e.type === 'turn' && e.turn === 0) t0 = cpuMs();
      if (e.type === 'turn' && e.turn === 2 && seen === null) seen = observer.state;
    },
    start(state) {
      observer.state = state;
    },
  };
  playGame(s, DEFAULT_OPTIONS, [balanced(`${seed}:PAR`), balanced(`${seed}:BOL`)], seed, { observer });
  return cpuMs() - t0;
}
/** A game in which Paraguay's balanced player first plays the whole game through on the copy: CPU ms of that rollout. */
function rollout(seed) {
  let ms = 0;
  const inner = balanced(`${seed}:PAR`);
  const par = {
    name: 'balanced',
    decide: (d, view) => inner.decide(d, view),
    startTurn(view, _side, lookahead) {
      if (view.turn !== 0) return;
      const t0 = cpuMs();
      lookahead.simulate([balanced(`${seed}:look:PAR`), balanced(`${seed}:look:BOL`)], `${seed}:look:dice`, Infinity);
      ms = cpuMs() - t0;
    },
  };
  playGame(s, DEFAULT_OPTIONS, [par, balanced(`${seed}:BOL`)], seed);
  return ms;
}

for (let i = 0; i < 3; i++) {
  outright(`warm-${i}`);
  rollout(`warm-${i}`);
}
const search = { ms: 0, rollouts: 0, gameTurns: 0, turns: 0 };
const other = { ms: 0, rollouts: 0, gameTurns: 0, turns: 0 };
let look = 0,
  out = 0;
/** Game i of `name` against balanced, its CPU time and counts added to `into`. */
function searchGame(name, i, into) {
  const seed = streamSeed('bench-search', i, 'game');
  const t0 = cpuMs();
  const par = createPolicy(name, `${seed}:PAR`, s);
  playGame(s, DEFAULT_OPTIONS, [par, balanced(`${seed}:BOL`)], seed);
  into.ms += cpuMs() - t0;
  for (const k of ['rollouts', 'gameTurns', 'turns']) into[k] += par.stats[k];
}
for (let i = 0; i < games; i++) {
  if (vs !== undefined && i % 2 === 1) searchGame(vs, i, other);
  searchGame(searchName, i, search);
  if (vs !== undefined && i % 2 === 0) searchGame(vs, i, other);
}
if (vs !== undefined) {
  const line = (name, x) =>
    `${name}: ${(x.ms / games).toFixed(0)} CPU ms a game, ${(x.rollouts / games).toFixed(1)} rollouts and ${(x.gameTurns / games).toFixed(0)} game turns of rollouts a game`;
  console.log(`${id}: ${games} games each against balanced, the same seeds`);
  console.log(line(searchName, search));
  console.log(line(vs, other));
  console.log(
    `${searchName} / ${vs}: ${(search.ms / other.ms).toFixed(2)}x the CPU time, ${(search.rollouts / other.rollouts).toFixed(2)}x the rollouts, ${(search.gameTurns / other.gameTurns).toFixed(2)}x the game turns`,
  );
  process.exit(0);
}
for (let i = 0; i < pairs; i++) {
  const seed = streamSeed('bench-search', i, 'pair');
  // The same seeds in both: the rollout's game is not the outright one (its own dice), but of the same kind.
  if (i % 2 === 0) {
    look += rollout(seed);
    out += outright(seed);
  } else {
    out += outright(seed);
    look += rollout(seed);
  }
}
const copies = 2000,
  c0 = cpuMs();
for (let k = 0; k < copies; k++) cloneState(seen);
const copyMs = (cpuMs() - c0) / copies;
const perRollout = search.ms / search.rollouts;
console.log(
  `${id}: ${games} game${games === 1 ? '' : 's'} of ${searchName} against balanced (${search.turns} player turns searched, ${search.rollouts} rollouts reaching ${search.gameTurns} game turns), CPU time`,
);
console.log(
  `rollouts per CPU second: ${(1000 / perRollout).toFixed(1)} (${perRollout.toFixed(1)} ms a rollout, ${(search.ms / search.gameTurns).toFixed(2)} ms a game turn reached)`,
);
console.log(
  `a whole game played on the look-ahead's copy against one played outright (balanced, game turns only, ${pairs} each): ${(look / pairs).toFixed(1)} and ${(out / pairs).toFixed(1)} ms, ratio ${(look / out).toFixed(2)}`,
);
console.log(
  `the copy a rollout starts from (cloneState): ${(copyMs * 1000).toFixed(1)} µs, ${((100 * copyMs) / perRollout).toFixed(2)}% of a rollout`,
);
