// Retreat, rout and advance after combat (12.7, 12.8, 12.11, 13.1, 7.5, 7.6; I-30 to I-33).
//
// A retreat/rout check is one roll per unit; a retreat is one hex the owner picks among the legal ones;
// a rout is moved by the engine, deterministically (I-32). The functions read the current state, so the
// engine completes each unit's check and move before the next (12.7). Movement costs come from the
// Terrain Effects Chart through a small step-cost helper of our own (routStepCost), not the movement module.
import { ARTILLERY, CAVALRY, ENGINEER, isMech, type UnitType } from './counters.js';
import { DIRECTIONS, NO_HEX, areAdjacent, distance, sideBetween, type Grid } from './hex.js';
import { MARSH, OUTSIDE, WORKS_NONE } from './map.js';
import { BOL, PAR, otherSide, type Side } from './side.js';
import type { GameState } from './state.js';
import { PROHIBITED, LOSS_10, LOSS_NONE } from './tables.js';
import { inEzoc, inUnnegatedEzoc } from './zoc.js';
import { armorAttacks, effectiveTerrain, lossOf, retreatsOf, stackingLimit, type CombatSetup } from './combat.js';
import type { Dice } from './dice.js';

export const RETREAT = 0,
  ROUT = 1;

/** 10.13 (option mountedCavalry): mounted cavalry has a movement allowance of 8. */
export const MOUNTED_CAVALRY_MF = 8;

// ---------------------------------------------------------------------------------------------
// The check (12.7, 13.1).

/** 12.7, I-30: the leader whose command rating modifies retreat rolls in h: greatest political rating, ties the better command (then lower index); -1 when none. */
export function hexLeader(state: GameState, h: number, side: Side): number {
  if (state.leaders_hs[h * 2 + side] === 0) return -1;
  const { loc_l } = state,
    { side_l, political_l, command_l } = state.counters;
  let best = -1;
  for (let l = 0; l < loc_l.length; l++) {
    if (loc_l[l] !== h || side_l[l] !== side) continue;
    if (best < 0 || political_l[l]! > political_l[best]! || (political_l[l] === political_l[best] && command_l[l]! > command_l[best]!))
      best = l;
  }
  return best;
}

/**
 * 13.1: the Paraguayan -1: a Bolivian attack with armor, an R result for the defenders, and more than
 * half the defender strength (as totalled for the odds, works included) in Clear hexes without works.
 */
export function armorRetreatApplies(state: GameState, setup: CombatSetup, defenderCode: number): boolean {
  const s = setup.strengths;
  return setup.attack.side === BOL && armorAttacks(state, setup.attack) && retreatsOf(defenderCode) && s.defenceInOpenClear * 2 > s.defence;
}

export interface RetreatCheck {
  readonly roll: number;
  /** The leader whose rating was used (I-30), or -1. */
  readonly leader: number;
  readonly modifier: number;
  readonly modified: number;
  /** RETREAT or ROUT (Retreat/Rout Table). */
  readonly result: number;
}

/** 12.7, 13.1, I-30: one unit's check for a roll; `armor` is armorRetreatApplies for the defenders (it only ever helps Bolivia). */
export function retreatCheck(state: GameState, u: number, armor: boolean, roll: number): RetreatCheck {
  const side = state.counters.side_u[u]! as Side;
  const leader = hexLeader(state, state.loc_u[u]!, side);
  let modifier = leader >= 0 ? state.counters.command_l[leader]! : 0;
  if (armor && side === PAR) modifier += state.tables.armorRetreatModifier;
  const modified = roll + modifier;
  return { roll, leader, modifier, modified, result: modified <= state.tables.routAtOrBelow[side] ? ROUT : RETREAT };
}

/** 12.7: rolls one unit's retreat/rout check. */
export function rollRetreatCheck(state: GameState, u: number, armor: boolean, dice: Dice): RetreatCheck {
  return retreatCheck(state, u, armor, dice.d6());
}

// ---------------------------------------------------------------------------------------------
// Step costs (Terrain Effects Chart). Our own small helper; the movement module has the full rules.

/**
 * 10.4, 10.7, 10.9, 14.5, I-10: sixths of an MP for unit u to step from `from` into adjacent `to`,
 * ignoring river hexsides, or PROHIBITED: the road rate across a road hexside, else the entered hex's
 * terrain (a trail makes it Clear); artillery may not enter Marsh and mech units Marsh or Mountain off roads.
 */
