// run.json: everything needed to reproduce a run (version, commit, data hash, options, policies, seed,
// games) and what happened (played, interrupted or failed, timing); and the command that reproduces it.
import { resolve } from 'node:path';
import type { OptionSources, RulesOptions } from '../core/options.js';
import type { Scenario } from '../core/scenario.js';
import { scenarioPath } from '../data/load.js';
import { gitCommit, VERSION_OF_PACKAGE } from './code-version.js';
import { commandLine, RUN_LINE, runValues } from './command-line.js';
import { handicapRecord } from './handicap.js';
import type { GameFailure } from './shard.js';
import { dataHash, splitOptions, type RunSpec } from './spec.js';

export type RunStatus = 'complete' | 'interrupted' | 'failed';

export interface RunManifest {
  readonly tool: 'chaco';
  readonly command: string;
  readonly version: string;
  readonly commit: string | null;
  readonly node: string;
  readonly platform: string;
  readonly scenario: {
    readonly id: string;
    readonly name: string;
    readonly file: string;
    readonly dataDir: string;
    readonly dataHash: string;
    readonly turns: number;
  };
  /** given: the --option pairs; rules: every option's value; from: where it came from (command line, scenario, default). */
  readonly options: {
    readonly given: readonly string[];
    readonly rules: RulesOptions;
    readonly from: OptionSources;
    readonly chartOverrides: readonly string[];
    readonly estimates?: readonly string[];
  };
  readonly policies: { readonly PAR: string; readonly BOL: string };
  readonly handicap: { readonly PAR: number; readonly BOL: number };
  readonly startingVp: { readonly PAR: number; readonly BOL: number };
  readonly seed: string;
  readonly gameSeeds: string;
  readonly first: number;
  readonly games: number;
  readonly played: number;
  readonly status: RunStatus;
  readonly failure?: GameFailure & { readonly reproduce: string };
  readonly reproduce: string;
  readonly resume?: string;
  readonly workers: number;
  /** A run played on a queue (chaco run --queue): where, in what shards, and which worker processes played how many games. */
  readonly queue?: {
    readonly url: string;
    readonly shardSize: number;
    readonly workers: readonly { readonly name: string; readonly threads: number; readonly shards: number; readonly games: number }[];
  };
  readonly timing: { readonly started: string; readonly finished: string; readonly seconds: number; readonly gamesPerSecond: number };
}

export interface ManifestInput {
  readonly command: string;
  readonly spec: RunSpec;
  readonly scenario: Scenario;
  readonly options: RulesOptions;
  readonly sources: OptionSources;
  readonly turns: number;
  /** The run's folder: the resume command names it, so the same command picks up where the run stopped. */
  readonly out?: string;
  /** The run's parsed flags (commander's options), for its reproduce and resume lines; without them, the spec's. */
  readonly values?: Readonly<Record<string, unknown>>;
  readonly first: number;
  readonly games: number;
  readonly played: number;
  readonly failure?: GameFailure;
  readonly interrupted: boolean;
  readonly workers: number;
  readonly queue?: RunManifest['queue'];
  readonly started: Date;
  readonly finished: Date;
}

export function runManifest(m: ManifestInput): RunManifest {
  const { spec, scenario } = m;
  const seconds = (m.finished.getTime() - m.started.getTime()) / 1000;
  const status: RunStatus = m.failure ? 'failed' : m.interrupted ? 'interrupted' : 'complete';
  const resumeFrom = m.first + m.played;
  const left = m.first + m.games - resumeFrom;
  const values = m.values ?? runValues(spec);
  const line = (first: number, games: number, resume = false) =>
    commandLine(RUN_LINE, [spec.scenario], { ...values, first, games, ...(resume ? { out: m.out } : {}) }, { resume });
  return {
    tool: 'chaco',
    command: m.command,
    version: VERSION_OF_PACKAGE,
    commit: gitCommit(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    scenario: {
      id: scenario.id,
      name: scenario.name,
      file: scenarioPath(spec.scenario, spec.dataDir),
      dataDir: resolve(spec.dataDir),
      dataHash: dataHash(spec),
      turns: m.turns,
    },
    options: {
      given: spec.options,
      rules: m.options,
      from: m.sources,
      chartOverrides: splitOptions(spec.options).charts.map((c) => c.text),
      ...estimatesGiven(spec.options),
    },
    policies: { PAR: spec.par, BOL: spec.bol },
    handicap: handicapRecord(spec.handicap),
    startingVp: { PAR: scenario.sides[0].vp, BOL: scenario.sides[1].vp },
    seed: spec.seed,
    gameSeeds: `game i plays with seed "${spec.seed}:<i>:game" (dice "<seed>:dice", policies "<seed>:PAR" and "<seed>:BOL")`,
    first: m.first,
    games: m.games,
    played: m.played,
    status,
    ...(m.failure ? { failure: { ...m.failure, reproduce: line(m.failure.game, 1) } } : {}),
    reproduce: line(m.first, m.games),
    ...(status !== 'complete' && left > 0 ? { resume: m.out !== undefined ? line(m.first, m.games, true) : line(resumeFrom, left) } : {}),
    workers: m.workers,
    ...(m.queue ? { queue: m.queue } : {}),
    timing: {
      started: m.started.toISOString(),
      finished: m.finished.toISOString(),
      seconds: Math.round(seconds * 1000) / 1000,
      gamesPerSecond: seconds > 0 ? Math.round((m.played / seconds) * 10) / 10 : 0,
    },
  };
}

/** The estimate steps a run was given (run.json names them only when there are some). */
function estimatesGiven(options: readonly string[]): { estimates?: string[] } {
  const e = splitOptions(options).estimates.map((x) => x.text);
  return e.length > 0 ? { estimates: e } : {};
}
