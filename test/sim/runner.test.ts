import { describe, expect, test } from 'vitest';
import { emptyAggregate, aggregateShape } from '../../src/sim/aggregate.js';
import { chacoGame, playChunk, type ChacoChunk, type ChacoGameDone, type ChacoPool } from '../../src/sim/chaco-game.js';
import { createPool } from '../../src/sim/pool.js';
import { guidedChunkSize, runGames } from '../../src/sim/runner.js';
import type { ChunkTask } from '../../src/sim/shard.js';
import { prepareRun, type RunSpec } from '../../src/sim/spec.js';
import { randomSpec } from '../helpers/spec.js';

const spec = randomSpec('runner');
const { scenario, options } = prepareRun(spec);
const shape = aggregateShape(scenario, options);

/** A pool of `threads` whose shards finish in a scrambled order (later shards first), optionally failing a game. */
function scrambledPool(threads: number, failAt = -1): ChacoPool & { ran: number[] } {
  const ran: number[] = [];
  return {
    game: chacoGame,
    threads,
    ran,
    run: (task: ChunkTask<RunSpec>) =>
      new Promise<ChacoChunk>((ok) => {
        ran.push(task.from);
        setTimeout(
          () => {
            // fake results: no games played, only indices (the runner must not care what is inside)
            const to = failAt >= task.from && failAt < task.to ? failAt : task.to;
            const csv = Array.from({ length: to - task.from }, (_, k) => `${task.from + k}\n`).join('');
            const agg = emptyAggregate(shape);
            agg.games = to - task.from;
            ok({
              from: task.from,
              to: task.to,
              done: to,
              csv,
              margin_g: new Int32Array(to - task.from),
              winner_g: new Uint8Array(to - task.from),
              end_g: new Uint8Array(to - task.from),
              endTurn_g: new Uint8Array(to - task.from),
              aggregate: agg,
              ...(to < task.to ? { failure: { game: to, seed: `runner:${to}:game`, message: 'boom' } } : {}),
            });
          },
          40 - (task.from % 40),
        );
      }),
    close: async () => {},
  };
}

