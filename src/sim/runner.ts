// The runner: splits games first..first+N-1 into contiguous shards, keeps a few in flight on the pool,
// and hands finished shards on strictly in game order (buffering the early arrivals), so what is written
// is the same for any number of workers. Stops cleanly on abort (Ctrl-C) or at the first failing game.
import { emptyAggregate, mergeAggregates, type Aggregate, type AggregateShape } from './aggregate.js';
import type { ShardPool } from './pool.js';
import type { ChunkResult, GameFailure } from './shard.js';
import type { RunSpec } from './spec.js';

export interface RunGamesOptions {
  /** Index of the first game (resuming a run); default 0. */
  readonly first?: number;
  readonly games: number;
  /** Games per shard; default: about 8 shards per thread, 10 to 100 games each. */
  readonly chunkSize?: number;
  readonly signal?: AbortSignal;
  /** Each shard, in game order (only the games before the first failure). */
  readonly onChunk?: (chunk: ChunkResult) => void;
  /** Games finished so far (in any order) out of `games`. */
  readonly onProgress?: (finished: number, total: number) => void;
}

export interface RunOutcome {
  /** Games first..first+played-1 were played and handed on, in order. */
  readonly played: number;
  readonly aggregate: Aggregate;
  /** The first game that failed, if one did. */
  readonly failure?: GameFailure;
  /** Stopped by the signal before every game was played. */
  readonly interrupted: boolean;
}

/**
 * Games in the next shard: up to 100 while much is left, shrinking toward 10 near the end (a quarter
 * of each thread's share of what is left), so that no thread idles long while another finishes.
 */
export function guidedChunkSize(left: number, threads: number): number {
  return Math.max(10, Math.min(100, Math.ceil(left / (Math.max(1, threads) * 4))));
}

export function runGames(pool: ShardPool, spec: RunSpec, shape: AggregateShape, opts: RunGamesOptions): Promise<RunOutcome> {
  const first = opts.first ?? 0;
  const end = first + opts.games;
  // Enough shards in flight to keep every thread busy; few enough that the buffer stays small.
  const window = Math.max(2, pool.threads * 2);
  let next = first, flushed = first, inFlight = 0, finished = 0;
  let stopped = false;
  let failure: GameFailure | undefined;
  let aggregate = emptyAggregate(shape);
  const waiting = new Map<number, ChunkResult>();

  return new Promise<RunOutcome>((resolve, reject) => {
    const onAbort = () => { stopped = true; };
    opts.signal?.addEventListener('abort', onAbort);
    if (opts.signal?.aborted) stopped = true;

    const fail = (f: GameFailure) => {
      stopped = true;
      if (!failure || f.game < failure.game) failure = f;
    };

    const flush = () => {
      for (let c = waiting.get(flushed); c; c = waiting.get(flushed)) {
        waiting.delete(flushed);
        if (c.done > c.from) {
          try {
            opts.onChunk?.(c);
          } catch (err) {
            // Writing failed (disk full, ...): nothing more can be kept.
            stopped = true;
            finish(err);
            return;
          }
          aggregate = mergeAggregates(aggregate, c.aggregate);
        }
        flushed = c.done;
        if (c.done < c.to) break; // the failing game: nothing after it is handed on
      }
    };

    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      if (err === undefined && inFlight > 0) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      if (err !== undefined) { reject(err); return; }
      resolve({
        played: flushed - first, aggregate, interrupted: !failure && flushed < end,
        ...(failure ? { failure } : {}),
      });
    };

    const submit = () => {
      while (!stopped && inFlight < window && next < end) {
        const from = next, to = Math.min(end, from + (opts.chunkSize ?? guidedChunkSize(end - next, pool.threads)));
        next = to;
        inFlight++;
        pool.run({ spec, from, to }).then(
          (c) => {
            inFlight--;
            finished += c.done - c.from;
            if (c.failure) fail(c.failure);
            waiting.set(c.from, c);
            flush();
            opts.onProgress?.(finished, opts.games);
            submit();
          },
          (err: unknown) => {
            // The worker itself died (out of memory, a crash): the shard counts as failing at its first game.
            inFlight--;
            const e = err instanceof Error ? err : new Error(String(err));
            fail({ game: from, seed: '', message: `worker failed: ${e.message}`, ...(e.stack ? { stack: e.stack } : {}) });
            submit();
          },
        );
      }
      if (inFlight === 0) finish();
    };
    submit();
  });
}
