// What makes a run or study folder resumable (sim/code-version.ts compiledCode): the compiled code, not
// the commit, so that committing a study's cells, a report or the docs as the study goes does not stop
// it resuming; any change to the compiled JavaScript does.
import { describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIdentity } from '../../src/cli/run-folder.js';
import { compiledCode } from '../../src/sim/code-version.js';
import { randomSpec } from '../helpers/spec.js';

/** A package root with dist/ holding `files` (path → text). */
function root(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'chaco-code-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'dist', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'dist', path), text);
  }
  return dir;
}

describe('the code a result was made with', () => {
  test('the same compiled files give the same hash; another file, a changed one or a renamed one another', () => {
    const base = { 'sim/a.js': 'export const a = 1;\n', 'core/b.js': 'export const b = 2;\n' };
    const same = compiledCode(root(base));
    expect(compiledCode(root(base))).toBe(same);
    expect(compiledCode(root({ ...base, 'README.md': 'docs' }))).toBe(same); // not compiled code
    expect(compiledCode(root({ ...base, 'sim/a.js': 'export const a = 2;\n' }))).not.toBe(same);
    expect(compiledCode(root({ 'sim/c.js': base['sim/a.js'], 'core/b.js': base['core/b.js'] }))).not.toBe(same);
    expect(same).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  test("a run's identity holds the compiled code and no commit", () => {
    const id = runIdentity('run', randomSpec('id'), 0, 10);
    expect(id.code).toBe(compiledCode());
    expect('commit' in id).toBe(false);
  });
});
