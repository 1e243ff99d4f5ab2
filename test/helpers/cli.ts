// The chaco command as a user runs it: the compiled bin (npm test builds dist/ first), so worker
// threads run dist/sim/worker.js. Runner tests are about the runner, not the players: run, bid and
// compare play random against random unless a test names policies.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function chaco(args: string[], env: Record<string, string> = {}) {
  const policies =
    ['run', 'bid', 'compare'].includes(args[0]!) && !args.includes('--par') && !args.includes('--bol')
      ? ['--par', 'random', '--bol', 'random']
      : [];
  // The main thread unless a test names --workers or CHACO_WORKERS: the runs are the same whatever the number (tested
  // where it is the point: run.test.ts, interrupt.test.ts), and a worker thread costs each command half a second of CPU.
  const r = spawnSync(process.execPath, ['bin/chaco.js', ...args, ...policies], {
    encoding: 'utf8',
    env: { ...process.env, CHACO_WORKERS: '0', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

export const tmp = () => mkdtempSync(join(tmpdir(), 'chaco-mc-'));
export const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
export const lines = (text: string) => text.trim().split('\n');
