#!/usr/bin/env node
// The verdicts as one study: per scenario, the equilibrium of a pool (chaco balance), then a best-response check of
// each side against it (chaco best-response); a reply that beats a side's equilibrium play (its gain's 95% interval
// above zero) joins the pool and the scenario is solved again, until no side is beaten or the rounds run out.
// Every step keeps its folder and resumes with the same command (a finished step is skipped), so a study stopped
// in one session goes on in the next: commit the folder as it grows. Run (after npm run build; npm run verdicts builds):
//
//   node scripts/verdicts.mjs --out DIR [--scenarios boqueron,villa-montes,ballivian,alihuata]
//     [--pool cautious,balanced,aggressive,historical,tuned] [--extra SCENARIO=FILE ...] [--rounds 3]
//     [--max-games 400] [--restricted-games 200] [--candidates 40] [--games 60] [--final-games 400]
//
// --extra adds a policy file (a reply found before) to one scenario's pool from the first round. Writes
// DIR/verdicts.csv and DIR/verdicts.json: each scenario's last equilibrium, its pool, each side's best-response
// gain with its interval (in wins, which decide "beaten", and in VP a game), and whether the check found nothing
// more (converged) or the rounds ran out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// The command line, read by commander as chaco's own is (unknown options and missing values refused with a message).
const o = new Command('verdicts')
  .requiredOption('--out <dir>', 'folder of the study, e.g. reports/study/verdicts-2026-11-29')
  .option('--scenarios <ids>', 'comma-separated scenarios', 'boqueron,villa-montes,ballivian,alihuata')
  .option('--pool <policies>', "both sides' pool", 'cautious,balanced,aggressive,historical,tuned')
  .option('--extra <scenario=file>', "a policy file in one scenario's pool from the first round; repeatable", (v, all) => [...all, v], [])
  .option('--rounds <n>', 'rounds of solving again at most', '3')
  .option('--max-games <n>', 'chaco balance --max-games', '400')
  .option('--restricted-games <n>', 'chaco balance --restricted-games', '200')
  .option('--candidates <n>', 'chaco best-response --candidates', '40')
  .option('--games <n>', 'chaco best-response --games', '60')
  .option('--final-games <n>', 'chaco best-response --final-games', '400')
  .parse(process.argv)
  .opts();
