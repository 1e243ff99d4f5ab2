// The output folder of a run: named by default from the time and seed, made new, resumed when it holds
// the same run, refused otherwise (or emptied of chaco's own files with --force). A run keeps its finished games in games.csv.partial and
// their aggregate in aggregate.json as it goes, so a crash or Ctrl-C loses nothing already played.
import { makeFolder } from '../report/make-folder.js';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { hasCurrentCounts, type Aggregate } from '../sim/aggregate.js';
import { isBlunderCounts } from '../sim/blunders.js';
import { compiledCode, VERSION_OF_PACKAGE } from '../sim/code-version.js';
import type { RunManifest } from '../sim/manifest.js';
import { dataHash, type RunSpec } from '../sim/spec.js';
import type { Handicap } from '../sim/handicap.js';
import { writeJson } from '../report/write-file.js';
import { LOCK_FILE, lockFolder } from './folder-lock.js';
import { UsageError } from './usage-error.js';

export const GAMES_CSV = 'games.csv';
export const GAMES_PARTIAL = 'games.csv.partial';
export const AGGREGATE_FILE = 'aggregate.json';

/** What makes two runs the same run: the same games played the same way by the same code on the same data. */
export interface RunIdentity {
  readonly command: string;
  readonly scenario: string;
  readonly dataHash: string;
  readonly options: readonly string[];
  readonly par: string;
  readonly bol: string;
  readonly handicap: Handicap;
  readonly seed: string;
  readonly check: boolean;
  readonly first: number;
  readonly games: number;
  readonly version: string;
  /** The compiled code (code-version.ts compiledCode): a commit that leaves it alone does not stop a resume. */
  readonly code: string;
}

export function runIdentity(command: string, spec: RunSpec, first: number, games: number): RunIdentity {
  return {
    command,
    scenario: spec.scenario,
    dataHash: dataHash(spec),
    options: [...spec.options],
    par: spec.par,
    bol: spec.bol,
    handicap: [spec.handicap[0], spec.handicap[1]],
    seed: spec.seed,
    check: spec.check,
    first,
    games,
    version: VERSION_OF_PACKAGE,
    code: compiledCode(),
  };
}

/**
 * aggregate.json: the games first..first+played-1 of the run, summed; written as the run goes. When the
 * games are over it also holds the run's run.json, so that the report is a function of this file and
 * games.csv: a rerun rebuilds whatever of it is missing without playing a game.
 */
export interface AggregateFile {
  readonly tool: 'chaco';
  readonly identity: RunIdentity;
  readonly first: number;
  readonly played: number;
  readonly aggregate: Aggregate;
  readonly manifest?: RunManifest;
}

export function writeAggregateFile(dir: string, identity: RunIdentity, played: number, aggregate: Aggregate, manifest?: RunManifest): void {
  const file: AggregateFile = { tool: 'chaco', identity, first: identity.first, played, aggregate, ...(manifest ? { manifest } : {}) };
  writeJson(join(dir, AGGREGATE_FILE), file);
}

export function readAggregateFile(dir: string): AggregateFile | null {
  const file = join(dir, AGGREGATE_FILE);
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as AggregateFile;
    return value.tool === 'chaco' && typeof value.played === 'number' && value.identity ? value : null;
  } catch {
    return null;
  }
}

/** The games.csv rows (without the header) of the first `played` games kept in dir. */
export function keptRows(dir: string, played: number): string[] {
  const file = [GAMES_PARTIAL, GAMES_CSV].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (!file) return [];
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter((r) => r !== '');
  return rows.slice(0, played);
}

const CHACO_TABLES = [
  'games.csv',
  'games.csv.partial',
  'summary.csv',
  'turns.csv',
  'settlements.csv',
  'blunders.csv',
  'vp-sources.csv',
  'decided.csv',
  'bid.csv',
  'compare.csv',
];
const CHACO_JSON = ['aggregate.json', 'run.json', 'bid.json', 'compare.json'];
const CHACO_CHARTS = [
  'win-rates',
  'margin-histogram',
  'victory-levels',
  'end-types',
  'vp-by-turn',
  'settlements-map',
  'vp-sources',
  'decided',
  'blunders',
  'bid',
  'compare-win-rates',
];

/** The files and folders chaco writes into a run, bid or compare folder: all that --force may delete. */
export function isChacoFile(name: string): boolean {
  if (CHACO_TABLES.includes(name) || CHACO_JSON.includes(name) || name === 'index.html' || name === 'replays') return true;
  const chart = /^(.*)\.(vl\.json|svg)$/.exec(name);
  if (chart && CHACO_CHARTS.includes(chart[1]!)) return true;
  const tmp = /^(.*)\.tmp-\d+$/.exec(name); // a write cut short
  return tmp !== null && isChacoFile(tmp[1]!);
}

