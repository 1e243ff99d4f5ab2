// The runner: splits games first..first+N-1 into contiguous shards, keeps a few in flight on the pool,
// and hands finished shards on strictly in game order (buffering the early arrivals), so what is written
// is the same for any number of workers. Stops cleanly on abort (Ctrl-C) or at the first failing game;
// a shard ended early hands on the games it finished (told one by one), so nothing finished before the
// first unfinished game is lost. Nothing of the game: the pool's GameModule makes and sums the aggregates.
import type { GameModule, SpecBase } from './game-module.js';
import { PoolError, type ShardPool } from './pool.js';
import type { ChunkResult, GameDone, GameFailure } from './shard.js';
import { createWatch, overdue, type Watch } from './watch.js';

export interface RunGamesOptions<A> {
  /** Index of the first game (resuming a run); default 0. */
  readonly first?: number;
  readonly games: number;
  /** Games per shard; default: about 8 shards per thread, 10 to 100 games each (fewer in a small run: guidedChunkSize). */
  readonly chunkSize?: number;
  readonly signal?: AbortSignal;
  /** Each shard, in game order (only the games before the first failure). */
  readonly onChunk?: (chunk: ChunkResult<A>) => void;
  /** Games finished so far (in any order) out of `games`. */
  readonly onProgress?: (finished: number, total: number) => void;
  /** Longest user code (a policy module) may take over one decision (ms); past it the game fails. Default 10 s; 0: no limit. */
  readonly decisionTimeoutMs?: number;
  /** After the signal, how long shards in progress may take to finish before they are ended (ms). Default 1500. */
  readonly graceMs?: number;
}

export interface RunOutcome<A> {
  /** Games first..first+played-1 were played and handed on, in order. */
  readonly played: number;
  readonly aggregate: A;
  /** The first game that failed, if one did. */
  readonly failure?: GameFailure;
  /** Stopped by the signal before every game was played. */
  readonly interrupted: boolean;
}

/**
 * Games in the next shard: up to 100 while much is left, shrinking toward 10 near the end (a quarter
 * of each thread's share of what is left), so that no thread idles long while another finishes; below
 * 10 when fewer than 10 games a thread are left, so that a small run of slow games (a search) still
 * plays on every thread.
 */
export function guidedChunkSize(left: number, threads: number): number {
  const t = Math.max(1, threads);
  return Math.max(Math.min(10, Math.ceil(left / t)), Math.min(100, Math.ceil(left / (t * 4))));
}

/** A shard ended early, as the games it finished before (told one by one, in order) and the failure that ended it, if one did. */
export function partialChunk<A, H>(
  game: Pick<GameModule<never, A, H>, 'emptyAggregate' | 'mergeAggregates'>,
  from: number,
  to: number,
  games: readonly GameDone<A>[],
  shape: H,
  failure?: GameFailure,
): ChunkResult<A> {
  let aggregate = game.emptyAggregate(shape);
  for (const g of games) aggregate = game.mergeAggregates(aggregate, g.aggregate);
  return {
    from,
    to,
    done: from + games.length,
    csv: games.map((g) => g.csv).join(''),
    margin_g: Int32Array.from(games, (g) => g.margin),
    winner_g: Uint8Array.from(games, (g) => g.winner),
    end_g: Uint8Array.from(games, (g) => g.end),
    endTurn_g: Uint8Array.from(games, (g) => g.endTurn),
    aggregate,
    ...(failure ? { failure } : {}),
  };
}

