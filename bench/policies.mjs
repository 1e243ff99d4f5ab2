// Policy strength and behaviour, for docs/policies.md: node bench/policies.mjs [games] (after npm run build).
// Balanced against random on both sides; the presets against balanced; the historical Boquerón plan;
// the share of game time spent in policy decisions.
import { playGame } from '../dist/core/play.js';
import { DEFAULT_OPTIONS } from '../dist/core/options.js';
import { loadGameData, loadScenario } from '../dist/data/load.js';
import { createPolicy } from '../dist/policy/index.js';
import { parseHex } from '../dist/core/hex.js';

const N = Number(process.argv[2] ?? 200);
const data = loadGameData();
let decideMs = 0;
const timed = (p) => ({
  name: p.name,
  decide(d, v) {
    const t = performance.now();
    try {
      return p.decide(d, v);
    } finally {
      decideMs += performance.now() - t;
    }
  },
});

function run(id, par, bol, extra = () => {}) {
  const s = loadScenario(id, data);
  const out = { wins: { PAR: 0, BOL: 0 }, attacks: [0, 0], steps: [0, 0], captured: [0, 0], ms: 0, decideMs: 0 };
  decideMs = 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const seed = `bench:${i}`;
    const r = playGame(s, DEFAULT_OPTIONS, [timed(createPolicy(par, `${seed}:PAR`, s)), timed(createPolicy(bol, `${seed}:BOL`, s))], seed, {
      log: true,
    });
    out.wins[r.winner]++;
    for (const e of r.events) if (e.type === 'combat') out.attacks[e.side]++;
    out.steps[0] += r.stepsLost[0];
    out.steps[1] += r.stepsLost[1];
    out.captured[0] += r.captured[0];
    out.captured[1] += r.captured[1];
    extra(r, s);
  }
  out.ms = performance.now() - t0;
  out.decideMs = decideMs;
  return out;
}
const pct = (x) => `${((100 * x) / N).toFixed(1)}%`;
const per = (x) => (x / N).toFixed(2);

console.log(`| scenario | PAR | BOL | PAR wins | BOL wins | games/s (log on) | time in decisions |`);
console.log(`|---|---|---|---|---|---|---|`);
for (const id of ['boqueron', 'villa-montes']) {
  for (const [par, bol] of [
    ['balanced', 'random'],
    ['random', 'balanced'],
  ]) {
    const r = run(id, par, bol);
    console.log(
      `| ${id} | ${par} | ${bol} | ${pct(r.wins.PAR)} | ${pct(r.wins.BOL)} | ${((N / r.ms) * 1000).toFixed(0)} | ${((100 * r.decideMs) / r.ms).toFixed(0)}% |`,
    );
  }
}
console.log('');
console.log(
  `| Boquerón, PAR preset vs BOL balanced | PAR wins | PAR attacks/game | steps lost PAR/BOL per game | settlements taken PAR/BOL per game | time in decisions |`,
);
console.log(`|---|---|---|---|---|---|`);
for (const preset of ['cautious', 'balanced', 'aggressive']) {
  const r = run('boqueron', preset, 'balanced');
  console.log(
    `| ${preset} | ${pct(r.wins.PAR)} | ${per(r.attacks[0])} | ${per(r.steps[0])} / ${per(r.steps[1])} | ${per(r.captured[0])} / ${per(r.captured[1])} | ${((100 * r.decideMs) / r.ms).toFixed(0)}% |`,
  );
}
let taken = 0;
const plan = run('boqueron', 'policies/boqueron-par-historical.json', 'balanced', (r, s) => {
  const target = parseHex(s.map.grid, '2440');
  let turn = 0;
  for (const e of r.events) {
    if (e.type === 'turn') turn = e.turn + 1;
    if (turn > 3) break;
    if (e.type === 'capture' && e.hex === target && e.side === 0) {
      taken++;
      break;
    }
  }
});
console.log('');
console.log(
  `Paraguayan historical Boquerón plan vs balanced: Boquerón (2440) taken by the end of turn 3 in ${pct(taken)} of ${N} games; Paraguay wins ${pct(plan.wins.PAR)}.`,
);
