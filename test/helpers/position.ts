// Tiny positions for rule tests: a small map built from a spec, a known counter set, and a state
// with pieces placed by id. Everything else (charts) is the game's own tables.json.
import { compileMap } from '../../src/data/compile-map.js';
import { compileCounters } from '../../src/data/compile-counters.js';
import { compileTables } from '../../src/data/compile-tables.js';
import { Issues } from '../../src/data/issues.js';
import { parseHex, NO_HEX } from '../../src/core/hex.js';
import type { GameMap, TerrainName } from '../../src/core/map.js';
import type { Counters } from '../../src/core/counters.js';
import { NO_CONTROL, type Scenario, type SideSetup } from '../../src/core/scenario.js';
import { PAR, BOL, type Side } from '../../src/core/side.js';
import { createState, setLeaderLoc, setUnitLoc, type GameState } from '../../src/core/state.js';
import { DEFAULT_OPTIONS, parseOptions, type RulesOptions } from '../../src/core/options.js';
import type { Tables } from '../../src/core/tables.js';
import { readDataFile } from './data.js';

export interface MiniMapSpec {
  /** Grid columns and rows; default columns 10-19, rows 1-12. */
  cols?: [number, number];
  rows?: [number, number];
  /** Terrain by hex; every other hex is `fill` (default bush). */
  terrain?: Record<string, TerrainName>;
  fill?: TerrainName;
  roads?: string[];
  /** Each river a list of hexsides "XXYY/XXYY"; ids r0, r1, ... */
  rivers?: string[][];
  ferry?: string;
  clearings?: string[];
  border?: string[];
  places?: {
    hex: string;
    name?: string;
    settlement?: boolean;
    bigFour?: boolean;
    wet?: boolean;
    works?: 'none' | 'entrenchment' | 'fortification';
  }[];
  sources?: { hex: string; side: 'BOL' | 'PAR'; kind?: 'edge' | 'railhead' | 'villa-montes' }[];
  /** First row south of the demarcation line in every column (default: none south). */
  demarcationRow?: number;
}

const KEY: Record<TerrainName, string> = { clear: 'c', bush: '.', marsh: 'm', hill: 'h', mountain: 'M', outside: 'x' };

export function miniMap(spec: MiniMapSpec = {}): GameMap {
  const [c0, c1] = spec.cols ?? [10, 19];
  const [r0, r1] = spec.rows ?? [1, 12];
  const two = (n: number) => String(n).padStart(2, '0');
  const terrain: Record<string, string> = {};
  for (let r = r0; r <= r1; r++) {
    let line = '';
    for (let c = c0; c <= c1; c++) line += KEY[spec.terrain?.[`${two(c)}${two(r)}`] ?? spec.fill ?? 'bush'];
    terrain[two(r)] = line;
  }
  const firstRowSouthByColumn: Record<string, number> = {};
  for (let c = c0; c <= c1; c++) firstRowSouthByColumn[two(c)] = spec.demarcationRow ?? r1 + 1;
  const rivers = (spec.rivers ?? []).map((hexsides, i) => ({ id: `r${i}`, name: `river ${i}`, hexsides }));
  const raw = {
    grid: { firstColumn: c0, lastColumn: c1, firstRow: r0, lastRow: r1 },
    terrainKey: { '.': 'bush', c: 'clear', m: 'marsh', h: 'hill', M: 'mountain', x: 'outside' },
    terrainEstimated: false,
    terrain,
    places: (spec.places ?? []).map((p) => ({ name: `place ${p.hex}`, settlement: true, ...p })),
    roads: (spec.roads ?? []).map((hexes, i) => ({ name: `road ${i}`, hexes })),
    railroad: { hexes: `${two(c1)}${two(r1)}`, railhead: `${two(c1)}${two(r1)}` },
    rivers,
    ferry: spec.ferry ? { hexside: spec.ferry, river: 'r0' } : { hexside: '0000/0000', river: '' },
    villaMontesRiver: rivers.length > 0 ? 'r0' : '',
    clearings: (spec.clearings ?? []).length > 0 ? [{ name: 'clearing', hexsides: spec.clearings! }] : [],
    border: { hexsides: spec.border ?? [] },
    demarcation: { firstRowSouthByColumn },
    supplySources: (spec.sources ?? []).map((s) => ({ kind: 'edge', ...s })),
    offMapBoxes: [],
  };
  const issues = new Issues('test map');
  const map = compileMap(raw, issues, false);
  issues.throwIfAny();
  return map!;
}

