// Loading the game's data files from disk: the map, counters, charts and scenarios, all validated.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../core/scenario.js';
import { compileCounters } from './compile-counters.js';
import { compileMap, type MapVariant } from './compile-map.js';
import { compileScenario, compileScenarioOptions, parseScenario, type GameData, type ScenarioFile } from './compile-scenario.js';
import type { RulesOptions } from '../core/options.js';
import { compileTables } from './compile-tables.js';
import { applyEstimates, type EstimateSetting } from './estimates.js';
import { DataError, Issues, type Issue } from './issues.js';
import { readJson } from './read-json.js';

/** scenarios/ of this package (works from src/ under vitest and from dist/ when built). */
export const DEFAULT_DATA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../scenarios');

export const DATA_FILES = { map: 'map.json', counters: 'counters.json', tables: 'tables.json' } as const;

/**
 * The game data of dir; `variant` makes the choices that change the compiled map (unnamedSettlements,
 * I-60); `estimates` move estimated map and counter values by a stated step (estimates.ts).
 */
export function loadGameData(
  dir: string = DEFAULT_DATA_DIR,
  variant: MapVariant = {},
  estimates: readonly EstimateSetting[] = [],
): GameData {
  const all: Issue[] = [];
  const load = <T>(name: string, compile: (raw: unknown, issues: Issues) => T | null): T | null => {
    const file = join(dir, name);
    const issues = new Issues(file);
    try {
      const result = compile(readJson(file), issues);
      all.push(...issues.list);
      return result;
    } catch (err) {
      if (err instanceof DataError) {
        all.push(...err.issues);
        return null;
      }
      throw err;
    }
  };
  const map = load(DATA_FILES.map, (raw, issues) => compileMap(applyEstimates('map', raw, estimates), issues, true, variant));
  const counters = load(DATA_FILES.counters, (raw, issues) => compileCounters(applyEstimates('counters', raw, estimates), issues));
  const tables = load(DATA_FILES.tables, compileTables);
  if (all.length > 0 || !map || !counters || !tables) throw new DataError(all);
  return { map, counters, tables };
}

/** Scenario ids found in dir: every .json that is not the map, counters or charts. */
export function listScenarioIds(dir: string = DEFAULT_DATA_DIR): string[] {
  const reserved = new Set<string>(Object.values(DATA_FILES));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !reserved.has(f))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** A scenario id in the data dir, or a path to a scenario file. */
export function scenarioPath(nameOrPath: string, dir: string = DEFAULT_DATA_DIR): string {
  if (nameOrPath.endsWith('.json') || nameOrPath.includes('/')) return resolve(nameOrPath);
  const file = join(dir, `${nameOrPath}.json`);
  if (!existsSync(file)) {
    throw new DataError([{ file, path: [], message: `no scenario "${nameOrPath}" (scenarios: ${listScenarioIds(dir).join(', ')})` }]);
  }
  return file;
}

/** The rules options a scenario file sets (its "options"), checked; read before the game data, which they may change. */
export function scenarioFileOptions(nameOrPath: string, dir: string = DEFAULT_DATA_DIR): Partial<RulesOptions> {
  const file = scenarioPath(nameOrPath, dir);
  const raw = readJson(file) as { options?: unknown };
  const issues = new Issues(file);
  const options =
    raw !== null && typeof raw === 'object' && raw.options !== null && typeof raw.options === 'object' && !Array.isArray(raw.options)
      ? compileScenarioOptions(raw.options as Record<string, unknown>, issues)
      : {};
  issues.throwIfAny();
  return options;
}

