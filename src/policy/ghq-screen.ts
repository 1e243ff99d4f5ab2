// A GHQ's screen (10.10, 12.1, 7.3, 10.3): a GHQ out of the enemy's reach only because the ZOC of one of our weak
// stacks bars the way is overrun once a led enemy stack reacts beside that stack in our player turn, clears it in the
// Reaction Combat Phase and walks on in its Movement Phase. The enemy's reach is asked again without those stacks.
import { worksMultiplier } from '../core/combat-odds.js';
import type { Side } from '../core/side.js';
import { IN_DEAD, cloneState, setUnitLoc, type GameState } from '../core/state.js';
import { stackAt } from './heuristic-leaders.js';
import { enemyCanReach, enemyCanReactBeside } from './threat.js';

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
