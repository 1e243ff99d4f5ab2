// The GHQ (8.5-8.8): where it stands sets the LOC's length, so the supply radius of every provider (8.7)
// and the Supply Table column (8.2). The heuristic moves it, at the end of its Movement Phase, to the hex
// within its move that would put the most of the army in General Supply at the next Supply Phase (the LOC,
// depots, leaders' chains and radius worked out as the engine does, 8.3-8.10), out of the enemy's reach
// (10.3: a GHQ overrun leaves the map for a turn); a removed GHQ returns the same way, and a cut-off GHQ
// that cannot reach an LOC this turn is removed (8.5) so that it comes back next turn where it can.
import type { Decision, MoveOrder } from '../core/decisions.js';
import { NO_HEX, distance, hexAt, type Grid } from '../core/hex.js';
import { canEndAt, createReach, pathSearchFor, pathTo, reachable, stackMover, type Reach } from '../core/movement.js';
import type { Side } from '../core/side.js';
import { OFF_MAP, type GameState } from '../core/state.js';
import { shapeState } from '../core/state-shape.js';
import {
  generalSupply,
  isolatedUnits,
  lastLocField,
  locLengths,
  openSupplyShare,
  radiusForLoc,
  supplyColumn,
  traceLoc,
  traceLocAlong,
  type LocField,
  type SupplyShare,
} from '../core/supply.js';
import type { HeuristicParams } from './heuristic-params.js';
import { EXPOSED, ghqDanger } from './ghq-screen.js';
import { truckReaches, type TruckReaches } from './truck-reach.js';

/** Weights of a GHQ hex: each unit in General Supply counts 1; a Supply Table column nearer the GHQ (8.2: more CSP) and the army commander beside it (8.2: -1 when not). */
const COLUMN_WEIGHT = 1,
  COMMANDER_WEIGHT = 0.5;
/** Hexes evaluated exactly, picked by the quick estimate: the best few, and the best of each supply radius. */
const BEST_FEW = 2;
/** The gain a move must bring over staying. */
const MIN_GAIN = 0.5;

let scratch: { reach: Reach; map: GameState['map']; lengths: Int32Array } | null = null;
function scratchFor(view: GameState) {
  if (scratch?.map !== view.map)
    scratch = { map: view.map, reach: createReach(pathSearchFor(view.map)), lengths: new Int32Array(view.map.grid.size) };
  return scratch;
}

/**
 * A copy of the view whose GHQ, depots and trucks the evaluation may set: with `trucks`, the trucks as
 * they are; otherwise none is attached (the evaluation attaches one where the GHQ goes when one can get there).
 */
function evaluationCopy(view: GameState, rainy: boolean, trucks = false): GameState {
  return shapeState(view, false, {
    rainy,
    ghq_s: view.ghq_s.slice(),
    depot_h: new Uint8Array(view.depot_h.length),
    loc_t: trucks ? view.loc_t : view.loc_t.slice(),
    attached_t: trucks ? view.attached_t : new Uint8Array(view.attached_t.length),
  });
}

/** 5.0: the chance that month m (months since year 0) is in the rainy season. */
function rainIn(view: GameState, m: number): number {
  const t = view.tables;
  const month = (m % 12) + 1;
  if (t.rainyMonths.includes(month)) return 1;
  return month === t.maybeRainyMonth ? t.maybeRainyOn.length / 6 : 0;
}

/**
 * 5.0: the share of rainy season (which doubles LOC and radius costs) over the side's next two Supply
 * Phases: a GHQ moves slowly (6 MP, halved in the rain), so where it stands now serves it for more than a turn.
 */
function rainNextTurn(view: GameState): number {
  return (rainIn(view, view.month + 1) + rainIn(view, view.month + 2)) / 2;
}

/**
 * How the GHQ's hexes are valued: over next turn's weather (5.0), with a truck attached (8.11) where
 * `truckAt` says one will be, by `truck`, a truck index of the side (-1: none on the map); `share`: the
 * sources' and leaders' balls its General Supply searches share (8.9: only the GHQ, depots and trucks differ).
 */
