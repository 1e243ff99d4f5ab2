// Redis for the queue: the ioredis clients BullMQ is given (one per Queue, QueueEvents and Worker, each
// closed with them; BullMQ cannot load ioredis itself from an ES module), a first check that the
// address answers as Redis and runs one new enough, so a wrong --queue fails at once with its reason,
// and a watch that tells when Redis stops answering, so that nothing waits on it forever.
import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { QueueError, redactUrl } from './errors.js';

export { QueueError, redactUrl };

/** The queue every chaco submitter and worker uses; jobs name their kind, so one queue serves every command. */
export const QUEUE_NAME = 'chaco';

/** BullMQ 6 needs Redis 6.2 or newer (its scripts use commands added then). */
export const MIN_REDIS: readonly [number, number] = [6, 2];

/** Clients made for one submitter or worker, closed together. */
export class Connections {
  private readonly made: Redis[] = [];
  constructor(readonly url: string) {}

  /** A client as BullMQ wants it: no retry limit per request (its blocking reads wait for jobs). */
  client(): Redis {
    const c = new Redis(this.url, { maxRetriesPerRequest: null });
    c.on('error', () => {}); // ioredis reconnects by itself; BullMQ reports what matters
    this.made.push(c);
    return c;
  }

  /** Quits every client (a Redis that does not answer within `timeoutMs`, or at all, is left at once). */
  async close(timeoutMs = 5000): Promise<void> {
    const made = this.made.splice(0);
    await bounded(Promise.all(made.map((c) => c.quit().catch(() => undefined))), timeoutMs);
    for (const c of made) c.disconnect();
  }
}

/** `p`, or nothing once `ms` have passed (the timer does not keep the process alive). */
export function bounded<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => ok(undefined), ms);
    timer.unref();
    p.then(
      (v) => {
        clearTimeout(timer);
        ok(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        fail(e);
      },
    );
  });
}

/** What answered at a redis:// address: a Redis (its first reply), something else (its first line), nothing in time, or a closed connection. */
type Answer =
  | { readonly kind: 'redis' }
  | { readonly kind: 'other'; readonly line: string }
  | { readonly kind: 'silent' }
  | { readonly kind: 'closed' }
  | { readonly kind: 'error'; readonly error: Error };

/** Sends PING as Redis reads it and reads the first bytes of the answer: any Redis replies + or - (NOAUTH, ERR ...). */
function probe(host: string, port: number, timeoutMs: number): Promise<Answer> {
  return new Promise((ok) => {
    let got = '';
    const socket = connect({ host, port });
    const done = (a: Answer) => {
      clearTimeout(timer);
      socket.destroy();
      ok(a);
    };
    const timer = setTimeout(() => done({ kind: 'silent' }), timeoutMs);
    socket.on('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      if (got[0] === '+' || got[0] === '-') done({ kind: 'redis' });
      else if (got.includes('\n') || got.length >= 80) done({ kind: 'other', line: got.split(/\r?\n/)[0]!.slice(0, 60) });
    });
    socket.on('error', (error: Error) => done(got === '' ? { kind: 'error', error } : { kind: 'other', line: got.slice(0, 60) }));
    socket.on('close', () => done(got === '' ? { kind: 'closed' } : { kind: 'other', line: got.slice(0, 60) }));
  });
}

const START_ONE = "start one, e.g. redis-server --port 6390 --save '' --appendonly no (docs/distributed.md)";

/**
 * Connects once to `url` (within `timeoutMs`) and checks that a Redis answers there and its version;
 * QueueError with the reason otherwise: nothing listening, something that is not Redis (a web server),
 * a server that accepts connections and never answers, a Redis too old.
 */