/** A small manifest with round values, independent of the estimated game counters. */
export const MINI_COUNTERS = {
  units: [
    { id: 'P-I1', side: 'PAR', type: 'infantry', name: 'P inf 1', full: '6-4-6', reduced: '3-2-6' },
    { id: 'P-I2', side: 'PAR', type: 'infantry', name: 'P inf 2', full: '4-6', reduced: '2-6' },
    { id: 'P-I3', side: 'PAR', type: 'infantry', name: 'P inf 3', full: '3-4-6', reduced: '1-2-6' },
    { id: 'P-I4', side: 'PAR', type: 'infantry', name: 'P inf 4', full: '4-6', reduced: '2-6' },
    { id: 'P-I5', side: 'PAR', type: 'infantry', name: 'P inf 5', full: '4-6', reduced: '2-6' },
    { id: 'P-C1', side: 'PAR', type: 'cavalry', name: 'P cav 1', full: '4-3-6', reduced: '2-1-6' },
    { id: 'P-A1', side: 'PAR', type: 'artillery', name: 'P art 1', full: '3-(2)-6', reduced: '2-(1)-6' },
    { id: 'P-E1', side: 'PAR', type: 'engineer', name: 'P eng 1', full: '2-3-6', reduced: null },
    { id: 'B-I1', side: 'BOL', type: 'infantry', name: 'B inf 1', full: '6-5-5', reduced: '3-2-5' },
    { id: 'B-I2', side: 'BOL', type: 'infantry', name: 'B inf 2', full: '4-5', reduced: '2-5' },
    { id: 'B-I3', side: 'BOL', type: 'infantry', name: 'B inf 3', full: '3-4-5', reduced: '1-2-5' },
    { id: 'B-I4', side: 'BOL', type: 'infantry', name: 'B inf 4', full: '4-5', reduced: '2-5' },
    { id: 'B-I5', side: 'BOL', type: 'infantry', name: 'B inf 5', full: '4-5', reduced: '2-5' },
    { id: 'B-C1', side: 'BOL', type: 'cavalry', name: 'B cav 1', full: '3-5', reduced: '1-5' },
    { id: 'B-A1', side: 'BOL', type: 'artillery', name: 'B art 1', full: '4-(2)-5', reduced: '2-(1)-5' },
    { id: 'B-E1', side: 'BOL', type: 'engineer', name: 'B eng 1', full: '2-3-5', reduced: null },
    { id: 'B-K1', side: 'BOL', type: 'armor', name: 'B armor 1', full: '4-2-8', reduced: null },
  ],
  leaders: [
    { id: 'P-ESTIG', side: 'PAR', name: 'Estigarribia', named: true, political: 3, command: 2, move: 12 },
    { id: 'P-FRANCO', side: 'PAR', name: 'Franco', named: true, political: 2, command: 1, move: 12 },
    { id: 'P-A', side: 'PAR', name: 'A', named: false, political: 0, command: 0, move: 12 },
    { id: 'B-PENA', side: 'BOL', name: 'Peña', named: true, political: 3, command: -1, move: 12 },
    { id: 'B-PENAR', side: 'BOL', name: 'Peñaranda', named: true, political: 3, command: 1, move: 12 },
    { id: 'B-B', side: 'BOL', name: 'B', named: false, political: 0, command: 0, move: 12 },
  ],
  ghqs: [
    { id: 'P-GHQ', side: 'PAR', move: 6 },
    { id: 'B-GHQ', side: 'BOL', move: 6 },
  ],
  trucks: [
    { side: 'PAR', count: 2, move: 8 },
    { side: 'BOL', count: 2, move: 8 },
  ],
  air: [
    { side: 'BOL', count: 3 },
    { side: 'PAR', count: 1 },
  ],
  supplyUnits: { move: 4, counters: 0 },
  markers: [],
  totalCounters: 0,
};

