// Supply sources and the Line of Communication: usable sources (8.4), the LOC (8.6), depots (8.8),
// and the supply radius an LOC gives (8.7). Rulings I-7, I-15, I-16, I-17, I-18, I-54.
import { NO_HEX } from './hex.js';
import type { SupplySource } from './map.js';
import { otherSide, type Side } from './side.js';
import type { GameState } from './state.js';
import type { Tables } from './tables.js';
import { inEzoc, zocInto } from './zoc.js';
import { MODE_LOC, UNREACHED, beginCall, setMode, type SupplyScratch } from './supply-graph.js';
import { resetSearch, runSearch, seed, stepsInto } from './supply-search.js';
import { newVisit, shortestLoc, shortestLocHexes } from './supply-goal.js';

/** 8.4 (I-18), 6.3: is hex h free of `enemy` combat units and of their ZOCs unnegated by the other side? */
function freeOf(state: GameState, h: number, enemy: Side): boolean {
  if (state.combat_hs[h * 2 + enemy]! > 0) return false;
  if (state.truce) return true; // 6.3 (I-7): EZOCs have no supply effects during a truce
  return state.combat_hs[h * 2 + otherSide(enemy)]! > 0 || !zocInto(state, h, enemy);
}

/** 8.4, reading (I-72): does hex h hold any piece of `enemy`: a combat unit, a leader, a truck, the GHQ or a CSP? */
function enemyPieceIn(state: GameState, h: number, enemy: Side): boolean {
  if (
    state.combat_hs[h * 2 + enemy]! > 0 ||
    state.leaders_hs[h * 2 + enemy]! > 0 ||
    state.csp_hs[h * 2 + enemy]! > 0 ||
    state.ghq_s[enemy] === h
  )
    return true;
  const { loc_t, side_t } = state;
  for (let t = 0; t < loc_t.length; t++) if (loc_t[t] === h && side_t[t] === enemy) return true;
  return false;
}

/**
 * 8.4 (I-18, I-54): can the source's side use it this instant? A friendly-controlled hex (reading (I-54):
 * every source hex starts controlled by its side and changes hands like any hex, 3.2) that holds no enemy
 * combat unit and is not in an unnegated EZOC;
 * the railhead only while it and every railroad hex are free of Bolivian combat units and their
 * unnegated ZOCs; Villa Montes only while it and every hex beside the river north of it are free of
 * Paraguayan units (reading (I-72): pieces of any kind) and their unnegated ZOCs.
 */
export function isUsableSource(state: GameState, source: SupplySource): boolean {
  const { map } = state;
  const h = source.hex;
  const enemy = otherSide(source.side);
  if (state.control_h[h] === enemy) return false;
  if (!freeOf(state, h, enemy)) return false;
  if (source.kind === 'railhead') {
    for (const r of map.railroad) if (!freeOf(state, r, enemy)) return false;
  } else if (source.kind === 'villa-montes') {
    for (const r of map.villaMontesRiverHexes) if (!freeOf(state, r, enemy) || enemyPieceIn(state, r, enemy)) return false;
  }
  return true;
}

/** 8.4 (I-18): the hexes of the side's usable supply sources, in map order. */
export function usableSources(state: GameState, side: Side, out: number[] = []): number[] {
  out.length = 0;
  for (const src of state.map.supplySources) if (src.side === side && isUsableSource(state, src)) out.push(src.hex);
  return out;
}

/** 8.4: is h a usable supply source of the side? */
export function isUsableSourceHex(state: GameState, side: Side, h: number): boolean {
  for (const src of state.map.supplySources) if (src.hex === h && src.side === side && isUsableSource(state, src)) return true;
  return false;
}

export interface Loc {
  readonly side: Side;
  /** The GHQ's hex, or a negative location when it is off the map. */
  readonly ghq: number;
  /** LOC length in LOC points (8.6, I-15), or -1 when there is no LOC. */
  readonly length: number;
  /** The first source (map order) at the start of a shortest LOC, or NO_HEX. */
  readonly source: number;
  /** Usable sources this call found (8.4). */
  readonly sources: readonly number[];
  /** 8.8 (I-16): friendly-controlled settlements on some shortest LOC: the hexes a depot may go on. */
  readonly depotHexes: readonly number[];
}

/**
 * 8.6 (I-15, I-16): the shortest LOC from any usable friendly source to the side's GHQ, by the LOC
 * cost column (source hex not counted, GHQ hex counted), and the settlements a depot may go on.
 */
