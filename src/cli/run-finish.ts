// The end of `chaco run`: the telling replays, the report and the lines on the terminal, each phase told
// on stderr while it takes its seconds. And a rerun of a run whose games are all played: its report is a
// function of games.csv and aggregate.json (which keeps run.json once the games are over), so whatever of
// it is missing (a Ctrl-C or a full disk while it was written) is written again without playing a game.
import { existsSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Scenario } from '../core/scenario.js';
import type { ReplayOptions } from '../report/replay.js';
import { runReportFiles, writeRunReport } from '../report/run-report.js';
import type { Aggregate, AggregateShape } from '../sim/aggregate.js';
import type { RunManifest } from '../sim/manifest.js';
import { createPhase } from '../sim/progress.js';
import type { RunSpec } from '../sim/spec.js';
import { TellingGames, type TellingGame } from '../sim/telling.js';
import { GAMES_CSV, GAMES_PARTIAL, type Resume } from './run-folder.js';
import { hasReplay, writeTellingReplays } from './telling-replays.js';
import { terminalSummary } from './terminal-summary.js';

export interface FinishOptions {
  readonly dir: string;
  readonly spec: RunSpec;
  readonly scenario: Scenario;
  readonly shape: AggregateShape;
  readonly manifest: RunManifest;
  readonly aggregate: Aggregate;
  readonly picks: readonly TellingGame[];
  /** Write the telling games' replays (not --no-replays). */
  readonly replays: boolean;
  readonly quiet: boolean;
  readonly progress: boolean;
  /** Where the replays are written when not here: the run's worker threads (writeTellingReplays). */
  readonly replayWriter?: (opts: ReplayOptions) => Promise<void>;
}

/** Writes the telling replays and the report, telling each phase on stderr, then says on stdout what the run found. */
export async function finishRun(o: FinishOptions): Promise<void> {
  // Ctrl-C now (the first after the games, or the second of an interrupted run) quits at once: the games are kept.
  const onSigint = () => {
    process.stderr.write(
      `\nchaco: stopped while the report was written; every game played is kept in ${o.dir}: the same command writes the report again\n`,
    );
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  try {
    await writeReport(o);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

async function writeReport(o: FinishOptions): Promise<void> {
  const label = o.scenario.id,
    view = { quiet: o.quiet, lines: o.progress };
  let telling: { pick: TellingGame; dir: string | null }[];
  if (o.replays) {
    const phase = createPhase(label, 'replaying the telling games', 'game', view);
    try {
      telling = await writeTellingReplays(o.dir, o.spec, o.picks, (done, total) => phase.step(done, total), o.replayWriter);
    } finally {
      phase.end();
    }
  } else telling = o.picks.map((pick) => ({ pick, dir: null }));
  const phase = createPhase(label, 'writing the report', 'file', view);
  try {
    await writeRunReport({
      dir: o.dir,
      manifest: o.manifest,
      aggregate: o.aggregate,
      shape: o.shape,
      scenario: o.scenario,
      telling,
      onFiles: (done, total) => phase.step(done, total),
    });
  } finally {
    phase.end();
  }
  if (o.quiet) {
    process.stdout.write(`${resolve(o.dir)}\n`);
    return;
  }
  process.stdout.write(terminalSummary(o.aggregate, o.manifest, o.dir));
  const replays = new Set(telling.filter((p) => p.dir !== null).map((p) => p.pick.game));
  if (replays.size > 0)
    process.stdout.write(`replays     ${replays.size} telling game${replays.size === 1 ? '' : 's'} in ${join(o.dir, 'replays')}\n`);
}

/** The files of a finished run's folder that are missing: games.csv, the report's, and the telling replays when they are wanted. */
export function missingFiles(
  dir: string,
  aggregate: Aggregate,
  shape: AggregateShape,
  scenario: Scenario,
  picks: readonly TellingGame[] | null,
): string[] {
  const files = [GAMES_CSV, ...runReportFiles(aggregate, shape, scenario)].filter((f) => !existsSync(join(dir, f)));
  const replays = [...new Set((picks ?? []).map((p) => p.game))].filter((g) => !hasReplay(dir, g)).map((g) => `replays/game-${g}`);
  return [...files, ...replays];
}

/**
 * A rerun of a run whose games are all played (`resume.played` is every game): says so when its folder is
 * whole; otherwise writes what is missing from games.csv and aggregate.json. Returns false when the folder
 * keeps no run.json of the finished run (written by an older chaco, or cut off as the games ended): the
 * caller then writes the report as after playing, with no game left to play.
 */
export async function finishedRun(
  o: Omit<FinishOptions, 'manifest' | 'aggregate' | 'picks'> & { readonly resume: Resume; readonly games: number },
): Promise<boolean> {
  const telling = new TellingGames();
  telling.addRows(o.resume.rows);
  const picks = telling.picks();
  const missing = missingFiles(o.dir, o.resume.aggregate, o.shape, o.scenario, o.replays ? picks : null);
  if (missing.length === 0) {
    process.stdout.write(
      o.quiet ? `${resolve(o.dir)}\n` : `${o.scenario.id}: the run in ${o.dir} is complete (${o.games} games); nothing to play\n`,
    );
    return true;
  }
  const manifest = o.resume.manifest;
  if (manifest?.status !== 'complete') return false;
  if (!existsSync(join(o.dir, GAMES_CSV))) renameSync(join(o.dir, GAMES_PARTIAL), join(o.dir, GAMES_CSV)); // every row is there (claimRunFolder counted them)
  if (!o.quiet) {
    const shown = missing.length > 4 ? `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more` : missing.join(', ');
    process.stderr.write(
      `chaco: the run in ${o.dir} is complete (${o.games} games); writing what its report misses (${shown}) from games.csv and aggregate.json, playing no game\n`,
    );
  }
  await finishRun({ ...o, manifest, aggregate: o.resume.aggregate, picks });
  return true;
}
