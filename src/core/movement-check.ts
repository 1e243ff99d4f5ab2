// Checking a proposed move (10): the engine validates every path a policy answers, step by step,
// with the same step functions the search uses, and names the rule a bad step breaks.
import { directionTo, hexLabel } from './hex.js';
import { BUSH, HILL, MARSH, MOUNTAIN, TERRAIN_NAMES } from './map.js';
import {
  FLAG_EZOC,
  FLAG_STOP,
  R_CLEARING_EZOC,
  R_ENEMY_BOX,
  R_ENEMY_COMBAT,
  R_ENEMY_PIECE,
  R_ENTRANCE_ENEMY,
  R_EXIT,
  R_EZOC_NO_LEADER,
  R_LEAVE_EZOC,
  R_NOT_ADJACENT,
  R_OUTSIDE,
  R_REACTION_TURN_BOX,
  R_RIVER,
  R_TERRAIN,
  R_TRUCE_EZOC,
  R_TRUCE_SETTLEMENT,
  R_TURN_BOX,
  hexStatus,
  pathSearchFor,
  prepareSearch,
  type PathSearch,
} from './movement-graph.js';
import { boxToBox, boxToHex, clearingToHex, hexToBox, hexToExit, hexToHex, toClearing } from './movement-steps.js';
import { MOVER_LEADER, SIXTHS, type Mover } from './movement-cost.js';
import type { GameState } from './state.js';

/** "2 1/2 MP" from sixths. */
export function mpText(sixths: number): string {
  const whole = Math.floor(sixths / SIXTHS),
    rest = sixths % SIXTHS;
  if (rest === 0) return `${whole} MP`;
  const g = rest % 3 === 0 ? 3 : rest % 2 === 0 ? 2 : 1;
  const frac = `${rest / g}/${SIXTHS / g}`;
  return whole === 0 ? `${frac} MP` : `${whole} ${frac} MP`;
}

/** A node for people: a hex label, a clearing hexside "XXYY/XXYY", a box id, or "off the map". */
export function nodeName(ps: PathSearch, n: number): string {
  const grid = ps.map.grid;
  if (n >= 0 && n < ps.size) return `hex ${hexLabel(grid, n)}`;
  if (n >= ps.size && n < ps.boxBase) {
    const s = n - ps.size,
      a = ps.sideHexA_s[s]!,
      b = ps.sideHexB_s[s]!;
    if (a < 0) return `hexside id ${s}`;
    return `hexside ${hexLabel(grid, a)}/${b >= 0 ? hexLabel(grid, b) : 'edge'}`;
  }
  if (n >= ps.boxBase && n < ps.exitNode) return `box ${ps.map.boxes[n - ps.boxBase]!.id}`;
  if (n === ps.exitNode) return 'off the map';
  return `node ${n} (not a node of this map)`;
}

/** Why the mover may not enter hex h by terrain: the TEC line it breaks (10.8, 10.9). */
function terrainReason(ps: PathSearch, state: GameState, mover: Mover, h: number): string {
  const t = state.trail_h[h] !== 0 ? 0 : ps.map.terrain_h[h]!;
  const name = TERRAIN_NAMES[t]!,
    at = `${hexLabel(ps.map.grid, h)} (${name})`;
  if (mover.mech && (t === BUSH || t === MARSH || t === MOUNTAIN))
    return `10.9, TEC: mech units may enter ${name} only along a road; ${at} is entered off the road`;
  if (mover.mech && t === HILL && state.rainy) return `10.8, TEC: mech units may not enter Hill in the rainy season off a road: ${at}`;
  if (t === MARSH && state.rainy) return `10.8, TEC: Marsh is prohibited in the rainy season off a road: ${at}`;
  if (mover.artillery && t === MARSH) return `10.9: artillery may not enter Marsh off a road: ${at}`;
  return `TEC: the mover may not enter ${at}${state.rainy ? ' in the rainy season' : ''}`;
}

