// What a Monte Carlo run plays, as plain data a worker thread can receive (RunSpec), and turning it
// into the engine's inputs: the scenario with chart overrides and handicaps applied, and the rules options.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { resolveOptions, type OptionSources, type RulesOptions } from '../core/options.js';
import type { Scenario, SideSetup } from '../core/scenario.js';
import type { GameData } from '../data/compile-scenario.js';
import { compileTables } from '../data/compile-tables.js';
import { ESTIMATE_PREFIX, parseEstimate, type EstimateSetting } from '../data/estimates.js';
import { Issues } from '../data/issues.js';
import type { MapVariant } from '../data/compile-map.js';
import { DATA_FILES, loadGameData, loadScenario, scenarioFileOptions, scenarioPath } from '../data/load.js';
import { readJson } from '../data/read-json.js';
import type { Handicap } from './handicap.js';

export interface RunSpec {
  /** Scenario id in dataDir, or a path to a scenario file. */
  readonly scenario: string;
  readonly dataDir: string;
  /** key=value: rules options (chaco options) and chart overrides (tables.<path>=<JSON value>). */
  readonly options: readonly string[];
  /** Policy names, passed to createPolicy as they are. */
  readonly par: string;
  readonly bol: string;
  /** VP added to each side's starting VP (handicap.ts). */
  readonly handicap: Handicap;
  readonly seed: string;
  /** Check the game invariants after every phase (slower). */
  readonly check: boolean;
}

/** A bad option, handicap or policy in a run's description; the CLI reports it as a usage error. */
export class SpecError extends Error {
  override name = 'SpecError';
}

export interface ChartOverride {
  /** As written: "tables.victoryLevels.settlementMargin=40". */
  readonly text: string;
  /** Path inside tables.json. */
  readonly path: readonly string[];
  readonly value: unknown;
}

export const CHART_PREFIX = 'tables.';

/** Splits --option pairs into rules options (for parseOptions), chart overrides and estimate steps. */
export function splitOptions(pairs: readonly string[]): { rules: string[]; charts: ChartOverride[]; estimates: EstimateSetting[] } {
  const rules: string[] = [],
    charts: ChartOverride[] = [],
    estimates: EstimateSetting[] = [];
  for (const pair of pairs) {
    if (pair.startsWith(ESTIMATE_PREFIX)) {
      const e = parseEstimate(pair);
      if (typeof e === 'string') throw new SpecError(e);
      if (estimates.some((x) => x.group.name === e.group.name))
        throw new SpecError(`option "${pair}": estimate.${e.group.name} is given twice`);
      estimates.push(e);
      continue;
    }
    if (!pair.startsWith(CHART_PREFIX)) {
      rules.push(pair);
      continue;
    }
    const eq = pair.indexOf('=');
    if (eq < 0) throw new SpecError(`option "${pair}": write tables.<path>=<value>, e.g. tables.victoryLevels.settlementMargin=40`);
    const key = pair.slice(CHART_PREFIX.length, eq),
      text = pair.slice(eq + 1);
    const path = key.split('.');
    if (path.some((p) => p === ''))
      throw new SpecError(`option "${pair}": "${key}" is not a path into tables.json (names joined by dots, e.g. crt.rows.3)`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = text;
    }
    charts.push({ text: pair, path, value });
  }
  return { rules, charts, estimates };
}

/**
 * The rules options of a run: the pairs (not the chart overrides) over the scenario file's options
 * over the defaults, with where each came from; every problem in one error.
 */
export function rulesOptions(
  pairs: readonly string[],
  scenario: Partial<RulesOptions> = {},
): { options: RulesOptions; sources: OptionSources } {
  try {
    return resolveOptions(scenario, splitOptions(pairs).rules);
  } catch (err) {
    if (err instanceof SpecError) throw err;
    throw new SpecError(`${(err as Error).message}\n(chart overrides are written tables.<path>=<value>; see scenarios/tables.json)`);
  }
}

function kind(v: unknown): string {
  return v === null
    ? 'null'
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'object'
        ? 'an object'
        : typeof v === 'number'
          ? 'a number'
          : typeof v === 'string'
            ? 'a string'
            : typeof v === 'boolean'
              ? 'true or false'
              : typeof v;
}

/** Applies chart overrides to a copy of tables.json's content; names the key and what is allowed. */
export function applyChartOverrides(raw: unknown, overrides: readonly ChartOverride[]): unknown {
  const copy = structuredClone(raw) as Record<string, unknown>;
  for (const o of overrides) {
    let node: unknown = copy;
    for (let i = 0; i < o.path.length; i++) {
      const seg = o.path[i]!;
      const where = i === 0 ? 'tables.json' : `tables.${o.path.slice(0, i).join('.')}`;
      const last = i === o.path.length - 1;
      if (Array.isArray(node)) {
        const k = Number(seg);
        if (!Number.isInteger(k) || k < 0 || k >= node.length) {
          throw new SpecError(
            `option ${o.text}: ${where} is a list of ${node.length}; give an index from 0 to ${node.length - 1}, not "${seg}"`,
          );
        }
        if (last) {
          checkKind(o, node[k]);
          node[k] = o.value;
        } else node = node[k];
      } else if (node !== null && typeof node === 'object') {
        const obj = node as Record<string, unknown>;
        if (!Object.hasOwn(obj, seg)) {
          throw new SpecError(`option ${o.text}: ${where} has no "${seg}" (keys: ${Object.keys(obj).join(', ')})`);
        }
        if (last) {
          checkKind(o, obj[seg]);
          obj[seg] = o.value;
        } else node = obj[seg];
      } else {
        throw new SpecError(`option ${o.text}: ${where} is ${kind(node)} (${JSON.stringify(node)}); it has no "${seg}"`);
      }
    }
  }
  return copy;
}