interface Valuation {
  readonly dry: GameState;
  readonly wet: GameState;
  readonly rain: number;
  readonly radiusWeight: number;
  readonly truck: number;
  readonly truckAt: (h: number) => boolean;
  readonly share: SupplyShare;
}
function valuation(view: GameState, side: Side, radiusWeight: number, truckAt: (h: number) => boolean): Valuation {
  let truck = -1;
  for (let t = 0; t < view.loc_t.length && truck < 0; t++) if (view.side_t[t] === side && view.loc_t[t]! >= 0) truck = t;
  return {
    dry: evaluationCopy(view, false),
    wet: evaluationCopy(view, true),
    rain: rainNextTurn(view),
    radiusWeight,
    truck,
    truckAt,
    share: openSupplyShare(),
  };
}
/** `lf`: the LOC lengths' field of the view (locLengths), which gives the LOC of a copy in this turn's weather. */
function expectedValue(w: Valuation, side: Side, h: number, lf: LocField | null = null): number {
  const truck = w.truck >= 0 && w.truckAt(h) ? w.truck : -1;
  // The likelier weather alone unless the two are close to even (each evaluation is a General Supply search).
  if (w.rain >= 0.75) return supplyValue(w.wet, side, h, w, truck, lf);
  if (w.rain <= 0.25) return supplyValue(w.dry, side, h, w, truck, lf);
  const wet = supplyValue(w.wet, side, h, w, truck, lf),
    settledWet = lastSettled;
  const dry = supplyValue(w.dry, side, h, w, truck, lf);
  lastSettled &&= settledWet;
  return w.rain * wet + (1 - w.rain) * dry;
}

/** The side's combat units on the map. */
function ownUnitHexes(view: GameState, side: Side): number[] {
  const out: number[] = [];
  for (let u = 0; u < view.loc_u.length; u++) if (view.counters.side_u[u] === side && view.loc_u[u]! >= 0) out.push(view.loc_u[u]!);
  return out;
}

/** 8.8 (I-16): up to `max` depots among the candidates, each covering the most own units not yet near a depot (all when they fit). */
export function pickDepots(view: GameState, side: Side, candidates: readonly number[], max: number): number[] {
  if (candidates.length <= max) return [...candidates];
  const units = ownUnitHexes(view, side);
  const reachHexes = Math.max(2, Math.floor(view.radius_s[side]! / 2));
  const covered = new Uint8Array(units.length);
  const chosen: number[] = [];
  const left = [...candidates].sort((a, b) => a - b);
  while (chosen.length < max && left.length > 0) {
    let best = 0,
      bestCount = -1;
    left.forEach((h, i) => {
      let n = 0;
      units.forEach((x, k) => {
        if (!covered[k] && distance(view.map.grid, h, x) <= reachHexes) n++;
      });
      if (n > bestCount) {
        best = i;
        bestCount = n;
      }
    });
    const h = left.splice(best, 1)[0]!;
    chosen.push(h);
    units.forEach((x, k) => {
      if (distance(view.map.grid, h, x) <= reachHexes) covered[k] = 1;
    });
  }
  return chosen;
}

/** Set by supplyValue: every unit was in General Supply and the LOC in the Supply Table's best column (8.2). */
let lastSettled = false;

/**
 * 8.3-8.10, 8.2: the army's General Supply at the next Supply Phase with the GHQ in hex h (the copy's GHQ
 * and depots are set): units in supply, the supply radius (8.7: every provider's, for the turns to come)
 * at the valuation's `radiusWeight` a MP, the Supply Table column and the army commander.
 */
function supplyValue(copy: GameState, side: Side, h: number, w: Valuation, truck: number, lf: LocField | null): number {
  copy.ghq_s[side] = h;
  lastSettled = false;
  const loc = traceLocAlong(lf, copy, side); // traceLoc's answer, read off the view's field when it has the copy's weather
  if (loc.length < 0) return -Infinity;
  copy.depot_h.fill(0);
  for (const x of pickDepots(copy, side, loc.depotHexes, 4)) copy.depot_h[x] = 1;
  const radius = radiusForLoc(copy.tables, loc.length);
  let was = 0;
  if (truck >= 0) {
    was = copy.loc_t[truck]!;
    copy.loc_t[truck] = h;
    copy.attached_t[truck] = 1;
  }
  const gs = generalSupply(copy, side, loc, radius, undefined, w.share); // 8.9: the sources' and leaders' balls shared by the choice's hexes
  if (truck >= 0) {
    copy.loc_t[truck] = was;
    copy.attached_t[truck] = 0;
  }
  let v = w.radiusWeight * radius,
    out = 0;
  for (let u = 0; u < copy.loc_u.length; u++) {
    if (copy.counters.side_u[u] !== side || copy.loc_u[u]! < 0) continue;
    if (gs.inSupply_u[u]) v++;
    else out++;
  }
  const columns = copy.tables.supply.columns.length;
  const column = supplyColumn(copy.tables, loc.length);
  v += COLUMN_WEIGHT * (columns - 1 - column);
  lastSettled = out === 0 && column === 0;
  const ac = copy.armyCommander_s[side]!;
  if (ac >= 0 && copy.loc_l[ac] === h) v += COMMANDER_WEIGHT;
  return v;
}

