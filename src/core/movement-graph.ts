// The movement graph (10, 10.6, 10.12, I-11, I-13): node ids, per-map geometry and per-search scratch
// (PathSearch), and the step functions the search and the path check share. Each step function
// returns its cost in sixths of an MP, or -reason (R_*) when the step is illegal.
import { DIRECTIONS, NO_HEX } from './hex.js';
import { CLEAR, OUTSIDE, type GameMap } from './map.js';
import { ENGINEER } from './counters.js';
import {
  BOX_COST, EXIT_COST, MOVER_COMBAT, MOVER_LEADER, cheaper, createMoveCosts, effectiveAllowance, fillMoveCosts,
  type Mover, type MoveCosts,
} from './movement-cost.js';
import { PAR, otherSide, type Side } from './side.js';
import { GONE, boxLocation, boxOf, isBox, type GameState } from './state.js';
import { PROHIBITED, type Tables } from './tables.js';
import { inEzoc } from './zoc.js';

/** flags_n bits. */
export const FLAG_STOP = 1; // the mover must stop here (EZOC 7.3, "1 turn" box 10.12, exit I-13)
export const FLAG_NO_END = 2; // the mover may pass but not end here (clearing hexside, 10.6)
export const FLAG_DISPLACE = 4; // enemy non-combat pieces here, displaced by the moving combat unit (10.3)
export const FLAG_EZOC = 8; // the hex is in an EZOC of the mover (7.3)

/** Why a step is illegal (a negative edge cost is -reason). Messages: movement-check.ts. */
export const R_ENEMY_COMBAT = 1, R_ENEMY_PIECE = 2, R_TRUCE_SETTLEMENT = 3, R_TRUCE_EZOC = 4, R_EZOC_NO_LEADER = 5,
  R_CLEARING_EZOC = 6, R_LEAVE_EZOC = 7, R_OUTSIDE = 8, R_TERRAIN = 9, R_RIVER = 10, R_ENEMY_BOX = 11, R_TURN_BOX = 12,
  R_REACTION_TURN_BOX = 13, R_ENTRANCE_ENEMY = 14, R_EXIT = 15, R_NOT_ADJACENT = 16;

