import { describe, expect, test } from 'vitest';
import {
  ATTRITION_ELIMINATED,
  ATTRITION_NONE,
  ATTRITION_STEP,
  ATTRITION_SURRENDERED,
  attritionCase,
  attritionModifier,
  attritionResult,
  hasWater,
  isIsolated,
  isolatedUnits,
  mustCheckAttrition,
  rollAttrition,
  type AttritionCase,
} from '../../src/core/attrition.js';
import { forcedDice } from '../../src/core/dice.js';
import { BOL, PAR } from '../../src/core/side.js';
import { position } from '../helpers/position.js';

const plain: AttritionCase = { water: true, isolated: false, airSupply: false, mountedCavalryUnsupplied: false };

describe('8.12 attrition results', () => {
  test('8.12 2 or more: no effect; 0 or 1: one step; below 0: eliminated, surrendered when isolated', () => {
    const t = position().state.tables;
    expect(attritionResult(t, 6, false)).toBe(ATTRITION_NONE);
    expect(attritionResult(t, 2, false)).toBe(ATTRITION_NONE);
    expect(attritionResult(t, 1, false)).toBe(ATTRITION_STEP);
    expect(attritionResult(t, 0, true)).toBe(ATTRITION_STEP);
    expect(attritionResult(t, -1, false)).toBe(ATTRITION_ELIMINATED);
    expect(attritionResult(t, -1, true)).toBe(ATTRITION_SURRENDERED);
  });

  test('8.12 a roll takes one die and applies the modifiers', () => {
    const t = position().state.tables;
    expect(rollAttrition(t, plain, forcedDice([2]))).toEqual({ die: 2, modifier: 0, modified: 2, result: ATTRITION_NONE });
    expect(rollAttrition(t, { ...plain, water: false }, forcedDice([2])).result).toBe(ATTRITION_STEP);
    expect(rollAttrition(t, { ...plain, water: false, isolated: true }, forcedDice([2]))).toEqual({
      die: 2,
      modifier: -3,
      modified: -1,
      result: ATTRITION_SURRENDERED,
    });
  });
});

describe('8.13 attrition modifiers', () => {
  test('8.13 no water -1, isolated -2, Bolivian air supply +1, all cumulative', () => {
    const t = position().state.tables;
    expect(attritionModifier(t, plain)).toBe(0);
    expect(attritionModifier(t, { ...plain, water: false })).toBe(-1);
    expect(attritionModifier(t, { ...plain, isolated: true })).toBe(-2);
    expect(attritionModifier(t, { ...plain, airSupply: true })).toBe(1);
    expect(attritionModifier(t, { water: false, isolated: true, airSupply: true, mountedCavalryUnsupplied: true })).toBe(-3);
  });

  test('8.13 only Bolivia has air supply', () => {
    const p = position();
    const b = p.place('B-I1', '1405');
    const u = p.place('P-I1', '1407');
    expect(attritionCase(p.state, b, false, false, true).airSupply).toBe(true);
    expect(() => attritionCase(p.state, u, false, false, true)).toThrow(/only Bolivia/);
  });

  test('10.13 mounted cavalry always rolls, and at a further -1 when out of General Supply', () => {
    const p = position({ options: ['mountedCavalry=true'] });
    const c = p.place('P-C1', '1405');
    const i = p.place('P-I1', '1406');
    expect(mustCheckAttrition(p.state, c, true)).toBe(true);
    expect(mustCheckAttrition(p.state, i, true)).toBe(false);
    expect(mustCheckAttrition(p.state, i, false)).toBe(true);
    expect(attritionCase(p.state, c, true, false).mountedCavalryUnsupplied).toBe(false);
    expect(attritionCase(p.state, c, false, false).mountedCavalryUnsupplied).toBe(true);
    expect(attritionModifier(p.state.tables, attritionCase(p.state, c, false, false))).toBe(-2); // no water too
  });

  test('10.13 without the option cavalry is like any unit', () => {
    const p = position();
    const c = p.place('P-C1', '1405');
    expect(mustCheckAttrition(p.state, c, true)).toBe(false);
    expect(attritionCase(p.state, c, false, false).mountedCavalryUnsupplied).toBe(false);
  });
});

describe('8.13 water (I-21)', () => {
  test('8.13 a wet settlement, a well, a river hexside or a rainy turn gives water; plain Bush does not', () => {
    const p = position({
      places: [
        { hex: '1205', wet: true },
        { hex: '1207', wet: false },
      ],
      rivers: [['1601/1602']],
    });
    p.state.well_h[p.hex('1803')] = 1;
    expect(hasWater(p.state, p.hex('1205'))).toBe(true);
    expect(hasWater(p.state, p.hex('1207'))).toBe(false);
    expect(hasWater(p.state, p.hex('1803'))).toBe(true);
    expect(hasWater(p.state, p.hex('1602'))).toBe(true);
    expect(hasWater(p.state, p.hex('1601'))).toBe(true);
    expect(hasWater(p.state, p.hex('1410'))).toBe(false);
    p.state.rainy = true;
    expect(hasWater(p.state, p.hex('1410'))).toBe(true);
  });

  test("8.13 the water modifier follows the unit's hex", () => {
    const p = position({ places: [{ hex: '1205', wet: true }] });
    const wet = p.place('P-I1', '1205');
    const dry = p.place('P-I2', '1410');
    expect(attritionCase(p.state, wet, false, false).water).toBe(true);
    expect(attritionCase(p.state, dry, false, false).water).toBe(false);
  });
});

