// The cells of a `chaco balance` or `chaco sensitivity` study on disk, so an interrupted study resumes
// where it stopped: cells/<key>.txt (balance: <scenario>/<par>__<bol>) holds one "margin,winner" line
// per game in game order, cells/<key>.sources.json the VP sources and decision counts over its games
// (with the number of games they cover), and the state file (balance-state.json, sensitivity-state.json)
// the study's identity, how many games of each cell are complete and each cell's blunder counts over them.
import { makeFolder } from '../report/make-folder.js';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic, writeJson } from '../report/write-file.js';
import { emptyBlunderCounts, isBlunderCounts, mergeBlunderCounts, type BlunderCounts } from '../sim/blunders.js';
import { cellSources, isCellSources, mergeCellSources, type Aggregate, type CellSources } from '../sim/aggregate.js';
import { LOCK_FILE, lockFolder } from './folder-lock.js';
import { UsageError } from './usage-error.js';

export const STATE_FILE = 'balance-state.json';
export const CELLS_DIR = 'cells';

export interface BalanceIdentity {
  readonly command: 'balance';
  readonly scenarios: readonly string[];
  readonly dataHashes: readonly string[];
  readonly pool: readonly string[];
  readonly options: readonly string[];
  readonly seed: string;
  readonly precision: number;
  readonly maxGames: number;
  readonly batch: number;
  readonly restrictions: readonly string[];
  readonly restrictedPolicy: string;
  readonly restrictedGames: number;
  readonly check: boolean;
  readonly version: string;
  readonly code: string;
}

/** What makes two studies the same study (the command, its inputs, the code): resumed only when equal. */
export type StudyIdentity = { readonly command: string; readonly [field: string]: unknown };

interface StateFile {
  readonly tool: 'chaco';
  readonly identity: StudyIdentity;
  readonly games: Record<string, number>;
  /** Each cell's blunder counts over its counted games (absent in a state written before the audit). */
  readonly blunders?: Record<string, BlunderCounts>;
}

/**
 * A cell's games in game order, a margin (PAR − BOL VP) and a winner (0 PAR, 1 BOL, 2 tie) each: the one
 * form the shards hand them in, the store keeps them in and the reports read (the cell file holds them
 * as "margin,winner" lines).
 */
export interface CellGames {
  readonly margin_g: Int32Array;
  readonly winner_g: Uint8Array;
}

const NO_GAMES: CellGames = { margin_g: new Int32Array(0), winner_g: new Uint8Array(0) };

/** One cell's games so far. */
export interface CellStore {
  readonly key: string;
  games: CellGames;
  /** The blunder audit summed over the cell's games; null when kept games were played before the audit counted them. */
  blunders: BlunderCounts | null;
  /** VP sources and decision counts over the cell's games; null before its first game, or when kept games are not covered by its sources file. */
  sources: CellSources | null;
}

export function cellKey(scenario: string, par: string, bol: string): string {
  return `${scenario}/${par}__${bol}`;
}

/**
 * A cell's key as a path under the cells folder: the characters a file name cannot hold on every system (the ':' of
 * search:2:pool; Windows refuses <>:"\|?*) made '-', the rest kept, so every cell file written before reads the same
 * (a sensitivity item's `around.alihuata=bush`, a restricted cell's folder).
 */
