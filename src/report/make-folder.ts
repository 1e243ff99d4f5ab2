// Making a folder and its parents one level at a time. Node's mkdirSync({ recursive: true }) never
// returns for some paths under /proc (it retries the parent forever); this stops at the first level
// that cannot be made, with that level's own error (ENOENT, EACCES, ENOTDIR...).
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export function makeFolder(dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    let isDir: boolean | null;
    try {
      isDir = statSync(at).isDirectory();
    } catch {
      isDir = null;
    }
    if (isDir === true) break;
    if (isDir === false)
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${at}'`), { code: 'ENOTDIR', path: at, syscall: 'mkdir' });
    missing.push(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}
