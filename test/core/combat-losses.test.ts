import { describe, expect, test } from 'vitest';
import {
  checkLosses,
  checkStepLosses,
  cheapestLosses,
  defaultStepLosses,
  lossBase,
  lossFactor,
  lossForcesElimination,
  lossRequirement,
  lossValue,
} from '../../src/core/combat-losses.js';
import { ELIMINATED, LOSS_10, LOSS_25, LOSS_50, LOSS_NONE, lossRequired } from '../../src/core/tables.js';
import { position } from '../helpers/position.js';

describe('12.6 percentage losses (I-29, I-25)', () => {
  test('I-29 attackers count attack factors, defenders defence factors; I-25 artillery always its parenthesised one', () => {
    const p = position();
    const i1 = p.place('P-I1', '1405'); // 6-4-6 / 3-2-6
    const a1 = p.place('P-A1', '1405'); // 3-(2)-6 / 2-(1)-6
    expect([lossFactor(p.state, i1, 0, true), lossFactor(p.state, i1, 0, false)]).toEqual([6, 4]);
    expect([lossFactor(p.state, a1, 0, true), lossFactor(p.state, a1, 0, false), lossFactor(p.state, a1, 1, true)]).toEqual([2, 2, 1]);
    expect(lossBase(p.state, [i1, a1], true)).toBe(8);
    expect(lossBase(p.state, [i1, a1], false)).toBe(6);
  });

  test('12.6 Loss Reference Chart: 13 factors lose 2 / 4 / 7 at 10 / 25 / 50 %; E loses all', () => {
    const p = position();
    const units = [p.place('P-I1', '1405'), p.place('P-I2', '1405'), p.place('P-I3', '1405')]; // 6 + 4 + 3 = 13
    expect([LOSS_NONE, LOSS_10, LOSS_25, LOSS_50, ELIMINATED].map((c) => lossRequirement(p.state, units, true, c))).toEqual([
      0, 2, 4, 7, 13,
    ]);
  });

  test("12.6 the text's rounding up gives every legible row of the printed Loss Chart but one: 30 factors lose 3 at 10%, not the chart's 4 (I-71)", () => {
    // The rows of the Loss Reference Chart legible in the scan (factors: 10% / 25% / 50%).
    const printed: Record<number, [number, number, number]> = {
      13: [2, 4, 7],
      14: [2, 4, 7],
      15: [2, 4, 8],
      18: [2, 5, 9],
      19: [2, 5, 10],
      20: [2, 5, 10],
      21: [3, 6, 11],
      22: [3, 6, 11],
      23: [3, 6, 12],
      24: [3, 6, 12],
      25: [3, 7, 13],
      26: [3, 7, 13],
      27: [3, 7, 14],
      28: [3, 7, 14],
      29: [3, 8, 15],
      30: [4, 8, 15],
      31: [4, 8, 16],
      32: [4, 8, 16],
      33: [4, 9, 17],
      34: [4, 9, 17],
      35: [4, 9, 18],
      38: [4, 10, 19],
      39: [4, 10, 20],
      40: [4, 10, 20],
    };
    const differ: number[] = [];
    for (const [cf, row] of Object.entries(printed)) {
      const got = [10, 25, 50].map((pc) => lossRequired(Number(cf), pc));
      if (got.join() !== row.join()) differ.push(Number(cf));
    }
    expect(differ).toEqual([30]);
    expect([10, 25, 50].map((pc) => lossRequired(30, pc))).toEqual([3, 8, 15]);
  });

  test('12.6 flipping counts the difference of the two sides, eliminating the current side', () => {
    const p = position();
    const i1 = p.place('P-I1', '1405');
    expect(lossValue(p.state, i1, false, true)).toBe(3);
    expect(lossValue(p.state, i1, true, true)).toBe(6);
    p.state.reduced_u[i1] = 1;
    expect(lossValue(p.state, i1, true, true)).toBe(3);
  });

  test('12.6 a valid allocation meets the requirement', () => {
    const p = position();
    const units = [p.place('P-I1', '1405'), p.place('P-I2', '1405'), p.place('P-E1', '1405')];
    expect(
      checkLosses(p.state, units, true, 5, [
        { unit: units[0]!, eliminate: false },
        { unit: units[2]!, eliminate: true },
      ]),
    ).toBeNull(); // 3 + 2
    expect(checkLosses(p.state, units, true, 5, [{ unit: units[0]!, eliminate: true }])).toBeNull(); // 6, more than required is allowed
  });

  test('12.6 invalid allocations: too little, a unit twice, an uninvolved unit, flipping a one-step or reduced unit, losses on "-"', () => {
    const p = position();
    const i1 = p.place('P-I1', '1405'),
      e1 = p.place('P-E1', '1405'),
      i2 = p.place('P-I2', '1405', { reduced: true });
    const other = p.place('P-I3', '1305');
    const units = [i1, e1, i2];
    expect(checkLosses(p.state, units, true, 4, [{ unit: i1, eliminate: false }])).toMatch(/count 3 .* at least 4/);
    expect(
      checkLosses(p.state, units, true, 4, [
        { unit: i1, eliminate: false },
        { unit: i1, eliminate: true },
      ]),
    ).toMatch(/named twice/);
    expect(checkLosses(p.state, units, true, 1, [{ unit: other, eliminate: true }])).toMatch(/not one of the units involved/);
    expect(checkLosses(p.state, units, true, 1, [{ unit: e1, eliminate: false }])).toMatch(
      /^2\.12: P-E1 cannot be flipped \(a one-step unit\)/,
    );
    expect(checkLosses(p.state, units, true, 1, [{ unit: i2, eliminate: false }])).toMatch(/already reduced/);
    expect(checkLosses(p.state, units, true, 0, [{ unit: i2, eliminate: true }])).toMatch(/^12\.5/);
    expect(checkLosses(p.state, units, true, 0, [])).toBeNull();
  });

  test('12.6 the default allocation loses the fewest factors', () => {
    const p = position();
    const i1 = p.place('P-I1', '1405'),
      e1 = p.place('P-E1', '1405'),
      i3 = p.place('P-I3', '1405');
    // Need 3: flip P-I1 (3). Need 4: eliminate P-E1 (2) and flip P-I3 (2), not flip P-I1 and P-I3 (5).
    expect(cheapestLosses(p.state, [i1, e1, i3], true, 3)).toEqual([{ unit: i1, eliminate: false }]);
    expect(cheapestLosses(p.state, [i1, e1, i3], true, 4)).toEqual([
      { unit: e1, eliminate: true },
      { unit: i3, eliminate: false },
    ]);
  });

  test('12.6 equal factors: the fewest steps, then the earlier unit', () => {
    const p = position();
    const i2 = p.place('P-I2', '1405'),
      i4 = p.place('P-I4', '1405'),
      e1 = p.place('P-E1', '1405');
    // 2 factors: flip P-I2, flip P-I4 or eliminate P-E1 (one step each): the first unit.
    expect(cheapestLosses(p.state, [i2, i4, e1], true, 2)).toEqual([{ unit: i2, eliminate: false }]);
    expect(cheapestLosses(p.state, [e1, i2, i4], true, 2)).toEqual([{ unit: e1, eliminate: true }]);
    // 4 factors: eliminate P-I2 (two steps) or flip P-I2 and P-I4 (two steps) or flip one and eliminate P-E1: all 2 steps; a flip of the first unit first.
    expect(cheapestLosses(p.state, [i2, i4, e1], true, 4)).toEqual([
      { unit: i2, eliminate: false },
      { unit: i4, eliminate: false },
    ]);
  });

  test('12.6 an allocation from cheapestLosses always passes checkLosses', () => {
    const p = position();
    const units = [
      p.place('P-I1', '1405'),
      p.place('P-I2', '1405'),
      p.place('P-A1', '1405'),
      p.place('P-E1', '1405'),
      p.place('P-C1', '1405', { reduced: true }),
    ];
    const base = lossBase(p.state, units, true);
    for (let need = 1; need <= base; need++) {
      const alloc = cheapestLosses(p.state, units, true, need);
      expect(checkLosses(p.state, units, true, need, alloc), `need ${need}`).toBeNull();
    }
  });

  test('12.6 a percentage forces total elimination only when no unit can be kept', () => {
    const p = position();
    const k1 = p.place('B-K1', '1405'); // armor, one step, 4
    expect(lossForcesElimination(p.state, [k1], true, 1)).toBe(true);
    const i2 = p.place('B-I2', '1305'); // 4 / 2
    expect(lossForcesElimination(p.state, [i2], true, 2)).toBe(false);
    expect(lossForcesElimination(p.state, [i2], true, 3)).toBe(true);
    expect(lossForcesElimination(p.state, [k1, i2], true, 6)).toBe(false); // eliminate the armor, flip B-I2
    expect(lossForcesElimination(p.state, [k1, i2], true, 7)).toBe(true);
  });
});

describe('13.2 step losses', () => {
  test('13.2 the allocation must lose exactly the steps (all of them when there are fewer)', () => {
    const p = position();
    const i1 = p.place('B-I1', '1406'),
      e1 = p.place('B-E1', '1406');
    expect(checkStepLosses(p.state, [i1, e1], 1, [{ unit: i1, eliminate: false }])).toBeNull();
    expect(checkStepLosses(p.state, [i1, e1], 1, [{ unit: i1, eliminate: true }])).toMatch(/loses 2 steps; exactly 1/);
    expect(
      checkStepLosses(p.state, [i1, e1], 2, [
        { unit: i1, eliminate: false },
        { unit: e1, eliminate: true },
      ]),
    ).toBeNull();
    expect(checkStepLosses(p.state, [e1], 2, [{ unit: e1, eliminate: true }])).toBeNull();
    expect(defaultStepLosses(p.state, [i1, e1], 2)).toEqual([
      { unit: i1, eliminate: false },
      { unit: e1, eliminate: true },
    ]);
    expect(defaultStepLosses(p.state, [i1, e1], 3)).toEqual([
      { unit: i1, eliminate: true },
      { unit: e1, eliminate: true },
    ]);
  });
});
