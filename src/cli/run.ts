// `chaco run <scenario>`: plays N games on a pool of worker threads and writes games.csv (streamed in
// game order), summary.csv, turns.csv, settlements.csv, run.json, the charts and index.html. Also the
// options and helpers `bid` and `compare` share (parsing at the edge, Ctrl-C, the pool).
import { loadPolicyModules } from '../policy/index.js';
import { closeSync, existsSync, openSync, renameSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from '../data/load.js';
import { writeRunReport } from '../report/run-report.js';
import { histQuantile, histMean, wilson } from '../sim/stats.js';
import { emptyAggregate, END_TYPES, mergeAggregates, type Aggregate, type AggregateShape, aggregateShape } from '../sim/aggregate.js';
import { runCommand, runManifest, type RunManifest } from '../sim/manifest.js';
import { defaultWorkers, type ShardPool } from '../sim/pool.js';
import { createProgress } from '../sim/progress.js';
import { runGames, type RunOutcome } from '../sim/runner.js';
import { gamesCsvHeader, type ChunkResult } from '../sim/shard.js';
import { checkPolicies, parseHandicaps, prepareRun, SpecError, type PreparedRun, type RunSpec } from '../sim/spec.js';
import { UsageError } from './usage-error.js';
import { resolveAlias } from '../policy/aliases.js';
import { claimRunFolder, GAMES_CSV, GAMES_PARTIAL, runIdentity, writeAggregateFile } from './run-folder.js';
import { TellingGames } from '../sim/telling.js';
import { writeTellingReplays } from './telling-replays.js';
import { addQueueOptions, checkQueueFlags, openPool, queueRecord, queueSchema } from './queue-options.js';

/** A whole-number flag given as text, checked at the edge with a message naming the flag. */
export const intFlag = (flag: string, min: number, max = Number.MAX_SAFE_INTEGER) => z.string().transform((text, ctx) => {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    ctx.addIssue({ code: 'custom', message: `${flag} ${text}: give a whole number ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}` });
    return z.NEVER;
  }
  return n;
});

/** The options every Monte Carlo command takes (run, bid, compare). */
export const commonSchema = z.object({
  seed: z.string().min(1, { message: '--seed: give a seed (any text, e.g. 1)' }),
  par: z.string().min(1, { message: '--par: name a policy' }),
  bol: z.string().min(1, { message: '--bol: name a policy' }),
  option: z.array(z.string()),
  handicap: z.array(z.string()),
  workers: z.string().optional().transform((t, ctx) => {
    if (t === undefined) return defaultWorkers();
    const n = Number(t.trim());
    if (t.trim() === '' || !Number.isInteger(n) || n < 0 || n > 256) {
      ctx.addIssue({ code: 'custom', message: `--workers ${t}: give a whole number from 1 to 256 (0 plays in the main thread)` });
      return z.NEVER;
    }
    return n;
  }),
  data: z.string(),
  out: z.string().optional(),
  check: z.boolean().optional().transform((b) => b === true),
  quiet: z.boolean().optional().transform((b) => b === true),
  progress: z.boolean().optional().transform((b) => b === true),
  force: z.boolean().optional().transform((b) => b === true),
  decisionTimeout: z.string().transform((text, ctx) => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 86_400) {
      ctx.addIssue({ code: 'custom', message: `--decision-timeout ${text}: give seconds from 0 (no limit) to 86400` });
      return z.NEVER;
    }
    return n;
  }),
});

/** Parses commander's options with `schema`; every problem in one UsageError. */
export function parseFlags<T extends z.ZodTypeAny>(schema: T, raw: unknown): z.infer<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new UsageError(r.error.issues.map((i) => i.message).join('\n'));
  return r.data as z.infer<T>;
}

/** Runs `fn`, turning a SpecError (bad option, handicap or policy) into a UsageError. */
export function asUsage<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SpecError) throw new UsageError(err.message);
    throw err;
  }
}

const collect = (v: string, acc: string[]) => [...acc, v];

