// Where shards run: a piscina pool of worker threads running the compiled worker (dist/sim/worker.js),
// or the calling thread (workers = 0: tests under vitest, which runs the TypeScript sources).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { playChunk, type ChunkResult, type ChunkTask, type GameDone } from './shard.js';

export interface ShardPool {
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
  run(task: ChunkTask, signal?: AbortSignal, onGame?: (g: GameDone) => void): Promise<ChunkResult>;
  close(): Promise<void>;
}

/** The pool itself cannot go on (a queue whose Redis stopped answering): runGames stops at once and rejects with it. */
export class PoolError extends Error {
  override name = 'PoolError';
}

/** Worker threads when --workers is not given: CHACO_WORKERS (a whole number, 0 the main thread) if set, else every core. */
export function defaultWorkers(): number {
  const given = process.env.CHACO_WORKERS;
  if (given === undefined || given.trim() === '') return availableParallelism();
  const n = Number(given.trim());
  if (!Number.isInteger(n) || n < 0 || n > 256)
    throw new RangeError(`CHACO_WORKERS=${given}: give a whole number from 1 to 256 (0 plays in the main thread), or unset it`);
  return n;
}

/** The compiled worker: beside this file when running from dist/, else dist/sim/ of the package. */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts') ? resolve(dirname(here), '../../dist/sim/worker.js') : join(dirname(here), 'worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the package first (npm run build)`);
  return file;
}

export function createPool(workers: number): ShardPool {
  if (workers === 0) {
    return {
      threads: 0,
      // One shard per turn of the event loop, so progress, Ctrl-C and writing keep up.
      run: (task, signal, onGame) =>
        new Promise((ok, fail) =>
          setImmediate(() => {
            if (signal?.aborted) {
              fail(new Error('aborted'));
              return;
            }
            playChunk(task, onGame).then(ok, fail);
          }),
        ),
      close: async () => {},
    };
  }
  const pool = new Piscina<ChunkTask, ChunkResult>({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
  });
  return {
    threads: workers,
    run: (task, signal, onGame) => {
      if (!onGame) return pool.run(task, signal ? { signal } : {});
      // The games come on a port as they finish; what is still queued on it when the shard settles (or
      // its thread is ended) is read before the promise is, so no finished game is missed.
      const { port1, port2 } = new MessageChannel();
      port1.on('message', onGame);
      const drain = () => {
        for (let m = receiveMessageOnPort(port1); m; m = receiveMessageOnPort(port1)) onGame(m.message as GameDone);
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
    close: () => pool.destroy(),
  };
}
