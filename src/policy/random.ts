// The random policy: uniform choices among legal answers, from its own seeded stream. It doubles as
// the engine's fuzzer: every answer it gives must be accepted, and every game must end cleanly.
import { checkAttack, createCombatPhaseLog, type Attack } from '../core/combat.js';
import { canFlip, checkLosses, cheapestLosses, defaultStepLosses, type LossStep } from '../core/combat-losses.js';
import { checkBarrage } from '../core/barrage.js';
import { ARMOR, ARTILLERY } from '../core/counters.js';
import { buildProblem } from '../core/construction.js';
import type { Answers, AttackOrder, BarrageOrder, Decision, MoveOrder, Policy } from '../core/decisions.js';
import { seededDice, shuffle, type Dice } from '../core/dice.js';
import { DIRECTIONS, NO_HEX } from '../core/hex.js';
import type { GameMap } from '../core/map.js';
import {
  canEndAt,
  createReach,
  pathSearchFor,
  pathTo,
  reachable,
  stackMover,
  truckMover,
  type PathSearch,
  type Reach,
} from '../core/movement.js';
import { checkAdvance } from '../core/retreat.js';
import { otherSide, type Side } from '../core/side.js';
import { BUILD_ENTRENCHMENT, BUILD_FORTIFICATION, BUILD_NONE, BUILD_TRAIL, BUILD_WELL, type GameState } from '../core/state.js';
import { combatSupplyHexes } from '../core/supply.js';
import { dispatch, type Handlers } from './handlers.js';
import { spreadGroup } from './setup-helpers.js';
import { adjacent as isAdjacent } from './geometry.js';
import { phaseLog } from './outlook.js';

export function randomPolicy(seed: string): Policy {
  const dice = seededDice(seed);
  return {
    name: 'random',
    decide<D extends Decision>(d: D, view: GameState): Answers[D['kind']] {
      return dispatch(RANDOM, d, view, dice);
    },
  };
}

/** Search output shared by every random policy (one decides at a time), rebuilt when the map changes. */
let sharedReach: Reach | null = null;
let sharedReachMap: GameMap | null = null;
function reachFor(ps: PathSearch): Reach {
  if (sharedReachMap !== ps.map) {
    sharedReach = createReach(ps);
    sharedReachMap = ps.map;
  }
  return sharedReach!;
}
const endsScratch: number[] = [];
/** The nodes below `limit` other than the start where the move may end, in the order reached (reuses one array). */
function endsOf(reach: Reach, limit: number): number[] {
  const { touched_n, count, start } = reach,
    ends = endsScratch;
  ends.length = 0;
  for (let i = 0; i < count; i++) {
    const n = touched_n[i]!;
    if (n !== start && n < limit && canEndAt(reach, n)) ends.push(n);
  }
  return ends;
}

const pick = <T>(dice: Dice, list: readonly T[]): T => list[dice.int(list.length)]!;
const coin = (dice: Dice) => dice.int(2) === 0;
function subset<T>(dice: Dice, list: readonly T[], max = list.length): T[] {
  const out: T[] = [];
  for (const x of list) if (out.length < max && coin(dice)) out.push(x);
  return out;
}

