// `chaco run <scenario>`: plays N games on a pool of worker threads and writes games.csv (streamed in
// game order), summary.csv, turns.csv, settlements.csv, run.json, the charts and index.html.
import { loadPolicyModules } from '../policy/index.js';
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { emptyAggregate, mergeAggregates, aggregateShape } from '../sim/aggregate.js';
import { runManifest } from '../sim/manifest.js';
import { RUN_LINE, shellQuote } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { QueueError } from '../sim/queue/errors.js';
import { gamesCsvHeader } from '../sim/chaco-game.js';
import { claimRunFolder, GAMES_CSV, GAMES_PARTIAL, outputDir, runIdentity, writeAggregateFile } from './run-folder.js';
import { TellingGames } from '../sim/telling.js';
import type { ReplayOptions } from '../report/replay.js';
import { replayWorkerFile } from './replay-worker.js';
import { finishedRun, finishRun } from './run-finish.js';
import { addQueueOptions, checkQueueFlags, openPool, queueRecord, queueSchema } from './queue-options.js';
import { addCommonOptions, commonSchema, intFlag, parseFlags, specFromFlags } from './flags.js';
import { onInterrupt, playWithProgress, reportFailure, type PlayedRun } from './play-games.js';
import { confirmRunSize } from './run-size.js';

const runSchema = commonSchema.extend({
  games: intFlag('--games', 1),
  first: intFlag('--first', 0),
  replays: z.boolean().default(true),
  ...queueSchema,
});

export async function runAction(scenarioArg: string, raw: unknown): Promise<void> {
  const f = parseFlags(runSchema, raw);
  const { spec, prepared } = specFromFlags(scenarioArg, f);
  await loadPolicyModules([spec.par, spec.bol]); // a broken module is refused before any game
  await checkQueueFlags(raw, f);
  const { scenario, options, sources } = prepared;
  if (f.queue === undefined)
    confirmRunSize({
      what: `--games ${f.games}`,
      spec,
      games: f.games,
      turns: scenario.turns,
      threads: f.workers,
      yes: f.yes,
      quiet: f.quiet,
    });
  const shape = aggregateShape(scenario, options);
  const dir = outputDir(f.out, scenario.id, spec.seed);
  const identity = runIdentity('run', spec, f.first, f.games);
  const resume = claimRunFolder(dir, identity, f.force);
  const finish = { dir, spec, scenario, shape, replays: f.replays, quiet: f.quiet, progress: f.progress };
  if (resume && resume.played === f.games && (await finishedRun({ ...finish, resume, games: f.games }))) return;
  const kept = resume?.played ?? 0;
  if (resume && !f.quiet && kept > 0)
    process.stderr.write(`chaco: resuming the run in ${dir}: ${kept} of ${f.games} games kept, playing the other ${f.games - kept}\n`);
  // Games go to games.csv.partial as they finish, with their aggregate in aggregate.json (at most a
  // second behind); the report renames it to games.csv. A resumed run starts from what they kept.
  const partial = join(dir, GAMES_PARTIAL);
  const csv = openSync(partial, 'w');
  writeSync(csv, gamesCsvHeader());
  if (kept > 0) writeSync(csv, `${resume!.rows.join('\n')}\n`);
  const telling = new TellingGames();
  telling.addRows(resume?.rows ?? []);
  let sofar = resume?.aggregate ?? emptyAggregate(shape),
    sofarPlayed = kept,
    saved = performance.now();
  const checkpoint = (force: boolean) => {
    if (!force && performance.now() - saved < 1000) return;
    writeAggregateFile(dir, identity, sofarPlayed, sofar);
    saved = performance.now();
  };
  checkpoint(true);
  const pool = await openPool(f);
  const interrupt = onInterrupt(f.quiet);
  let played: PlayedRun;
  let playing = true;
  try {
    played = await playWithProgress(pool, spec, shape, {
      first: f.first + kept,
      games: f.games - kept,
      label: scenario.id,
      quiet: f.quiet,
      progress: f.progress,
      decisionTimeout: f.decisionTimeout,
      signal: interrupt.signal,
      onChunk: (c) => {
        writeSync(csv, c.csv);
        telling.add(c);
        sofar = mergeAggregates(sofar, c.aggregate);
        sofarPlayed += c.done - c.from;
        checkpoint(false);
      },
    });
    playing = false;
  } catch (err) {
    // Redis stopped answering: the games handed on so far are kept, for the same command to resume.
    if (err instanceof QueueError) {
      checkpoint(true);
      throw new QueueError(
        `${err.message}; the ${sofarPlayed} games finished are kept in ${dir}: the same command resumes once Redis answers`,
      );
    }
    throw err;
  } finally {
    closeSync(csv);
    // A Ctrl-C after the last game changes nothing; finishRun takes the next. The pool stays open for the replays.
    if (playing) await pool.close().finally(() => interrupt.dispose());
    else interrupt.dispose();
  }
  const outcome = { ...played.outcome, played: sofarPlayed, aggregate: sofar };
  const manifest = runManifest({
    command: ['chaco', 'run', ...process.argv.slice(3)].map(shellQuote).join(' '),
    spec,
    scenario,
    options,
    sources,
    turns: shape.turns,
    out: dir,
    values: raw as Record<string, unknown>,
    first: f.first,
    games: f.games,
    played: outcome.played,
    interrupted: outcome.interrupted,
    ...(outcome.failure ? { failure: outcome.failure } : {}),
    workers: pool.threads,
    queue: queueRecord(pool, f),
    started: played.started,
    finished: played.finished,
  });
  // aggregate.json keeps run.json from here on: the report is a function of it and games.csv, and a rerun rebuilds it (run-finish.ts).
  writeAggregateFile(dir, identity, sofarPlayed, sofar, manifest);
  renameSync(partial, join(dir, GAMES_CSV));
  // The telling replays on the worker threads, warm from the games, all at once (the main thread's when it has none).
  const call = pool.call;
  try {
    await finishRun({
      ...finish,
      manifest,
      aggregate: outcome.aggregate,
      picks: telling.picks(),
      ...(call ? { replayWriter: async (o: ReplayOptions) => void (await call(replayWorkerFile(), 'replay', o)) } : {}),
    });
  } finally {
    await pool.close();
  }
  if (outcome.failure) reportFailure(outcome, spec, f.first, f.games, dir);
  else if (outcome.interrupted) {
    const what =
      outcome.played > 0
        ? `kept ${outcome.played} of ${f.games} games (${f.first}–${f.first + outcome.played - 1}, every game finished before the first unfinished one) in ${dir}; the report covers them`
        : `no game had finished; the report in ${dir} is empty`;
    process.stderr.write(`chaco: interrupted: ${what}.\n  play the rest: ${manifest.resume}\n`);
    process.exitCode = 130;
  }
}

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('play N games of a scenario on all cores and write games.csv, summary.csv, turns.csv, run.json, charts and index.html')
    .argument('<scenario>', 'scenario id (chaco scenarios) or file');
  addCommonOptions(cmd, '2000', 'number of games');
  cmd
    .option('--first <index>', 'index of the first game (to resume a run or replay one game)', '0')
    .option('--no-replays', 'do not write the replays of the telling games (replays/game-<i>/)');
  declareLine(addQueueOptions(cmd), RUN_LINE).action((scenario: string, opts: unknown) => runAction(scenario, opts));
}
