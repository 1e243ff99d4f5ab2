// Who moves and what a step costs them: the mover descriptor (10.1, 10.10, 11.4) and the
// Terrain Effects Chart turned into a per-mover, per-weather cost table in sixths of an MP (I-10).
//
// Costs are looked up once per search (fillMoveCosts) so the search loop reads plain integers.
// A stack mixing mech and non-mech members pays, for every cost component, the higher of the
// two rates, and inherits every prohibition of either (11.4, I-12).
import { ARMOR, ARTILLERY, CAVALRY, ENGINEER } from './counters.js';
import { CLEAR, MARSH, OUTSIDE } from './map.js';
import type { Side } from './side.js';
import type { GameState } from './state.js';
import { PROHIBITED, type CostPair, type Tables } from './tables.js';

/** Movers (10.3, I-9): a stack with at least one combat unit; leaders alone; other non-combat pieces. */
export const MOVER_COMBAT = 0,
  MOVER_LEADER = 1,
  MOVER_OTHER = 2;
export type MoverKind = 0 | 1 | 2;

/** Sixths of an MP in one MP (I-10). */
export const SIXTHS = 6;
/** 10.12: entering a "1 MP" off-map box; I-13: leaving the map. Both 1 MP for every mover. */
export const BOX_COST = 6,
  EXIT_COST = 6;

/** A piece or a stack about to move, as the movement rules see it. */
export interface Mover {
  readonly side: Side;
  /** MOVER_COMBAT if any combat unit moves; MOVER_LEADER for leaders alone; MOVER_OTHER for trucks, GHQ, supply units (with or without leaders). */
  readonly kind: MoverKind;
  /** A member pays mech costs (armor, truck; 2.21). */
  readonly mech: boolean;
  /** A member pays non-mech costs (everything else). A mixed stack pays the higher of each cost (11.4). */
  readonly nonMech: boolean;
  /** Artillery moves in it (10.9: no Marsh). */
  readonly artillery: boolean;
  /** An engineer moves in it: every hexside it crosses is beside an engineer (10.5). */
  readonly engineer: boolean;
  /** A friendly leader moves with it (7.3, I-9, 10.10). Leaders alone: irrelevant. */
  readonly withLeader: boolean;
  /** The slowest member's full movement factor, in sixths (11.4); halved by the search for reaction. */
  readonly allowance: number;
  /** Reaction Movement (10.10): half MF rounded up, leader for the whole path, no start in an EZOC, no "1 turn" boxes. */
  readonly reaction: boolean;
  /** The start of the path is where it began its Movement Phase (10.12: only then may it enter a "1 turn" box). */
  readonly phaseStart: boolean;
}

/** A mover with defaults: a non-mech combat unit of 6 MP, no leader, regular movement from its phase start. */
export function makeMover(side: Side, fields: Partial<Omit<Mover, 'side'>> = {}): Mover {
  return {
    side,
    kind: MOVER_COMBAT,
    mech: false,
    nonMech: true,
    artillery: false,
    engineer: false,
    withLeader: false,
    allowance: 6 * SIXTHS,
    reaction: false,
    phaseStart: true,
    ...fields,
  };
}

/**
 * The pieces of a stack moving together (11.4): all from one hex, all of one side. Pieces carried by a
 * truck (10.11) spend no MP of their own and are not members: a loaded truck is a truckMover.
 */
export interface StackPieces {
  readonly units?: readonly number[];
  readonly leaders?: readonly number[];
  /** Truck indices moving on their own MF (a loaded truck carries its cargo; 10.11). */
  readonly trucks?: readonly number[];
  readonly ghq?: boolean;
  /** A supply unit (CSP) moves in the stack. */
  readonly supply?: boolean;
}

/** 11.4, 10.13, I-12: the mover of a stack: slowest MF, every member's prohibitions, mech and non-mech rates. */
export function stackMover(
  state: GameState,
  side: Side,
  pieces: StackPieces,
  opts: { reaction?: boolean; phaseStart?: boolean } = {},
): Mover {
  const c = state.counters;
  const units = pieces.units ?? [],
    leaders = pieces.leaders ?? [],
    trucks = pieces.trucks ?? [];
  let mf = Infinity,
    mech = false,
    nonMech = false,
    artillery = false,
    engineer = false;
  for (const u of units) {
    const type = c.type_u[u];
    let move = c.move_u[u * 2 + state.reduced_u[u]!]!;
    if (type === CAVALRY && state.options.mountedCavalry) move = 8; // 10.13 effect 1
    mf = Math.min(mf, move);
    if (type === ARMOR) mech = true;
    else nonMech = true;
    if (type === ARTILLERY) artillery = true;
    if (type === ENGINEER) engineer = true;
  }
  for (const l of leaders) {
    mf = Math.min(mf, c.move_l[l]!);
    nonMech = true;
  }
  if (trucks.length > 0) {
    mf = Math.min(mf, c.truckMove);
    mech = true;
  }
  if (pieces.ghq) {
    mf = Math.min(mf, c.ghqMove[side]);
    nonMech = true;
  }
  if (pieces.supply) {
    mf = Math.min(mf, c.supplyUnitMove);
    nonMech = true;
  }
  if (mf === Infinity) throw new RangeError('stackMover: the stack has no pieces');
  const kind: MoverKind = units.length > 0 ? MOVER_COMBAT : trucks.length > 0 || pieces.ghq || pieces.supply ? MOVER_OTHER : MOVER_LEADER;
  return {
    side,
    kind,
    mech,
    nonMech,
    artillery,
    engineer,
    withLeader: leaders.length > 0,
    allowance: mf * SIXTHS,
    reaction: opts.reaction ?? false,
    phaseStart: opts.phaseStart ?? true,
  };
}