function reasonText(ps: PathSearch, state: GameState, mover: Mover, reason: number, from: number, to: number): string {
  const where = nodeName(ps, to);
  switch (reason) {
    case R_ENEMY_COMBAT:
      return `10.2: ${where} holds an enemy combat unit`;
    case R_ENEMY_PIECE:
      return `10.3: non-combat pieces may not enter ${where}, which holds enemy pieces`;
    case R_TRUCE_SETTLEMENT:
      return `6.3 (I-7): during a truce no unit may enter the enemy-controlled settlement ${where}`;
    case R_TRUCE_EZOC:
      return `6.3 (I-7): during a truce no unit may enter ${where}, in an enemy ZOC, unless a friendly combat unit is already there`;
    case R_EZOC_NO_LEADER:
      return `7.3 (I-9): ${where} is in an enemy ZOC; entering it needs a friendly leader moving along or already there`;
    case R_CLEARING_EZOC:
      return `10.6 (I-11): the clearing ${where} may not be entered: a hex beside it is in an enemy ZOC`;
    case R_LEAVE_EZOC:
      return `7.3 (I-9): a unit leaving an enemy ZOC must first enter a hex with none; ${where} is in one`;
    case R_OUTSIDE:
      return `10.4: ${where} lies beyond the international border`;
    case R_TERRAIN:
      return terrainReason(ps, state, mover, to);
    case R_RIVER:
      return `10.5: in the rainy season the river between ${nodeName(ps, from)} and ${where} can be crossed only beside a friendly engineer or at the ferry`;
    case R_ENEMY_BOX:
      return `10.12: friendly units may not use the enemy's off-map boxes (${nodeName(ps, from)} / ${where})`;
    case R_TURN_BOX:
      return `10.12: a "1 turn" box is entered only from the entrance hex where the unit began its Movement Phase, ends the move, and is left only to a joined entrance hex (${nodeName(ps, from)} → ${where})`;
    case R_REACTION_TURN_BOX:
      return `10.10, 10.12: Reaction Movement may not enter or leave a "1 turn" box (${nodeName(ps, from)} → ${where})`;
    case R_ENTRANCE_ENEMY:
      return `10.12: units may not re-enter the map at ${where}: it holds an enemy unit`;
    case R_EXIT:
      return `I-13: only combat units may exit, from a hex on the opponent's map edge (row ${ps.exitRow}); ${nodeName(ps, from)} is not`;
    case R_NOT_ADJACENT:
      return `10.1: ${nodeName(ps, from)} and ${where} are not adjacent (no skipping hexes)`;
    default:
      return `step ${nodeName(ps, from)} → ${where}: illegal (reason ${reason})`;
  }
}

/** The cost of one step between any two nodes (10.1-10.12): >= 0 in sixths, or -reason. `first`: from is the start. */
export function stepBetween(ps: PathSearch, from: number, to: number, first: boolean): number {
  const { size, boxBase, exitNode } = ps,
    grid = ps.map.grid;
  if (to < 0 || to > exitNode) return -R_NOT_ADJACENT;
  if (from < size) {
    if (to < size) {
      const d = directionTo(grid, from, to);
      return d < 0 ? -R_NOT_ADJACENT : hexToHex(ps, from, d, to, first);
    }
    if (to < boxBase) {
      const s = to - size;
      if (ps.map.clearing_s[s] === 0 || (ps.sideHexA_s[s] !== from && ps.sideHexB_s[s] !== from)) return -R_NOT_ADJACENT;
      return toClearing(ps, s);
    }
    if (to < exitNode) {
      const b = to - boxBase;
      return ps.map.boxes[b]!.hexes.includes(from) ? hexToBox(ps, b, first) : -R_NOT_ADJACENT;
    }
    return hexToExit(ps, from);
  }
  if (from < boxBase) {
    const s = from - size;
    if (to < size) return ps.sideHexA_s[s] === to || ps.sideHexB_s[s] === to ? clearingToHex(ps, to) : -R_NOT_ADJACENT;
    if (to < boxBase) {
      const s2 = to - size;
      let corner = false;
      for (let k = 0; k < 4; k++) if (ps.cornerSides_s4[s * 4 + k] === s2) corner = true;
      return corner && ps.map.clearing_s[s2] !== 0 ? toClearing(ps, s2) : -R_NOT_ADJACENT;
    }
    return -R_NOT_ADJACENT;
  }
  if (from < exitNode) {
    const b = from - boxBase,
      box = ps.map.boxes[b]!;
    if (to < size) return box.hexes.includes(to) ? boxToHex(ps, b, to, first) : -R_NOT_ADJACENT;
    if (to >= boxBase && to < exitNode) return box.boxes.includes(to - boxBase) ? boxToBox(ps, b, to - boxBase) : -R_NOT_ADJACENT;
    return -R_NOT_ADJACENT;
  }
  return -R_NOT_ADJACENT;
}