const RANDOM: Handlers<Dice> = {
  setupGroup: (d, view, dice) => spreadGroup(d, view, (hexes) => pick(dice, hexes)),
  setupEntrenchments: (d, _view, dice) => subset(dice, d.hexes, d.count),
  // Choices that cost VP are made rarely, so that games live long enough to exercise every phase.
  refuseTruce: (_d, _view, dice) => dice.int(6) === 0,
  callUps: (d, _view, dice) => (dice.int(10) === 0 ? 1 + dice.int(Math.min(3, d.max)) : 0), // 1-3 now and then, never a spree
  replacements: (d, _view, dice) => subset(dice, d.eligible, d.points),
  placePiece: (d, _view, dice) => pick(dice, d.hexes),
  removeGhq: (_d, _view, dice) => coin(dice),
  depots: (d, _view, dice) => subset(dice, d.candidates, d.max),
  attachTrucks: (d, view, dice) => subset(dice, d.trucks).map((t) => ({ truck: t, hex: view.loc_t[t]! })),
  placeCsp: (d, _view, dice) => Array.from({ length: dice.int(d.count + 1) }, () => pick(dice, d.hexes)),
  airSupply: (d, _view, dice) => (coin(dice) ? pick(dice, d.units) : -1),
  move: (d, view, dice) => randomMove(d, view, dice),
  attack: (d, view, dice) => randomAttack(d, view, dice),
  barrage: (d, view, dice) => randomBarrage(d, view, dice),
  stepLosses: (d, view) => defaultStepLosses(view, d.units, d.steps),
  defend: (d, _view, dice) => ({ cspHexes: coin(dice) ? subset(dice, d.cspHexes, 2) : [], air: d.air && coin(dice) }),
  losses: (d, view, dice) => randomLosses(view, d.units, d.attacking, d.required, dice),
  overstack: (d, _view, dice) => shuffle(dice, d.units).slice(0, d.count),
  retreat: (d, _view, dice) => pick(dice, d.hexes),
  advance: (d, view, dice) => {
    const moves: { unit: number; hex: number }[] = [];
    for (const u of d.units) {
      if (!coin(dice)) continue;
      const m = { unit: u, hex: pick(dice, d.hexes) };
      if (checkAdvance(view, d.units, d.hexes, [...moves, m]) === null) moves.push(m);
    }
    const leaders =
      moves.length === 0 ? [] : d.leaders.filter(() => coin(dice)).map((l) => ({ unit: -1, leader: l, hex: pick(dice, moves).hex }));
    return [...moves, ...leaders];
  },
  build: (d, view, dice) => {
    const orders: { engineer: number; what: number }[] = [];
    for (const e of d.engineers) {
      const legal = [BUILD_NONE, BUILD_ENTRENCHMENT, BUILD_FORTIFICATION, BUILD_TRAIL, BUILD_WELL].filter(
        (w) => buildProblem(view, e, w) === null,
      );
      const what = pick(dice, legal);
      if (what !== BUILD_NONE) orders.push({ engineer: e, what });
    }
    return orders;
  },
  trailPermission: (_d, _view, dice) => coin(dice),
  chooseLeader: (d, _view, dice) => pick(dice, d.leaders),
  political: (d, view, dice) => {
    if (d.forced) return { action: 'replaceCommander', modifier: dice.int(4) === 0 ? dice.int(7) - 3 : 0, supporters: [] };
    const r = dice.int(10);
    if (r > 1) return { action: 'none' };
    const ac = view.armyCommander_s[d.side]!;
    const subs: number[] = [];
    for (let l = 0; l < view.loc_l.length; l++) if (view.counters.side_l[l] === d.side && view.loc_l[l]! >= 0 && l !== ac) subs.push(l);
    if (r === 1) {
      const higher = subs.filter((l) => view.counters.political_l[l]! > view.counters.political_l[ac]!);
      return { action: 'replaceCommander', modifier: 0, supporters: subset(dice, higher) };
    }
    const replaceable = subs.filter((l) => view.counters.political_l[l]! <= view.counters.political_l[ac]!);
    return replaceable.length > 0
      ? { action: 'replaceSubordinate', leader: pick(dice, replaceable), modifier: dice.int(2) }
      : { action: 'none' };
  },
};

