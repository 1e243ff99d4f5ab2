// A run spread over worker processes through Redis, end to end with the built CLI: a submitter and two
// `chaco worker`s, one killed while it holds a shard; the merged files must be byte-identical to a
// local run's. The test starts its own redis-server on a free port of 127.0.0.1 and stops it at the
// end; without redis-server on the PATH it is skipped, saying why. Nothing here depends on speed:
// every wait polls the queue (or the processes) with a generous limit, and no time is asserted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { cpSync, appendFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { chaco, read, tmp } from '../helpers/cli.js';
import { freePort, HAVE_REDIS, start as startIn, startRedis, until, type Proc } from '../helpers/queue.js';

if (!HAVE_REDIS)
  console.warn('test/queue/queue.test.ts: skipped: no redis-server on the PATH (apt-get install redis-server; .ci/run installs it)');

const REPORT_FILES = [
  'games.csv',
  'summary.csv',
  'turns.csv',
  'settlements.csv',
  'win-rates.vl.json',
  'margin-histogram.vl.json',
  'vp-by-turn.vl.json',
  'settlements-map.svg',
];
// Short locks, so a killed worker's shard is back on the queue within seconds.
// Locks long enough that a worker on a machine loaded several times over its cores still renews them in
// time (renewed every half of it), short enough that a killed worker's shard goes back within seconds.
const LOCKS = ['--lock-duration', '8', '--stalled-interval', '1'];

const children: ChildProcess[] = [];
let server: ChildProcess | undefined;
let url = '';
let redis: Redis | undefined;
let queue: Queue | undefined;

const start = (args: string[], env: Record<string, string> = {}): Proc => startIn(children, args, env);
const workerName = (p: Proc) => `${hostname()}:${p.child.pid}`;
const connectedWorkers = async () => (await queue!.getWorkers()).length;

