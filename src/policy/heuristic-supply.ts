// Combat supply and trucks in the heuristic's Movement Phase (8.11, 8.14, 8.15, 10.11, 12.12). CSP go up to
// the leaders whose units can attack next (a CSP in a leader's hex supplies every unit in his radius,
// I-22), on foot (4 MP) or carried two at a time by a truck; CSP left where nothing projects them are
// brought back to the GHQ or a leader with troops; trucks not needed gather at the GHQ or a leader with
// troops, never alone where the enemy can reach (10.3: an overrun truck is destroyed, a CSP captured).
import type { Decision, MoveOrder } from '../core/decisions.js';
import { DIRECTIONS, NO_HEX, distance } from '../core/hex.js';
import { SIXTHS, canEndAt, createReach, pathSearchFor, pathTo, reachable, stackMover, type Reach } from '../core/movement.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import { combatSupplyHexes, isUsableSourceHex } from '../core/supply.js';
import { enemyCanReach } from './threat.js';
import { nearestEnemyDistance } from './geometry.js';
import { truckReaches, type TruckReaches } from './truck-reach.js';

/** 10.11: a truck spends 2 MP to load. */
const PICKUP = 2 * SIXTHS;
/** Farthest a truck is looked for, and CSP are carried (8 mech MP along a road, 10.7). */
const TRUCK_HEXES = 24;

/**
 * Per-phase memory: CSP that arrived in a hex this phase (they may not move again, 10.1), the leaders'
 * wants and the hexes still to supply (worked out once, at the phase's first logistics move), the CSP
 * hexes still to bring home, and the trucks already dealt with.
 */
export interface SupplyMemory {
  key: string;
  readonly arrived: Map<number, number>;
  want: Map<number, number> | null;
  needy: { readonly h: number; readonly need: number }[] | null;
  stranded: number[] | null;
  readonly trucksDone: Set<number>;
}

export function newSupplyMemory(): SupplyMemory {
  return { key: '', arrived: new Map(), want: null, needy: null, stranded: null, trucksDone: new Set() };
}

/** Resets the memory when a new phase starts. */
export function phaseMemory(mem: SupplyMemory, view: GameState): SupplyMemory {
  const key = `${view.turn}:${view.phasing}`;
  if (mem.key !== key) {
    mem.key = key;
    mem.arrived.clear();
    mem.want = null;
    mem.needy = null;
    mem.stranded = null;
    mem.trucksDone.clear();
  }
  return mem;
}

let scratch: { map: GameState['map']; a: Reach; b: Reach } | null = null;
function scratchReaches(view: GameState) {
  if (scratch?.map !== view.map) {
    const ps = pathSearchFor(view.map);
    scratch = { map: view.map, a: createReach(ps), b: createReach(ps) };
  }
  return scratch;
}

/** A leader of the side in General Supply stands in h (8.9: his hex projects combat supply, I-22). */
function suppliedLeaderIn(view: GameState, side: Side, h: number): boolean {
  if (view.leaders_hs[h * 2 + side] === 0) return false;
  for (let l = 0; l < view.loc_l.length; l++)
    if (view.loc_l[l] === h && view.counters.side_l[l] === side && view.oos_l[l] === 0) return true;
  return false;
}

/** 12.12, I-22: does a CSP in h project combat supply (a leader in supply, the GHQ in supply, a usable source)? */
function projects(view: GameState, side: Side, h: number): boolean {
  return suppliedLeaderIn(view, side, h) || (view.ghq_s[side] === h && view.ghqOos_s[side] === 0) || isUsableSourceHex(view, side, h);
}