/**
 * 8.3-8.10: the hexes where a combat unit would be in General Supply at the side's next Supply Phase, the
 * GHQ, leaders and trucks where they stand (next turn's weather taken as its likelier case, 5.0).
 */
export function supplyArea(view: GameState, side: Side): Uint8Array {
  const copy = evaluationCopy(view, rainNextTurn(view) >= 0.5, true);
  const area = new Uint8Array(view.map.grid.size);
  const loc = traceLoc(copy, side);
  for (const x of pickDepots(copy, side, loc.depotHexes, 4)) copy.depot_h[x] = 1;
  generalSupply(copy, side, loc, radiusForLoc(copy.tables, loc.length), area);
  return area;
}

/**
 * The best of `candidates` (hexes with an LOC now, `lengths`) by exact supply value less danger; `keep`
 * (the GHQ's own hex, or -1) wins unless another beats it by MIN_GAIN. A quick estimate (units within
 * half the radius, the radius first) picks which few are worked out exactly.
 */
function bestHex(
  view: GameState,
  side: Side,
  candidates: readonly number[],
  lengths: Int32Array,
  keep: number,
  keepValue: number,
  params: HeuristicParams,
  w: Valuation,
  lf: LocField | null,
): number {
  const grid = view.map.grid;
  const units = ownUnitHexes(view, side);
  const rain = rainNextTurn(view);
  // Many hexes (a returning GHQ weighs every hex with an LOC): count the units near each once per distance.
  const counts = candidates.length > MANY ? new Map<number, Int16Array>() : null;
  const quick = (h: number, dg: number) => {
    const radius = radiusForLoc(view.tables, (lengths[h]! / (view.rainy ? 2 : 1)) * (1 + rain)); // lengths in this turn's costs; rain doubles them (TEC)
    const near = Math.floor(radius / 2);
    let n = 0;
    if (counts === null) {
      for (const x of units) if (distance(grid, h, x) <= near) n++;
    } else {
      let c = counts.get(near);
      if (c === undefined) {
        c = unitsWithin(grid, units, near);
        counts.set(near, c);
      }
      n = c[h]!;
    }
    return { h, danger: dg, radius, quick: n + params.ghqRadiusWeight * radius - dg - lengths[h]! / 1000 };
  };
  // Only hexes whose quick estimate beats staying's are worked out.
  const keepDanger = keep >= 0 ? ghqDanger(view, side, keep, params, true) : null;
  const floor =
    keep >= 0 && lengths[keep]! >= 0 && (keepDanger !== null || !(params.ghqCover || params.ghqReaction))
      ? quick(keep, keepDanger ?? EXPOSED * 2).quick
      : -Infinity;
  const pick = bestFew(
    view,
    side,
    candidates
      .filter((h) => h !== keep)
      .map((h) => quick(h, 0))
      .filter((c) => c.quick > floor),
    floor,
    quick,
    params,
  );
  let best = keep,
    bestValue = keepValue;
  for (const c of pick) {
    const v = expectedValue(w, side, c.h, lf) - c.danger;
    if (v > bestValue || (v === bestValue && c.h < best)) {
      best = c.h;
      bestValue = v;
    }
  }
  return best;
}

/** Past this many candidates, bestHex counts the units near every hex at once (unitsWithin). */
const MANY = 100;

