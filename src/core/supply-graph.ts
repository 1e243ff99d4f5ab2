// Path machinery shared by supply: LOC (8.6), supply radius (8.7, 8.11), isolation (8.13), cut-off (8.2).
//
// The graph's nodes are the hexes (0..size-1) plus one node per clearing hexside (size + k), because
// LOCs, radii and isolation paths may run along clearings as Clear (10.6, I-11). Every edge is
// undirected as to adjacency; its cost is the cost of entering the node at its far end, so a forward
// search ("from the provider, not counted, to the unit, counted") and a reverse search ("how far from
// here to the GHQ") use the same edge function with the roles swapped.
//
// Costs are small integers (LOC points, or sixths of an MP, I-10), so searches (supply-search.ts) are
// Dial's bucket-queue Dijkstra over circular buckets. Everything a search touches lives in a scratch
// record allocated once per map; hex blocking (enemy units, unnegated EZOCs, enemy settlements) is
// evaluated lazily per call and cached by a call stamp, so a radius search bounded to a few hexes never
// looks at the rest of the map.
//
// The per-step costs here are supply's own reading of the Terrain Effects Chart, written independently
// of the movement code: terrain (a trail makes Bush/Hill/Mountain Clear, 14.5) or the road rate when
// the step follows the road's hexside (10.7), plus the river hexside cost (ferry rate at the ferry
// hexside, engineer rate when a friendly engineer is in either hex of the hexside, 10.5).
import { DIRECTIONS } from './hex.js';
import { CLEAR, OUTSIDE, type GameMap } from './map.js';
import { CAVALRY, ENGINEER, INFANTRY } from './counters.js';
import { otherSide, type Side } from './side.js';
import type { GameState } from './state.js';
import { PROHIBITED, type CostPair } from './tables.js';
import { zocInto } from './zoc.js';

/** What a search measures: LOC points (8.6), non-mech or mech MP in sixths (8.7, 8.11), or bare connection (8.13, 8.2). */
export const MODE_LOC = 0,
  MODE_MP = 1,
  MODE_MECH = 2,
  MODE_PATH = 3;
export type SearchMode = 0 | 1 | 2 | 3;

/** Why a hex cannot be entered by a supply path of the side (cached per call in block_h). */
export const BLOCK_ENEMY = 1,
  BLOCK_EZOC = 2,
  BLOCK_SETTLEMENT = 4;

/** cost_h value of a hex the mode's paths may not enter at all (blocked, or beyond the border). */
export const BLOCKED = -2;
/** feature_s bits: hexsides where a step is not just "the terrain of the hex entered". */
const ROAD = 1,
  RIVER = 2;

/** Distance of a node no search has reached. */
export const UNREACHED = 0x3fffffff;

export interface SupplyScratch {
  readonly map: GameMap;
  readonly size: number;
  /** Hexes plus clearing hexsides. */
  readonly nodes: number;
  /** Clearing node index k of a hexside id, or -1. */
  readonly clearing_s: Int32Array;
  /** The two hexes of clearing k: [k * 2], [k * 2 + 1]. */
  readonly clearingHex_k: Int32Array;
  /** Up to four clearings sharing a corner with clearing k: [k * 4 + j], -1 when none. */
  readonly clearingAdj_k: Int32Array;
  /** 1 when the hex has a river hexside (8.13 water, I-21). */
  readonly riverHex_h: Uint8Array;
  /** ROAD | RIVER bits per hexside id. */
  readonly feature_s: Uint8Array;
  /** 1 when none of the hex's six hexsides has a road, river or clearing: every step out of it or into it is the terrain's (runSearch's plain loop). */
  readonly plain_h: Uint8Array;

  // Per call: the stamp marks which cached per-hex facts belong to the current call.
  stamp: number;
  readonly stamp_h: Uint32Array;
  readonly block_h: Uint8Array;
  readonly engineer_h: Uint32Array;
  readonly truck_h: Uint32Array;
  readonly mark_h: Uint32Array;
  /** Hexes next to an enemy infantry/cavalry unit this call: the only ones zocInto can say yes to (7.1). */
  readonly nearEnemy_h: Uint32Array;
  state: GameState | null;
  side: Side;
  enemy: Side;
  truce: boolean;