function checkKind(o: ChartOverride, old: unknown): void {
  if (old === null || o.value === null || kind(old) === kind(o.value)) return;
  throw new SpecError(`option ${o.text}: give ${kind(old)} as JSON (tables.${o.path.join('.')} is now ${JSON.stringify(old)})`);
}

/** The game data of dataDir (the map as `variant` makes it, estimates moved) with the chart overrides applied and recompiled. */
export function gameDataWith(
  dataDir: string,
  overrides: readonly ChartOverride[],
  variant: MapVariant = {},
  estimates: readonly EstimateSetting[] = [],
): GameData {
  const data = loadGameData(dataDir, variant, estimates);
  if (overrides.length === 0) return data;
  const file = join(dataDir, DATA_FILES.tables);
  const raw = applyChartOverrides(readJson(file), overrides);
  const issues = new Issues(file);
  const tables = compileTables(raw, issues);
  if (!tables || !issues.ok) {
    const list = issues.list.map((i) => `tables.${i.path.join('.')}: ${i.message}`);
    throw new SpecError(
      `the chart overrides (${overrides.map((o) => o.text).join(' ')}) make tables.json invalid:\n  ${list.join('\n  ')}`,
    );
  }
  return { ...data, tables };
}

/** The scenario with `handicap` VP added to each side's starting VP (a new object: the compiled one is frozen). */
export function withHandicap(scenario: Scenario, handicap: Handicap): Scenario {
  if (handicap[0] === 0 && handicap[1] === 0) return scenario;
  const sides = scenario.sides.map((s, i) => {
    const vp = s.vp + handicap[i]!;
    if (vp < 0)
      throw new SpecError(
        `handicap ${i === 0 ? 'PAR' : 'BOL'}=${handicap[i]}: ${scenario.id} starts that side with ${s.vp} VP; it cannot start below 0 (16.4 sudden death)`,
      );
    return Object.freeze({ ...s, vp });
  }) as unknown as readonly [SideSetup, SideSetup];
  return Object.freeze({ ...scenario, sides });
}

/** Checks the options against the charts: maxOddsColumn=8 needs 7-1 and 8-1 columns in the CRT. */
export function checkOptionsFit(scenario: Scenario, options: RulesOptions): void {
  const max = options.maxOddsColumn,
    columns = scenario.tables.crtColumns;
  if (columns[max] !== `${max}-1`) {
    throw new SpecError(
      `option maxOddsColumn=${max}: the CRT has columns ${columns.join(', ')}; add the columns up to "${max}-1" to tables.json (or override tables.crt) first`,
    );
  }
}

export interface PreparedRun {
  readonly scenario: Scenario;
  readonly options: RulesOptions;
  /** Where each option's value came from: the command line, the scenario file or the default. */
  readonly sources: OptionSources;
}

// Workers prepare each spec once; bid asks for the same data under many handicaps, so the game data
// (the slow part) is cached apart from the handicap.
const dataCache = new Map<string, GameData>();
const preparedCache = new Map<string, PreparedRun>();
const CACHE_LIMIT = 32;

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit) return hit;
  const made = make();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, made);
  return made;
}

/**
 * The engine's inputs for a spec (cached per data, options, scenario and handicap). The scenario
 * file's options are read first: they may change the game data (unnamedSettlements makes a map variant).
 */
export function prepareRun(spec: RunSpec): PreparedRun {
  const key = JSON.stringify([spec.dataDir, spec.scenario, spec.options, spec.handicap]);
  return remember(preparedCache, key, () => {
    const { charts, estimates } = splitOptions(spec.options);
    const { options, sources } = rulesOptions(spec.options, scenarioFileOptions(spec.scenario, spec.dataDir));
    const variant: MapVariant = { unnamedSettlements: options.unnamedSettlements };
    const dataKey = JSON.stringify([spec.dataDir, charts.map((c) => c.text), estimates.map((e) => e.text), variant]);
    const data = remember(dataCache, dataKey, () => gameDataWith(spec.dataDir, charts, variant, estimates));
    const scenario = withHandicap(loadScenario(spec.scenario, data, spec.dataDir), spec.handicap);
    checkOptionsFit(scenario, options);
    return { scenario, options, sources };
  });
}

/** sha256 of the data files a run reads: map, counters, charts, the scenario and the one it sets up from. */
export function dataHash(spec: RunSpec): string {
  const hash = createHash('sha256');
  const file = scenarioPath(spec.scenario, spec.dataDir);
  const files = [join(spec.dataDir, DATA_FILES.map), join(spec.dataDir, DATA_FILES.counters), join(spec.dataDir, DATA_FILES.tables), file];
  const raw = readJson(file) as { setupFrom?: unknown };
  if (typeof raw.setupFrom === 'string') {
    const base = join(dirname(file), `${raw.setupFrom}.json`);
    if (existsSync(base)) files.push(base);
  }
  for (const f of files) {
    hash.update(f.split('/').pop()!);
    hash.update('\0');
    hash.update(readFileSync(f));
    hash.update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}