/** A random piece (with the leaders and units of its hex, sometimes) to a random reachable place; none 1 time in 8. */
function randomMove(d: Extract<Decision, { kind: 'move' }>, view: GameState, dice: Dice): MoveOrder | null {
  const m = d.movable;
  const side = d.side;
  const ps = pathSearchFor(view.map),
    reach = reachFor(ps);
  for (let attempt = 0; attempt < 6; attempt++) {
    if (dice.int(8) === 0) return null;
    const kinds: ('unit' | 'leader' | 'truck' | 'ghq')[] = [];
    if (m.units.length > 0) kinds.push('unit');
    if (m.leaders.length > 0) kinds.push('leader');
    if (m.trucks.length > 0) kinds.push('truck');
    if (m.ghq) kinds.push('ghq');
    if (kinds.length === 0) return null;
    const kind = pick(dice, kinds);
    let order: { units: number[]; leaders: number[]; trucks: number[]; ghq: boolean };
    let start: number;
    let spent = 0;
    if (kind === 'unit') {
      const u = pick(dice, m.units);
      start = view.loc_u[u]!;
      const companions = m.units.filter((x) => x !== u && view.loc_u[x] === start && coin(dice));
      const leaders = m.leaders.filter((l) => view.loc_l[l] === start && (d.reaction || coin(dice)));
      order = { units: [u, ...companions], leaders: d.reaction ? leaders.slice(0, 1) : leaders, trucks: [], ghq: false };
    } else if (kind === 'leader') {
      const l = pick(dice, m.leaders);
      start = view.loc_l[l]!;
      order = { units: [], leaders: [l], trucks: [], ghq: false };
    } else if (kind === 'truck') {
      const ti = dice.int(m.trucks.length);
      const t = m.trucks[ti]!;
      start = view.loc_t[t]!;
      spent = view.counters.truckMove * 6 - m.truckLeft[ti]!;
      const cargo = m.units.filter((u) => view.loc_u[u] === start && view.counters.type_u[u] !== ARMOR);
      if (start >= 0 && cargo.length > 0 && coin(dice)) {
        // 10.11: carry one unit (with the hex's leaders in Reaction Movement, where they must go along).
        const u = pick(dice, cargo);
        const leaders = m.leaders.filter((l) => view.loc_l[l] === start && (d.reaction || coin(dice)));
        const loaded = truckMover(view, side, { combat: true, leaders: leaders.length }, { reaction: d.reaction, phaseStart: true });
        reachable(ps, view, { ...loaded, allowance: loaded.allowance - spent - 12 }, start, reach);
        const ends = endsOf(reach, ps.size);
        if (ends.length > 0) return { units: [u], leaders, path: pathTo(reach, pick(dice, ends)), transport: { truck: t, pickup: 0 } };
      }
      order = { units: [], leaders: [], trucks: [t], ghq: false };
    } else {
      start = view.ghq_s[side]!;
      order = { units: [], leaders: [], trucks: [], ghq: true };
    }
    if (d.reaction && order.units.length > 0 && order.leaders.length === 0) continue;
    const mover = stackMover(view, side, order, { reaction: d.reaction, phaseStart: true });
    reachable(ps, view, spent > 0 ? { ...mover, allowance: mover.allowance - spent } : mover, start, reach);
    const ends = endsOf(reach, ps.nodeCount);
    if (ends.length === 0) continue;
    const path = pathTo(reach, pick(dice, ends));
    return { units: order.units, leaders: order.leaders, trucks: order.trucks, ghq: order.ghq, path, destroyWells: coin(dice) };
  }
  return null;
}