export function terrainStepCost(state: GameState, u: number, from: number, to: number): number {
  const { tables, map } = state;
  const type = state.counters.type_u[u]! as UnitType;
  const mech = isMech(type);
  const w = state.rainy ? 1 : 0;
  if (map.road_s[sideBetween(map.grid, from, to)] !== 0) {
    const c = (mech ? tables.road.mechMp : tables.road.mp)[w];
    if (c !== PROHIBITED) return c;
  }
  const t = effectiveTerrain(state, to);
  if (t === OUTSIDE) return PROHIBITED;
  if (type === ARTILLERY && t === MARSH) return PROHIBITED;
  const row = tables.terrain[t]!;
  return (mech ? row.mechMp : row.mp)[w];
}

/** 12.8, I-32: the cost of one rout step: terrain cost, and no river crossing at all. */
export function routStepCost(state: GameState, u: number, from: number, to: number): number {
  if (state.map.river_s[sideBetween(state.map.grid, from, to)] !== 0) return PROHIBITED;
  return terrainStepCost(state, u, from, to);
}

/** 2.11, 10.13: unit u's movement factor in sixths (mounted cavalry 8 MP under the option). */
export function routAllowance(state: GameState, u: number): number {
  const mf =
    state.options.mountedCavalry && state.counters.type_u[u] === CAVALRY
      ? MOUNTED_CAVALRY_MF
      : state.counters.move_u[u * 2 + state.reduced_u[u]!]!;
  return mf * 6;
}

/** 11.2, 11.3, I-47: would one more unit u fit in h (engineers do not count; armor does)? */
export function fitsInStack(state: GameState, u: number, h: number, extra = 0): boolean {
  if (state.counters.type_u[u] === ENGINEER) return true;
  const side = state.counters.side_u[u]!;
  return state.stacking_hs[h * 2 + side]! + extra + 1 <= stackingLimit(state, h);
}

// ---------------------------------------------------------------------------------------------
// Retreat (12.8, I-31).

function nextTo(grid: Grid, h: number, hexes: readonly number[]): boolean {
  for (const e of hexes) if (e === h || areAdjacent(grid, h, e)) return true;
  return false;
}

/**
 * 12.8, 7.5, 7.8, I-31: the hexes unit u may retreat into: adjacent, not one of or adjacent to `enemyHexes`
 * (the hexes the attack came from; for a retreating attacker, the defending hexes), no enemy combat
 * unit, not in an unnegated EZOC, not across a river, not prohibited terrain, within stacking. Empty:
 * the unit loses one step in place instead.
 */
