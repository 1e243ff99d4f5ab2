// A GHQ's screen (10.10, 12.1, 7.3, 10.3): a GHQ out of the enemy's reach only because the ZOC of one of our weak
// stacks bars the way is overrun once a led enemy stack reacts beside that stack in our player turn, clears it in the
// Reaction Combat Phase and walks on in its Movement Phase. The enemy's reach is asked again without those stacks.
// And the danger to a GHQ in a hex (10.3) that the GHQ's choice and its safety weigh, with each of these readings.
import { worksMultiplier } from '../core/combat-odds.js';
import type { Side } from '../core/side.js';
import { IN_DEAD, cloneState, setUnitLoc, type GameState } from '../core/state.js';
import { stackAt } from './heuristic-leaders.js';
import { enemyCanReach, enemyCanReachNear, enemyCanReactBeside } from './threat.js';
import { nearestEnemyDistance } from './geometry.js';
import type { HeuristicParams } from './heuristic-params.js';

/** What a GHQ hex's danger costs in the GHQ's valuation: in the enemy's reach but held by our combat units, or with the enemy 2 hexes away (its LOC easily cut). */
export const EXPOSED = 2,
  NEAR_ENEMY = 1;

/** 12.9: a stack too weak to cover a GHQ: one combat unit, or three steps or fewer (3.3). */
export function weakCover(view: GameState, side: Side, h: number): boolean {
  const s = stackAt(view, side, h);
  return s.units <= 1 || s.steps <= 3;
}

/**
 * 10.10, 12.1, 7.3: could an enemy unit enter h in its next Movement Phase once its led stacks, reacting in our
 * player turn, have cleared our weak stacks outside works that screen h (one unit or three steps or fewer a led stack
 * can come beside, attacked in the Reaction Combat Phase: their ZOC no longer bars the way)?
 */
export function enemyCanReachUnscreened(view: GameState, side: Side, h: number): boolean {
  const bare = unscreened(view, side);
  return bare !== view && enemyCanReach(bare, side, h, true);
}

let bareCopy: { view: GameState; version: number; turn: number; phasing: number; side: Side; bare: GameState } | null = null;
/** A copy of the view without the side's weak stacks outside works that a led enemy stack can come beside in its Reaction Movement (the view itself when there are none). */
function unscreened(view: GameState, side: Side): GameState {
  const b = bareCopy;
  if (b?.view === view && b.version === view.version && b.turn === view.turn && b.phasing === view.phasing && b.side === side)
    return b.bare;
  const gone = new Set<number>();
  const seen = new Set<number>();
  for (let u = 0; u < view.loc_u.length; u++) {
    const x = view.loc_u[u]!;
    if (x < 0 || view.counters.side_u[u] !== side || seen.has(x)) continue;
    seen.add(x);
    // 12.13: works multiply the defence; a stack in them is left standing.
    if (worksMultiplier(view, x) === 1 && weakCover(view, side, x) && enemyCanReactBeside(view, side, x)) gone.add(x);
  }
  let bare = view;
  if (gone.size > 0) {
    bare = cloneState(view);
    for (let u = 0; u < bare.loc_u.length; u++)
      if (bare.counters.side_u[u] === side && gone.has(bare.loc_u[u]!)) setUnitLoc(bare, u, IN_DEAD);
  }
  bareCopy = { view, version: view.version, turn: view.turn, phasing: view.phasing, side, bare };
  return bare;
}

/**
 * 10.3: the danger to a GHQ in h: none out of enemy reach; held by our combat units, exposed; alone in reach, barred
 * (null). `cover` (ghqCover): held by a stack of one unit or three steps or fewer that an enemy unit can get beside
 * is barred too (12.9: an attack that clears the hex advances into it and overruns the GHQ). `reaction`
 * (ghqReaction): alone in the reach the enemy may have after its Reaction Combat in our player turn is barred too.
 * `beside` (ghqBeside): alone where a led enemy stack can come beside it in its Reaction Movement is barred too.
 */
function danger(view: GameState, side: Side, h: number, cover = false, reaction = false, beside = false): number | null {
  let d = nearestEnemyDistance(view, side, h) <= 2 ? NEAR_ENEMY : 0;
  const held = view.combat_hs[h * 2 + side]! > 0;
  // `beside` (ghqBeside), 10.10, 10.3: with no unit of ours in h, a led stack that reacts beside it walks in next.
  if (beside && !held && enemyCanReactBeside(view, side, h)) return null;
  if (enemyCanReach(view, side, h, true)) {
    if (!held) return null;
    d += EXPOSED;
  } else if (reaction && !held && enemyCanReachUnscreened(view, side, h)) return null;
  if (cover && held && weakCover(view, side, h) && enemyCanReachNear(view, side, h, 1, true)) return null;
  return d;
}

/** danger() with the GHQ's parameters: ghqCover; ghqReaction where it goes, and where it `stands` only with ghqReactionLeave. */
type GhqDangerParams = Pick<HeuristicParams, 'ghqCover' | 'ghqReaction' | 'ghqReactionLeave' | 'ghqBeside'>;
export function ghqDanger(view: GameState, side: Side, h: number, params: GhqDangerParams, stands: boolean): number | null {
  return danger(view, side, h, params.ghqCover, params.ghqReaction && (!stands || params.ghqReactionLeave), params.ghqBeside);
}

/** 10.3: the side's GHQ stands on the map with no combat unit of its own (with ghqCover, or a weak stack), within an enemy unit's reach (with ghqReaction and ghqReactionLeave, its reach once its Reaction Combat has cleared our weak stacks). */
export function ghqAloneInReach(view: GameState, side: Side, params: GhqDangerParams): boolean {
  const h = view.ghq_s[side]!;
  return h >= 0 && h < view.map.grid.size && ghqDanger(view, side, h, params, true) === null;
}
