// Artillery barrage (13.2, optional rule artilleryBarrage): who may barrage which hex, and the
// Artillery Barrage Table. The defender allocates the steps lost (combat-losses.ts checkStepLosses).
import { ARTILLERY } from './counters.js';
import { areAdjacent, hexLabel, sideBetween } from './hex.js';
import { WORKS_NONE } from './map.js';
import { otherSide, type Side } from './side.js';
import type { GameState } from './state.js';
import { leadersIn } from './state.js';
import type { CombatPhaseLog } from './combat.js';
import type { Dice } from './dice.js';

/** A declared barrage (13.2): artillery units of `side` barraging one adjacent enemy hex. */
export interface Barrage {
  readonly side: Side;
  readonly artillery: readonly number[];
  readonly hex: number;
  /** Adjacent leaders named, as for attacks (12.2, I-28); leaders stacked with the artillery take part anyway. */
  readonly leaders: readonly number[];
  /** 12.12, 13.2: nonzero for each unit with combat supply (one CSP expended per artillery unit: the caller's job). */
  readonly combatSupply_u: ArrayLike<number>;
}

/** The Artillery Barrage Table's columns: 1 to 4 artillery units. */
export const BARRAGE_COLUMNS = 4;

/** 13.2: the table column for the barraging artillery: full units count 1, reduced 1/2, fractions dropped; above 4 -> 4 (reading (I-52): the table stops at 4). 0 = no column. */
export function barrageColumn(state: GameState, artillery: readonly number[]): number {
  let halves = 0;
  for (const u of artillery) halves += state.reduced_u[u] !== 0 ? 1 : 2;
  return Math.min(BARRAGE_COLUMNS, halves >> 1);
}

/**
 * 13.2, 12.2, 6.3: null when the barrage may be made, else the reason. Option artilleryBarrage; no
 * combat in a truce; artillery of the side only, each on the map, adjacent to the hex, with combat
 * supply, stacked with or adjacent to a participating leader, and barraging once a phase; the hex holds
 * enemy combat units and is barraged once a phase by each side. Reading (I-53): the rainy-season ban on
 * attacking across a river applies to barrages too ("barrage attacks", 13.2).
 */
export function checkBarrage(state: GameState, b: Barrage, log: CombatPhaseLog): string | null {
  const { counters, map } = state,
    grid = map.grid;
  if (!state.options.artilleryBarrage)
    return '13.2: the artillery barrage is an optional rule that is not in use (option artilleryBarrage)';
  if (state.truce) return '6.3: no combat during a truce (I-7)';
  const enemy = otherSide(b.side);
  if (!(b.hex >= 0 && b.hex < grid.size)) return `13.2: target ${b.hex} is not a hex of the map`;
  if (state.combat_hs[b.hex * 2 + enemy] === 0) return `13.2: hex ${hexLabel(grid, b.hex)} holds no enemy combat unit`;
  if (log.barraged_hs[b.hex * 2 + b.side] !== 0)
    return `13.2: hex ${hexLabel(grid, b.hex)} has already been barraged by this side this phase`;
  if (b.artillery.length === 0) return '13.2: a barrage needs at least one artillery unit';
  const leaders: number[] = [];
  const scratch: number[] = [];
  for (const u of b.artillery) {
    const h = state.loc_u[u] ?? -1;
    if (h >= 0) for (const l of leadersIn(state, h, b.side, scratch)) if (!leaders.includes(l)) leaders.push(l);
  }
  for (const l of b.leaders) {
    const name = counters.leaders[l]?.id ?? `leader ${l}`;
    if (counters.side_l[l] !== b.side || (state.loc_l[l] ?? -1) < 0) return `13.2: leader ${name} is not a leader of the side on the map`;
    const lh = state.loc_l[l]!;
    if (!b.artillery.some((u) => state.loc_u[u] === lh || areAdjacent(grid, state.loc_u[u]!, lh))) {
      return `13.2, 12.2: leader ${name} is neither stacked with nor adjacent to a barraging unit`;
    }
    if (!leaders.includes(l)) leaders.push(l);
  }
  for (let i = 0; i < b.artillery.length; i++) {
    const u = b.artillery[i]!;
    const name = counters.units[u]?.id ?? `unit ${u}`;
    if (b.artillery.indexOf(u) !== i) return `13.2: ${name} is named twice`;
    if (counters.side_u[u] !== b.side || counters.type_u[u] !== ARTILLERY) return `13.2: ${name} is not artillery of the barraging side`;
    const h = state.loc_u[u]!;
    if (h < 0 || !areAdjacent(grid, h, b.hex)) return `13.2: ${name} is not adjacent to hex ${hexLabel(grid, b.hex)}`;
    if (log.barraged_u[u] !== 0) return `13.2: ${name} has already barraged this phase`;
    if ((b.combatSupply_u[u] ?? 0) === 0) return `13.2: ${name} has no combat supply; artillery without it cannot barrage`;
    if (state.rainy && map.river_s[sideBetween(grid, h, b.hex)] !== 0)
      return `12.13: no barrage across a river hexside in the rainy season (${name})`;
    if (!leaders.some((l) => state.loc_l[l] === h || areAdjacent(grid, h, state.loc_l[l]!))) {
      return `13.2, 12.2: ${name} is neither stacked with nor adjacent to a participating leader`;
    }
  }
  return null;
}

/** 13.2: marks the barrage's artillery and target as used for the phase. */
export function recordBarrage(log: CombatPhaseLog, b: Barrage): void {
  for (const u of b.artillery) log.barraged_u[u] = 1;
  log.barraged_hs[b.hex * 2 + b.side] = 1;
}

export interface BarrageResult {
  readonly roll: number;
  /** +1 (tables barrageWorksModifier) when the target hex has an entrenchment or fortification; clamped to 1..6. */
  readonly modifiedRoll: number;
  /** Table column 1..4, or 0 when the artillery counts for less than one unit. */
  readonly column: number;
  /** Steps the defenders in the hex lose (the owner allocates them). */
  readonly steps: number;
}

/** 13.2, Artillery Barrage Table: the result of a roll. */
export function barrageResultForRoll(state: GameState, b: Barrage, roll: number): BarrageResult {
  const column = barrageColumn(state, b.artillery);
  const drm = state.works_h[b.hex] !== WORKS_NONE ? state.tables.barrageWorksModifier : 0;
  const modifiedRoll = Math.max(1, Math.min(6, roll + drm));
  const steps = column === 0 ? 0 : state.tables.barrage[(modifiedRoll - 1) * BARRAGE_COLUMNS + (column - 1)]!;
  return { roll, modifiedRoll, column, steps };
}

/** 13.2: rolls one die for a barrage. */
export function rollBarrage(state: GameState, b: Barrage, dice: Dice): BarrageResult {
  return barrageResultForRoll(state, b, dice.d6());
}
