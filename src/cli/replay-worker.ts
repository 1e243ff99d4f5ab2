// What a run's worker threads do besides playing shards: write a telling game's replay (chaco run's
// report, telling-replays.ts), on a thread whose code the shards have warmed. Loaded by the pool's call.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPolicyModules } from '../policy/index.js';
import { writeReplay, type ReplayOptions } from '../report/replay.js';

/** The compiled file of this module (under vitest, which runs the sources, the built one in dist/). */
export function replayWorkerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? resolve(dirname(here), '../../dist/cli/replay-worker.js') : join(dirname(here), 'replay-worker.js');
}

/** A telling game's replay folder, written as the main thread writes it. */
export async function replay(opts: ReplayOptions): Promise<void> {
  await loadPolicyModules([opts.par, opts.bol]);
  writeReplay(opts);
}