/** Per hex, how many of `units` (hexes, repeats counted) lie within `r` hexes of it. */
function unitsWithin(grid: Grid, units: readonly number[], r: number): Int16Array {
  const out = new Int16Array(grid.size);
  for (const x of units) {
    const c = grid.column_h[x]!,
      row = grid.row_h[x]!;
    for (let dc = -r; dc <= r; dc++) {
      for (let dr = -r - 1; dr <= r + 1; dr++) {
        const h = hexAt(grid, c + dc, row + dr);
        if (h !== NO_HEX && distance(grid, x, h) <= r) out[h]!++;
      }
    }
  }
  return out;
}

interface Quick {
  readonly h: number;
  readonly danger: number;
  readonly radius: number;
  readonly quick: number;
}
/** (quick, then the lower hex) first. */
const before = (a: Quick, b: Quick) => b.quick - a.quick || a.h - b.h;

/**
 * Among the hexes out of reach (danger not null) whose quick estimate beats `floor`: the BEST_FEW best, and
 * the best of each supply radius. `bounds` are the estimates with no danger, which can only lower one (by
 * danger, 10.3), so a hex's danger is asked only when its bound could still place it.
 */
function bestFew(
  view: GameState,
  side: Side,
  bounds: Quick[],
  floor: number,
  quick: (h: number, dg: number) => Quick,
  params: HeuristicParams,
): Quick[] {
  bounds.sort(before);
  const top: Quick[] = [];
  const byRadius = new Map<number, Quick>();
  const beats = (b: Quick, c: Quick | undefined) => c === undefined || before(b, c) < 0;
  for (const b of bounds) {
    if (!beats(b, top[BEST_FEW - 1]) && !beats(b, byRadius.get(b.radius))) continue;
    const dg = ghqDanger(view, side, b.h, params, false);
    if (dg === null) continue;
    const c = quick(b.h, dg);
    if (c.quick <= floor) continue;
    if (beats(c, top[BEST_FEW - 1])) {
      top.push(c);
      top.sort(before);
      top.length = Math.min(top.length, BEST_FEW);
    }
    if (beats(c, byRadius.get(c.radius))) byRadius.set(c.radius, c);
  }
  const pick = [...top];
  for (const c of byRadius.values()) if (!pick.includes(c)) pick.push(c);
  return pick;
}

/** The hexes the GHQ can end its move in this phase (8.5, 10, I-9), the start first. */
function ghqReach(view: GameState, side: Side): Reach {
  const sc = scratchFor(view);
  return reachable(pathSearchFor(view.map), view, stackMover(view, side, { ghq: true }, { phaseStart: true }), view.ghq_s[side]!, sc.reach);
}

/**
 * 8.11, 10.11: where a truck will be at the next Supply Phase to be attached with the GHQ: its own hex if
 * a truck is there now; with params.moveTrucks, any hex a free truck can still reach this phase.
 */
function trucksCanReach(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  from: number,
  params: HeuristicParams,
  reaches: TruckReaches,
): (h: number) => boolean {
  const side = d.side;
  let here = false;
  for (let t = 0; t < view.loc_t.length; t++) if (view.side_t[t] === side && view.loc_t[t] === from) here = true;
  if (!params.moveTrucks || d.movable.trucks.length === 0) return (h) => here && h === from;
  const reached = new Uint8Array(view.map.grid.size);
  d.movable.trucks.forEach((t, i) => {
    if (view.loc_t[t]! < 0) return;
    const r = reaches.reach(i);
    for (let k = 0; k < r.count; k++) {
      const n = r.touched_n[k]!;
      if (n < reached.length && canEndAt(r, n)) reached[n] = 1;
    }
  });
  return (h) => (here && h === from) || reached[h] === 1;
}

