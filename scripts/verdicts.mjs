#!/usr/bin/env node
// The verdicts as one study: per scenario, the equilibrium of a pool (chaco balance), then best-response checks of
// each side against it (chaco best-response): one in wins at the equilibrium, one at the fair bid (--at-bid: both
// sides at their mixes once the bid is paid, each game won on its margin shifted by the bid, so a reply that gains VP
// where one side wins nearly always shows); a reply that beats a side's equilibrium play in either (its gain's 95%
// interval above zero) joins the pool and the scenario is solved again, until no side is beaten or the rounds run out.
// Every step keeps its folder and resumes with the same command (a finished step is skipped), so a study stopped
// in one session goes on in the next: commit the folder as it grows. Run (after npm run build; npm run verdicts builds):
//
//   node scripts/verdicts.mjs --out DIR [--scenarios boqueron,villa-montes,ballivian,alihuata]
//     [--pool cautious,balanced,aggressive,historical,tuned] [--extra SCENARIO=FILE ...] [--rounds 3]
//     [--max-games 400] [--restricted-games 200] [--candidates 40] [--games 60] [--final-games 400] [--checks wins,bid]
//
// --extra adds a policy file (a reply found before) to one scenario's pool from the first round. Writes
// DIR/verdicts.csv, DIR/verdicts.md (the same as a table to publish) and DIR/verdicts.json: each scenario's last equilibrium, its pool, each side's best-response
// gains with their intervals (in wins and in wins at the bid, which decide "beaten", and in VP a game), and whether
// the checks found nothing more (converged) or the rounds ran out. A reply joins the pool as a copy named for its
// check (DIR/SCENARIO/replies/par-round-0-bid.json): two replies of one side keep distinct labels.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Command } from 'commander';
import { csvFields } from '../dist/cli/balance-folder.js';
import { beatenChecks, replyName, verdictLine, verdictsCsv, verdictsMarkdown } from '../dist/cli/verdicts-table.js';
import { chaco, readJson } from './chaco-command.mjs';

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
  .option('--checks <kinds>', 'best-response checks per side: wins (at the equilibrium), bid (--at-bid), or both', 'wins,bid')
  .parse(process.argv)
  .opts();
const out = o.out;
const scenarios = o.scenarios.split(',');
const pool = o.pool.split(',');
const rounds = Number(o.rounds);
const kinds = o.checks.split(',');
if (kinds.length === 0 || kinds.some((k) => k !== 'wins' && k !== 'bid')) {
  console.error(`verdicts: --checks ${o.checks}: give wins, bid or wins,bid`);
  process.exit(2);
}
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

const complete = (file) => readJson(file)?.status === 'complete';

/** The equilibrium row of a balance folder (equilibrium.csv: value, interval, fair bid, mixes). */
function equilibrium(dir) {
  const [head, row] = readFileSync(join(dir, 'equilibrium.csv'), 'utf8').trim().split('\n');
  const keys = csvFields(head);
  const cells = csvFields(row);
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
      chaco('verdicts', [
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
    for (const side of ['PAR', 'BOL'])
      for (const kind of kinds) {
        const name = `round-${k}-${side.toLowerCase()}${kind === 'bid' ? '-bid' : ''}`;
        const dir = join(out, s, name);
        if (!complete(join(dir, 'best-response.json')))
          chaco('verdicts', [
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
            ...(kind === 'bid' ? ['--at-bid'] : []),
          ]);
        checks[kind === 'bid' ? `${side}_bid` : side] = { ...readJson(join(dir, 'best-response.json')).result, name };
      }
    last = { scenario: s, round: k, study, pool: [...used], equilibrium: equilibrium(study), checks };
    // A side beaten beyond its interval, in wins or at the bid: its reply joins the pool and the scenario is solved again.
    const beaten = beatenChecks(checks);
    for (const c of beaten) {
      // A label of its own in the pool: an --extra file from an earlier study may carry the same (chaco balance refuses two).
      const taken = new Set(used.map((f) => basename(f)));
      let file = join(out, s, 'replies', `${replyName(c.name)}.json`);
      for (let n = 2; taken.has(basename(file)); n++) file = join(out, s, 'replies', `${replyName(c.name)}-${n}.json`);
      mkdirSync(dirname(file), { recursive: true });
      copyFileSync(c.reply_file, file);
      used.push(file);
    }
    converged = beaten.length === 0;
  }
  results.push({ ...last, converged });
}

writeFileSync(join(out, 'verdicts.csv'), verdictsCsv(results));
writeFileSync(join(out, 'verdicts.md'), verdictsMarkdown(results));
writeFileSync(
  join(out, 'verdicts.json'),
  JSON.stringify({ command: ['node', 'scripts/verdicts.mjs', ...args].join(' '), budget, results }, null, 2) + '\n',
);
for (const r of results) console.log(verdictLine(r));
