// The queue's error and its URL as messages show it, apart from the Redis client (ioredis, BullMQ), which
// a command loads only when it is given --queue: every command names QueueError, few open a queue.
import { PoolError } from '../pool.js';

/** Redis cannot be used: unreachable, too old, or the URL is wrong. The CLI reports it in one line. */
export class QueueError extends PoolError {
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
