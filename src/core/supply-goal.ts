// Goal-directed supply searches over the graph of supply-graph.ts, with its costs and blocking:
// - the LOC (8.6, I-15) by A* from the GHQ back to the nearest usable source, and the nodes of every
//   shortest LOC (8.8, I-16) read off the edges that are tight in that search;
// - "is there a path of any length" (8.13 isolation, I-20; 8.2 cut-off, I-19) by a best-first search
//   from the unit's hex toward its targets, remembering within one question which nodes are known to
//   connect or not.
// Both explore a strip toward the goal instead of a ball around it; the answers are the same as a
// plain Dijkstra's (A* with a consistent lower bound is exact; connection does not depend on order).
import { distance } from './hex.js';
import { UNREACHED, growRing, markOnce, type SupplyScratch } from './supply-graph.js';
import { push, resetQueue, stepsFrom, stepsInto } from './supply-search.js';

/** Starts a new visit: every node's visit_n stamp is now stale. */
export function newVisit(sc: SupplyScratch): number {
  sc.visitStamp = (sc.visitStamp + 1) >>> 0;
  if (sc.visitStamp === 0) {
    sc.visit_n.fill(0);
    sc.visitStamp = 1;
  }
  return sc.visitStamp;
}

/** Hex distance from h to the nearest of `goals`. */
function goalDistance(sc: SupplyScratch, h: number, goals: readonly number[]): number {
  const grid = sc.map.grid;
  let best = UNREACHED;
  for (let i = 0; i < goals.length; i++) best = Math.min(best, distance(grid, h, goals[i]!));
  return best;
}

/**
 * A lower bound, in the mode's costs, of a path between node n and the nearest goal: each step moves
 * at most one hex and costs at least minStep. A clearing node counts one step short of its farther hex
 * (consistent: neighbouring nodes' bounds differ by at most one step).
 */
function lowerBound(sc: SupplyScratch, n: number, goals: readonly number[], visit: number): number {
  if (sc.visit_n[n] === visit) return sc.bound_n[n]!;
  let hd: number;
  if (n < sc.size) hd = goalDistance(sc, n, goals);
  else {
    const k = n - sc.size;
    hd = Math.max(goalDistance(sc, sc.clearingHex_k[k * 2]!, goals), goalDistance(sc, sc.clearingHex_k[k * 2 + 1]!, goals)) - 1;
  }
  const b = sc.minStep * Math.max(0, hd);
  sc.visit_n[n] = visit;
  sc.bound_n[n] = b;
  return b;
}

/**
 * 8.6 (I-15): the cost of the cheapest path from any of `sources` (not counted) to `ghq` (counted),
 * or -1 when there is none. Leaves in sc.locTo_n, for every node on a shortest LOC, its cost to the
 * GHQ. The scratch must be in a fresh call for the side (beginCall; the sources get marked) and in MODE_LOC.
 */
export function shortestLoc(sc: SupplyScratch, ghq: number, sources: readonly number[]): number {
  const { size, entryNode, entryNext } = sc;
  const dist = sc.locTo_n;
  dist.fill(UNREACHED);
  const visit = newVisit(sc);
  const { mark_h, stamp } = sc;
  for (const h of sources) markOnce(sc, h);
  // A* keys rise by at most a step plus the bound's change along it: the ring must span that.
  growRing(sc, sc.maxStep + sc.minStep + 1);
  resetQueue(sc);
  const head = sc.head_b,
    mask = head.length - 1;
  let g = 0; // the cost to the GHQ of the node whose steps are being relaxed
  const relax = (m: number, c: number): boolean => {
    const d = g + c;
    if (d < dist[m]!) {
      dist[m] = d;
      push(sc, m, d + lowerBound(sc, m, sources, visit));
    }
    return false;
  };
  let cur = lowerBound(sc, ghq, sources, visit);
  dist[ghq] = 0;
  push(sc, ghq, cur);
  let found = -1;
  while (sc.count > 0) {
    if (found >= 0 && cur > found) break; // every node at the LOC's cost has been drained (8.8 needs all ties)
    const b = cur & mask;
    const e = head[b]!;
    if (e < 0) {
      cur++;
      continue;
    }
    head[b] = entryNext[e]!;
    sc.count--;
    const n = entryNode[e]!;
    if (dist[n]! + lowerBound(sc, n, sources, visit) !== cur) continue; // stale
    if (n < size && mark_h[n] === stamp) {
      if (found < 0) found = cur;
      continue; // no shortest LOC passes through another source (costs are positive)
    }
    g = dist[n]!;
    stepsInto(sc, n, relax);
  }
  return found;
}

