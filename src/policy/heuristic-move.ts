// The heuristic's moves: leaders and their stacks first, toward weighted objectives (settlements to take,
// own settlements to hold, a plan's targets), scoring each reachable hex for capture, progress,
// contact, danger and General Supply; garrisons stay in threatened settlements.
import { ENGINEER } from '../core/counters.js';
import type { Decision, MoveOrder } from '../core/decisions.js';
import { distance } from '../core/hex.js';
import { canEndAt, createReach, pathSearchFor, pathTo, reachable, stackMover, type Reach } from '../core/movement.js';
import { stackingLimit } from '../core/combat-odds.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import type { HeuristicParams } from './heuristic-params.js';
import { settlementValue } from './heuristic-attack.js';
import { nearestEnemyDistance } from './geometry.js';

export interface Objective {
  readonly hex: number;
  readonly value: number;
}

interface Group {
  readonly start: number;
  readonly units: number[];
  readonly leaders: number[];
}

/** Per-phase memory: which groups are left to move. */
export interface MovePlan {
  key: string;
  queue: Group[];
}

export function newMovePlan(): MovePlan {
  return { key: '', queue: [] };
}

/** Influence maps: the attack strength of a side's combat units within `radius` hexes of each hex. */
const influenceCache = new WeakMap<GameState, Map<string, { version: number; map: Float64Array }>>();

export function influence(view: GameState, side: Side, radius: number): Float64Array {
  let perState = influenceCache.get(view);
  if (!perState) { perState = new Map(); influenceCache.set(view, perState); }
  const key = `${side}:${radius}`;
  const hit = perState.get(key);
  const version = view.sideVersion_s[side]!;
  if (hit && hit.version === version) return hit.map;
  const { grid } = view.map;
  const map = hit?.map ?? new Float64Array(grid.size);
  map.fill(0);
  const seen = new Int32Array(grid.size).fill(-1);
  let frontier: number[] = [], next: number[] = [];
  for (let u = 0; u < view.loc_u.length; u++) {
    const x = view.loc_u[u]!;
    if (x < 0 || view.counters.side_u[u] !== side) continue;
    const a = view.counters.attack_u[u * 2 + view.reduced_u[u]!]!;
    frontier.length = 0;
    frontier.push(x);
    seen[x] = u;
    map[x] = map[x]! + a;
    for (let r = 0; r < radius; r++) {
      next.length = 0;
      for (const h of frontier) {
        for (let d = 0; d < 6; d++) {
          const n = grid.neighbour_hd[h * 6 + d]!;
          if (n < 0 || seen[n] === u) continue;
          seen[n] = u;
          map[n] = map[n]! + a;
          next.push(n);
        }
      }
      [frontier, next] = [next, frontier];
    }
  }
  perState.set(key, { version, map });
  return map;
}

/** Attack strength of the side's combat units within `radius` hexes of h (read from the influence map). */
export function strengthAround(view: GameState, h: number, side: Side, radius: number): number {
  return influence(view, side, radius)[h]!;
}

/** Objectives: enemy-held settlements to take, own settlements under threat to hold, weighted by VP. */
export function defaultObjectives(view: GameState, side: Side, params: HeuristicParams): Objective[] {
  const enemy = otherSide(side);
  const out: Objective[] = [];
  for (const p of view.map.places) {
    if (!p.settlement) continue;
    const c = view.control_h[p.hex];
    const v = settlementValue(view, p.hex) * params.settlementWeight;
    if (c === enemy) out.push({ hex: p.hex, value: v });
    else if (c === side && strengthAround(view, p.hex, enemy, 3) > 0) out.push({ hex: p.hex, value: v * 0.8 });
  }
  return out;
}

function buildGroups(d: Extract<Decision, { kind: 'move' }>, view: GameState): Group[] {
  const byHex = new Map<number, Group>();
  const get = (h: number) => {
    let g = byHex.get(h);
    if (!g) { g = { start: h, units: [], leaders: [] }; byHex.set(h, g); }
    return g;
  };
  for (const u of d.movable.units) if (view.loc_u[u]! >= 0) get(view.loc_u[u]!).units.push(u);
  for (const l of d.movable.leaders) if (view.loc_l[l]! >= 0) get(view.loc_l[l]!).leaders.push(l);
  const groups = [...byHex.values()];
  const dist = new Map(groups.map((g) => [g, nearestEnemyDistance(view, d.side, g.start)] as const));
  // 7.3 design note: move leaders first; then the groups nearest the enemy.
  groups.sort((a, b) => (b.leaders.length > 0 ? 1 : 0) - (a.leaders.length > 0 ? 1 : 0) || dist.get(a)! - dist.get(b)! || a.start - b.start);
  return groups;
}

