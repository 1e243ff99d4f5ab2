// --queue for the commands that play games: the flags checked at the edge, Redis checked before any
// folder is touched, and the pool the games play on: this machine's worker threads, or the workers
// (`chaco worker`) taking shards from the queue on any number of machines.
import type { Command } from 'commander';
import { z } from 'zod';
import type { RunManifest } from '../sim/manifest.js';
import { chacoGame, type ChacoPool } from '../sim/chaco-game.js';
import type { Aggregate, AggregateShape } from '../sim/aggregate.js';
import { createPool } from '../sim/pool.js';
import type { RunSpec } from '../sim/spec.js';
import { QueueError, redactUrl } from '../sim/queue/errors.js';
import type { QueuePool } from '../sim/queue/games.js';
import { UsageError } from './usage-error.js';

/** Games per shard on the queue unless --shard-size says otherwise (docs/distributed.md, Scaling: the queue's cost per shard stays under 1% of its games' time). */
export const DEFAULT_SHARD_SIZE = 100;

/** A Redis URL: redis://HOST:PORT (rediss:// for TLS), optionally with a password and database number. */
export const queueUrl = (flag: string) =>
  z.string().transform((text, ctx) => {
    let u: URL | undefined;
    try {
      u = new URL(text.trim());
    } catch {
      u = undefined;
    }
    if (!u || (u.protocol !== 'redis:' && u.protocol !== 'rediss:') || u.hostname === '') {
      ctx.addIssue({ code: 'custom', message: `${flag} ${text}: give the Redis server as redis://HOST:PORT, e.g. redis://127.0.0.1:6390` });
      return z.NEVER;
    }
    return u.toString().replace(/\/$/, '');
  });

export const queueSchema = {
  queue: queueUrl('--queue').optional(),
  shardSize: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isInteger(n) || n < 1 || n > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: `--shard-size ${text}: give a whole number of games from 1 to 1000000` });
        return z.NEVER;
      }
      return n;
    }),
};

export interface QueueFlags {
  readonly queue?: string | undefined;
  readonly shardSize?: number | undefined;
  readonly workers: number;
  readonly quiet: boolean;
}

export function addQueueOptions(cmd: Command): Command {
  return cmd
    .option('--queue <redis://HOST:PORT>', "play on the workers (chaco worker) of this Redis queue instead of this machine's threads")
    .option('--shard-size <n>', `games per job on the queue (default ${DEFAULT_SHARD_SIZE})`);
}

/** Refuses flags that do not go together and checks that the queue's Redis answers; before any file is written. */
export async function checkQueueFlags(raw: unknown, f: QueueFlags): Promise<void> {
  const given = raw as { workers?: unknown };
  if (f.queue !== undefined && given.workers !== undefined)
    throw new UsageError("--workers with --queue: the games play on the queue's workers; give each chaco worker its --workers instead");
  if (f.queue === undefined && f.shardSize !== undefined)
    throw new UsageError('--shard-size applies with --queue (the local runner sizes its own shards)');
  if (f.queue !== undefined) {
    const { checkRedis } = await import('../sim/queue/connection.js'); // the Redis client, only with --queue
    await asQueueUsage(() => checkRedis(f.queue!));
  }
}

/** Runs `fn`, turning a QueueError (Redis unreachable or too old) into a UsageError. */
export async function asQueueUsage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof QueueError) throw new UsageError(err.message);
    throw err;
  }
}

/** The pool the flags ask for; with --queue, says on stderr when no worker is connected yet, and who refused a shard. */
export async function openPool(f: QueueFlags): Promise<ChacoPool> {
  if (f.queue === undefined) return createPool(chacoGame, f.workers);
  const url = f.queue;
  const { openQueuePool } = await import('../sim/queue/games.js'); // BullMQ, only with --queue
  const pool = await asQueueUsage(() =>
    openQueuePool(chacoGame, url, {
      shardSize: f.shardSize ?? DEFAULT_SHARD_SIZE,
      onRefusal: (r) => process.stderr.write(`chaco: worker ${r.worker} refused a shard and stopped: ${r.reason}\n`),
    }),
  );
  if (!f.quiet && (await pool.connected()) === 0) {
    process.stderr.write(
      `chaco: no worker is connected to ${redactUrl(url)} yet; the shards wait on the queue. Start one on any machine: chaco worker --queue ${redactUrl(url)}\n`,
    );
  }
  return pool;
}

/** run.json's account of a queue run: where, in what shards, and which workers played how much. */
export function queueRecord(pool: ChacoPool, f: QueueFlags): RunManifest['queue'] {
  if (f.queue === undefined || !('workers' in pool)) return undefined;
  const workers = (pool as QueuePool<RunSpec, Aggregate, AggregateShape>)
    .workers()
    .map((w) => ({ ...w }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { url: redactUrl(f.queue), shardSize: f.shardSize ?? DEFAULT_SHARD_SIZE, workers };
}
