// The Movement Phase and Reaction Movement (10, 10.10, 11): asking for moves, checking and applying them.
import { IllegalDecision, type MoveOrder, type Movable } from './decisions.js';
import { cancelConstruction, startConstruction } from './construction.js';
import { overrun } from './displacement.js';
import { ask, type Game } from './game.js';
import { NO_CONTROL } from './scenario.js';
import { otherSide, type Side } from './side.js';
import { ARMOR, ENGINEER } from './counters.js';
import { GONE, countCapture, isBox, setLeaderLoc, setUnitLoc, type GameState } from './state.js';
import {
  SIXTHS,
  checkMovePath,
  type Mover,
  isHexNode,
  locationNode,
  nodeLocation,
  pathCost,
  pathSearchFor,
  stackMover,
  truckMover,
  type PathSearch,
} from './movement.js';
import { eliminateUnit } from './unit-loss.js';
import { addVp, settlementVp } from './victory.js';
import { stackingLimit } from './combat-odds.js';

/** Which pieces have moved in the current phase (10.1: a piece finishes its move before another starts). */
interface Moved {
  readonly unit: Uint8Array;
  readonly leader: Uint8Array;
  /** Sixths of an MP each truck has spent this phase: a truck may move, load and unload until its MF is used (10.11). */
  readonly truckSpent: Int32Array;
  ghq: boolean;
  /** CSP that arrived in a hex by moving this phase, [h * 2 + side]; null until a CSP moves. */
  cspArrived: Uint16Array | null;
  /** Order in which units finished moving (later movers are removed first when over-stacked). */
  readonly order: number[];
}

function newMoved(state: GameState): Moved {
  return {
    unit: new Uint8Array(state.loc_u.length),
    leader: new Uint8Array(state.loc_l.length),
    truckSpent: new Int32Array(state.loc_t.length),
    ghq: false,
    cspArrived: null,
    order: [],
  };
}

/** Why a move order is not allowed, or null (10.1, 10.10, 10.11, 11.4, 8.11 and the path rules of movement.ts). */
export function moveProblem(
  state: GameState,
  ps: PathSearch,
  side: Side,
  order: MoveOrder,
  reaction: boolean,
  moved: Moved | null,
): string | null {
  const r = checkOrder(state, ps, side, order, reaction, moved);
  return typeof r === 'string' ? r : null;
}

/** A leg's cost in sixths, or why the mover may not take it (checked once: pathCost checks the path). */
function legCost(state: GameState, mover: Mover, path: readonly number[]): number | string {
  const cost = pathCost(state, mover, path);
  return cost >= 0 ? cost : checkMovePath(state, mover, path)!;
}

/** Why the order is not allowed, or the MP (sixths) its trucks spend (10.11): 0 when no truck moves. */
function checkOrder(
  state: GameState,
  ps: PathSearch,
  side: Side,
  order: MoveOrder,
  reaction: boolean,
  moved: Moved | null,
): string | number {
  const { units, leaders, path } = order;
  const trucks = order.trucks ?? [];
  const csp = order.csp ?? 0;
  if (!Array.isArray(path) || path.length < 2) return 'a move needs a path of at least two nodes, the start first';
  if (units.length + leaders.length + trucks.length + csp === 0 && !order.ghq) return 'a move needs at least one piece';
  if (order.transport) return transportProblem(state, ps, side, order, reaction, moved);
  const start = path[0]!;
  const c = state.counters;
  for (const u of units) {
    if (c.side_u[u] !== side) return `unit ${u} is not ${side === 0 ? 'Paraguayan' : 'Bolivian'}`;
    if (locationNode(ps, state.loc_u[u]!) !== start)
      return `${c.units[u]!.name} is not at the start of the path (11.4: a stack starts together)`;
    if (moved?.unit[u]) return `${c.units[u]!.name} has already moved this phase (10.1)`;
  }
  for (const l of leaders) {
    if (c.side_l[l] !== side) return `leader ${l} is not ours`;
    if (locationNode(ps, state.loc_l[l]!) !== start) return `${c.leaders[l]!.name} is not at the start of the path`;
    if (moved?.leader[l]) return `${c.leaders[l]!.name} has already moved this phase (10.1)`;
  }
  for (const t of trucks) {
    if (state.side_t[t] !== side || locationNode(ps, state.loc_t[t]!) !== start) return `truck ${t} is not ours at the start of the path`;
    if (state.attached_t[t]) return 'attached trucks may not move (8.11)';
  }
  if (order.ghq && (locationNode(ps, state.ghq_s[side]!) !== start || moved?.ghq))
    return 'the GHQ is not at the start of the path, or has moved';
  if (csp > 0) {
    const h = start < ps.size ? start : -1;
    const here = h >= 0 ? state.csp_hs[h * 2 + side]! - (moved?.cspArrived?.[h * 2 + side] ?? 0) : 0;
    if (!Number.isInteger(csp) || csp > here) return `only ${here} CSP here may move`;
  }
  if (reaction) {
    if (trucks.length > 0 || ((order.ghq || csp > 0) && !order.transport))
      return 'Reaction Movement moves combat units with their leader (10.10)';
    if (units.length > 0 && leaders.length === 0)
      return 'a unit in Reaction Movement must move with a leader it starts stacked with (10.10)';
  }
  const exits = !isHexNode(ps, path[path.length - 1]!) && nodeLocation(ps, path[path.length - 1]!) === GONE;
  if (exits && (leaders.length > 0 || trucks.length > 0 || order.ghq || csp > 0 || units.length === 0))
    return 'only combat units exit the map (I-13)';
  const mover = stackMover(
    state,
    side,
    { units, leaders, trucks, ghq: order.ghq ?? false, supply: csp > 0 },
    { reaction, phaseStart: true },
  );
  const spent = Math.max(0, ...trucks.map((t) => moved?.truckSpent[t] ?? 0));
  const cost = legCost(state, spent > 0 ? { ...mover, allowance: mover.allowance - spent } : mover, path);
  return typeof cost === 'string' || trucks.length > 0 ? cost : 0;
}

