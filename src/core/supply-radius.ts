// The supply radius at work: General Supply of units and leaders (8.3, 8.5, 8.7, 8.9-8.11, 10.12),
// combat supply (12.12) and where new CSP may be placed (8.14). Rulings I-7, I-17, I-18, I-22, I-23.
import { isBox } from './state.js';
import type { GameState } from './state.js';
import type { Side } from './side.js';
import { isUsableSourceHex, radiusForLoc, type Loc } from './supply-loc.js';
import { MODE_MECH, MODE_MP, UNREACHED, beginCall, markOnce, setMode, truckAttachedAt, type SupplyScratch } from './supply-graph.js';
import { resetQueue, resetSearch, runSearch, seed } from './supply-search.js';

/** MP are counted in sixths (I-10). */
const SIXTHS = 6;

export interface GeneralSupply {
  readonly side: Side;
  /** The radius used, in MP (8.7). */
  readonly radius: number;
  /** 8.5: the GHQ is out of supply (it has no LOC, or is off the map). */
  readonly ghqOos: boolean;
  /** Per unit: 1 in General Supply. The other side's entries are copied from the state. */
  readonly inSupply_u: Uint8Array;
  /** Per leader: 1 out of General Supply. The other side's entries are copied from the state. */
  readonly oos_l: Uint8Array;
  /** Hexes that projected a radius this phase (sources, GHQ, depots, leaders in supply), in the order found. */
  readonly providers: readonly number[];
}

/**
 * 8.3, 8.9, 8.10 (I-18): General Supply of the side's units and leaders. Providers are the usable
 * sources, the GHQ if it has an LOC (8.5), depots (state.depot_h) and leaders in General Supply,
 * chained; each measures the radius like movement from its hex (not counted) to the unit's hex
 * (counted) in non-mech MP, or in mech MP for the whole path when an attached truck is in its hex (8.11).
 * Units and leaders in off-map boxes are in General Supply (10.12). `area`, when given (a hex array),
 * receives 1 for every hex within a provider's radius. With `share` (openSupplyShare), the sources' balls
 * and the leaders they chain are drawn once per state, radius and sources and reused (see SupplyShare);
 * the answer is the same, its providers listed in another order.
 */
export function generalSupply(
  state: GameState,
  side: Side,
  loc: Loc,
  radius: number = radiusForLoc(state.tables, loc.length),
  area?: Uint8Array,
  share?: SupplyShare,
): GeneralSupply {
  const sc = beginCall(state, side);
  const budget = radius * SIXTHS;
  const mp = sc.mp_n,
    mech = sc.mech_n;
  mech.fill(UNREACHED);
  const providers: number[] = [];
  const ghq = state.ghq_s[side]!;
  const ghqOos = ghq < 0 || loc.length < 0;
  const { loc_l } = state,
    side_l = state.counters.side_l;
  const leaderDone = new Uint8Array(loc_l.length);
  if (share === undefined) {
    mp.fill(UNREACHED);
    for (const h of loc.sources) addProvider(sc, providers, h);
  } else sharedPart(sc, state, side, loc.sources, budget, share, providers, leaderDone);
  if (!ghqOos) addProvider(sc, providers, ghq);
  for (let h = state.depot_h.indexOf(1); h >= 0; h = state.depot_h.indexOf(1, h + 1)) addProvider(sc, providers, h);
  // 8.9: rounds of a persistent multi-source search; each round seeds the leaders the last one reached.
  rounds(sc, state, side, providers, 0, leaderDone, budget, true);

  // `area`, when given: 1 for every hex a combat unit would be in General Supply in.
  if (area) for (let h = 0; h < area.length; h++) area[h] = mp[h]! <= budget || mech[h]! <= budget ? 1 : 0;
  const inSupply_u = state.inSupply_u.slice();
  const { loc_u } = state,
    side_u = state.counters.side_u;
  for (let u = 0; u < loc_u.length; u++) {
    if (side_u[u] !== side) continue;
    const h = loc_u[u]!;
    if (h >= 0) inSupply_u[u] = mp[h]! <= budget || mech[h]! <= budget ? 1 : 0;
    else inSupply_u[u] = isBox(h) ? 1 : 0;
  }
  const oos_l = state.oos_l.slice();
  for (let l = 0; l < loc_l.length; l++) {
    if (side_l[l] !== side) continue;
    const h = loc_l[l]!;
    oos_l[l] = h >= 0 && !leaderDone[l] ? 1 : 0;
  }
  return { side, radius, ghqOos, inSupply_u, oos_l, providers };
}

