// A shard job: one unit of work on the queue, of some kind (`games`: a range of a run's games; other
// commands add their own kinds), as plain JSON with the code and input identity of the command that
// made it. Its id is a hash of all that, so the same shard submitted again (a resumed run) is the same
// job: a finished one is not played twice, and two submitters never play one shard twice at once.
import { createHash } from 'node:crypto';
import type { SpecBase } from '../game-module.js';
import type { ShardPool } from '../pool.js';
import type { CodeIdentity, InputHashes } from './identity.js';

export interface ShardJob<P = unknown> {
  /** The job kind (also BullMQ's job name). */
  readonly kind: string;
  readonly code: CodeIdentity;
  /** Hashes of what the payload reads besides the code, on the submitter's machine. */
  readonly inputs: InputHashes;
  /** What to do, with paths in portable form (identity.ts). */
  readonly payload: P;
  /** Host and process id of the command that made the job (for the worker's messages; not part of the id). */
  readonly submitter: string;
}

/** A worker process as the submitter sees it in each result. */
export interface WorkerInfo {
  /** host:pid, also BullMQ's worker name (a job's processedBy). */
  readonly name: string;
  readonly threads: number;
}

/** What a worker returns for a job. */
export interface JobReturn<R> {
  readonly worker: WorkerInfo;
  readonly value: R;
}

/** Sent as a job's progress when a worker refuses it (code or inputs differ), so the submitter can say why. */
export interface Refusal {
  readonly worker: string;
  readonly reason: string;
}

/** What a worker needs besides the payload: its local pool of worker threads (of the game it serves). */
export interface WorkContext {
  readonly pool: ShardPool<SpecBase, unknown, unknown>;
}

/** A kind of job: how a worker reads its payload on its own machine, what it checks, and how it plays it. */
export interface JobKind<P = unknown, R = unknown> {
  readonly kind: string;
  /** One line for logs, e.g. "boqueron seed 1, games 0–99". */
  describe(payload: P): string;
  /** The payload with portable paths made this machine's; `dataDir` is the worker's --data, if given. */
  localise(payload: P, local: { readonly dataDir?: string }): P;
  /** Hashes of the inputs a (localised) payload reads: compared with the submitter's before playing. */
  inputs(payload: P): InputHashes;
  /** Plays a (localised) payload; the result must survive JSON. */
  run(payload: P, ctx: WorkContext): Promise<R>;
}

/** The job's id: its kind and a hash of its code, inputs and payload (BullMQ ids may not contain ':'). */
export function jobId(job: ShardJob): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([job.kind, job.code, job.inputs, job.payload]))
    .digest('hex');
  return `${job.kind}-${hash.slice(0, 32)}`;
}
