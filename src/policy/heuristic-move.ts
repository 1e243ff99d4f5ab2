// The heuristic's moves: leaders and their stacks first, toward weighted objectives (settlements to take,
// own settlements to hold, a plan's targets), scoring each reachable hex for capture, progress,
// contact, danger and General Supply; garrisons stay in threatened settlements.
import { ENGINEER } from '../core/counters.js';
import type { Decision, MoveOrder } from '../core/decisions.js';
import { canEndAt, createReach, pathSearchFor, pathTo, reachable, stackMover, type PathSearch, type Reach } from '../core/movement.js';
import { stackingLimit } from '../core/combat-odds.js';
import { otherSide, type Side } from '../core/side.js';
import { WORKS_NONE, type GameMap } from '../core/map.js';
import type { GameState } from '../core/state.js';
import type { HeuristicParams } from './heuristic-params.js';
import { settlementValue } from './heuristic-attack.js';
import { distanceRow, nearestEnemyDistance } from './geometry.js';
import { influence } from './influence.js';
import { enemyCanReach } from './threat.js';
import { crushable } from './reaction-threat.js';
import { baseKeepers, garrisonCount, guarded, keeperMove, type Keeper } from './heuristic-garrison.js';
import {
  cutOff,
  doomedStackAt,
  endsWasting,
  exposedLeaderStack,
  ghqRefuge,
  joinDooms,
  leaderPost,
  leaderRefuge,
  leaderToKeep,
  leaderWithdrawal,
  pocketed,
  wastingInEzoc,
} from './heuristic-leaders.js';

export interface Objective {
  readonly hex: number;
  readonly value: number;
}

interface Group {
  readonly start: number;
  readonly units: number[];
  readonly leaders: number[];
  /** refugeLast: the refuge chosen first by leaders leaving a doomed stack, put back until the other stacks have moved. */
  readonly first?: number;
  /** leaderSpread: leaders moving after the other stacks; the leader who stayed with their stack (-1: they were moving alone). */
  readonly follow?: number;
  /** leaderJoin: these leaders left units of their hex behind (a garrison kept, units that do not move), for garrisonCover. */
  readonly leftUnits?: boolean;
  /** leaderCrush: leaders whose stack stayed where the enemy could crush it in its Reaction Combat, put back until the other stacks have moved. */
  readonly crushed?: boolean;
}

/** Per-phase memory: which groups are left to move. */
export interface MovePlan {
  key: string;
  queue: Group[];
  /** baseKeeper: units that keep an own big-four base this phase, each in it or within a move of it (heuristic-garrison.ts). */
  keepers: Keeper[];
}

export function newMovePlan(): MovePlan {
  return { key: '', queue: [], keepers: [] };
}

/** Objectives: enemy-held settlements to take, own settlements under threat to hold, weighted by VP. */
export function defaultObjectives(view: GameState, side: Side, params: HeuristicParams): Objective[] {
  const enemy = otherSide(side);
  const near3 = influence(view, enemy, 3);
  const out: Objective[] = [];
  for (const p of view.map.places) {
    if (!p.settlement) continue;
    const c = view.control_h[p.hex];
    const v = settlementValue(view, p.hex) * params.settlementWeight;
    if (c === enemy) out.push({ hex: p.hex, value: v });
    else if (c === side && near3[p.hex]! > 0) out.push({ hex: p.hex, value: v * 0.8 });
  }
  return out;
}

function buildGroups(d: Extract<Decision, { kind: 'move' }>, view: GameState): Group[] {
  const byHex = new Map<number, Group>();
  const get = (h: number) => {
    let g = byHex.get(h);
    if (!g) {
      g = { start: h, units: [], leaders: [] };
      byHex.set(h, g);
    }
    return g;
  };
  for (const u of d.movable.units) if (view.loc_u[u]! >= 0) get(view.loc_u[u]!).units.push(u);
  for (const l of d.movable.leaders) if (view.loc_l[l]! >= 0) get(view.loc_l[l]!).leaders.push(l);
  const groups = [...byHex.values()];
  const dist = new Map(groups.map((g) => [g, nearestEnemyDistance(view, d.side, g.start)] as const));
  // 7.3 design note: move leaders first; then the groups nearest the enemy.
  groups.sort(
    (a, b) => (b.leaders.length > 0 ? 1 : 0) - (a.leaders.length > 0 ? 1 : 0) || dist.get(a)! - dist.get(b)! || a.start - b.start,
  );
  return groups;
}