/** 12.1: the enemy hexes the side's units in h or next to it could attack (the leader in h names them, 12.3). */
function attackTargets(view: GameState, side: Side, h: number): number {
  const enemy = otherSide(side);
  const { neighbour_hd } = view.map.grid;
  const targets = new Set<number>();
  const around = [h];
  for (let d = 0; d < DIRECTIONS; d++) {
    const n = neighbour_hd[h * DIRECTIONS + d]!;
    if (n !== NO_HEX) around.push(n);
  }
  for (const x of around) {
    if (view.combat_hs[x * 2 + side] === 0) continue;
    for (let d = 0; d < DIRECTIONS; d++) {
      const n = neighbour_hd[x * DIRECTIONS + d]!;
      if (n !== NO_HEX && view.combat_hs[n * 2 + enemy]! > 0) targets.add(n);
    }
  }
  return targets.size;
}

/**
 * 12.12: does a CSP in h serve the defence: own units in h in contact with the enemy, or h projects combat
 * supply (a leader, the GHQ, a source) within reach of own units that have the enemy within 2 hexes?
 */
function defends(view: GameState, side: Side, h: number): boolean {
  if (view.combat_hs[h * 2 + side]! > 0 && attackTargets(view, side, h) > 0) return true;
  if (!projects(view, side, h)) return false;
  const grid = view.map.grid,
    near = Math.max(1, Math.floor(view.radius_s[side]! / 2));
  for (let u = 0; u < view.loc_u.length; u++) {
    const x = view.loc_u[u]!;
    if (x >= 0 && view.counters.side_u[u] === side && distance(grid, h, x) <= near && nearestEnemyDistance(view, side, x) <= 2) return true;
  }
  return false;
}

/** CSP in h that may still move this phase (10.1: those that arrived stay). */
export function movableCsp(view: GameState, side: Side, h: number, mem: SupplyMemory): number {
  return view.csp_hs[h * 2 + side]! - (mem.arrived.get(h) ?? 0);
}

/**
 * The order moving `count` CSP from `from` to the first of `targets` they can get to: on foot (8.15) if
 * they can make one, else by a free truck (10.11), two at most; null when none can be reached.
 */
function carry(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  from: number,
  targets: readonly number[],
  count: number,
  useTrucks: boolean,
  reaches: TruckReaches,
): MoveOrder | null {
  const side = d.side;
  const ps = pathSearchFor(view.map);
  const { a, b } = scratchReaches(view);
  const foot = reachable(ps, view, stackMover(view, side, { supply: true }), from, a);
  const onFoot = targets.find((to) => canEndAt(foot, to));
  if (onFoot !== undefined) return { units: [], leaders: [], csp: count, path: pathTo(foot, onFoot) };
  if (!useTrucks) return null;
  const trucks = d.movable.trucks
    .map((t, i) => ({ t, i, left: d.movable.truckLeft[i]! }))
    .filter(({ t }) => view.loc_t[t]! >= 0 && distance(view.map.grid, view.loc_t[t]!, from) <= TRUCK_HEXES)
    .sort((x, y) => distance(view.map.grid, view.loc_t[x.t]!, from) - distance(view.map.grid, view.loc_t[y.t]!, from) || x.t - y.t);
  for (const { t, i, left } of trucks) {
    const alone = stackMover(view, side, { trucks: [t] });
    let lead: number[] = [from],
      spent = 0;
    if (view.loc_t[t] !== from) {
      const r = reaches.reach(i);
      if (!canEndAt(r, from)) continue;
      lead = pathTo(r, from);
      spent = r.cost_n[from]!;
    }
    const rest = left - spent - PICKUP;
    if (rest <= 0) continue;
    const r2 = reachable(ps, view, { ...alone, allowance: rest }, from, b);
    const to = targets.find((x) => x !== from && canEndAt(r2, x));
    if (to === undefined) continue;
    const path = [...lead, ...pathTo(r2, to).slice(1)];
    return { units: [], leaders: [], csp: Math.min(2, count), path, transport: { truck: t, pickup: lead.length - 1 } };
  }
  return null;
}

/** Hexes holding the side's CSP, ascending. */
function cspHexes(view: GameState, side: Side): number[] {
  const out: number[] = [];
  for (let h = 0; h < view.map.grid.size; h++) if (view.csp_hs[h * 2 + side]! > 0) out.push(h);
  return out;
}