describe.skipIf(!HAVE_REDIS)('runs on many machines through a Redis queue', () => {
  beforeAll(async () => {
    const port = await freePort();
    server = await startRedis(port);
    url = `redis://127.0.0.1:${port}`;
    redis = new Redis(url, { maxRetriesPerRequest: null });
    queue = new Queue('chaco', { connection: redis });
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await queue?.close().catch(() => {});
    redis?.disconnect();
    if (server && server.exitCode === null) {
      const gone = new Promise((ok) => server!.on('exit', ok));
      server.kill('SIGTERM');
      await gone;
    }
  });

  test('a worker killed holding a shard loses nothing: the shard is played again and the report is byte-identical to a local run', async () => {
    const run = ['run', 'boqueron', '--games', '60', '--seed', 'queue', '--par', 'random', '--bol', 'random', '--no-replays'];
    const local = tmp();
    expect(chaco([...run, '--workers', '1', '--out', local]).code).toBe(0);

    // Worker A plays its first shard, then holds its second until it is killed (test hook).
    const a = start(['worker', '--queue', url, '--workers', '1', ...LOCKS], { CHACO_WORKER_HOLD: '2' });
    await until('worker A to connect', async () => (await connectedWorkers()) === 1);
    const out = tmp();
    const submitter = start([...run, '--queue', url, '--shard-size', '10', '--out', out]);
    await until('worker A to hold a shard', async () =>
      (await queue!.getActive()).some((j) => (j.progress as { held?: string } | null)?.held === workerName(a)),
    );
    const b = start(['worker', '--queue', url, '--workers', '1', ...LOCKS]);
    await until('worker B to connect', async () => (await connectedWorkers()) === 2);
    a.child.kill('SIGKILL');
    await until('the submitter to finish', () => submitter.code !== undefined, 120_000);

    expect(submitter.err).toBe('');
    expect(submitter.code).toBe(0);
    for (const f of REPORT_FILES) expect(read(out, f), f).toBe(read(local, f));
    const manifest = JSON.parse(read(out, 'run.json')) as {
      played: number;
      status: string;
      queue: { shardSize: number; workers: { name: string; shards: number; games: number }[] };
    };
    expect(manifest).toMatchObject({ played: 60, status: 'complete' });
    expect(manifest.queue.shardSize).toBe(10);
    expect(new Set(manifest.queue.workers.map((w) => JSON.stringify([w.name, w.shards, w.games])))).toEqual(
      new Set([JSON.stringify([workerName(a), 1, 10]), JSON.stringify([workerName(b), 5, 50])]),
    );
    expect(await queue!.getJobCounts('waiting', 'active', 'completed', 'failed')).toEqual({
      waiting: 0,
      active: 0,
      completed: 0,
      failed: 0,
    });

    b.child.kill('SIGTERM'); // stops after the shards in progress (none)
    await until('worker B to stop', () => b.code !== undefined, 60_000);
    expect(b.code).toBe(0);
  });

  test("a worker whose data differ from the submitter's refuses the shard, says what differs and exits 2; the shard waits for a worker that matches", async () => {
    const data = tmp();
    cpSync('scenarios', data, { recursive: true });
    appendFileSync(join(data, 'tables.json'), '\n'); // the same charts, other bytes: another data hash
    const other = start(['worker', '--queue', url, '--workers', '1', '--data', data, ...LOCKS]);
    await until('the worker to connect', async () => (await connectedWorkers()) === 1);
    const out = tmp();
    const submitter = start([
      'run',
      'boqueron',
      '--games',
      '20',
      '--seed',
      'refuse',
      '--par',
      'random',
      '--bol',
      'random',
      '--no-replays',
      '--queue',
      url,
      '--shard-size',
      '10',
      '--out',
      out,
    ]);
    await until('the worker to refuse', () => other.code !== undefined);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(
      new RegExp(
        `chaco worker: refused a shard and stopped: boqueron seed refuse, games (0–9|10–19) with the data in ${data} \\(from [^)]+\\): the data files: [0-9a-f]{12} there, [0-9a-f]{12} here; a worker plays only shards made by the same code from the same inputs\\n`,
      ),
    );
    await until('the submitter to say so', () =>
      submitter.err.includes(`chaco: worker ${workerName(other)} refused a shard and stopped: boqueron seed refuse`),
    );
    expect(await queue!.getJobCounts('waiting', 'active')).toEqual({ waiting: 2, active: 0 });
    const good = start(['worker', '--queue', url, '--workers', '1', ...LOCKS]);
    await until('the submitter to finish', () => submitter.code !== undefined, 120_000);
    expect(submitter.code).toBe(0);
    expect(read(out, 'games.csv').trim().split('\n')).toHaveLength(21);
    good.child.kill('SIGTERM');
    await until('the worker to stop', () => good.code !== undefined, 60_000);
  });

  test("balance and sensitivity studies play their cells on the queue's workers and write the files a local study writes", async () => {
    const w1 = start(['worker', '--queue', url, '--workers', '1', ...LOCKS]);
    const w2 = start(['worker', '--queue', url, '--workers', '1', ...LOCKS]);
    await until('both workers to connect', async () => (await connectedWorkers()) === 2);
    const studies: [string[], string[]][] = [
      [
        [
          'sensitivity',
          'boqueron',
          '--games',
          '6',
          '--seed',
          'qs',
          '--par',
          'random',
          '--bol',
          'random',
          '--items',
          'readings',
          '--replicates',
          '100',
        ],
        ['sensitivity.csv', 'tornado-win-boqueron.vl.json'],
      ],
      [
        [
          'balance',
          'boqueron',
          '--pool',
          'random,passive',
          '--max-games',
          '20',
          '--batch',
          '10',
          '--precision',
          '10',
          '--replicates',
          '100',
          '--seed',
          'qb',
          '--restrictions',
          'none',
        ],
        ['matrix.csv', 'equilibrium.csv', 'mixes.csv'],
      ],
    ];
    for (const [args, files] of studies) {
      const local = tmp(),
        remote = tmp();
      const l = chaco([...args, '--workers', '1', '--out', local]);
      expect(l.code, l.err).toBe(0);
      const r = start([...args, '--queue', url, '--shard-size', '5', '--out', remote]);
      await until(`the ${args[0]} study to finish`, () => r.code !== undefined, 180_000);
      expect(r.code, r.err).toBe(0);
      for (const f of files) expect(read(remote, f), `${args[0]} ${f}`).toBe(read(local, f));
    }
    expect(await queue!.getJobCounts('waiting', 'active', 'failed')).toEqual({ waiting: 0, active: 0, failed: 0 });
    for (const w of [w1, w2]) w.child.kill('SIGTERM');
    await until('the workers to stop', () => w1.code !== undefined && w2.code !== undefined, 60_000);
  });
});