/**
 * 8.8 (I-16): the hexes on some shortest LOC after shortestLoc found `length`: from each source at
 * that cost, follow the steps a -> b with cost(a) = step + cost(b) down to the GHQ. Ascending.
 */
export function shortestLocHexes(sc: SupplyScratch, sources: readonly number[], length: number): number[] {
  const dist = sc.locTo_n;
  const visit = newVisit(sc);
  const stack: number[] = [];
  const out: number[] = [];
  const reach = (n: number): void => {
    if (sc.visit_n[n] === visit) return;
    sc.visit_n[n] = visit;
    stack.push(n);
    if (n < sc.size) out.push(n);
  };
  let g = 0; // the cost to the GHQ of the node whose steps are being read
  const tight = (m: number, c: number): boolean => {
    if (dist[m]! < UNREACHED && dist[m]! + c === g) reach(m);
    return false;
  };
  for (const h of sources) if (dist[h] === length) reach(h);
  while (stack.length > 0) {
    const n = stack.pop()!;
    g = dist[n]!;
    if (g > 0) stepsFrom(sc, n, tight); // g = 0: the GHQ
  }
  return out.sort((a, b) => a - b);
}

/**
 * Starts one connection question (an isolation check of several units, or one cut-off check): the
 * verdicts remembered by connects() hold until the next question. The scratch must be in a call for
 * the side and in MODE_PATH, with the targets marked by markOnce.
 */
export function newQuestion(sc: SupplyScratch): void {
  sc.verdictStamp = (sc.verdictStamp + 1) >>> 0;
  if (sc.verdictStamp === 0) {
    sc.alive_n.fill(0);
    sc.dead_n.fill(0);
    sc.verdictStamp = 1;
  }
}

/**
 * 8.13 (I-20), 8.2 (I-19): is there a path of any length from hex `start` (not entered) into one of
 * `targets` (marked this call), every node entered being open to the mode? Best-first toward the
 * nearest target. A failed search marks all it saw as dead (they reach only what start reaches); a
 * successful one marks its path alive; later searches of the same question stop on either.
 */
export function connects(sc: SupplyScratch, start: number, targets: readonly number[]): boolean {
  const { size, clearingHex_k, entryNode, entryNext, mark_h, alive_n, dead_n, parent_n } = sc;
  const stamp = sc.stamp,
    verdict = sc.verdictStamp;
  if (mark_h[start] === stamp || alive_n[start] === verdict) return true;
  if (dead_n[start] === verdict || targets.length === 0) return false;
  const visit = newVisit(sc);
  const head = sc.goalHead;
  head.fill(-1);
  sc.top = 0;
  let low = 0,
    queued = 0,
    goal = -1;
  const key = (n: number): number => goalDistance(sc, n < size ? n : clearingHex_k[(n - size) * 2]!, targets);
  // Enters node m from `from`; true once a target or a node known to connect is entered.
  const enter = (m: number, from: number): boolean => {
    if (sc.visit_n[m] === visit || dead_n[m] === verdict) return false;
    sc.visit_n[m] = visit;
    parent_n[m] = from;
    if ((m < size && mark_h[m] === stamp) || alive_n[m] === verdict) {
      goal = m;
      return true;
    }
    const b = key(m);
    const e = sc.top++;
    entryNode[e] = m;
    entryNext[e] = head[b]!;
    head[b] = e;
    queued++;
    if (b < low) low = b;
    return false;
  };
  sc.visit_n[start] = visit;
  parent_n[start] = -1;
  entryNode[sc.top] = start;
  entryNext[sc.top] = -1;
  head[0] = sc.top++;
  queued = 1;
  let from = start;
  const step = (m: number): boolean => enter(m, from);
  while (queued > 0) {
    while (head[low]! < 0) low++;
    const e = head[low]!;
    head[low] = entryNext[e]!;
    queued--;
    from = entryNode[e]!;
    if (stepsFrom(sc, from, step)) break;
  }
  if (goal >= 0) {
    for (let n = parent_n[goal]!; n >= 0; n = parent_n[n]!) alive_n[n] = verdict;
    return true;
  }
  for (let e = 0; e < sc.top; e++) dead_n[entryNode[e]!] = verdict;
  return false;
}