const PICKUP_COST = 2 * SIXTHS; // 10.11: a truck spends 2 MP to pick up its cargo

/** 10.11: a truck drives to its cargo, loads it (2 MP) and carries it: one combat unit or two CSP, any leaders and the GHQ. */
function transportProblem(
  state: GameState,
  ps: PathSearch,
  side: Side,
  order: MoveOrder,
  reaction: boolean,
  moved: Moved | null,
): string | number {
  const { truck: t, pickup } = order.transport!;
  const { units, leaders, path } = order;
  const csp = order.csp ?? 0;
  if ((order.trucks ?? []).length > 0) return 'list the carrying truck in transport, not in trucks (10.11)';
  if (state.side_t[t] !== side || (state.loc_t[t]! < 0 && !isBox(state.loc_t[t]!))) return `truck ${t} is not ours on the map`;
  if (state.attached_t[t]) return 'attached trucks may not move (8.11)';
  if (locationNode(ps, state.loc_t[t]!) !== path[0]) return 'the path starts at the truck';
  if (!Number.isInteger(pickup) || pickup < 0 || pickup >= path.length - 1 || !isHexNode(ps, path[pickup]!))
    return 'the pickup is a hex of the path before its end';
  if (nodeLocation(ps, path[path.length - 1]!) === GONE) return 'a truck does not carry units off the map (I-13)';
  if (units.length > 1 || csp > 2 || (units.length === 1 && csp > 0)) return 'a truck carries one combat unit or two CSP (10.11)';
  for (const u of units) if (state.counters.type_u[u] === ARMOR) return 'armor cannot be carried by truck (10.11)';
  if (reaction && pickup !== 0) return 'in Reaction Movement a truck carries units it starts with (10.10, 10.11)';
  const cargoStart = path[pickup]!;
  const c = state.counters;
  for (const u of units) if (locationNode(ps, state.loc_u[u]!) !== cargoStart) return `${c.units[u]!.name} is not at the pickup hex`;
  for (const l of leaders) if (locationNode(ps, state.loc_l[l]!) !== cargoStart) return `${c.leaders[l]!.name} is not at the pickup hex`;
  if (order.ghq && locationNode(ps, state.ghq_s[side]!) !== cargoStart) return 'the GHQ is not at the pickup hex';
  if (csp > 0 && state.csp_hs[cargoStart * 2 + side]! - (moved?.cspArrived?.[cargoStart * 2 + side] ?? 0) < csp)
    return 'not enough CSP at the pickup hex';
  for (const u of units)
    if (moved?.unit[u]) return `${c.units[u]!.name} has already moved this phase; carried units spend no MP of their own (10.11)`;
  for (const l of leaders) if (moved?.leader[l]) return `${c.leaders[l]!.name} has already moved this phase (10.1)`;
  if (reaction && units.length > 0 && leaders.length === 0)
    return 'carried in Reaction Movement, a unit goes with the leader it starts with (10.10)';
  const alone = stackMover(state, side, { trucks: [t] }, { reaction, phaseStart: true });
  let left = alone.allowance - (moved?.truckSpent[t] ?? 0);
  let costA = 0;
  if (pickup > 0) {
    const a = legCost(state, { ...alone, allowance: left }, path.slice(0, pickup + 1));
    if (typeof a === 'string') return a;
    costA = a;
    left -= a;
  }
  left -= PICKUP_COST;
  if (left < 0) return '10.11: the truck has not the 2 MP left to pick up its cargo';
  const loaded = truckMover(state, side, { combat: units.length > 0, leaders: leaders.length }, { reaction, phaseStart: true });
  const costB = legCost(state, { ...loaded, allowance: left }, path.slice(pickup));
  return typeof costB === 'string' ? costB : costA + PICKUP_COST + costB;
}

