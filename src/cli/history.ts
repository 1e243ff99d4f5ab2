// `chaco history <scenario...>`: the historical plans against each other (or the policies given); for
// each key place of the scenario, the turn it changes hands in play beside the month it did in the war.
// Writes history.csv and index.html; games are played in this process with their event logs (sim/logged-games.ts).
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { effectiveTurns } from '../core/options.js';
import { Issues } from '../data/issues.js';
import { DEFAULT_DATA_DIR } from '../data/load.js';
import { readJson } from '../data/read-json.js';
import { firstChangeTurns, compileHistory, HISTORY_COLUMNS, historyRow, scenarioHistory } from '../report/history.js';
import { factsTable, htmlPage } from '../report/html.js';
import { toCsv, type Row } from '../report/summary.js';
import { esc } from '../report/svg.js';
import { writeFileAtomic, writeJson } from '../report/write-file.js';
import { createProgress } from '../sim/progress.js';
import { playLoggedGames } from '../sim/logged-games.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { claimFolder, runId } from './run-folder.js';
import { resolvePolicy } from '../sim/policy-ref.js';
import { asUsage, intFlag, parseFlags, specFromFlags, switchFlag } from './flags.js';

export const HISTORY_FILE = join(dirname(DEFAULT_DATA_DIR), 'history', 'events.json');

const historySchema = z.object({
  games: intFlag('--games', 1),
  seed: z.string().min(1),
  par: z.string(),
  bol: z.string(),
  option: z.array(z.string()),
  data: z.string(),
  out: z.string().optional(),
  force: switchFlag(),
  quiet: switchFlag(),
  progress: switchFlag(),
});

export async function historyAction(scenarioArgs: string[], raw: unknown): Promise<void> {
  const f = parseFlags(historySchema, raw);
  const issues = new Issues(HISTORY_FILE);
  const history = compileHistory(readJson(HISTORY_FILE), issues);
  issues.throwIfAny();
  const dir = f.out ?? join('reports', 'out', 'history', runId(f.seed));
  claimFolder(dir, f.force);
  const rows: Row[] = [];
  const lines: string[] = [];
  // One progress over every scenario's games: --progress lines come every 5 s across short scenarios too.
  const progress = createProgress(
    f.games * scenarioArgs.length,
    `history ${scenarioArgs.length === 1 ? scenarioArgs[0]! : `of ${scenarioArgs.length} scenarios`}`,
    { quiet: f.quiet, lines: f.progress },
  );
  let base = -f.games;
  for (const arg of scenarioArgs) {
    base += f.games;
    progress.update(base);
    const probe = specFromFlags(arg, { ...f, par: 'balanced', bol: 'balanced', handicap: [], check: false });
    const { scenario, options } = probe.prepared;
    // Any form --par and --bol take (policy-ref.ts); a scenario without the named plan for a side is skipped.
    const par = asUsage(() => resolvePolicy('--par', f.par, scenario.id, 'par')),
      bol = asUsage(() => resolvePolicy('--bol', f.bol, scenario.id, 'bol'));
    if (par === null || bol === null) {
      lines.push(
        `${scenario.id}: no ${(par === null ? f.par : f.bol).split('+')[0]} plan for ${par === null ? 'Paraguay' : 'Bolivia'}; skipped`,
      );
      continue;
    }
    const { spec } = specFromFlags(arg, { ...f, par, bol, handicap: [], check: false });
    const key = scenarioHistory(scenario, effectiveTurns(scenario, options), history!.events);
    if (key.length === 0) {
      lines.push(`${scenario.id}: no dated event of the war falls within its turns`);
      continue;
    }
    const hexes = key.map((e) => e.hex);
    const firsts = key.map(() => [] as number[]),
      ends = key.map(() => [] as number[]);
    const settlementHexes = scenario.map.places.filter((p) => p.settlement).map((p) => p.hex);
    playLoggedGames({ scenario, options, par, bol, seed: spec.seed }, f.games, (r, g) => {
      firstChangeTurns(r.events ?? [], hexes).forEach((t, k) => firsts[k]!.push(t));
      hexes.forEach((h, k) => {
        const s = settlementHexes.indexOf(h);
        ends[k]!.push(s >= 0 ? r.settlements.endHolder[s]! : -1);
      });
      progress.update(base + g + 1);
    });
    key.forEach((e, k) => {
      const row = historyRow(scenario.id, e, firsts[k]!, ends[k]!);
      rows.push(row);
      const play =
        Number(row.changed_share) === 0
          ? 'never changed hands'
          : `changed hands in ${(100 * Number(row.changed_share)).toFixed(0)}% of games, first on turn ${row.first_change_median_turn} (median; ${row.first_change_q25}–${row.first_change_q75})`;
      lines.push(
        `${scenario.id}: ${e.place} (${e.hexLabel}) ${e.kind === 'taken' ? `taken by ${e.by}` : `held by ${e.by}`} in ${row.historical_month} (turn ${e.turn}); in play it ${play}`,
      );
    });
  }
  progress.update(f.games * scenarioArgs.length);
  progress.stop();
  const table = { columns: HISTORY_COLUMNS, rows };
  writeFileAtomic(join(dir, 'history.csv'), toCsv(table));
  const reproduce = commandLine(HISTORY_LINE, scenarioArgs, { ...(raw as Record<string, unknown>), out: dir }, { resume: true });
  writeJson(join(dir, 'history.json'), { tool: 'chaco', command: 'history', reproduce, sources: history!.sources, lines });
  writeFileAtomic(
    join(dir, 'index.html'),
    htmlPage('The games beside the war', 'When the key places change hands in play, and when they did in 1932–35', [
      { kind: 'html', html: `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` },
      { kind: 'table', heading: 'Key places', table, file: 'history.csv' },
      {
        kind: 'html',
        html: `<h2>Sources</h2>${factsTable(Object.entries(history!.sources).map(([k, v]) => [k, esc(v)]))}<h2>Reproduce</h2><pre>${esc(reproduce)}</pre>`,
      },
    ]),
  );
  process.stdout.write(f.quiet ? `${resolve(dir)}\n` : `${lines.join('\n')}\nreport  ${join(dir, 'index.html')}\n`);
}

const HISTORY_LINE: LineSchema = {
  command: 'history',
  changes: ['--games', '--seed', '--par', '--bol', '--option', '--data'],
  same: ['--out', '--force', '--quiet', '--progress'],
  resume: ['--out'],
};

export function registerHistory(program: Command): void {
  const cmd = program
    .command('history')
    .description(
      'play the historical plans against each other and set the turn key places change hands beside the month they did in the war',
    )
    .argument('<scenario...>', 'scenario ids (chaco scenarios) or files')
    .option('--games <n>', 'games per scenario', '200')
    .option('--seed <seed>', 'run seed: game i plays with seeds derived from (seed, i) alone', '1')
    .option('--par <policy>', "Paraguayan policy (historical: the scenario's plan)", 'historical')
    .option('--bol <policy>', "Bolivian policy (historical: the scenario's plan)", 'historical')
    .option('--option <key=value>', 'a rules option (chaco options); repeatable', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--out <dir>', 'folder for the report (default reports/out/history/<run id>)')
    .option('--force', 'replace the files chaco wrote in an existing --out folder')
    .option('--quiet', 'print the report folder only')
    .option('--progress', 'progress lines on stderr every 5 s even when stderr is not a terminal')
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR)
    .action((scenarios: string[], opts: unknown) => historyAction(scenarios, opts));
  declareLine(cmd, HISTORY_LINE);
}