describe('the runner', () => {
  test('hands shards on in game order whatever order they finish in', async () => {
    const pool = scrambledPool(4);
    const seen: string[] = [];
    const out = await runGames(pool, spec, shape, { games: 95, chunkSize: 10, onChunk: (c) => seen.push(c.csv) });
    expect(seen.join('')).toBe(Array.from({ length: 95 }, (_, i) => `${i}\n`).join(''));
    expect(out).toMatchObject({ played: 95, interrupted: false });
    expect(out.aggregate.games).toBe(95);
  });

  test('without a chunk size, shards shrink toward the end and still cover every game once, in order', async () => {
    const pool = scrambledPool(2);
    const seen: string[] = [],
      sizes: number[] = [];
    const out = await runGames(pool, spec, shape, {
      games: 1000,
      onChunk: (c) => {
        seen.push(c.csv);
        sizes.push(c.to - c.from);
      },
    });
    expect(seen.join('')).toBe(Array.from({ length: 1000 }, (_, i) => `${i}\n`).join(''));
    expect(out.played).toBe(1000);
    expect(sizes[0]).toBe(100);
    expect(sizes.at(-1)).toBeLessThanOrEqual(10);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]!);
    expect(guidedChunkSize(4000, 2)).toBe(100);
    expect(guidedChunkSize(200, 2)).toBe(25);
    // A small run plays on every thread (issue 31: a search of 10 games played on one): 10 games on 2 threads are 2 shards.
    expect(guidedChunkSize(10, 2)).toBe(5);
    expect(guidedChunkSize(15, 8)).toBe(2);
    expect(guidedChunkSize(25, 2)).toBe(10);
  });

  test('stops at the first failing game and keeps every game before it', async () => {
    const pool = scrambledPool(3, 47);
    const seen: string[] = [];
    const out = await runGames(pool, spec, shape, { games: 200, chunkSize: 10, onChunk: (c) => seen.push(c.csv) });
    expect(out.failure).toMatchObject({ game: 47, message: 'boom' });
    expect(out.played).toBe(47);
    expect(seen.join('')).toBe(Array.from({ length: 47 }, (_, i) => `${i}\n`).join(''));
    expect(Math.max(...pool.ran)).toBeLessThan(200); // stopped handing out work
  });

  test('an abort stops after the shards in flight, all of them kept in order', async () => {
    const pool = scrambledPool(2);
    const abort = new AbortController();
    let seen = 0;
    const out = await runGames(pool, spec, shape, {
      games: 1000,
      chunkSize: 10,
      signal: abort.signal,
      onChunk: (c) => {
        seen += c.done - c.from;
        if (seen >= 30) abort.abort();
      },
    });
    expect(out.interrupted).toBe(true);
    expect(out.played).toBe(seen);
    expect(out.played % 10).toBe(0);
    expect(out.played).toBeLessThan(1000);
  });

  test('an abort keeps the games a shard in progress finished, up to the first game not finished (issue 31: a batch behind an unfinished one was dropped)', async () => {
    // Real games told one by one; shard 0 stops after 7 of its games and shard 1 after all 10 without returning, until they are ended.
    const told = new Map<number, number>([
      [0, 7],
      [10, 10],
      [20, 4],
    ]);
    const pool: ChacoPool = {
      game: chacoGame,
      threads: 2,
      run: async (task: ChunkTask<RunSpec>, signal?: AbortSignal, onGame?: (g: ChacoGameDone) => void) => {
        const games: ChacoGameDone[] = [];
        await playChunk(task, (g) => games.push(g));
        for (const g of games.slice(0, told.get(task.from) ?? 0)) onGame?.(g);
        return new Promise<ChacoChunk>((_, fail) => signal?.addEventListener('abort', () => fail(new Error('ended')), { once: true }));
      },
      close: async () => {},
    };
    const abort = new AbortController();
    const seen: string[] = [];
    const out = await runGames(pool, spec, shape, {
      games: 100,
      chunkSize: 10,
      signal: abort.signal,
      graceMs: 1,
      onChunk: (c) => seen.push(c.csv),
      onProgress: (finished) => {
        if (finished === 21) abort.abort();
      },
    });
    const first7 = await playChunk({ spec, from: 0, to: 7 });
    expect(out).toMatchObject({ played: 7, interrupted: true });
    expect(out.failure).toBeUndefined();
    expect(seen.join('')).toBe(first7.csv);
    expect(out.aggregate).toEqual(first7.aggregate);
  });

  test('a shard whose worker dies keeps the games it finished; the run fails at the game in play', async () => {
    const pool: ChacoPool = {
      game: chacoGame,
      threads: 1,
      run: async (task: ChunkTask<RunSpec>, _signal?: AbortSignal, onGame?: (g: ChacoGameDone) => void) => {
        const games: ChacoGameDone[] = [];
        await playChunk(task, (g) => games.push(g));
        for (const g of games.slice(0, task.from === 0 ? 10 : 3)) onGame?.(g);
        if (task.from === 0) return playChunk(task);
        throw new Error('out of memory');
      },
      close: async () => {},
    };
    const seen: string[] = [];
    const out = await runGames(pool, spec, shape, { games: 30, chunkSize: 10, onChunk: (c) => seen.push(c.csv) });
    expect(out.played).toBe(13);
    expect(out.failure).toMatchObject({ game: 13, message: 'worker failed: out of memory' });
    expect(seen.join('')).toBe((await playChunk({ spec, from: 0, to: 13 })).csv);
  });

  test('the games a shard tells one by one sum to its result', async () => {
    const games: ChacoGameDone[] = [];
    const whole = await playChunk({ spec, from: 3, to: 9 }, (g) => games.push(g));
    expect(games.map((g) => g.game)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(games.map((g) => g.csv).join('')).toBe(whole.csv);
    expect(whole).toEqual(await playChunk({ spec, from: 3, to: 9 }));
  });

  test('in the main thread (workers 0) it plays the real games of a shard', async () => {
    const pool = createPool(chacoGame, 0);
    const rows: string[] = [];
    const out = await runGames(pool, spec, shape, { first: 5, games: 6, chunkSize: 4, onChunk: (c) => rows.push(c.csv) });
    expect(rows.join('')).toBe((await playChunk({ spec, from: 5, to: 11 })).csv);
    expect(out.played).toBe(6);
  });

  test('a game played alone (chaco run --first K --games 1) is the same as in its run', async () => {
    const run = (await playChunk({ spec, from: 0, to: 10 })).csv.trim().split('\n');
    expect((await playChunk({ spec, from: 7, to: 8 })).csv.trim()).toBe(run[7]);
  });

  test("--check (invariants, every policy's view compared after each decision) plays the same games", async () => {
    const checked = await playChunk({ spec: { ...spec, check: true }, from: 0, to: 3 });
    expect(checked.failure).toBeUndefined();
    expect(checked.csv).toBe((await playChunk({ spec, from: 0, to: 3 })).csv);
  });
});