/**
 * 8.9: spreads the balls of providers[from..] (with `mech`, the mech balls of those with an attached truck too, 8.11),
 * then of the leaders they reach, round after round, onto the distances already in sc.mp_n and sc.mech_n.
 */
function rounds(
  sc: SupplyScratch,
  state: GameState,
  side: Side,
  providers: number[],
  from: number,
  leaderDone: Uint8Array,
  budget: number,
  mech: boolean,
): void {
  const { loc_l } = state,
    side_l = state.counters.side_l;
  const mp_n = sc.mp_n,
    mech_n = sc.mech_n;
  while (from < providers.length) {
    spread(sc, providers, from, budget, mech);
    from = providers.length;
    for (let l = 0; l < loc_l.length; l++) {
      const h = loc_l[l]!;
      if (h < 0 || side_l[l] !== side || leaderDone[l]) continue;
      if (mp_n[h]! <= budget || mech_n[h]! <= budget) {
        leaderDone[l] = 1;
        addProvider(sc, providers, h);
      }
    }
  }
}

/**
 * A scope in which General Supply shares the part of its search that neither the GHQ, the depots nor the trucks
 * change (8.9): the non-mech balls of the usable sources and of the leaders those chain. The states a scope is
 * used with must differ, for as long as it is used, only in the side's GHQ, depots and trucks (where they stand,
 * whether attached): the copies on which one GHQ choice values its hexes. A part is kept per state, side, radius
 * and sources, in a few slots per map (the least recently used one is drawn over).
 */
export interface SupplyShare {
  readonly serial: number;
}
let shareSerial = 0;
/** A new scope (see SupplyShare): what earlier scopes drew is never reused in it. */
export function openSupplyShare(): SupplyShare {
  return { serial: ++shareSerial };
}

