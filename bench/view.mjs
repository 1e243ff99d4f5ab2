// What the read-only view costs, in CPU time per Boquerón game after a warm-up (the machine may be
// shared: compare runs made side by side): a user module (the example hold-the-line, built on the
// heuristic) against balanced; balanced against balanced as in ordinary runs, checked as --check checks
// built-in policies (view-check.ts), and behind the read-only view modules get (read-only-view.ts).
// node bench/view.mjs [games] [dist folder] (after npm run build; another build's dist folder
// measures that build, e.g. the one before a change).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const N = Number(process.argv[2] ?? 20);
const dist = pathToFileURL(`${resolve(process.argv[3] ?? 'dist')}/`).href;
const { playGame } = await import(`${dist}core/play.js`);
const { DEFAULT_OPTIONS } = await import(`${dist}core/options.js`);
const { loadGameData, loadScenario } = await import(`${dist}data/load.js`);
const { createPolicy, loadPolicyModules } = await import(`${dist}policy/index.js`);
const guard = await import(`${dist}policy/read-only-view.js`).then(
  (m) => m.readOnlyPolicy,
  () => null,
);
const check = await import(`${dist}policy/view-check.js`).then(
  (m) => m.checkedPolicy,
  () => null,
);

const MODULE = 'policies/examples/hold-the-line.mjs';
await loadPolicyModules([MODULE]);
const scenario = loadScenario('boqueron', loadGameData());

function cpuMsPerGame(par, bol, wrap = (p) => p) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const seed = `view:${i}`;
    playGame(
      scenario,
      DEFAULT_OPTIONS,
      [wrap(createPolicy(par, `${seed}:PAR`, scenario)), wrap(createPolicy(bol, `${seed}:BOL`, scenario))],
      seed,
    );
  }
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000 / N;
}

cpuMsPerGame('balanced', 'balanced'); // warm-up: JIT and the per-map search caches
const rows = [
  ['hold-the-line (module) vs balanced', cpuMsPerGame(MODULE, 'balanced')],
  ['balanced vs balanced', cpuMsPerGame('balanced', 'balanced')],
];
if (check)
  rows.push(['balanced vs balanced, both checked (--check)', cpuMsPerGame('balanced', 'balanced', (p) => check(p, `policy ${p.name}`))]);
if (guard)
  rows.push([
    'balanced vs balanced, both behind the read-only view',
    cpuMsPerGame('balanced', 'balanced', (p) => guard(p, `policy ${p.name}`)),
  ]);
for (const [what, ms] of rows) console.log(`${process.argv[3] ?? 'dist'}\t${what}\t${ms.toFixed(0)} ms/game`);
