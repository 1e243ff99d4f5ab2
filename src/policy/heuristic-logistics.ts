// The heuristic's logistics in its Movement Phase, after its combat units have moved (so that supply
// follows where they now stand): CSP up to the coming attacks, the GHQ to where it supplies the army
// best, CSP left behind brought home, and trucks gathered where they are safe and useful.
import type { Decision, MoveOrder } from '../core/decisions.js';
import type { GameState } from '../core/state.js';
import type { HeuristicParams } from './heuristic-params.js';
import { truckReaches } from './truck-reach.js';
import { chooseGhqMove } from './heuristic-ghq.js';
import { ghqAloneInReach } from './ghq-screen.js';
import {
  chooseCspForward,
  chooseCspHome,
  chooseTruckHome,
  movableCsp,
  newSupplyMemory,
  phaseMemory,
  type SupplyMemory,
} from './heuristic-supply.js';

export interface LogisticsPlan {
  readonly supply: SupplyMemory;
  /** The phase (turn:phasing) whose GHQ move has been decided. */
  ghqDecided: string;
}

export function newLogisticsPlan(): LogisticsPlan {
  return { supply: newSupplyMemory(), ghqDecided: '' };
}

/** 8.5, 8.15, 10.11: the next logistics move of the Movement Phase, or null when there is none left. */
export function chooseLogistics(
  d: Extract<Decision, { kind: 'move' }>,
  view: GameState,
  params: HeuristicParams,
  plan: LogisticsPlan,
): MoveOrder | null {
  if (d.reaction) return null;
  const mem = phaseMemory(plan.supply, view);
  const reaches = truckReaches(d, view); // one decision: each truck's reach searched once
  if (params.cspPerLeader > 0) {
    const forward = chooseCspForward(d, view, params.cspPerLeader, params.moveTrucks, mem, reaches);
    if (forward) return forward;
  }
  // 10.3: a GHQ that stays put (moveGhq false) still steps out of the enemy's reach when it stands there alone (ghqSafety).
  if ((params.moveGhq || (params.ghqSafety && ghqAloneInReach(view, d.side, params))) && plan.ghqDecided !== mem.key) {
    plan.ghqDecided = mem.key;
    const ghq = chooseGhqMove(d, view, params, (h) => movableCsp(view, d.side, h, mem), reaches);
    if (ghq) {
      const to = ghq.path[ghq.path.length - 1]!;
      if (ghq.csp) mem.arrived.set(to, (mem.arrived.get(to) ?? 0) + ghq.csp);
      return ghq;
    }
  }
  if (params.cspPerLeader > 0) {
    const home = chooseCspHome(d, view, params.moveTrucks, mem, reaches);
    if (home) return home;
  }
  return params.moveTrucks ? chooseTruckHome(d, view, mem, reaches) : null;
}
