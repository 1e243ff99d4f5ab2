// Nothing waits on a Redis forever (issue 31, item 3): a Redis killed in the middle of a run, a server that
// is not Redis, and one that accepts connections and never answers each end the command in one line with
// exit code 2; a worker whose Redis is gone stops on the first SIGTERM. Every wait is for an event (a
// process exiting, a log line) with a generous limit; no time is asserted.
import { afterAll, describe, expect, test } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { chaco, read, tmp } from '../helpers/cli.js';
import { freePort, HAVE_REDIS, start as startIn, startRedis, until, type Proc } from '../helpers/queue.js';

const children: ChildProcess[] = [];
const servers: { close(): unknown }[] = [];
const start = (args: string[], env: Record<string, string> = {}): Proc => startIn(children, args, env);
// Locks long enough that a worker on a machine loaded several times over its cores still renews them in
// time (renewed every half of it), short enough that a killed worker's shard goes back within seconds.
const LOCKS = ['--lock-duration', '8', '--stalled-interval', '1'];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const s of servers) s.close();
});

/** Listens on a free port of 127.0.0.1; returns the port. */
function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  servers.push(server);
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as { port: number }).port)));
}

describe('--queue at something that is not a Redis answering', () => {
  test('a web server is named as not Redis; a port that accepts and never answers is given up after the connect timeout: one line, exit 2', async () => {
    const web = await listen(createHttpServer((_, res) => res.end('<html></html>')));
    const silent = await listen(createServer(() => {}));
    const cases: [number, string][] = [
      [
        web,
        `chaco: --queue redis://127.0.0.1:${web}: not a Redis server: it answered "HTTP/1.1 400 Bad Request" (a web server); give the host and port of a Redis server\n`,
      ],
      [
        silent,
        `chaco: --queue redis://127.0.0.1:${silent}: the server accepts connections but gave no answer in 10 s; is it a Redis server, and is it running (not stopped)?\n`,
      ],
    ];
    for (const [port, message] of cases) {
      const out = join(tmp(), 'x');
      // started, not spawnSync: the servers answer from this process
      const run = start([
        'run',
        'boqueron',
        '--games',
        '5',
        '--par',
        'random',
        '--bol',
        'random',
        '--queue',
        `redis://127.0.0.1:${port}`,
        '--out',
        out,
      ]);
      const worker = start(['worker', '--queue', `redis://127.0.0.1:${port}`, '--workers', '1']);
      await until('both to exit', () => run.code !== undefined && worker.code !== undefined, 120_000);
      expect(run.err).toBe(message);
      expect(run.code).toBe(2);
      expect(worker.err).toBe(message);
      expect(worker.code).toBe(2);
      expect(existsSync(out)).toBe(false);
    }
  });
});

describe.skipIf(!HAVE_REDIS)('Redis killed in the middle of a run', () => {
  test('the run ends in one line with exit 2 keeping its games, the worker stops on one SIGTERM, and the same command resumes once Redis is back', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const run = ['run', 'boqueron', '--games', '60', '--seed', 'gone', '--par', 'random', '--bol', 'random', '--no-replays'];
    const local = tmp();
    expect(chaco([...run, '--workers', '1', '--out', local]).code).toBe(0);

    // The worker plays its first shard and holds its second forever (test hook): the run cannot end before Redis goes.
    const worker = start(['worker', '--queue', url, '--workers', '1', ...LOCKS], { CHACO_WORKER_HOLD: '2' });
    // Connected before the run starts, so the run has no "no worker is connected yet" line to say, however busy the machine.
    await until('the worker to take jobs', () => /taking jobs from /.test(worker.err));
    const out = tmp();
    const submitter = start([...run, '--queue', url, '--shard-size', '10', '--out', out]);
    await until('the worker to play a shard', () => /boqueron seed gone, games 0–9 in /.test(worker.err));
    const killed = new Promise((ok) => redis.on('exit', ok));
    redis.kill('SIGKILL');
    await killed;

    await until('the run to give up on Redis', () => submitter.code !== undefined, 180_000);
    expect(submitter.code).toBe(2);
    const m = new RegExp(
      `^chaco: --queue ${url}: Redis stopped answering \\(nothing for \\d+ s; [^)]+\\); the (\\d+) games finished are kept in ${out}: the same command resumes once Redis answers\\n$`,
    ).exec(submitter.err);
    expect(m, submitter.err).not.toBeNull();
    const kept = Number(m![1]);
    expect((JSON.parse(read(out, 'aggregate.json')) as { played: number }).played).toBe(kept);

    worker.child.kill('SIGTERM'); // once
    await until('the worker to stop', () => worker.code !== undefined, 120_000);
    expect(worker.code).toBe(0);

    redis = await startRedis(port);
    const again = start(['worker', '--queue', url, '--workers', '1', ...LOCKS]);
    const resumed = start([...run, '--queue', url, '--shard-size', '10', '--out', out]);
    await until('the resumed run to finish', () => resumed.code !== undefined, 180_000);
    expect(resumed.code, resumed.err).toBe(0);
    if (kept > 0) expect(resumed.err).toContain(`chaco: resuming the run in ${out}: ${kept} of 60 games kept`);
    for (const f of ['games.csv', 'summary.csv', 'turns.csv', 'win-rates.vl.json']) expect(read(out, f), f).toBe(read(local, f));
    again.child.kill('SIGTERM');
    await until('the second worker to stop', () => again.code !== undefined, 60_000);
    const stopped = new Promise((ok) => redis.on('exit', ok));
    redis.kill('SIGTERM');
    await stopped;
  });
});
