// Combat (12.1-12.5, 12.10, 13.1): declaring an attack, who takes part, the Combat Results Table and
// further combat. Strengths, odds and die roll modifiers are in combat-odds.ts (re-exported here);
// losses in combat-losses.ts; retreat, rout and advance in retreat.ts; the optional barrage in barrage.ts.
//
// Every function is pure over the state and explicit inputs (the declared attack, the combat supply
// flags decided elsewhere (I-22), the roll). The engine applies results: losses, moves, VP, capture,
// leader displacement. The only mutable thing here is the CombatPhaseLog the engine keeps per phase.
import { ARMOR } from './counters.js';
import { areAdjacent, hexLabel, sideBetween } from './hex.js';
import { otherSide } from './side.js';
import type { GameState } from './state.js';
import { leadersIn } from './state.js';
import { CRT_MIN_ROLL, CRT_ROWS, ELIMINATED, LOSS_NONE, LOSS_PERCENT, RETREAT_CHECK } from './tables.js';
import { lossBase, lossForcesElimination, lossRequirement } from './combat-losses.js';
import {
  combatModifiers,
  combatOdds,
  combatStrengths,
  modifiedCombatRoll,
  type Attack,
  type CombatModifiers,
  type Odds,
  type Strengths,
} from './combat-odds.js';
import type { Dice } from './dice.js';

export * from './combat-odds.js';

/** What has happened so far in one combat phase (12.2, 12.10, 13.2); the engine keeps one per phase. */
export interface CombatPhaseLog {
  /** 1 when the unit has attacked this phase (12.2). */
  readonly attacked_u: Uint8Array;
  /** 1 when the hex has been attacked this phase (12.2: each enemy unit at most once). */
  readonly defended_h: Uint8Array;
  /** 1 when the unit retreated or routed this phase: it does not defend again (12.10). */
  readonly displaced_u: Uint8Array;
  /** 1 when the artillery unit has barraged this phase (13.2). */
  readonly barraged_u: Uint8Array;
  /** barraged_hs[h * 2 + side]: 1 when `side` has barraged hex h this phase (13.2); empty without the barrage option. */
  readonly barraged_hs: Uint8Array;
}

/** 12.2: an empty log for a new combat phase. */
export function createCombatPhaseLog(state: GameState): CombatPhaseLog {
  const nu = state.loc_u.length,
    size = state.map.grid.size;
  return {
    attacked_u: new Uint8Array(nu),
    defended_h: new Uint8Array(size),
    displaced_u: new Uint8Array(nu),
    // 13.2: only the optional barrage reads barraged_hs.
    barraged_u: new Uint8Array(nu),
    barraged_hs: new Uint8Array(state.options.artilleryBarrage ? size * 2 : 0),
  };
}

/** 12.2: empties a log for reuse in a new combat phase. */
export function clearCombatPhaseLog(log: CombatPhaseLog): CombatPhaseLog {
  log.attacked_u.fill(0);
  log.defended_h.fill(0);
  log.displaced_u.fill(0);
  log.barraged_u.fill(0);
  log.barraged_hs.fill(0);
  return log;
}

/** 12.2: marks the attack's units and hexes as used for the rest of the phase. */
export function recordAttack(log: CombatPhaseLog, attack: Attack): void {
  for (const u of attack.attackers) log.attacked_u[u] = 1;
  for (const h of attack.hexes) log.defended_h[h] = 1;
}

function unitName(state: GameState, u: number): string {
  return state.counters.units[u]?.id ?? `unit ${u}`;
}
function leaderName(state: GameState, l: number): string {
  return state.counters.leaders[l]?.id ?? `leader ${l}`;
}

// ---------------------------------------------------------------------------------------------
// Who takes part.

/** 12.3, 12.10: the enemy combat units defending the attack's hexes, hex by hex in unit order; units displaced this phase do not defend. */
export function defendingUnits(state: GameState, attack: Attack, log: CombatPhaseLog | null): number[] {
  const out: number[] = [];
  const defender = otherSide(attack.side);
  const { loc_u } = state,
    side_u = state.counters.side_u;
  for (const h of attack.hexes) {
    if (state.combat_hs[h * 2 + defender] === 0) continue;
    for (let u = 0; u < loc_u.length; u++) {
      if (loc_u[u] === h && side_u[u] === defender && (log === null || log.displaced_u[u] === 0)) out.push(u);
    }
  }
  return out;
}

