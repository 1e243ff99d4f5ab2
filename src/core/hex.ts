// The hex grid: XXYY labels <-> integer indices, neighbours (I-1), canonical hexside ids, distance.
//
// Hexes are flat-topped, in vertical columns; odd-numbered columns sit half a hex lower (I-1).
// A hex index is column-major: h = (col - firstColumn) * rows + (row - firstRow). Directions are
// numbered clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; the opposite of d is (d + 3) % 6.
// Hexside ids: a hex owns its N, NE and SE sides (id = padded(hex) * 3 + d); its S, SW and NW sides
// are owned by the neighbour across them. The padded grid has one extra ring of hexes so that the
// sides on the map edge get ids too.

export const N = 0,
  NE = 1,
  SE = 2,
  S = 3,
  SW = 4,
  NW = 5;
export const DIRECTIONS = 6;
export const NO_HEX = -1;

export interface Grid {
  readonly firstColumn: number;
  readonly lastColumn: number;
  readonly firstRow: number;
  readonly lastRow: number;
  readonly columns: number;
  readonly rows: number;
  /** Number of hexes. */
  readonly size: number;
  /** Number of hexside ids (some ids lie wholly outside the grid and are never used). */
  readonly sideCount: number;
  /** neighbour_hd[h * 6 + d]: the hex in direction d of h, or NO_HEX off the grid. */
  readonly neighbour_hd: Int32Array;
  /** side_hd[h * 6 + d]: the canonical id of the hexside of h facing direction d. */
  readonly side_hd: Int32Array;
  readonly column_h: Int16Array;
  readonly row_h: Int16Array;
}

/** The neighbour of (col, row) in direction d, as [col, row] (I-1). */
export function neighbourColRow(col: number, row: number, d: number): [number, number] {
  const odd = (col & 1) === 1;
  switch (d) {
    case N:
      return [col, row - 1];
    case S:
      return [col, row + 1];
    case NE:
      return [col + 1, odd ? row : row - 1];
    case SE:
      return [col + 1, odd ? row + 1 : row];
    case SW:
      return [col - 1, odd ? row + 1 : row];
    case NW:
      return [col - 1, odd ? row : row - 1];
    default:
      throw new RangeError(`direction ${d} is not 0..5`);
  }
}

export function createGrid(firstColumn: number, lastColumn: number, firstRow: number, lastRow: number): Grid {
  if (!(firstColumn <= lastColumn && firstRow <= lastRow && firstColumn >= 1 && firstRow >= 1 && lastColumn <= 99 && lastRow <= 99)) {
    throw new RangeError(`grid columns ${firstColumn}-${lastColumn}, rows ${firstRow}-${lastRow}: need 1 <= first <= last <= 99`);
  }
  const columns = lastColumn - firstColumn + 1;
  const rows = lastRow - firstRow + 1;
  const size = columns * rows;
  const paddedRows = rows + 2;
  const padded = (col: number, row: number) => (col - firstColumn + 1) * paddedRows + (row - firstRow + 1);
  const sideCount = (columns + 2) * paddedRows * 3;
  const neighbour_hd = new Int32Array(size * DIRECTIONS);
  const side_hd = new Int32Array(size * DIRECTIONS);
  const column_h = new Int16Array(size);
  const row_h = new Int16Array(size);
  for (let col = firstColumn; col <= lastColumn; col++) {
    for (let row = firstRow; row <= lastRow; row++) {
      const h = (col - firstColumn) * rows + (row - firstRow);
      column_h[h] = col;
      row_h[h] = row;
      for (let d = 0; d < DIRECTIONS; d++) {
        const [nc, nr] = neighbourColRow(col, row, d);
        const inside = nc >= firstColumn && nc <= lastColumn && nr >= firstRow && nr <= lastRow;
        neighbour_hd[h * DIRECTIONS + d] = inside ? (nc - firstColumn) * rows + (nr - firstRow) : NO_HEX;
        side_hd[h * DIRECTIONS + d] = d < 3 ? padded(col, row) * 3 + d : padded(nc, nr) * 3 + (d - 3);
      }
    }
  }
  return Object.freeze({
    firstColumn,
    lastColumn,
    firstRow,
    lastRow,
    columns,
    rows,
    size,
    sideCount,
    neighbour_hd,
    side_hd,
    column_h,
    row_h,
  });
}

