// Playing the cells of a balance study: rounds of one batch per unfinished cell, all on one pool, each
// cell's games in order into its store; one progress display over every cell; stops cleanly on
// Ctrl-C or at the first failing game, naming the cell, the game and how to reproduce it.
import { setMaxListeners } from 'node:events';
import { join, resolve } from 'node:path';
import type { AggregateShape } from '../sim/aggregate.js';
import { runCommand } from '../sim/command-line.js';
import type { ChacoPool } from '../sim/chaco-game.js';
import { createProgress } from '../sim/progress.js';
import { runGames } from '../sim/runner.js';
import type { RunSpec } from '../sim/spec.js';
import { appendGames, saveState, type CellStore, type StudyIdentity } from './balance-cells.js';

export interface PlayCell {
  readonly store: CellStore;
  readonly spec: RunSpec;
  readonly shape: AggregateShape;
  /** Most games the cell may play, and the games between two checks of `stop`. */
  readonly max: number;
  readonly batch: number;
  /** True when the cell has played enough (checked at batch ends). */
  readonly stop: (store: CellStore) => boolean;
}

export type PlayStatus = 'complete' | 'interrupted' | 'failed';

/** Whether a cell is finished: at its maximum, or at a batch end where its rule says stop. */
function finished(c: PlayCell): boolean {
  const n = c.store.games.winner_g.length;
  return n >= c.max || (n > 0 && n % c.batch === 0 && c.stop(c.store));
}

/**
 * Plays `groups` one after another (a scenario's cells form a group: its cells share the pool in
 * rounds of one batch each); returns how it ended. State is saved after every shard.
 */
export async function playCells(o: {
  readonly pool: ChacoPool;
  readonly groups: readonly (readonly PlayCell[])[];
  readonly dir: string;
  readonly identity: StudyIdentity;
  readonly stateName?: string;
  readonly stores: readonly CellStore[];
  readonly signal: AbortSignal;
  readonly decisionTimeout: number;
  readonly quiet: boolean;
  readonly progress: boolean;
  readonly resume: string;
}): Promise<PlayStatus> {
  setMaxListeners(0, o.signal); // every cell of a round listens for Ctrl-C at once
  const all = o.groups.flat();
  const done = new Set(all.filter(finished));
  // Progress over the upper bound (every cell to its maximum); a cell that stops early counts as full.
  const progress = createProgress(
    all.reduce((a, c) => a + c.max, 0),
    o.identity.command,
    { quiet: o.quiet, lines: o.progress },
  );
  const inFlight = new Map<PlayCell, { first: number; finished: number }>();
  const counted = () =>
    all.reduce((a, c) => {
      const b = inFlight.get(c);
      return a + (done.has(c) ? c.max : b ? b.first + b.finished : c.store.games.winner_g.length);
    }, 0);
  try {
    for (const cells of o.groups) {
      while (cells.some((c) => !done.has(c))) {
        const outcomes = await Promise.all(
          cells
            .filter((c) => !done.has(c))
            .map(async (c) => {
              const first = c.store.games.winner_g.length;
              const end = Math.min(c.max, (Math.floor(first / c.batch) + 1) * c.batch);
              const outcome = await runGames(o.pool, c.spec, c.shape, {
                first,
                games: end - first,
                signal: o.signal,
                decisionTimeoutMs: o.decisionTimeout * 1000,
                onProgress: (n) => {
                  inFlight.set(c, { first, finished: n });
                  progress.update(counted());
                },
                onChunk: (chunk) => {
                  appendGames(o.dir, c.store, chunk);
                  saveState(o.dir, o.identity, o.stores, o.stateName);
                },
              });
              inFlight.delete(c);
              if (finished(c)) done.add(c);
              progress.update(counted());
              return { c, outcome };
            }),
        );
        const failed = outcomes.find((x) => x.outcome.failure);
        if (failed) {
          const fl = failed.outcome.failure!;
          process.stderr.write(
            [
              `chaco: game ${fl.game} of cell ${failed.c.store.key} failed: ${fl.message}`,
              `  run seed ${failed.c.spec.seed}, game index ${fl.game}${fl.seed ? ` (game seed ${fl.seed})` : ''}`,
              `  reproduce: ${runCommand(failed.c.spec, fl.game, 1)}`,
              `  every finished game is kept in ${o.dir}; after fixing it, resume: ${o.resume}`,
            ].join('\n') + '\n',
          );
          process.exitCode = 1;
          return 'failed';
        }
        if (outcomes.some((x) => x.outcome.interrupted)) return 'interrupted';
      }
    }
    return 'complete';
  } finally {
    progress.stop();
    saveState(o.dir, o.identity, o.stores, o.stateName);
  }
}

/** A cell as a study's manifest lists it: its key, the games it has and the command that plays them alone. */
export function cellRecord(
  key: string,
  spec: RunSpec,
  stores: ReadonlyMap<string, CellStore>,
): { key: string; games: number; reproduce: string } {
  const games = stores.get(key)!.games.winner_g.length;
  return { key, games, reproduce: runCommand(spec, 0, games) };
}

/**
 * The end of a study command: its report's lines and folder on stdout (the folder alone with --quiet);
 * when it was interrupted, how to resume it on stderr and exit code 130.
 */
export function finishStudy(lines: readonly string[], dir: string, quiet: boolean, status: PlayStatus, reproduce: string): void {
  if (quiet) process.stdout.write(`${resolve(dir)}\n`);
  else process.stdout.write(`${lines.join('\n')}\nreport  ${join(dir, 'index.html')}\n`);
  if (status === 'interrupted') {
    process.stderr.write(`chaco: interrupted; the report covers the games played so far.\n  resume: ${reproduce}\n`);
    process.exitCode = 130;
  }
}
