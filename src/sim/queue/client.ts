// The submitting side of the queue: puts shard jobs on it and hands back each result. Results come
// through BullMQ's event stream; a sweep every few seconds also asks Redis for the state of every job
// still awaited, so a result is never missed (an event emitted before the stream was read, a stream
// trimmed while this process was busy) and a job that vanished (removed, Redis restarted) is put back.
// A worker that dies holding a job needs nothing here: BullMQ's stalled-job check (run by the other
// workers) puts the job back on the queue and another worker plays it with the same seeds.
import { hostname } from 'node:os';
import { Queue, QueueEvents } from 'bullmq';
import { checkRedis, Connections, QUEUE_NAME } from './connection.js';
import { codeIdentity, type InputHashes } from './identity.js';
import { jobId, type JobKind, type JobReturn, type Refusal, type ShardJob } from './job.js';

export interface ClientOptions {
  /** A worker refused a job (its code or data differ): called once per worker and reason. */
  readonly onRefusal?: (r: Refusal) => void;
  /** How often every awaited job's state is read from Redis (ms). Default 5000. */
  readonly sweepMs?: number;
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

  private constructor(private readonly conns: Connections, private readonly queue: Queue, private readonly events: QueueEvents, private readonly o: ClientOptions) {
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
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    return new QueueClient(conns, queue, events, o);
  }

  /** Worker processes connected to the queue now. */
  async workers(): Promise<number> {
    return (await this.queue.getWorkers()).length;
  }

  /** Puts a job of `kind` on the queue and resolves with what a worker returned; aborting `signal` takes it off (if no worker has it yet). */
  submit<P, R>(kind: JobKind<P, R>, payload: P, signal?: AbortSignal): Promise<JobReturn<R>> {
    const key = JSON.stringify(payload);
    let inputs = this.inputs.get(key);
    if (!inputs) { inputs = kind.inputs(kind.localise(payload, {})); this.inputs.set(key, inputs); }
    const job: ShardJob<P> = { kind: kind.kind, code: codeIdentity(), inputs, payload, submitter: this.submitter };
    const id = jobId(job);
    return new Promise<JobReturn<R>>((resolve, reject) => {
      if (signal?.aborted) { reject(new Error('aborted')); return; }
      const p: Pending = { job, resolve: resolve as (r: JobReturn<unknown>) => void, reject, added: false };
      this.pending.set(id, p);
      signal?.addEventListener('abort', () => {
        if (this.pending.get(id) !== p) return;
        this.pending.delete(id);
        void this.queue.remove(id).catch(() => 0);
        reject(new Error('aborted'));
      }, { once: true });
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

  /** Takes every job still awaited off the queue (those a worker holds finish and expire) and disconnects. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const left = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, p] of left) {
      await this.queue.remove(id).catch(() => 0);
      p.reject(new Error('the queue client closed'));
    }
    await this.events.close().catch(() => {});
    await this.queue.close().catch(() => {});
    await this.conns.close();
  }
}