/** The index of (col, row), or NO_HEX when it is off the grid. */
export function hexAt(grid: Grid, col: number, row: number): number {
  if (col < grid.firstColumn || col > grid.lastColumn || row < grid.firstRow || row > grid.lastRow) return NO_HEX;
  return (col - grid.firstColumn) * grid.rows + (row - grid.firstRow);
}

const LABEL = /^(\d{2})(\d{2})$/;

/** The index of a label "XXYY", or NO_HEX when it is malformed or off the grid. */
export function parseHex(grid: Grid, label: string): number {
  const m = LABEL.exec(label);
  if (!m) return NO_HEX;
  return hexAt(grid, Number(m[1]), Number(m[2]));
}

/** The label "XXYY" of a hex index. */
export function hexLabel(grid: Grid, h: number): string {
  const col = grid.column_h[h]!,
    row = grid.row_h[h]!;
  return `${col < 10 ? '0' : ''}${col}${row < 10 ? '0' : ''}${row}`;
}

export function neighbour(grid: Grid, h: number, d: number): number {
  return grid.neighbour_hd[h * DIRECTIONS + d]!;
}

/** The direction from a to b, or -1 when they are not adjacent. */
export function directionTo(grid: Grid, a: number, b: number): number {
  const base = a * DIRECTIONS;
  for (let d = 0; d < DIRECTIONS; d++) if (grid.neighbour_hd[base + d] === b) return d;
  return -1;
}

export function areAdjacent(grid: Grid, a: number, b: number): boolean {
  return directionTo(grid, a, b) >= 0;
}

/** The canonical id of the hexside of h facing d; the hex across it names the same id. */
export function sideOf(grid: Grid, h: number, d: number): number {
  return grid.side_hd[h * DIRECTIONS + d]!;
}

/** The id of the hexside between adjacent hexes a and b, or -1 when they are not adjacent. */
export function sideBetween(grid: Grid, a: number, b: number): number {
  const d = directionTo(grid, a, b);
  return d < 0 ? -1 : grid.side_hd[a * DIRECTIONS + d]!;
}

/** Hexes between a and b (0 for the same hex), by cube coordinates of the odd-q layout. */
export function distance(grid: Grid, a: number, b: number): number {
  const ac = grid.column_h[a]!,
    ar = grid.row_h[a]!,
    bc = grid.column_h[b]!,
    br = grid.row_h[b]!;
  const ax = ac,
    az = ar - ((ac - (ac & 1)) >> 1);
  const bx = bc,
    bz = br - ((bc - (bc & 1)) >> 1);
  const dx = ax - bx,
    dz = az - bz,
    dy = -dx - dz;
  return Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
}

/** Screen centre of a hex in units of one row: x = col * sqrt(3)/2, y = row (+1/2 in odd columns). */
export function hexCentre(grid: Grid, h: number): [number, number] {
  const col = grid.column_h[h]!,
    row = grid.row_h[h]!;
  return [col * 0.8660254037844386, row + ((col & 1) === 1 ? 0.5 : 0)];
}

/** The two corner points of the side of h facing d, in the units of hexCentre. */
export function sideCorners(grid: Grid, h: number, d: number): [[number, number], [number, number]] {
  const [x, y] = hexCentre(grid, h);
  const r = 1 / Math.sqrt(3);
  const corner = (i: number): [number, number] => {
    const a = (Math.PI / 3) * i;
    return [x + r * Math.cos(a), y + r * Math.sin(a)];
  };
  return [corner((4 + d) % 6), corner((5 + d) % 6)];
}