export function runGames<S extends SpecBase, A, H>(
  pool: ShardPool<S, A, H>,
  spec: S,
  shape: H,
  opts: RunGamesOptions<A>,
): Promise<RunOutcome<A>> {
  const game = pool.game;
  const first = opts.first ?? 0;
  const end = first + opts.games;
  // Enough shards in flight to keep every thread busy; few enough that the buffer stays small.
  const window = pool.window ?? Math.max(2, pool.threads * 2);
  let next = first,
    flushed = first,
    inFlight = 0,
    finished = 0;
  let stopped = false;
  let failure: GameFailure | undefined;
  let aggregate = game.emptyAggregate(shape);
  const waiting = new Map<number, ChunkResult<A>>();

  // Shards in flight: their watch (user modules only) and how to end them early.
  const running = new Map<number, { stop: AbortController; watch?: Watch; ended?: 'interrupt' | GameFailure }>();
  const limit = opts.decisionTimeoutMs ?? 10_000;
  const userCode = game.userCode(spec);
  const watched = userCode.some((name) => name !== null);
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  let watchTimer: ReturnType<typeof setInterval> | undefined;

  return new Promise<RunOutcome<A>>((resolve, reject) => {
    // Ctrl-C: no new shards; those in progress get a short grace, then are ended (their games are
    // played again on resume), so the report of what finished is written within about two seconds.
    const onAbort = () => {
      stopped = true;
      graceTimer ??= setTimeout(() => {
        for (const r of running.values()) {
          r.ended ??= 'interrupt';
          r.stop.abort();
        }
      }, opts.graceMs ?? 1500);
    };
    opts.signal?.addEventListener('abort', onAbort);
    if (opts.signal?.aborted) stopped = true;
    if (watched && limit > 0) {
      watchTimer = setInterval(
        () => {
          const now = Date.now();
          for (const r of running.values()) {
            const late = r.watch && !r.ended ? overdue(r.watch, limit, now) : null;
            if (!late) continue;
            const side = game.sides[late.side];
            r.ended = {
              game: late.game,
              seed: game.gameSeed(spec.seed, late.game),
              message: `policy module ${userCode[late.side]} (${side}): its ${late.kind} decision took longer than ${limit / 1000} s (--decision-timeout); the game was stopped`,
            };
            r.stop.abort();
          }
        },
        Math.min(250, Math.max(20, limit / 4)),
      );
    }

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
          aggregate = game.mergeAggregates(aggregate, c.aggregate);
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
      clearTimeout(graceTimer);
      clearInterval(watchTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err !== undefined) {
        reject(err);
        return;
      }
      resolve({
        played: flushed - first,
        aggregate,
        interrupted: !failure && flushed < end,
        ...(failure ? { failure } : {}),
      });
    };

    const submit = () => {
      while (!stopped && inFlight < window && next < end) {
        const from = next,
          to = Math.min(end, from + (opts.chunkSize ?? pool.shardSize ?? guidedChunkSize(end - next, pool.threads)));
        next = to;
        inFlight++;
        const r: { stop: AbortController; watch?: Watch; ended?: 'interrupt' | GameFailure } = { stop: new AbortController() };
        if (watched && limit > 0) r.watch = createWatch();
        running.set(from, r);
        // The shard's games as they finish: counted for the progress, and kept if the shard is ended early.
        const told: GameDone<A>[] = [];
        const onGame = (g: GameDone<A>) => {
          if (g.game !== from + told.length) return; // only the games in order from the shard's first
          told.push(g);
          finished++;
          opts.onProgress?.(finished, opts.games);
        };
        pool.run({ spec, from, to, decisionTimeoutMs: limit, ...(r.watch ? { watch: r.watch } : {}) }, r.stop.signal, onGame).then(
          (c) => {
            inFlight--;
            running.delete(from);
            finished += c.done - c.from - told.length;
            if (c.failure) fail(c.failure);
            waiting.set(c.from, c);
            flush();
            opts.onProgress?.(finished, opts.games);
            submit();
          },
          (err: unknown) => {
            inFlight--;
            running.delete(from);
            if (err instanceof PoolError) {
              stopped = true;
              finish(err);
              return;
            } // the pool is gone (its Redis): nothing more can be played
            // Ended early: the games it finished are kept (handed on in order, up to it), the rest are played on resume.
            let failure: GameFailure | undefined;
            if (r.ended && r.ended !== 'interrupt')
              failure = r.ended; // a decision past the time limit
            else if (!r.ended) {
              // The worker itself died (out of memory, a crash): the shard fails at the game it was playing.
              const e = err instanceof Error ? err : new Error(String(err));
              failure = {
                game: from + told.length,
                seed: '',
                message: `worker failed: ${e.message}`,
                ...(e.stack ? { stack: e.stack } : {}),
              };
            }
            if (failure) fail(failure);
            waiting.set(from, partialChunk(game, from, to, told, shape, failure));
            flush();
            submit();
          },
        );
      }
      if (inFlight === 0) finish();
    };
    submit();
  });
}
