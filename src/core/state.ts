// The state of a game in progress: struct-of-arrays, indexed by unit u, leader l, truck t, hex h, side s.
// Locations change only through the setters here, which keep the per-hex counts in step.
import type { Counters } from './counters.js';
import { CAVALRY, ENGINEER, INFANTRY } from './counters.js';
import type { GameMap } from './map.js';
import { WORKS_NONE } from './map.js';
import { NO_CONTROL, type Scenario } from './scenario.js';
import { PAR, BOL, type Side } from './side.js';
import type { Tables } from './tables.js';
import type { RulesOptions } from '../core/options.js';
import { shapeState } from './state-shape.js';

/** Locations off the map (loc_u, loc_l, loc_t); a location >= 0 is a hex index. */
export const IN_PILE = -1; // units: Reinforcement Pile; leaders: Available Leaders box; trucks: Available Truck box
export const IN_DEAD = -2; // units: Dead Pile; leaders: Replaced Leaders box
export const GONE = -3; // out of the game: exited off the map (16.2) or eliminated armor (13.1)
export const IN_CUP = -4; // a scenario cup before the set-up draws (17.3-17.5)
export const OFF_MAP = -5; // a GHQ removed from the map (8.5)
const BOX_BASE = -10; // off-map box b is at BOX_BASE - b (10.12)

export function boxLocation(box: number): number {
  return BOX_BASE - box;
}
export function isBox(loc: number): boolean {
  return loc <= BOX_BASE;
}
export function boxOf(loc: number): number {
  return BOX_BASE - loc;
}

/** What a building engineer builds (14.2); building_u. */
export const BUILD_NONE = 0,
  BUILD_ENTRENCHMENT = 1,
  BUILD_FORTIFICATION = 2,
  BUILD_TRAIL = 3,
  BUILD_WELL = 4;

export interface GameEnd {
  readonly how: 'scenario_end' | 'sudden_death' | 'settlement';
  readonly winner: Side;
  /** 0-based turn in which the game ended. */
  readonly turn: number;
}

export interface GameState {
  readonly scenario: Scenario;
  readonly map: GameMap;
  readonly counters: Counters;
  readonly tables: Tables;
  readonly options: RulesOptions;

  /** 0-based game turn and its month (months since year 0). */
  turn: number;
  month: number;
  rainy: boolean;
  truce: boolean;
  truceLastTurn: boolean;
  phasing: Side;

  // Combat units.
  readonly loc_u: Int16Array;
  readonly reduced_u: Uint8Array;
  /** BUILD_* while an engineer is on its building side (14.2). */
  readonly building_u: Uint8Array;
  /** General Supply found in the owner's last Supply Phase (8.3). */
  readonly inSupply_u: Uint8Array;

  // Leaders.
  readonly loc_l: Int16Array;
  /** Out of General Supply (flipped, 2.14). */
  readonly oos_l: Uint8Array;

  // Per side [PAR, BOL].
  readonly ghq_s: Int16Array;
  readonly ghqOos_s: Uint8Array;
  /** Turn from which a removed GHQ may return (8.5). */
  readonly ghqReturn_s: Int16Array;
  readonly vp_s: Int32Array;
  readonly replacements_s: Uint8Array;
  readonly callUps_s: Uint16Array;
  /** Air markers used this game turn (13.3). */
  readonly airUsed_s: Uint8Array;
  readonly airSupplyUsed_s: Uint8Array;
  /** Supply radius and LOC length from the side's last Supply Phase (8.7); LOC -1 when none. */
  readonly radius_s: Uint8Array;
  readonly locLength_s: Int16Array;
  readonly armyCommander_s: Int16Array;
  /** New trucks won on the Supply Table, placed in the New Unit Phase (9.6). */
  readonly newTrucks_s: Uint8Array;
  /** 15.2 (I-39): the army commander must face a challenge in this player turn's Political Phase. */
  readonly challenge_s: Uint8Array;

