// npm run bench:queue: what a run on the Redis queue costs and gains, for the Scaling section of docs/distributed.md.
// Runs the built CLI (npm run build first) and a redis-server of its own on a free port of 127.0.0.1.
//
//   node bench/queue.mjs [--games N] [--overhead N] [--scenario-games N]
//
// 1. games/s of `chaco run boqueron` (balanced vs balanced, N games, default 2000) on this machine's
//    threads (--workers 1, 2) and through the queue (one worker process of 1 and of 2 threads; two of 1);
// 2. the queue's cost per shard: the same random-vs-random games (default 1000) played locally on one
//    thread and through the queue by one worker of one thread in shards of 1, 10 and 100 games;
//    cost per shard = (queue time - local time) / shards;
// 3. games/s on one thread per scenario (balanced vs balanced, default 300 games each), the inputs of
//    the projection in docs/distributed.md.
// Timings are run.json's (the games being played, without process start and report writing).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const GAMES = arg('games', 2000),
  OVERHEAD = arg('overhead', 1000),
  SCENARIO_GAMES = arg('scenario-games', 300);
const CLI = 'dist/cli/main.js';
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
});
const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
  stdio: 'ignore',
});
const pong = () =>
  new Promise((ok) => {
    const c = createConnection({ port, host: '127.0.0.1' }, () => c.write('PING\r\n'));
    c.on('data', (d) => {
      ok(String(d).startsWith('+PONG'));
      c.destroy();
    });
    c.on('error', () => ok(false));
  });
while (!(await pong())) await sleep(100);
const url = `redis://127.0.0.1:${port}`;
const redis = new Redis(url, { maxRetriesPerRequest: null });
const queue = new Queue('chaco', { connection: redis });

/** chaco run with `args`; returns run.json's play time and games/s. */
function run(args) {
  const out = mkdtempSync(join(tmpdir(), 'chaco-bench-q-'));
  const r = spawnSync(process.execPath, [CLI, 'run', ...args, '--quiet', '--no-replays', '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`chaco run ${args.join(' ')} failed: ${r.stderr}`);
  const m = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  return { seconds: m.timing.seconds, gamesPerSecond: m.timing.gamesPerSecond };
}

/** Starts `processes` chaco workers of `threads` each, runs `args` through the queue, stops them. */
async function onQueue(args, processes, threads) {
  const workers = Array.from({ length: processes }, () =>
    spawn(process.execPath, [CLI, 'worker', '--queue', url, '--workers', String(threads), '--quiet'], { stdio: 'ignore' }),
  );
  while ((await queue.getWorkers()).length < processes) await sleep(100);
  try {
    const out = mkdtempSync(join(tmpdir(), 'chaco-bench-q-'));
    const child = spawn(process.execPath, [CLI, 'run', ...args, '--queue', url, '--quiet', '--no-replays', '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    const code = await new Promise((ok) => child.on('exit', ok));
    if (code !== 0) throw new Error(`chaco run ${args.join(' ')} --queue failed: ${err}`);
    const m = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    return { seconds: m.timing.seconds, gamesPerSecond: m.timing.gamesPerSecond };
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((ok) => (w.exitCode === null ? w.on('exit', ok) : ok()))));
    while ((await queue.getWorkers()).length > 0) await sleep(100);
  }
}

try {
  console.log(
    `chaco queue benchmark: ${cpus()[0]?.model ?? 'cpu'}, ${cpus().length} cores, node ${process.version}, ${spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
  );
  const balanced = ['boqueron', '--games', String(GAMES), '--seed', 'bench'];
  const rows = [
    ['local, --workers 1', run([...balanced, '--workers', '1'])],
    ['local, --workers 2', run([...balanced, '--workers', '2'])],
    ['queue, 1 worker process x 1 thread', await onQueue(balanced, 1, 1)],
    ['queue, 1 worker process x 2 threads', await onQueue(balanced, 1, 2)],
    ['queue, 2 worker processes x 1 thread', await onQueue(balanced, 2, 1)],
  ];
  console.log(`\nchaco run boqueron, balanced vs balanced, ${GAMES} games (queue: shards of 100)`);
  for (const [what, r] of rows)
    console.log(`  ${what.padEnd(38)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.gamesPerSecond.toFixed(1).padStart(6)} games/s`);

  const random = ['boqueron', '--games', String(OVERHEAD), '--seed', 'bench-overhead', '--par', 'random', '--bol', 'random'];
  const local = run([...random, '--workers', '1']);
  console.log(`\nqueue cost per shard: boqueron, random vs random, ${OVERHEAD} games on one thread`);
  console.log(
    `  local, --workers 1                     ${local.seconds.toFixed(2).padStart(6)} s  ${((1000 * local.seconds) / OVERHEAD).toFixed(2)} ms a game`,
  );
  for (const size of [1, 10, 100]) {
    const q = await onQueue([...random, '--shard-size', String(size)], 1, 1);
    const shards = Math.ceil(OVERHEAD / size);
    console.log(
      `  queue, shards of ${String(size).padEnd(3)} (${String(shards).padStart(4)} shards)   ${q.seconds.toFixed(2).padStart(6)} s  ${((1000 * (q.seconds - local.seconds)) / shards).toFixed(2)} ms a shard more than local`,
    );
  }

  console.log(`\ngames/s on one thread, balanced vs balanced, ${SCENARIO_GAMES} games (chaco run --workers 1)`);
  for (const s of ['alihuata', 'ballivian', 'boqueron', 'campaign', 'villa-montes']) {
    const r = run([s, '--games', String(SCENARIO_GAMES), '--seed', 'bench', '--workers', '1']);
    console.log(`  ${s.padEnd(13)} ${r.gamesPerSecond.toFixed(1).padStart(6)} games/s`);
  }
} finally {
  await queue.close();
  redis.disconnect();
  server.kill('SIGTERM');
}
