import { describe, expect, test } from 'vitest';
import { Issues } from '../../src/data/issues.js';
import { compileTables } from '../../src/data/compile-tables.js';
import {
  CRT_MIN_ROLL,
  CRT_ROWS,
  ELIMINATED,
  LOSS_10,
  LOSS_25,
  LOSS_50,
  LOSS_NONE,
  RETREAT_CHECK,
  PROHIBITED,
  lossRequired,
  oddsColumn,
} from '../../src/core/tables.js';
import { BUSH, CLEAR, HILL, MARSH, MOUNTAIN } from '../../src/core/map.js';
import { BOL, PAR } from '../../src/core/side.js';
import { readDataFile } from '../helpers/data.js';

const tables = () => {
  const issues = new Issues('tables.json');
  const t = compileTables(readDataFile('tables.json'), issues);
  expect(issues.list).toEqual([]);
  return t!;
};
const crt = (column: number, roll: number) => {
  const t = tables();
  const k = column * CRT_ROWS + (roll - CRT_MIN_ROLL);
  return [t.crtAttacker[k]!, t.crtDefender[k]!];
};

describe('12.4 odds', () => {
  test("remainders round in the defender's favour: 11 vs 4 is 2-1, 5 vs 8 is 1-2, 3 vs 8 is below 1-2", () => {
    expect(oddsColumn(11, 4, 7)).toBe(2);
    expect(oddsColumn(5, 8, 7)).toBe(0);
    expect(oddsColumn(3, 8, 7)).toBe(-1);
    expect(oddsColumn(4, 4, 7)).toBe(1);
  });

  test('I-26 odds above 6-1 use the 6-1 column', () => {
    expect(oddsColumn(30, 4, 7)).toBe(6);
    expect(oddsColumn(24, 4, 7)).toBe(6);
  });
});

describe('12.5 Combat Results Table', () => {
  test('3-1 on a 4 is 25/50R: attacker loses 25%, defender 50% and checks retreat', () => {
    expect(crt(3, 4)).toEqual([LOSS_25, LOSS_50 | RETREAT_CHECK]);
  });

  test('1-2 on -1 eliminates the attacker and leaves the defender untouched', () => {
    expect(crt(0, -1)).toEqual([ELIMINATED, LOSS_NONE]);
  });

  test('6-1 on a 6 is -/E', () => {
    expect(crt(6, 6)).toEqual([LOSS_NONE, ELIMINATED]);
  });

  test('the reconstructed cell 4-1 on a 6 reads 10/E', () => {
    expect(crt(4, 6)).toEqual([LOSS_10, ELIMINATED]);
  });
});

describe('12.6 Loss Reference Chart', () => {
  test('matches the legible rows of the chart: 13 CF 2/4/7, 21 CF 3/6/11, 40 CF 4/10/20', () => {
    expect([10, 25, 50].map((p) => lossRequired(13, p))).toEqual([2, 4, 7]);
    expect([10, 25, 50].map((p) => lossRequired(21, p))).toEqual([3, 6, 11]);
    expect([10, 25, 50].map((p) => lossRequired(40, p))).toEqual([4, 10, 20]);
  });
});

describe('8.2 Supply Table', () => {
  test("the rules' supply example: Bolivian roll 6 less Peña's 1 is 5 on 0-20: 4 CSP, 4 replacements and a truck", () => {
    const t = tables();
    const r = t.supply.results[BOL]![0]![5 - t.supply.minRoll]!;
    expect(r).toEqual({ csp: 4, replacements: 4, truck: true });
  });

  test('LOC length columns give radii 8, 6, 4 (8.7); no LOC gives 4 (I-17)', () => {
    const t = tables();
    expect(t.supply.columns.map((c) => c.radius)).toEqual([8, 6, 4]);
    expect(t.supply.columns.map((c) => c.maxLoc).slice(0, 2)).toEqual([20, 40]);
    expect(t.supply.noLocRadius).toBe(4);
  });

  test('Paraguay on -3 at 41+ gets nothing', () => {
    const t = tables();
    expect(t.supply.results[PAR]![2]![0]).toEqual({ csp: 0, replacements: 0, truck: false });
  });
});

describe('Terrain Effects Chart in sixths of an MP (I-10)', () => {
  test('non-mech: Clear 1, Bush 2, Marsh 3, Hill 2, Mountain 3; rainy: Clear 2, Bush 3, Marsh prohibited', () => {
    const t = tables();
    expect([CLEAR, BUSH, MARSH, HILL, MOUNTAIN].map((k) => t.terrain[k]!.mp[0])).toEqual([6, 12, 18, 12, 18]);
    expect([CLEAR, BUSH, MARSH].map((k) => t.terrain[k]!.mp[1])).toEqual([12, 18, PROHIBITED]);
  });

  test('roads: non-mech 1/2 MP is 3 sixths, mech 1/3 MP is 2 sixths (10.7)', () => {
    const t = tables();
    expect(t.road.mp).toEqual([3, 6]);
    expect(t.road.mechMp).toEqual([2, 4]);
  });

  test('mech units may not enter Bush, Marsh or Mountain (10.9, TEC)', () => {
    const t = tables();
    expect([BUSH, MARSH, MOUNTAIN].map((k) => t.terrain[k]!.mechMp[0])).toEqual([PROHIBITED, PROHIBITED, PROHIBITED]);
  });

  test('11.2 stacking: 6 in Clear, 4 elsewhere', () => {
    const t = tables();
    expect([CLEAR, BUSH, HILL].map((k) => t.terrain[k]!.stacking)).toEqual([6, 4, 4]);
    expect(t.stackingWorks).toBe(6);
  });
});

describe('malformed charts', () => {
  test('a garbled CRT cell is rejected with its path and the expected form', () => {
    const raw = readDataFile('tables.json');
    raw.crt.rows['3'][2] = '25/2S';
    const issues = new Issues('scenarios/tables.json');
    expect(compileTables(raw, issues)).toBeNull();
    expect(issues.list[0]!.path).toEqual(['crt', 'rows', '3', 2]);
    expect(issues.list[0]!.message).toMatch(/attacker\/defender/);
  });

  test('a missing supply table row is named', () => {
    const raw = readDataFile('tables.json');
    delete raw.supplyTable.BOL['4'];
    const issues = new Issues('scenarios/tables.json');
    expect(compileTables(raw, issues)).toBeNull();
    expect(issues.list.map((i) => i.message)).toContain('row "4" is missing (rows -3 to 8)');
  });

  test('a road cost that is not whole sixths is rejected (I-10)', () => {
    const raw = readDataFile('tables.json');
    raw.terrain.road.mp[0] = '1/4';
    const issues = new Issues('scenarios/tables.json');
    expect(compileTables(raw, issues)).toBeNull();
    expect(issues.list[0]!.path).toEqual(['terrain', 'road', 'mp', 0]);
  });
});
