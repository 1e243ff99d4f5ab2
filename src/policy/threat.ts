// What the enemy can reach: the hexes its combat units could enter in its next Movement Phase (10, 7.3,
// 10.2, I-9), where it would take an empty settlement (16.2) or overrun a GHQ, trucks or CSP (10.3).
// Asked hex by hex: a stack's reach is searched only when a question comes within its range, and kept
// for the player turn until the enemy's units move (state.sideVersion_s); our own moves meanwhile, which
// change its reach through their ZOC, are followed only by `exact` questions. Truck transport is left out (10.11).
// With `reaction`, a led stack may add its Reaction Movement in our player turn (10.10: half its MF, rounded
// up) to its own move: the reach of the two phases taken as one move of one and a half allowances.
import { ARMOR, ARTILLERY } from '../core/counters.js';
import { distance } from '../core/hex.js';
import { createReach, pathSearchFor, reachable, stackMover, SIXTHS, type Reach } from '../core/movement.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';

/** One enemy mover: a unit kind of a hex, with the leaders there (who let it into our ZOC, I-9). */
interface Mover {
  readonly hex: number;
  readonly unit: number;
  /** No hex farther than this can be reached (the cheapest road step, 10.7). */
  readonly range: number;
  searched: boolean;
}

interface Threat {
  /** The position it was built for: the player turn, the enemy's units (sideVersion_s), weather and truce. */
  turn: number;
  phasing: number;
  enemyVersion: number;
  /** The side's own units (sideVersion_s) when it was built: their ZOC shapes the enemy's reach (7.3). */
  ownVersion: number;
  rainy: boolean;
  truce: boolean;
  readonly movers: Mover[];
  /** Movers not searched yet: none left, the reached hexes are complete. */
  unsearched: number;
  /** 1: some searched mover reaches the hex. */
  readonly reached_h: Uint8Array;
  /** 10.10: led stacks only, each with its Reaction Movement added to its move (REACTION) or alone (REACTION_ONLY). */
  readonly reaction: Allowance;
}

const cache = new WeakMap<GameState, Threat[]>();
let scratch: { reach: Reach; map: GameState['map'] } | null = null;

/** What a mover may spend: its move (MOVE), a led stack's Reaction Movement and its move (REACTION, 10.10), the Reaction Movement alone (REACTION_ONLY). */
type Allowance = 0 | 1 | 2;
const MOVE = 0,
  REACTION = 1,
  REACTION_ONLY = 2;

/** 10.10: the sixths a mover of `mp` MP may spend: a Reaction Movement is half the MF, rounded up. */
const allowance = (mp: number, a: Allowance) => (a === MOVE ? mp : a === REACTION ? mp + Math.ceil(mp / 2) : Math.ceil(mp / 2)) * SIXTHS;

/** 10.7, I-10: road steps cost 3 sixths (non-mech) or 2 (mech): the farthest a mover can get in hexes (with `reaction`, 10.10). */
function range(view: GameState, u: number, reaction: Allowance = MOVE): number {
  const c = view.counters;
  const mf = c.move_u[u * 2 + view.reduced_u[u]!]!;
  return Math.floor(allowance(mf, reaction) / (c.type_u[u] === ARMOR ? 2 : 3));
}

function build(view: GameState, side: Side, reaction: Allowance): Threat {
  const enemy = otherSide(side);
  const movers: Mover[] = [];
  const seen = new Set<number>();
  const c = view.counters;
  for (let u = 0; u < view.loc_u.length; u++) {
    const h = view.loc_u[u]!;
    if (h < 0 || c.side_u[u] !== enemy || (reaction !== MOVE && view.leaders_hs[h * 2 + enemy] === 0)) continue;
    // One search per hex and kind of mover (movement factor, mech, artillery): the fastest unit of each kind.
    const kind =
      ((h * 256 + c.move_u[u * 2 + view.reduced_u[u]!]!) * 2 + (c.type_u[u] === ARMOR ? 1 : 0)) * 2 + (c.type_u[u] === ARTILLERY ? 1 : 0);
    if (seen.has(kind)) continue;
    seen.add(kind);
    movers.push({ hex: h, unit: u, range: range(view, u, reaction), searched: false });
  }
  return {
    turn: view.turn,
    phasing: view.phasing,
    enemyVersion: view.sideVersion_s[enemy]!,
    ownVersion: view.sideVersion_s[side]!,
    rainy: view.rainy,
    truce: view.truce,
    movers,
    unsearched: movers.length,
    reached_h: new Uint8Array(view.map.grid.size),
    reaction,
  };
}

function search(view: GameState, side: Side, m: Mover, t: Threat): void {
  m.searched = true;
  t.unsearched--;
  const enemy = otherSide(side);
  const ps = pathSearchFor(view.map);
  if (scratch?.map !== view.map) scratch = { map: view.map, reach: createReach(ps) };
  const leaders: number[] = [];
  for (let l = 0; l < view.loc_l.length; l++) if (view.loc_l[l] === m.hex && view.counters.side_l[l] === enemy) leaders.push(l);
  const mover = stackMover(view, enemy, { units: [m.unit], leaders });
  const c = view.counters;
  const reach = reachable(
    ps,
    view,
    t.reaction !== MOVE ? { ...mover, allowance: allowance(c.move_u[m.unit * 2 + view.reduced_u[m.unit]!]!, t.reaction) } : mover,
    m.hex,
    scratch.reach,
  );
  const size = view.map.grid.size;
  for (let i = 0; i < reach.count; i++) {
    const n = reach.touched_n[i]!;
    if (n < size) t.reached_h[n] = 1;
  }
}