export const UNREACHED = -1;

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

  // Per-search scratch, valid where the stamp equals gen.
  gen = 0;
  readonly statusStamp_n: Uint32Array;
  readonly status_n: Uint16Array;
  /**
   * Facts that change only when a combat unit moves (state.version): friendly engineers and EZOCs,
   * per hex and side [h * 2 + side], valid where the stamp equals posGen. Kept across searches.
   */
  posGen = 0;
  posState: GameState | null = null;
  posVersion = -1;
  readonly engineerStamp_hs: Uint32Array;
  readonly ezocStamp_hs: Uint32Array;
  readonly ezoc_hs: Uint8Array;
  readonly enemyTruckStamp_h: Uint32Array;
  // Bucket queue: head_c per cost, intrusive doubly linked lists over nodes.
  head_c: Int32Array;
  readonly next_n: Int32Array;
  readonly prev_n: Int32Array;
  // The prepared mover.
  costs: MoveCosts;
  /** The rates of every mover class and weather (costKey), filled from costTables on first use. */
  readonly costsByKey: MoveCosts[] = [];
  readonly costFilled: Uint8Array = new Uint8Array(16);
  costTables: Tables | null = null;
  state: GameState | null = null;
  mover: Mover | null = null;
  side: Side = PAR;
  enemy: Side = PAR;
  allowance = 0;
  exitRow = 0;
  startEzoc = false;
  // Hot arrays and mover facts copied to plain fields (read on every step).
  readonly terrain_h: Uint8Array;
  readonly road_s: Uint8Array;
  readonly river_s: Uint8Array;
  readonly side_hd: Int32Array;
  trail_h: Uint8Array;
  enter_t: Int32Array;
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
    const A = new Int32Array(this.sideCount).fill(-1), B = new Int32Array(this.sideCount).fill(-1);
    const dirA = new Int8Array(this.sideCount).fill(-1);
    for (let h = 0; h < this.size; h++) {
      for (let d = 0; d < DIRECTIONS; d++) {
        const s = side_hd[h * DIRECTIONS + d]!, n = neighbour_hd[h * DIRECTIONS + d]!;
        if (d < 3 || n === NO_HEX) { A[s] = h; B[s] = n; dirA[s] = d; }
      }
    }
    const corners = new Int32Array(this.sideCount * 4).fill(-1);
    for (let s = 0; s < this.sideCount; s++) {
      const a = A[s]!, d = dirA[s]!;
      if (a < 0) continue;
      const b = B[s]!, d1 = (d + 5) % 6, d2 = (d + 1) % 6;
      const c1 = neighbour_hd[a * DIRECTIONS + d1]!, c2 = neighbour_hd[a * DIRECTIONS + d2]!;
      corners[s * 4] = side_hd[a * DIRECTIONS + d1]!; // A|C1
      corners[s * 4 + 1] = side_hd[a * DIRECTIONS + d2]!; // A|C2
      // B|C1: from B, C1 lies in direction d+4; from C1, B lies in direction d+1.
      corners[s * 4 + 2] = b !== NO_HEX ? side_hd[b * DIRECTIONS + (d + 4) % 6]! : c1 !== NO_HEX ? side_hd[c1 * DIRECTIONS + d2]! : -1;
      // B|C2: from B, C2 lies in direction d+2; from C2, B lies in direction d+5.
      corners[s * 4 + 3] = b !== NO_HEX ? side_hd[b * DIRECTIONS + (d + 2) % 6]! : c2 !== NO_HEX ? side_hd[c2 * DIRECTIONS + d1]! : -1;
    }
    this.sideHexA_s = A;
    this.sideHexB_s = B;
    this.cornerSides_s4 = corners;
    const start = new Int32Array(this.size + 1), list: number[] = [];
    for (let h = 0; h < this.size; h++) {
      start[h] = list.length;
      map.boxes.forEach((box, b) => { if (box.hexes.includes(h)) list.push(b); });
    }
    start[this.size] = list.length;
    this.boxStart_h = start;
    this.boxList = Int32Array.from(list);
    this.clearingDirs_h = new Uint8Array(this.size);
    for (let h = 0; h < this.size; h++) {
      for (let d = 0; d < DIRECTIONS; d++) if (map.clearing_s[side_hd[h * DIRECTIONS + d]!] !== 0) this.clearingDirs_h[h]! |= 1 << d;
    }
    this.statusStamp_n = new Uint32Array(this.nodeCount);
    this.status_n = new Uint16Array(this.nodeCount);
    this.engineerStamp_hs = new Uint32Array(this.size * 2);
    this.ezocStamp_hs = new Uint32Array(this.size * 2);
    this.ezoc_hs = new Uint8Array(this.size * 2);
    for (let k = 0; k < 16; k++) this.costsByKey.push(createMoveCosts());
    this.costs = this.costsByKey[0]!;
    this.enter_t = this.costs.enter_t;
    this.terrain_h = map.terrain_h;
    this.road_s = map.road_s;
    this.river_s = map.river_s;
    this.side_hd = grid.side_hd;
    this.trail_h = new Uint8Array(this.size);
    this.enemyTruckStamp_h = new Uint32Array(this.size);
    this.head_c = new Int32Array(16 * 6 + 1).fill(-1);
    this.next_n = new Int32Array(this.nodeCount);
    this.prev_n = new Int32Array(this.nodeCount);
  }
}

const cache = new WeakMap<GameMap, PathSearch>();

/** The PathSearch of a map, built on first use. */
export function pathSearchFor(map: GameMap): PathSearch {
  let ps = cache.get(map);
  if (!ps) { ps = new PathSearch(map); cache.set(map, ps); }
  return ps;
}

