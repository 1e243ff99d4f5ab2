// General Supply as the GHQ's choice asks it, fresh each time against the sources' and leaders' balls shared
// across the hexes of one choice (openSupplyShare): the states met at every 20th Movement Phase decision of
// `balanced` games, for each side its GHQ's hex and the next `--hexes` - 1 hexes within 2 of it that have an
// LOC (a choice values its own hex and about 1.7 others, 2026-11-29), on the copy a choice values them on (no
// trucks, depots from the LOC), in the view's weather; `--mixed` values each in both weathers, as a choice
// does when rain and dry are near even. Timed by CPU time, the two ways alternating by pass (the first two
// passes left out as warm-up); the answers are compared. Runs the compiled code (npm run build first).
//
//   node bench/ghq-supply.mjs [--scenario ID] [--games N] [--passes N] [--hexes K] [--mixed]
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ghqPositions } from './positions.mjs';
import { dirname, join, resolve } from 'node:path';

const text = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scenario = text('scenario', 'boqueron'),
  games = Number(text('games', 20)),
  passes = Number(text('passes', 8)),
  hexesPerChoice = Number(text('hexes', 3)),
  mixed = process.argv.includes('--mixed');
const load = (p) => import(pathToFileURL(join(here, 'dist', p)).href);
const [sup, { shapeState }, { distance }, { pickDepots }] = await Promise.all([
  load('core/supply.js'),
  load('core/state-shape.js'),
  load('core/hex.js'),
  load('policy/heuristic-ghq.js'),
]);

const { positions } = await ghqPositions(here, { scenario, games, tag: 'ghq-supply' });

// Per position (one choice): the copies, and per hex and copy its LOC, depots and radius, worked out once.
const choices = positions.map(([state, side]) => {
  const grid = state.map.grid,
    g = state.ghq_s[side];
  const copy = (rainy) =>
    shapeState(state, false, {
      rainy,
      ghq_s: state.ghq_s.slice(),
      depot_h: new Uint8Array(state.depot_h.length),
      loc_t: state.loc_t.slice(),
      attached_t: new Uint8Array(state.attached_t.length),
    });
  const copies = mixed ? [copy(true), copy(false)] : [copy(state.rainy)];
  const calls = [];
  let hexes = 0;
  for (let h = g, i = 0; i < grid.size && hexes < hexesPerChoice; h = i++) {
    if (h === g && i > 0) continue;
    if (distance(grid, g, h) > 2) continue;
    let any = false;
    for (const c of copies) {
      c.ghq_s[side] = h;
      const loc = sup.traceLoc(c, side);
      if (loc.length < 0) continue;
      any = true;
      calls.push({ copy: c, h, loc, depots: pickDepots(c, side, loc.depotHexes, 4), radius: sup.radiusForLoc(c.tables, loc.length) });
    }
    if (any) hexes++;
  }
  return { side, calls };
});
const ask = (shared) => {
  const answers = [];
  for (const { side, calls } of choices) {
    const share = shared ? sup.openSupplyShare() : undefined;
    for (const { copy, h, loc, depots, radius } of calls) {
      copy.ghq_s[side] = h;
      copy.depot_h.fill(0);
      for (const x of depots) copy.depot_h[x] = 1;
      answers.push(sup.generalSupply(copy, side, loc, radius, undefined, share));
    }
  }
  return answers;
};
const before = sup.generalSupplyShareCounts();
const [a, b] = [ask(false), ask(true)];
const after = sup.generalSupplyShareCounts();
for (let i = 0; i < a.length; i++)
  if (a[i].inSupply_u.join() !== b[i].inSupply_u.join() || a[i].oos_l.join() !== b[i].oos_l.join())
    throw new Error('the shared and fresh General Supply disagree');

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const ms = [[], []];
for (let p = 0; p < passes; p++) {
  for (const shared of p % 2 === 0 ? [false, true] : [true, false]) {
    const t = cpu();
    ask(shared);
    if (p >= 2) ms[shared ? 1 : 0].push(cpu() - t);
  }
}
const ratios = ms[0].map((x, j) => x / ms[1][j]);
const geo = Math.exp(ratios.reduce((r, x) => r + Math.log(x), 0) / ratios.length);
const per = (i) => ((ms[i].reduce((x, y) => x + y, 0) * 1000) / (ms[i].length * a.length)).toFixed(1);
const calls = after.calls - before.calls,
  drawn = after.drawn - before.drawn;
console.log(
  `${scenario}: ${choices.length} choices of ${games} balanced games, ${a.length} General Supply calls a pass (${calls - drawn} of them reusing a shared part, ${drawn} drawing one; answers identical)`,
);
console.log(
  `a call: fresh ${per(0)} µs, shared ${per(1)} µs; fresh/shared ${geo.toFixed(3)}x (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`,
);