/**
 * 10, 10.3: could an enemy combat unit enter hex h in the enemy's next Movement Phase, the position as it stands?
 * `exact`: with our own units where they now stand (their ZOC, 7.3, may have opened a path since the answer
 * was kept): what the GHQ, trucks and CSP ask once the stacks have moved.
 */
export function enemyCanReach(view: GameState, side: Side, h: number, exact = false): boolean {
  return reachedWithin(view, side, h, 0, exact);
}

/**
 * 10, 10.10: could an enemy combat unit enter hex h by its next Movement Phase with a led stack's Reaction
 * Movement in our player turn before it (our units where they now stand)? Asked in our Movement Phase.
 */
export function enemyCanReachWithReaction(view: GameState, side: Side, h: number): boolean {
  return reachedWithin(view, side, h, 0, true, REACTION);
}

/**
 * 10, 10.10: could an enemy combat unit get within `r` hexes of h by its next Movement Phase, a led stack's Reaction
 * Movement in our player turn counted before it (as the position stands)?
 */
export function enemyCanReachNearWithReaction(view: GameState, side: Side, h: number, r: number): boolean {
  return reachedWithin(view, side, h, r) || reachedWithin(view, side, h, r, false, REACTION);
}

/**
 * 10.10, 12.1: could a led enemy stack come beside hex h (or stand there already) with its Reaction Movement
 * in our player turn, to attack it in the Reaction Combat Phase? Asked in our Movement Phase, our units where they stand.
 */
export function enemyCanReactBeside(view: GameState, side: Side, h: number): boolean {
  return reachedWithin(view, side, h, 1, true, REACTION_ONLY);
}

/**
 * 10, 7.3: could an enemy combat unit get within `r` hexes of h in its next Movement Phase? (A hex our units
 * hold cannot be entered, 10.2, and their ZOC stops a move beside it, 7.3; were they to leave, an enemy who
 * gets that close could walk in.)
 */
export function enemyCanReachNear(view: GameState, side: Side, h: number, r: number, exact = false): boolean {
  return reachedWithin(view, side, h, r, exact);
}

/**
 * 10.7: could an enemy combat unit get within `r` hexes of h on the best of roads, whatever lies between (a
 * bound that no move of ours this phase can open: for a base that must not be left, 16.2)?
 */
export function enemyInRange(view: GameState, side: Side, h: number, r: number, reaction = false): boolean {
  const grid = view.map.grid,
    enemy = otherSide(side),
    side_u = view.counters.side_u;
  for (let u = 0; u < view.loc_u.length; u++) {
    const x = view.loc_u[u]!;
    if (x < 0 || side_u[u] !== enemy) continue;
    // 10.10: with `reaction`, a led stack's Reaction Movement in our player turn too.
    const led = reaction && view.leaders_hs[x * 2 + enemy]! > 0;
    if (distance(grid, x, h) <= range(view, u, led ? REACTION : MOVE) + r) return true;
  }
  return false;
}

function reachedWithin(view: GameState, side: Side, h: number, r: number, exact = false, reaction: Allowance = MOVE): boolean {
  let perState = cache.get(view);
  if (!perState) {
    perState = [];
    cache.set(view, perState);
  }
  // Kept while the enemy's units stay put; our own moves this phase (their ZOC) are followed only by exact questions.
  const slot = reaction * 2 + side;
  let t = perState[slot];
  if (!t || !current(t, view, side) || (exact && t.ownVersion !== view.sideVersion_s[side])) {
    t = build(view, side, reaction);
    perState[slot] = t;
  }
  const grid = view.map.grid,
    reached_h = t.reached_h;
  const near = r === 0 ? null : around(view, h, r);
  const hit = near === null ? () => reached_h[h] === 1 : () => near.some((x) => reached_h[x] === 1);
  if (hit()) return true;
  if (t.unsearched === 0) return false;
  for (const m of t.movers) {
    if (m.searched || distance(grid, m.hex, h) > m.range + r) continue;
    search(view, side, m, t);
    if (hit()) return true;
  }
  return false;
}

function current(t: Threat, view: GameState, side: Side): boolean {
  return (
    t.turn === view.turn &&
    t.phasing === view.phasing &&
    t.enemyVersion === view.sideVersion_s[otherSide(side)] &&
    t.rainy === view.rainy &&
    t.truce === view.truce
  );
}

/** The hexes within r steps of h (h first). */
function around(view: GameState, h: number, r: number): number[] {
  const { neighbour_hd } = view.map.grid;
  const out = [h];
  for (let i = 0, ring = 0; ring < r; ring++) {
    const end = out.length;
    for (; i < end; i++) {
      for (let d = 0; d < 6; d++) {
        const n = neighbour_hd[out[i]! * 6 + d]!;
        if (n >= 0 && !out.includes(n)) out.push(n);
      }
    }
  }
  return out;
}