/** Hexes providing General Supply to the side now, each once: its leaders, GHQ and sources (8.10). */
function providers(view: GameState, side: Side): number[] {
  const out: number[] = [];
  const add = (h: number) => {
    if (!out.includes(h)) out.push(h);
  };
  for (let l = 0; l < view.loc_l.length; l++)
    if (view.counters.side_l[l] === side && view.loc_l[l]! >= 0 && !view.oos_l[l]) add(view.loc_l[l]!);
  if (view.ghq_s[side]! >= 0) add(view.ghq_s[side]!);
  for (const s of view.map.supplySources) if (s.side === side) add(s.hex);
  return out;
}

/**
 * 8.10: a leader chains General Supply only while another provider's radius (`radiusHexes`) reaches him; beyond it his
 * whole stack rolls for attrition (8.12). How many hexes h lies beyond the nearest provider other than the group's start.
 */
function beyondRadius(rows: readonly Uint8Array[], at: readonly number[], start: number, h: number, radiusHexes: number): number {
  let nearest = 99;
  for (let k = 0; k < rows.length; k++) if (at[k] !== start) nearest = Math.min(nearest, rows[k]![h]!);
  return Math.max(0, nearest - radiusHexes);
}

/**
 * 14.3, 12.13 (holdWorks): units with a combat unit other than engineers, in an entrenched or fortified hex with an
 * enemy unit within holdWorks hexes, stay while their side leads by 1 to holdWorksLead - 1 VP (16.2): ahead, the works
 * keep the lead; far ahead, the stack presses on; behind, it must go and take VP. Engineers alone go on building.
 */
function holdsWorks(view: GameState, side: Side, h: number, units: readonly number[], params: HeuristicParams): boolean {
  if (view.works_h[h] === WORKS_NONE || !units.some((u) => view.counters.type_u[u] !== ENGINEER)) return false;
  const lead = view.vp_s[side]! - view.vp_s[otherSide(side)]!;
  return lead > 0 && lead < params.holdWorksLead && nearestEnemyDistance(view, side, h) <= params.holdWorks;
}

/** Hexes from the nearest enemy unit beyond which a leaderless group is a reserve that marches (reserveMarch). */
const RESERVE_CONTACT = 4;

/** 15.1: hexes of the side's leaders in General Supply with an enemy unit within RESERVE_CONTACT + 2 hexes: where reserves go. */
function frontLeaders(view: GameState, side: Side): number[] {
  const out: number[] = [];
  for (let l = 0; l < view.loc_l.length; l++) {
    const h = view.loc_l[l]!;
    if (
      view.counters.side_l[l] === side &&
      h >= 0 &&
      !view.oos_l[l] &&
      !out.includes(h) &&
      nearestEnemyDistance(view, side, h) <= RESERVE_CONTACT + 2
    )
      out.push(h);
  }
  return out;
}

/** The row, among `rows`, whose hex is nearest `h` (null when there is none). */
function nearestRow(rows: readonly Uint8Array[], h: number): Uint8Array | null {
  let best: Uint8Array | null = null;
  for (const r of rows) if (best === null || r[h]! < best[h]!) best = r;
  return best;
}

/** leaderCrush: leaders staying in `start` on a stack the enemy could crush look again once the other stacks have moved. */
function recheckCrushed(plan: MovePlan, start: number, leaders: number[], crush: ((h: number) => boolean) | undefined): void {
  if (crush !== undefined && leaders.length > 0 && crush(start)) plan.queue.push({ start, units: [], leaders, crushed: true });
}

/** Progress toward a target worth `weight`, `before` hexes from the group's start and `after` from the end considered. */
function progress(weight: number, before: number, after: number): number {
  return (weight * (before - after)) / (4 + before);
}

