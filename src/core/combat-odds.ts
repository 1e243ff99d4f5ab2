// Combat strengths, odds and die roll modifiers (12.3, 12.4, 12.12-12.14, 13.3, 10.13; I-24 to I-27),
// and the terrain helpers combat, retreat and barrage share. Re-exported by combat.ts.
import { ARTILLERY, CAVALRY } from './counters.js';
import { sideBetween } from './hex.js';
import { CLEAR, WORKS_ENTRENCHMENT, WORKS_FORTIFICATION, WORKS_NONE } from './map.js';
import type { CombatModifier } from './events.js';
import type { Side } from './side.js';
import type { GameState } from './state.js';
import { CRT_MAX_ROLL, CRT_MIN_ROLL, oddsColumn } from './tables.js';

/** A declared attack (12.2, 12.3, 12.12, 13.3, I-28). */
export interface Attack {
  /** The attacking side. */
  readonly side: Side;
  /** Attacking combat units, each in a hex adjacent to every defending hex. */
  readonly attackers: readonly number[];
  /** Defending hexes: every enemy combat unit in them defends together (12.3). */
  readonly hexes: readonly number[];
  /** Leaders the attacker names from hexes adjacent to attackers (12.2, I-28); stacked leaders take part anyway. */
  readonly leaders: readonly number[];
  /** 12.12: nonzero for each unit, attacker or defender, that has combat supply (decided elsewhere, I-22). */
  readonly combatSupply_u: ArrayLike<number>;
  /** 13.3: an air marker each, attacker first. */
  readonly attackerAir: boolean;
  readonly defenderAir: boolean;
}

// ---------------------------------------------------------------------------------------------
// Terrain helpers shared by combat, retreat and barrage.

/** 14.5: a trail makes its hex Clear for all purposes. */
export function effectiveTerrain(state: GameState, h: number): number {
  return state.trail_h[h] !== 0 ? CLEAR : state.map.terrain_h[h]!;
}

/** 11.2: units that may stack in h: the works limit with an entrenchment or fortification, else the terrain's. */
export function stackingLimit(state: GameState, h: number): number {
  if (state.works_h[h] !== WORKS_NONE) return state.tables.stackingWorks;
  return state.tables.terrain[effectiveTerrain(state, h)]!.stacking;
}

/** 12.13, 14.3, 14.4: the multiplier of the defence strength in h (1, 2 entrenched, 3 fortified). */
export function worksMultiplier(state: GameState, h: number): number {
  const w = state.works_h[h];
  return w === WORKS_FORTIFICATION ? 3 : w === WORKS_ENTRENCHMENT ? 2 : 1;
}

// ---------------------------------------------------------------------------------------------
// Strengths and odds.

/**
 * 12.13, I-24: does unit u attack across a river? Reading (I-49): yes when the hexside between it and any
 * defending hex is a river (its strength is indivisible, 12.2, so one river side halves it all).
 */
export function attacksAcrossRiver(state: GameState, u: number, hexes: readonly number[]): boolean {
  const { map } = state,
    h = state.loc_u[u]!;
  for (const d of hexes) if (map.river_s[sideBetween(map.grid, h, d)] !== 0) return true;
  return false;
}

/**
 * 12.13, I-27: does unit u attack from a Clear hex (a trail makes it Clear, 14.5) or across a Clearing
 * hexside? Reading (I-49), as for rivers: a clearing hexside to any defending hex counts.
 */
export function attacksFromClear(state: GameState, u: number, hexes: readonly number[]): boolean {
  const { map } = state,
    h = state.loc_u[u]!;
  if (effectiveTerrain(state, h) === CLEAR) return true;
  for (const d of hexes) if (map.clearing_s[sideBetween(map.grid, h, d)] !== 0) return true;
  return false;
}

/** 12.4, 12.12, 12.13, I-24: one attacker's strength: current printed attack, halved (up) without combat supply, halved again across a river. */
export function attackStrength(state: GameState, u: number, supplied: boolean, acrossRiver: boolean): number {
  let s = state.counters.attack_u[u * 2 + state.reduced_u[u]!]!;
  if (!supplied) s = Math.ceil(s / 2);
  if (acrossRiver) s = Math.ceil(s / 2);
  return s;
}

/**
 * 2.10, I-25: the printed factor unit u defends with: artillery uses its parenthesised factor only
 * when no other combat unit type shares its hex (else its attack factor, option artilleryStackedDefence).
 */