/** 8.15, 12.12: the next CSP move up to a leader whose units can attack next, or null. */
export function chooseCspForward(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  perLeader: number,
  useTrucks: boolean,
  mem: SupplyMemory,
  reaches: TruckReaches = truckReaches(d, view),
): MoveOrder | null {
  const side = d.side;
  if (mem.needy === null) {
    // Leaders in supply with troops, and what they want: one CSP per enemy hex their units can attack, up to perLeader.
    const want = new Map<number, number>();
    for (let l = 0; l < view.loc_l.length; l++) {
      const h = view.loc_l[l]!;
      if (h < 0 || view.counters.side_l[l] !== side || view.oos_l[l] !== 0 || view.combat_hs[h * 2 + side] === 0 || want.has(h)) continue;
      const n = Math.min(perLeader, attackTargets(view, side, h));
      if (n > 0) want.set(h, n);
    }
    const needy: { h: number; need: number }[] = [];
    for (const [h, w] of want) {
      let have = view.csp_hs[h * 2 + side]!;
      if (have < w && combatSupplyHexes(view, side, h).some((x) => x !== h)) have++;
      if (have < w) needy.push({ h, need: w - have });
    }
    needy.sort((x, y) => want.get(y.h)! - want.get(x.h)! || x.h - y.h);
    mem.want = want;
    mem.needy = needy;
  }
  const want = mem.want!;
  while (mem.needy.length > 0) {
    const { h: to, need } = mem.needy.shift()!;
    // Donors: every CSP hex but what the leaders there want, and one more for the defence where it covers units the enemy is near (12.12).
    const donors = cspHexes(view, side)
      .filter((h) => h !== to)
      .map((h) => {
        const keep = (want.get(h) ?? 0) + (defends(view, side, h) ? 1 : 0);
        return { h, spare: Math.min(movableCsp(view, side, h, mem), view.csp_hs[h * 2 + side]! - keep) };
      })
      .filter((x) => x.spare > 0)
      .sort((x, y) => distance(view.map.grid, x.h, to) - distance(view.map.grid, y.h, to) || x.h - y.h);
    for (const donor of donors) {
      if (distance(view.map.grid, donor.h, to) > TRUCK_HEXES) break; // sorted by distance: the rest are too far
      const order = carry(d, view, donor.h, [to], Math.min(need, donor.spare), useTrucks, reaches);
      if (order) {
        mem.arrived.set(to, (mem.arrived.get(to) ?? 0) + order.csp!);
        return order;
      }
    }
  }
  return null;
}

/** Hexes a CSP or truck is safe in and useful at: the GHQ, or a leader in supply with troops (10.2: occupied hexes are not entered). */
function homes(view: GameState, side: Side): number[] {
  const out: number[] = [];
  const ghq = view.ghq_s[side]!;
  if (ghq >= 0 && (view.combat_hs[ghq * 2 + side]! > 0 || !enemyCanReach(view, side, ghq, true))) out.push(ghq);
  for (let l = 0; l < view.loc_l.length; l++) {
    const h = view.loc_l[l]!;
    if (h >= 0 && view.counters.side_l[l] === side && view.oos_l[l] === 0 && view.combat_hs[h * 2 + side]! > 0 && !out.includes(h))
      out.push(h);
  }
  return out;
}

