// The searches over supply's graph (supply-graph.ts: nodes, step costs, blocking, the scratch record):
// the steps out of and into a node, and Dial's bucket-queue Dijkstra (forward or reverse) that every
// supply question runs, bounded by a budget and optionally stopped once the wanted nodes are settled.
import { DIRECTIONS } from './hex.js';
import { PROHIBITED } from './tables.js';
import { BLOCKED, UNREACHED, enterClearing, enterHex, entryCost, sideStep, type SupplyScratch } from './supply-graph.js';

/**
 * Calls visit(m, c) for each step out of node n that the mode allows, c its cost: to the six hexes and
 * the clearings beside a hex, or to the two hexes and the clearings touching a clearing. Stops, and
 * returns true, as soon as visit returns true. For the searches off the hot path (runSearch inlines it).
 */
export function stepsFrom(sc: SupplyScratch, n: number, visit: (m: number, c: number) => boolean): boolean {
  const { size, feature_s, clearing_s, clearingHex_k, clearingAdj_k } = sc;
  const { neighbour_hd, side_hd } = sc.map.grid;
  if (n < size && sc.plain_h[n] === 1) {
    // 8.6, 8.7: no road (10.7), river (10.5) or clearing (10.6) beside n: each step costs the terrain of the hex entered.
    const base = n * DIRECTIONS;
    for (let d = 0; d < DIRECTIONS; d++) {
      const m = neighbour_hd[base + d]!;
      if (m < 0) continue;
      const c = entryCost(sc, m);
      if (c >= 0 && visit(m, c)) return true;
    }
    return false;
  }
  if (n < size) {
    const base = n * DIRECTIONS;
    for (let d = 0; d < DIRECTIONS; d++) {
      const s = side_hd[base + d]!;
      const m = neighbour_hd[base + d]!;
      if (m >= 0) {
        let c = entryCost(sc, m);
        if (c !== BLOCKED) {
          const f = feature_s[s]!;
          if (f !== 0) c = sideStep(sc, n, m, s, c, f);
          if (c >= 0 && visit(m, c)) return true;
        }
      }
      const k = clearing_s[s]!;
      if (k >= 0) {
        const c = enterClearing(sc, k);
        if (c !== PROHIBITED && visit(size + k, c)) return true;
      }
    }
    return false;
  }
  const k = n - size;
  for (let j = 0; j < 2; j++) {
    const h = clearingHex_k[k * 2 + j]!;
    const c = enterHex(sc, n, h, -1);
    if (c !== PROHIBITED && visit(h, c)) return true;
  }
  for (let j = 0; j < 4; j++) {
    const k2 = clearingAdj_k[k * 4 + j]!;
    if (k2 < 0) break;
    const c = enterClearing(sc, k2);
    if (c !== PROHIBITED && visit(size + k2, c)) return true;
  }
  return false;
}

/** As stepsFrom, the other way: visit(m, c) for each allowed step from m into node n, c its cost (reverse searches). */
export function stepsInto(sc: SupplyScratch, n: number, visit: (m: number, c: number) => boolean): boolean {
  const { size, feature_s, clearing_s, clearingHex_k, clearingAdj_k } = sc;
  const { neighbour_hd, side_hd } = sc.map.grid;
  if (n < size) {
    // Every step enters n: its terrain cost is the same for all six (a road or river hexside changes it).
    const costN = entryCost(sc, n);
    if (costN === BLOCKED) return false;
    const base = n * DIRECTIONS;
    if (sc.plain_h[n] === 1) {
      // 8.6, 8.7: no road (10.7), river (10.5) or clearing (10.6) beside n: every step into it costs its terrain.
      if (costN < 0) return false;
      for (let d = 0; d < DIRECTIONS; d++) {
        const m = neighbour_hd[base + d]!;
        if (m >= 0 && visit(m, costN)) return true;
      }
      return false;
    }
    for (let d = 0; d < DIRECTIONS; d++) {
      const s = side_hd[base + d]!;
      const m = neighbour_hd[base + d]!;
      if (m >= 0) {
        const f = feature_s[s]!;
        const c = f !== 0 ? sideStep(sc, m, n, s, costN, f) : costN;
        if (c >= 0 && visit(m, c)) return true;
      }
      const k = clearing_s[s]!;
      if (k >= 0) {
        const c = enterHex(sc, size + k, n, -1);
        if (c !== PROHIBITED && visit(size + k, c)) return true;
      }
    }
    return false;
  }
  const k = n - size;
  const c = enterClearing(sc, k);
  if (c === PROHIBITED) return false;
  for (let j = 0; j < 2; j++) if (visit(clearingHex_k[k * 2 + j]!, c)) return true;
  for (let j = 0; j < 4; j++) {
    const k2 = clearingAdj_k[k * 4 + j]!;
    if (k2 < 0) break;
    if (visit(size + k2, c)) return true;
  }
  return false;
}

/** Empties the queue and sets every distance of `dist` to UNREACHED. */
export function resetSearch(sc: SupplyScratch, dist: Int32Array): void {
  dist.fill(UNREACHED);
  resetQueue(sc);
}

/** Empties the queue only (keeps distances: incremental multi-round searches, 8.9). */
export function resetQueue(sc: SupplyScratch): void {
  sc.head_b.fill(-1);
  sc.top = 0;
  sc.count = 0;
}

/** Adds a seed at distance 0 (the providing hex is not counted, 8.7); no-op when already at 0. */
export function seed(sc: SupplyScratch, dist: Int32Array, node: number): void {
  if (dist[node] === 0) return;
  dist[node] = 0;
  push(sc, node, 0);
}

