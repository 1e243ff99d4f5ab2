// Redis for the queue: the ioredis clients BullMQ is given (one per Queue, QueueEvents and Worker, each
// closed with them; BullMQ cannot load ioredis itself from an ES module), and a first check that the
// address answers and runs a Redis new enough, so a wrong --queue fails at once with its reason.
import { Redis } from 'ioredis';

/** The queue every chaco submitter and worker uses; jobs name their kind, so one queue serves every command. */
export const QUEUE_NAME = 'chaco';

/** BullMQ 6 needs Redis 6.2 or newer (its scripts use commands added then). */
export const MIN_REDIS: readonly [number, number] = [6, 2];

/** Redis cannot be used: unreachable, too old, or the URL is wrong. The CLI reports it in one line. */
export class QueueError extends Error {
  override name = 'QueueError';
}

/** The URL without its password, for messages and run.json. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

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

  async close(): Promise<void> {
    await Promise.all(this.made.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
  }
}

/** Connects once to `url` (within `timeoutMs`) and checks the server's version; QueueError with the reason otherwise. */
export async function checkRedis(url: string, timeoutMs = 10_000): Promise<string> {
  const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: timeoutMs, retryStrategy: () => null });
  let first: Error | undefined; // the socket's own error (ECONNREFUSED, ...): connect() only says the connection closed
  c.on('error', (err: Error) => { first ??= err; });
  try {
    await c.connect();
    const info = await c.info('server');
    const version = /redis_version:([\d.]+)/.exec(info)?.[1] ?? '0';
    const [major = 0, minor = 0] = version.split('.').map(Number);
    if (major < MIN_REDIS[0] || (major === MIN_REDIS[0] && minor < MIN_REDIS[1])) {
      throw new QueueError(`--queue ${redactUrl(url)}: Redis ${version} is too old; the queue needs Redis ${MIN_REDIS.join('.')} or newer`);
    }
    return version;
  } catch (err) {
    if (err instanceof QueueError) throw err;
    const why = (first ?? (err as Error)).message.replace(/^connect /, '');
    throw new QueueError(`--queue ${redactUrl(url)}: cannot reach Redis (${why}); start one, e.g. redis-server --port 6390 --save '' --appendonly no (docs/distributed.md)`);
  } finally {
    c.disconnect();
  }
}