  // Per search mode: the cost of entering each hex by its terrain (BLOCKED, PROHIBITED or a cost), cached lazily;
  // one slot per mode and weather (costSlots), which setMode points these at.
  costStamp: number;
  costStamp_h: Uint32Array;
  cost_h: Int32Array;
  readonly costSlots: CostSlot[];
  mode: SearchMode;
  blockMask: number;
  readonly terrainCost: Int32Array;
  roadCost: number;
  clearCost: number;
  riverCost: number;
  riverEngineerCost: number;
  ferryCost: number;
  ferryEngineerCost: number;
  maxStep: number;
  /** The cheapest single step of the mode (a lower bound per hex for goal-directed searches). */
  minStep: number;

  // Distances, one array per kind of search so that results of one do not clobber another.
  readonly locFrom_n: Int32Array;
  readonly locTo_n: Int32Array;
  readonly mp_n: Int32Array;
  readonly mech_n: Int32Array;

  // Goal-directed searches (supply-goal.ts): per-node visit stamps, lower bounds, parents and verdicts.
  visitStamp: number;
  readonly visit_n: Uint32Array;
  readonly bound_n: Int32Array;
  readonly parent_n: Int32Array;
  /** Connection verdicts of one isolation question: stamp = known connected (alive) or not (dead). */
  verdictStamp: number;
  readonly alive_n: Uint32Array;
  readonly dead_n: Uint32Array;
  /** Buckets by distance to the goal for the best-first search (non-circular, one per hex distance). */
  readonly goalHead: Int32Array;

  // Circular bucket queue (Dial): entries are a bump-allocated linked list per bucket; the ring's length is a power of two (growRing).
  head_b: Int32Array;
  readonly entryNode: Int32Array;
  readonly entryNext: Int32Array;
  top: number;
  count: number;
}

/** The entry costs of one mode and weather, valid where costStamp_h equals stamp, worked out in call `call` (a call's stamp). */
interface CostSlot {
  stamp: number;
  call: number;
  readonly costStamp_h: Uint32Array;
  readonly cost_h: Int32Array;
}

const cache = new WeakMap<GameMap, SupplyScratch>();

/** The scratch of a map, created on first use and reused by every supply search on that map. */
export function supplyScratch(map: GameMap): SupplyScratch {
  let sc = cache.get(map);
  if (!sc) {
    sc = createSupplyScratch(map);
    cache.set(map, sc);
  }
  return sc;
}