/**
 * 10.11: a loaded truck and its cargo move "as one unit": at the truck's MF and mech rates, whatever it
 * carries. Carried leaders (any number) lead it into an EZOC (7.3, I-9); a carried combat unit makes it
 * a combat mover (10.3, I-44). Carried pieces spend no MP of their own, so they add no rate and no MF.
 */
export function truckMover(
  state: GameState,
  side: Side,
  cargo: { readonly combat: boolean; readonly leaders: number },
  opts: { reaction?: boolean; phaseStart?: boolean } = {},
): Mover {
  return {
    side,
    kind: cargo.combat ? MOVER_COMBAT : MOVER_OTHER,
    mech: true,
    nonMech: false,
    artillery: false,
    engineer: false,
    withLeader: cargo.leaders > 0,
    allowance: state.counters.truckMove * SIXTHS,
    reaction: opts.reaction ?? false,
    phaseStart: opts.phaseStart ?? true,
  };
}

/** 10.10(3), I-12: Reaction Movement allows half the MF, rounded up to a whole MP. */
export function reactionAllowance(allowance: number): number {
  return Math.ceil(allowance / (2 * SIXTHS)) * SIXTHS;
}

/** The allowance the mover may spend on this path: its MF, or half of it in Reaction Movement. */
export function effectiveAllowance(mover: Mover): number {
  return mover.reaction ? reactionAllowance(mover.allowance) : mover.allowance;
}

/** The rates one mover pays in one weather, every entry in sixths or PROHIBITED. */
export interface MoveCosts {
  /** Entering a hex of terrain t off the road (TEC; 10.8, 10.9). OUTSIDE has no chart row: prohibited. */
  readonly enter_t: Int32Array;
  /** 10.7, I-10: entering along the road, whatever the hex's terrain. */
  road: number;
  /** 10.6, I-11: a step onto a clearing hexside (the Clear rate). */
  clear: number;
  /** 10.5: added for a river hexside; with an engineer beside it; across the ferry hexside. */
  river: number;
  riverEngineer: number;
  ferry: number;
}

export function createMoveCosts(): MoveCosts {
  return { enter_t: new Int32Array(OUTSIDE + 1), road: 0, clear: 0, river: 0, riverEngineer: 0, ferry: 0 };
}

/** 11.4: the rate of a stack: the higher of its classes' rates; prohibited if prohibited to either. */
function rate(mover: Mover, nonMech: CostPair, mech: CostPair, w: number): number {
  const a = mover.nonMech || !mover.mech ? nonMech[w]! : 0;
  const b = mover.mech ? mech[w]! : 0;
  return a === PROHIBITED || b === PROHIBITED ? PROHIBITED : Math.max(a, b);
}

/** TEC, 10.4-10.9: fill `out` with the mover's rates in dry (rainy = false) or rainy weather. */
export function fillMoveCosts(out: MoveCosts, tables: Tables, rainy: boolean, mover: Mover): MoveCosts {
  const w = rainy ? 1 : 0;
  for (let t = 0; t <= OUTSIDE; t++) {
    const row = tables.terrain[t];
    out.enter_t[t] = row === undefined ? PROHIBITED : rate(mover, row.mp, row.mechMp, w);
  }
  if (mover.artillery) out.enter_t[MARSH] = PROHIBITED; // 10.9 (off roads only: I-43)
  out.road = rate(mover, tables.road.mp, tables.road.mechMp, w);
  out.clear = out.enter_t[CLEAR]!;
  out.river = rate(mover, tables.river.mp, tables.river.mechMp, w);
  out.riverEngineer = rate(mover, tables.riverWithEngineer.mp, tables.riverWithEngineer.mechMp, w);
  out.ferry = rate(mover, tables.ferry.mp, tables.ferry.mechMp, w);
  return out;
}

/** The cheaper of two costs that may be PROHIBITED. */
export function cheaper(a: number, b: number): number {
  if (a === PROHIBITED) return b;
  if (b === PROHIBITED) return a;
  return a < b ? a : b;
}