/** An aggregate.json written before the blunder audit (or the VP sources) has no counts to add the new games to: refused with the way out. */
export function checkCurrentAggregate(dir: string, saved: AggregateFile): void {
  if (!isBlunderCounts((saved.aggregate as Partial<Aggregate>).blunders)) {
    throw new UsageError(
      `${dir}: ${AGGREGATE_FILE} was written by an older chaco that did not count blunders; play the run again with --force`,
    );
  }
  if (!hasCurrentCounts(saved.aggregate)) {
    throw new UsageError(
      `${dir}: ${AGGREGATE_FILE} was written by an older chaco that did not count VP sources and decision turns; play the run again with --force`,
    );
  }
}

/** Where a run resumes: the games already played, their aggregate and games.csv rows (and run.json, once the games were over). */
export interface Resume {
  readonly played: number;
  readonly aggregate: Aggregate;
  readonly rows: readonly string[];
  readonly manifest?: RunManifest;
}

/** A describing difference between two identities, for the refusal message. */
function difference(a: RunIdentity, b: RunIdentity): string {
  const keys = Object.keys(a) as (keyof RunIdentity)[];
  const k = keys.find((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
  return k === undefined ? 'nothing' : `${k} ${JSON.stringify(b[k])} there, ${JSON.stringify(a[k])} here`;
}

function ensureFolder(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new UsageError(`--out ${dir}: this is a file, not a folder; name a new or empty folder`);
  makeFolder(dir);
}

/** Deletes the temporary files of writes cut short (a kill between a write and its rename); the lock says no writer is left. */
function clearLeftovers(dir: string): void {
  for (const name of readdirSync(dir)) if (/\.tmp-\d+$/.test(name) && isChacoFile(name)) rmSync(join(dir, name), { force: true });
}

/** Deletes chaco's own files from dir (--force); anything else stays. */
function clearChacoFiles(dir: string): void {
  for (const name of readdirSync(dir)) if (isChacoFile(name)) rmSync(join(dir, name), { recursive: true, force: true });
}

/**
 * Claims `dir` for a run with `identity`, locked for this process (folder-lock.ts): a missing or empty folder is made or used; a folder holding
 * the same run (its aggregate.json has the same identity) is resumed; any other folder is refused
 * unless `force`, which deletes chaco's own files from it first.
 */
export function claimRunFolder(dir: string, identity: RunIdentity, force: boolean): Resume | null {
  ensureFolder(dir);
  lockFolder(dir);
  const names = readdirSync(dir).filter((n) => n !== LOCK_FILE);
  if (names.length === 0) return null;
  if (force) {
    clearChacoFiles(dir);
    return null;
  }
  const saved = readAggregateFile(dir);
  if (saved && JSON.stringify(saved.identity) === JSON.stringify(identity)) {
    checkCurrentAggregate(dir, saved);
    const rows = keptRows(dir, saved.played);
    clearLeftovers(dir);
    if (rows.length === saved.played)
      return { played: saved.played, aggregate: saved.aggregate, rows, ...(saved.manifest ? { manifest: saved.manifest } : {}) };
    throw new UsageError(
      `--out ${dir}: ${AGGREGATE_FILE} counts ${saved.played} games but the games file holds ${rows.length}; the folder cannot be resumed (--force starts it again)`,
    );
  }
  const what = saved
    ? `holds another run (${difference(identity, saved.identity)})`
    : names.some(isChacoFile)
      ? 'holds files of another chaco run'
      : 'is not empty';
  throw new UsageError(`--out ${dir}: the folder ${what}; name a new folder, or give --force to replace chaco's files in it`);
}

/** Claims `dir` for a command that does not resume (bid, compare): new or empty, or emptied with --force. */
export function claimFolder(dir: string, force: boolean): void {
  ensureFolder(dir);
  lockFolder(dir);
  const names = readdirSync(dir).filter((n) => n !== LOCK_FILE);
  if (names.length === 0) return;
  if (force) {
    clearChacoFiles(dir);
    return;
  }
  throw new UsageError(`--out ${dir}: the folder is not empty; name a new folder, or give --force to replace chaco's files in it`);
}

/** A run id for the default output folder: UTC time and seed, e.g. 2025-11-21T083012Z-seed1. */
export function runId(seed: string, prefix = ''): string {
  const t = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '');
  return `${prefix}${t}-seed${seed.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}`;
}

/** The output folder: --out as given (claimRunFolder or claimFolder checks and makes it), or a fresh default one. */
export function outputDir(out: string | undefined, scenarioId: string, seed: string, prefix = ''): string {
  if (out !== undefined) return out;
  let dir = join('reports', 'out', scenarioId, runId(seed, prefix));
  for (let k = 2; existsSync(dir); k++) dir = join('reports', 'out', scenarioId, `${runId(seed, prefix)}-${k}`);
  return dir;
}
