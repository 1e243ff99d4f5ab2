// Writing report files so that a crash never leaves a half-written one: each is written to a
// temporary name beside it and renamed over the final name, which is atomic on one file system. A
// write that fails (a full disk: ENOSPC, a quota: EDQUOT) removes its temporary file and names the file.
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** Writes `data` to `file` through a temporary file and a rename. */
export function writeFileAtomic(file: string, data: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    // A failed write(2) has no path in Node's error: the file it was for is what the user needs to know.
    const e = err as NodeJS.ErrnoException;
    if (e instanceof Error && typeof e.code === 'string' && (e.path === undefined || e.path === tmp)) e.path = file;
    throw err;
  }
}

/** `value` as indented JSON with a final newline, written atomically. */
export function writeJson(file: string, value: unknown): void {
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}