/** Per-map scratch of chooseMove: the reach search's output, the candidate end hexes and their scores. */
interface Scratch {
  readonly map: GameMap;
  readonly reach: Reach;
  readonly ends: Int32Array;
  readonly score: Float64Array;
}
let scratch: Scratch | null = null;

/** 10: the next move of the phase for the heuristic, or none when every group has been considered. */
export function chooseMove(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  params: HeuristicParams,
  plan: MovePlan,
  objectives: readonly Objective[],
  forces: ReadonlyMap<number, number>,
  aggression: number,
): MoveOrder | null {
  const side = d.side,
    enemy = otherSide(side);
  const key = `${view.turn}:${view.phasing}:${d.reaction}`;
  if (plan.key !== key) {
    plan.key = key;
    plan.queue = buildGroups(d, view);
    plan.keepers = d.reaction ? [] : baseKeepers(view, side, params);
  }
  if (plan.queue.length === 0) return null;
  const ps = pathSearchFor(view.map);
  const grid = view.map.grid;
  if (scratch?.map !== view.map)
    scratch = { map: view.map, reach: createReach(ps), ends: new Int32Array(grid.size), score: new Float64Array(grid.size) };
  const { reach, ends, score } = scratch;
  const { control_h } = view,
    { settlement_h } = view.map;
  const near1 = influence(view, enemy, 1),
    near3 = influence(view, enemy, 3);
  const providerHexes = providers(view, side);
  const supplyRows = providerHexes.map((p) => distanceRow(grid, p));
  const objectiveRows = objectives.map((o) => distanceRow(grid, o.hex));
  const radiusHexes = Math.max(2, Math.floor(view.radius_s[side]! / 2));
  const exposed = params.leaderCover ? (h: number) => enemyCanReach(view, side, h, true) : undefined;
  // 10.10, 12.1 (leaderCrush): a hex where the side's stack could be crushed in its Reaction Combat Phase.
  const crush = params.leaderCrush > 0 && !d.reaction ? (h: number) => crushable(view, side, h, params.leaderCrush) : undefined;
  const frontRows = params.reserveMarch > 0 ? frontLeaders(view, side).map((h) => distanceRow(grid, h)) : [];
  // 7.1, 8.7: the units a settlement near the enemy keeps (the radius is the Supply Phase's, fixed for the phase).
  const garrison = garrisonCount(view, side, params);
  while (plan.queue.length > 0) {
    const g = plan.queue.shift()!;
    let units = g.units.filter((u) => d.movable.units.includes(u) && view.loc_u[u] === g.start);
    let leaders = g.leaders.filter((l) => d.movable.leaders.includes(l) && view.loc_l[l] === g.start);
    if (d.reaction && (leaders.length === 0 || units.length === 0)) continue;
    // 16.2 (baseKeeper): a unit keeping an own big-four base walks into it when it can (its group moves after), else stays.
    const kept = plan.keepers.length > 0 ? plan.keepers.filter((k) => units.includes(k.unit)) : [];
    if (kept.length > 0) {
      units = units.filter((u) => !kept.some((k) => k.unit === u));
      const walk = keeperMove(view, side, kept);
      if (walk !== null) {
        plan.queue.unshift(g);
        return walk;
      }
    }
    // Garrison: keep the strongest units in an own settlement with the enemy near (`garrison` of them), and
    // one at least where the enemy could walk in next turn for VP worth it (heuristic-garrison.ts); a unit
    // there alone stays only with `garrisonAlone`.
    if (settlement_h[g.start] && control_h[g.start] === side) {
      // A big-four base (16.2: 2 x 2d6 VP) keeps its unit even alone (holdBase).
      const alone = params.garrisonAlone || (params.holdBase && view.map.bigFour_h[g.start] === 1);
      const guard = (units.length > 1 || alone) && guarded(view, side, g.start, params);
      const keep = Math.max(garrison > 0 && near3[g.start]! > 0 ? garrison : 0, guard ? 1 : 0);
      if (keep > 0) {
        const byStrength = [...units].sort((a, b) => view.counters.defence_u[b * 2]! - view.counters.defence_u[a * 2]!);
        units = byStrength.slice(keep);
      }
    }
    units = units.filter((u) => view.counters.type_u[u] !== ENGINEER || view.building_u[u] === 0);
    if (units.length === 0 && leaders.length === 0) continue;
    // 10.10, 12.1, I-35 (leaderCrush): once the other stacks have moved, leaders on a stack the enemy could crush in its
    // Reaction Combat cross alone to a stack it could not (or the GHQ), if one is in reach; else they stay with it.
    if (g.crushed === true) {
      if (crush === undefined || !crush(g.start)) continue;
      const refuge = leaderRefuge(ps, reach, view, side, leaders, g.start, near1, false, exposed, crush);
      if (refuge >= 0 && !crush(refuge)) return { units: [], leaders, path: pathTo(reach, refuge) };
      continue;
    }
    // 15, I-35: leaders on a doomed stack (one unit near the enemy, or few steps out of supply; with leaderTrap, one out of supply in an EZOC with one way out or none; leaderPocket, leaderCutOff: pocketed) cross alone to one that can hold; the units move next, leaderless.
    // With leaderReaction in a Reaction Movement too (10.10: the side's Supply Phase, 8.12, comes before its next move).
    if (
      params.leaderSafety &&
      (!d.reaction || params.leaderReaction) &&
      leaders.length > 0 &&
      (exposedLeaderStack(view, side, g.start, near3) ||
        (params.leaderTrap && wastingInEzoc(view, side, g.start)) ||
        (params.leaderPocket > 0 && pocketed(view, side, g.start, params.leaderPocket)) ||
        (params.leaderCutOff > 0 && cutOff(view, side, g.start, params.leaderCutOff)))
    ) {
      let refuge = leaderRefuge(ps, reach, view, side, leaders, g.start, near1, d.reaction, exposed, crush);
      // refugeLast: the refuge they chose first still, if its stack marched off and left it where no enemy unit could enter next.
      const first = g.first ?? -1;
      if (first >= 0 && view.combat_hs[first * 2 + side] === 0 && canEndAt(reach, first) && !enemyCanReach(view, side, first, true))
        refuge = first;
      // None to cross to: toward the nearest provider alone (leaderRetreat), out of the enemy's reach first (leaderCover).
      if (refuge < 0 && params.leaderRetreat)
        refuge = leaderWithdrawal(reach, view, side, g.start, near1, near3, supplyRows, providerHexes, false, exposed);
      // 15, I-35: the way back barred, anywhere out of the enemy's touch (leaderEscape).
      if (refuge < 0 && params.leaderRetreat && params.leaderEscape)
        refuge = leaderWithdrawal(reach, view, side, g.start, near1, near3, supplyRows, providerHexes, true, exposed);
      // Nowhere else: the GHQ, in the enemy's reach or not, as before leaderCover (reach still holds the leaders' search).
      if (refuge < 0 && exposed !== undefined) refuge = ghqRefuge(reach, view, side, g.start, near1);
      if (refuge >= 0) {
        if (g.units.length > 0) plan.queue.unshift({ start: g.start, units: g.units, leaders: [] });
        // 10.3, I-35 (refugeLast): a refuge whose stack is still to move could march on and leave them alone there:
        // they wait until the other stacks have moved (their own units move first, leaderless, as after them), then go
        // there if no enemy unit could enter it next, else choose again.
        if (
          params.refugeLast &&
          !d.reaction &&
          g.first === undefined &&
          plan.queue.some((q) => q.start === refuge && q.units.length > 0 && q.leaders.length === 0)
        ) {
          plan.queue.push({ start: g.start, units: [], leaders, first: refuge });
          continue;
        }
        return { units: [], leaders, path: pathTo(reach, refuge) };
      }
    }
    // A leader the plan sends to a hex (forces) leads his group there.
    const forced = leaders.map((l) => forces.get(l)).find((h) => h !== undefined && h >= 0);
    // 12.2, 12.9, 10.3 (leaderJoin, leaderSpread): leaders moving alone, and all but one of a stack's, go once the other
    // stacks have moved, each to a leaderless stack, else after the one who stayed, else as leaders alone do.
    if ((params.leaderJoin || params.leaderSpread) && !d.reaction && leaders.length > 0 && forced === undefined) {
      if (g.follow !== undefined) {
        const to = spreadLeaders(view, side, g, leaders, near1, near3, plan, ps, reach, crush);
        if (to !== null) return to;
        if (g.follow >= 0 && view.loc_l[g.follow] === g.start) continue;
      } else if (params.leaderJoin && units.length === 0) {
        plan.queue.push({ start: g.start, units: [], leaders, follow: -1, leftUnits: g.units.length > 0 });
        continue;
      } else if (params.leaderSpread && leaders.length > 1) {
        const keep = leaderToKeep(view, leaders);
        plan.queue.push({ start: g.start, units: [], leaders: leaders.filter((l) => l !== keep), follow: keep });
        leaders = [keep];
      }
    }
    // 14.3, 12.13 (holdWorks): a stack dug in with the enemy near stays in its works while its side leads by less than holdWorksLead VP.
    if (params.holdWorks > 0 && holdsWorks(view, side, g.start, units, params)) {
      recheckCrushed(plan, g.start, leaders, crush);
      continue;
    }
    const pieces = { units, leaders };
    const mover = stackMover(view, side, pieces, { reaction: d.reaction, phaseStart: true });
    reachable(ps, view, mover, g.start, reach);
    const targets = forced !== undefined ? [{ hex: forced, value: 30 }] : objectives;
    const targetRows = forced !== undefined ? [distanceRow(grid, forced)] : objectiveRows;
    const ourAttack = units.reduce((s, u) => s + view.counters.attack_u[u * 2 + view.reduced_u[u]!]!, 0);
    const ourDefence = units.reduce((s, u) => s + view.counters.defence_u[u * 2 + view.reduced_u[u]!]!, 0);
    const counting = units.filter((u) => view.counters.type_u[u] !== ENGINEER).length;
    const moving = units.length > 0,
      led = leaders.length > 0;
    // 10.3, I-35, 8.12 (garrisonCover): leaders leaving units behind as a garrison do not end alone where an enemy unit
    // could walk in, nor with the units they take on a stack out of General Supply that attrition may take whole.
    const cover = params.garrisonCover && led && (units.length < g.units.length || g.leftUnits === true);
    // 15.1, 8.10: a leaderless group away from the enemy, outside works and own settlements, marches to the nearest leader at the front (reserveMarch).
    const reserve = moving && !led && view.works_h[g.start] === 0 && !(settlement_h[g.start] && control_h[g.start] === side);
    const join = reserve && nearestEnemyDistance(view, side, g.start) > RESERVE_CONTACT ? nearestRow(frontRows, g.start) : null;
    // Candidate ends: the start first (moving must beat staying), then every hex the stack may end in with room.
    let count = 0;
    ends[count++] = g.start;
    for (let i = 0; i < reach.count; i++) {
      const n = reach.touched_n[i]!;
      if (n === reach.start || n >= grid.size || !canEndAt(reach, n)) continue;
      if (counting > 0 && view.stacking_hs[n * 2 + side]! + counting > stackingLimit(view, n)) continue;
      // I-35: leaders alone do not join a doomed stack, nor do leaderless units make one on their leaders (leaderRetreat).
      if (params.leaderRetreat && (moving ? !led && joinDooms(view, side, n, units, near3) : doomedStackAt(view, side, n, near3))) continue;
      if (cover && (moving ? endsWasting(view, side, n, units) : view.combat_hs[n * 2 + side] === 0 && enemyCanReach(view, side, n, true)))
        continue;
      ends[count++] = n;
    }
    // Each end's score: capture, then progress toward the targets (every end adds its terms in the targets'
    // order; four targets per pass over the ends), then contact, danger, General Supply and holding a threatened settlement.
    for (let j = 0; j < count; j++)
      score[j] = moving && control_h[ends[j]!] === enemy ? settlementValue(view, ends[j]!) * 2 * params.settlementWeight : 0;
    // 10.10 (reactAdvance): a Reaction Movement meets the enemy's move; with reactAdvance off it gains no ground toward the objectives.
    const advance = d.reaction && !params.reactAdvance ? 0 : aggression;
    const weight = (i: number) => advance * targets[i]!.value;
    let i = 0;
    for (; i + 4 <= targets.length; i += 4) {
      const r0 = targetRows[i]!,
        r1 = targetRows[i + 1]!,
        r2 = targetRows[i + 2]!,
        r3 = targetRows[i + 3]!;
      const w0 = weight(i),
        w1 = weight(i + 1),
        w2 = weight(i + 2),
        w3 = weight(i + 3);
      const b0 = r0[g.start]!,
        b1 = r1[g.start]!,
        b2 = r2[g.start]!,
        b3 = r3[g.start]!;
      for (let j = 0; j < count; j++) {
        const h = ends[j]!;
        score[j] = score[j]! + progress(w0, b0, r0[h]!) + progress(w1, b1, r1[h]!) + progress(w2, b2, r2[h]!) + progress(w3, b3, r3[h]!);
      }
    }
    for (; i < targets.length; i++) {
      const row = targetRows[i]!,
        w = weight(i),
        b = row[g.start]!;
      for (let j = 0; j < count; j++) score[j] = score[j]! + progress(w, b, row[ends[j]!]!);
    }
    let best = g.start,
      bestScore = 0;
    for (let j = 0; j < count; j++) {
      const h = ends[j]!;
      let s = score[j]!;
      const enemyNear = near1[h]!;
      if (enemyNear > 0) {
        if (moving && led) s += aggression * 3 * Math.min(2, ourAttack / (enemyNear + 1)) - (1 - aggression) * 3;
        else if (moving) s -= 3;
        s -= (1 - aggression) * 4 * Math.min(2, enemyNear / (ourDefence + 1));
      }
      if (moving && led && params.supplyLeash > 0)
        s -= params.supplyLeash * beyondRadius(supplyRows, providerHexes, g.start, h, radiusHexes);
      if (moving && !led) {
        let nearest = 99;
        for (const row of supplyRows) nearest = Math.min(nearest, row[h]!);
        // Out of the providers' radius costs; a marching reserve gains reserveMarch for each hex it closes on its leader.
        if (join !== null) s += params.reserveMarch * (join[g.start]! - join[h]!);
        if (nearest > radiusHexes) s -= 2 * (nearest - radiusHexes);
      }
      if (settlement_h[h] && control_h[h] === side && near3[h]! > 0) s += 1;
      if (j === 0) bestScore = s + 0.5;
      else if (s > bestScore) {
        best = h;
        bestScore = s;
      }
    }
    if (best === g.start) {
      recheckCrushed(plan, g.start, leaders, crush);
      continue;
    }
    return { units, leaders, path: pathTo(reach, best) };
  }
  return null;
}