/** Adds the common options to a command. */
export function addCommonOptions(cmd: Command, gamesDefault: string, gamesHelp: string): Command {
  return cmd
    .option('--games <n>', gamesHelp, gamesDefault)
    .option('--seed <seed>', 'run seed: game i plays with seeds derived from (seed, i) alone', '1')
    .option('--par <policy>', 'Paraguayan policy: random, passive, cautious, balanced, aggressive, a plan file (.json) or a module (.mjs)', 'balanced')
    .option('--bol <policy>', 'Bolivian policy: random, passive, cautious, balanced, aggressive, a plan file (.json) or a module (.mjs)', 'balanced')
    .option('--option <key=value>', 'a rules option (chaco options) or a chart override tables.<path>=<JSON>; repeatable', collect, [] as string[])
    .option('--handicap <SIDE=VP>', 'VP added to a side\'s starting VP, e.g. PAR=+5; repeatable', collect, [] as string[])
    .option('--workers <n>', 'worker threads (default: all cores; 0: the main thread)')
    .option('--out <dir>', 'folder for the report (default reports/out/<scenario>/<run id>)')
    .option('--check', 'check the game invariants after every phase (slower)')
    .option('--quiet', 'no progress and no summary on the terminal (prints the report folder only)')
    .option('--decision-timeout <seconds>', 'longest a policy module may take over one decision; past it the game fails and the run stops (0: no limit; needs worker threads)', '10')
    .option('--force', 'replace the files chaco wrote in an existing --out folder that holds another run (other files stay)')
    .option('--progress', 'progress lines on stderr every 5 s even when stderr is not a terminal (a log file)')
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR);
}

export type CommonFlags = z.infer<typeof commonSchema>;

/** The spec the flags describe, checked: policies known, options valid, scenario loads (DataError otherwise). */
export function specFromFlags(scenario: string, f: CommonFlags): { spec: RunSpec; prepared: PreparedRun } {
  return asUsage(() => {
    const given: RunSpec = { scenario, dataDir: f.data, options: f.option, par: f.par, bol: f.bol, handicap: parseHandicaps(f.handicap), seed: f.seed, check: f.check };
    const prepared = prepareRun(given);
    // `historical` and `tuned` stand for the scenario's files (policies/, policies/tuned/).
    const alias = (name: string, side: 'par' | 'bol') => {
      const file = resolveAlias(name, prepared.scenario.id, side);
      if (file === null) throw new SpecError(`--${side} ${name}: ${prepared.scenario.id} has no ${name.split('+')[0]} policy for ${side === 'par' ? 'Paraguay' : 'Bolivia'}${name.startsWith('tuned') ? ` (make one: chaco tune ${prepared.scenario.id} --side ${side.toUpperCase()})` : ''}`);
      return file;
    };
    const spec: RunSpec = { ...given, par: alias(f.par, 'par'), bol: alias(f.bol, 'bol') };
    checkPolicies(spec);
    return { spec, prepared };
  });
}

/** A run id for the default output folder: UTC time and seed, e.g. 2025-11-21T083012Z-seed1. */
export function runId(seed: string, prefix = ''): string {
  const t = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '');
  return `${prefix}${t}-seed${seed.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}`;
}

/** The output folder: --out as given (claimRunFolder or claimFolder checks and makes it), or a fresh default one. */
export function outputDir(out: string | undefined, scenarioId: string, seed: string, prefix = ''): string {
  if (out !== undefined) return out;
  let dir = join('reports', 'out', scenarioId, runId(seed, prefix));
  for (let k = 2; existsSync(dir); k++) dir = join('reports', 'out', scenarioId, `${runId(seed, prefix)}-${k}`);
  return dir;
}

/**
 * Ctrl-C: the first stops the run after the games in progress (everything finished is kept and
 * written); a second quits at once (Node's default, restored after the first).
 */
export function onInterrupt(quiet: boolean): { signal: AbortSignal; dispose: () => void } {
  const abort = new AbortController();
  const handler = () => {
    process.off('SIGINT', handler);
    if (!quiet) process.stderr.write('\nchaco: stopping; the games in progress get 2 s to finish, everything finished is kept (Ctrl-C again quits at once)\n');
    abort.abort();
  };
  process.on('SIGINT', handler);
  return { signal: abort.signal, dispose: () => process.off('SIGINT', handler) };
}

export interface PlayedRun {
  readonly outcome: RunOutcome;
  readonly started: Date;
  readonly finished: Date;
}