export function cellPath(key: string): string {
  return key.replace(/[<>:"\\|?*]/g, '-');
}
const cellFile = (dir: string, key: string) => join(dir, CELLS_DIR, `${cellPath(key)}.txt`);
const sourcesFile = (dir: string, key: string) => join(dir, CELLS_DIR, `${cellPath(key)}.sources.json`);

/** The cell's sources file when it covers exactly its `games` kept games (a write cut short leaves it ahead or behind: not used). */
function readSources(dir: string, key: string, games: number): CellSources | null {
  try {
    const value = JSON.parse(readFileSync(sourcesFile(dir, key), 'utf8')) as unknown;
    return isCellSources(value) && value.games === games ? value : null;
  } catch {
    return null;
  }
}

/** The study's folder, locked for this process: new or empty (made), the same study (its cells are read back), or refused. */
export function claimBalanceFolder(
  dir: string,
  identity: StudyIdentity,
  keys: readonly string[],
  force: boolean,
  isChacoFile: (name: string) => boolean,
  stateName = STATE_FILE,
): Map<string, CellStore> {
  const cells = new Map<string, CellStore>(
    keys.map((k) => [k, { key: k, games: NO_GAMES, blunders: emptyBlunderCounts(), sources: null }]),
  );
  makeFolder(dir);
  lockFolder(dir);
  const names = readdirSync(dir).filter((n) => n !== LOCK_FILE);
  const stateFile = join(dir, stateName);
  let saved: StateFile | null = null;
  if (existsSync(stateFile)) {
    try {
      saved = JSON.parse(readFileSync(stateFile, 'utf8')) as StateFile;
    } catch {
      saved = null;
    }
  }
  if (names.length > 0 && !(saved && JSON.stringify(saved.identity) === JSON.stringify(identity))) {
    if (!force) {
      const what = saved
        ? `holds another ${identity.command} study (other scenarios, policies, seed, stopping rule, options, data or code)`
        : 'is not empty';
      throw new UsageError(`--out ${dir}: the folder ${what}; name a new folder, or give --force to replace chaco's files in it`);
    }
    for (const name of names) if (isChacoFile(name)) rmSync(join(dir, name), { recursive: true, force: true });
    saved = null;
  }
  for (const k of keys) makeFolder(dirname(cellFile(dir, k)));
  if (!saved) return cells;
  for (const k of keys) {
    const n = saved.games[k] ?? 0;
    const file = cellFile(dir, k);
    const lines = existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l !== '')
      : [];
    if (lines.length < n)
      throw new UsageError(
        `--out ${dir}: ${stateName} counts ${n} games of ${k} but its cell file holds ${lines.length}; the study cannot be resumed (--force starts it again)`,
      );
    const cell = cells.get(k)!;
    const counted = saved.blunders?.[k];
    cell.blunders = isBlunderCounts(counted) ? counted : n === 0 ? emptyBlunderCounts() : null;
    cell.sources = n === 0 ? null : readSources(dir, k, n);
    const margin_g = new Int32Array(n),
      winner_g = new Uint8Array(n);
    lines.slice(0, n).forEach((line, i) => {
      const [m, w] = line.split(',');
      margin_g[i] = Number(m);
      winner_g[i] = Number(w);
    });
    cell.games = { margin_g, winner_g };
    // a write cut short after the state was saved: keep exactly the counted games
    writeFileAtomic(
      file,
      lines
        .slice(0, n)
        .map((l) => `${l}\n`)
        .join(''),
    );
  }
  return cells;
}

/**
 * Appends a shard's games to a cell's file, their blunder counts to the cell and their VP sources to
 * the cell's sources file (call saveState after, so the count never runs ahead of the file).
 */
export function appendGames(
  dir: string,
  cell: CellStore,
  chunk: { readonly margin_g: Int32Array; readonly winner_g: Uint8Array; readonly aggregate: Aggregate },
): void {
  const { margin_g, winner_g, aggregate } = chunk;
  if (cell.blunders) cell.blunders = mergeBlunderCounts(cell.blunders, aggregate.blunders);
  // Sources kept from the first game on; a cell whose kept games have none stays without.
  if (cell.sources || cell.games.winner_g.length === 0) {
    cell.sources = cell.sources ? mergeCellSources(cell.sources, cellSources(aggregate)) : cellSources(aggregate);
    writeFileAtomic(sourcesFile(dir, cell.key), `${JSON.stringify(cell.sources)}\n`);
  }
  let text = '';
  for (let i = 0; i < margin_g.length; i++) text += `${margin_g[i]},${winner_g[i]}\n`;
  cell.games = { margin_g: joined(cell.games.margin_g, margin_g), winner_g: joined(cell.games.winner_g, winner_g) };
  appendFileSync(cellFile(dir, cell.key), text);
}

function joined<T extends Int32Array | Uint8Array>(a: T, b: T): T {
  const out = new (a.constructor as new (n: number) => T)(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export function saveState(dir: string, identity: StudyIdentity, cells: readonly CellStore[], stateName = STATE_FILE): void {
  const games: Record<string, number> = {};
  const blunders: Record<string, BlunderCounts> = {};
  for (const c of cells) {
    games[c.key] = c.games.winner_g.length;
    if (c.blunders) blunders[c.key] = c.blunders;
  }
  writeJson(join(dir, stateName), { tool: 'chaco', identity, games, blunders } satisfies StateFile);
}