/** 12.3: the distinct hexes the attacking units attack from, in the order first met. */
export function attackingHexes(state: GameState, attack: Attack): number[] {
  const out: number[] = [];
  for (const u of attack.attackers) {
    const h = state.loc_u[u]!;
    if (h >= 0 && !out.includes(h)) out.push(h);
  }
  return out;
}

/** 12.2, I-28: every friendly leader stacked with an attacking unit, then the named ones (no repeats). */
export function participatingLeaders(state: GameState, attack: Attack): number[] {
  const out: number[] = [];
  const scratch: number[] = [];
  for (const h of attackingHexes(state, attack)) {
    for (const l of leadersIn(state, h, attack.side, scratch)) if (!out.includes(l)) out.push(l);
  }
  for (const l of attack.leaders) if (!out.includes(l)) out.push(l);
  return out;
}

/** 12.2, I-28: is unit u stacked with or adjacent to one of the leaders? */
function ledBy(state: GameState, u: number, leaders: readonly number[]): boolean {
  const h = state.loc_u[u]!;
  for (const l of leaders) {
    const lh = state.loc_l[l]!;
    if (lh === h || (lh >= 0 && areAdjacent(state.map.grid, h, lh))) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Legality.

/**
 * 12.2, 12.3, 12.13, 13.3, 6.3, I-7, I-28: null when the attack may be declared, else the reason naming the rule.
 * Units stand only in hexes, so no attack is made from a clearing hexside (10.6, I-11).
 */
export function checkAttack(state: GameState, attack: Attack, log: CombatPhaseLog): string | null {
  const { counters, map } = state;
  const grid = map.grid;
  const side = attack.side,
    enemy = otherSide(side);
  if (state.truce) return '6.3: no combat during a truce (I-7)';
  if (attack.attackers.length === 0) return '12.2: an attack needs at least one attacking unit';
  if (attack.hexes.length === 0) return '12.3: an attack needs at least one defending hex';

  for (let i = 0; i < attack.hexes.length; i++) {
    const h = attack.hexes[i]!;
    if (!(h >= 0 && h < grid.size)) return `12.3: defending hex ${h} is not a hex of the map`;
    if (attack.hexes.indexOf(h) !== i) return `12.3: defending hex ${hexLabel(grid, h)} is named twice`;
    if (state.combat_hs[h * 2 + enemy] === 0) return `12.1: hex ${hexLabel(grid, h)} holds no enemy combat unit`;
    if (log.defended_h[h] !== 0) return `12.2: hex ${hexLabel(grid, h)} has already been attacked this combat phase`;
    let fresh = false;
    for (let u = 0; u < state.loc_u.length && !fresh; u++) {
      if (state.loc_u[u] === h && counters.side_u[u] === enemy && log.displaced_u[u] === 0) fresh = true;
    }
    if (!fresh)
      return `12.2, 12.10: every enemy unit in hex ${hexLabel(grid, h)} was already attacked this combat phase (it retreated there)`;
  }

  for (let i = 0; i < attack.attackers.length; i++) {
    const u = attack.attackers[i]!;
    if (!(u >= 0 && u < state.loc_u.length)) return `12.2: ${u} is not a combat unit`;
    const name = unitName(state, u);
    if (attack.attackers.indexOf(u) !== i) return `12.2: ${name} is named twice`;
    if (counters.side_u[u] !== side) return `12.1: ${name} is not a unit of the attacking side`;
    const h = state.loc_u[u]!;
    if (h < 0) return `12.1: ${name} is not on the map`;
    if (log.attacked_u[u] !== 0) return `12.2: ${name} has already attacked this combat phase`;
    if ((counters.attack_u[u * 2 + state.reduced_u[u]!] ?? 0) <= 0) return `2.9: ${name} has no attack factor`;
    for (const d of attack.hexes) {
      if (!areAdjacent(grid, h, d))
        return `12.3: ${name} in ${hexLabel(grid, h)} is not adjacent to defending hex ${hexLabel(grid, d)} (I-28)`;
      if (state.rainy && map.river_s[sideBetween(grid, h, d)] !== 0) {
        return `12.13: no attack across a river hexside in the rainy season (${name}, ${hexLabel(grid, h)}/${hexLabel(grid, d)})`;
      }
    }
  }

  for (let i = 0; i < attack.leaders.length; i++) {
    const l = attack.leaders[i]!;
    if (!(l >= 0 && l < state.loc_l.length)) return `12.2: ${l} is not a leader`;
    const name = leaderName(state, l);
    if (attack.leaders.indexOf(l) !== i) return `12.2: leader ${name} is named twice`;
    if (counters.side_l[l] !== side) return `12.2: leader ${name} is not a leader of the attacking side`;
    const lh = state.loc_l[l]!;
    if (lh < 0) return `12.2: leader ${name} is not on the map`;
    let near = false;
    for (const u of attack.attackers) {
      const h = state.loc_u[u]!;
      if (h === lh || areAdjacent(grid, h, lh)) {
        near = true;
        break;
      }
    }
    if (!near) return `12.2: leader ${name} is neither stacked with nor adjacent to an attacking unit (I-28)`;
  }
  const leaders = participatingLeaders(state, attack);
  for (const u of attack.attackers) {
    if (!ledBy(state, u, leaders))
      return `12.2: ${unitName(state, u)} is neither stacked with nor adjacent to a participating leader (I-28)`;
  }

  if (attack.attackerAir && state.airUsed_s[side]! >= counters.air[side]) return '13.3: the attacker has no unused air marker';
  if (attack.defenderAir && state.airUsed_s[enemy]! >= counters.air[enemy]) return '13.3: the defender has no unused air marker';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The result.

/** The loss part of a CRT code: LOSS_NONE, LOSS_10, LOSS_25, LOSS_50 or ELIMINATED (12.5). */
export function lossOf(code: number): number {
  return code & ~RETREAT_CHECK;
}
/** Does a CRT code call for a retreat/rout check (12.5, 12.7)? */
export function retreatsOf(code: number): boolean {
  return (code & RETREAT_CHECK) !== 0;
}
/** A CRT code as printed: "-", "10", "25R", "E". */
export function resultLabel(code: number): string {
  const loss = lossOf(code);
  const text = loss === LOSS_NONE ? '-' : loss === ELIMINATED ? 'E' : String(LOSS_PERCENT[loss]);
  return retreatsOf(code) ? `${text}R` : text;
}

/** 12.4, 12.5: the CRT cell [attacker, defender] for an odds column and a modified roll; below 1-2 the defender gets "-". */
export function crtCell(state: GameState, odds: Odds, modifiedRoll: number): [number, number] {
  const i = odds.column * CRT_ROWS + (modifiedCombatRoll(modifiedRoll, 0) - CRT_MIN_ROLL);
  return [state.tables.crtAttacker[i]!, odds.belowLowest ? LOSS_NONE : state.tables.crtDefender[i]!];
}

/** Everything known once an attack is declared and both sides have committed supply and air (12.4 steps 1-2). */
export interface CombatSetup {
  readonly attack: Attack;
  readonly defenders: readonly number[];
  /** The hexes the attack comes from (retreats keep away from them, 12.8). */
  readonly attackHexes: readonly number[];
  readonly leaders: readonly number[];
  readonly strengths: Strengths;
  readonly odds: Odds;
  readonly modifiers: CombatModifiers;
}

/** 12.3, 12.4: defenders, strengths, odds and modifiers of a legal attack (check it first with checkAttack). */
export function prepareCombat(state: GameState, attack: Attack, log: CombatPhaseLog | null): CombatSetup {
  const defenders = defendingUnits(state, attack, log);
  const leaders = participatingLeaders(state, attack);
  const strengths = combatStrengths(state, attack, defenders);
  const odds = combatOdds(state, strengths.attack, strengths.defence);
  const modifiers = combatModifiers(state, attack, strengths, leaders);
  return { attack, defenders, attackHexes: attackingHexes(state, attack), leaders, strengths, odds, modifiers };
}

export interface CombatResult {
  readonly roll: number;
  readonly modifiedRoll: number;
  /** CRT codes after 12.6: loss code | RETREAT_CHECK. */
  readonly attacker: number;
  readonly defender: number;
  /** 12.6, I-29: the printed result would have eliminated both sides, so it became -/-. */
  readonly cancelled: boolean;
  /** Combat factors each side must lose (12.6); for E, the whole base. */
  readonly attackerRequired: number;
  readonly defenderRequired: number;
}

/** 12.6, I-29: does a side's result eliminate its whole force? E, or a percentage no allocation can meet while keeping a unit. */
function wipesOut(state: GameState, units: readonly number[], attacking: boolean, code: number): boolean {
  const loss = lossOf(code);
  if (loss === ELIMINATED) return true;
  if (loss === LOSS_NONE || units.length === 0) return false;
  return lossForcesElimination(state, units, attacking, lossRequirement(state, units, attacking, loss));
}

/**
 * 12.4 step 3, 12.5, 12.6, I-29: the result of a roll. Reading (I-29) of "would eliminate both": each
 * side's result is E or a percentage that cannot be met without eliminating all its units.
 */
export function combatResultForRoll(state: GameState, setup: CombatSetup, roll: number): CombatResult {
  const modifiedRoll = modifiedCombatRoll(roll, setup.modifiers.total);
  let [a, d] = crtCell(state, setup.odds, modifiedRoll);
  const attackers = setup.attack.attackers;
  let cancelled = false;
  if (wipesOut(state, attackers, true, a) && wipesOut(state, setup.defenders, false, d)) {
    a = LOSS_NONE;
    d = LOSS_NONE;
    cancelled = true;
  }
  const need = (units: readonly number[], attacking: boolean, code: number) => {
    const loss = lossOf(code);
    return loss === ELIMINATED ? lossBase(state, units, attacking) : lossRequirement(state, units, attacking, loss);
  };
  return {
    roll,
    modifiedRoll,
    attacker: a,
    defender: d,
    cancelled,
    attackerRequired: need(attackers, true, a),
    defenderRequired: need(setup.defenders, false, d),
  };
}

/** 12.4 step 3: rolls one die for the combat and looks the result up. */
export function rollCombat(state: GameState, setup: CombatSetup, dice: Dice): CombatResult {
  return combatResultForRoll(state, setup, dice.d6());
}

// ---------------------------------------------------------------------------------------------
// 12.10 Further combat.

/**
 * 12.10: units that retreated or routed into a defending hex earlier in the phase (they did not defend)
 * and are now destroyed: when the defender's result has R or is E (reading (I-51): the text's "R or B"
 * result; no CRT cell reads B) or no original defender is left in the defending hexes. Call after the
 * defender's losses are applied. Their destruction satisfies none of this combat's result.
 */
export function furtherCombatDestroyed(state: GameState, setup: CombatSetup, log: CombatPhaseLog, defenderCode: number): number[] {
  const defender = otherSide(setup.attack.side);
  const { loc_u } = state,
    side_u = state.counters.side_u;
  const hexes = setup.attack.hexes;
  const out: number[] = [];
  for (let u = 0; u < loc_u.length; u++) {
    if (side_u[u] === defender && log.displaced_u[u] !== 0 && hexes.includes(loc_u[u]!) && !setup.defenders.includes(u)) out.push(u);
  }
  if (out.length === 0) return out;
  if (retreatsOf(defenderCode) || lossOf(defenderCode) === ELIMINATED) return out;
  for (const u of setup.defenders) if (hexes.includes(loc_u[u]!)) return [];
  return out;
}

/** 13.1: does the attack include Bolivian armor (the condition 1 of the armor modifier)? */
export function armorAttacks(state: GameState, attack: Attack): boolean {
  for (const u of attack.attackers) if (state.counters.type_u[u] === ARMOR) return true;
  return false;
}
