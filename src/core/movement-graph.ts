// The movement graph (10, 10.6, 10.12, I-11, I-13): node ids, per-map geometry and per-search scratch
// (PathSearch), what may enter a node (hexStatus, clearingStatus) and the terrain, road and river cost of
// a step between hexes. The steps the search and the path check share are in movement-steps.ts.
import { DIRECTIONS, NO_HEX } from './hex.js';
import { CLEAR, MOUNTAIN, OUTSIDE, type GameMap } from './map.js';
import { ENGINEER } from './counters.js';
import {
  MOVER_COMBAT,
  MOVER_LEADER,
  cheaper,
  createMoveCosts,
  effectiveAllowance,
  fillMoveCosts,
  type Mover,
  type MoveCosts,
} from './movement-cost.js';
import { PAR, otherSide, type Side } from './side.js';
import { GONE, boxLocation, boxOf, isBox, type GameState } from './state.js';
import { PROHIBITED, type Tables } from './tables.js';

/** flags_n bits. */
export const FLAG_STOP = 1; // the mover must stop here (EZOC 7.3, "1 turn" box 10.12, exit I-13)
export const FLAG_NO_END = 2; // the mover may pass but not end here (clearing hexside, 10.6)
export const FLAG_DISPLACE = 4; // enemy non-combat pieces here, displaced by the moving combat unit (10.3)
export const FLAG_EZOC = 8; // the hex is in an EZOC of the mover (7.3)

/** Why a step is illegal (a negative edge cost is -reason). Messages: movement-check.ts. */
export const R_ENEMY_COMBAT = 1,
  R_ENEMY_PIECE = 2,
  R_TRUCE_SETTLEMENT = 3,
  R_TRUCE_EZOC = 4,
  R_EZOC_NO_LEADER = 5,
  R_CLEARING_EZOC = 6,
  R_LEAVE_EZOC = 7,
  R_OUTSIDE = 8,
  R_TERRAIN = 9,
  R_RIVER = 10,
  R_ENEMY_BOX = 11,
  R_TURN_BOX = 12,
  R_REACTION_TURN_BOX = 13,
  R_ENTRANCE_ENEMY = 14,
  R_EXIT = 15,
  R_NOT_ADJACENT = 16;

export const UNREACHED = -1;

/**
 * special_h bits: the hex has a clearing hexside (10.6), is a box entrance (10.12), lies on PAR's or BOL's
 * exit row (I-13); SPECIAL_ROAD: a road leaves it (10.7). SPECIAL_STEPS: the steps other than hex to hex.
 */
export const SPECIAL_CLEARING = 1,
  SPECIAL_BOX = 2,
  SPECIAL_EXIT_PAR = 4,
  SPECIAL_EXIT_BOL = 8,
  SPECIAL_ROAD = 16;
export const SPECIAL_STEPS = SPECIAL_CLEARING | SPECIAL_BOX | SPECIAL_EXIT_PAR | SPECIAL_EXIT_BOL;

/** stepCode_hd: bit 0 a road along the hexside, bit 1 a river on it, the bits above the terrain of the hex entered. */
const STEP_ROAD = 1,
  STEP_RIVER = 2,
  STEP_TERRAIN_SHIFT = 2,
  STEP_CODES = (OUTSIDE + 1) << STEP_TERRAIN_SHIFT;
/** Slots after the step codes in step_c: the cheapest step of any code, and of any code off the road. */
export const STEP_MIN = STEP_CODES,
  STEP_MIN_OFF_ROAD = STEP_CODES + 1;

