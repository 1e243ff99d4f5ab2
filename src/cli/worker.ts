// `chaco worker --queue redis://HOST:PORT`: takes shards from the queue and plays them on this machine's
// worker threads, for any command started with --queue on any machine; as many as wanted, anywhere.
// Ctrl-C (or SIGTERM) stops taking shards and finishes those in progress; a second Ctrl-C quits at once
// (its shards go back to the queue when their locks expire). A shard made by other code or from other
// data is refused: it goes back to the queue and the worker exits with code 2, saying what differs.
import type { Command } from 'commander';
import { z } from 'zod';
import { chacoGame } from '../sim/chaco-game.js';
import type { JobKind } from '../sim/queue/job.js';
import { switchFlag, workersFlag } from './flags.js';
import { asQueueUsage, queueUrl } from './queue-options.js';
import { UsageError } from './usage-error.js';

/** Every job kind a worker plays. A command that puts a new kind on the queue adds it here. BullMQ is loaded by `chaco worker` alone. */
async function jobKinds(): Promise<readonly JobKind<never, unknown>[]> {
  const { gamesKind } = await import('../sim/queue/games.js');
  return [gamesKind(chacoGame) as unknown as JobKind<never, unknown>];
}

const seconds = (flag: string) =>
  z.string().transform((text, ctx) => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(n) || n < 0.1 || n > 86_400) {
      ctx.addIssue({ code: 'custom', message: `${flag} ${text}: give seconds from 0.1 to 86400` });
      return z.NEVER;
    }
    return Math.round(n * 1000);
  });

const workerSchema = z.object({
  queue: queueUrl('--queue'),
  workers: workersFlag(1, 'a queue worker plays on worker threads, so that it keeps renewing its hold on a shard while games play'),
  data: z.string().optional(),
  lockDuration: seconds('--lock-duration'),
  stalledInterval: seconds('--stalled-interval'),
  maxStalled: z.string().transform((text, ctx) => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > 1000) {
      ctx.addIssue({ code: 'custom', message: `--max-stalled ${text}: give a whole number from 0 to 1000` });
      return z.NEVER;
    }
    return n;
  }),
  quiet: switchFlag(),
});

/** Test hook: CHACO_WORKER_HOLD=<n> makes the worker hold its n-th shard and never finish it, to be killed holding it. */
const holdJob = process.env.CHACO_WORKER_HOLD === undefined ? undefined : Number(process.env.CHACO_WORKER_HOLD);

export async function workerAction(raw: unknown): Promise<void> {
  const r = workerSchema.safeParse(raw);
  if (!r.success) throw new UsageError(r.error.issues.map((i) => i.message).join('\n'));
  const f = r.data;
  const log = f.quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`);
  const abort = new AbortController();
  const onSignal = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.once('SIGINT', () => process.exit(130));
    log?.('chaco worker: stopping after the shards in progress (Ctrl-C again quits at once; its shards go back to the queue)');
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const [{ serveQueue }, kinds] = await Promise.all([import('../sim/queue/serve.js'), jobKinds()]);
  try {
    const outcome = await asQueueUsage(() =>
      serveQueue({
        url: f.queue,
        game: chacoGame,
        kinds,
        threads: f.workers,
        ...(f.data !== undefined ? { dataDir: f.data } : {}),
        lockDurationMs: f.lockDuration,
        stalledIntervalMs: f.stalledInterval,
        maxStalledCount: f.maxStalled,
        signal: abort.signal,
        ...(log ? { log } : {}),
        ...(holdJob !== undefined ? { holdJob } : {}),
      }),
    );
    if (outcome.refused) {
      process.stderr.write(`chaco worker: refused a shard and stopped: ${outcome.refused}\n`);
      process.exitCode = 2;
      return;
    }
    log?.(`chaco worker: stopped after ${outcome.jobs} shard${outcome.jobs === 1 ? '' : 's'}`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description("take shards from a Redis queue (chaco run --queue, on any machine) and play them on this machine's threads")
    .requiredOption('--queue <redis://HOST:PORT>', 'the Redis server holding the queue')
    .option('--workers <n>', 'worker threads, and shards played at once (default: all cores)')
    .option(
      '--data <dir>',
      "data folder to read instead of the one each shard names (chaco's own scenarios/ unless the submitter gave --data); its files must match the submitter's",
    )
    .option(
      '--lock-duration <seconds>',
      'how long a shard stays held without word from its worker; a worker that dies loses its shards to the queue after this',
      '30',
    )
    .option('--stalled-interval <seconds>', 'how often this worker looks for shards whose holder died', '30')
    .option('--max-stalled <n>', 'times a shard may lose its worker before it fails instead of going back to the queue', '5')
    .option('--quiet', 'print nothing but errors')
    .action((opts: unknown) => workerAction(opts));
}