export function defenceFactor(state: GameState, u: number): number {
  const { counters } = state;
  const i = u * 2 + state.reduced_u[u]!;
  if (counters.type_u[u] !== ARTILLERY || state.options.artilleryStackedDefence === 'parenthesised') return counters.defence_u[i]!;
  const h = state.loc_u[u]!,
    side = counters.side_u[u]!;
  const { loc_u } = state,
    type_u = counters.type_u,
    side_u = counters.side_u;
  for (let v = 0; v < loc_u.length; v++) {
    if (loc_u[v] === h && side_u[v] === side && type_u[v] !== ARTILLERY) return counters.attack_u[i]!;
  }
  return counters.defence_u[i]!;
}

/** 12.4, 12.12, I-24: one defender's strength before works: its defence factor, halved (up) without combat supply. */
export function defenceStrength(state: GameState, u: number, supplied: boolean): number {
  const s = defenceFactor(state, u);
  return supplied ? s : Math.ceil(s / 2);
}

export interface Strengths {
  /** Attackers' total (12.4). */
  readonly attack: number;
  /** Defenders' total, works included (12.13). */
  readonly defence: number;
  /** Part of `attack` from Clear hexes or across Clearing hexsides (12.13, I-27). */
  readonly attackFromClear: number;
  /** Part of `defence` in Clear hexes without works (13.1). */
  readonly defenceInOpenClear: number;
  /** Each attacker's strength, parallel to attack.attackers. */
  readonly attack_i: readonly number[];
  /** Each defender's strength with its hex's works, parallel to the defenders. */
  readonly defence_i: readonly number[];
  /** Per attacker: 1 when it attacks across a river. */
  readonly acrossRiver_i: readonly boolean[];
}

/**
 * 12.4, 12.12, 12.13, I-24, I-25: the two totals. Works (reading (I-50) for multi-hex defences, 12.3 is
 * silent): each defending hex's units are multiplied by their own hex's works, then all are summed;
 * per unit the order is factor -> halved -> x works, which equals halving then multiplying the hex's sum.
 */
export function combatStrengths(state: GameState, attack: Attack, defenders: readonly number[]): Strengths {
  const supply = attack.combatSupply_u;
  let total = 0,
    fromClear = 0;
  const attack_i: number[] = [],
    acrossRiver_i: boolean[] = [];
  for (const u of attack.attackers) {
    const river = attacksAcrossRiver(state, u, attack.hexes);
    const s = attackStrength(state, u, (supply[u] ?? 0) !== 0, river);
    attack_i.push(s);
    acrossRiver_i.push(river);
    total += s;
    if (attacksFromClear(state, u, attack.hexes)) fromClear += s;
  }
  let defence = 0,
    openClear = 0;
  const defence_i: number[] = [];
  for (const u of defenders) {
    const h = state.loc_u[u]!;
    const s = defenceStrength(state, u, (supply[u] ?? 0) !== 0) * worksMultiplier(state, h);
    defence_i.push(s);
    defence += s;
    if (effectiveTerrain(state, h) === CLEAR && state.works_h[h] === WORKS_NONE) openClear += s;
  }
  return { attack: total, defence, attackFromClear: fromClear, defenceInOpenClear: openClear, attack_i, defence_i, acrossRiver_i };
}

export interface Odds {
  /** CRT column index: 0 = 1-2, k = k-1 for k >= 1. */
  readonly column: number;
  /** Odds below 1-2: the 1-2 column with no defender result (chart note). */
  readonly belowLowest: boolean;
  /** For the log: the column's label, "<1-2" below it. */
  readonly label: string;
}

/**
 * 12.4, I-26: the odds column, remainders in the defender's favour; below 1-2 -> the 1-2 column
 * with no defender result; above the highest column (option maxOddsColumn) -> that column.
 */
export function combatOdds(state: GameState, attack: number, defence: number): Odds {
  const columns = state.tables.crtColumns;
  const max = state.options.maxOddsColumn;
  if (columns[max] !== `${max}-1`) {
    throw new Error(
      `option maxOddsColumn=${max}: the CRT in tables.json has no "${max}-1" column at index ${max} (columns ${columns.join(', ')})`,
    );
  }
  const c = oddsColumn(attack, defence, max + 1);
  if (c < 0) return { column: 0, belowLowest: true, label: `<${columns[0]}` };
  return { column: c, belowLowest: false, label: columns[c]! };
}

