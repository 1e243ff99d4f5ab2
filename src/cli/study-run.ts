// The skeleton every study of cells shares (balance, ladder, sensitivity, skill, best-response): the
// queue flags checked, its folder claimed (resumed when it holds the same study, with a line saying how
// many games were kept), the pool opened with Ctrl-C watched, the cells played in groups on it, and the
// pool closed whatever happens. The study says what its cells are and what it does with their games.
import { claimBalanceFolder, type CellStore, type StudyIdentity } from './balance-cells.js';
import { playCells, type PlayCell, type PlayStatus } from './balance-play.js';
import { onInterrupt } from './play-games.js';
import { checkQueueFlags, openPool, type QueueFlags } from './queue-options.js';
import type { ShardPool } from '../sim/pool.js';
import { createPhase } from '../sim/progress.js';

/** The flags of a study that the skeleton reads. */
export interface StudyFlags extends QueueFlags {
  readonly force: boolean;
  readonly progress: boolean;
  readonly decisionTimeout: number;
}

export interface StudySession {
  /** Every cell's games so far, by key (resumed ones read back from the folder). */
  readonly stores: ReadonlyMap<string, CellStore>;
  /** Plays groups of cells on the study's pool (playCells: one group after another, state saved after every shard). */
  play(groups: readonly (readonly PlayCell[])[]): Promise<PlayStatus>;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
}

export interface StudyRun<T> {
  readonly stores: ReadonlyMap<string, CellStore>;
  /** The pool the games played on (closed; its threads and, on a queue, its workers stay readable). */
  readonly pool: ShardPool;
  /** What the study's body returned. */
  readonly result: T;
}

/**
 * Runs a study's body between claiming its folder and closing its pool. `noun` names the study in the
 * resume line ("the ladder"); `reproduce` is the command that resumes it, told when a game fails.
 */
export async function runStudy<T>(
  o: {
    readonly raw: unknown;
    readonly flags: StudyFlags;
    readonly dir: string;
    readonly identity: StudyIdentity;
    readonly keys: readonly string[];
    readonly isFile: (name: string) => boolean;
    readonly stateName?: string;
    readonly noun: string;
    readonly reproduce: string;
  },
  body: (s: StudySession) => Promise<T>,
): Promise<StudyRun<T>> {
  const f = o.flags;
  await checkQueueFlags(o.raw, f);
  const stores = claimBalanceFolder(o.dir, o.identity, o.keys, f.force, o.isFile, o.stateName);
  const kept = [...stores.values()].reduce((a, c) => a + c.games.winner_g.length, 0);
  if (kept > 0 && !f.quiet) process.stderr.write(`chaco: resuming ${o.noun} in ${o.dir}: ${kept} games kept\n`);
  const pool = await openPool(f);
  const interrupt = onInterrupt(f.quiet);
  const all = [...stores.values()];
  try {
    const result = await body({
      stores,
      signal: interrupt.signal,
      play: (groups) =>
        playCells({
          pool,
          groups,
          dir: o.dir,
          identity: o.identity,
          ...(o.stateName ? { stateName: o.stateName } : {}),
          stores: all,
          signal: interrupt.signal,
          decisionTimeout: f.decisionTimeout,
          quiet: f.quiet,
          progress: f.progress,
          resume: o.reproduce,
        }),
    });
    return { stores, pool, result };
  } finally {
    interrupt.dispose();
    await pool.close();
  }
}

/** A study's report, told chart by chart as it is drawn ("balance: writing the report, chart 3"; one line with --progress off a terminal). */
export async function withReportProgress<T>(
  label: string,
  f: { readonly quiet: boolean; readonly progress: boolean },
  write: (onChart: () => void) => Promise<T>,
): Promise<T> {
  const phase = createPhase(label, 'writing the report', 'chart', { quiet: f.quiet, lines: f.progress });
  let charts = 0;
  try {
    return await write(() => phase.step(++charts, 0));
  } finally {
    phase.end();
  }
}
