// Shared test fixtures: the real game data loaded once, and helpers to corrupt copies of data files.
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, loadGameData } from '../../src/data/load.js';
import type { GameData } from '../../src/data/compile-scenario.js';

let cached: GameData | undefined;
export function gameData(): GameData {
  cached ??= loadGameData();
  return cached;
}

/** A data file as parsed JSON, before the loader checks it: tests edit it freely (often into a wrong shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON, edited before any schema applies
export type RawJson = any;

export function readDataFile(name: string): RawJson {
  return JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, name), 'utf8'));
}

/** A temporary copy of the data folder with `name` replaced by `edit(parsed copy)`. */
export function dataDirWith(name: string, edit: (json: RawJson) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'chaco-data-'));
  for (const f of readdirSync(DEFAULT_DATA_DIR)) copyFileSync(join(DEFAULT_DATA_DIR, f), join(dir, f));
  const json = readDataFile(name);
  edit(json);
  writeFileSync(join(dir, name), JSON.stringify(json, null, 2));
  return dir;
}