/** 3.2, 16.2, I-34: a combat unit entering an enemy-controlled hex takes it; a settlement scores by movement. */
function enter(game: Game, side: Side, h: number, reaction: boolean, combat: boolean): void {
  const { state } = game;
  if (!combat) return;
  if (
    state.leaders_hs[h * 2 + otherSide(side)]! > 0 ||
    state.ghq_s[otherSide(side)] === h ||
    state.csp_hs[h * 2 + otherSide(side)]! > 0 ||
    state.loc_t.some((loc, t) => loc === h && state.side_t[t] !== side)
  )
    overrun(game, h, side);
  const owner = state.control_h[h]!;
  if (owner === NO_CONTROL || owner === side) return;
  state.control_h[h] = side;
  if (state.map.settlement_h[h]) {
    countCapture(state, side, h);
    game.observer?.event({ type: 'capture', side, hex: h, how: 'movement' });
    if (!reaction || state.options.reactionCaptureScores) {
      addVp(game, side, settlementVp(game, h, 'movement'), { cause: 'settlementByMovement', hex: h }, '16.2');
    }
  } else game.observer?.event({ type: 'control', side, hex: h });
}

/** Applies a checked order; `truckCost` is what checkOrder found its trucks spend. */
function applyMove(game: Game, ps: PathSearch, side: Side, order: MoveOrder, reaction: boolean, moved: Moved, truckCost: number): void {
  const { state } = game;
  const { units, leaders } = order;
  const trucks = order.trucks ?? [];
  const csp = order.csp ?? 0;
  const combat = units.length > 0;
  const transport = order.transport;
  // The cargo's own path: from the pickup when carried by a truck (10.11).
  const path = transport ? order.path.slice(transport.pickup) : order.path;
  if (transport) {
    const t = transport.truck;
    moved.truckSpent[t] = moved.truckSpent[t]! + truckCost;
    state.loc_t[t] = nodeLocation(ps, path[path.length - 1]!);
  }
  for (let i = 1; i < path.length && !state.ended; i++) {
    if (!isHexNode(ps, path[i]!)) continue;
    enter(game, side, path[i]!, reaction, combat);
    if (order.destroyWells && state.well_h[path[i]!]) {
      state.well_h[path[i]!] = 0; // 14.6: a unit moving into or through a well may destroy it
      game.observer?.event({ type: 'wellDestroyed', side, hex: path[i]!, rule: '14.6' });
    }
  }
  const to = nodeLocation(ps, path[path.length - 1]!);
  const from = nodeLocation(ps, path[0]!);
  for (const u of units) {
    setUnitLoc(state, u, to);
    cancelConstruction(state, u);
    moved.unit[u] = 1;
    moved.order.push(u);
    if (to === GONE) addVp(game, side, state.tables.vp.unitExited, { cause: 'unitExited', unit: u }, '16.2, I-13');
  }
  for (const l of leaders) {
    setLeaderLoc(state, l, to);
    moved.leader[l] = 1;
  }
  for (const t of trucks) {
    state.loc_t[t] = to;
    moved.truckSpent[t] = moved.truckSpent[t]! + truckCost;
  }
  if (order.ghq) {
    state.ghq_s[side] = to;
    moved.ghq = true;
    state.ghqMoves_s[side]!++;
  }
  // A supply move: CSP moving or carried, or a truck driving (8.15, 10.11); counted once per order.
  if (csp > 0 || trucks.length > 0 || transport) state.supplyMoves_s[side]!++;
  if (csp > 0 && from >= 0) {
    state.csp_hs[from * 2 + side] = state.csp_hs[from * 2 + side]! - csp;
    if (to >= 0) {
      state.csp_hs[to * 2 + side] = state.csp_hs[to * 2 + side]! + csp;
      moved.cspArrived ??= new Uint16Array(state.map.grid.size * 2);
      moved.cspArrived[to * 2 + side] = moved.cspArrived[to * 2 + side]! + csp;
    }
  }
  game.observer?.event({
    type: 'move',
    side,
    units,
    leaders,
    trucks,
    ghq: order.ghq === true,
    csp,
    carrier: transport ? transport.truck : -1,
    path: path.map((n) => nodeLocation(ps, n)),
    phase: reaction ? 'reaction' : 'movement',
  });
}

/**
 * 11.1, I-14, I-46: at the end of the phase over-stacked hexes lose their excess units to the dead pile,
 * the owner's choice: his policy picks them; a policy that answers null leaves it to the engine's order
 * (reading (I-46): the last to move first, then the later counters).
 */
