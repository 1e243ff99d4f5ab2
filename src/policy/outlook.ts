// What an attack would do, exactly: odds, modifiers and the CRT over the six die rolls (12.4-12.6),
// with expected losses, retreat chances and VP, for policies to weigh attacks before declaring them.
import { combatResultForRoll, createCombatPhaseLog, lossOf, prepareCombat, retreatsOf, type Attack, type CombatPhaseLog, type CombatSetup } from '../core/combat.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import { combatSupplyHexes, markCombatSupplied } from '../core/supply.js';
import { ELIMINATED } from '../core/tables.js';

export interface AttackOutlook {
  readonly setup: CombatSetup;
  /** Odds label ("3-1") and the total die roll modifier. */
  readonly odds: string;
  readonly drm: number;
  /** Per die roll 1..6 (index 0..5): the attacker's and defender's CRT codes after 12.6. */
  readonly attackerCode: readonly number[];
  readonly defenderCode: readonly number[];
  /** Expected combat factors each side must lose (12.6). */
  readonly attackerLoss: number;
  readonly defenderLoss: number;
  /** Chance the defenders are all eliminated (E) and chance they must check retreat/rout (R). */
  readonly defenderEliminated: number;
  readonly defenderRetreat: number;
  readonly attackerEliminated: number;
  readonly attackerRetreat: number;
  /** Chance the defending hexes may be emptied (E or R), which opens an advance. */
  readonly vacate: number;
}

/** 12.4-12.6: the exact outlook of `attack` (its combat supply flags as given) over the six rolls. */
export function attackOutlook(state: GameState, attack: Attack, log: CombatPhaseLog | null = null): AttackOutlook {
  const setup = prepareCombat(state, attack, log);
  const attackerCode: number[] = [], defenderCode: number[] = [];
  let aLoss = 0, dLoss = 0, dElim = 0, dRet = 0, aElim = 0, aRet = 0;
  for (let roll = 1; roll <= 6; roll++) {
    const r = combatResultForRoll(state, setup, roll);
    attackerCode.push(r.attacker);
    defenderCode.push(r.defender);
    aLoss += r.attackerRequired / 6;
    dLoss += r.defenderRequired / 6;
    if (lossOf(r.defender) === ELIMINATED) dElim += 1 / 6;
    else if (retreatsOf(r.defender)) dRet += 1 / 6;
    if (lossOf(r.attacker) === ELIMINATED) aElim += 1 / 6;
    else if (retreatsOf(r.attacker)) aRet += 1 / 6;
  }
  return {
    setup, odds: setup.odds.label, drm: setup.modifiers.total, attackerCode, defenderCode,
    attackerLoss: aLoss, defenderLoss: dLoss, defenderEliminated: dElim, defenderRetreat: dRet,
    attackerEliminated: aElim, attackerRetreat: aRet, vacate: dElim + dRet * 0.5,
  };
}

/**
 * 12.12 (I-22): combat supply flags for the attackers served by `cspHexes` and, for the outlook, the
 * defenders assumed supplied whenever a CSP of theirs can reach them (the defender's best answer).
 */
export function supplyFlags(state: GameState, side: Side, attackers: readonly number[], cspHexes: readonly number[], defenders: readonly number[]): Uint8Array {
  const flags = new Uint8Array(state.loc_u.length);
  markCombatSupplied(state, side, attackers, cspHexes, flags);
  const scratch: number[] = [];
  const enemy = otherSide(side);
  for (const u of defenders) if (combatSupplyHexes(state, enemy, state.loc_u[u]!, scratch).length > 0) flags[u] = 1;
  return flags;
}

/** A phase log carrying the decision's record of what this phase has used (12.2, 12.10). */
export function phaseLog(state: GameState, used: { attacked_u: Uint8Array; defended_h: Uint8Array; displaced_u: Uint8Array }): CombatPhaseLog {
  const log = createCombatPhaseLog(state);
  log.attacked_u.set(used.attacked_u);
  log.defended_h.set(used.defended_h);
  log.displaced_u.set(used.displaced_u);
  return log;
}
