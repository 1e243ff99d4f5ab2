// The worker side of the queue: takes shard jobs (as many at once as it has threads), checks that the
// job was made by the same code from the same inputs, plays it on its own pool of worker threads and
// returns the result. The games run off the main thread, so BullMQ keeps renewing the job's lock
// while they play; a worker that dies stops renewing it, and after the lock duration the stalled-job
// check of the other workers puts the job back on the queue, to be played again with the same seeds.
import { hostname } from 'node:os';
import { WaitingError, Worker, type Job } from 'bullmq';
import type { GameModule, SpecBase } from '../game-module.js';
import { createPool } from '../pool.js';
import { bounded, checkRedis, Connections, QUEUE_NAME, redactUrl, RedisWatch } from './connection.js';
import { codeIdentity, differences } from './identity.js';
import type { JobKind, JobReturn, ShardJob } from './job.js';

export interface ServeOptions {
  readonly url: string;
  /** The game the jobs' kinds play: the worker's threads play its shards. */
  readonly game: GameModule<SpecBase, unknown, unknown>;
  readonly kinds: readonly JobKind<never, unknown>[];
  /** Worker threads, and jobs held at once. At least 1: games in the main thread would starve the lock renewal. */
  readonly threads: number;
  /** The data folder to read instead of the job's (--data). */
  readonly dataDir?: string;
  /** How long a job's lock lasts without renewal (ms); renewed every half of it. BullMQ's default: 30000. */
  readonly lockDurationMs: number;
  /** How often this worker looks for jobs whose lock expired (ms). BullMQ's default: 30000. */
  readonly stalledIntervalMs: number;
  /** How many times a job may stall (its worker die) before it fails instead of going back. */
  readonly maxStalledCount: number;
  /** Aborted: take no more jobs, finish those in progress and return them; with a Redis that does not answer, stop at once. */
  readonly signal: AbortSignal;
  readonly log?: (line: string) => void;
  /** Test hook: hold the n-th job taken (marked in its progress as `held`) and never finish it. */
  readonly holdJob?: number;
}

export interface ServeOutcome {
  readonly name: string;
  /** Jobs played to the end. */
  readonly jobs: number;
  /** Why this worker stopped taking jobs, when a job's code or inputs did not match its own. */
  readonly refused?: string;
}

/** Serves the queue at `url` until the signal is aborted or a job is refused; QueueError when Redis cannot be used. */
export async function serveQueue(o: ServeOptions): Promise<ServeOutcome> {
  if (o.threads < 1) throw new Error('serveQueue: a queue worker plays on worker threads (threads >= 1)');
  await checkRedis(o.url);
  const kinds = new Map(o.kinds.map((k) => [k.kind, k as unknown as JobKind]));
  const name = `${hostname()}:${process.pid}`;
  const here = codeIdentity();
  const conns = new Connections(o.url);
  const watch = new RedisWatch(o.url, {
    onDead: (why) => o.log?.(`${name}: ${why}; waiting for it (Ctrl-C or SIGTERM stops this worker at once)`),
  });
  const pool = createPool(o.game, o.threads);
  let refused: string | undefined,
    taken = 0,
    jobs = 0,
    lastError = '';
  let stop!: () => void;
  const stopped = new Promise<void>((ok) => {
    stop = ok;
  });
  if (o.signal.aborted) stop();
  o.signal.addEventListener('abort', () => stop(), { once: true });

  const refuse = async (job: Job, token: string | undefined, reason: string): Promise<never> => {
    refused ??= reason;
    await job.updateProgress({ refused: { worker: name, reason: refused } });
    await job.moveToWait(token);
    stop();
    throw new WaitingError();
  };

  const processor = async (job: Job, token?: string): Promise<JobReturn<unknown>> => {
    const data = job.data as ShardJob;
    const kind = kinds.get(data.kind);
    if (refused) return refuse(job, token, refused);
    if (!kind) return refuse(job, token, `the job is of kind "${data.kind}", which this worker (chaco ${here.version}) does not play`);
    const payload = kind.localise(data.payload, o.dataDir !== undefined ? { dataDir: o.dataDir } : {});
    const diff = differences(data, { code: here, inputs: kind.inputs(payload) });
    if (diff.length > 0)
      return refuse(
        job,
        token,
        `${kind.describe(payload)} (from ${data.submitter}): ${diff.join('; ')}; a worker plays only shards made by the same code from the same inputs`,
      );
    if (++taken === o.holdJob) {
      await job.updateProgress({ held: name });
      await new Promise<never>(() => {});
    }
    const t0 = performance.now();
    const value = await kind.run(payload, { pool });
    jobs++;
    o.log?.(`${name}: ${kind.describe(payload)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { worker: { name, threads: pool.threads }, value };
  };

  const worker = new Worker(QUEUE_NAME, processor, {
    connection: conns.client(),
    name,
    concurrency: o.threads,
    lockDuration: o.lockDurationMs,
    stalledInterval: o.stalledIntervalMs,
    maxStalledCount: o.maxStalledCount,
  });
  worker.on('error', (err) => {
    if (err.message !== lastError) o.log?.(`${name}: queue error: ${err.message}`);
    lastError = err.message;
  });
  worker.on('failed', (job, err) => o.log?.(`${name}: job ${job?.id ?? '?'} failed: ${err.message}`));
  try {
    await worker.waitUntilReady();
    o.log?.(`${name}: taking jobs from ${redactUrl(o.url)} (queue "${QUEUE_NAME}") on ${o.threads} thread${o.threads === 1 ? '' : 's'}`);
    await stopped;
  } finally {
    // The shards in progress are finished and returned while Redis answers; without it they cannot be
    // returned, so the worker stops at once and they go back to the queue when their locks expire.
    if (watch.answering) await Promise.race([worker.close(), watch.gone]);
    const answering = watch.answering;
    if (!answering) {
      o.log?.(
        `${name}: Redis does not answer; stopping without the shards in progress (they go back to the queue when their locks expire)`,
      );
      void bounded(worker.close(true), 1000).catch(() => {});
    }
    watch.close();
    await pool.close();
    await conns.close(answering ? 5000 : 0);
  }
  return { name, jobs, ...(refused ? { refused } : {}) };
}