/** Node ids (see the file header). */
export function clearingNode(ps: PathSearch, side: number): number { return ps.size + side; }
export function boxNode(ps: PathSearch, box: number): number { return ps.boxBase + box; }
export function isHexNode(ps: PathSearch, n: number): boolean { return n >= 0 && n < ps.size; }
export function isClearingNode(ps: PathSearch, n: number): boolean { return n >= ps.size && n < ps.boxBase; }
export function isBoxNode(ps: PathSearch, n: number): boolean { return n >= ps.boxBase && n < ps.exitNode; }

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
    ps.statusStamp_n.fill(0); ps.enemyTruckStamp_h.fill(0);
  }
  const gen = ps.gen;
  ps.state = state;
  ps.mover = mover;
  ps.side = mover.side;
  ps.enemy = otherSide(mover.side);
  ps.allowance = effectiveAllowance(mover);
  ps.exitRow = mover.side === PAR ? ps.map.grid.firstRow : ps.map.grid.lastRow; // I-13
  // The rates depend only on the mover's classes and the weather: 16 tables, filled once.
  if (ps.costTables !== state.tables) { ps.costTables = state.tables; ps.costFilled.fill(0); }
  const key = (state.rainy ? 1 : 0) | (mover.mech ? 2 : 0) | (mover.nonMech || !mover.mech ? 4 : 0) | (mover.artillery ? 8 : 0);
  ps.costs = ps.costsByKey[key]!;
  if (ps.costFilled[key] === 0) { fillMoveCosts(ps.costs, state.tables, state.rainy, mover); ps.costFilled[key] = 1; }
  ps.enter_t = ps.costs.enter_t;
  ps.trail_h = state.trail_h;
  ps.leaderAlong = mover.kind === MOVER_LEADER || mover.withLeader;
  ps.combatMover = mover.kind === MOVER_COMBAT;
  ps.engineerAlong = mover.engineer;
  ps.truce = state.truce;
  if (ps.posState !== state || ps.posVersion !== state.version) {
    if (++ps.posGen >= 0xffffffff) { ps.posGen = 1; ps.engineerStamp_hs.fill(0); ps.ezocStamp_hs.fill(0); }
    ps.posState = state; ps.posVersion = state.version;
    const { loc_u } = state, { side_u, type_u } = state.counters, pg = ps.posGen;
    for (let u = 0; u < loc_u.length; u++) {
      const loc = loc_u[u]!;
      if (loc >= 0 && type_u[u] === ENGINEER) ps.engineerStamp_hs[loc * 2 + side_u[u]!] = pg;
    }
  }
  const { loc_t, side_t } = state;
  for (let t = 0; t < loc_t.length; t++) {
    const loc = loc_t[t]!;
    if (loc >= 0 && side_t[t] === ps.enemy) ps.enemyTruckStamp_h[loc] = gen;
  }
  ps.startEzoc = false;
}

/** 7.3: is h in an EZOC of `side`? zoc.ts's answer, cached until a combat unit moves (state.version). */
function ezocFor(ps: PathSearch, state: GameState, h: number, side: Side): boolean {
  const i = h * 2 + side;
  if (ps.ezocStamp_hs[i] !== ps.posGen) { ps.ezoc_hs[i] = inEzoc(state, h, side) ? 1 : 0; ps.ezocStamp_hs[i] = ps.posGen; }
  return ps.ezoc_hs[i] === 1;
}

/** 10.3: does h hold an enemy leader, truck, GHQ or supply unit? */
function enemyPieceIn(ps: PathSearch, state: GameState, h: number): boolean {
  const e = ps.enemy;
  return state.leaders_hs[h * 2 + e]! > 0 || state.csp_hs[h * 2 + e]! > 0 || state.ghq_s[e] === h || ps.enemyTruckStamp_h[h] === ps.gen;
}