/** Scratch and map geometry for movement searches; build once per map (pathSearchFor caches one). */
export class PathSearch {
  readonly map: GameMap;
  readonly size: number;
  readonly sideCount: number;
  readonly boxBase: number;
  readonly exitNode: number;
  readonly nodeCount: number;
  /** The hexes on each side of hexside s: A in the grid (or -1 for unused ids), B or -1 off the grid. */
  readonly sideHexA_s: Int32Array;
  readonly sideHexB_s: Int32Array;
  /** The four hexsides sharing a corner with s (10.6, I-11): cornerSides_s4[s * 4 + k], -1 when off the grid. */
  readonly cornerSides_s4: Int32Array;
  /** Boxes joined to each entrance hex: boxList[boxStart_h[h] .. boxStart_h[h + 1]). */
  readonly boxStart_h: Int32Array;
  readonly boxList: Int32Array;
  /** Bit d set when the hexside of h facing d is a clearing (10.6). */
  readonly clearingDirs_h: Uint8Array;
  /** SPECIAL_* bits of h. */
  readonly special_h: Uint8Array;
  /** The road, river and terrain of the step from h across direction d (STEP_* bits), an index into step_c. */
  readonly stepCode_hd: Uint8Array;
  /**
   * The hexes a ZOC exerted from h may reach (7.1, 7.2: not across a river or border):
   * zocList[zocStart_h[h] .. zocStart_h[h + 1]). Mountain hexes are listed: a ZOC reaches them only
   * while they have a trail (14.5), which prepareSearch checks.
   */
  readonly zocStart_h: Int32Array;
  readonly zocList: Int32Array;

  // Per-search scratch, valid where the stamp equals gen.
  gen = 0;
  readonly statusStamp_n: Uint32Array;
  readonly status_n: Uint16Array;
  /**
   * Facts that change only when a combat unit moves (state.version), per hex and side [h * 2 + side]:
   * a friendly engineer is there, or the hex is in an EZOC of that side, where the stamp equals posGen.
   */
  posGen = 0;
  posState: GameState | null = null;
  posVersion = -1;
  readonly engineerStamp_hs: Uint32Array;
  readonly ezocStamp_hs: Uint32Array;
  readonly enemyTruckStamp_h: Uint32Array;
  /**
   * Bucket queue: a stack of entries per cost, head_c[cost] its top entry, entry e holding node
   * entryNode_e[e] over entryNext_e[e] (-1 ends); an entry whose node has since got cheaper is stale.
   * A search pushes at most once per edge of the nodes it expands, each expanded once: one entry per edge suffices.
   */
  head_c: Int32Array;
  readonly entryNode_e: Int32Array;
  readonly entryNext_e: Int32Array;
  entryCount = 0;
  // The prepared mover.
  costs: MoveCosts;
  /** The cost of a hex-to-hex step by step code before any river (-R_OUTSIDE, -R_TERRAIN when prohibited); then STEP_MIN*. */
  step_c: Int32Array;
  /** The rates of every mover class and weather (costKey), filled from costTables on first use. */
  readonly costsByKey: MoveCosts[] = [];
  readonly stepCostsByKey: Int32Array[] = [];
  readonly costFilled: Uint8Array = new Uint8Array(16);
  costTables: Tables | null = null;
  state: GameState | null = null;
  mover: Mover | null = null;
  side: Side = PAR;
  enemy: Side = PAR;
  allowance = 0;
  exitRow = 0;
  exitSpecial = SPECIAL_EXIT_PAR;
  startEzoc = false;
  // Hot arrays and mover facts copied to plain fields (read on every step).
  readonly terrain_h: Uint8Array;
  readonly side_hd: Int32Array;
  trail_h: Uint8Array;
  /** May enter an EZOC hex (and stop): a leader alone, or a leader moving along (7.3, I-9). */
  leaderAlong = false;
  combatMover = false;
  engineerAlong = false;
  truce = false;