/** Loads and compiles one scenario with the game data; `setupFrom` is looked up beside the file. */
export function loadScenario(nameOrPath: string, data: GameData = loadGameData(), dir: string = DEFAULT_DATA_DIR): Scenario {
  const file = scenarioPath(nameOrPath, dir);
  const issues = new Issues(file);
  const raw = readJson(file);
  // An id that is not the file name is reported with every other error of the file, not instead of them.
  const id = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  const stem = basename(file, '.json');
  const badId: Issue[] =
    typeof id === 'string' && id !== stem
      ? [{ file, path: ['id'], message: `"${id}" must match the file name "${stem}" (a scenario's id is its file name without .json)` }]
      : [];
  const parsed = parseScenario(raw, issues);
  if (!issues.ok) throw new DataError([...badId, ...issues.list]);
  const scenario = parsed!;
  issues.list.push(...badId);
  let base: Extract<ScenarioFile, { sides: unknown }> | null = null;
  if ('setupFrom' in scenario) {
    const baseFile = join(dirname(file), `${scenario.setupFrom}.json`);
    if (!existsSync(baseFile)) {
      issues.add(['setupFrom'], `"${scenario.setupFrom}": no such scenario beside this file`);
    } else {
      const baseIssues = new Issues(baseFile);
      const b = parseScenario(readJson(baseFile), baseIssues);
      baseIssues.throwIfAny();
      if (b && 'sides' in b) base = b;
      else issues.add(['setupFrom'], `"${scenario.setupFrom}" itself sets up from another scenario; name one with sides`);
    }
  }
  if (issues.list.length > badId.length) issues.throwIfAny(); // without the scenario it sets up from there is nothing to compile
  const compiled = compileScenario(scenario, base, data, issues);
  issues.throwIfAny();
  return compiled!;
}

export type FileKind = 'map' | 'counters' | 'tables' | 'scenario';

/** Guesses a data file's kind from its name, then its content. */
export function fileKind(file: string, raw: unknown): FileKind {
  const name = basename(file);
  if (name === DATA_FILES.map) return 'map';
  if (name === DATA_FILES.counters) return 'counters';
  if (name === DATA_FILES.tables) return 'tables';
  if (typeof raw === 'object' && raw !== null) {
    if ('terrain' in raw && 'grid' in raw) return 'map';
    if ('units' in raw && 'leaders' in raw) return 'counters';
    if ('crt' in raw) return 'tables';
  }
  return 'scenario';
}

/**
 * Validates files (any kind). Map, counters and charts given are used in place of the defaults when
 * checking the scenarios given with them. Returns every issue found; none means all valid.
 */
export function validateFiles(files: readonly string[], dir: string = DEFAULT_DATA_DIR): Issue[] {
  const issues: Issue[] = [];
  const raws = new Map<string, unknown>();
  for (const file of files) {
    try {
      raws.set(file, readJson(file));
    } catch (err) {
      if (err instanceof DataError) issues.push(...err.issues);
      else throw err;
    }
  }
  const pick = (kind: FileKind) => [...raws.keys()].find((f) => fileKind(f, raws.get(f)) === kind);
  const compileOne = <T>(kind: FileKind, defaultName: string, compile: (raw: unknown, i: Issues) => T | null): T | null => {
    const file = pick(kind) ?? join(dir, defaultName);
    const i = new Issues(file);
    try {
      const result = compile(raws.get(file) ?? readJson(file), i);
      issues.push(...i.list);
      return result;
    } catch (err) {
      if (err instanceof DataError) {
        issues.push(...err.issues);
        return null;
      }
      throw err;
    }
  };
  const map = compileOne('map', DATA_FILES.map, compileMap);
  const counters = compileOne('counters', DATA_FILES.counters, compileCounters);
  const tables = compileOne('tables', DATA_FILES.tables, compileTables);
  const scenarios = [...raws.keys()].filter((f) => fileKind(f, raws.get(f)) === 'scenario');
  if (!map || !counters || !tables) {
    if (scenarios.length > 0 && issues.length === 0)
      issues.push({ file: dir, path: [], message: 'the map, counters or charts did not load' });
    return issues;
  }
  for (const file of scenarios) {
    try {
      loadScenario(file, { map, counters, tables }, dir);
    } catch (err) {
      if (err instanceof DataError) issues.push(...err.issues);
      else throw err;
    }
  }
  return issues;
}