export function traceLoc(state: GameState, side: Side): Loc {
  const sources = usableSources(state, side);
  const ghq = state.ghq_s[side]!;
  const none: Loc = { side, ghq, length: -1, source: NO_HEX, sources, depotHexes: [] };
  if (ghq < 0 || sources.length === 0) return none;
  const sc = beginCall(state, side);
  setMode(sc, MODE_LOC);
  const length = shortestLoc(sc, ghq, sources);
  if (length < 0) return none;
  const source = sources.find((h) => sc.locTo_n[h] === length)!;
  const depotHexes = shortestLocHexes(sc, sources, length).filter((h) => state.control_h[h] === side && isSettlement(state, h));
  return { side, ghq, length, source, sources, depotHexes };
}

function isSettlement(state: GameState, h: number): boolean {
  const p = state.map.place_h[h]!;
  return p >= 0 && state.map.places[p]!.settlement;
}

/** 8.2, 8.7: the Supply Table column of an LOC length, or -1 with no LOC. */
export function supplyColumn(tables: Tables, length: number): number {
  if (length < 0) return -1;
  const cols = tables.supply.columns;
  for (let c = 0; c < cols.length; c++) if (length <= cols[c]!.maxLoc) return c;
  return cols.length - 1;
}

/** 8.7 (I-17): the supply radius in MP an LOC length gives; tables.supply.noLocRadius with no LOC. */
export function radiusForLoc(tables: Tables, length: number): number {
  const c = supplyColumn(tables, length);
  return c < 0 ? tables.supply.noLocRadius : tables.supply.columns[c]!.radius;
}

let wanted: Uint8Array | null = null;

/**
 * 8.6 (I-15): the length of the LOC a GHQ in each hex would have now (source hex not counted, the GHQ's
 * counted), from the side's usable sources; -1 where no LOC reaches, or none within `budget` LOC points
 * when one is given. One search from every source at once; with `only` (hexes), it stops once those
 * are settled, and the hexes beyond may read -1.
 */
export function locLengths(
  state: GameState,
  side: Side,
  out: Int32Array = new Int32Array(state.map.grid.size),
  budget = UNREACHED - 1,
  only?: readonly number[],
): Int32Array {
  out.fill(-1);
  const sources = usableSources(state, side);
  if (sources.length === 0) return out;
  const sc = beginCall(state, side);
  setMode(sc, MODE_LOC);
  const from = sc.locFrom_n;
  resetSearch(sc, from);
  for (const h of sources) seed(sc, from, h);
  let final = budget;
  if (only !== undefined) {
    if (wanted === null || wanted.length !== from.length) wanted = new Uint8Array(from.length);
    let left = 0;
    for (const h of only)
      if (wanted[h] === 0) {
        wanted[h] = 1;
        left++;
      }
    final = left > 0 ? runSearch(sc, from, false, budget, wanted, left) : -1;
    for (const h of only) wanted[h] = 0;
  } else runSearch(sc, from, false, budget);
  for (let h = 0; h < sc.size; h++) if (from[h]! <= final) out[h] = from[h]!;
  field = { state, side, serial: ++fields, final, sources };
  return out;
}

/**
 * What the last locLengths call leaves in its scratch (sc.locFrom_n, written by no other search): the cost
 * from the nearest source to every node, final up to `final`. Valid until the next locLengths call.
 */
export interface LocField {
  readonly state: GameState;
  readonly side: Side;
  readonly serial: number;
  readonly final: number;
  readonly sources: readonly number[];
}
let field: LocField | null = null,
  fields = 0;

/** The field of the last locLengths call (see LocField), or null. */
export function lastLocField(): LocField | null {
  return field;
}

/**
 * 8.6, 8.8: traceLoc(state, side), read off `f` (no search of its own) when `f` is still the last locLengths
 * field and `state` has its LOC graph: `f`'s state, or a copy of it (shapeState, not copying) that differs
 * only in the side's GHQ, depots or trucks' attachment (the weather the same). The length is the field's at
 * the GHQ, when final; the hexes of every shortest LOC are those from which a step of the field's into the
 * next is tight down to the GHQ (the set shortestLocHexes reads off traceLoc's own search). Else traceLoc.
 */
