// Attrition (8.12, 8.13, 10.13): water, isolation, the modified die roll and its result. Rolling is
// here; applying the result (step loss, elimination, VP, leader displacement) is the engine's job.
// Rulings I-20 (isolation), I-21 (water).
import { CAVALRY } from './counters.js';
import type { Dice } from './dice.js';
import { BOL, type Side } from './side.js';
import type { GameState } from './state.js';
import type { Tables } from './tables.js';
import { usableSources } from './supply-loc.js';
import { MODE_PATH, beginCall, markOnce, setMode, supplyScratch, type SupplyScratch } from './supply-graph.js';
import { connects, newQuestion } from './supply-goal.js';

/** 8.13 (I-21): has a unit in hex h water? A wet settlement, a well (14.6), a river hexside, or a rainy turn. */
export function hasWater(state: GameState, h: number): boolean {
  if (state.rainy) return true;
  const { map } = state;
  return map.wet_h[h] !== 0 || state.well_h[h] !== 0 || supplyScratch(map).riverHex_h[h] !== 0;
}

/**
 * 8.13 (I-20): starts a connection question for the side: paths of any length to the side's GHQ (on
 * the map) or, unless `toGhqOnly`, a usable friendly supply source, through hexes free of enemy
 * combat units and unnegated EZOCs, terrain ignored except where non-mech movement is prohibited.
 * Returns the targets; ask connects(sc, hex, targets) while no other supply call runs.
 */
function connectionQuestion(state: GameState, side: Side, toGhqOnly: boolean): { sc: SupplyScratch; targets: number[] } {
  const targets = toGhqOnly ? [] : usableSources(state, side);
  const sc = beginCall(state, side);
  setMode(sc, MODE_PATH);
  newQuestion(sc);
  const ghq = state.ghq_s[side]!;
  if (ghq >= 0) targets.push(ghq);
  for (const h of targets) markOnce(sc, h);
  return { sc, targets };
}

/**
 * 8.13 (I-20): per unit, 1 when the side's unit is on the map and isolated (other entries 0).
 * `which_u` (1 = ask) limits the question to some units, e.g. those rolling attrition.
 */
export function isolatedUnits(state: GameState, side: Side, which_u: Uint8Array | null = null): Uint8Array {
  const { loc_u } = state,
    side_u = state.counters.side_u;
  const out = new Uint8Array(loc_u.length);
  let q: { sc: SupplyScratch; targets: number[] } | null = null;
  for (let u = 0; u < loc_u.length; u++) {
    const h = loc_u[u]!;
    if (side_u[u] !== side || h < 0 || (which_u && which_u[u] === 0)) continue;
    q ??= connectionQuestion(state, side, false);
    if (!connects(q.sc, h, q.targets)) out[u] = 1;
  }
  return out;
}

/** 8.13 (I-20): would a unit of the side in hex h be isolated? */
export function isIsolated(state: GameState, side: Side, h: number): boolean {
  const { sc, targets } = connectionQuestion(state, side, false);
  return !connects(sc, h, targets);
}

/**
 * 8.2 (I-19): is hex h cut off from the side's GHQ, i.e. no path of any length from h to the GHQ
 * without entering unnegated EZOCs? Read like an isolation path (I-20) to the GHQ alone: enemy combat
 * units and prohibited terrain block too. True when the GHQ is off the map.
 */
export function cutOffFromGhq(state: GameState, side: Side, h: number): boolean {
  if (state.ghq_s[side]! < 0) return true;
  const { sc, targets } = connectionQuestion(state, side, true);
  return !connects(sc, h, targets);
}

/** Attrition results (Attrition Table). */
export const ATTRITION_NONE = 0,
  ATTRITION_STEP = 1,
  ATTRITION_ELIMINATED = 2,
  ATTRITION_SURRENDERED = 3;
export type AttritionResult = 0 | 1 | 2 | 3;

/** The conditions of 8.13 and 10.13 for one unit's attrition roll. */
export interface AttritionCase {
  readonly water: boolean;
  readonly isolated: boolean;
  /** Bolivian air supply dropped on this unit (8.13; one unit a turn, the engine counts). */
  readonly airSupply: boolean;
  /** Optional 10.13: mounted cavalry rolling while out of General Supply. */
  readonly mountedCavalryUnsupplied: boolean;
}

/** 8.12, 10.13: must unit u roll for attrition? Out of General Supply, or mounted cavalry always. */
export function mustCheckAttrition(state: GameState, u: number, inGeneralSupply: boolean): boolean {
  if (!inGeneralSupply) return true;
  return state.options.mountedCavalry && state.counters.type_u[u] === CAVALRY;
}

/** 8.13, 10.13: the case of unit u in its hex, given its General Supply, isolation and air supply. */
export function attritionCase(state: GameState, u: number, inGeneralSupply: boolean, isolated: boolean, airSupply = false): AttritionCase {
  const h = state.loc_u[u]!;
  if (airSupply && state.counters.side_u[u] !== BOL) {
    throw new RangeError(`attrition: unit ${state.counters.units[u]?.id ?? u} is Paraguayan; only Bolivia has air supply (8.13)`);
  }
  return {
    water: h < 0 || hasWater(state, h),
    isolated,
    airSupply,
    mountedCavalryUnsupplied: !inGeneralSupply && state.options.mountedCavalry && state.counters.type_u[u] === CAVALRY,
  };
}

/** 8.13, 10.13: the sum of the die roll modifiers (cumulative). */
export function attritionModifier(tables: Tables, c: AttritionCase): number {
  const m = tables.attrition;
  return (
    (c.water ? 0 : m.noWater) +
    (c.isolated ? m.isolated : 0) +
    (c.airSupply ? m.airSupply : 0) +
    (c.mountedCavalryUnsupplied ? m.mountedCavalryUnsupplied : 0)
  );
}

/** 8.12: the Attrition Table: 2+ no effect, 0-1 one step, below 0 eliminated (surrendered if isolated, 16.2). */
export function attritionResult(tables: Tables, modified: number, isolated: boolean): AttritionResult {
  if (modified >= tables.attrition.noEffectAtLeast) return ATTRITION_NONE;
  if (modified >= tables.attrition.stepLossAtLeast) return ATTRITION_STEP;
  return isolated ? ATTRITION_SURRENDERED : ATTRITION_ELIMINATED;
}

export interface AttritionRoll {
  readonly die: number;
  readonly modifier: number;
  readonly modified: number;
  readonly result: AttritionResult;
}

/** 8.12: one attrition roll for a unit in case `c`. */
export function rollAttrition(tables: Tables, c: AttritionCase, dice: Dice): AttritionRoll {
  const die = dice.d6();
  const modifier = attritionModifier(tables, c);
  const modified = die + modifier;
  return { die, modifier, modified, result: attritionResult(tables, modified, c.isolated) };
}