export function retreatHexes(state: GameState, u: number, enemyHexes: readonly number[], out: number[] = []): number[] {
  out.length = 0;
  const { map } = state,
    grid = map.grid;
  const from = state.loc_u[u]!,
    side = state.counters.side_u[u]! as Side,
    enemy = otherSide(side);
  if (from < 0) return out;
  for (let d = 0; d < DIRECTIONS; d++) {
    const n = grid.neighbour_hd[from * DIRECTIONS + d]!;
    if (n === NO_HEX || nextTo(grid, n, enemyHexes)) continue;
    if (state.combat_hs[n * 2 + enemy]! > 0) continue;
    if (map.river_s[grid.side_hd[from * DIRECTIONS + d]!] !== 0) continue;
    if (terrainStepCost(state, u, from, n) === PROHIBITED) continue;
    if (inUnnegatedEzoc(state, n, side)) continue;
    if (!fitsInStack(state, u, n)) continue;
    out.push(n);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rout (12.8, I-32).

interface RoutScratch {
  readonly cost_h: Int32Array;
  readonly parent_h: Int32Array;
  readonly settled_h: Uint8Array;
}
const scratchByGrid = new WeakMap<Grid, RoutScratch>();

function routScratch(grid: Grid): RoutScratch {
  let s = scratchByGrid.get(grid);
  if (!s) {
    s = { cost_h: new Int32Array(grid.size).fill(-1), parent_h: new Int32Array(grid.size).fill(-1), settled_h: new Uint8Array(grid.size) };
    scratchByGrid.set(grid, s);
  }
  return s;
}

/** 12.8, I-32: a routing unit stops on entering a hex with a friendly leader or GHQ, an entrenchment or a fortification. */
export function isRoutStop(state: GameState, h: number, side: Side): boolean {
  return state.leaders_hs[h * 2 + side]! > 0 || state.ghq_s[side] === h || state.works_h[h] !== WORKS_NONE;
}

/** I-32: hexes from h to the nearest friendly supply source on the map (0 when the side has none). */
export function distanceToFriendlySource(state: GameState, h: number, side: Side): number {
  let best = -1;
  for (const s of state.map.supplySources) {
    if (s.side !== side) continue;
    const d = distance(state.map.grid, h, s.hex);
    if (best < 0 || d < best) best = d;
  }
  return best < 0 ? 0 : best;
}

/**
 * 12.8, 7.5, I-32: the rout of unit u, as the hexes entered (its start not included); empty when it has
 * no legal move, and then it loses one step in place. Up to its MF paying terrain costs; no hex twice;
 * never into an EZOC (even negated), across a river or clearing hexside (hex to hex only), into an enemy
 * combat unit or prohibited terrain, or onto an off-map box; it stops after at least one hex on entering
 * a rout-stop hex. End: the hex farthest from `enemyHexes` (nearest of them), then nearest a friendly
 * supply source, then the lowest hex number. Reading (I-48; I-32 is silent): the end hex must be within
 * stacking (11.1); hexes passed through need not be. The cheapest path to each hex is simple, so a
 * Dijkstra search finds exactly the hexes some legal rout reaches.
 */
export function routPath(state: GameState, u: number, enemyHexes: readonly number[]): number[] {
  return routSearch(state, u, enemyHexes, true).path;
}

/**
 * 7.5 (reading (I-70)): was the rout of unit u, which ended `path`, cut short by EZOCs? A unit "unable
 * to complete its retreat/rout due to EZOCs" ends in the last available hex and loses a step. chaco
 * counts a rout as cut short when, were there no enemy ZOCs, it could have ended farther from the
 * attackers (the measure of I-32) than it did. An empty path (no first hex) loses its step anyway (I-32).
 */
export function routCutShortByEzoc(state: GameState, u: number, enemyHexes: readonly number[], path: readonly number[]): boolean {
  if (path.length === 0) return false;
  const far = farFrom(state.map.grid, path[path.length - 1]!, enemyHexes);
  const free = routSearch(state, u, enemyHexes, false);
  return free.path.length > 0 && free.far > far;
}

/** I-32: hexes from h to the nearest of `enemyHexes`. */
function farFrom(grid: Grid, h: number, enemyHexes: readonly number[]): number {
  let far = Number.MAX_SAFE_INTEGER;
  for (const e of enemyHexes) far = Math.min(far, distance(grid, h, e));
  return far;
}

/** The rout of routPath, with (`ezocsBlock`) or without enemy ZOCs in its way; `far` is its end's distance from the attackers. */
function routSearch(state: GameState, u: number, enemyHexes: readonly number[], ezocsBlock: boolean): { path: number[]; far: number } {
  const { map } = state,
    grid = map.grid;
  const start = state.loc_u[u]!,
    side = state.counters.side_u[u]! as Side,
    enemy = otherSide(side);
  if (start < 0) return { path: [], far: -1 };
  const mf = routAllowance(state, u);
  const { cost_h, parent_h, settled_h } = routScratch(grid);
  const reached: number[] = [start];
  cost_h[start] = 0;
  parent_h[start] = -1;
  for (;;) {
    let h = -1;
    for (const r of reached) {
      if (settled_h[r] !== 0) continue;
      if (h < 0 || cost_h[r]! < cost_h[h]! || (cost_h[r] === cost_h[h] && r < h)) h = r;
    }
    if (h < 0) break;
    settled_h[h] = 1;
    if (h !== start && isRoutStop(state, h, side)) continue;
    for (let d = 0; d < DIRECTIONS; d++) {
      const n = grid.neighbour_hd[h * DIRECTIONS + d]!;
      if (n === NO_HEX || n === start || settled_h[n] !== 0) continue;
      if (state.combat_hs[n * 2 + enemy]! > 0 || (ezocsBlock && inEzoc(state, n, side))) continue;
      const c = routStepCost(state, u, h, n);
      if (c === PROHIBITED) continue;
      const total = cost_h[h]! + c;
      if (total > mf) continue;
      if (cost_h[n]! < 0) reached.push(n);
      else if (total >= cost_h[n]!) continue;
      cost_h[n] = total;
      parent_h[n] = h;
    }
  }
  let best = -1,
    bestFar = -1,
    bestNear = 0;
  for (const h of reached) {
    if (h === start || !fitsInStack(state, u, h)) continue;
    const far = farFrom(grid, h, enemyHexes);
    const near = distanceToFriendlySource(state, h, side);
    if (best < 0 || far > bestFar || (far === bestFar && (near < bestNear || (near === bestNear && h < best)))) {
      best = h;
      bestFar = far;
      bestNear = near;
    }
  }
  const path: number[] = [];
  for (let h = best; h >= 0 && h !== start; h = parent_h[h]!) path.push(h);
  path.reverse();
  for (const r of reached) {
    cost_h[r] = -1;
    parent_h[r] = -1;
    settled_h[r] = 0;
  }
  return { path, far: bestFar };
}

// ---------------------------------------------------------------------------------------------
// Advance after combat (12.11, 7.6, I-33).

/** 12.11, I-33: the defending hexes now empty of defending combat units, which the attackers may advance into. */
export function vacatedDefendingHexes(state: GameState, setup: CombatSetup): number[] {
  const defender = otherSide(setup.attack.side);
  return setup.attack.hexes.filter((h) => state.combat_hs[h * 2 + defender] === 0);
}

/**
 * 12.11, 7.6, I-33: the attackers' vacated hexes the defenders may occupy: only when no attacking unit
 * is left in the hexes the attack came from (eliminated or retreated) and the defender's result was
 * 10 or -. Empty otherwise.
 */
export function defenderOccupiableHexes(state: GameState, setup: CombatSetup, defenderCode: number): number[] {
  const loss = lossOf(defenderCode);
  if (retreatsOf(defenderCode) || (loss !== LOSS_NONE && loss !== LOSS_10)) return [];
  for (const u of setup.attack.attackers) if (setup.attackHexes.includes(state.loc_u[u]!)) return [];
  return setup.attackHexes.filter((h) => state.combat_hs[h * 2 + setup.attack.side] === 0);
}

/**
 * 12.11, 7.6, I-33: may unit u advance one hex into adjacent `to`? EZOCs ignored; no prohibited
 * terrain (Marsh for artillery, 10.9); within stacking, counting `extra` units already advancing there.
 */
export function canAdvance(state: GameState, u: number, to: number, extra = 0): boolean {
  const from = state.loc_u[u]!;
  const enemy = otherSide(state.counters.side_u[u]! as Side);
  if (from < 0 || !areAdjacent(state.map.grid, from, to)) return false;
  if (state.combat_hs[to * 2 + enemy]! > 0) return false;
  if (terrainStepCost(state, u, from, to) === PROHIBITED) return false;
  return fitsInStack(state, u, to, extra);
}

/**
 * 12.11, I-33: null when every advance moves one of `units` (each at most once) into one of `hexes`
 * legally, counting stacking over the whole answer; else why not.
 */
export function checkAdvance(
  state: GameState,
  units: readonly number[],
  hexes: readonly number[],
  moves: readonly { readonly unit: number; readonly hex: number }[],
): string | null {
  for (let i = 0; i < moves.length; i++) {
    const { unit, hex } = moves[i]!;
    const name = state.counters.units[unit]?.id ?? `unit ${unit}`;
    if (!units.includes(unit)) return `12.11: ${name} may not advance after this combat`;
    if (!hexes.includes(hex)) return `12.11: ${name} may not advance into hex ${hex}; it is not a vacated hex of this combat`;
    let extra = 0;
    for (let j = 0; j < i; j++) {
      if (moves[j]!.unit === unit) return `12.11, I-33: ${name} advances twice`;
      if (moves[j]!.hex === hex && state.counters.type_u[moves[j]!.unit] !== ENGINEER) extra++;
    }
    if (!canAdvance(state, unit, hex, extra)) return `12.11: ${name} cannot advance there (prohibited terrain or stacking)`;
  }
  return null;
}