  // Trucks: t < trucks[PAR] are Paraguayan, the rest Bolivian.
  readonly side_t: Uint8Array;
  readonly loc_t: Int16Array;
  readonly attached_t: Uint8Array;

  // Per hex.
  /** Combat supply points: csp_hs[h * 2 + side]. */
  readonly csp_hs: Uint8Array;
  /** Entrenchment / fortification now (map's printed works plus markers; 14.3, 14.4). */
  readonly works_h: Uint8Array;
  readonly trail_h: Uint8Array;
  readonly well_h: Uint8Array;
  readonly depot_h: Uint8Array;
  /** A Side, or NO_CONTROL (3.2). */
  readonly control_h: Uint8Array;

  // Maintained by the setters: counts per hex and side, [h * 2 + side].
  readonly combat_hs: Uint8Array;
  /** Combat units that count for stacking (11.2, 11.3; armor too, I-47). */
  readonly stacking_hs: Uint8Array;
  readonly leaders_hs: Uint8Array;
  /** Infantry and cavalry, the units that exert a ZOC (7.1). */
  readonly zocUnits_hs: Uint8Array;
  /** Running totals per side for the game's figures: steps lost, units eliminated, settlements taken. */
  readonly stepsLost_s: Uint32Array;
  readonly eliminated_s: Uint32Array;
  readonly captured_s: Uint32Array;
  /** Moves of the GHQ (8.5), and moves of CSP or trucks (8.15, 10.11), per side, counted by the Movement Phase. */
  readonly ghqMoves_s: Uint32Array;
  readonly supplyMoves_s: Uint32Array;
  /** Settlements taken, per hex and side [h * 2 + side] (16.2). */
  readonly captures_hs: Uint16Array;
  /** Set when the game has ended (16.1, 16.3, 16.4). */
  ended: GameEnd | null;
  /** Bumped whenever a combat unit changes place or a trail comes or goes (14.5): caches keyed on it (ZOC) know to recompute. */
  version: number;
  /** Bumped whenever a combat unit of that side changes place or strength (caches of one side's units). */
  readonly sideVersion_s: Uint32Array;
}

/** A fresh state: every piece off the map (units in the pile, leaders available), the scenario's control. */
export function createState(scenario: Scenario, options: RulesOptions): GameState {
  const { map, counters } = scenario;
  const nu = counters.units.length,
    nl = counters.leaders.length,
    size = map.grid.size;
  const nt = counters.trucks[PAR] + counters.trucks[BOL];
  const side_t = new Uint8Array(nt);
  side_t.fill(BOL, counters.trucks[PAR]);
  const works_h = new Uint8Array(size);
  for (let h = 0; h < size; h++) works_h[h] = map.works_h[h] ?? WORKS_NONE;
  const control_h = scenario.control_h.slice();
  // 8.4, I-54: supply source hexes start controlled by their side (3.2 then changes them like any hex).
  for (const src of map.supplySources) if (control_h[src.hex] === NO_CONTROL) control_h[src.hex] = src.side;
  return shapeState(
    {
      scenario,
      map,
      counters,
      tables: scenario.tables,
      options,
      turn: 0,
      month: scenario.startMonth,
      rainy: false,
      truce: false,
      truceLastTurn: false,
      phasing: PAR,
      loc_u: new Int16Array(nu).fill(IN_PILE),
      reduced_u: new Uint8Array(nu),
      building_u: new Uint8Array(nu),
      inSupply_u: new Uint8Array(nu).fill(1),
      loc_l: new Int16Array(nl).fill(IN_PILE),
      oos_l: new Uint8Array(nl),
      ghq_s: new Int16Array(2).fill(OFF_MAP),
      ghqOos_s: new Uint8Array(2),
      ghqReturn_s: new Int16Array(2),
      vp_s: new Int32Array([scenario.sides[PAR].vp, scenario.sides[BOL].vp]),
      replacements_s: new Uint8Array(2),
      callUps_s: new Uint16Array(2),
      airUsed_s: new Uint8Array(2),
      airSupplyUsed_s: new Uint8Array(2),
      radius_s: new Uint8Array([
        scenario.sides[PAR].supplyRadius > 0 ? scenario.sides[PAR].supplyRadius : scenario.tables.supply.columns[0]!.radius,
        scenario.sides[BOL].supplyRadius > 0 ? scenario.sides[BOL].supplyRadius : scenario.tables.supply.columns[0]!.radius,
      ]),
      locLength_s: new Int16Array(2).fill(-1),
      armyCommander_s: new Int16Array([scenario.sides[PAR].armyCommander, scenario.sides[BOL].armyCommander]),
      newTrucks_s: new Uint8Array(2),
      challenge_s: new Uint8Array(2),
      side_t,
      loc_t: new Int16Array(nt).fill(IN_PILE),
      attached_t: new Uint8Array(nt),
      csp_hs: new Uint8Array(size * 2),
      works_h,
      trail_h: new Uint8Array(size),
      well_h: new Uint8Array(size),
      depot_h: new Uint8Array(size),
      control_h,
      combat_hs: new Uint8Array(size * 2),
      stacking_hs: new Uint8Array(size * 2),
      leaders_hs: new Uint8Array(size * 2),
      zocUnits_hs: new Uint8Array(size * 2),
      version: 0,
      sideVersion_s: new Uint32Array(2),
      stepsLost_s: new Uint32Array(2),
      eliminated_s: new Uint32Array(2),
      captured_s: new Uint32Array(2),
      ghqMoves_s: new Uint32Array(2),
      supplyMoves_s: new Uint32Array(2),
      captures_hs: new Uint16Array(size * 2),
      ended: null,
    },
    false,
  );
}