export async function checkRedis(url: string, timeoutMs = 10_000): Promise<string> {
  const u = new URL(url);
  const where = `--queue ${redactUrl(url)}`;
  if (u.protocol === 'redis:') {
    const a = await probe(u.hostname.replace(/^\[|\]$/g, ''), Number(u.port || 6379), timeoutMs);
    if (a.kind === 'other')
      throw new QueueError(
        `${where}: not a Redis server: it answered ${JSON.stringify(a.line)}${/^HTTP\//.test(a.line) || a.line.startsWith('<') ? ' (a web server)' : ''}; give the host and port of a Redis server`,
      );
    if (a.kind === 'silent')
      throw new QueueError(
        `${where}: the server accepts connections but gave no answer in ${timeoutMs / 1000} s; is it a Redis server, and is it running (not stopped)?`,
      );
    if (a.kind === 'closed') throw new QueueError(`${where}: the server closed the connection without an answer; is it a Redis server?`);
    if (a.kind === 'error')
      throw new QueueError(`${where}: cannot reach Redis (${a.error.message.replace(/^connect /, '')}); ${START_ONE}`);
  }
  const c = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    retryStrategy: () => null,
  });
  let first: Error | undefined; // the socket's own error (ECONNREFUSED, ...): connect() only says the connection closed
  c.on('error', (err: Error) => {
    first ??= err;
  });
  try {
    await c.connect();
    const info = await c.info('server');
    const version = /redis_version:([\d.]+)/.exec(info)?.[1] ?? '0';
    const [major = 0, minor = 0] = version.split('.').map(Number);
    if (major < MIN_REDIS[0] || (major === MIN_REDIS[0] && minor < MIN_REDIS[1])) {
      throw new QueueError(`${where}: Redis ${version} is too old; the queue needs Redis ${MIN_REDIS.join('.')} or newer`);
    }
    return version;
  } catch (err) {
    if (err instanceof QueueError) throw err;
    const why = (first ?? (err as Error)).message.replace(/^connect /, '');
    if (/Unknown RESP type|Protocol error/i.test(why))
      throw new QueueError(
        `${where}: not a Redis server (${why.replace(/\. Please report this\.$/, '')}); give the host and port of a Redis server`,
      );
    throw new QueueError(`${where}: cannot use Redis (${why}); ${START_ONE}`);
  } finally {
    c.disconnect();
  }
}

/**
 * Watches a Redis while a command uses it: a PING every second on a connection of its own. When none
 * has been answered for `deadMs` (Redis killed, its host gone, a server stopped), `onDead` is told once
 * why, so that the command stops with that reason instead of waiting on it forever; a Redis that comes
 * back sooner (a restart) is waited for.
 */
export class RedisWatch {
  private readonly probe: Redis;
  private readonly timer: ReturnType<typeof setInterval>;
  private lastOk = Date.now();
  private failures = 0;
  private lastError = '';
  private asking = false;
  private deadWhy: string | null = null;
  private toldDead: ((why: string) => void) | undefined;
  /** Resolves with the reason when Redis is first taken for gone. */
  readonly gone = new Promise<string>((ok) => {
    this.toldDead = ok;
  });

  constructor(
    private readonly url: string,
    private readonly o: { readonly deadMs?: number; readonly onDead?: (why: string) => void },
  ) {
    this.probe = new Redis(url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      connectTimeout: 3000,
      commandTimeout: 3000,
      retryStrategy: () => 1000,
    });
    this.probe.on('error', (err: Error) => {
      this.lastError = err.message;
    });
    this.timer = setInterval(() => void this.ask(), 1000);
    this.timer.unref();
  }

  /** Did the last PING get its answer? */
  get answering(): boolean {
    return this.failures === 0 && this.deadWhy === null;
  }

  /** Why Redis is taken for gone, or null. */
  get dead(): string | null {
    return this.deadWhy;
  }

  private async ask(): Promise<void> {
    if (this.asking) return;
    this.asking = true;
    try {
      await this.probe.ping();
      this.lastOk = Date.now();
      this.failures = 0;
      this.deadWhy = null; // back (a worker waits for it; a submitter gave up already)
    } catch (err) {
      if (this.deadWhy !== null) return;
      this.failures++;
      const deadMs = this.o.deadMs ?? 15_000;
      // A few failures in a row as well as the time: a process that was busy for a while does not take Redis for gone.
      if (this.failures >= 3 && Date.now() - this.lastOk >= deadMs) {
        const why = (this.lastError || (err as Error).message).replace(/^connect /, '');
        this.deadWhy = `--queue ${redactUrl(this.url)}: Redis stopped answering (nothing for ${Math.round((Date.now() - this.lastOk) / 1000)} s; ${why})`;
        this.o.onDead?.(this.deadWhy);
        this.toldDead?.(this.deadWhy);
      }
    } finally {
      this.asking = false;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.probe.disconnect();
  }
}
