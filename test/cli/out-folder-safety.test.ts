// An output folder has one writer at a time (a second command into it fails at once in one line; a lock
// left by a process that is gone is taken over), and a full disk or quota is the user's to fix: exit 2
// naming the file, with no temporary file left behind.
import { describe, expect, test } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { reportError } from '../../src/cli/errors.js';
import { LOCK_FILE } from '../../src/cli/folder-lock.js';
import { writeFileAtomic } from '../../src/report/write-file.js';
import { chaco, lines, tmp } from '../helpers/cli.js';

const lock = (pid: number, host = hostname()) =>
  `${JSON.stringify({ pid, host, started: '2026-11-27T12:00:00.000Z', command: 'chaco run boqueron' })}\n`;
/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const RUN = ['run', 'boqueron', '--par', 'random', '--bol', 'random', '--seed', 'lock', '--no-replays'];

describe('one writer per output folder', () => {
  test('a second command into the folder a running chaco writes fails at once in one line naming it; the first is not disturbed', async () => {
    const out = join(tmp(), 'out');
    const first = spawn(process.execPath, ['bin/chaco.js', ...RUN, '--games', '50000', '--workers', '1', '--out', out], {
      stdio: 'ignore',
    });
    try {
      for (let i = 0; i < 600 && !existsSync(join(out, 'aggregate.json')); i++) await new Promise((r) => setTimeout(r, 100));
      expect(JSON.parse(readFileSync(join(out, LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.pid, host: hostname() });
      for (const args of [
        [...RUN, '--games', '50000', '--workers', '1'],
        [...RUN, '--games', '10'],
        ['bid', 'boqueron', '--games', '10', '--force'],
      ]) {
        const r = chaco([...args, '--out', out]);
        expect(r.code, r.err).toBe(2);
        expect(lines(r.err)).toHaveLength(1);
        expect(r.err).toContain(`chaco: --out ${out}: another chaco (pid ${first.pid}, since `);
        expect(r.err).toContain('is writing this folder; wait for it to end or name another folder');
      }
      expect(first.exitCode).toBeNull(); // still playing
      expect(readdirSync(out)).not.toContain('games.csv'); // and nobody wrote its report for it
    } finally {
      first.kill('SIGKILL');
    }
  });

  test('a lock left by a process that is gone is taken over, and released when the command ends', () => {
    const out = tmp();
    writeFileSync(join(out, LOCK_FILE), lock(deadPid()));
    const r = chaco([...RUN, '--games', '4', '--workers', '0', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(out)).toContain('games.csv');
    expect(readdirSync(out)).not.toContain(LOCK_FILE);
  });

  test("a live holder's lock is refused, and so is one from another host (its pid means nothing here)", () => {
    const out = tmp();
    writeFileSync(join(out, LOCK_FILE), lock(process.pid));
    const r = chaco([...RUN, '--games', '4', '--workers', '0', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `another chaco (pid ${process.pid}, since 2026-11-27T12:00:00.000Z: chaco run boqueron) is writing this folder`,
    );
    const other = tmp();
    writeFileSync(join(other, LOCK_FILE), lock(process.pid, 'elsewhere'));
    expect(chaco([...RUN, '--games', '4', '--workers', '0', '--out', other]).err).toContain(
      `another chaco (pid ${process.pid} on elsewhere,`,
    );
  });
});

describe('a full disk', () => {
  test("a report file that cannot be written leaves no temporary file and names the file; the CLI reports it as the user's (exit 2)", () => {
    const dir = tmp(),
      file = join(dir, 'summary.csv');
    symlinkSync('/dev/full', `${file}.tmp-${process.pid}`); // every write to /dev/full fails with ENOSPC
    let thrown: unknown;
    try {
      writeFileAtomic(file, 'side,games\n');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ code: 'ENOSPC', path: file });
    expect(readdirSync(dir)).toEqual([]);
    const r = reportError(thrown, false);
    expect(r.code).toBe(2);
    expect(r.text).toBe(
      `chaco: ${file}: no space left on the device; free space there (or write to another disk) and run the same command again (ENOSPC on write)\n`,
    );
  });

  test("ENOSPC or EDQUOT from a write that names no file is still the user's (exit 2), not a fault in chaco", () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const r = reportError(Object.assign(new Error(`${code}: write`), { code, syscall: 'write' }), false);
      expect(r.code, code).toBe(2);
      expect(r.text).toMatch(new RegExp(`^chaco: writing the output: .*(no space left|quota).*\\(${code} on write\\)\\n$`));
    }
  });
});
