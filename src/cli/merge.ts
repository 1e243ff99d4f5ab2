// `chaco merge <dir...> --out D`: one report from runs of the same spec over disjoint game ranges
// (--first, --games), byte-identical in its tables and charts to a single run over their union.
// Parts are taken from each folder's aggregate.json and games file; overlaps, gaps and mismatched
// runs are refused with the reason.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { writeRunReport } from '../report/run-report.js';
import { writeFileAtomic } from '../report/write-file.js';
import { mergeAggregates, aggregateShape } from '../sim/aggregate.js';
import { runManifest, type RunManifest } from '../sim/manifest.js';
import { gamesCsvHeader } from '../sim/chaco-game.js';
import { prepareRun, type RunSpec } from '../sim/spec.js';
import { TellingGames } from '../sim/telling.js';
import {
  checkCurrentAggregate,
  claimFolder,
  GAMES_CSV,
  keptRows,
  readAggregateFile,
  writeAggregateFile,
  type AggregateFile,
  type RunIdentity,
} from './run-folder.js';
import { terminalSummary } from './terminal-summary.js';
import { writeTellingReplays } from './telling-replays.js';
import { UsageError } from './usage-error.js';

interface Part {
  readonly dir: string;
  readonly saved: AggregateFile;
  readonly manifest: RunManifest;
}

function readPart(dir: string, i: number, all: readonly string[]): Part {
  if (all.indexOf(dir) !== i) throw new UsageError(`${dir}: named twice`);
  if (!existsSync(dir)) throw new UsageError(`${dir}: no such folder`);
  const saved = readAggregateFile(dir);
  if (!saved)
    throw new UsageError(`${dir}: not a chaco run folder (no readable aggregate.json; runs made before chaco kept one cannot be merged)`);
  checkCurrentAggregate(dir, saved);
  const runFile = join(dir, 'run.json');
  if (!existsSync(runFile))
    throw new UsageError(
      `${dir}: run.json is missing; the run never wrote its report (run the same command again into that folder to finish it)`,
    );
  return { dir, saved, manifest: JSON.parse(readFileSync(runFile, 'utf8')) as RunManifest };
}

/** The identity without the game range: what every part must share. */
function specKey(i: RunIdentity): string {
  const { first: _first, games: _games, ...rest } = i;
  return JSON.stringify(rest);
}

/** Checks the parts are one spec over disjoint ranges that join without a gap; sorted by first game. */
export function orderParts(parts: readonly Part[]): Part[] {
  const sorted = [...parts].sort((a, b) => a.saved.first - b.saved.first);
  const key = specKey(sorted[0]!.saved.identity);
  for (const p of sorted) {
    const k = specKey(p.saved.identity);
    if (k !== key) {
      const a = JSON.parse(key) as Record<string, unknown>,
        b = JSON.parse(k) as Record<string, unknown>;
      const field = Object.keys(a).find((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
      throw new UsageError(
        `${p.dir}: another run than ${sorted[0]!.dir} (${field}: ${JSON.stringify(b[field!])} there, ${JSON.stringify(a[field!])} in ${sorted[0]!.dir}); only runs of the same spec, data and code merge`,
      );
    }
  }
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!,
      cur = sorted[i]!;
    const prevEnd = prev.saved.first + prev.saved.played;
    if (cur.saved.first < prevEnd)
      throw new UsageError(
        `${cur.dir}: games ${cur.saved.first}–${Math.min(prevEnd, cur.saved.first + cur.saved.played) - 1} are also in ${prev.dir}; merged runs must not overlap`,
      );
    if (cur.saved.first > prevEnd)
      throw new UsageError(
        `games ${prevEnd}–${cur.saved.first - 1} are in none of the folders (${prev.dir} ends at game ${prevEnd - 1}, ${cur.dir} starts at ${cur.saved.first}); play them with --first ${prevEnd} --games ${cur.saved.first - prevEnd}`,
      );
  }
  return sorted;
}

interface MergeFlags {
  readonly out: string;
  readonly force?: boolean;
  readonly replays: boolean;
  readonly quiet?: boolean;
}

export async function mergeAction(dirs: readonly string[], f: MergeFlags): Promise<void> {
  const parts = orderParts(dirs.map((d, i) => readPart(d, i, dirs)));
  const head = parts[0]!,
    last = parts[parts.length - 1]!;
  const id = head.saved.identity;
  const first = head.saved.first,
    games = last.saved.first + last.saved.played - first;
  const spec: RunSpec = {
    scenario: id.scenario,
    dataDir: head.manifest.scenario.dataDir,
    options: id.options,
    par: id.par,
    bol: id.bol,
    handicap: [id.handicap[0], id.handicap[1]],
    seed: id.seed,
    check: id.check,
  };
  const { scenario, options, sources } = prepareRun(spec);
  const shape = aggregateShape(scenario, options);
  claimFolder(f.out, f.force === true);
  const rows: string[] = [];
  let aggregate = head.saved.aggregate;
  for (const p of parts) {
    const kept = keptRows(p.dir, p.saved.played);
    if (kept.length !== p.saved.played)
      throw new UsageError(`${p.dir}: aggregate.json counts ${p.saved.played} games but the games file holds ${kept.length}`);
    rows.push(...kept);
    if (p !== head) aggregate = mergeAggregates(aggregate, p.saved.aggregate);
  }
  writeFileAtomic(join(f.out, GAMES_CSV), `${gamesCsvHeader()}${rows.map((r) => `${r}\n`).join('')}`);
  const identity: RunIdentity = { ...id, first, games };
  const telling = new TellingGames();
  telling.addRows(rows);
  const started = new Date(Math.min(...parts.map((p) => Date.parse(p.manifest.timing.started))));
  const finished = new Date(Math.max(...parts.map((p) => Date.parse(p.manifest.timing.finished))));
  const manifest = runManifest({
    command: commandLine(MERGE_LINE, dirs, f as unknown as Record<string, unknown>, { resume: true }),
    spec,
    scenario,
    options,
    sources,
    turns: shape.turns,
    first,
    games,
    played: games,
    interrupted: false,
    workers: Math.max(...parts.map((p) => p.manifest.workers)),
    started,
    finished,
  });
  writeAggregateFile(f.out, identity, games, aggregate, manifest);
  const picks = f.replays ? await writeTellingReplays(f.out, spec, telling.picks()) : telling.picks().map((pick) => ({ pick, dir: null }));
  await writeRunReport({ dir: f.out, manifest, aggregate, shape, scenario, telling: picks });
  process.stdout.write(
    f.quiet
      ? `${resolve(f.out)}\n`
      : `merged ${parts.length} runs: games ${first}–${first + games - 1}\n${terminalSummary(aggregate, manifest, f.out)}`,
  );
}

const MERGE_LINE: LineSchema = {
  command: 'merge',
  changes: ['--no-replays'],
  same: ['--out', '--force', '--quiet'],
  resume: ['--out'],
};

export function registerMerge(program: Command): void {
  const cmd = program
    .command('merge')
    .description(
      'combine runs of the same spec over disjoint game ranges (--first, --games) into one report, as a single run over their union',
    )
    .argument('<dir...>', 'run folders (each written by chaco run)')
    .requiredOption('--out <dir>', 'folder for the merged report (new or empty)')
    .option('--force', 'replace the files chaco wrote in an existing --out folder')
    .option('--no-replays', 'do not write the replays of the telling games')
    .option('--quiet', 'print the report folder only')
    .action((dirs: string[], opts: MergeFlags) => mergeAction(dirs, opts));
  declareLine(cmd, MERGE_LINE);
}