  constructor(map: GameMap) {
    const { grid } = map;
    this.map = map;
    this.size = grid.size;
    this.sideCount = grid.sideCount;
    this.boxBase = this.size + this.sideCount;
    this.exitNode = this.boxBase + map.boxes.length;
    this.nodeCount = this.exitNode + 1;
    const { neighbour_hd, side_hd } = grid;
    const A = new Int32Array(this.sideCount).fill(-1),
      B = new Int32Array(this.sideCount).fill(-1);
    const dirA = new Int8Array(this.sideCount).fill(-1);
    for (let h = 0; h < this.size; h++) {
      for (let d = 0; d < DIRECTIONS; d++) {
        const s = side_hd[h * DIRECTIONS + d]!,
          n = neighbour_hd[h * DIRECTIONS + d]!;
        if (d < 3 || n === NO_HEX) {
          A[s] = h;
          B[s] = n;
          dirA[s] = d;
        }
      }
    }
    const corners = new Int32Array(this.sideCount * 4).fill(-1);
    for (let s = 0; s < this.sideCount; s++) {
      const a = A[s]!,
        d = dirA[s]!;
      if (a < 0) continue;
      const b = B[s]!,
        d1 = (d + 5) % 6,
        d2 = (d + 1) % 6;
      const c1 = neighbour_hd[a * DIRECTIONS + d1]!,
        c2 = neighbour_hd[a * DIRECTIONS + d2]!;
      corners[s * 4] = side_hd[a * DIRECTIONS + d1]!; // A|C1
      corners[s * 4 + 1] = side_hd[a * DIRECTIONS + d2]!; // A|C2
      // B|C1: from B, C1 lies in direction d+4; from C1, B lies in direction d+1.
      corners[s * 4 + 2] = b !== NO_HEX ? side_hd[b * DIRECTIONS + ((d + 4) % 6)]! : c1 !== NO_HEX ? side_hd[c1 * DIRECTIONS + d2]! : -1;
      // B|C2: from B, C2 lies in direction d+2; from C2, B lies in direction d+5.
      corners[s * 4 + 3] = b !== NO_HEX ? side_hd[b * DIRECTIONS + ((d + 2) % 6)]! : c2 !== NO_HEX ? side_hd[c2 * DIRECTIONS + d1]! : -1;
    }
    this.sideHexA_s = A;
    this.sideHexB_s = B;
    this.cornerSides_s4 = corners;
    const start = new Int32Array(this.size + 1),
      list: number[] = [];
    for (let h = 0; h < this.size; h++) {
      start[h] = list.length;
      map.boxes.forEach((box, b) => {
        if (box.hexes.includes(h)) list.push(b);
      });
    }
    start[this.size] = list.length;
    this.boxStart_h = start;
    this.boxList = Int32Array.from(list);
    this.clearingDirs_h = new Uint8Array(this.size);
    for (let h = 0; h < this.size; h++) {
      for (let d = 0; d < DIRECTIONS; d++) if (map.clearing_s[side_hd[h * DIRECTIONS + d]!] !== 0) this.clearingDirs_h[h]! |= 1 << d;
    }
    this.special_h = new Uint8Array(this.size);
    for (let h = 0; h < this.size; h++) {
      const row = grid.row_h[h]!;
      let road = false;
      for (let d = 0; d < DIRECTIONS; d++) if (map.road_s[side_hd[h * DIRECTIONS + d]!] !== 0) road = true;
      this.special_h[h] =
        (this.clearingDirs_h[h] !== 0 ? SPECIAL_CLEARING : 0) |
        (start[h + 1]! > start[h]! ? SPECIAL_BOX : 0) |
        (row === grid.firstRow ? SPECIAL_EXIT_PAR : 0) |
        (row === grid.lastRow ? SPECIAL_EXIT_BOL : 0) |
        (road ? SPECIAL_ROAD : 0);
    }
    this.stepCode_hd = new Uint8Array(this.size * DIRECTIONS);
    for (let i = 0; i < this.size * DIRECTIONS; i++) {
      const n = neighbour_hd[i]!,
        s = side_hd[i]!;
      if (n === NO_HEX) continue;
      this.stepCode_hd[i] =
        (map.road_s[s] !== 0 ? STEP_ROAD : 0) | (map.river_s[s] !== 0 ? STEP_RIVER : 0) | (map.terrain_h[n]! << STEP_TERRAIN_SHIFT);
    }
    const zocStart = new Int32Array(this.size + 1),
      zocList: number[] = [];
    for (let h = 0; h < this.size; h++) {
      zocStart[h] = zocList.length;
      for (let d = 0; d < DIRECTIONS; d++) {
        const n = neighbour_hd[h * DIRECTIONS + d]!,
          s = side_hd[h * DIRECTIONS + d]!;
        if (n !== NO_HEX && map.river_s[s] === 0 && map.border_s[s] === 0) zocList.push(n);
      }
    }
    zocStart[this.size] = zocList.length;
    this.zocStart_h = zocStart;
    this.zocList = Int32Array.from(zocList);
    this.statusStamp_n = new Uint32Array(this.nodeCount);
    this.status_n = new Uint16Array(this.nodeCount);
    this.engineerStamp_hs = new Uint32Array(this.size * 2);
    this.ezocStamp_hs = new Uint32Array(this.size * 2);
    for (let k = 0; k < 16; k++) {
      this.costsByKey.push(createMoveCosts());
      this.stepCostsByKey.push(new Int32Array(STEP_CODES + 2));
    }
    this.costs = this.costsByKey[0]!;
    this.step_c = this.stepCostsByKey[0]!;
    this.terrain_h = map.terrain_h;
    this.side_hd = grid.side_hd;
    this.trail_h = new Uint8Array(this.size);
    this.enemyTruckStamp_h = new Uint32Array(this.size);
    this.head_c = new Int32Array(16 * 6 + 1).fill(-1);
    let edges = 1; // the start's entry
    for (let h = 0; h < this.size; h++) edges += DIRECTIONS + DIRECTIONS + (start[h + 1]! - start[h]!) + 1; // hexes, clearings, boxes, exit
    edges += this.sideCount * 6; // a clearing's two hexes and four clearings
    for (const box of map.boxes) edges += box.hexes.length + box.boxes.length;
    this.entryNode_e = new Int32Array(edges);
    this.entryNext_e = new Int32Array(edges);
  }
}

