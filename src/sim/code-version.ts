// The code a result was made with: the package's version, the commit checked out in its git work tree and
// a hash of the compiled code. Nothing of the game: the run manifests, the studies and the queue's worker
// check all record it. A run or study resumes only with the same compiled code, whatever was committed
// since (its own cells, a report, the docs).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const VERSION_OF_PACKAGE: string = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

/** The commit checked out in the package's git work tree, read from .git without running git; null if none. */
export function gitCommit(root: string = PACKAGE_ROOT): string | null {
  if (!existsSync(join(root, '.git'))) return null;
  try {
    const gitDir = gitDirOf(root);
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref:')) return /^[0-9a-f]{40}$/.test(head) ? head : null;
    const ref = head.slice(4).trim();
    // A linked work tree (git worktree) keeps its HEAD in its own folder and the branches in the common one.
    const common = existsSync(join(gitDir, 'commondir')) ? resolve(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim()) : gitDir;
    for (const dir of [gitDir, common]) {
      const loose = join(dir, ref);
      if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    }
    const packed = join(common, 'packed-refs');
    if (!existsSync(packed)) return null;
    const line = readFileSync(packed, 'utf8')
      .split('\n')
      .find((l) => l.endsWith(` ${ref}`));
    return line ? line.slice(0, 40) : null;
  } catch {
    return null;
  }
}

function gitDirOf(root: string): string {
  const dotGit = join(root, '.git');
  try {
    const text = readFileSync(dotGit, 'utf8').trim();
    if (text.startsWith('gitdir:')) return resolve(root, text.slice(7).trim());
  } catch {
    // a directory
  }
  return dotGit;
}

function jsFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...jsFiles(p, base));
    else if (e.name.endsWith('.js')) out.push(relative(base, p));
  }
  return out.sort();
}

const compiled = new Map<string, string>();

/** sha256 of the compiled JavaScript (dist/**\/*.js, names and contents), computed once a process for a root. */
export function compiledCode(root: string = PACKAGE_ROOT): string {
  const known = compiled.get(root);
  if (known !== undefined) return known;
  const dist = join(root, 'dist');
  const hash = createHash('sha256');
  for (const f of jsFiles(dist))
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(join(dist, f)))
      .update('\0');
  const made = `sha256:${hash.digest('hex')}`;
  compiled.set(root, made);
  return made;
}
