// The submitting side of the queue: puts shard jobs on it and hands back each result. Results come
// through BullMQ's event stream; a sweep every few seconds also asks Redis for the state of every job
// still awaited, so a result is never missed (an event emitted before the stream was read, a stream
// trimmed while this process was busy) and a job that vanished (removed, Redis restarted) is put back.
// A worker that dies holding a job needs nothing here: BullMQ's stalled-job check (run by the other
// workers) puts the job back on the queue and another worker plays it with the same seeds. A Redis that
// stops answering (RedisWatch) fails every awaited job with a QueueError, which stops the command.
import { hostname } from 'node:os';
import { Queue, QueueEvents } from 'bullmq';
import { bounded, checkRedis, Connections, QUEUE_NAME, QueueError, redactUrl, RedisWatch } from './connection.js';
import { codeIdentity, type InputHashes } from './identity.js';
import { jobId, type JobKind, type JobReturn, type Refusal, type ShardJob } from './job.js';

export interface ClientOptions {
  /** A worker refused a job (its code or data differ): called once per worker and reason. */
  readonly onRefusal?: (r: Refusal) => void;
  /** How often every awaited job's state is read from Redis (ms). Default 5000. */
  readonly sweepMs?: number;
  /** How long Redis may leave every PING unanswered before the client gives up on it (ms). Default 15000. */
  readonly deadMs?: number;
}

interface Pending {
  readonly job: ShardJob;
  readonly resolve: (r: JobReturn<unknown>) => void;
  readonly reject: (e: Error) => void;
  added: boolean;
}

/** Jobs finished and kept for an hour (a submitter that restarts finds them), failed ones for a day. */
const JOB_OPTIONS = { removeOnComplete: { age: 3600 }, removeOnFail: { age: 86_400 }, attempts: 1 } as const;

export class QueueClient {
  private readonly pending = new Map<string, Pending>();
  private readonly refusals = new Set<string>();
  private readonly inputs = new Map<string, InputHashes>();
  private readonly submitter = `${hostname()}:${process.pid}`;
  private sweeping = false;
  private readonly timer: ReturnType<typeof setInterval>;
  /** Why Redis is taken for gone (every job then fails with it), or null. */
  private gone: QueueError | null = null;
  private readonly watch: RedisWatch;

  private constructor(
    url: string,
    private readonly conns: Connections,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly o: ClientOptions,
  ) {
    this.watch = new RedisWatch(url, { ...(o.deadMs !== undefined ? { deadMs: o.deadMs } : {}), onDead: (why) => this.giveUp(why) });
    events.on('completed', ({ jobId: id, returnvalue }) => this.settle(id, { value: returnvalue as unknown as JobReturn<unknown> }));
    events.on('failed', ({ jobId: id, failedReason }) => this.settle(id, { failed: failedReason }));
    events.on('progress', ({ data }) => {
      const r = (data as { refused?: Refusal } | null)?.refused;
      if (!r || this.refusals.has(`${r.worker}\n${r.reason}`)) return;
      this.refusals.add(`${r.worker}\n${r.reason}`);
      this.o.onRefusal?.(r);
    });
    this.timer = setInterval(() => void this.sweep(), o.sweepMs ?? 5000);
  }

  /** Connects to the queue at `url` (QueueError when Redis cannot be used). */
  static async open(url: string, o: ClientOptions = {}): Promise<QueueClient> {
    await checkRedis(url);
    const conns = new Connections(url);
    const queue = new Queue(QUEUE_NAME, { connection: conns.client() });
    const events = new QueueEvents(QUEUE_NAME, { connection: conns.client() });
    queue.on('error', () => {});
    events.on('error', () => {});
    const ready = await bounded(
      Promise.all([queue.waitUntilReady(), events.waitUntilReady()]).then(() => true),
      15_000,
    );
    if (ready !== true) {
      await conns.close(0);
      throw new QueueError(`--queue ${redactUrl(url)}: Redis stopped answering while the queue was opened (nothing for 15 s)`);
    }
    return new QueueClient(url, conns, queue, events, o);
  }