/** Hexes providing General Supply to the side now: its leaders, GHQ and sources (8.10). */
function providers(view: GameState, side: Side): number[] {
  const out: number[] = [];
  for (let l = 0; l < view.loc_l.length; l++) if (view.counters.side_l[l] === side && view.loc_l[l]! >= 0 && !view.oos_l[l]) out.push(view.loc_l[l]!);
  if (view.ghq_s[side]! >= 0) out.push(view.ghq_s[side]!);
  for (const s of view.map.supplySources) if (s.side === side) out.push(s.hex);
  return out;
}

let reachCache: Reach | null = null;
let reachMap: unknown = null;

/** 10: the next move of the phase for the heuristic, or none when every group has been considered. */
export function chooseMove(d: Extract<Decision, { kind: 'move' }>, view: GameState, params: HeuristicParams, plan: MovePlan,
  objectives: readonly Objective[], forces: ReadonlyMap<number, number>, aggression: number): MoveOrder | null {
  const side = d.side, enemy = otherSide(side);
  const key = `${view.turn}:${view.phasing}:${d.reaction}`;
  if (plan.key !== key) { plan.key = key; plan.queue = buildGroups(d, view); }
  const ps = pathSearchFor(view.map);
  if (reachMap !== view.map) { reachCache = createReach(ps); reachMap = view.map; }
  const reach = reachCache!;
  const grid = view.map.grid;
  const supplyAt = providers(view, side);
  const radiusHexes = Math.max(2, Math.floor(view.radius_s[side]! / 2));
  while (plan.queue.length > 0) {
    const g = plan.queue.shift()!;
    let units = g.units.filter((u) => d.movable.units.includes(u) && view.loc_u[u] === g.start);
    const leaders = g.leaders.filter((l) => d.movable.leaders.includes(l) && view.loc_l[l] === g.start);
    if (d.reaction && (leaders.length === 0 || units.length === 0)) continue;
    // Garrison: keep the strongest units in an own settlement the enemy can reach.
    if (view.map.settlement_h[g.start] && view.control_h[g.start] === side && params.garrison > 0 && strengthAround(view, g.start, enemy, 3) > 0) {
      const byStrength = [...units].sort((a, b) => view.counters.defence_u[b * 2]! - view.counters.defence_u[a * 2]!);
      units = byStrength.slice(params.garrison);
    }
    units = units.filter((u) => view.counters.type_u[u] !== ENGINEER || view.building_u[u] === 0);
    if (units.length === 0 && leaders.length === 0) continue;
    const pieces = { units, leaders };
    const mover = stackMover(view, side, pieces, { reaction: d.reaction, phaseStart: true });
    reachable(ps, view, mover, g.start, reach);
    const forced = leaders.map((l) => forces.get(l)).find((h) => h !== undefined && h >= 0);
    const targets = forced !== undefined ? [{ hex: forced, value: 30 }] : objectives;
    const ourAttack = units.reduce((s, u) => s + view.counters.attack_u[u * 2 + view.reduced_u[u]!]!, 0);
    const ourDefence = units.reduce((s, u) => s + view.counters.defence_u[u * 2 + view.reduced_u[u]!]!, 0);
    const counting = units.filter((u) => view.counters.type_u[u] !== ENGINEER).length;
    const scoreAt = (h: number) => {
      let s = 0;
      if (units.length > 0 && view.control_h[h] === enemy) s += settlementValue(view, h) * 2 * params.settlementWeight;
      for (const o of targets) {
        const before = distance(grid, g.start, o.hex), after = distance(grid, h, o.hex);
        s += aggression * o.value * (before - after) / (4 + before);
      }
      const enemyNear = strengthAround(view, h, enemy, 1);
      if (enemyNear > 0) {
        if (units.length > 0 && leaders.length > 0) s += aggression * 3 * Math.min(2, ourAttack / (enemyNear + 1)) - (1 - aggression) * 3;
        else if (units.length > 0) s -= 3;
        s -= (1 - aggression) * 4 * Math.min(2, enemyNear / (ourDefence + 1));
      }
      let nearest = 99;
      for (const p of supplyAt) nearest = Math.min(nearest, distance(grid, p, h));
      if (units.length > 0 && leaders.length === 0 && nearest > radiusHexes) s -= 2 * (nearest - radiusHexes);
      if (view.map.settlement_h[h] && view.control_h[h] === side && strengthAround(view, h, enemy, 3) > 0) s += 1;
      return s;
    };
    let best = g.start, bestScore = scoreAt(g.start) + 0.5; // moving must beat staying
    for (let i = 0; i < reach.count; i++) {
      const n = reach.touched_n[i]!;
      if (n === reach.start || n >= grid.size || !canEndAt(reach, n)) continue;
      if (counting > 0 && view.stacking_hs[n * 2 + side]! + counting > stackingLimit(view, n)) continue;
      const s = scoreAt(n);
      if (s > bestScore) { best = n; bestScore = s; }
    }
    if (best === g.start) continue;
    return { units, leaders, path: pathTo(reach, best) };
  }
  return null;
}