/** 10.6, I-11: the clearing nodes and their adjacency; river hexes for water (I-21). */
export function createSupplyScratch(map: GameMap): SupplyScratch {
  const { grid } = map;
  const size = grid.size;
  const clearing_s = new Int32Array(grid.sideCount).fill(-1);
  const hexes: number[] = [];
  const sides: number[] = [];
  for (let h = 0; h < size; h++) {
    for (let d = 0; d < DIRECTIONS; d++) {
      const n = grid.neighbour_hd[h * DIRECTIONS + d]!;
      const s = grid.side_hd[h * DIRECTIONS + d]!;
      if (n < 0 || map.clearing_s[s] === 0 || clearing_s[s]! >= 0) continue;
      clearing_s[s] = sides.length;
      sides.push(s);
      hexes.push(h, n);
    }
  }
  const nc = sides.length;
  const clearingHex_k = Int32Array.from(hexes);
  const clearingAdj_k = new Int32Array(nc * 4).fill(-1);
  for (let k = 0; k < nc; k++) {
    // The side of h facing d touches, at its two corners, the sides of h facing d-1 and d+1 and the
    // sides of the neighbour n across it facing d+4 and d+2 (hex directions: e(d+1) = e(d) + e(d+2)).
    const h = clearingHex_k[k * 2]!,
      n = clearingHex_k[k * 2 + 1]!;
    let d = 0;
    while (grid.neighbour_hd[h * DIRECTIONS + d] !== n) d++;
    const touching = [
      grid.side_hd[h * DIRECTIONS + ((d + 5) % 6)]!,
      grid.side_hd[h * DIRECTIONS + ((d + 1) % 6)]!,
      grid.side_hd[n * DIRECTIONS + ((d + 4) % 6)]!,
      grid.side_hd[n * DIRECTIONS + ((d + 2) % 6)]!,
    ];
    let j = 0;
    for (const s of touching) {
      const k2 = clearing_s[s]!;
      if (k2 >= 0) clearingAdj_k[k * 4 + j++] = k2;
    }
  }
  const riverHex_h = new Uint8Array(size);
  for (let h = 0; h < size; h++) {
    for (let d = 0; d < DIRECTIONS; d++) if (map.river_s[grid.side_hd[h * DIRECTIONS + d]!] !== 0) riverHex_h[h] = 1;
  }
  const feature_s = new Uint8Array(grid.sideCount);
  for (let id = 0; id < grid.sideCount; id++) feature_s[id] = (map.road_s[id] !== 0 ? ROAD : 0) | (map.river_s[id] !== 0 ? RIVER : 0);
  const plain_h = new Uint8Array(size);
  for (let h = 0; h < size; h++) {
    let plain = 1;
    for (let d = 0; d < DIRECTIONS; d++) {
      const id = grid.side_hd[h * DIRECTIONS + d]!;
      if (feature_s[id] !== 0 || clearing_s[id]! >= 0) plain = 0;
    }
    plain_h[h] = plain;
  }
  const nodes = size + nc;
  const capacity = nodes * 13 + 16;
  const costSlots: CostSlot[] = [];
  for (let i = 0; i < 8; i++) costSlots.push({ stamp: 0, call: 0, costStamp_h: new Uint32Array(size), cost_h: new Int32Array(size) });
  return {
    map,
    size,
    nodes,
    clearing_s,
    clearingHex_k,
    clearingAdj_k,
    riverHex_h,
    feature_s,
    plain_h,
    stamp: 0,
    stamp_h: new Uint32Array(size),
    block_h: new Uint8Array(size),
    engineer_h: new Uint32Array(size),
    truck_h: new Uint32Array(size),
    mark_h: new Uint32Array(size),
    nearEnemy_h: new Uint32Array(size),
    state: null,
    side: 0,
    enemy: 1,
    truce: false,
    costStamp: 0,
    costStamp_h: costSlots[0]!.costStamp_h,
    cost_h: costSlots[0]!.cost_h,
    costSlots,
    mode: MODE_LOC,
    blockMask: 0,
    terrainCost: new Int32Array(6),
    roadCost: 0,
    clearCost: 0,
    riverCost: 0,
    riverEngineerCost: 0,
    ferryCost: 0,
    ferryEngineerCost: 0,
    maxStep: 1,
    minStep: 0,
    locFrom_n: new Int32Array(nodes),
    locTo_n: new Int32Array(nodes),
    mp_n: new Int32Array(nodes),
    mech_n: new Int32Array(nodes),
    visitStamp: 0,
    visit_n: new Uint32Array(nodes),
    bound_n: new Int32Array(nodes),
    parent_n: new Int32Array(nodes),
    verdictStamp: 0,
    alive_n: new Uint32Array(nodes),
    dead_n: new Uint32Array(nodes),
    goalHead: new Int32Array(grid.columns + grid.rows + 2),
    head_b: new Int32Array(64).fill(-1),
    entryNode: new Int32Array(capacity),
    entryNext: new Int32Array(capacity),
    top: 0,
    count: 0,
  };
}

/**
 * Starts a call for `side`: a new stamp (so cached hex facts are recomputed for this state), and the
 * hexes holding the side's engineers (10.5) and attached trucks (8.11).
 */
export function beginCall(state: GameState, side: Side): SupplyScratch {
  const sc = supplyScratch(state.map);
  sc.stamp = (sc.stamp + 1) >>> 0;
  if (sc.stamp === 0) {
    sc.stamp_h.fill(0);
    sc.engineer_h.fill(0);
    sc.truck_h.fill(0);
    sc.mark_h.fill(0);
    sc.nearEnemy_h.fill(0);
    for (const slot of sc.costSlots) slot.call = 0;
    sc.stamp = 1;
  }
  sc.state = state;
  sc.side = side;
  sc.enemy = otherSide(side);
  sc.truce = state.truce;
  const { loc_u } = state,
    { side_u, type_u } = state.counters;
  const { neighbour_hd } = state.map.grid;
  for (let u = 0; u < loc_u.length; u++) {
    const h = loc_u[u]!;
    if (h < 0) continue;
    const type = type_u[u];
    if (side_u[u] === side) {
      if (type === ENGINEER) sc.engineer_h[h] = sc.stamp;
    } else if (type === INFANTRY || type === CAVALRY) {
      for (let d = 0; d < DIRECTIONS; d++) {
        const n = neighbour_hd[h * DIRECTIONS + d]!;
        if (n >= 0) sc.nearEnemy_h[n] = sc.stamp;
      }
    }
  }
  const { loc_t, side_t, attached_t } = state;
  for (let t = 0; t < loc_t.length; t++) {
    const h = loc_t[t]!;
    if (h >= 0 && side_t[t] === side && attached_t[t] !== 0) sc.truck_h[h] = sc.stamp;
  }
  return sc;
}