/** 8.15: the next move of CSP that nothing projects and no troops hold (left behind by a leader or the GHQ) to the nearest home, or null. */
export function chooseCspHome(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  useTrucks: boolean,
  mem: SupplyMemory,
  reaches: TruckReaches = truckReaches(d, view),
): MoveOrder | null {
  const side = d.side;
  mem.stranded ??= cspHexes(view, side).filter(
    (h) => view.combat_hs[h * 2 + side] === 0 && view.ghq_s[side] !== h && !projects(view, side, h),
  );
  let places: number[] | null = null;
  while (mem.stranded.length > 0) {
    const h = mem.stranded.shift()!;
    // CSP with troops are theirs, to attack and defend with (12.12: stacked with a CSP).
    const count = movableCsp(view, side, h, mem);
    if (count <= 0 || view.combat_hs[h * 2 + side]! > 0) continue;
    places ??= homes(view, side);
    const targets = places
      .filter((x) => x !== h && distance(view.map.grid, h, x) <= TRUCK_HEXES)
      .sort((x, y) => distance(view.map.grid, h, x) - distance(view.map.grid, h, y) || x - y);
    const order = targets.length > 0 ? carry(d, view, h, targets, count, useTrucks, reaches) : null;
    if (order) {
      const to = order.path[order.path.length - 1]!;
      mem.arrived.set(to, (mem.arrived.get(to) ?? 0) + order.csp!);
      return order;
    }
  }
  return null;
}

/** 10.11: the next move of a free truck that is neither at a home nor safe, to the nearest home it can reach, or null. */
export function chooseTruckHome(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  mem: SupplyMemory,
  reaches: TruckReaches = truckReaches(d, view),
): MoveOrder | null {
  const side = d.side;
  const places = homes(view, side);
  for (let i = 0; i < d.movable.trucks.length; i++) {
    const t = d.movable.trucks[i]!,
      at = view.loc_t[t]!;
    if (mem.trucksDone.has(t) || at < 0) continue;
    mem.trucksDone.add(t);
    if (places.includes(at) || (isUsableSourceHex(view, side, at) && !enemyCanReach(view, side, at, true))) continue;
    const r = reaches.reach(i);
    let to = places.filter((x) => canEndAt(r, x)).sort((x, y) => r.cost_n[x]! - r.cost_n[y]! || x - y)[0];
    if (to === undefined && places.length > 0) to = towardHome(view, side, r, at, places);
    if (to !== undefined) return { units: [], leaders: [], trucks: [t], path: pathTo(r, to) };
  }
  return null;
}

/** The safe hex of the reach nearest a home, if nearer than the start (a truck too far to get home this turn closes in). */
function towardHome(view: GameState, side: Side, r: Reach, at: number, places: readonly number[]): number | undefined {
  const grid = view.map.grid;
  const gap = (h: number) => Math.min(...places.map((x) => distance(grid, h, x)));
  let best: number | undefined,
    bestGap = gap(at);
  for (let i = 0; i < r.count; i++) {
    const n = r.touched_n[i]!;
    if (n >= grid.size || !canEndAt(r, n)) continue;
    const g = gap(n);
    if (g < bestGap && (view.combat_hs[n * 2 + side]! > 0 || !enemyCanReach(view, side, n, true))) {
      best = n;
      bestGap = g;
    }
  }
  return best;
}

/** 8.11: attach one truck at the GHQ and at each leader's hex with troops out of enemy reach; the rest stay free to move. */
export function chooseAttachments(view: GameState, side: Side, trucks: readonly number[]): { truck: number; hex: number }[] {
  const ghq = view.ghq_s[side]!;
  const out: { truck: number; hex: number }[] = [];
  const used = new Set<number>();
  // Trucks already attached keep their hexes.
  for (let t = 0; t < view.loc_t.length; t++)
    if (view.side_t[t] === side && view.attached_t[t] && view.loc_t[t]! >= 0) used.add(view.loc_t[t]!);
  const ok = (h: number) =>
    h === ghq || (view.combat_hs[h * 2 + side]! > 0 && suppliedLeaderIn(view, side, h) && !enemyCanReach(view, side, h, true));
  for (const t of [...trucks].sort((x, y) => (view.loc_t[x] === ghq ? 0 : 1) - (view.loc_t[y] === ghq ? 0 : 1) || x - y)) {
    const h = view.loc_t[t]!;
    if (used.has(h) || !ok(h)) continue;
    used.add(h);
    out.push({ truck: t, hex: h });
  }
  return out;
}
