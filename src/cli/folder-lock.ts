// One writer per output folder: a command that writes into a folder holds .chaco.lock there (its pid,
// host, start and command) until it exits; a second command into the same folder fails at once in one
// line instead of "resuming" the live run. A lock whose process is gone (killed, crashed) is taken over.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from './usage-error.js';

export const LOCK_FILE = '.chaco.lock';

interface LockRecord {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  readonly command: string;
}

/** Locks this process holds, released when it exits. */
const held = new Set<string>();
let releasing = false;

function releaseAll(): void {
  for (const file of held) {
    const r = readLock(file);
    if (r !== null && r.pid === process.pid && r.host === hostname()) rmSync(file, { force: true });
  }
  held.clear();
}

function readLock(file: string): LockRecord | null {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockRecord>;
    return typeof r.pid === 'number' && typeof r.host === 'string'
      ? { pid: r.pid, host: r.host, started: String(r.started ?? ''), command: String(r.command ?? '') }
      : null;
  } catch {
    return null; // being written, or not a lock chaco wrote: treated as held by nobody alive
  }
}

/** Whether the lock's process still runs (a lock from another host is taken to be alive: its pid means nothing here). */
function holderAlive(r: LockRecord): boolean {
  if (r.host !== hostname()) return true;
  try {
    process.kill(r.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file that cannot be read yet was made in the last 10 s: its writer is still writing it. */
function justMade(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 10_000;
  } catch {
    return false;
  }
}

/** Creates the lock file, or returns false when one exists. */
function create(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    command: ['chaco', ...process.argv.slice(2)].join(' '),
  };
  try {
    writeSync(fd, `${JSON.stringify(record)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock of `dir` (an existing folder) for this process until it exits. Another live chaco
 * holding it is a UsageError naming it; a lock left by a process that is gone is taken over.
 */
export function lockFolder(dir: string, flag = '--out'): void {
  const file = join(dir, LOCK_FILE);
  if (held.has(file)) return;
  for (let attempt = 0; ; attempt++) {
    if (create(file)) break;
    const r = readLock(file);
    if (r !== null && r.pid === process.pid && r.host === hostname()) break;
    if ((r !== null ? holderAlive(r) : justMade(file)) || attempt > 0) {
      const who =
        r === null
          ? 'another chaco'
          : `another chaco (pid ${r.pid}${r.host === hostname() ? '' : ` on ${r.host}`}, since ${r.started}: ${r.command})`;
      throw new UsageError(
        `${flag} ${dir}: ${who} is writing this folder; wait for it to end or name another folder (if none runs, delete ${file})`,
      );
    }
    // Its process is gone: take it over. (Two commands taking over the same stale lock in the same
    // instant could both succeed; a live lock is never taken.)
    rmSync(file, { force: true });
  }
  held.add(file);
  if (!releasing) {
    releasing = true;
    process.once('exit', releaseAll);
  }
}