/** 8.11: is an attached truck of the side in hex h (this call)? */
export function truckAttachedAt(sc: SupplyScratch, h: number): boolean {
  return sc.truck_h[h] === sc.stamp;
}

/** Marks a hex for this call (a set without allocation); false when marked already. */
export function markOnce(sc: SupplyScratch, h: number): boolean {
  if (sc.mark_h[h] === sc.stamp) return false;
  sc.mark_h[h] = sc.stamp;
  return true;
}

function pick(pair: CostPair, w: number): number {
  return pair[w]!;
}

/**
 * Costs of the mode in the current weather (TEC dry/rainy; 8.7 "use the Rainy Season movement costs").
 * MODE_PATH (8.13, 8.2) takes the non-mech prohibitions and makes every allowed step cost 1.
 */
export function setMode(sc: SupplyScratch, mode: SearchMode): void {
  const state = sc.state!;
  const t = state.tables;
  const w = state.rainy ? 1 : 0;
  sc.mode = mode;
  // A slot's costs hold for the call (the position does not change within one: e.g. General Supply's rounds, 8.9).
  const slot = sc.costSlots[mode * 2 + w]!;
  if (slot.call !== sc.stamp) {
    slot.call = sc.stamp;
    slot.stamp = (slot.stamp + 1) >>> 0;
    if (slot.stamp === 0) {
      slot.costStamp_h.fill(0);
      slot.stamp = 1;
    }
  }
  sc.costStamp = slot.stamp;
  sc.costStamp_h = slot.costStamp_h;
  sc.cost_h = slot.cost_h;
  // 8.6, 8.7: LOC and radius are blocked by enemy combat units, unnegated EZOCs and enemy settlements;
  // I-20: an isolation path only by enemy combat units and unnegated EZOCs.
  sc.blockMask = mode === MODE_PATH ? BLOCK_ENEMY | BLOCK_EZOC : BLOCK_ENEMY | BLOCK_EZOC | BLOCK_SETTLEMENT;
  const key = mode === MODE_LOC ? 'loc' : mode === MODE_MECH ? 'mechMp' : 'mp';
  const hex = (c: number) => (mode !== MODE_PATH || c === PROHIBITED ? c : 1);
  const side = (c: number) => (mode !== MODE_PATH || c === PROHIBITED ? c : 0);
  for (let tr = 0; tr < 6; tr++) sc.terrainCost[tr] = tr === OUTSIDE ? PROHIBITED : hex(pick(t.terrain[tr]![key], w));
  sc.roadCost = hex(pick(t.road[key], w));
  sc.clearCost = sc.terrainCost[CLEAR]!;
  sc.riverCost = side(pick(t.river[key], w));
  sc.riverEngineerCost = side(pick(t.riverWithEngineer[key], w));
  if (mode === MODE_LOC) {
    // TEC: the ferry hexside's LOC cost is "as river".
    sc.ferryCost = sc.riverCost;
    sc.ferryEngineerCost = sc.riverEngineerCost;
  } else {
    sc.ferryCost = side(pick(t.ferry[mode === MODE_MECH ? 'mechMp' : 'mp'], w));
    sc.ferryEngineerCost = cheaper(sc.ferryCost, sc.riverEngineerCost);
  }
  let maxHex = Math.max(sc.roadCost, sc.clearCost);
  for (let tr = 0; tr < 6; tr++) maxHex = Math.max(maxHex, sc.terrainCost[tr]!);
  let minHex = maxHex;
  for (let tr = 0; tr < 6; tr++) if (sc.terrainCost[tr]! >= 0) minHex = Math.min(minHex, sc.terrainCost[tr]!);
  if (sc.roadCost >= 0) minHex = Math.min(minHex, sc.roadCost);
  sc.minStep = Math.max(0, minHex);
  const maxRiver = Math.max(0, sc.riverCost, sc.riverEngineerCost, sc.ferryCost, sc.ferryEngineerCost);
  sc.maxStep = Math.max(1, maxHex + maxRiver);
  growRing(sc, sc.maxStep + 1);
}

