import { describe, expect, test } from 'vitest';
import { mixedValue, solveMatrixGame } from '../../src/analysis/matrix-game.js';

describe('the equilibrium of a policy matrix (zero-sum game, Paraguay maximises)', () => {
  test('a saddle point: the value is the entry that is the minimum of its row and the maximum of its column', () => {
    const a = [
      [0.6, 0.7],
      [0.4, 0.9],
    ]; // row 0 guarantees 0.6; column 0 holds Paraguay to 0.6
    const s = solveMatrixGame(a);
    expect(s.value).toBeCloseTo(0.6, 7);
    expect(s.row).toEqual([1, 0]);
    expect(s.col).toEqual([1, 0]);
  });

  test('matching pennies: both mix half and half, value one half', () => {
    const s = solveMatrixGame([
      [1, 0],
      [0, 1],
    ]);
    expect(s.value).toBeCloseTo(0.5, 7);
    for (const p of [...s.row, ...s.col]) expect(p).toBeCloseTo(0.5, 7);
  });

  test('a dominated policy gets no weight', () => {
    // Column 2 is worse for Bolivia than column 0 everywhere; row 2 is worse for Paraguay than row 0.
    const a = [
      [0.7, 0.2, 0.9],
      [0.3, 0.8, 0.6],
      [0.6, 0.1, 0.8],
    ];
    const s = solveMatrixGame(a);
    expect(s.row[2]).toBe(0);
    expect(s.col[2]).toBe(0);
    // 2x2 core [[0.7,0.2],[0.3,0.8]]: x = 0.5, y = 0.6, value 0.5.
    expect(s.row[0]).toBeCloseTo(0.5, 7);
    expect(s.col[0]).toBeCloseTo(0.6, 7);
    expect(s.value).toBeCloseTo(0.5, 7);
  });

  test('the value lies between the best row minimum and the best column maximum, and neither side gains by leaving its mix', () => {
    const a = [
      [0.55, 0.9, 0.3, 0.62],
      [0.41, 0.2, 0.77, 0.5],
      [0.8, 0.35, 0.45, 0.6],
    ];
    const s = solveMatrixGame(a);
    const maximin = Math.max(...a.map((r) => Math.min(...r)));
    const minimax = Math.min(...a[0]!.map((_, j) => Math.max(...a.map((r) => r[j]!))));
    expect(s.value).toBeGreaterThanOrEqual(maximin - 1e-9);
    expect(s.value).toBeLessThanOrEqual(minimax + 1e-9);
    expect(mixedValue(a, s.row, s.col)).toBeCloseTo(s.value, 7);
    for (let j = 0; j < 4; j++)
      expect(
        mixedValue(
          a,
          s.row,
          a[0]!.map((_, k) => (k === j ? 1 : 0)),
        ),
      ).toBeGreaterThanOrEqual(s.value - 1e-9);
    for (let i = 0; i < 3; i++)
      expect(
        mixedValue(
          a,
          a.map((_, k) => (k === i ? 1 : 0)),
          s.col,
        ),
      ).toBeLessThanOrEqual(s.value + 1e-9);
  });

  test('a single cell is its own value', () => {
    expect(solveMatrixGame([[0.37]])).toEqual({ value: expect.closeTo(0.37, 9), row: [1], col: [1] });
  });
});