/** Moves combat unit u to loc (a hex or an off-map location), keeping the per-hex counts. */
export function setUnitLoc(state: GameState, u: number, loc: number): void {
  const side = state.counters.side_u[u]!;
  const from = state.loc_u[u]!;
  const type = state.counters.type_u[u];
  const counts = type !== ENGINEER;
  const zoc = type === INFANTRY || type === CAVALRY;
  if (from >= 0) {
    state.combat_hs[from * 2 + side]!--;
    if (counts) state.stacking_hs[from * 2 + side]!--;
    if (zoc) state.zocUnits_hs[from * 2 + side]!--;
  }
  if (loc >= 0) {
    state.combat_hs[loc * 2 + side]!++;
    if (counts) state.stacking_hs[loc * 2 + side]!++;
    if (zoc) state.zocUnits_hs[loc * 2 + side]!++;
  }
  state.loc_u[u] = loc;
  state.version++;
  state.sideVersion_s[side]!++;
}

export function setLeaderLoc(state: GameState, l: number, loc: number): void {
  const side = state.counters.side_l[l]!;
  const from = state.loc_l[l]!;
  if (from >= 0) state.leaders_hs[from * 2 + side]!--;
  if (loc >= 0) state.leaders_hs[loc * 2 + side]!++;
  state.loc_l[l] = loc;
}

/** 16.2: the side took the settlement in hex h: its running total and the hex's count. */
export function countCapture(state: GameState, side: Side, h: number): void {
  state.captured_s[side]!++;
  state.captures_hs[h * 2 + side]!++;
}

export function leadersIn(state: GameState, h: number, side: Side, out: number[] = []): number[] {
  out.length = 0;
  if (state.leaders_hs[h * 2 + side] === 0) return out;
  const { loc_l } = state,
    side_l = state.counters.side_l;
  for (let l = 0; l < loc_l.length; l++) if (loc_l[l] === h && side_l[l] === side) out.push(l);
  return out;
}

/** An independent copy for look-ahead (bitECS style: typed arrays sliced), of the one shape (state-shape.ts). */
export function cloneState(s: GameState): GameState {
  return shapeState(s, true);
}

/** The current attack (reduced: 1) or full (0) side index into the counters' [full, reduced] pairs. */
export function factorIndex(state: GameState, u: number): number {
  return u * 2 + state.reduced_u[u]!;
}