/** The bucket ring spans at least `span` keys; its length is a power of two, so a key's bucket is key & (length - 1). */
export function growRing(sc: SupplyScratch, span: number): void {
  if (sc.head_b.length >= span) return;
  let n = sc.head_b.length;
  while (n < span) n *= 2;
  sc.head_b = new Int32Array(n).fill(-1);
}

function cheaper(a: number, b: number): number {
  if (a === PROHIBITED) return b;
  if (b === PROHIBITED) return a;
  return Math.min(a, b);
}

/** 8.6, 8.7, 8.13, 6.3 (I-7): why hex h cannot be entered by the side's supply paths (lazily, once per call). */
export function blockFlags(sc: SupplyScratch, h: number): number {
  if (sc.stamp_h[h] === sc.stamp) return sc.block_h[h]!;
  const state = sc.state!;
  let f = 0;
  if (state.combat_hs[h * 2 + sc.enemy]! > 0) f |= BLOCK_ENEMY;
  // 7.8: a friendly combat unit negates the EZOC in its hex; 6.3 (I-7): no EZOC supply effects in a truce.
  if (!sc.truce && sc.nearEnemy_h[h] === sc.stamp && state.combat_hs[h * 2 + sc.side] === 0 && zocInto(state, h, sc.enemy)) f |= BLOCK_EZOC;
  if (state.control_h[h] === sc.enemy) f |= BLOCK_SETTLEMENT;
  sc.stamp_h[h] = sc.stamp;
  sc.block_h[h] = f;
  return f;
}

/** 8.6, 8.7, 14.5: the cost of entering hex h by its terrain alone (a trail makes it Clear), or BLOCKED; cached per mode. */
export function entryCost(sc: SupplyScratch, h: number): number {
  if (sc.costStamp_h[h] === sc.costStamp) return sc.cost_h[h]!;
  let c: number;
  const terrain = sc.map.terrain_h[h]!;
  if ((blockFlags(sc, h) & sc.blockMask) !== 0 || terrain === OUTSIDE) c = BLOCKED;
  else c = sc.terrainCost[sc.state!.trail_h[h] !== 0 ? CLEAR : terrain]!;
  sc.costStamp_h[h] = sc.costStamp;
  sc.cost_h[h] = c;
  return c;
}

/**
 * The cost of entering hex b from hex a across hexside s (s = -1: from a clearing, no road or river),
 * or PROHIBITED. 8.6 LOC costs, 8.7 radius costs, 10.5 rivers, 10.7 roads, 14.5 trails.
 */
export function enterHex(sc: SupplyScratch, a: number, b: number, s: number): number {
  const c = entryCost(sc, b);
  if (c === BLOCKED) return PROHIBITED;
  if (s < 0) return c;
  const f = sc.feature_s[s]!;
  return f === 0 ? c : sideStep(sc, a, b, s, c, f);
}

/** 10.5, 10.7 (I-10): a step a -> b across a road or river hexside s, from b's terrain cost c (not BLOCKED). */
export function sideStep(sc: SupplyScratch, a: number, b: number, s: number, c: number, f: number): number {
  // The road rate replaces the terrain only along the road's hexside (so Marsh is open to an LOC on a road, 8.6).
  if ((f & ROAD) !== 0) c = sc.roadCost;
  if (c === PROHIBITED) return PROHIBITED;
  if ((f & RIVER) !== 0) {
    const engineer = sc.engineer_h[a] === sc.stamp || sc.engineer_h[b] === sc.stamp;
    const rc = s === sc.map.ferrySide ? (engineer ? sc.ferryEngineerCost : sc.ferryCost) : engineer ? sc.riverEngineerCost : sc.riverCost;
    if (rc === PROHIBITED) return PROHIBITED;
    c += rc;
  }
  return c;
}

/** 10.6, I-11: entering clearing k costs Clear; not when either hex beside it is in an unnegated EZOC. */
export function enterClearing(sc: SupplyScratch, k: number): number {
  const a = sc.clearingHex_k[k * 2]!,
    b = sc.clearingHex_k[k * 2 + 1]!;
  if (((blockFlags(sc, a) | blockFlags(sc, b)) & BLOCK_EZOC) !== 0) return PROHIBITED;
  return sc.clearCost;
}