const out = o.out;
const scenarios = o.scenarios.split(',');
const pool = o.pool.split(',');
const rounds = Number(o.rounds);
const budget = {
  maxGames: o.maxGames,
  restrictedGames: o.restrictedGames,
  candidates: o.candidates,
  games: o.games,
  finalGames: o.finalGames,
};
const extra = new Map();
for (const e of o.extra) {
  const [s, file] = e.split('=');
  if (!s || !file || !scenarios.includes(s)) {
    console.error(`verdicts: --extra ${e}: expected SCENARIO=FILE with SCENARIO one of ${scenarios.join(', ')}`);
    process.exit(2);
  }
  extra.set(s, [...(extra.get(s) ?? []), file]);
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const complete = (file) => readJson(file)?.status === 'complete';

/** One chaco command; a failure stops the study with the command to run again (it resumes). */
function chaco(argv) {
  const line = `node bin/chaco.js ${argv.join(' ')}`;
  console.error(`verdicts: ${line}`);
  const r = spawnSync(process.execPath, [join(root, 'bin/chaco.js'), ...argv, '--quiet'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) {
    console.error(`verdicts: stopped at: ${line}\nrun the same verdicts command again to resume from there`);
    process.exit(r.status ?? 1);
  }
}

/** The equilibrium row of a balance folder (equilibrium.csv: value, interval, fair bid, mixes). */
function equilibrium(dir) {
  const [head, row] = readFileSync(join(dir, 'equilibrium.csv'), 'utf8').trim().split('\n');
  const keys = head.split(',');
  const cells = row.split(',');
  return Object.fromEntries(keys.map((k, i) => [k, cells[i]]));
}

const results = [];
for (const s of scenarios) {
  const used = [...pool, ...(extra.get(s) ?? [])];
  let converged = false;
  let last = null;
  for (let k = 0; k < rounds && !converged; k++) {
    const study = join(out, s, `round-${k}`);
    mkdirSync(dirname(study), { recursive: true });
    if (!complete(join(study, 'balance.json')))
      chaco([
        'balance',
        s,
        '--pool',
        used.join(','),
        '--max-games',
        budget.maxGames,
        '--restricted-games',
        budget.restrictedGames,
        '--seed',
        'study',
        '--out',
        study,
      ]);
    const checks = {};
    for (const side of ['PAR', 'BOL']) {
      const dir = join(out, s, `round-${k}-${side.toLowerCase()}`);
      if (!complete(join(dir, 'best-response.json')))
        chaco([
          'best-response',
          s,
          '--side',
          side,
          '--balance',
          study,
          '--candidates',
          budget.candidates,
          '--games',
          budget.games,
          '--final-games',
          budget.finalGames,
          '--seed',
          '1',
          '--out',
          dir,
        ]);
      checks[side] = readJson(join(dir, 'best-response.json')).result;
    }
    last = { scenario: s, round: k, study, pool: [...used], ...equilibrium(study), checks };
    // A side beaten beyond its interval: its reply joins the pool and the scenario is solved again.
    const beaten = ['PAR', 'BOL'].filter((side) => checks[side].gain_lo > 0);
    for (const side of beaten) used.push(checks[side].reply_file);
    converged = beaten.length === 0;
  }
  results.push({ ...last, converged });
}

// Each check's gain in wins and in VP a game (best-response.csv's margin_gain: a gain win rates near 0% or 100% cannot show).
const gain = (c) => [c.gain, c.gain_lo, c.gain_hi, c.margin_gain ?? '', c.margin_gain_lo ?? '', c.margin_gain_hi ?? ''];
const vpBeaten = (r) => ['PAR', 'BOL'].filter((side) => Number(r.checks[side].margin_gain_lo) > 0);
const header =
  'scenario,rounds,converged,value,lo,hi,fair_bid,fair_bid_lo,fair_bid_hi,par_mix,bol_mix,' +
  'par_gain,par_gain_lo,par_gain_hi,par_vp_gain,par_vp_gain_lo,par_vp_gain_hi,' +
  'bol_gain,bol_gain_lo,bol_gain_hi,bol_vp_gain,bol_vp_gain_lo,bol_vp_gain_hi,study';
const rows = results.map((r) =>
  [
    r.scenario,
    r.round + 1,
    r.converged,
    r.value,
    r.lo,
    r.hi,
    r.fair_bid,
    r.fair_bid_lo,
    r.fair_bid_hi,
    `"${r.par_mix}"`,
    `"${r.bol_mix}"`,
    ...gain(r.checks.PAR),
    ...gain(r.checks.BOL),
    r.study,
  ].join(','),
);
writeFileSync(join(out, 'verdicts.csv'), [header, ...rows].join('\n') + '\n');
writeFileSync(
  join(out, 'verdicts.json'),
  JSON.stringify({ command: ['node', 'scripts/verdicts.mjs', ...args].join(' '), budget, results }, null, 2) + '\n',
);
// The fair bid: positive, VP to Paraguay; negative, to Bolivia (equilibrium.csv).
const bid = (v) => (Number(v) < 0 ? `Bolivia +${-Number(v)}` : `Paraguay +${Number(v)}`);
for (const r of results)
  console.log(
    `${r.scenario}: Paraguay wins ${(100 * r.value).toFixed(1)}% (${(100 * r.lo).toFixed(1)}–${(100 * r.hi).toFixed(1)}) at equilibrium, ` +
      `fair bid ${bid(r.fair_bid)} VP; ${r.converged ? 'no side beaten by a reply' : 'a side still beaten when the rounds ran out'} (round ${r.round + 1})` +
      vpBeaten(r)
        .map(
          (side) =>
            `; ${side === 'PAR' ? 'Paraguay' : 'Bolivia'}'s reply gains ${r.checks[side].margin_gain} VP a game, not wins: the bid may be off`,
        )
        .join(''),
  );