/** Queues node under key d (its bucket is d modulo the ring's length, a power of two). */
export function push(sc: SupplyScratch, node: number, d: number): void {
  const b = d & (sc.head_b.length - 1);
  const e = sc.top++;
  sc.entryNode[e] = node;
  sc.entryNext[e] = sc.head_b[b]!;
  sc.head_b[b] = e;
  sc.count++;
}

/**
 * Runs Dijkstra from the seeds, up to `budget`. Forward: dist = cost from the nearest seed to the node
 * (seed not counted, node counted). Reverse: dist = cost from the node to the nearest seed (node not
 * counted, seed counted). With `until` (a mark per node) it stops once `left` marked nodes are settled.
 * Returns the cost up to which every distance is final: `budget` when the search ran out, less when it stopped early.
 */
export function runSearch(sc: SupplyScratch, dist: Int32Array, reverse: boolean, budget: number, until?: Uint8Array, left = 0): number {
  // Hot loop: typed arrays in locals, the queue's top and count too (written back around the calls that
  // queue: relax, and the return); the common hex-to-hex step (no road, no river) is inlined.
  const { size, feature_s, clearing_s, clearingHex_k, clearingAdj_k, plain_h, cost_h, costStamp_h, entryNode, entryNext } = sc;
  const { neighbour_hd, side_hd } = sc.map.grid;
  const costStamp = sc.costStamp;
  const head = sc.head_b,
    mask = head.length - 1;
  let cur = 0,
    top = sc.top,
    count = sc.count;
  while (count > 0) {
    const b = cur & mask;
    const e = head[b]!;
    if (e < 0) {
      cur++;
      continue;
    }
    head[b] = entryNext[e]!;
    count--;
    const n = entryNode[e]!;
    if (dist[n] !== cur) continue; // stale: reached more cheaply since it was queued
    if (until !== undefined && until[n] === 1 && --left === 0) {
      sc.top = top;
      sc.count = count;
      return cur;
    } // every wanted node is settled
    if (n < size && plain_h[n] === 1) {
      // 8.6, 8.7: no road (10.7), river (10.5) or clearing (10.6) on any hexside of n: each step costs the terrain of the hex entered.
      const base = n * DIRECTIONS;
      const costN = reverse ? (costStamp_h[n] === costStamp ? cost_h[n]! : entryCost(sc, n)) : 0;
      if (costN < 0) continue;
      for (let d = 0; d < DIRECTIONS; d++) {
        const m = neighbour_hd[base + d]!;
        if (m < 0) continue;
        const c = reverse ? costN : costStamp_h[m] === costStamp ? cost_h[m]! : entryCost(sc, m);
        if (c < 0) continue;
        const nd = cur + c;
        if (nd <= budget && nd < dist[m]!) {
          dist[m] = nd;
          const bm = nd & mask,
            t = top++;
          entryNode[t] = m;
          entryNext[t] = head[bm]!;
          head[bm] = t;
          count++;
        }
      }
    } else if (n < size) {
      const base = n * DIRECTIONS;
      // Reverse: every step enters n, so its terrain cost is the same for all six.
      const costN = reverse ? (costStamp_h[n] === costStamp ? cost_h[n]! : entryCost(sc, n)) : 0;
      for (let d = 0; d < DIRECTIONS; d++) {
        const s = side_hd[base + d]!;
        const m = neighbour_hd[base + d]!;
        if (m >= 0) {
          let c = reverse ? costN : costStamp_h[m] === costStamp ? cost_h[m]! : entryCost(sc, m);
          if (c !== BLOCKED) {
            const f = feature_s[s]!;
            if (f !== 0) c = reverse ? sideStep(sc, m, n, s, c, f) : sideStep(sc, n, m, s, c, f);
            if (c >= 0) {
              const nd = cur + c;
              if (nd <= budget && nd < dist[m]!) {
                dist[m] = nd;
                const bm = nd & mask,
                  t = top++;
                entryNode[t] = m;
                entryNext[t] = head[bm]!;
                head[bm] = t;
                count++;
              }
            }
          }
        }
        const k = clearing_s[s]!;
        if (k >= 0) {
          const c = reverse ? enterHex(sc, size + k, n, -1) : enterClearing(sc, k);
          if (c !== PROHIBITED) {
            sc.top = top;
            sc.count = count;
            relax(sc, dist, size + k, cur + c, budget);
            top = sc.top;
            count = sc.count;
          }
        }
      }
    } else {
      sc.top = top;
      sc.count = count;
      const k = n - size;
      for (let j = 0; j < 2; j++) {
        const h = clearingHex_k[k * 2 + j]!;
        const c = reverse ? enterClearing(sc, k) : enterHex(sc, n, h, -1);
        if (c !== PROHIBITED) relax(sc, dist, h, cur + c, budget);
      }
      for (let j = 0; j < 4; j++) {
        const k2 = clearingAdj_k[k * 4 + j]!;
        if (k2 < 0) break;
        const c = enterClearing(sc, reverse ? k : k2);
        if (c !== PROHIBITED) relax(sc, dist, size + k2, cur + c, budget);
      }
      top = sc.top;
      count = sc.count;
    }
  }
  sc.top = top;
  sc.count = count;
  return budget;
}

function relax(sc: SupplyScratch, dist: Int32Array, to: number, d: number, budget: number): void {
  if (d > budget || d >= dist[to]!) return;
  dist[to] = d;
  push(sc, to, d);
}
