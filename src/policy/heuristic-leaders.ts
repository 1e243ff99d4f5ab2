// The heuristic's care of its leaders (15, I-35): a leader whose stack is down to one combat unit with the
// enemy near, or out of General Supply, crosses to a stack that can hold (or back to the GHQ), since the
// loss of his stack's last unit displaces him and costs his side his political rating times a die in VP (leaderSafety).
import { canEndAt, reachable, stackMover, type PathSearch, type Reach } from '../core/movement.js';
import type { Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import { DIRECTIONS, NO_HEX } from '../core/hex.js';
import { inEzoc } from '../core/zoc.js';
import { supplyArea } from './heuristic-ghq.js';

/** The side's combat units in hex h, their steps (3.3: two at full strength, one reduced) and whether one is in General Supply (8.10). */
export function stackAt(view: GameState, side: Side, h: number): { units: number; steps: number; supplied: boolean } {
  let units = 0,
    steps = 0,
    supplied = false;
  const { loc_u, inSupply_u } = view,
    side_u = view.counters.side_u;
  for (let u = 0; u < loc_u.length; u++) {
    if (loc_u[u] !== h || side_u[u] !== side) continue;
    units++;
    steps += unitSteps(view, u);
    if (inSupply_u[u]) supplied = true;
  }
  return { units, steps, supplied };
}

/** 3.3: a unit's steps, two at full strength (one for a one-step unit), one reduced. */
function unitSteps(view: GameState, u: number): number {
  return view.reduced_u[u] ? 1 : Math.min(2, view.counters.steps_u[u]!);
}

/** Steps out of General Supply below which attrition (8.12: a step on 0-1, surrender below 0) may take the whole stack in a turn or two. */
const ATTRITION_STEPS = 3;

/**
 * I-35, 8.12: a stack of one combat unit (or none) with an enemy unit within 3 hexes (`near3`), or one out of
 * General Supply with fewer than ATTRITION_STEPS + 1 steps.
 */
export function exposedLeaderStack(view: GameState, side: Side, h: number, near3: Float64Array): boolean {
  return doomed(stackAt(view, side, h), near3[h]! > 0);
}

/** I-35, 8.12: a stack of one combat unit (or none) with the enemy near, or out of General Supply with ATTRITION_STEPS steps or fewer. */
function doomed(s: { units: number; steps: number; supplied: boolean }, enemyNear: boolean): boolean {
  return (s.units <= 1 && enemyNear) || (!s.supplied && s.steps <= ATTRITION_STEPS);
}

/**
 * Where the leaders at `from` go alone: the reachable hex with no enemy unit within one hex (`near1`) holding
 * two or more combat units of the side that are not themselves exposed, one of them in General Supply if any
 * such hex is in reach, the most steps, then the nearest (one `shun` names last: leaderCrush); failing that, the side's GHQ (a provider behind the line, 8.10), unless
 * `exposed` says an enemy unit could enter its hex (leaderCover: the GHQ may move on and leave them alone there, 10.3); -1: none.
 * Fills `reach` with the leaders' own search, for pathTo (`reaction`: a Reaction Movement's, 10.10).
 */
export function leaderRefuge(
  ps: PathSearch,
  reach: Reach,
  view: GameState,
  side: Side,
  leaders: readonly number[],
  from: number,
  near1: Float64Array,
  reaction = false,
  exposed?: (h: number) => boolean,
  shun?: (h: number) => boolean,
): number {
  reachable(ps, view, stackMover(view, side, { units: [], leaders }, { phaseStart: true, reaction }), from, reach);
  let best = bestStack(
    reach,
    view,
    side,
    (n, s) => !(near1[n]! > 0) && s.units >= 2 && !doomed(s, false),
    (n, s) => (shun !== undefined && shun(n) ? -1000 : 0) + (s.supplied ? 100 : 0) + s.steps,
  );
  if (best < 0) {
    const ghq = ghqRefuge(reach, view, side, from, near1);
    if (ghq >= 0 && !(exposed !== undefined && exposed(ghq))) best = ghq;
  }
  return best;
}

/** The side's GHQ as the leaders' refuge (8.10): in `reach` (leaderRefuge's search), not `from`, no enemy unit beside it; -1: not. */
export function ghqRefuge(reach: Reach, view: GameState, side: Side, from: number, near1: Float64Array): number {
  const ghq = view.ghq_s[side]!;
  return ghq >= 0 && ghq !== from && near1[ghq] === 0 && canEndAt(reach, ghq) ? ghq : -1;
}

/**
 * 8.12, I-35 (leaderRetreat): with no stack to cross to, where the leaders leave a doomed stack for, alone: among
 * the hexes in `reach` (the leaders' own search) with no enemy unit within one hex (`near1`), no doomed stack of
 * the side and no farther than `from` from a General Supply provider other than `from` (`rows`: hex distances from
 * each provider, `at` their hexes), the nearest one, then one with no enemy within three (`near3`; 10.3: an enemy
 * moving through a lone leader's hex displaces him for VP), then the cheapest; -1 when there is none. Leaders do not roll for
 * attrition (8.12): one alone out of supply keeps his side his political rating. `escape` (leaderEscape, when that
 * finds none: the way back is barred): any such hex however far from a provider, out of three hexes of the enemy first.
 * `exposed` (leaderCover): a hex an enemy unit could enter next, where leaders alone would be displaced (10.3); those come last.
 */
export function leaderWithdrawal(
  reach: Reach,
  view: GameState,
  side: Side,
  from: number,
  near1: Float64Array,
  near3: Float64Array,
  rows: readonly Uint8Array[],
  at: readonly number[],
  escape = false,
  exposed?: (h: number) => boolean,
): number {
  const size = view.map.grid.size;
  const nearest = (h: number) => {
    let d = 255;
    for (let k = 0; k < rows.length; k++) if (at[k] !== from) d = Math.min(d, rows[k]![h]!);
    return d;
  };
  const now = nearest(from);
  let best = -1,
    bestRank = Infinity,
    bestCost = Infinity;
  for (let i = 0; i < reach.count; i++) {
    const n = reach.touched_n[i]!;
    if (n === reach.start || n >= size || near1[n]! > 0 || !canEndAt(reach, n) || doomedStackAt(view, side, n, near3)) continue;
    const d = nearest(n);
    if (d > now && !escape) continue;
    const rank =
        (escape ? (near3[n]! > 0 ? 512 : 0) + d : d * 2 + (near3[n]! > 0 ? 1 : 0)) +
        (exposed !== undefined && view.combat_hs[n * 2 + side] === 0 && exposed(n) ? 1024 : 0),
      cost = reach.cost_n[n]!;
    if (rank < bestRank || (rank === bestRank && cost < bestCost)) {
      best = n;
      bestRank = rank;
      bestCost = cost;
    }
  }
  return best;
}

/** I-35 (leaderRetreat): a hex where leaders moving alone would join a doomed stack (exposedLeaderStack; an empty hex is not one). */
export function doomedStackAt(view: GameState, side: Side, h: number, near3: Float64Array): boolean {
  return view.combat_hs[h * 2 + side]! > 0 && exposedLeaderStack(view, side, h, near3);
}

/**
 * I-35 (leaderRetreat): a leaderless group of `units` ending in h would make a doomed stack of the side's leaders
 * there: one unit with the enemy within 3 hexes, or three steps or fewer with none of them in General Supply.
 */
export function joinDooms(view: GameState, side: Side, h: number, units: readonly number[], near3: Float64Array): boolean {
  return view.leaders_hs[h * 2 + side]! > 0 && doomed(joined(view, side, h, units), near3[h]! > 0);
}

/** 8.12 (garrisonCover): the side's stack in h with `units` added would be out of General Supply with ATTRITION_STEPS steps or fewer. */
export function endsWasting(view: GameState, side: Side, h: number, units: readonly number[]): boolean {
  return doomed(joined(view, side, h, units), false);
}

/** The side's stack in h with `units` added (they end their move there). */
function joined(view: GameState, side: Side, h: number, units: readonly number[]): { units: number; steps: number; supplied: boolean } {
  const s = stackAt(view, side, h);
  for (const u of units) {
    s.units++;
    s.steps += unitSteps(view, u);
    if (view.inSupply_u[u]) s.supplied = true;
  }
  return s;
}

/**
 * 7.3, 8.12 (leaderTrap): a stack in h out of General Supply and in an enemy ZOC with at most one way out (a hex next
 * to it with no enemy unit and no enemy ZOC, which a unit or leader leaving an EZOC must enter first): it wastes by
 * attrition, and once the enemy's ZOCs close the last way its leaders cannot leave; they step out while they can.
 */
export function wastingInEzoc(view: GameState, side: Side, h: number): boolean {
  if (!inEzoc(view, h, side) || stackAt(view, side, h).supplied) return false;
  return waysOut(view, side, h) <= 1;
}

/**
 * 7.3, 15, I-35 (leaderPocket): a stack in h in an enemy ZOC with `ways` ways out or fewer, in General Supply or not:
 * one enemy move can close them, and the next Supply Phase finds it cut off with its leaders unable to leave.
 */
export function pocketed(view: GameState, side: Side, h: number, ways: number): boolean {
  return inEzoc(view, h, side) && waysOut(view, side, h) <= ways;
}

/**
 * 7.3, 8.12, 15 (leaderCutOff): a stack in h pocketed with `ways` ways out or fewer and outside the side's supply area
 * (its units in h negate the EZOC there, 7.8): once one enemy move closes the ways, attrition wastes it with its leaders.
 */
export function cutOff(view: GameState, side: Side, h: number, ways: number): boolean {
  return pocketed(view, side, h, ways) && supplyArea(view, side)[h] === 0;
}

/** 7.3: the hexes next to h with no enemy unit and no enemy ZOC (a unit or leader leaving an EZOC must enter one first). */
function waysOut(view: GameState, side: Side, h: number): number {
  const { neighbour_hd } = view.map.grid,
    enemy = 1 - side;
  let ways = 0;
  for (let d = 0; d < DIRECTIONS; d++) {
    const n = neighbour_hd[h * DIRECTIONS + d]!;
    if (n !== NO_HEX && view.combat_hs[n * 2 + enemy] === 0 && !inEzoc(view, n, side)) ways++;
  }
  return ways;
}

/** 12.2, I-27, I-30 (leaderSpread): of the leaders in one hex, the one who stays with its stack: the best command rating, then the lowest political rating (the least VP at stake, 12.9), then the lowest index. */
export function leaderToKeep(view: GameState, leaders: readonly number[]): number {
  const { command_l, political_l } = view.counters;
  let best = leaders[0]!;
  for (const l of leaders)
    if (
      command_l[l]! > command_l[best]! ||
      (command_l[l] === command_l[best] && (political_l[l]! < political_l[best]! || (political_l[l] === political_l[best] && l < best)))
    )
      best = l;
  return best;
}

/**
 * 12.2, 12.9 (leaderSpread, leaderJoin): where a leader moving alone goes: among the hexes in `reach` (his own search) holding two or
 * more combat units of the side and no leader, not doomed (exposedLeaderStack), one beside the enemy (`near1`: it may
 * attack, 12.2) first, then one with the enemy within three hexes (`near3`), then the most steps, then the cheapest; one
 * `shun` names (leaderCrush) only when there is no other; -1: none.
 */
export function leaderPost(
  reach: Reach,
  view: GameState,
  side: Side,
  near1: Float64Array,
  near3: Float64Array,
  shun?: (h: number) => boolean,
): number {
  return bestStack(
    reach,
    view,
    side,
    (n, s) => !(view.leaders_hs[n * 2 + side]! > 0) && !doomed(s, near3[n]! > 0),
    (n, s) => (shun !== undefined && shun(n) ? -10000 : 0) + (near1[n]! > 0 ? 2000 : near3[n]! > 0 ? 1000 : 0) + s.steps,
  );
}

type Stack = ReturnType<typeof stackAt>;

/**
 * The hex in `reach` (not its start; one the mover can end in) holding two or more of the side's combat units that `take`
 * accepts, with the highest `rank`, then the cheapest to reach; -1: none. Shared by leaderRefuge and leaderPost.
 */
function bestStack(
  reach: Reach,
  view: GameState,
  side: Side,
  take: (n: number, s: Stack) => boolean,
  rank: (n: number, s: Stack) => number,
): number {
  const size = view.map.grid.size;
  let best = -1,
    bestRank = -Infinity,
    bestCost = Infinity;
  for (let i = 0; i < reach.count; i++) {
    const n = reach.touched_n[i]!;
    // combat_hs counts the side's units there: most hexes are passed over before the walk over every unit.
    if (n === reach.start || n >= size || view.combat_hs[n * 2 + side]! < 2 || !canEndAt(reach, n)) continue;
    const s = stackAt(view, side, n);
    if (!take(n, s)) continue;
    const r = rank(n, s),
      cost = reach.cost_n[n]!;
    if (r > bestRank || (r === bestRank && cost < bestCost)) {
      best = n;
      bestRank = r;
      bestCost = cost;
    }
  }
  return best;
}
