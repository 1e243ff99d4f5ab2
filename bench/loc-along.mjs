// The LOC of a GHQ in the hexes around it, by traceLoc's own A* against traceLocAlong (read off the field
// locLengths has just drawn, as the heuristic's GHQ choice does): the states met at every 20th Movement Phase
// decision of `balanced` games, for each side every hex within 2 of its GHQ that has an LOC. Timed by CPU time,
// the two alternating by pass (the first two passes left out as warm-up); the answers are compared. Runs the
// compiled code (npm run build first).
//
//   node bench/loc-along.mjs [--scenario ID] [--games N] [--passes N]
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ghqPositions } from './positions.mjs';
import { dirname, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const text = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scenario = text('scenario', 'boqueron'),
  games = Number(text('games', 20)),
  passes = Number(text('passes', 8));
const load = (p) => import(pathToFileURL(join(here, 'dist', p)).href);
const [sup, { shapeState }, { distance }] = await Promise.all([load('core/supply.js'), load('core/state-shape.js'), load('core/hex.js')]);

const { scenario: s, positions } = await ghqPositions(here, { scenario, games, tag: 'loc-along' });
// Per position: the hexes within 2 of the GHQ, the copy the GHQ moves in.
const asked = positions.map(([state, side]) => {
  const grid = state.map.grid,
    g = state.ghq_s[side];
  const hexes = [];
  for (let h = 0; h < grid.size; h++) if (distance(grid, g, h) <= 2) hexes.push(h);
  return { state, side, hexes, copy: shapeState(state, false, { ghq_s: state.ghq_s.slice() }) };
});
const out = new Int32Array(s.map.grid.size);
const run = (along) => {
  let count = 0;
  const answers = [];
  for (const { state, side, hexes, copy } of asked) {
    const lengths = sup.locLengths(state, side, out, undefined, hexes);
    const f = sup.lastLocField();
    for (const h of hexes) {
      if (lengths[h] < 0) continue;
      copy.ghq_s[side] = h;
      answers.push(along ? sup.traceLocAlong(f, copy, side) : sup.traceLoc(copy, side));
      count++;
    }
  }
  return { count, answers };
};
const a = run(false),
  b = run(true);
if (!isDeepStrictEqual(a.answers, b.answers)) throw new Error('traceLocAlong and traceLoc disagree');
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
// Each pass: locLengths alone, then with traceLoc, then with traceLocAlong (the difference is the LOCs' cost).
const t = { fieldOnly: 0, traceLoc: 0, along: 0 };
const fieldOnly = () => {
  for (const { state, side, hexes } of asked) sup.locLengths(state, side, out, undefined, hexes);
};
for (let p = 0; p < passes; p++) {
  const order = p % 2 === 0 ? ['fieldOnly', 'traceLoc', 'along'] : ['along', 'traceLoc', 'fieldOnly'];
  for (const k of order) {
    const t0 = cpu();
    if (k === 'fieldOnly') fieldOnly();
    else run(k === 'along');
    if (p >= 2) t[k] += cpu() - t0;
  }
}
const m = passes - 2;
const per = (x) => ((x - t.fieldOnly) / m / a.count) * 1000;
console.log(`${scenario}: ${asked.length} positions, ${a.count} LOCs a pass (answers identical)`);
console.log(
  `an LOC: traceLoc ${per(t.traceLoc).toFixed(1)} µs, traceLocAlong ${per(t.along).toFixed(1)} µs (over the field, ${((t.fieldOnly / m / asked.length) * 1000).toFixed(0)} µs a position)`,
);