  /** Worker processes connected to the queue now. */
  async workers(): Promise<number> {
    return (await this.queue.getWorkers()).length;
  }

  /** Puts a job of `kind` on the queue and resolves with what a worker returned; aborting `signal` takes it off (if no worker has it yet). */
  submit<P, R>(kind: JobKind<P, R>, payload: P, signal?: AbortSignal): Promise<JobReturn<R>> {
    const key = JSON.stringify(payload);
    let inputs = this.inputs.get(key);
    if (!inputs) {
      inputs = kind.inputs(kind.localise(payload, {}));
      this.inputs.set(key, inputs);
    }
    const job: ShardJob<P> = { kind: kind.kind, code: codeIdentity(), inputs, payload, submitter: this.submitter };
    const id = jobId(job);
    return new Promise<JobReturn<R>>((resolve, reject) => {
      if (this.gone) {
        reject(this.gone);
        return;
      }
      if (signal?.aborted) {
        reject(new Error('aborted'));
        return;
      }
      const p: Pending = { job, resolve: resolve as (r: JobReturn<unknown>) => void, reject, added: false };
      this.pending.set(id, p);
      signal?.addEventListener(
        'abort',
        () => {
          if (this.pending.get(id) !== p) return;
          this.pending.delete(id);
          void this.queue.remove(id).catch(() => 0);
          reject(new Error('aborted'));
        },
        { once: true },
      );
      this.put(id, p).catch((err: unknown) => this.settle(id, { error: err instanceof Error ? err : new Error(String(err)) }));
    });
  }

  /** Adds the job (after clearing a failure a previous submission left under its id), then reads its state once. */
  private async put(id: string, p: Pending): Promise<void> {
    if ((await this.queue.getJobState(id)) === 'failed') await this.queue.remove(id);
    await this.queue.add(p.job.kind, p.job, { jobId: id, ...JOB_OPTIONS });
    p.added = true;
    await this.check(id);
  }

  /** Reads an awaited job's state: a finished job settles; a vanished one is put back. */
  private async check(id: string): Promise<void> {
    const p = this.pending.get(id);
    if (!p?.added) return;
    const state = await this.queue.getJobState(id);
    if (state === 'completed' || state === 'failed') {
      const job = await this.queue.getJob(id);
      if (!job) return;
      this.settle(id, state === 'completed' ? { value: job.returnvalue as JobReturn<unknown> } : { failed: job.failedReason });
    } else if (state === 'unknown' && this.pending.get(id) === p) {
      p.added = false;
      await this.put(id, p);
    }
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      for (const id of [...this.pending.keys()]) await this.check(id).catch(() => {});
    } finally {
      this.sweeping = false;
    }
  }

  private settle(id: string, outcome: { value: JobReturn<unknown> } | { failed: string } | { error: Error }): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if ('value' in outcome) p.resolve(outcome.value);
    else p.reject('error' in outcome ? outcome.error : new Error(`the queue failed the job: ${outcome.failed}`));
    void this.queue.remove(id).catch(() => 0); // read: the result is not needed again
  }

  /** Redis stopped answering: every job awaited fails with the reason, and so does every job submitted from now on. */
  private giveUp(why: string): void {
    this.gone = new QueueError(why);
    clearInterval(this.timer);
    const left = [...this.pending.values()];
    this.pending.clear();
    for (const p of left) p.reject(this.gone);
  }

  /**
   * Takes every job still awaited off the queue (those a worker holds finish and expire) and disconnects;
   * with a Redis that does not answer, disconnects at once (its jobs expire there, if it comes back).
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const answering = this.watch.answering;
    this.watch.close();
    const left = [...this.pending.entries()];
    this.pending.clear();
    const graceful = async () => {
      for (const [id] of left) await this.queue.remove(id).catch(() => 0);
      await this.events.close().catch(() => {});
      await this.queue.close().catch(() => {});
    };
    if (answering) await bounded(graceful(), 10_000);
    for (const [, p] of left) p.reject(new Error('the queue client closed'));
    await this.conns.close(answering ? 5000 : 0);
    if (!answering) {
      void this.events.close().catch(() => {});
      void this.queue.close().catch(() => {});
    }
  }
}
