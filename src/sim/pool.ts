// Where shards run: a piscina pool of worker threads running a game's compiled worker (Chaco's:
// dist/sim/worker.js), or the calling thread (workers = 0: tests under vitest, which runs the TypeScript
// sources). Nothing of the game: the pool plays the GameModule it is given.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { GameModule, SpecBase } from './game-module.js';
import { playShard, type ChunkResult, type ChunkTask, type GameDone } from './shard.js';

export interface ShardPool<S extends SpecBase, A, H> {
  /** The game its shards play. */
  readonly game: GameModule<S, A, H>;
  /** Worker threads (0: the calling thread; a queue: the threads of the workers that returned shards so far). */
  readonly threads: number;
  /** Games per shard when the pool fixes it (a queue: one job per shard); otherwise the runner chooses. */
  readonly shardSize?: number;
  /** Shards the runner keeps in flight; default twice the threads (a queue: every shard of the run at once). */
  readonly window?: number;
  /**
   * Plays a shard; aborting `signal` ends it at once (its worker thread is ended; in the main thread, before it starts).
   * `onGame` is told each game as it finishes, every one of them before the promise settles (a queue tells none).
   */
  run(task: ChunkTask<S>, signal?: AbortSignal, onGame?: (g: GameDone<A>) => void): Promise<ChunkResult<A>>;
  /**
   * Runs export `name` of the compiled module `file` on one of the pool's threads (warm from its shards), with
   * `arg` (cloned), to its result; absent where the pool has no threads of its own (the calling thread, a queue):
   * the caller does the work itself.
   */
  readonly call?: (file: string, name: string, arg: unknown) => Promise<unknown>;
  close(): Promise<void>;
}

/** The pool itself cannot go on (a queue whose Redis stopped answering): runGames stops at once and rejects with it. */
export class PoolError extends Error {
  override name = 'PoolError';
}

/** A count of worker threads as text, or null: a whole number from `min` to 256. */
export function threadCount(text: string, min: 0 | 1): number | null {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isInteger(n) || n < min || n > 256 ? null : n;
}

/** Worker threads when --workers is not given: CHACO_WORKERS (a whole number, 0 the main thread) if set, else every core. */
export function defaultWorkers(): number {
  const given = process.env.CHACO_WORKERS;
  if (given === undefined || given.trim() === '') return availableParallelism();
  const n = threadCount(given, 0);
  if (n === null)
    throw new RangeError(`CHACO_WORKERS=${given}: give a whole number from 1 to 256 (0 plays in the main thread), or unset it`);
  return n;
}

/** The game's compiled worker, which must exist (the package built). */
function workerFile(game: Pick<GameModule<SpecBase, unknown, unknown>, 'workerFile'>): string {
  const file = game.workerFile();
  if (!existsSync(file)) throw new Error(`${file} is missing: build the package first (npm run build)`);
  return file;
}

export function createPool<S extends SpecBase, A, H>(game: GameModule<S, A, H>, workers: number): ShardPool<S, A, H> {
  if (workers === 0) {
    return {
      game,
      threads: 0,
      // One shard per turn of the event loop, so progress, Ctrl-C and writing keep up.
      run: (task, signal, onGame) =>
        new Promise((ok, fail) =>
          setImmediate(() => {
            if (signal?.aborted) {
              fail(new Error('aborted'));
              return;
            }
            playShard(game, task, onGame).then(ok, fail);
          }),
        ),
      close: async () => {},
    };
  }
  const pool = new Piscina<ChunkTask<S>, ChunkResult<A>>({
    filename: workerFile(game),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
  });
  return {
    game,
    threads: workers,
    run: (task, signal, onGame) => {
      if (!onGame) return pool.run(task, signal ? { signal } : {});
      // The games come on a port as they finish; what is still queued on it when the shard settles (or
      // its thread is ended) is read before the promise is, so no finished game is missed.
      const { port1, port2 } = new MessageChannel();
      port1.on('message', onGame);
      const drain = () => {
        for (let m = receiveMessageOnPort(port1); m; m = receiveMessageOnPort(port1)) onGame(m.message as GameDone<A>);
        port1.close();
      };
      return pool.run({ ...task, port: port2 }, { transferList: [port2], ...(signal ? { signal } : {}) }).then(
        (c) => {
          drain();
          return c;
        },
        (err: unknown) => {
          drain();
          throw err;
        },
      );
    },
    call: (file, name, arg) => pool.run(arg as ChunkTask<S>, { filename: file, name }),
    close: () => pool.destroy(),
  };
}
