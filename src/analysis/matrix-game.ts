// The value and optimal mixed strategies of a two-player zero-sum matrix game, by linear programming
// (javascript-lp-solver). Rows are Paraguay's policies and maximise; columns are Bolivia's and
// minimise; an entry is Paraguay's win probability when that row meets that column.
import lpSolver from 'javascript-lp-solver';

// The package's types are read as CommonJS under NodeNext; at run time its ES module's default is the solver.
const solver = lpSolver as unknown as { Solve(model: object, precision?: number): unknown };
const PRECISION = 1e-12;

export interface MatrixGameSolution {
  /** Paraguay's win probability when both sides mix optimally. */
  readonly value: number;
  /** Paraguay's optimal mix over the rows, and Bolivia's over the columns (each sums to 1). */
  readonly row: readonly number[];
  readonly col: readonly number[];
}

/** Tiny solver noise to zero, then scaled to sum to 1. */
function clean(mix: number[]): number[] {
  const cut = mix.map((p) => (p > 1e-9 ? p : 0));
  const total = cut.reduce((a, b) => a + b, 0);
  return cut.map((p) => p / total);
}

function num(result: Record<string, unknown>, key: string): number {
  const v = result[key];
  return typeof v === 'number' ? v : 0;
}

/**
 * Solves max_x min_y xᵀAy. With every entry shifted to at least 1 (B = A + c), Paraguay's mix is
 * u / Σu for the u ≥ 0 that minimises Σu subject to (Bᵀu)_j ≥ 1 for every column; Bolivia's is
 * w / Σw for the w ≥ 0 that maximises Σw subject to (Bw)_i ≤ 1 for every row; the value is 1/Σu − c.
 */
export function solveMatrixGame(a: readonly (readonly number[])[]): MatrixGameSolution {
  const rows = a.length,
    cols = a[0]?.length ?? 0;
  if (rows === 0 || cols === 0 || a.some((r) => r.length !== cols || r.some((v) => !Number.isFinite(v)))) {
    throw new Error('solveMatrixGame: give a non-empty rectangular matrix of finite numbers');
  }
  const shift = 1 - Math.min(...a.map((r) => Math.min(...r)));
  const b = a.map((r) => r.map((v) => v + shift));

  const rowVars: Record<string, Record<string, number>> = {};
  for (let i = 0; i < rows; i++) {
    const v: Record<string, number> = { total: 1 };
    for (let j = 0; j < cols; j++) v[`c${j}`] = b[i]![j]!;
    rowVars[`u${i}`] = v;
  }
  const rowConstraints = Object.fromEntries(Array.from({ length: cols }, (_, j) => [`c${j}`, { min: 1 }]));
  const primal = solver.Solve({ optimize: 'total', opType: 'min', constraints: rowConstraints, variables: rowVars }, PRECISION) as Record<
    string,
    unknown
  >;

  const colVars: Record<string, Record<string, number>> = {};
  for (let j = 0; j < cols; j++) {
    const v: Record<string, number> = { total: 1 };
    for (let i = 0; i < rows; i++) v[`r${i}`] = b[i]![j]!;
    colVars[`w${j}`] = v;
  }
  const colConstraints = Object.fromEntries(Array.from({ length: rows }, (_, i) => [`r${i}`, { max: 1 }]));
  const dual = solver.Solve({ optimize: 'total', opType: 'max', constraints: colConstraints, variables: colVars }, PRECISION) as Record<
    string,
    unknown
  >;
  if (primal.feasible !== true || dual.feasible !== true) throw new Error('solveMatrixGame: the solver found no solution');

  const u = Array.from({ length: rows }, (_, i) => num(primal, `u${i}`));
  const w = Array.from({ length: cols }, (_, j) => num(dual, `w${j}`));
  const row = clean(u),
    col = clean(w);
  // The value at the two optimal mixes is exact arithmetic on the matrix, not the solver's rounded objective.
  return { value: mixedValue(a, row, col), row, col };
}

/** Paraguay's win probability when the rows are mixed by `row` and the columns by `col`. */
export function mixedValue(a: readonly (readonly number[])[], row: readonly number[], col: readonly number[]): number {
  let v = 0;
  a.forEach((r, i) =>
    r.forEach((x, j) => {
      v += row[i]! * col[j]! * x;
    }),
  );
  return v;
}