describe('8.13 isolation (I-20)', () => {
  // Two columns; GHQ at 1401; the unit at 1406; B-I1 at 1504 has a ZOC into 1404, 1405, 1503 and 1505.
  const iso = () => {
    const p = position({ cols: [14, 15], rows: [1, 8] });
    p.state.ghq_s[PAR] = p.hex('1401');
    const u = p.place('P-I1', '1406');
    return { p, u };
  };

  test('8.13 a unit with a path of any length to its GHQ is not isolated', () => {
    const { p, u } = iso();
    expect(isolatedUnits(p.state, PAR)[u]).toBe(0);
  });

  test('8.13 unnegated EZOCs all round isolate it; friendly combat units negating them reopen the path (7.8)', () => {
    const { p, u } = iso();
    p.place('B-I1', '1504');
    expect(isolatedUnits(p.state, PAR)[u]).toBe(1);
    p.place('P-A1', '1405');
    expect(isIsolated(p.state, PAR, p.hex('1406'))).toBe(true);
    p.place('P-E1', '1404');
    expect(isolatedUnits(p.state, PAR)[u]).toBe(0);
  });

  test('6.3 during a truce EZOCs do not isolate (I-7); enemy combat units still block', () => {
    const { p, u } = iso();
    p.place('B-I1', '1504');
    p.state.truce = true;
    expect(isolatedUnits(p.state, PAR)[u]).toBe(0);
    p.place('B-A1', '1404');
    p.place('B-E1', '1405');
    expect(isolatedUnits(p.state, PAR)[u]).toBe(1);
  });

  test('8.13 a usable friendly supply source ends the path as well as the GHQ; an unusable one does not', () => {
    const p = position({ cols: [14, 15], rows: [1, 8], sources: [{ hex: '1408', side: 'PAR' }] });
    const u = p.place('P-I1', '1406');
    p.place('B-I1', '1504'); // cuts the way north; the GHQ is off the map anyway
    expect(isolatedUnits(p.state, PAR)[u]).toBe(0);
    p.place('B-I2', '1507'); // ZOC into the source 1408 (and 1407)
    expect(isolatedUnits(p.state, PAR)[u]).toBe(1);
  });

  test('8.13 terrain is ignored except where prohibited: Marsh blocks only in the rainy season, unless along a road', () => {
    const spec = {
      cols: [14, 14] as [number, number],
      rows: [1, 8] as [number, number],
      terrain: { '1403': 'marsh' as const, '1404': 'mountain' as const },
    };
    const p = position(spec);
    p.state.ghq_s[PAR] = p.hex('1401');
    const u = p.place('P-I1', '1406');
    expect(isolatedUnits(p.state, PAR)[u]).toBe(0);
    p.state.rainy = true;
    expect(isolatedUnits(p.state, PAR)[u]).toBe(1);
    const q = position({ ...spec, roads: ['1404 1403 1402'] });
    q.state.ghq_s[PAR] = q.hex('1401');
    q.state.rainy = true;
    const v = q.place('P-I1', '1406');
    expect(isolatedUnits(q.state, PAR)[v]).toBe(0);
  });

  test('8.13 asked about some units only, it answers those and leaves the rest 0', () => {
    const { p, u } = iso();
    p.place('B-I1', '1504');
    const other = p.place('P-I2', '1408'); // isolated as well, but not asked
    const which = new Uint8Array(p.state.loc_u.length);
    expect(isolatedUnits(p.state, PAR, which)[u]).toBe(0);
    which[u] = 1;
    const out = isolatedUnits(p.state, PAR, which);
    expect(out[u]).toBe(1);
    expect(out[other]).toBe(0);
    expect(isolatedUnits(p.state, PAR)[other]).toBe(1);
    const near = p.place('P-I3', '1402'); // connected: the search may stop once it is reached
    which[u] = 0;
    which[near] = 1;
    expect(isolatedUnits(p.state, PAR, which)[near]).toBe(0);
    which[u] = 1;
    const both = isolatedUnits(p.state, PAR, which);
    expect([both[u], both[near]]).toEqual([1, 0]);
    const far = p.place('P-I4', '1403'); // connected too, one hex further from the GHQ than 1402
    which[u] = 0;
    which[far] = 1;
    const two = isolatedUnits(p.state, PAR, which);
    expect([two[near], two[far]]).toEqual([0, 0]);
  });

  test("8.13 only the side's units on the map are marked", () => {
    const { p } = iso();
    const b = p.place('B-I1', '1408');
    expect(isolatedUnits(p.state, PAR)[b]).toBe(0);
    expect(isolatedUnits(p.state, BOL)[b]).toBe(1); // BOL has no GHQ on the map and no source
  });
});
