import { describe, expect, test } from 'vitest';
import {
  createGrid,
  parseHex,
  hexLabel,
  neighbour,
  areAdjacent,
  sideBetween,
  sideOf,
  distance,
  directionTo,
  N,
  NE,
  SE,
  S,
  SW,
  NW,
  NO_HEX,
  DIRECTIONS,
} from '../../src/core/hex.js';

const grid = createGrid(10, 48, 1, 53);
const h = (label: string) => {
  const i = parseHex(grid, label);
  if (i === NO_HEX) throw new Error(`bad hex ${label}`);
  return i;
};
const neighbourLabels = (label: string) =>
  Array.from({ length: DIRECTIONS }, (_, d) => neighbour(grid, h(label), d))
    .filter((n) => n !== NO_HEX)
    .map((n) => hexLabel(grid, n))
    .sort();

describe('I-1 hex numbering and adjacency', () => {
  test('labels round-trip through indices for every hex of the grid', () => {
    for (let i = 0; i < grid.size; i++) expect(parseHex(grid, hexLabel(grid, i))).toBe(i);
  });

  test('malformed or off-grid labels have no index', () => {
    expect(parseHex(grid, '0901')).toBe(NO_HEX);
    expect(parseHex(grid, '4954')).toBe(NO_HEX);
    expect(parseHex(grid, '2807x')).toBe(NO_HEX);
    expect(parseHex(grid, '280')).toBe(NO_HEX);
  });

  test('an even column touches rows r-1 and r of the next columns (Gondra 2043 and 2142, 17.3 "and/or")', () => {
    expect(neighbourLabels('2043')).toEqual(['1942', '1943', '2042', '2044', '2142', '2143']);
    expect(areAdjacent(grid, h('2043'), h('2142'))).toBe(true);
  });

  test('1825, 1924 and 1725 touch each other pairwise through 1825 (17.4 "and/or")', () => {
    expect(areAdjacent(grid, h('1825'), h('1924'))).toBe(true);
    expect(areAdjacent(grid, h('1825'), h('1725'))).toBe(true);
  });

  test('the ferry hexside 2807/2707 joins Villa Montes and San Antonio (10.5)', () => {
    expect(directionTo(grid, h('2807'), h('2707'))).toBe(SW);
    expect(directionTo(grid, h('2707'), h('2807'))).toBe(NE);
  });

  test('an odd column touches rows r and r+1 of the next columns', () => {
    expect(neighbourLabels('2141')).toEqual(['2041', '2042', '2140', '2142', '2241', '2242']);
  });

  test('Alihuatá 2141 and Arce 2241 are adjacent, Arce and Gondra 2043 are not', () => {
    expect(areAdjacent(grid, h('2141'), h('2241'))).toBe(true);
    expect(areAdjacent(grid, h('2241'), h('2043'))).toBe(false);
  });

  test('corner hexes keep only their neighbours on the grid', () => {
    expect(neighbourLabels('1001')).toEqual(['1002', '1101']);
    expect(neighbourLabels('4853')).toEqual(['4752', '4753', '4852']);
  });

  test('adjacency is symmetric and the opposite direction leads back', () => {
    for (let i = 0; i < grid.size; i++) {
      for (let d = 0; d < DIRECTIONS; d++) {
        const n = neighbour(grid, i, d);
        if (n === NO_HEX) continue;
        expect(neighbour(grid, n, (d + 3) % 6)).toBe(i);
      }
    }
  });
});

describe('hexsides', () => {
  test('the two hexes of a hexside name it with one canonical id', () => {
    const a = h('2807'),
      b = h('2707');
    expect(sideBetween(grid, a, b)).toBe(sideBetween(grid, b, a));
    expect(sideBetween(grid, a, b)).toBe(sideOf(grid, a, SW));
    expect(sideBetween(grid, a, b)).toBe(sideOf(grid, b, NE));
  });

  test('the six sides of a hex are six different ids', () => {
    const ids = new Set(Array.from({ length: 6 }, (_, d) => sideOf(grid, h('2440'), d)));
    expect(ids.size).toBe(6);
  });

  test('every hexside id is shared by exactly the two hexes it separates', () => {
    const owners = new Map<number, number>();
    for (let i = 0; i < grid.size; i++) {
      for (let d = 0; d < DIRECTIONS; d++) {
        const id = sideOf(grid, i, d);
        expect(id).toBeGreaterThanOrEqual(0);
        expect(id).toBeLessThan(grid.sideCount);
        owners.set(id, (owners.get(id) ?? 0) + 1);
      }
    }
    for (let i = 0; i < grid.size; i++) {
      for (let d = 0; d < DIRECTIONS; d++) {
        const expected = neighbour(grid, i, d) === NO_HEX ? 1 : 2;
        expect(owners.get(sideOf(grid, i, d))).toBe(expected);
      }
    }
  });

  test('hexes that are not adjacent have no hexside between them', () => {
    expect(sideBetween(grid, h('2807'), h('2810'))).toBe(-1);
  });

  test('the north side of a hex is the south side of the hex above it', () => {
    expect(sideOf(grid, h('3010'), N)).toBe(sideOf(grid, h('3009'), S));
    expect(sideOf(grid, h('3110'), NW)).toBe(sideOf(grid, h('3010'), SE));
  });
});

describe('distance', () => {
  test('returns 0 for a hex and itself and 1 for each neighbour', () => {
    expect(distance(grid, h('2440'), h('2440'))).toBe(0);
    for (let d = 0; d < DIRECTIONS; d++) expect(distance(grid, h('2440'), neighbour(grid, h('2440'), d))).toBe(1);
  });

  test('counts straight lines down a column and across columns', () => {
    expect(distance(grid, h('2807'), h('2810'))).toBe(3);
    expect(distance(grid, h('2807'), h('3107'))).toBe(3); // zig-zag NE/SE across 3 columns
    expect(distance(grid, h('1741'), h('2741'))).toBe(10);
  });

  test('equals the breadth-first step count between any two hexes', () => {
    const from = h('2440');
    const dist = new Int32Array(grid.size).fill(-1);
    dist[from] = 0;
    const queue = [from];
    for (let qi = 0; qi < queue.length; qi++) {
      const x = queue[qi]!;
      for (let d = 0; d < DIRECTIONS; d++) {
        const n = neighbour(grid, x, d);
        if (n !== NO_HEX && dist[n] === -1) {
          dist[n] = dist[x]! + 1;
          queue.push(n);
        }
      }
    }
    for (let i = 0; i < grid.size; i++) expect(distance(grid, from, i)).toBe(dist[i]);
  });

  test('directions are numbered clockwise from north', () => {
    const c = h('2440');
    expect(hexLabel(grid, neighbour(grid, c, N))).toBe('2439');
    expect(hexLabel(grid, neighbour(grid, c, NE))).toBe('2539');
    expect(hexLabel(grid, neighbour(grid, c, SE))).toBe('2540');
    expect(hexLabel(grid, neighbour(grid, c, S))).toBe('2441');
    expect(hexLabel(grid, neighbour(grid, c, SW))).toBe('2340');
    expect(hexLabel(grid, neighbour(grid, c, NW))).toBe('2339');
  });
});
