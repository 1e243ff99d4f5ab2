// The supply searches alone, this build against a base build in one process, on the same positions: the
// states met at the Movement Phase decisions of `balanced` games (taken with this build), each asked in turn
// the LOC length of every hex (locLengths, one search from the sources over the whole map), the LOC of its
// GHQ (traceLoc: A* from the GHQ) and the army's General Supply (generalSupply: the radius rounds, 8.9).
// The builds alternate by pass (the order swapped every pass), timed by CPU time, the first two passes of
// each left out as warm-up; the answers of the two builds are compared. Runs the compiled code (npm run build first).
//
//   node bench/supply-searches.mjs --base DIR [--scenario ID] [--games N] [--passes N] [--repeat N]
import { fileURLToPath, pathToFileURL } from 'node:url';
import { movePositions } from './positions.mjs';
import { dirname, join, resolve } from 'node:path';

const text = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const base = text('base');
if (!base) throw new Error('usage: node bench/supply-searches.mjs --base DIR [--scenario ID] [--games N] [--passes N] [--repeat N]');
const scenario = text('scenario', 'boqueron'),
  games = Number(text('games', 20)),
  passes = Number(text('passes', 8)),
  repeat = Number(text('repeat', 10));

const load = (dir, p) => import(pathToFileURL(join(dir, 'dist', p)).href);
const builds = [
  { name: 'this', supply: await load(here, 'core/supply.js') },
  { name: 'base', supply: await load(resolve(base), 'core/supply.js') },
];

// Every 20th Movement Phase decision's position and side.
const { scenario: s, positions } = await movePositions(here, { scenario, games, tag: 'supply-searches' });

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const kinds = {
  locLengths: (sup, out) => {
    for (const [state, side] of positions) sup.locLengths(state, side, out);
  },
  traceLoc: (sup) => {
    for (const [state, side] of positions) sup.traceLoc(state, side);
  },
  generalSupply: (sup) => {
    for (const [state, side] of positions) sup.generalSupply(state, side, sup.traceLoc(state, side));
  },
};

// The two builds give the same answers.
const out = [new Int32Array(s.map.grid.size), new Int32Array(s.map.grid.size)];
for (const [state, side] of positions) {
  const [a, b] = builds.map((x, i) => x.supply.locLengths(state, side, out[i]).join());
  const [la, lb] = builds.map((x) => x.supply.traceLoc(state, side));
  const [ga, gb] = builds.map((x) => x.supply.generalSupply(state, side, x.supply.traceLoc(state, side)));
  if (a !== b || la.length !== lb.length || la.depotHexes.join() !== lb.depotHexes.join() || ga.inSupply_u.join() !== gb.inSupply_u.join())
    throw new Error('the builds answer differently');
}

console.log(
  `${scenario}: ${positions.length} positions of ${games} balanced games, each search asked ${repeat} times a pass, ${passes} passes`,
);
for (const [kind, run] of Object.entries(kinds)) {
  const ms = [[], []];
  for (let p = 0; p < passes; p++) {
    for (const i of p % 2 === 0 ? [0, 1] : [1, 0]) {
      const t = cpu();
      for (let r = 0; r < repeat; r++) run(builds[i].supply, out[i]);
      if (p >= 2) ms[i].push(cpu() - t);
    }
  }
  const ratios = ms[0].map((x, j) => ms[1][j] / x);
  const geo = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length);
  const per = (i) => ((ms[i].reduce((a, b) => a + b, 0) * 1000) / (ms[i].length * repeat * positions.length)).toFixed(1);
  console.log(
    `${kind}: this ${per(0)} µs a position, base ${per(1)}; base/this ${geo.toFixed(3)}x (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`,
  );
}
