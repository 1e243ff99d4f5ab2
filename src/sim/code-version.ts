// The code a result was made with: the package's version and the commit checked out in its git work tree.
// Nothing of the game: the run manifests, the studies and the queue's worker check all record it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
