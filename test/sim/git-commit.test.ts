import { describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitCommit } from '../../src/sim/code-version.js';

const SHA = 'a'.repeat(40),
  PACKED = 'b'.repeat(40);

describe('run.json records the commit checked out', () => {
  test('in a plain checkout: a loose branch, a packed one, a detached HEAD', () => {
    const root = mkdtempSync(join(tmpdir(), 'chaco-git-'));
    mkdirSync(join(root, '.git', 'refs', 'heads'), { recursive: true });
    writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(root, '.git', 'refs', 'heads', 'main'), `${SHA}\n`);
    expect(gitCommit(root)).toBe(SHA);
    writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/old\n');
    writeFileSync(join(root, '.git', 'packed-refs'), `# pack-refs\n${PACKED} refs/heads/old\n`);
    expect(gitCommit(root)).toBe(PACKED);
    writeFileSync(join(root, '.git', 'HEAD'), `${SHA}\n`);
    expect(gitCommit(root)).toBe(SHA);
  });

  test("in a linked work tree (git worktree), whose branches live in the main repository's folder", () => {
    const main = mkdtempSync(join(tmpdir(), 'chaco-git-'));
    const linked = join(main, '.git', 'worktrees', 'house');
    mkdirSync(linked, { recursive: true });
    mkdirSync(join(main, '.git', 'refs', 'heads'), { recursive: true });
    writeFileSync(join(linked, 'HEAD'), 'ref: refs/heads/house\n');
    writeFileSync(join(linked, 'commondir'), '../..\n');
    writeFileSync(join(main, '.git', 'refs', 'heads', 'house'), `${SHA}\n`);
    const tree = mkdtempSync(join(tmpdir(), 'chaco-tree-'));
    writeFileSync(join(tree, '.git'), `gitdir: ${linked}\n`);
    expect(gitCommit(tree)).toBe(SHA);
    writeFileSync(join(linked, 'HEAD'), 'ref: refs/heads/packed\n');
    writeFileSync(join(main, '.git', 'packed-refs'), `${PACKED} refs/heads/packed\n`);
    expect(gitCommit(tree)).toBe(PACKED);
  });
});