/** 8.5, 10: the GHQ's move to where it supplies the army best, or null to stay. */
export function chooseGhqMove(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  params: HeuristicParams,
  movableCsp: (h: number) => number,
  reaches: TruckReaches = truckReaches(d, view),
): MoveOrder | null {
  const side = d.side;
  const from = view.ghq_s[side]!;
  if (!d.movable.ghq || from < 0) return null;
  const w = valuation(view, side, params.ghqRadiusWeight, trucksCanReach(d, view, from, params, reaches));
  // Staying must be beaten by MIN_GAIN; nothing can beat a safe hex where every unit is in supply on the best column.
  const dg = ghqDanger(view, side, from, params, true);
  // ghqCover, ghqReaction: a GHQ that would be overrun leaves for any safe hex with an LOC.
  const keepValue = (lf: LocField | null) =>
    dg === null && (params.ghqCover || params.ghqReaction) ? -Infinity : expectedValue(w, side, from, lf) - (dg ?? EXPOSED * 2) + MIN_GAIN;
  // Staying is valued before the hexes within reach are looked for (when it settles the question, they need not
  // be), unless it is to be valued in this turn's weather: then after their LOC lengths, whose field gives its LOC.
  const late = w.rain > 0.25 && w.rain < 0.75 ? true : w.rain >= 0.75 === view.rainy;
  let keep = late ? 0 : keepValue(null);
  if (!late && lastSettled && dg === 0) return null;
  const sc = scratchFor(view);
  const reach = ghqReach(view, side);
  const ends: number[] = [from];
  for (let i = 0; i < reach.count; i++) {
    const n = reach.touched_n[i]!;
    if (n < view.map.grid.size && n !== from && canEndAt(reach, n)) ends.push(n);
  }
  // Every length counts, past the Supply Table's last bound too: a shorter LOC is a step toward a longer radius.
  // Only the hexes the GHQ can end in are read: the search stops once they are settled.
  const lengths = locLengths(view, side, sc.lengths, undefined, ends),
    lf = lastLocField();
  if (late) {
    keep = keepValue(lf);
    if (lastSettled && dg === 0) return null;
  }
  const candidates = ends.filter((n) => n !== from && lengths[n]! >= 0);
  if (candidates.length === 0) return null;
  const best = bestHex(view, side, candidates, lengths, from, keep, params, w, lf);
  if (best === from || best < 0) return null;
  const path = pathTo(reach, best);
  // 12.12: the CSP at the GHQ go with it when their 4 MP make the path (8.15), so that they still project.
  const csp = movableCsp(from);
  if (csp > 0) {
    const withCsp = reachable(
      pathSearchFor(view.map),
      view,
      stackMover(view, side, { ghq: true, supply: true }, { phaseStart: true }),
      from,
      scratchFor(view).reach,
    );
    if (canEndAt(withCsp, best)) return { units: [], leaders: [], ghq: true, csp, path: pathTo(withCsp, best) };
  }
  return { units: [], leaders: [], ghq: true, path };
}

/** 8.5: the hex among `hexes` a removed GHQ returns to: the one that supplies the army best; -1 when none is out of enemy reach. */
export function placeGhq(view: GameState, side: Side, hexes: readonly number[], params: HeuristicParams): number {
  const lengths = locLengths(view, side, scratchFor(view).lengths, undefined, hexes),
    lf = lastLocField();
  return bestHex(
    view,
    side,
    hexes.filter((h) => lengths[h]! >= 0),
    lengths,
    -1,
    -Infinity,
    params,
    valuation(view, side, params.ghqRadiusWeight, () => false),
    lf,
  );
}

/**
 * 8.5: remove a GHQ that cannot trace an LOC when it could come back somewhere with one (some hex has an
 * LOC now), its own move this turn (params.moveGhq) cannot reach a safe hex that has one, and no unit
 * would be isolated without it (8.13: a unit that can reach its GHQ is not isolated, I-20).
 */
export function shouldRemoveGhq(view: GameState, side: Side, params: HeuristicParams): boolean {
  if (!params.removeGhq) return false;
  const lengths = locLengths(view, side, scratchFor(view).lengths);
  if (!lengths.some((n) => n >= 0)) return false;
  if (params.moveGhq) {
    const reach = ghqReach(view, side);
    for (let i = 0; i < reach.count; i++) {
      const n = reach.touched_n[i]!;
      if (n < view.map.grid.size && canEndAt(reach, n) && lengths[n]! >= 0 && ghqDanger(view, side, n, params, false) !== null)
        return false;
    }
  }
  const ghq_s = view.ghq_s.slice();
  ghq_s[side] = OFF_MAP;
  const count = (a: Uint8Array) => a.reduce((n, x) => n + x, 0);
  return count(isolatedUnits(shapeState(view, false, { ghq_s }), side)) <= count(isolatedUnits(view, side));
}