/** 10.2, 10.3, 7.3 (I-9), 6.3 (I-7): may the mover enter hex h, and must it stop? (reason << 4) | flags, cached per search. */
export function hexStatus(ps: PathSearch, h: number): number {
  if (ps.statusStamp_n[h] === ps.gen) return ps.status_n[h]!;
  const state = ps.state!, side = ps.side, enemy = ps.enemy;
  let flags = 0, reason = 0;
  const ezoc = ezocFor(ps, state, h, side);
  if (ezoc) flags |= FLAG_EZOC;
  if (state.combat_hs[h * 2 + enemy]! > 0) reason = R_ENEMY_COMBAT; // 10.2
  else if (enemyPieceIn(ps, state, h)) {
    // reading: a stack holding a combat unit displaces them first, so its leaders may follow (10.3).
    if (ps.combatMover) flags |= FLAG_DISPLACE; else reason = R_ENEMY_PIECE;
  }
  if (reason === 0 && ps.truce && state.control_h[h] === enemy) reason = R_TRUCE_SETTLEMENT; // 6.3(3), I-7
  if (reason === 0 && ezoc) {
    if (ps.truce && state.combat_hs[h * 2 + side] === 0) reason = R_TRUCE_EZOC; // 6.3(2), I-7
    else if (ps.leaderAlong || state.leaders_hs[h * 2 + side]! > 0) flags |= FLAG_STOP; // 7.3, I-9
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
  const a = ps.sideHexA_s[s]!, b = ps.sideHexB_s[s]!;
  const ezoc = (a >= 0 && (hexStatus(ps, a) & FLAG_EZOC) !== 0) || (b >= 0 && (hexStatus(ps, b) & FLAG_EZOC) !== 0);
  const status = ezoc ? (R_CLEARING_EZOC << 4) | FLAG_NO_END : FLAG_NO_END;
  ps.statusStamp_n[n] = ps.gen;
  ps.status_n[n] = status;
  return status;
}

/** 14.5: a trail makes its hex Clear for all purposes. */
function terrainOf(ps: PathSearch, h: number): number {
  return ps.trail_h[h] !== 0 ? CLEAR : ps.terrain_h[h]!;
}

/** 10.5, TEC: the cost added for crossing river hexside s between a and b, or PROHIBITED. */
function riverCost(ps: PathSearch, s: number, a: number, b: number): number {
  const c = ps.costs, pg = ps.posGen, side = ps.side;
  let cost = c.river;
  if (ps.engineerAlong || ps.engineerStamp_hs[a * 2 + side] === pg || (b >= 0 && ps.engineerStamp_hs[b * 2 + side] === pg)) cost = cheaper(cost, c.riverEngineer);
  if (s === ps.map.ferrySide) cost = cheaper(cost, c.ferry);
  return cost;
}

/** 10.4-10.9, 14.5, I-10: terrain, road and river cost of the step from hex a across direction d into hex b; -reason if prohibited. */
export function hexStepTerrain(ps: PathSearch, a: number, d: number, b: number): number {
  const t = ps.terrain_h[b]!;
  if (t === OUTSIDE) return -R_OUTSIDE;
  const s = ps.side_hd[a * DIRECTIONS + d]!;
  // reading: along the road the hex's terrain is ignored, prohibitions included (10.7, 10.9 "Except when on roads").
  let cost = ps.road_s[s] !== 0 ? ps.costs.road : ps.enter_t[ps.trail_h[b] !== 0 ? CLEAR : t]!;
  if (cost === PROHIBITED) return -R_TERRAIN;
  if (ps.river_s[s] !== 0) {
    const r = riverCost(ps, s, a, b);
    if (r === PROHIBITED) return -R_RIVER;
    cost += r; // I-10: the river adds its cost on a road too
  }
  return cost;
}

/** Entering hex b other than across a hexside (off a clearing, out of a box): its terrain cost only. */
function enterTerrain(ps: PathSearch, b: number): number {
  if (ps.map.terrain_h[b] === OUTSIDE) return -R_OUTSIDE;
  const cost = ps.costs.enter_t[terrainOf(ps, b)]!;
  return cost === PROHIBITED ? -R_TERRAIN : cost;
}

/** 10.2-10.9, 7.3: the full cost of the step hex a → adjacent hex b (direction d); `first` when a is the start. */
export function hexToHex(ps: PathSearch, a: number, d: number, b: number, first: boolean): number {
  const st = hexStatus(ps, b);
  if (st >> 4 !== 0) return -(st >> 4);
  // 7.3, I-9: the first hex out of an EZOC has none. reading: for leaders too ("a unit").
  if (first && ps.startEzoc && (st & FLAG_EZOC) !== 0) return -R_LEAVE_EZOC;
  return hexStepTerrain(ps, a, d, b);
}

/** 10.6, I-11: the step from a hex onto one of its clearing hexsides s, or between two clearing hexsides: the Clear rate. */
export function toClearing(ps: PathSearch, s: number): number {
  const st = clearingStatus(ps, s);
  return st >> 4 !== 0 ? -(st >> 4) : ps.costs.clear;
}

/** 10.6, I-11: stepping off clearing hexside s into adjacent hex b costs b's terrain. */
export function clearingToHex(ps: PathSearch, b: number): number {
  const st = hexStatus(ps, b);
  return st >> 4 !== 0 ? -(st >> 4) : enterTerrain(ps, b);
}

/** 10.12: the step from entrance hex h into own box b; a "1 turn" box only from the phase's start hex, not in reaction. */
export function hexToBox(ps: PathSearch, box: number, first: boolean): number {
  const b = ps.map.boxes[box]!, mover = ps.mover!;
  if (b.side !== ps.side) return -R_ENEMY_BOX;
  if (b.cost === 'mp') return BOX_COST;
  if (mover.reaction) return -R_REACTION_TURN_BOX;
  if (!first || !mover.phaseStart) return -R_TURN_BOX;
  return ps.allowance; // reading: a "1 turn" box takes the whole move
}

/** 10.12: box to joined box, only along "1 MP" boxes, 1 MP each. */
export function boxToBox(ps: PathSearch, from: number, to: number): number {
  const a = ps.map.boxes[from]!, b = ps.map.boxes[to]!;
  if (b.side !== ps.side) return -R_ENEMY_BOX;
  if (a.cost !== 'mp' || b.cost !== 'mp') return -R_TURN_BOX;
  return BOX_COST;
}

/** 10.12: re-entering the map from a box at joined entrance hex h: not into an enemy-occupied hex; pays h's terrain. */
export function boxToHex(ps: PathSearch, box: number, h: number, first: boolean): number {
  const b = ps.map.boxes[box]!, mover = ps.mover!;
  if (b.side !== ps.side) return -R_ENEMY_BOX;
  if (b.cost === 'turn') {
    if (mover.reaction) return -R_REACTION_TURN_BOX;
    if (!first) return -R_TURN_BOX;
  }
  const st = hexStatus(ps, h);
  if ((st & FLAG_DISPLACE) !== 0 || st >> 4 === R_ENEMY_COMBAT || st >> 4 === R_ENEMY_PIECE) return -R_ENTRANCE_ENEMY;
  return st >> 4 !== 0 ? -(st >> 4) : enterTerrain(ps, h); // reading: the entrance hex's terrain, no road or river
}

/** I-13: a combat unit on the opponent's map edge may leave the map for 1 MP. */
export function hexToExit(ps: PathSearch, h: number): number {
  return ps.mover!.kind === MOVER_COMBAT && ps.map.grid.row_h[h] === ps.exitRow ? EXIT_COST : -R_EXIT;
}