// ---------------------------------------------------------------------------------------------
// Die roll modifiers.

/** 12.3, 12.13, I-27: the defender's single most favourable terrain among the defending hexes (trail = Clear, 14.5). */
export function defenderTerrainDrm(state: GameState, hexes: readonly number[]): number {
  let best = 0;
  for (const h of hexes) best = Math.min(best, state.tables.terrain[effectiveTerrain(state, h)]!.defenderDrm);
  return best;
}

/**
 * 12.14, I-27: the leader whose command rating modifies the roll: the Army Commander if he takes part,
 * else the greatest political rating. Reading (I-27; ties, the rules are silent): the better command rating,
 * then the lower leader index, as I-30 breaks ties for retreats. -1 when there is none.
 */
export function combatLeader(state: GameState, side: Side, leaders: readonly number[]): number {
  const { political_l, command_l } = state.counters;
  const ac = state.armyCommander_s[side]!;
  if (ac >= 0 && leaders.includes(ac)) return ac;
  let best = -1;
  for (const l of leaders) {
    if (
      best < 0 ||
      political_l[l]! > political_l[best]! ||
      (political_l[l] === political_l[best] && (command_l[l]! > command_l[best]! || (command_l[l] === command_l[best] && l < best)))
    )
      best = l;
  }
  return best;
}

export interface CombatModifiers {
  /** 12.13: the defender's terrain (0, -1, -2). */
  readonly terrain: number;
  /** 12.13: attacking from Clear or across Clearing hexsides. */
  readonly fromClear: number;
  /** 12.14: the command rating of `leader`. */
  readonly leaderDrm: number;
  readonly leader: number;
  /** 13.3. */
  readonly attackerAir: number;
  readonly defenderAir: number;
  /** 10.13 (option mountedCavalry). */
  readonly cavalry: number;
  readonly total: number;
  /** The non-zero modifiers, in the order above, for the combat event. */
  readonly list: readonly CombatModifier[];
}

/** 12.3, 12.13, 12.14, 13.3, 10.13, I-27: every modifier of the combat roll, separately and in total. */
export function combatModifiers(state: GameState, attack: Attack, strengths: Strengths, leaders: readonly number[]): CombatModifiers {
  const terrain = defenderTerrainDrm(state, attack.hexes);
  const fromClear = strengths.attack > 0 && strengths.attackFromClear * 2 >= strengths.attack ? state.tables.attackerFromClearDrm : 0;
  const leader = combatLeader(state, attack.side, leaders);
  const leaderDrm = leader >= 0 ? state.counters.command_l[leader]! : 0;
  const attackerAir = attack.attackerAir ? 1 : 0;
  const defenderAir = attack.defenderAir ? -1 : 0;
  let cavalry = 0;
  if (state.options.mountedCavalry) {
    let n = 0;
    for (const u of attack.attackers) if (state.counters.type_u[u] === CAVALRY) n++;
    if (n * 2 >= attack.attackers.length) cavalry = -1;
  }
  const list: CombatModifier[] = [];
  if (terrain !== 0) list.push({ kind: 'defenderTerrain', value: terrain, rule: '12.13' });
  if (fromClear !== 0) list.push({ kind: 'attackFromClear', value: fromClear, rule: '12.13' });
  if (leaderDrm !== 0) list.push({ kind: 'leader', leader, value: leaderDrm, rule: '12.14' });
  if (attackerAir !== 0) list.push({ kind: 'attackerAir', value: attackerAir, rule: '13.3' });
  if (defenderAir !== 0) list.push({ kind: 'defenderAir', value: defenderAir, rule: '13.3' });
  if (cavalry !== 0) list.push({ kind: 'mountedCavalry', value: cavalry, rule: '10.13' });
  return {
    terrain,
    fromClear,
    leaderDrm,
    leader,
    attackerAir,
    defenderAir,
    cavalry,
    total: terrain + fromClear + leaderDrm + attackerAir + defenderAir + cavalry,
    list,
  };
}

/** 12.4 (chart notes): the modified roll, clamped to the CRT's rows -1..6. */
export function modifiedCombatRoll(roll: number, drm: number): number {
  return Math.max(CRT_MIN_ROLL, Math.min(CRT_MAX_ROLL, roll + drm));
}