/** The mini counters, with `extraUnits` after the others when given. */
export function miniCounters(extraUnits: readonly (typeof MINI_COUNTERS.units)[number][] = []): Counters {
  const issues = new Issues('test counters');
  const c = compileCounters({ ...MINI_COUNTERS, units: [...MINI_COUNTERS.units, ...extraUnits] }, issues, false);
  issues.throwIfAny();
  return c!;
}

let tables: Tables | undefined;
export function gameTables(): Tables {
  if (!tables) {
    const issues = new Issues('tables.json');
    tables = compileTables(readDataFile('tables.json'), issues)!;
    issues.throwIfAny();
  }
  return tables;
}

const emptySide = (armyCommander: number, vp: number): SideSetup => ({
  vp,
  supplyRadius: -1,
  armyCommander,
  cup: [],
  entrenchmentMarkers: 0,
  mustEntrench: [],
  deploy: [],
  reinforcementPile: [],
});

export interface Position {
  readonly state: GameState;
  readonly map: GameMap;
  /** Hex index of a label. */
  hex(label: string): number;
  unit(id: string): number;
  leader(id: string): number;
  /** Places unit `id` on hex `label` (reduced when asked) and returns its index. */
  place(id: string, label: string, opts?: { reduced?: boolean }): number;
  placeLeader(id: string, label: string): number;
}

export interface PositionSpec extends MiniMapSpec {
  options?: RulesOptions | string[];
  vp?: [number, number];
  /** Controlled settlements: hex -> side; settlements default to NO_CONTROL... unless listed. */
  control?: Record<string, 'BOL' | 'PAR'>;
  month?: number;
  /** Units added to the mini counters (ids of their own). */
  extraUnits?: (typeof MINI_COUNTERS.units)[number][];
}

/** A state on a mini map with the mini counters; place pieces with the returned helpers. */
export function position(spec: PositionSpec = {}): Position {
  const map = miniMap(spec);
  const counters = miniCounters(spec.extraUnits);
  const control_h = new Uint8Array(map.grid.size).fill(NO_CONTROL);
  for (const [label, code] of Object.entries(spec.control ?? {})) control_h[parseHex(map.grid, label)] = code === 'PAR' ? PAR : BOL;
  const scenario: Scenario = {
    id: 'test',
    name: 'test position',
    rule: '-',
    startMonth: spec.month ?? 1932 * 12 + 8,
    turns: 1,
    about: [],
    map,
    counters,
    tables: gameTables(),
    sides: [
      emptySide(counters.leaderIndex.get('P-ESTIG')!, spec.vp?.[0] ?? 20),
      emptySide(counters.leaderIndex.get('B-PENA')!, spec.vp?.[1] ?? 20),
    ],
    control_h,
    options: {},
  };
  const options = Array.isArray(spec.options) ? parseOptions(spec.options) : (spec.options ?? DEFAULT_OPTIONS);
  const state = createState(scenario, options);
  const hex = (label: string) => {
    const h = parseHex(map.grid, label);
    if (h === NO_HEX) throw new Error(`test position: no hex ${label}`);
    return h;
  };
  const unit = (id: string) => {
    const u = counters.unitIndex.get(id);
    if (u === undefined) throw new Error(`test position: no unit ${id}`);
    return u;
  };
  const leader = (id: string) => {
    const l = counters.leaderIndex.get(id);
    if (l === undefined) throw new Error(`test position: no leader ${id}`);
    return l;
  };
  return {
    state,
    map,
    hex,
    unit,
    leader,
    place(id, label, opts) {
      const u = unit(id);
      setUnitLoc(state, u, hex(label));
      state.reduced_u[u] = opts?.reduced ? 1 : 0;
      return u;
    },
    placeLeader(id, label) {
      const l = leader(id);
      setLeaderLoc(state, l, hex(label));
      return l;
    },
  };
}

export type { Side };