const cache = new WeakMap<GameMap, PathSearch>();

/** The PathSearch of a map, built on first use. */
export function pathSearchFor(map: GameMap): PathSearch {
  let ps = cache.get(map);
  if (!ps) {
    ps = new PathSearch(map);
    cache.set(map, ps);
  }
  return ps;
}

/** Node ids (see the file header). */
export function clearingNode(ps: PathSearch, side: number): number {
  return ps.size + side;
}
export function boxNode(ps: PathSearch, box: number): number {
  return ps.boxBase + box;
}
export function isHexNode(ps: PathSearch, n: number): boolean {
  return n >= 0 && n < ps.size;
}
export function isClearingNode(ps: PathSearch, n: number): boolean {
  return n >= ps.size && n < ps.boxBase;
}
export function isBoxNode(ps: PathSearch, n: number): boolean {
  return n >= ps.boxBase && n < ps.exitNode;
}

/** The node of a state location (a hex, or an off-map box; 10.12), or -1. */
export function locationNode(ps: PathSearch, loc: number): number {
  if (loc >= 0 && loc < ps.size) return loc;
  if (isBox(loc) && boxOf(loc) < ps.map.boxes.length) return ps.boxBase + boxOf(loc);
  return -1;
}

/** The state location a move ending at node n leaves the pieces in: a hex, boxLocation(b), or GONE (exited). -1 for a clearing. */
export function nodeLocation(ps: PathSearch, n: number): number {
  if (n < ps.size) return n;
  if (n < ps.boxBase) return -1;
  if (n < ps.exitNode) return boxLocation(n - ps.boxBase);
  return GONE;
}