export function removeOverstack(game: Game, side: Side, lastMoved: readonly number[] = []): void {
  const { state } = game;
  const { stacking_hs, loc_u } = state;
  const { side_u, type_u } = state.counters;
  // Only stacks above the smallest limit of any terrain (11.2) need their own limit looked up.
  let least = Number.MAX_SAFE_INTEGER;
  for (const t of state.tables.terrain) if (t.stacking > 0 && t.stacking < least) least = t.stacking;
  let crowded: number[] | null = null;
  for (let u = 0; u < loc_u.length; u++) {
    const h = loc_u[u]!;
    if (h >= 0 && side_u[u] === side && stacking_hs[h * 2 + side]! > least && !(crowded ??= []).includes(h)) crowded.push(h);
  }
  if (crowded === null) return;
  crowded.sort((a, b) => a - b); // ascending hex order: a deterministic order of removal
  for (const h of crowded) {
    const excess = stacking_hs[h * 2 + side]! - stackingLimit(state, h);
    if (excess <= 0) continue;
    const here: number[] = [];
    for (let u = 0; u < loc_u.length; u++) if (loc_u[u] === h && side_u[u] === side && type_u[u] !== ENGINEER) here.push(u);
    here.sort((a, b) => lastMoved.lastIndexOf(b) - lastMoved.lastIndexOf(a) || b - a);
    const removed = here.length > excess ? ownersChoice(game, side, h, here, excess) : here;
    for (const u of removed) {
      if (state.ended) break;
      eliminateUnit(game, u, { overstack: true, cause: 'overstack', rule: '11.1, I-14' });
    }
  }
}

/** 11.1, I-46: the `count` units of `units` (in the engine's order) the owner removes from over-stacked hex h. */
function ownersChoice(game: Game, side: Side, h: number, units: readonly number[], count: number): readonly number[] {
  const decision = { kind: 'overstack', side, hex: h, units, count } as const;
  const chosen = ask(game, decision) as readonly number[] | null | undefined;
  if (chosen === null || chosen === undefined) return units.slice(0, count);
  if (!Array.isArray(chosen) || chosen.length !== count || new Set(chosen).size !== count || chosen.some((u) => !units.includes(u))) {
    throw new IllegalDecision(decision, `remove exactly ${count} different units of the hex's ${units.length} (11.1)`, game.where);
  }
  return chosen;
}

/** The side's pieces on the map or in boxes that have not moved this phase (10.10: units and leaders only in reaction). */
function movablePieces(state: GameState, side: Side, moved: Moved, reaction: boolean): Movable {
  const units: number[] = [],
    leaders: number[] = [],
    trucks: number[] = [],
    truckLeft: number[] = [];
  const on = (loc: number) => loc >= 0 || isBox(loc);
  for (let u = 0; u < state.loc_u.length; u++)
    if (state.counters.side_u[u] === side && on(state.loc_u[u]!) && !moved.unit[u]) units.push(u);
  for (let l = 0; l < state.loc_l.length; l++)
    if (state.counters.side_l[l] === side && on(state.loc_l[l]!) && !moved.leader[l]) leaders.push(l);
  const truckMf = state.counters.truckMove * SIXTHS;
  for (let t = 0; t < state.loc_t.length; t++) {
    if (state.side_t[t] === side && on(state.loc_t[t]!) && !state.attached_t[t] && moved.truckSpent[t]! < truckMf) {
      trucks.push(t);
      truckLeft.push(truckMf - moved.truckSpent[t]!);
    }
  }
  return { units, leaders, trucks, truckLeft, ghq: !reaction && !moved.ghq && on(state.ghq_s[side]!) };
}

/** 4.2 C and D: the side's moves until its policy answers none (each piece moves at most once). */
export function movementPhase(game: Game, side: Side, reaction: boolean): void {
  const { state } = game;
  if (!reaction) startConstruction(game, side);
  const ps = pathSearchFor(state.map);
  const moved = newMoved(state);
  const limit = state.loc_u.length + state.loc_l.length + state.loc_t.length + 64;
  for (let n = 0; n < limit && !state.ended; n++) {
    const decision = { kind: 'move', side, reaction, movable: movablePieces(state, side, moved, reaction) } as const;
    const order = ask(game, decision);
    if (order === null) break;
    const checked = checkOrder(state, ps, side, order, reaction, moved);
    if (typeof checked === 'string') throw new IllegalDecision(decision, checked, game.where);
    applyMove(game, ps, side, order, reaction, moved, checked);
  }
  // 11.1: every hex meets its limit at the end of the phase (a lost trail can have lowered one).
  if (!state.ended) {
    removeOverstack(game, side, moved.order);
    removeOverstack(game, otherSide(side));
  }
}