export function traceLocAlong(f: LocField | null, state: GameState, side: Side): Loc {
  const ghq = state.ghq_s[side]!;
  if (f === null || f !== field || f.side !== side || !sameLocGraph(f.state, state, side) || ghq < 0) return traceLoc(state, side);
  const sc = beginCall(state, side);
  if (ghq >= sc.size) return traceLoc(state, side);
  const from = sc.locFrom_n;
  const length = from[ghq]!;
  if (length > f.final) return traceLoc(state, side); // not settled: an LOC beyond may still exist
  setMode(sc, MODE_LOC);
  const sources = f.sources; // usableSources(state, side): the same pieces, control and truce
  const w = walkFor(sc);
  w.visit = newVisit(sc);
  w.stackTop = 0;
  w.seen = 0;
  reach(w, ghq);
  while (w.stackTop > 0) {
    const n = w.stack_n[--w.stackTop]!;
    w.g = from[n]!;
    if (w.g > 0) stepsInto(sc, n, w.tight); // g = 0: a source (no shortest LOC passes through one)
  }
  const visit = w.visit,
    visit_n = sc.visit_n;
  const source = sources.find((h) => visit_n[h] === visit)!;
  const depotHexes: number[] = [];
  for (let i = 0; i < w.seen; i++) {
    const h = w.seen_n[i]!;
    if (h < sc.size && state.control_h[h] === side && isSettlement(state, h)) depotHexes.push(h);
  }
  return { side, ghq, length, source, sources, depotHexes: depotHexes.sort((a, b) => a - b) };
}

/** traceLocAlong's walk back from the GHQ, allocated once per scratch (3: no allocation in a search loop): each node enters it once. */
interface Walk {
  readonly sc: SupplyScratch;
  /** Nodes left to step back from, and every node reached, in the order reached. */
  readonly stack_n: Int32Array;
  readonly seen_n: Int32Array;
  stackTop: number;
  seen: number;
  visit: number;
  /** The field's cost at the node stepped back from. */
  g: number;
  /** stepsInto's visitor: m steps into the node at cost c; takes m when the field's step is tight (from[m] + c = g). */
  readonly tight: (m: number, c: number) => boolean;
}
let walk: Walk | null = null;
function walkFor(sc: SupplyScratch): Walk {
  if (walk?.sc === sc) return walk;
  const from = sc.locFrom_n;
  const w: Walk = {
    sc,
    stack_n: new Int32Array(sc.nodes),
    seen_n: new Int32Array(sc.nodes),
    stackTop: 0,
    seen: 0,
    visit: 0,
    g: 0,
    tight: (m, c) => {
      if (sc.visit_n[m] !== w.visit && from[m]! < UNREACHED && from[m]! + c === w.g) reach(w, m);
      return false;
    },
  };
  walk = w;
  return w;
}
function reach(w: Walk, n: number): void {
  w.sc.visit_n[n] = w.visit;
  w.stack_n[w.stackTop++] = n;
  w.seen_n[w.seen++] = n;
}

/** Do the two states have the same LOC graph for the side (8.4, 8.6): the same pieces, control, trails, weather and truce? */
function sameLocGraph(a: GameState, b: GameState, side: Side): boolean {
  if (a === b) return true;
  const enemy = otherSide(side);
  if (a.map !== b.map || a.tables !== b.tables || a.counters !== b.counters || a.rainy !== b.rainy || a.truce !== b.truce) return false;
  if (a.ghq_s[enemy] !== b.ghq_s[enemy] || a.zocUnits_hs !== b.zocUnits_hs) return false;
  if (a.combat_hs !== b.combat_hs || a.leaders_hs !== b.leaders_hs || a.csp_hs !== b.csp_hs) return false;
  if (a.loc_u !== b.loc_u || a.control_h !== b.control_h || a.trail_h !== b.trail_h || a.side_t !== b.side_t) return false;
  for (let t = 0; t < a.loc_t.length; t++) if (a.loc_t[t] !== b.loc_t[t]) return false;
  return true;
}

/** 8.5: the hexes a removed GHQ may return to: not in an EZOC, with a valid LOC from a usable source. */
export function ghqReturnHexes(state: GameState, side: Side): number[] {
  const length = locLengths(state, side);
  const out: number[] = [];
  for (let h = 0; h < length.length; h++)
    if (length[h]! >= 0 && !inEzoc(state, h, side) && state.combat_hs[h * 2 + otherSide(side)] === 0) out.push(h);
  return out;
}