/** Prepares the scratch for one search or check: stamps, the mover's rates, engineers and enemy trucks. */
export function prepareSearch(ps: PathSearch, state: GameState, mover: Mover): void {
  if (state.map !== ps.map) throw new Error('PathSearch: built for another map');
  if (++ps.gen >= 0xffffffff) {
    ps.gen = 1;
    ps.statusStamp_n.fill(0);
    ps.enemyTruckStamp_h.fill(0);
  }
  const gen = ps.gen;
  ps.state = state;
  ps.mover = mover;
  ps.side = mover.side;
  ps.enemy = otherSide(mover.side);
  ps.allowance = effectiveAllowance(mover);
  ps.exitRow = mover.side === PAR ? ps.map.grid.firstRow : ps.map.grid.lastRow; // I-13
  ps.exitSpecial = mover.side === PAR ? SPECIAL_EXIT_PAR : SPECIAL_EXIT_BOL;
  // The rates depend only on the mover's classes and the weather: 16 tables, filled once.
  if (ps.costTables !== state.tables) {
    ps.costTables = state.tables;
    ps.costFilled.fill(0);
  }
  const key = (state.rainy ? 1 : 0) | (mover.mech ? 2 : 0) | (mover.nonMech || !mover.mech ? 4 : 0) | (mover.artillery ? 8 : 0);
  ps.costs = ps.costsByKey[key]!;
  ps.step_c = ps.stepCostsByKey[key]!;
  if (ps.costFilled[key] === 0) {
    fillMoveCosts(ps.costs, state.tables, state.rainy, mover);
    fillStepCosts(ps.step_c, ps.costs);
    ps.costFilled[key] = 1;
  }
  ps.trail_h = state.trail_h;
  ps.leaderAlong = mover.kind === MOVER_LEADER || mover.withLeader;
  ps.combatMover = mover.kind === MOVER_COMBAT;
  ps.engineerAlong = mover.engineer;
  ps.truce = state.truce;
  if (ps.posState !== state || ps.posVersion !== state.version) {
    if (++ps.posGen >= 0xffffffff) {
      ps.posGen = 1;
      ps.engineerStamp_hs.fill(0);
      ps.ezocStamp_hs.fill(0);
    }
    ps.posState = state;
    ps.posVersion = state.version;
    const { loc_u, zocUnits_hs } = state,
      { side_u, type_u } = state.counters,
      pg = ps.posGen;
    const { zocStart_h, zocList, ezocStamp_hs, terrain_h } = ps,
      trail_h = state.trail_h;
    for (let u = 0; u < loc_u.length; u++) {
      const loc = loc_u[u]!,
        side = side_u[u] as Side;
      if (loc < 0) continue;
      if (type_u[u] === ENGINEER) ps.engineerStamp_hs[loc * 2 + side] = pg;
      if (zocUnits_hs[loc * 2 + side] === 0) continue;
      // 7.1, 7.2, 14.5: the hexes this unit's hex exerts a ZOC into are in an EZOC of the other side (Mountain only with a trail).
      const other = otherSide(side);
      for (let i = zocStart_h[loc]!, e = zocStart_h[loc + 1]!; i < e; i++) {
        const n = zocList[i]!;
        if (terrain_h[n] !== MOUNTAIN || trail_h[n] !== 0) ezocStamp_hs[n * 2 + other] = pg;
      }
    }
  }
  const { loc_t, side_t } = state;
  for (let t = 0; t < loc_t.length; t++) {
    const loc = loc_t[t]!;
    if (loc >= 0 && side_t[t] === ps.enemy) ps.enemyTruckStamp_h[loc] = gen;
  }
  ps.startEzoc = false;
}

/** 7.3: is h in an EZOC of the mover's side? Marked by prepareSearch from the enemy's infantry and cavalry. */
function ezocFor(ps: PathSearch, h: number): boolean {
  return ps.ezocStamp_hs[h * 2 + ps.side] === ps.posGen;
}

/** 10.3: does h hold an enemy leader, truck, GHQ or supply unit? */
function enemyPieceIn(ps: PathSearch, state: GameState, h: number): boolean {
  const e = ps.enemy;
  return state.leaders_hs[h * 2 + e]! > 0 || state.csp_hs[h * 2 + e]! > 0 || state.ghq_s[e] === h || ps.enemyTruckStamp_h[h] === ps.gen;
}

/** 10.2, 10.3, 7.3 (I-9), 6.3 (I-7): may the mover enter hex h, and must it stop? (reason << 4) | flags, cached per search. */
export function hexStatus(ps: PathSearch, h: number): number {
  if (ps.statusStamp_n[h] === ps.gen) return ps.status_n[h]!;
  const state = ps.state!,
    side = ps.side,
    enemy = ps.enemy;
  let flags = 0,
    reason = 0;
  const ezoc = ezocFor(ps, h);
  if (ezoc) flags |= FLAG_EZOC;
  if (state.combat_hs[h * 2 + enemy]! > 0)
    reason = R_ENEMY_COMBAT; // 10.2
  else if (enemyPieceIn(ps, state, h)) {
    // reading (I-44): a stack holding a combat unit displaces them first, so its leaders may follow (10.3).
    if (ps.combatMover) flags |= FLAG_DISPLACE;
    else reason = R_ENEMY_PIECE;
  }
  if (reason === 0 && ps.truce && state.control_h[h] === enemy) reason = R_TRUCE_SETTLEMENT; // 6.3(3), I-7
  if (reason === 0 && ezoc) {
    if (ps.truce && state.combat_hs[h * 2 + side] === 0)
      reason = R_TRUCE_EZOC; // 6.3(2), I-7
    else if (ps.leaderAlong || state.leaders_hs[h * 2 + side]! > 0)
      flags |= FLAG_STOP; // 7.3, I-9
    else reason = R_EZOC_NO_LEADER;
  }
  const status = (reason << 4) | flags;
  ps.statusStamp_n[h] = ps.gen;
  ps.status_n[h] = status;
  return status;
}