/** A random legal attack: a random unit next to an enemy hex attacks it with random neighbours; none 1 time in 5. */
function randomAttack(d: Extract<Decision, { kind: 'attack' }>, view: GameState, dice: Dice): AttackOrder | null {
  const side: Side = d.side;
  const enemy = otherSide(side);
  const { grid } = view.map;
  const pairs: [number, number][] = [];
  const candidates: number[] = [];
  for (let u = 0; u < view.loc_u.length; u++) {
    const h = view.loc_u[u]!;
    if (view.counters.side_u[u] !== side || h < 0 || d.attacked_u[u]) continue;
    candidates.push(u);
    for (let k = 0; k < DIRECTIONS; k++) {
      const n = grid.neighbour_hd[h * DIRECTIONS + k]!;
      if (n !== NO_HEX && view.combat_hs[n * 2 + enemy]! > 0 && !d.defended_h[n]) pairs.push([u, n]);
    }
  }
  if (pairs.length === 0 || dice.int(5) === 0) return null;
  const log = phaseLog(view, d);
  // 12.12: the CSP hexes that can supply an attacker's hex, asked once per hex (the view does not change between attempts).
  const supplyFrom = new Map<number, number[]>();
  for (let attempt = 0; attempt < 6; attempt++) {
    const [u, target] = pick(dice, pairs);
    const attackers = candidates.filter((x) => x === u || (isAdjacent(view, view.loc_u[x]!, target) && coin(dice)));
    const leaders: number[] = [];
    for (let l = 0; l < view.loc_l.length; l++) {
      if (view.counters.side_l[l] !== side || view.loc_l[l]! < 0) continue;
      if (attackers.some((a) => isAdjacent(view, view.loc_l[l]!, view.loc_u[a]!))) leaders.push(l);
    }
    const cspHexes: number[] = [];
    if (coin(dice)) {
      const h = view.loc_u[u]!;
      let from = supplyFrom.get(h);
      if (from === undefined) {
        from = combatSupplyHexes(view, side, h);
        supplyFrom.set(h, from);
      }
      if (from.length > 0) cspHexes.push(pick(dice, from));
    }
    const air = view.airUsed_s[side]! < view.counters.air[side]! && coin(dice);
    const attack: Attack = {
      side,
      attackers,
      hexes: [target],
      leaders,
      combatSupply_u: new Uint8Array(view.loc_u.length),
      attackerAir: air,
      defenderAir: false,
    };
    if (checkAttack(view, attack, log) === null) return { attackers, hexes: [target], leaders, cspHexes, air };
  }
  return null;
}

/** A random artillery unit barrages a random adjacent enemy hex with one CSP that serves it; none 1 time in 3. */
function randomBarrage(d: Extract<Decision, { kind: 'barrage' }>, view: GameState, dice: Dice): BarrageOrder | null {
  if (dice.int(3) === 0) return null;
  const side = d.side,
    enemy = otherSide(side);
  const { grid } = view.map;
  for (let u = 0; u < view.loc_u.length; u++) {
    const h = view.loc_u[u]!;
    if (view.counters.side_u[u] !== side || view.counters.type_u[u] !== ARTILLERY || h < 0 || d.barraged_u[u]) continue;
    const from = combatSupplyHexes(view, side, h);
    if (from.length === 0) continue;
    for (let k = 0; k < DIRECTIONS; k++) {
      const n = grid.neighbour_hd[h * DIRECTIONS + k]!;
      if (n === NO_HEX || view.combat_hs[n * 2 + enemy] === 0 || d.barraged_hs[n * 2 + side]) continue;
      const leaders: number[] = [];
      for (let l = 0; l < view.loc_l.length; l++)
        if (view.counters.side_l[l] === side && isAdjacent(view, view.loc_l[l]!, h)) leaders.push(l);
      const supplied = new Uint8Array(view.loc_u.length);
      supplied[u] = 1;
      const log = createCombatPhaseLog(view);
      log.barraged_u.set(d.barraged_u);
      log.barraged_hs.set(d.barraged_hs);
      if (checkBarrage(view, { side, artillery: [u], hex: n, leaders, combatSupply_u: supplied }, log) === null) {
        return { artillery: [u], hex: n, leaders, cspHexes: [pick(dice, from)] };
      }
    }
  }
  return null;
}

/** Random steps until the requirement is met; the cheapest allocation when that fails the check. */
function randomLosses(view: GameState, units: readonly number[], attacking: boolean, required: number, dice: Dice): LossStep[] {
  const order = shuffle(dice, units);
  const steps: LossStep[] = [];
  for (const u of order) {
    if (checkLosses(view, units, attacking, required, steps) === null) break;
    steps.push({ unit: u, eliminate: !canFlip(view, u) || coin(dice) });
  }
  return checkLosses(view, units, attacking, required, steps) === null ? steps : cheapestLosses(view, units, attacking, required);
}
