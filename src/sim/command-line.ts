// The command lines chaco prints and records (reproduce, resume, a failing game's run), made from a
// command's parsed flags and its declaration of which flags change what it writes: never written by
// hand, so a flag added to a command and declared is in its lines, and every argument is shell-quoted.
import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../data/load.js';
import { handicapFlags } from './handicap.js';
import type { RunSpec } from './spec.js';

/** Which flags of a command change what it writes; test/cli/command-line.test.ts checks every flag is one or the other. */
export interface LineSchema {
  /** The command's name after `chaco`. */
  readonly command: string;
  /** The flags that change what the command writes, in the order its lines give them. */
  readonly changes: readonly string[];
  /** The flags that change nothing it writes: threads, the terminal, the folder's handling, the queue. */
  readonly same: readonly string[];
  /** Of `same`, the flags a resume line keeps (the folder it resumes, the queue it plays on). */
  readonly resume?: readonly string[];
  /** Values a line leaves out because they say nothing (e.g. --first 0). */
  readonly silent?: Readonly<Record<string, string>>;
}

/** Quotes an argument for a POSIX shell when it needs it. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=+,@%-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The key commander gives a flag's value: --max-games → maxGames, --no-replays → replays. */
export function attributeOf(flag: string): string {
  return flag.replace(/^--(no-)?/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A flag's arguments on the line, or none: a value, each value of a repeatable flag, a switch that is on. */
function flagArgs(schema: LineSchema, flag: string, values: Readonly<Record<string, unknown>>): string[] {
  const v = values[attributeOf(flag)];
  if (flag.startsWith('--no-')) return v === false ? [flag] : [];
  if (v === undefined || v === null || v === false) return [];
  if (v === true) return [flag];
  if (Array.isArray(v)) return v.flatMap((x) => [flag, String(x)]);
  const text = String(v);
  if (schema.silent?.[flag] === text) return [];
  if (flag === '--data' && resolve(text) === DEFAULT_DATA_DIR) return [];
  return [flag, text];
}

/**
 * `chaco <command> <args...>` with every flag of `schema.changes` that has a value in `values` (commander's
 * parsed options, by attribute), and with `resume` the flags a resume line keeps; shell-quoted.
 */
export function commandLine(
  schema: LineSchema,
  args: readonly string[],
  values: Readonly<Record<string, unknown>>,
  o: { readonly resume?: boolean } = {},
): string {
  const flags = [...schema.changes, ...(o.resume ? (schema.resume ?? []) : [])];
  return ['chaco', schema.command, ...args, ...flags.flatMap((flag) => flagArgs(schema, flag, values))].map(shellQuote).join(' ');
}

/** `chaco run`'s flags (shared: every command names the run that replays one of its games). */
export const RUN_LINE: LineSchema = {
  command: 'run',
  changes: ['--seed', '--par', '--bol', '--option', '--handicap', '--check', '--data', '--games', '--first', '--no-replays'],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--yes', '--queue', '--shard-size'],
  resume: ['--out', '--queue', '--shard-size'],
  silent: { '--first': '0' },
};

/** `chaco replay`'s flags (shared: a run's telling replays name the command that writes them again). */
export const REPLAY_LINE: LineSchema = {
  command: 'replay',
  changes: ['--seed', '--game', '--par', '--bol', '--option', '--handicap', '--data', '--scale'],
  same: ['--out'],
  silent: { '--scale': '36' },
};

/** `chaco replay ...` writing game `game` of the spec's run again (at `scale` pixels a hex row). */
export function replayCommand(spec: RunSpec, game: number, scale?: number): string {
  return commandLine(REPLAY_LINE, [spec.scenario], { ...runValues(spec), game, scale });
}

/** The values of `chaco run`'s flags that play the spec's games. */
export function runValues(spec: RunSpec): Record<string, unknown> {
  return {
    seed: spec.seed,
    par: spec.par,
    bol: spec.bol,
    option: spec.options,
    handicap: handicapFlags(spec.handicap),
    check: spec.check,
    data: spec.dataDir,
  };
}

/** `chaco run ...` playing games first..first+games-1 of the spec. */
export function runCommand(spec: RunSpec, first: number, games: number): string {
  return commandLine(RUN_LINE, [spec.scenario], { ...runValues(spec), games, first });
}
