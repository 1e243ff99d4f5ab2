// Movement (10, with 7.3, 6.3, 11.4, 14.5): the cost of each step and the hexes a mover can reach.
//
// The search runs over nodes: hexes (node = hex index), clearing hexsides (10.6, I-11), off-map
// boxes (10.12) and one pseudo-node for leaving the map (I-13). Node ids depend on the map alone:
//   hex h → h;  clearing hexside s → size + s;  box b → size + sideCount + b;  exit → after the boxes.
// A path of hexes is therefore a path of nodes, as MoveOrder.path expects.
//
// reachable() is a bucket-queue Dijkstra (costs are small integers in sixths of an MP, I-10): a
// cheaper cost pushes the node again and leaves its old entry stale, skipped when popped. All
// scratch lives in a PathSearch built once per map. EZOCs and friendly engineers are marked once
// per position (state.version); a hex's status (enemy pieces, EZOC, truce) is computed lazily once
// per search under a generation stamp, so a search touches only the nodes it reaches and nothing
// is cleared or allocated per call.
//
// Readings (docs/rulings.md; each marked "reading (I-n):" where it is applied, in movement-graph.ts or
// movement-steps.ts):
// - I-43: along a road (10.7) the hex's own terrain is ignored entirely, prohibitions included: 10.9
//   opens with "Except when on roads" for mech AND artillery, and the rainy-season Marsh ban
//   (10.8) is a terrain effect the road ignores as well (an LOC may use such a road too, 8.6).
// - I-44: a stack that holds a combat unit moves as a combat unit: the combat unit displaces the enemy
//   non-combat pieces (10.3) before the leaders moving with it arrive.
// - I-45: re-entering from a box pays the entrance hex's terrain (no road, no river); a unit starting in
//   a "1 turn" box pays for its first entrance hex the same way.
// - I-45: entering a "1 turn" box costs the whole allowance (it ends the move, 10.12).
// - I-9: 7.3's first-hex rule (leaving an EZOC) applies to leaders as well: the rule says "a unit".
import { DIRECTIONS, NO_HEX, directionTo } from './hex.js';
import { EXIT_COST, MOVER_COMBAT, MOVER_LEADER, effectiveAllowance, type Mover } from './movement-cost.js';
import {
  FLAG_EZOC,
  FLAG_NO_END,
  FLAG_STOP,
  SPECIAL_BOX,
  SPECIAL_CLEARING,
  SPECIAL_ROAD,
  SPECIAL_STEPS,
  STEP_MIN,
  STEP_MIN_OFF_ROAD,
  UNREACHED,
  hexStatus,
  hexStepTerrain,
  locationNode,
  pathSearchFor,
  prepareSearch,
  type PathSearch,
} from './movement-graph.js';
import { boxToBox, boxToHex, clearingToHex, hexToBox, toClearing } from './movement-steps.js';
import type { GameState } from './state.js';
import { PROHIBITED } from './tables.js';

export * from './movement-cost.js';
export * from './movement-graph.js';
export * from './movement-steps.js';
export { checkMovePath, mpText, nodeName, pathCost, stepBetween } from './movement-check.js';

/** Reusable output of reachable(): per node cost in sixths (UNREACHED = -1), parent node, FLAG_* bits. */
export interface Reach {
  readonly cost_n: Int32Array;
  readonly parent_n: Int32Array;
  readonly flags_n: Uint8Array;
  /** Every node with a cost, in the order first reached: touched_n[0 .. count). */
  readonly touched_n: Int32Array;
  count: number;
  start: number;
  /** The allowance the search used (halved for reaction). */
  allowance: number;
}

export function createReach(ps: PathSearch): Reach {
  return {
    cost_n: new Int32Array(ps.nodeCount).fill(UNREACHED),
    parent_n: new Int32Array(ps.nodeCount).fill(-1),
    flags_n: new Uint8Array(ps.nodeCount),
    touched_n: new Int32Array(ps.nodeCount),
    count: 0,
    start: -1,
    allowance: 0,
  };
}

