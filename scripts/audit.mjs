#!/usr/bin/env node
// The blunder audit held to its bar: per scenario and player (both sides playing it), one `chaco run` of --games
// games (seed 1, no replays), and the table of what each side's blunders come to against the bar play must clear
// (docs/blunders.md#the-bar): works left empty and hopeless call-ups never; GHQs lost, leaders lost with their stacks,
// bases left open and hopeless attacks in under 5% of games; and no player blundering more than `balanced` (the
// rate: each kind's share of games summed, attrition and over-stacking aside). A cell whose run.json says complete is
// kept, so a stopped audit resumes with the same command (an interrupted run resumes where it stopped); --tabulate
// plays nothing and tables the cells so far. Run (after npm run build; npm run audit builds):
//
//   node scripts/audit.mjs --out DIR [--scenarios boqueron,villa-montes,ballivian] [--players balanced,tuned,search]
//     [--games 200] [--workers N] [--tabulate]
//
// `tuned` plays `balanced` for a side with no tuned file of the scenario. Writes DIR/<scenario>-<player>/ (the run),
// DIR/audit.csv (a row per cell, side and barred kind: its share of games with the Wilson interval, the bar, whether
// it clears it), DIR/audit.md (the same as a table, with what misses the bar) and DIR/audit.json (the command and each
// cell's commit).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import { auditCsv, auditMarkdown } from '../dist/cli/audit-table.js';
import { resolveAlias } from '../dist/policy/aliases.js';
import { chaco, readJson } from './chaco-command.mjs';

const args = process.argv.slice(2);
const o = new Command('audit')
  .requiredOption('--out <dir>', 'folder of the audit, e.g. reports/study/audit-2026-11-30')
  .option('--scenarios <ids>', 'comma-separated scenarios', 'boqueron,villa-montes,ballivian')
  .option('--players <policies>', 'comma-separated players, each playing both sides', 'balanced,tuned,search')
  .option('--games <n>', 'games a cell', '200')
  .option('--workers <n>', 'chaco run --workers (default: all cores)')
  .option('--tabulate', 'play nothing: the table of the cells played so far (an unfinished one with the games it has)')
  .parse(process.argv)
  .opts();

const cells = [];
for (const scenario of o.scenarios.split(','))
  for (const player of o.players.split(',')) {
    // A policy form's colons (search:4:pool) become dashes: a folder name every file system takes.
    const dir = join(o.out, `${scenario}-${player.replaceAll(':', '-')}`);
    // `tuned` for a side with no tuned file of the scenario is `balanced` there (Ballivián's Paraguay), as `search` plays it.
    const [par, bol] = ['par', 'bol'].map((side) =>
      player === 'tuned' && resolveAlias(player, scenario, side) === null ? 'balanced' : player,
    );
    if (o.tabulate && !existsSync(join(dir, 'blunders.csv'))) continue;
    if (!o.tabulate && readJson(join(dir, 'run.json'))?.status !== 'complete') {
      mkdirSync(dir, { recursive: true });
      const argv = ['run', scenario, '--games', o.games, '--seed', '1', '--par', par, '--bol', bol, '--no-replays', '--out', dir];
      chaco('audit', [...argv, '--yes', ...(o.workers ? ['--workers', o.workers] : [])]);
    }
    const run = readJson(join(dir, 'run.json'));
    const rows = parse(readFileSync(join(dir, 'blunders.csv'), 'utf8'), { columns: true });
    const notes = [
      ...(par === bol ? [] : [`Paraguay ${par}, Bolivia ${bol}`]),
      ...(run.status === 'complete' ? [] : [`${run.status}: ${run.played} of ${run.games} games`]),
    ];
    cells.push({ scenario, player, games: run.played, commit: run.commit, rows, ...(notes.length > 0 ? { note: notes.join('; ') } : {}) });
  }

writeFileSync(join(o.out, 'audit.csv'), auditCsv(cells));
writeFileSync(join(o.out, 'audit.md'), auditMarkdown(cells));
const commits = Object.fromEntries(cells.map((c) => [`${c.scenario}-${c.player}`, c.commit]));
writeFileSync(
  join(o.out, 'audit.json'),
  JSON.stringify({ command: ['node', 'scripts/audit.mjs', ...args].join(' '), commits }, null, 2) + '\n',
);
process.stdout.write(auditMarkdown(cells));
