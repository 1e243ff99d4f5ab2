// What an attack would do, exactly: odds, modifiers and the CRT over the six die rolls (12.4-12.6),
// with expected losses, retreat chances and VP, for policies to weigh attacks before declaring them.
import {
  combatResultForRoll,
  createCombatPhaseLog,
  lossOf,
  prepareCombat,
  retreatsOf,
  type Attack,
  type CombatPhaseLog,
  type CombatSetup,
} from '../core/combat.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import { combatSupplyHexes } from '../core/supply.js';
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
  const attackerCode: number[] = [],
    defenderCode: number[] = [];
  let aLoss = 0,
    dLoss = 0,
    dElim = 0,
    dRet = 0,
    aElim = 0,
    aRet = 0;
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
    setup,
    odds: setup.odds.label,
    drm: setup.modifiers.total,
    attackerCode,
    defenderCode,
    attackerLoss: aLoss,
    defenderLoss: dLoss,
    defenderEliminated: dElim,
    defenderRetreat: dRet,
    attackerEliminated: aElim,
    attackerRetreat: aRet,
    vacate: dElim + dRet * 0.5,
  };
}

/** combatSupplyHexes answers per side and hex for one decision: the state does not change while a policy decides. */
export class CombatSupplyMemo {
  private readonly answers = new Map<number, readonly number[]>();
  constructor(private readonly state: GameState) {}

  hexes(side: Side, h: number): readonly number[] {
    let out = this.answers.get(h * 2 + side);
    if (!out) {
      out = combatSupplyHexes(this.state, side, h);
      this.answers.set(h * 2 + side, out);
    }
    return out;
  }
}

/**
 * 12.12 (I-22): combat supply flags for the attackers served by `cspHexes` (as markCombatSupplied) and, for the
 * outlook, the defenders assumed supplied whenever a CSP of theirs can reach them (the defender's best answer).
 */
export function supplyFlags(
  state: GameState,
  side: Side,
  attackers: readonly number[],
  cspHexes: readonly number[],
  defenders: readonly number[],
  memo: CombatSupplyMemo = new CombatSupplyMemo(state),
): Uint8Array {
  const flags = new Uint8Array(state.loc_u.length);
  for (const u of attackers) {
    const from = memo.hexes(side, state.loc_u[u]!);
    if (cspHexes.some((h) => from.includes(h))) flags[u] = 1;
  }
  const enemy = otherSide(side);
  for (const u of defenders) if (memo.hexes(enemy, state.loc_u[u]!).length > 0) flags[u] = 1;
  return flags;
}

/** One phase log per state, reused by phaseLog: checking and outlooks only read it. */
const logs = new WeakMap<GameState, CombatPhaseLog>();

/** A phase log carrying the decision's record of what this phase has used (12.2, 12.10); valid until the next call. */
export function phaseLog(
  state: GameState,
  used: { attacked_u: Uint8Array; defended_h: Uint8Array; displaced_u: Uint8Array },
): CombatPhaseLog {
  let log = logs.get(state);
  if (!log) {
    log = createCombatPhaseLog(state);
    logs.set(state, log);
  }
  log.attacked_u.set(used.attacked_u);
  log.defended_h.set(used.defended_h);
  log.displaced_u.set(used.displaced_u);
  log.barraged_u.fill(0);
  log.barraged_hs.fill(0);
  return log;
}
