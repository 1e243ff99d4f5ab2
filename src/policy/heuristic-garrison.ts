// Garrisons: an own settlement that enemy units could walk into next turn (16.2: 2 x 1d6 VP to them, the
// big four 2 x 2d6) gets a combat unit when the VP at stake reach the `garrisonVp` parameter: a unit that
// is there stays (heuristic-move.ts), and an empty one is sent the weakest unit that can get there this
// phase and is not holding the front line (10.2: an occupied hex cannot be entered).
import { CAVALRY, ENGINEER, INFANTRY } from '../core/counters.js';
import type { Decision, MoveOrder } from '../core/decisions.js';
import { DIRECTIONS, NO_HEX, distance } from '../core/hex.js';
import { canEndAt, createReach, pathSearchFor, pathTo, reachable, stackMover, type Reach } from '../core/movement.js';
import { stackingLimit } from '../core/combat-odds.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import type { HeuristicParams } from './heuristic-params.js';
import { settlementValue } from './heuristic-attack.js';
import { enemyCanReach, enemyCanReachNear, enemyCanReachNearWithReaction, enemyCanReachWithReaction, enemyInRange } from './threat.js';
import { supplyArea } from './heuristic-ghq.js';

/** Per-phase memory: the settlements still to garrison this phase, and those queued so far (garrisonRecheck). */
export interface GarrisonPlan {
  key: string;
  queue: number[];
  queued: number[];
}

export function newGarrisonPlan(): GarrisonPlan {
  return { key: '', queue: [], queued: [] };
}

/** Hexes a unit may be sent from at most (a 6 MP unit along a road, 10.7). */
const MAX_HEXES = 12;
/** Units tried per settlement (weakest first) without garrisonAnyUnit, and marching toward a base. */
const TRIES = 6;
/** Start hex and allowance pairs whose unit could not end in the target (chooseGarrison). */
const failed: number[] = [];
let scratch: { reach: Reach; map: GameState['map'] } | null = null;

/**
 * 16.2: is own settlement h worth a garrison: it would score the enemy at least `garrisonVp` and the enemy
 * could walk in next turn: into it when empty; when our units hold it (10.2, 7.3: they bar it and stop
 * moves beside it), to within two hexes of it, from where it could were they to leave.
 */
export function guarded(view: GameState, side: Side, h: number, params: HeuristicParams): boolean {
  if (view.map.settlement_h[h] !== 1 || view.control_h[h] !== side || settlementValue(view, h) < params.garrisonVp) return false;
  // garrisonExact: exact questions (the stacks that moved before in this phase may have opened a path, 7.3), and
  // a big-four base held keeps its garrison while any enemy could get near it by road (stacks that move after it may open the way).
  if (!params.garrisonExact) return view.combat_hs[h * 2 + side] === 0 ? enemyCanReach(view, side, h) : enemyCanReachNear(view, side, h, 1);
  // guardReaction: a big-four base judged against a led stack's Reaction Movement in our turn and its move after it (10.10).
  const reaction = params.guardReaction && view.map.bigFour_h[h] === 1 && view.phasing === side;
  // 10.7: an empty one no enemy unit can get to by road (a bound no position of ours widens) is out of reach without a search.
  if (view.combat_hs[h * 2 + side] === 0)
    return (
      enemyInRange(view, side, h, 0, reaction) &&
      (enemyCanReach(view, side, h, true) || (reaction && enemyCanReachWithReaction(view, side, h)))
    );
  return view.map.bigFour_h[h] === 1 ? enemyInRange(view, side, h, 2, reaction) : enemyCanReachNear(view, side, h, 2, true);
}

/**
 * 7.1, 8.7 (garrisonFar): the combat units kept in each own settlement with the enemy within 3 hexes: `garrison`, or
 * `garrisonFar` when more while the side's supply radius is under the Supply Table's best (its LOC past the first column).
 */
export function garrisonCount(view: GameState, side: Side, params: HeuristicParams): number {
  if (params.garrisonFar <= params.garrison) return params.garrison;
  return view.radius_s[side]! < view.tables.supply.columns[0]!.radius ? params.garrisonFar : params.garrison;
}