function relax(ps: PathSearch, out: Reach, from: number, to: number, cost: number, flags: number): void {
  if (cost > ps.allowance) return;
  const old = out.cost_n[to]!;
  if (old === UNREACHED) {
    out.touched_n[out.count++] = to;
    out.flags_n[to] = flags;
  } else if (cost >= old) return;
  out.cost_n[to] = cost;
  out.parent_n[to] = from;
  push(ps, to, cost);
}

function push(ps: PathSearch, n: number, cost: number): void {
  const e = ps.entryCount++;
  ps.entryNode_e[e] = n;
  ps.entryNext_e[e] = ps.head_c[cost]!;
  ps.head_c[cost] = e;
}

/**
 * 10, 7.3, 6.3, 10.10, 10.12, 11.4, I-7, I-9..I-13: every node the mover can reach from location
 * `start` (a hex or boxLocation(b)) within its allowance, written into `out` (reused; no allocation).
 */
export function reachable(ps: PathSearch, state: GameState, mover: Mover, start: number, out: Reach): Reach {
  for (let i = 0; i < out.count; i++) {
    const n = out.touched_n[i]!;
    out.cost_n[n] = UNREACHED;
    out.parent_n[n] = -1;
    out.flags_n[n] = 0;
  }
  out.count = 0;
  const startNode = locationNode(ps, start);
  if (startNode < 0) throw new RangeError(`reachable: location ${start} is neither a hex nor an off-map box`);
  out.start = startNode;
  out.allowance = effectiveAllowance(mover);
  out.cost_n[startNode] = 0;
  out.touched_n[out.count++] = startNode;
  if (mover.reaction && mover.kind !== MOVER_LEADER && !mover.withLeader) return out; // 10.10(2)
  prepareSearch(ps, state, mover);
  const allowance = ps.allowance;
  const startHex = startNode < ps.size;
  ps.startEzoc = startHex && (hexStatus(ps, startNode) & FLAG_EZOC) !== 0;
  if (mover.reaction && ps.startEzoc) return out; // 7.3, 10.10(1)
  if (ps.head_c.length <= allowance) ps.head_c = new Int32Array(allowance + 1);
  ps.head_c.fill(-1, 0, allowance + 1); // empty after every complete search; cheap insurance after a throw
  const head_c = ps.head_c,
    entryNode_e = ps.entryNode_e,
    entryNext_e = ps.entryNext_e,
    cost_n = out.cost_n,
    flags_n = out.flags_n;
  const map = ps.map,
    { neighbour_hd, side_hd } = map.grid,
    clearing_s = map.clearing_s,
    special_h = ps.special_h;
  const size = ps.size,
    boxBase = ps.boxBase,
    exitNode = ps.exitNode,
    status_n = ps.status_n;
  const statusStamp_n = ps.statusStamp_n,
    gen = ps.gen,
    startEzoc = ps.startEzoc;
  const minStep = ps.step_c[STEP_MIN]!,
    minStepOffRoad = ps.step_c[STEP_MIN_OFF_ROAD]!;
  const combat = mover.kind === MOVER_COMBAT;
  ps.entryCount = 0;
  push(ps, startNode, 0);
  for (let c = 0; c <= allowance; c++) {
    while (head_c[c] !== -1) {
      const e = head_c[c]!;
      head_c[c] = entryNext_e[e]!;
      const n = entryNode_e[e]!;
      if (cost_n[n] !== c) continue; // stale: n was reached cheaper since
      const first = n === startNode;
      if (!first && (flags_n[n]! & FLAG_STOP) !== 0) continue;
      if (n < size) {
        const base = n * DIRECTIONS,
          special = special_h[n]!;
        // Try the neighbours only if the cheapest step from n (a river only adds to it) fits the allowance.
        if (c + ((special & SPECIAL_ROAD) !== 0 ? minStep : minStepOffRoad) <= allowance) {
          for (let d = 0; d < DIRECTIONS; d++) {
            const m = neighbour_hd[base + d]!;
            if (m === NO_HEX) continue;
            // hexToHex's checks, the cheap ones first: a step that is prohibited, too dear or no
            // improvement is dropped before the hex's status is looked at.
            const old = cost_n[m]!;
            if (old !== UNREACHED && old <= c) continue;
            const k = hexStepTerrain(ps, n, d, m);
            if (k < 0) continue;
            const cost = c + k;
            if (cost > allowance || (old !== UNREACHED && cost >= old)) continue;
            const st = statusStamp_n[m] === gen ? status_n[m]! : hexStatus(ps, m);
            if (st >> 4 !== 0 || (first && startEzoc && (st & FLAG_EZOC) !== 0)) continue; // 10.2, 10.3, 6.3, 7.3
            relax(ps, out, n, m, cost, st & 15);
          }
        }
        if ((special & SPECIAL_STEPS) === 0) continue;
        if ((special & SPECIAL_CLEARING) !== 0) {
          const clearingDirs = ps.clearingDirs_h[n]!;
          for (let d = 0; d < DIRECTIONS; d++) {
            if ((clearingDirs & (1 << d)) === 0) continue;
            const s = side_hd[base + d]!;
            const k = toClearing(ps, s);
            if (k >= 0) relax(ps, out, n, size + s, c + k, FLAG_NO_END);
          }
        }
        if ((special & SPECIAL_BOX) !== 0) {
          for (let i = ps.boxStart_h[n]!, e = ps.boxStart_h[n + 1]!; i < e; i++) {
            const b = ps.boxList[i]!;
            const k = hexToBox(ps, b, first);
            if (k >= 0) relax(ps, out, n, boxBase + b, c + k, map.boxes[b]!.cost === 'turn' ? FLAG_STOP : 0);
          }
        }
        if (combat && (special & ps.exitSpecial) !== 0) relax(ps, out, n, exitNode, c + EXIT_COST, FLAG_STOP); // I-13
      } else if (n < boxBase) {
        const s = n - size;
        for (let i = 0; i < 2; i++) {
          const h = i === 0 ? ps.sideHexA_s[s]! : ps.sideHexB_s[s]!;
          if (h < 0) continue;
          const k = clearingToHex(ps, h);
          if (k >= 0) relax(ps, out, n, h, c + k, status_n[h]! & 15);
        }
        for (let i = 0; i < 4; i++) {
          const s2 = ps.cornerSides_s4[s * 4 + i]!;
          if (s2 < 0 || clearing_s[s2] === 0) continue;
          const k = toClearing(ps, s2);
          if (k >= 0) relax(ps, out, n, size + s2, c + k, FLAG_NO_END);
        }
      } else if (n < exitNode) {
        const b = n - boxBase,
          box = map.boxes[b]!;
        for (let i = 0; i < box.hexes.length; i++) {
          const h = box.hexes[i]!;
          const k = boxToHex(ps, b, h, first);
          if (k >= 0) relax(ps, out, n, h, c + k, status_n[h]! & 15);
        }
        for (let i = 0; i < box.boxes.length; i++) {
          const b2 = box.boxes[i]!;
          const k = boxToBox(ps, b, b2);
          if (k >= 0) relax(ps, out, n, boxBase + b2, c + k, 0);
        }
      }
    }
  }
  return out;
}

