// Writing report files so that a crash never leaves a half-written one: each is written to a
// temporary name beside it and renamed over the final name, which is atomic on one file system.
import { renameSync, writeFileSync } from 'node:fs';

/** Writes `data` to `file` through a temporary file and a rename. */
export function writeFileAtomic(file: string, data: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** `value` as indented JSON with a final newline, written atomically. */
export function writeJson(file: string, value: unknown): void {
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}