/** Plays games first..first+games-1 of the spec on the pool with progress and Ctrl-C; `onChunk` gets shards in game order. */
export async function playWithProgress(pool: ShardPool, spec: RunSpec, shape: AggregateShape, o: {
  first?: number; games: number; label: string; quiet: boolean; progress?: boolean; decisionTimeout?: number; signal: AbortSignal; onChunk?: (c: ChunkResult) => void;
}): Promise<PlayedRun> {
  const progress = createProgress(o.games, o.label, { quiet: o.quiet, lines: o.progress === true });
  const started = new Date();
  try {
    const outcome = await runGames(pool, spec, shape, {
      first: o.first ?? 0, games: o.games, signal: o.signal, onProgress: (n) => progress.update(n),
      ...(o.decisionTimeout !== undefined ? { decisionTimeoutMs: o.decisionTimeout * 1000 } : {}),
      ...(o.onChunk ? { onChunk: o.onChunk } : {}),
    });
    return { outcome, started, finished: new Date() };
  } finally {
    progress.stop();
  }
}

/** Tells how a failed game can be reproduced (and where the games before it are, if kept); sets the exit code. */
export function reportFailure(outcome: RunOutcome, spec: RunSpec, first: number, games: number, where: string | null): void {
  const f = outcome.failure;
  if (!f) return;
  const lines = [
    `chaco: game ${f.game} failed: ${f.message}`,
    `  scenario ${spec.scenario}, run seed ${spec.seed}, game index ${f.game}${f.seed ? ` (game seed ${f.seed})` : ''}`,
    `  reproduce: ${runCommand(spec, f.game, 1)}`,
  ];
  if (where !== null) lines.push(outcome.played > 0 ? `  kept ${outcome.played} games (${first}–${first + outcome.played - 1}) in ${where}` : `  no game finished before it; the report in ${where} is empty`);
  const from = first + outcome.played, left = first + games - from;
  if (where !== null && left > 1) lines.push(`  after fixing it, play the rest: ${runCommand(spec, from, left)}`);
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exitCode = 1;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const fmt = (x: number) => String(Number(x.toFixed(2)));

export function terminalSummary(agg: Aggregate, m: RunManifest, dir: string): string {
  const n = agg.games;
  if (n === 0) return `${m.scenario.id}: no games finished\nreport: ${join(dir, 'index.html')}\n`;
  const par = wilson(agg.wins[0]!, n), bol = wilson(agg.wins[1]!, n);
  const ends = END_TYPES.map((e, i) => `${e} ${pct((agg.ends[i]![0]! + agg.ends[i]![1]!) / n)}`).join('  ');
  return [
    `${m.scenario.id}: ${n} games, PAR ${m.policies.PAR} vs BOL ${m.policies.BOL}, seed ${m.seed}${m.status === 'complete' ? '' : ` (${m.status})`}`,
    `wins        PAR ${pct(agg.wins[0]! / n)} (95% ${pct(par.lo)}-${pct(par.hi)})  BOL ${pct(agg.wins[1]! / n)} (95% ${pct(bol.lo)}-${pct(bol.hi)})`,
    `end         ${ends}`,
    `margin      PAR - BOL: median ${fmt(histQuantile(agg.margin, 0.5))}, mean ${fmt(histMean(agg.margin))}, 90% of games from ${fmt(histQuantile(agg.margin, 0.05))} to ${fmt(histQuantile(agg.margin, 0.95))} VP`,
    `time        ${m.timing.seconds.toFixed(1)} s (${m.timing.gamesPerSecond.toFixed(0)} games/s ${m.queue ? `on ${m.queue.workers.length} queue worker${m.queue.workers.length === 1 ? '' : 's'} with ${m.workers} thread${m.workers === 1 ? '' : 's'}` : m.workers === 0 ? 'in the main thread' : `on ${m.workers} worker${m.workers === 1 ? '' : 's'}`})`,
    `report      ${join(dir, 'index.html')}`,
  ].join('\n') + '\n';
}

const runSchema = commonSchema.extend({ games: intFlag('--games', 1), first: intFlag('--first', 0), replays: z.boolean().default(true), ...queueSchema });

export async function runAction(scenarioArg: string, raw: unknown): Promise<void> {
  const f = parseFlags(runSchema, raw);
  const { spec, prepared } = specFromFlags(scenarioArg, f);
  await loadPolicyModules([spec.par, spec.bol]); // a broken module is refused before any game
  await checkQueueFlags(raw, f);
  const { scenario, options, sources } = prepared;
  const shape = aggregateShape(scenario, options);
  const dir = outputDir(f.out, scenario.id, spec.seed);
  const identity = runIdentity('run', spec, f.first, f.games);
  const resume = claimRunFolder(dir, identity, f.force);
  if (resume && resume.played === f.games && existsSync(join(dir, GAMES_CSV))) {
    process.stdout.write(f.quiet ? `${resolve(dir)}\n` : `${scenario.id}: the run in ${dir} is complete (${f.games} games); nothing to play\n`);
    return;
  }
  const kept = resume?.played ?? 0;
  if (resume && !f.quiet && kept > 0) process.stderr.write(`chaco: resuming the run in ${dir}: ${kept} of ${f.games} games kept, playing the other ${f.games - kept}\n`);
  // Games go to games.csv.partial as they finish, with their aggregate in aggregate.json (at most a
  // second behind); the report renames it to games.csv. A resumed run starts from what they kept.
  const partial = join(dir, GAMES_PARTIAL);
  const csv = openSync(partial, 'w');
  writeSync(csv, gamesCsvHeader());
  if (kept > 0) writeSync(csv, `${resume!.rows.join('\n')}\n`);
  const telling = new TellingGames();
  telling.addRows(resume?.rows ?? []);
  let sofar = resume?.aggregate ?? emptyAggregate(shape), sofarPlayed = kept, saved = performance.now();
  const checkpoint = (force: boolean) => {
    if (!force && performance.now() - saved < 1000) return;
    writeAggregateFile(dir, identity, sofarPlayed, sofar);
    saved = performance.now();
  };
  checkpoint(true);
  const pool = await openPool(f);
  const interrupt = onInterrupt(f.quiet);
  let played: PlayedRun;
  try {
    played = await playWithProgress(pool, spec, shape, {
      first: f.first + kept, games: f.games - kept, label: scenario.id, quiet: f.quiet, progress: f.progress, decisionTimeout: f.decisionTimeout, signal: interrupt.signal,
      onChunk: (c) => {
        writeSync(csv, c.csv);
        telling.add(c);
        sofar = mergeAggregates(sofar, c.aggregate);
        sofarPlayed += c.done - c.from;
        checkpoint(false);
      },
    });
  } finally {
    interrupt.dispose();
    closeSync(csv);
    await pool.close();
  }
  checkpoint(true);
  renameSync(partial, join(dir, GAMES_CSV));
  const outcome = { ...played.outcome, played: sofarPlayed, aggregate: sofar };
  const manifest = runManifest({
    command: `chaco run ${process.argv.slice(3).join(' ')}`.trim(), spec, scenario, options, sources, turns: shape.turns, out: dir,
    first: f.first, games: f.games, played: outcome.played, interrupted: outcome.interrupted,
    ...(outcome.failure ? { failure: outcome.failure } : {}),
    workers: pool.threads, queue: queueRecord(pool, f), started: played.started, finished: played.finished,
  });
  const picks = f.replays ? await writeTellingReplays(dir, spec, telling.picks()) : telling.picks().map((pick) => ({ pick, dir: null }));
  await writeRunReport({ dir, manifest, aggregate: outcome.aggregate, shape, scenario, telling: picks });
  if (f.quiet) process.stdout.write(`${resolve(dir)}\n`);
  else {
    process.stdout.write(terminalSummary(outcome.aggregate, manifest, dir));
    const replays = new Set(picks.filter((p) => p.dir !== null).map((p) => p.pick.game));
    if (replays.size > 0) process.stdout.write(`replays     ${replays.size} telling game${replays.size === 1 ? '' : 's'} in ${join(dir, 'replays')}\n`);
  }
  if (outcome.failure) reportFailure(outcome, spec, f.first, f.games, dir);
  else if (outcome.interrupted) {
    process.stderr.write(`chaco: interrupted after ${outcome.played} of ${f.games} games; the report covers them.\n  play the rest: ${manifest.resume}\n`);
    process.exitCode = 130;
  }
}

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('play N games of a scenario on all cores and write games.csv, summary.csv, turns.csv, run.json, charts and index.html')
    .argument('<scenario>', 'scenario id (chaco scenarios) or file');
  addCommonOptions(cmd, '2000', 'number of games');
  cmd.option('--first <index>', 'index of the first game (to resume a run or replay one game)', '0')
    .option('--no-replays', 'do not write the replays of the telling games (replays/game-<i>/)');
  addQueueOptions(cmd).action((scenario: string, opts: unknown) => runAction(scenario, opts));
}