/** May the mover end its move at node n? Reached, and not a clearing hexside (10.6). */
export function canEndAt(reach: Reach, n: number): boolean {
  return reach.cost_n[n]! >= 0 && (reach.flags_n[n]! & FLAG_NO_END) === 0;
}

/** The path from the search's start to node n (start first), written into `out`; empty when n was not reached. */
export function pathTo(reach: Reach, n: number, out: number[] = []): number[] {
  out.length = 0;
  if (n < 0 || n >= reach.cost_n.length || reach.cost_n[n]! < 0) return out;
  for (let m = n; m !== -1; m = m === reach.start ? -1 : reach.parent_n[m]!) out.push(m);
  return out.reverse();
}

/** TEC, 10.4-10.9, 14.5, I-10: the cost in sixths of one step from hex a to adjacent hex b, or PROHIBITED. Terrain, road and river only. */
export function stepCost(state: GameState, mover: Mover, a: number, b: number): number {
  const ps = pathSearchFor(state.map);
  const d = directionTo(state.map.grid, a, b);
  if (d < 0) throw new RangeError(`stepCost: hexes ${a} and ${b} are not adjacent`);
  prepareSearch(ps, state, mover);
  const k = hexStepTerrain(ps, a, d, b);
  return k < 0 ? PROHIBITED : k;
}