/** 10.6, I-11: may the mover enter clearing hexside s? Not if either adjacent hex is in an EZOC; never an end. */
export function clearingStatus(ps: PathSearch, s: number): number {
  const n = ps.size + s;
  if (ps.statusStamp_n[n] === ps.gen) return ps.status_n[n]!;
  const a = ps.sideHexA_s[s]!,
    b = ps.sideHexB_s[s]!;
  const ezoc = (a >= 0 && ezocFor(ps, a)) || (b >= 0 && ezocFor(ps, b));
  const status = ezoc ? (R_CLEARING_EZOC << 4) | FLAG_NO_END : FLAG_NO_END;
  ps.statusStamp_n[n] = ps.gen;
  ps.status_n[n] = status;
  return status;
}

/** 10.5, TEC: the cost added for crossing river hexside s between a and b, or PROHIBITED. */
function riverCost(ps: PathSearch, s: number, a: number, b: number): number {
  const c = ps.costs,
    pg = ps.posGen,
    side = ps.side;
  let cost = c.river;
  if (ps.engineerAlong || ps.engineerStamp_hs[a * 2 + side] === pg || (b >= 0 && ps.engineerStamp_hs[b * 2 + side] === pg))
    cost = cheaper(cost, c.riverEngineer);
  if (s === ps.map.ferrySide) cost = cheaper(cost, c.ferry);
  return cost;
}

/** 10.4, 10.7-10.9, I-10: the cost of each step code before any river: road or terrain rate, or -reason. */
function fillStepCosts(out: Int32Array, costs: MoveCosts): void {
  let min = 0x7fffffff,
    minOffRoad = 0x7fffffff;
  for (let code = 0; code < STEP_CODES; code++) {
    const t = code >> STEP_TERRAIN_SHIFT;
    // reading (I-43): along the road the hex's terrain is ignored, prohibitions included (10.7, 10.9 "Except when on roads").
    const cost = t === OUTSIDE ? -R_OUTSIDE : (code & STEP_ROAD) !== 0 ? costs.road : costs.enter_t[t]!;
    out[code] = cost === PROHIBITED ? -R_TERRAIN : cost;
    if (out[code]! < 0) continue;
    min = Math.min(min, cost);
    if ((code & STEP_ROAD) === 0) minOffRoad = Math.min(minOffRoad, cost);
  }
  out[STEP_MIN] = min;
  out[STEP_MIN_OFF_ROAD] = minOffRoad;
}

/** 10.4-10.9, 14.5, I-10: terrain, road and river cost of the step from hex a across direction d into hex b; -reason if prohibited. */
export function hexStepTerrain(ps: PathSearch, a: number, d: number, b: number): number {
  const i = a * DIRECTIONS + d;
  let code = ps.stepCode_hd[i]!;
  // 14.5: a trail makes the hex entered Clear (beyond the border it stays prohibited).
  if (ps.trail_h[b] !== 0 && code >> STEP_TERRAIN_SHIFT !== OUTSIDE)
    code = (code & (STEP_ROAD | STEP_RIVER)) | (CLEAR << STEP_TERRAIN_SHIFT);
  const cost = ps.step_c[code]!;
  if (cost < 0 || (code & STEP_RIVER) === 0) return cost;
  const r = riverCost(ps, ps.side_hd[i]!, a, b);
  return r === PROHIBITED ? -R_RIVER : cost + r; // I-10: the river adds its cost on a road too
}
