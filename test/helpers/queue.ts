// Helpers of the queue tests: a free port, a redis-server of the test's own, waiting on an event with a
// generous limit (never a fixed sleep, never a timed assertion), and the built CLI as a child process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

export const HAVE_REDIS = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
      .listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => ok(port));
      })
      .on('error', fail);
  });
}

export function pong(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const c = createConnection({ port, host: '127.0.0.1' }, () => c.write('PING\r\n'));
    c.on('data', (d) => {
      ok(d.toString().startsWith('+PONG'));
      c.destroy();
    });
    c.on('error', () => ok(false));
  });
}

/** Polls `check` every 100 ms until it holds; fails naming `what` after `limitMs` (generous: the machine may be loaded). */
/** How many times its limit a wait may take: CI machines are shared and often busy, and no test may fail for their load. */
const SLACK = 5;

export async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 90_000): Promise<void> {
  const end = Date.now() + limitMs * SLACK;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** A redis-server of the test's own on 127.0.0.1:port, answering once this resolves. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await until('redis-server to answer', () => pong(port), 30_000);
  return server;
}

export interface Proc {
  child: ChildProcess;
  out: string;
  err: string;
  code: number | null | undefined;
}

/** The built CLI as a child process, its output collected; each is added to `children` (to be killed at the end). */
export function start(children: ChildProcess[], args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, ['dist/cli/main.js', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const p: Proc = { child, out: '', err: '', code: undefined };
  child.stdout!.on('data', (d) => {
    p.out += String(d);
  });
  child.stderr!.on('data', (d) => {
    p.err += String(d);
  });
  child.on('exit', (code) => {
    p.code = code;
  });
  return p;
}