/** One shared part: sc.mp_n after the sources' and their chained leaders' balls, those providers and leaders. */
interface SharedPart {
  serial: number;
  state: GameState | null;
  side: Side;
  budget: number;
  used: number;
  readonly sources: number[];
  readonly providers: number[];
  readonly mp_n: Int32Array;
  done_l: Uint8Array;
}
const SHARED_PARTS = 8;
const sharedParts = new WeakMap<SupplyScratch, SharedPart[]>();
let shareUse = 0;
/** What the shared parts saved (for the benches): General Supply calls with a share, and those that drew their part. */
const shareCounts = { calls: 0, drawn: 0 };
export function generalSupplyShareCounts(): { readonly calls: number; readonly drawn: number } {
  return { ...shareCounts };
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * 8.9: sc.mp_n, `providers` (marked) and `leaderDone` as the balls of `sources` and of the leaders they chain leave
 * them (non-mech MP: trucks may differ within a share), read from the share's part or drawn into a slot.
 */
function sharedPart(
  sc: SupplyScratch,
  state: GameState,
  side: Side,
  sources: readonly number[],
  budget: number,
  share: SupplyShare,
  providers: number[],
  leaderDone: Uint8Array,
): void {
  let parts = sharedParts.get(sc);
  if (parts === undefined) {
    parts = [];
    for (let i = 0; i < SHARED_PARTS; i++)
      parts.push({
        serial: 0,
        state: null,
        side,
        budget: 0,
        used: 0,
        sources: [],
        providers: [],
        mp_n: new Int32Array(sc.nodes),
        done_l: new Uint8Array(0),
      });
    sharedParts.set(sc, parts);
  }
  shareCounts.calls++;
  let oldest = parts[0]!;
  for (const p of parts) {
    if (p.serial === share.serial && p.state === state && p.side === side && p.budget === budget && sameList(p.sources, sources)) {
      p.used = ++shareUse;
      sc.mp_n.set(p.mp_n);
      for (const h of p.providers) addProvider(sc, providers, h);
      leaderDone.set(p.done_l);
      return;
    }
    if (p.used < oldest.used) oldest = p;
  }
  shareCounts.drawn++;
  sc.mp_n.fill(UNREACHED);
  for (const h of sources) addProvider(sc, providers, h);
  rounds(sc, state, side, providers, 0, leaderDone, budget, false);
  const p = oldest;
  p.serial = share.serial;
  p.state = state;
  p.side = side;
  p.budget = budget;
  p.used = ++shareUse;
  p.sources.length = 0;
  p.sources.push(...sources);
  p.providers.length = 0;
  p.providers.push(...providers);
  p.mp_n.set(sc.mp_n);
  if (p.done_l.length !== leaderDone.length) p.done_l = new Uint8Array(leaderDone.length);
  p.done_l.set(leaderDone);
}

function addProvider(sc: SupplyScratch, providers: number[], h: number): void {
  if (markOnce(sc, h)) providers.push(h);
}

/** 8.7, 8.11: extends the non-mech ball from providers[from..] and, with `mech`, the mech ball from those with an attached truck. */
function spread(sc: SupplyScratch, providers: readonly number[], from: number, budget: number, mech = true): void {
  setMode(sc, MODE_MP);
  resetQueue(sc);
  for (let i = from; i < providers.length; i++) seed(sc, sc.mp_n, providers[i]!);
  runSearch(sc, sc.mp_n, false, budget);
  if (!mech) return;
  let trucks = false;
  for (let i = from; i < providers.length; i++) trucks ||= truckAttachedAt(sc, providers[i]!);
  if (!trucks) return;
  setMode(sc, MODE_MECH);
  resetQueue(sc);
  for (let i = from; i < providers.length; i++) if (truckAttachedAt(sc, providers[i]!)) seed(sc, sc.mech_n, providers[i]!);
  runSearch(sc, sc.mech_n, false, budget);
}

/** 12.12 (I-22), 8.7: may a CSP in hex p project combat supply? A leader in General Supply, the GHQ in supply, or a usable source. */
function projectsCombatSupply(state: GameState, side: Side, p: number): boolean {
  if (state.ghq_s[side] === p && state.ghqOos_s[side] === 0) return true;
  if (state.leaders_hs[p * 2 + side]! > 0) {
    const { loc_l, oos_l } = state,
      side_l = state.counters.side_l;
    for (let l = 0; l < loc_l.length; l++) if (loc_l[l] === p && side_l[l] === side && oos_l[l] === 0) return true;
  }
  return isUsableSourceHex(state, side, p);
}

/**
 * 12.12 (I-22): the hexes other than the side's own where a CSP of the side could project combat
 * supply from: leader hexes, the GHQ and usable sources (projectsCombatSupply) holding a CSP. Uses
 * the call's marks (beginCall first).
 */
function projectingCspHexes(state: GameState, side: Side, sc: SupplyScratch, only: readonly number[] | null): number[] {
  const out: number[] = [];
  const consider = (p: number): void => {
    if (p >= 0 && state.csp_hs[p * 2 + side] !== 0 && markOnce(sc, p) && projectsCombatSupply(state, side, p)) out.push(p);
  };
  if (only) for (const p of only) consider(p);
  else {
    consider(state.ghq_s[side]!);
    for (const src of state.map.supplySources) if (src.side === side) consider(src.hex);
    const { loc_l } = state,
      side_l = state.counters.side_l;
    for (let l = 0; l < loc_l.length; l++) if (side_l[l] === side) consider(loc_l[l]!);
  }
  return out;
}

/** 8.7, 8.11: the radius balls (non-mech, and mech from hexes with an attached truck) around `providers`, into sc.mp_n and sc.mech_n. */
function radiusBalls(sc: SupplyScratch, providers: readonly number[], budget: number): void {
  sc.mp_n.fill(UNREACHED);
  sc.mech_n.fill(UNREACHED);
  spread(sc, providers, 0, budget);
}

/** Is hex h within the radius balls radiusBalls last drew? */
function inBalls(sc: SupplyScratch, h: number, budget: number): boolean {
  return sc.mp_n[h]! <= budget || sc.mech_n[h]! <= budget;
}

/**
 * 12.12 (I-22), 8.7: the hexes holding a CSP of the side that can give combat supply to the side's units
 * in hex h: h itself, and every leader, GHQ or usable source hex stacked with a CSP whose current
 * radius (state.radius_s, measured as 8.7 and 8.11) reaches h. Ascending; empty = no combat supply.
 */
export function combatSupplyHexes(state: GameState, side: Side, h: number, out: number[] = []): number[] {
  out.length = 0;
  const sc = beginCall(state, side);
  if (state.csp_hs[h * 2 + side] !== 0) {
    out.push(h);
    markOnce(sc, h);
  }
  const candidates = projectingCspHexes(state, side, sc, null);
  if (candidates.length === 0) return out;
  let anyTruck = false;
  for (const p of candidates) anyTruck ||= truckAttachedAt(sc, p);
  const budget = state.radius_s[side]! * SIXTHS;
  // One reverse search from h answers every candidate: dist(p) = cost from p (not counted) to h (counted).
  setMode(sc, MODE_MP);
  resetSearch(sc, sc.mp_n);
  seed(sc, sc.mp_n, h);
  runSearch(sc, sc.mp_n, true, budget);
  if (anyTruck) {
    setMode(sc, MODE_MECH);
    resetSearch(sc, sc.mech_n);
    seed(sc, sc.mech_n, h);
    runSearch(sc, sc.mech_n, true, budget);
  }
  for (const p of candidates) {
    if (sc.mp_n[p]! <= budget || (anyTruck && truckAttachedAt(sc, p) && sc.mech_n[p]! <= budget)) out.push(p);
  }
  return out.sort((a, b) => a - b);
}

/**
 * 12.12 (I-22): sets flags[u] for each of `units` (on the map) that one of the CSP hexes `spent` can
 * supply: a spent hex holding a CSP that is the unit's own, or projects to it. One search from the
 * spent hexes answers every unit.
 */
export function markCombatSupplied(
  state: GameState,
  side: Side,
  units: readonly number[],
  spent: readonly number[],
  flags: Uint8Array,
): void {
  if (units.length === 0) return;
  const sc = beginCall(state, side);
  const providers = projectingCspHexes(state, side, sc, spent);
  const budget = state.radius_s[side]! * SIXTHS;
  if (providers.length > 0) radiusBalls(sc, providers, budget);
  const ownCsp = (h: number): boolean => state.csp_hs[h * 2 + side] !== 0 && spent.includes(h);
  for (const u of units) {
    const h = state.loc_u[u]!;
    if (h < 0) continue;
    if (ownCsp(h) || (providers.length > 0 && inBalls(sc, h, budget))) flags[u] = 1;
  }
}

/** 12.12 (I-22): do the side's units in hex h have combat supply available? */
export function hasCombatSupply(state: GameState, side: Side, h: number): boolean {
  return combatSupplyHexes(state, side, h).length > 0;
}

/**
 * 8.14 (I-23): the hexes where the side may place new CSP now: usable supply sources, the GHQ if in
 * General Supply, leaders in General Supply, and depots stacked with a friendly leader. Reads the
 * General Supply the engine stored (state.ghqOos_s, state.oos_l). Ascending.
 */
export function cspPlacementHexes(state: GameState, side: Side): number[] {
  const sc = beginCall(state, side);
  const out: number[] = [];
  for (const src of state.map.supplySources) {
    if (src.side === side && isUsableSourceHex(state, side, src.hex) && markOnce(sc, src.hex)) out.push(src.hex);
  }
  const ghq = state.ghq_s[side]!;
  if (ghq >= 0 && state.ghqOos_s[side] === 0 && markOnce(sc, ghq)) out.push(ghq);
  const { loc_l, oos_l } = state,
    side_l = state.counters.side_l;
  for (let l = 0; l < loc_l.length; l++) {
    const h = loc_l[l]!;
    if (h >= 0 && side_l[l] === side && oos_l[l] === 0 && markOnce(sc, h)) out.push(h);
  }
  for (let l = 0; l < loc_l.length; l++) {
    const h = loc_l[l]!;
    if (h >= 0 && side_l[l] === side && state.depot_h[h] !== 0 && markOnce(sc, h)) out.push(h);
  }
  return out.sort((a, b) => a - b);
}