/** A unit in hex h is holding the line when an enemy combat unit is adjacent (7.1: its ZOC is the line). */
function inContact(view: GameState, side: Side, h: number): boolean {
  const enemy = otherSide(side);
  const { neighbour_hd } = view.map.grid;
  for (let d = 0; d < DIRECTIONS; d++) {
    const n = neighbour_hd[h * DIRECTIONS + d]!;
    if (n !== NO_HEX && view.combat_hs[n * 2 + enemy]! > 0) return true;
  }
  return false;
}

/** Unit u of the side may be sent to garrison `target`: infantry or cavalry within MAX_HEXES, off the front line and free to leave. */
function mayGarrison(view: GameState, side: Side, u: number, target: number, params: HeuristicParams): boolean {
  const h = view.loc_u[u]!;
  const type = view.counters.type_u[u];
  if (h < 0 || (type !== INFANTRY && type !== CAVALRY) || distance(view.map.grid, h, target) > MAX_HEXES) return false;
  // Not from the front line, nor from a leader's stack (10.3: a leader left alone is displaced for VP).
  if (inContact(view, side, h) || view.leaders_hs[h * 2 + side]! > 0) return false;
  // A settlement's own garrison stays (`garrison` of them, at least one).
  return !(
    view.map.settlement_h[h] &&
    view.control_h[h] === side &&
    view.combat_hs[h * 2 + side]! <= Math.max(1, garrisonCount(view, side, params))
  );
}

/** Can unit u, standing (or to be placed) in `from`, end a move of this phase in `target` (10, 7.3)? */
function canWalkTo(view: GameState, side: Side, u: number, from: number, target: number): boolean {
  const ps = pathSearchFor(view.map);
  if (scratch?.map !== view.map) scratch = { map: view.map, reach: createReach(ps) };
  return canEndAt(reachable(ps, view, stackMover(view, side, { units: [u] }, { phaseStart: true }), from, scratch.reach), target);
}

/** The side's supply area (supplyArea), computed on first need and kept for one question. */
interface SupplyAreaOnce {
  area: Uint8Array | null;
}

/**
 * 8.12, 16.2: a settlement a garrison may be sent to: one inside the supply area (a garrison out of General Supply
 * rolls for attrition), or with baseOutOfSupply any big-four base (2 x 2d6 VP to the enemy who walks in are worth it).
 */
function garrisonable(
  view: GameState,
  side: Side,
  p: { hex: number; bigFour?: boolean },
  params: HeuristicParams,
  once: SupplyAreaOnce,
): boolean {
  if (params.baseOutOfSupply && p.bigFour) return true;
  once.area ??= supplyArea(view, side);
  return once.area[p.hex] !== 0;
}

/**
 * 9.4, 16.2 (guardSource): where new unit u should be placed among the friendly sources `hexes`: the one nearest an own
 * big-four base that wants a garrison (guarded; inside the supply area unless baseOutOfSupply) from which u can walk
 * into it next Movement Phase, when no infantry or cavalry of ours free to garrison can; -1: none (place it as usual).
 */
export function guardSource(view: GameState, side: Side, u: number, hexes: readonly number[], params: HeuristicParams): number {
  const type = view.counters.type_u[u];
  if (!params.guardSource || params.garrisonVp >= 99 || (type !== INFANTRY && type !== CAVALRY)) return -1;
  const grid = view.map.grid;
  const area: SupplyAreaOnce = { area: null };
  for (const p of view.map.places) {
    const base = p.hex;
    if (!p.bigFour || view.combat_hs[base * 2 + side] !== 0 || !guarded(view, side, base, params)) continue;
    if (!garrisonable(view, side, p, params, area)) continue;
    // 16.2: a unit of ours can already get there this phase: chooseGarrison will send it.
    let covered = false;
    for (let v = 0; v < view.loc_u.length && !covered; v++) {
      const at = view.loc_u[v]!;
      if (at >= 0 && at < grid.size && view.counters.side_u[v] === side && mayGarrison(view, side, v, base, params))
        covered = canWalkTo(view, side, v, at, base);
    }
    if (covered) continue;
    const near = hexes
      .filter((x) => distance(grid, x, base) <= MAX_HEXES)
      .sort((a, b) => distance(grid, a, base) - distance(grid, b, base) || a - b);
    for (const x of near) if (x === base || canWalkTo(view, side, u, x, base)) return x;
  }
  return -1;
}

