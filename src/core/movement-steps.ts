// The steps of a move (10, 10.6, 10.12, I-11, I-13) the search and the path check share: hex to hex, onto
// and off clearing hexsides, into, between and out of off-map boxes, and off the map. Each returns its cost
// in sixths of an MP, or -reason (R_*) when the step is illegal.
import { CLEAR, OUTSIDE } from './map.js';
import { BOX_COST, EXIT_COST, MOVER_COMBAT } from './movement-cost.js';
import {
  FLAG_DISPLACE,
  FLAG_EZOC,
  R_ENEMY_BOX,
  R_ENEMY_COMBAT,
  R_ENEMY_PIECE,
  R_ENTRANCE_ENEMY,
  R_EXIT,
  R_LEAVE_EZOC,
  R_OUTSIDE,
  R_REACTION_TURN_BOX,
  R_TERRAIN,
  R_TURN_BOX,
  clearingStatus,
  hexStatus,
  hexStepTerrain,
  type PathSearch,
} from './movement-graph.js';
import { PROHIBITED } from './tables.js';

/** 14.5: a trail makes its hex Clear for all purposes. */
function terrainOf(ps: PathSearch, h: number): number {
  return ps.trail_h[h] !== 0 ? CLEAR : ps.terrain_h[h]!;
}

/** Entering hex b other than across a hexside (off a clearing, out of a box): its terrain cost only. */
function enterTerrain(ps: PathSearch, b: number): number {
  if (ps.map.terrain_h[b] === OUTSIDE) return -R_OUTSIDE;
  const cost = ps.costs.enter_t[terrainOf(ps, b)]!;
  return cost === PROHIBITED ? -R_TERRAIN : cost;
}

/** 10.2-10.9, 7.3: the full cost of the step hex a → adjacent hex b (direction d); `first` when a is the start. */
export function hexToHex(ps: PathSearch, a: number, d: number, b: number, first: boolean): number {
  const st = hexStatus(ps, b);
  if (st >> 4 !== 0) return -(st >> 4);
  // 7.3, I-9: the first hex out of an EZOC has none; reading (I-9): for leaders too ("a unit").
  if (first && ps.startEzoc && (st & FLAG_EZOC) !== 0) return -R_LEAVE_EZOC;
  return hexStepTerrain(ps, a, d, b);
}

/** 10.6, I-11: the step from a hex onto one of its clearing hexsides s, or between two clearing hexsides: the Clear rate. */
export function toClearing(ps: PathSearch, s: number): number {
  const st = clearingStatus(ps, s);
  return st >> 4 !== 0 ? -(st >> 4) : ps.costs.clear;
}

/** 10.6, I-11: stepping off clearing hexside s into adjacent hex b costs b's terrain. */
export function clearingToHex(ps: PathSearch, b: number): number {
  const st = hexStatus(ps, b);
  return st >> 4 !== 0 ? -(st >> 4) : enterTerrain(ps, b);
}

/** 10.12: the step from entrance hex h into own box b; a "1 turn" box only from the phase's start hex, not in reaction. */
export function hexToBox(ps: PathSearch, box: number, first: boolean): number {
  const b = ps.map.boxes[box]!,
    mover = ps.mover!;
  if (b.side !== ps.side) return -R_ENEMY_BOX;
  if (b.cost === 'mp') return BOX_COST;
  if (mover.reaction) return -R_REACTION_TURN_BOX;
  if (!first || !mover.phaseStart) return -R_TURN_BOX;
  return ps.allowance; // reading (I-45): a "1 turn" box takes the whole move
}

/** 10.12: box to joined box, only along "1 MP" boxes, 1 MP each. */
export function boxToBox(ps: PathSearch, from: number, to: number): number {
  const a = ps.map.boxes[from]!,
    b = ps.map.boxes[to]!;
  if (b.side !== ps.side) return -R_ENEMY_BOX;
  if (a.cost !== 'mp' || b.cost !== 'mp') return -R_TURN_BOX;
  return BOX_COST;
}

/** 10.12: re-entering the map from a box at joined entrance hex h: not into an enemy-occupied hex; pays h's terrain. */
export function boxToHex(ps: PathSearch, box: number, h: number, first: boolean): number {
  const b = ps.map.boxes[box]!,
    mover = ps.mover!;
  if (b.side !== ps.side) return -R_ENEMY_BOX;
  if (b.cost === 'turn') {
    if (mover.reaction) return -R_REACTION_TURN_BOX;
    if (!first) return -R_TURN_BOX;
  }
  const st = hexStatus(ps, h);
  if ((st & FLAG_DISPLACE) !== 0 || st >> 4 === R_ENEMY_COMBAT || st >> 4 === R_ENEMY_PIECE) return -R_ENTRANCE_ENEMY;
  return st >> 4 !== 0 ? -(st >> 4) : enterTerrain(ps, h); // reading (I-45): the entrance hex's terrain, no road or river
}

/** I-13: a combat unit on the opponent's map edge may leave the map for 1 MP. */
export function hexToExit(ps: PathSearch, h: number): number {
  return ps.mover!.kind === MOVER_COMBAT && ps.map.grid.row_h[h] === ps.exitRow ? EXIT_COST : -R_EXIT;
}
