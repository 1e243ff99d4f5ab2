// The one runner of every study of cells (balance, ladder, sensitivity, errata, skill, best-response): the
// study's identity made (its command, its own fields, the code), the queue flags checked, its folder
// claimed (resumed when it holds the same study, with a line saying how many games were kept), the pool
// opened with Ctrl-C watched, the cells played in groups on it, the pool closed whatever happens; then
// the manifest every study writes, the check that there is something to report, and the end on the
// terminal. A study declares its cells and what it does with their games.
import { claimBalanceFolder, type CellStore, type StudyIdentity } from './balance-cells.js';
import { cellRecord, finishStudy, playCells, type PlayCell, type PlayStatus } from './balance-play.js';
import { onInterrupt } from './play-games.js';
import { checkQueueFlags, openPool, queueRecord, type QueueFlags } from './queue-options.js';
import type { AggregateShape } from '../sim/aggregate.js';
import { compiledCode, gitCommit, VERSION_OF_PACKAGE } from '../sim/code-version.js';
import type { ChacoPool } from '../sim/chaco-game.js';
import { createPhase } from '../sim/progress.js';
import type { RunSpec } from '../sim/spec.js';

/** The flags of a study that the skeleton reads. */
export interface StudyFlags extends QueueFlags {
  readonly force: boolean;
  readonly progress: boolean;
  readonly decisionTimeout: number;
}

/** What a study declares to the runner. */
export interface StudyDeclaration {
  /** The command (`chaco ladder`: 'ladder'): the identity's and the manifest's `command`. */
  readonly command: string;
  /** The fields that make this study this study (scenarios, data, policies, seed, games...), in the order recorded. */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly raw: unknown;
  readonly flags: StudyFlags;
  readonly dir: string;
  /** Every cell's key, its file name in the folder. */
  readonly keys: readonly string[];
  /** The files the study writes (what --force may delete). */
  readonly isFile: (name: string) => boolean;
  readonly stateName?: string;
  /** Names the study in the resume line ("the ladder"). */
  readonly noun: string;
  /** The command that resumes it, told when a game fails or the study is interrupted. */
  readonly reproduce: string;
}

export interface StudySession {
  /** Every cell's games so far, by key (resumed ones read back from the folder). */
  readonly stores: ReadonlyMap<string, CellStore>;
  /** Plays groups of cells on the study's pool (playCells: one group after another, state saved after every shard). */
  play(groups: readonly (readonly PlayCell[])[]): Promise<PlayStatus>;
  /** A cell of a fixed number of games (in batches of at most 200), played to the end. */
  cell(key: string, spec: RunSpec, shape: AggregateShape, games: number): PlayCell;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
}

/** The manifest every study writes (its .json), before the study's own entries and its cells. */
export type StudyManifest = {
  readonly tool: 'chaco';
  readonly command: string;
  readonly version: string;
  readonly commit: string | null;
  readonly node: string;
  readonly identity: StudyIdentity;
  readonly status: PlayStatus;
  readonly reproduce: string;
  readonly workers: number;
  readonly queue: ReturnType<typeof queueRecord>;
  readonly cells: readonly { key: string; games: number; reproduce: string }[];
};

export interface StudyRun<T> {
  readonly stores: ReadonlyMap<string, CellStore>;
  /** The pool the games played on (closed; its threads and, on a queue, its workers stay readable). */
  readonly pool: ChacoPool;
  /** What the study's body returned. */
  readonly result: T;
  /** The identity the folder was claimed under: the command, the study's fields, the version and the commit. */
  readonly identity: StudyIdentity;
  /** The study's manifest: the run's record, then `entries` (the study's own), then each cell's games and reproduce line. */
  manifest<E extends Readonly<Record<string, unknown>>>(
    status: PlayStatus,
    entries: E,
    cells: readonly { key: string; spec: RunSpec }[],
  ): StudyManifest & E;
  /**
   * True when some cell has no games yet (`empty`), so there is nothing to report; when the study was
   * interrupted, says so with the resume line ("before every `what`") and sets exit code 130.
   */
  nothingYet(status: PlayStatus, empty: boolean, what: string): boolean;
  /** The end on the terminal: the report's lines and folder, and the resume line when interrupted (exit 130). */
  finish(lines: readonly string[], status: PlayStatus): void;
}

/** Runs a study's body between claiming its folder and closing its pool. */
export async function runStudy<T>(o: StudyDeclaration, body: (s: StudySession) => Promise<T>): Promise<StudyRun<T>> {
  const f = o.flags;
  const identity: StudyIdentity = { command: o.command, ...o.fields, version: VERSION_OF_PACKAGE, code: compiledCode() };
  await checkQueueFlags(o.raw, f);
  const stores = claimBalanceFolder(o.dir, identity, o.keys, f.force, o.isFile, o.stateName);
  const kept = [...stores.values()].reduce((a, c) => a + c.games.winner_g.length, 0);
  if (kept > 0 && !f.quiet) process.stderr.write(`chaco: resuming ${o.noun} in ${o.dir}: ${kept} games kept\n`);
  const pool = await openPool(f);
  const interrupt = onInterrupt(f.quiet);
  const all = [...stores.values()];
  let result: T;
  try {
    result = await body({
      stores,
      signal: interrupt.signal,
      cell: (key, spec, shape, games) => ({
        store: stores.get(key)!,
        spec,
        shape,
        max: games,
        batch: Math.min(games, 200),
        stop: () => false,
      }),
      play: (groups) =>
        playCells({
          pool,
          groups,
          dir: o.dir,
          identity,
          ...(o.stateName ? { stateName: o.stateName } : {}),
          stores: all,
          signal: interrupt.signal,
          decisionTimeout: f.decisionTimeout,
          quiet: f.quiet,
          progress: f.progress,
          resume: o.reproduce,
        }),
    });
  } finally {
    interrupt.dispose();
    await pool.close();
  }
  return {
    stores,
    pool,
    result,
    identity,
    manifest: (status, entries, cells) => ({
      tool: 'chaco',
      command: o.command,
      version: VERSION_OF_PACKAGE,
      commit: gitCommit(),
      node: process.version,
      identity,
      status,
      reproduce: o.reproduce,
      workers: pool.threads,
      queue: queueRecord(pool, f),
      ...entries,
      cells: cells.map((c) => cellRecord(c.key, c.spec, stores)),
    }),
    nothingYet: (status, empty, what) => {
      if (!empty) return false;
      if (status === 'interrupted') {
        process.stderr.write(`chaco: interrupted before every ${what}; nothing to report yet.\n  resume: ${o.reproduce}\n`);
        process.exitCode = 130;
      }
      return true;
    },
    finish: (lines, status) => finishStudy(lines, o.dir, f.quiet, status, o.reproduce),
  };
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