/** 10, 16.2: the next garrison move of the Movement Phase, or null when every threatened empty settlement has been seen to. */
export function chooseGarrison(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  params: HeuristicParams,
  plan: GarrisonPlan,
): MoveOrder | null {
  const side = d.side;
  if (d.reaction || params.garrisonVp >= 99) return null;
  const key = `${view.turn}:${view.phasing}`;
  if (plan.key !== key) {
    plan.key = key;
    plan.queue = [];
    plan.queued = [];
    const area: SupplyAreaOnce = { area: null };
    for (const p of view.map.places) {
      if (!p.settlement || view.combat_hs[p.hex * 2 + side] !== 0 || !guarded(view, side, p.hex, params)) continue;
      if (garrisonable(view, side, p, params, area)) plan.queue.push(p.hex);
    }
    plan.queue.sort((a, b) => settlementValue(view, b) - settlementValue(view, a) || a - b);
    plan.queued.push(...plan.queue);
  } else if (params.garrisonRecheck) {
    // garrisonRecheck: a move of ours since may have opened the way to an empty big-four base (7.3: a ZOC gone, a hex
    // left that barred a road, 10.10: a reaction through it); asked again at each move of the phase, queued once.
    const area: SupplyAreaOnce = { area: null };
    for (const p of view.map.places) {
      const h = p.hex;
      if (!p.bigFour || plan.queued.includes(h) || view.combat_hs[h * 2 + side] !== 0 || !guarded(view, side, h, params)) continue;
      if (!garrisonable(view, side, p, params, area)) continue;
      plan.queue.push(h);
      plan.queued.push(h);
    }
  }
  const c = view.counters;
  const grid = view.map.grid;
  while (plan.queue.length > 0) {
    const target = plan.queue.shift()!;
    if (view.combat_hs[target * 2 + side]! > 0) continue;
    const candidates = d.movable.units.filter((u) => mayGarrison(view, side, u, target, params));
    // "Worth the unit": the weakest infantry or cavalry first (7.1: they hold a ZOC), then the nearest.
    candidates.sort(
      (a, b) =>
        c.attack_u[a * 2 + view.reduced_u[a]!]! - c.attack_u[b * 2 + view.reduced_u[b]!]! ||
        distance(grid, view.loc_u[a]!, target) - distance(grid, view.loc_u[b]!, target) ||
        a - b,
    );
    const ps = pathSearchFor(view.map);
    if (scratch?.map !== view.map) scratch = { map: view.map, reach: createReach(ps) };
    // garrisonAnyUnit: every candidate (the weakest first), a start hex and allowance seen to fail not asked again; else the six weakest.
    const tried = candidates.length > TRIES && !params.garrisonAnyUnit ? candidates.slice(0, TRIES) : candidates;
    failed.length = 0;
    for (const u of tried) {
      const counting = c.type_u[u] !== ENGINEER ? 1 : 0;
      if (view.stacking_hs[target * 2 + side]! + counting > stackingLimit(view, target)) break;
      const mover = stackMover(view, side, { units: [u] }, { phaseStart: true });
      // 10: a lone infantry or cavalry unit's reach depends on its hex and movement allowance alone.
      const signature = view.loc_u[u]! * 1024 + mover.allowance;
      if (failed.includes(signature)) continue;
      const reach = reachable(ps, view, mover, view.loc_u[u]!, scratch.reach);
      if (canEndAt(reach, target)) return { units: [u], leaders: [], path: pathTo(reach, target) };
      failed.push(signature);
    }
    // garrisonMarch: none gets there this phase; the first that can close on a big-four base marches toward it, to arrive next turn.
    if (params.garrisonMarch && view.map.bigFour_h[target] === 1) {
      for (const u of candidates.slice(0, TRIES)) {
        const reach = reachable(ps, view, stackMover(view, side, { units: [u] }, { phaseStart: true }), view.loc_u[u]!, scratch.reach);
        const to = closestEnd(view, side, reach, target, distance(grid, view.loc_u[u]!, target), c.type_u[u] !== ENGINEER ? 1 : 0);
        if (to >= 0) return { units: [u], leaders: [], path: pathTo(reach, to) };
      }
    }
  }
  return null;
}