/** Must the mover stop on entering node n (7.3 EZOC, 10.12 "1 turn" box, I-13 exit)? */
function stopsAt(ps: PathSearch, n: number): boolean {
  if (n < ps.size) return (hexStatus(ps, n) & FLAG_STOP) !== 0;
  if (n < ps.boxBase) return false;
  if (n < ps.exitNode) return ps.map.boxes[n - ps.boxBase]!.cost === 'turn';
  return true;
}

/**
 * 10, 7.3, 6.3, 10.10, 10.12, 11.4, I-7, I-9..I-13: is `path` (nodes, the start first; see movement.ts)
 * a legal move for `mover`? null when legal, else the reason naming the rule.
 */
export function checkMovePath(state: GameState, mover: Mover, path: readonly number[]): string | null {
  const r = walkPath(state, mover, path);
  return typeof r === 'string' ? r : null;
}

/** Total cost in sixths of a legal path (0 for a path of one node); -1 when checkMovePath rejects it. */
export function pathCost(state: GameState, mover: Mover, path: readonly number[]): number {
  const r = walkPath(state, mover, path);
  return typeof r === 'string' ? -1 : r;
}

/** checkMovePath's walk: the path's cost in sixths when legal, else the reason. */
function walkPath(state: GameState, mover: Mover, path: readonly number[]): string | number {
  if (path.length === 0) return "10.1: the path is empty; it must start with the moving pieces' location";
  const ps = pathSearchFor(state.map);
  prepareSearch(ps, state, mover);
  const start = path[0]!;
  if (!(start >= 0 && start < ps.size) && !(start >= ps.boxBase && start < ps.exitNode)) {
    return `10.1: a move starts in a hex or an off-map box, not at ${nodeName(ps, start)}`;
  }
  if (path.length === 1) return 0;
  ps.startEzoc = start < ps.size && (hexStatus(ps, start) & FLAG_EZOC) !== 0;
  if (mover.reaction) {
    if (mover.kind !== MOVER_LEADER && !mover.withLeader)
      return '10.10(2), I-12: Reaction Movement must move with a leader for the whole path';
    if (ps.startEzoc) return `7.3, 10.10(1): a unit in an enemy ZOC (${nodeName(ps, start)}) may not perform Reaction Movement`;
  }
  let spent = 0;
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1]!,
      to = path[i]!;
    if (i > 1 && stopsAt(ps, from))
      return `7.3, 10.12, I-13: the move must stop at ${nodeName(ps, from)}; it continues to ${nodeName(ps, to)}`;
    const k = stepBetween(ps, from, to, i === 1);
    if (k < 0) return reasonText(ps, state, mover, -k, from, to);
    spent += k;
    if (spent > ps.allowance) {
      return `10.4: entering ${nodeName(ps, to)} brings the move to ${mpText(spent)}; the mover has ${mpText(ps.allowance)}${mover.reaction ? ' (half its MF in Reaction Movement, 10.10)' : ''}`;
    }
  }
  const end = path[path.length - 1]!;
  if (end >= ps.size && end < ps.boxBase) {
    return `10.6 (I-11): a move may not end on a clearing hexside (${nodeName(ps, end)}); it must end in a hex`;
  }
  return spent;
}