/**
 * 12.2, 12.9 (leaderJoin, leaderSpread): the move of the leaders in g, moving alone after the other stacks: the first
 * of them with a leaderless stack to go to (leaderPost) goes there alone, the others wait at the queue's head; none has
 * one: they all go to the hex of the leader who stayed if they can end there; null: neither (they then move as leaders
 * alone do).
 */
function spreadLeaders(
  view: GameState,
  side: Side,
  g: Group,
  leaders: readonly number[],
  near1: Float64Array,
  near3: Float64Array,
  plan: MovePlan,
  ps: PathSearch,
  reach: Reach,
  shun?: (h: number) => boolean,
): MoveOrder | null {
  for (const l of leaders) {
    reachable(ps, view, stackMover(view, side, { units: [], leaders: [l] }, { phaseStart: true }), g.start, reach);
    const post = leaderPost(reach, view, side, near1, near3, shun);
    if (post < 0) continue;
    const rest = leaders.filter((x) => x !== l);
    if (rest.length > 0) plan.queue.unshift({ start: g.start, units: [], leaders: rest, follow: g.follow, leftUnits: g.leftUnits });
    return { units: [], leaders: [l], path: pathTo(reach, post) };
  }
  const to = g.follow! >= 0 ? view.loc_l[g.follow!]! : -1;
  if (to < 0 || to === g.start) return null;
  reachable(ps, view, stackMover(view, side, { units: [], leaders }, { phaseStart: true }), g.start, reach);
  return canEndAt(reach, to) ? { units: [], leaders, path: pathTo(reach, to) } : null;
}