/** baseKeeper: a unit that keeps an own big-four base, and the base. */
export interface Keeper {
  readonly unit: number;
  readonly base: number;
}

/**
 * 16.2, 10.3, 10.10 (baseKeeper): each own big-four base an enemy combat unit could get within `baseKeeper` hexes of by
 * its next move (a led stack's Reaction Movement counted before it) keeps one unit that can walk into it: the weakest
 * infantry or cavalry in it, else the weakest free one (mayGarrison) that can get there now, else none (a garrison is
 * wanted only once the enemy could walk in next turn, and by then none of ours may be left in reach). Once a phase.
 */
export function baseKeepers(view: GameState, side: Side, params: HeuristicParams): Keeper[] {
  const keepers: Keeper[] = [];
  if (params.baseKeeper <= 0) return keepers;
  const c = view.counters;
  const area: SupplyAreaOnce = { area: null };
  const weakest = (a: number, b: number) => c.attack_u[a * 2 + view.reduced_u[a]!]! - c.attack_u[b * 2 + view.reduced_u[b]!]! || a - b;
  for (const p of view.map.places) {
    const base = p.hex;
    if (!p.bigFour || view.control_h[base] !== side || settlementValue(view, base) < params.garrisonVp) continue;
    if (!enemyCanReachNearWithReaction(view, side, base, params.baseKeeper)) continue;
    if (!garrisonable(view, side, p, params, area)) continue;
    const inside: number[] = [],
      free: number[] = [];
    for (let u = 0; u < view.loc_u.length; u++) {
      if (c.side_u[u] !== side || keepers.some((k) => k.unit === u)) continue;
      const h = view.loc_u[u]!;
      if (h === base && (c.type_u[u] === INFANTRY || c.type_u[u] === CAVALRY)) inside.push(u);
      else if (h >= 0 && h < view.map.grid.size && h !== base && mayGarrison(view, side, u, base, params)) free.push(u);
    }
    const unit = inside.sort(weakest)[0] ?? free.sort(weakest).find((u) => canWalkTo(view, side, u, view.loc_u[u]!, base));
    if (unit !== undefined) keepers.push({ unit, base });
  }
  return keepers;
}

/** baseKeeper: the move of a keeper standing outside its base into it (it becomes the garrison), or null when none can go in now. */
export function keeperMove(view: GameState, side: Side, kept: readonly Keeper[]): MoveOrder | null {
  const ps = pathSearchFor(view.map);
  if (scratch?.map !== view.map) scratch = { map: view.map, reach: createReach(ps) };
  for (const k of kept) {
    const from = view.loc_u[k.unit]!;
    if (from === k.base || view.stacking_hs[k.base * 2 + side]! + 1 > stackingLimit(view, k.base)) continue;
    const reach = reachable(ps, view, stackMover(view, side, { units: [k.unit] }, { phaseStart: true }), from, scratch.reach);
    if (canEndAt(reach, k.base)) return { units: [k.unit], leaders: [], path: pathTo(reach, k.base) };
  }
  return null;
}

/** The hex of `reach` nearest `target` (nearer than `now`) where the unit may end with room (11.1) and no enemy unit beside it (7.1); -1: none. */
function closestEnd(view: GameState, side: Side, reach: Reach, target: number, now: number, counting: number): number {
  const grid = view.map.grid;
  let best = -1,
    bestDistance = now,
    bestCost = Infinity;
  for (let i = 0; i < reach.count; i++) {
    const n = reach.touched_n[i]!;
    if (n === reach.start || n >= grid.size || !canEndAt(reach, n) || inContact(view, side, n)) continue;
    if (view.stacking_hs[n * 2 + side]! + counting > stackingLimit(view, n)) continue;
    const d = distance(grid, n, target),
      cost = reach.cost_n[n]!;
    if (d < bestDistance || (d === bestDistance && best >= 0 && cost < bestCost)) {
      best = n;
      bestDistance = d;
      bestCost = cost;
    }
  }
  return best;
}
