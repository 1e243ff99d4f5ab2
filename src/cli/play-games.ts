// Plays a command's games on the pool: the progress bar, Ctrl-C (the first stops after the games in
// progress, the second quits), and how a failed game is reported (how to reproduce it, exit code 1).
import { runCommand } from '../sim/command-line.js';
import type { AggregateShape } from '../sim/aggregate.js';
import { createProgress } from '../sim/progress.js';
import type { ChacoChunk, ChacoOutcome, ChacoPool } from '../sim/chaco-game.js';
import { runGames } from '../sim/runner.js';
import type { RunSpec } from '../sim/spec.js';

/**
 * Ctrl-C: the first stops the run after the games in progress (every game finished before the first
 * unfinished one is kept and written, whatever shard it was in); a second quits at once (Node's default, restored after the first).
 */
export function onInterrupt(quiet: boolean): { signal: AbortSignal; dispose: () => void } {
  const abort = new AbortController();
  const handler = () => {
    process.off('SIGINT', handler);
    if (!quiet)
      process.stderr.write(
        '\nchaco: stopping; the games in progress get 2 s to finish, then every game finished before the first unfinished one is kept (Ctrl-C again quits at once)\n',
      );
    abort.abort();
  };
  process.on('SIGINT', handler);
  return { signal: abort.signal, dispose: () => process.off('SIGINT', handler) };
}

export interface PlayedRun {
  readonly outcome: ChacoOutcome;
  readonly started: Date;
  readonly finished: Date;
}

/** Plays games first..first+games-1 of the spec on the pool with progress and Ctrl-C; `onChunk` gets shards in game order. */
export async function playWithProgress(
  pool: ChacoPool,
  spec: RunSpec,
  shape: AggregateShape,
  o: {
    first?: number;
    games: number;
    label: string;
    quiet: boolean;
    progress?: boolean;
    decisionTimeout?: number;
    signal: AbortSignal;
    onChunk?: (c: ChacoChunk) => void;
  },
): Promise<PlayedRun> {
  const progress = createProgress(o.games, o.label, { quiet: o.quiet, lines: o.progress === true });
  const started = new Date();
  try {
    const outcome = await runGames(pool, spec, shape, {
      first: o.first ?? 0,
      games: o.games,
      signal: o.signal,
      onProgress: (n) => progress.update(n),
      ...(o.decisionTimeout !== undefined ? { decisionTimeoutMs: o.decisionTimeout * 1000 } : {}),
      ...(o.onChunk ? { onChunk: o.onChunk } : {}),
    });
    return { outcome, started, finished: new Date() };
  } finally {
    progress.stop();
  }
}

/** Tells how a failed game can be reproduced (and where the games before it are, if kept); sets the exit code. */
export function reportFailure(outcome: ChacoOutcome, spec: RunSpec, first: number, games: number, where: string | null): void {
  const f = outcome.failure;
  if (!f) return;
  const lines = [
    `chaco: game ${f.game} failed: ${f.message}`,
    `  scenario ${spec.scenario}, run seed ${spec.seed}, game index ${f.game}${f.seed ? ` (game seed ${f.seed})` : ''}`,
    `  reproduce: ${runCommand(spec, f.game, 1)}`,
  ];
  if (where !== null)
    lines.push(
      outcome.played > 0
        ? `  kept ${outcome.played} games (${first}–${first + outcome.played - 1}) in ${where}`
        : `  no game finished before it; the report in ${where} is empty`,
    );
  const from = first + outcome.played,
    left = first + games - from;
  if (where !== null && left > 1) lines.push(`  after fixing it, play the rest: ${runCommand(spec, from, left)}`);
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exitCode = 1;
}
