import { describe, expect, test } from 'vitest';
import { applyChartOverrides, prepareRun, rulesOptions, splitOptions } from '../../src/sim/spec.js';
import { bidHandicap, handicapFlags, parseHandicap } from '../../src/sim/handicap.js';
import { checkPolicies } from '../../src/sim/policy-ref.js';
import { parseVariants, splitTopLevel } from '../../src/sim/variants.js';
import { readDataFile } from '../helpers/data.js';
import { randomSpec } from '../helpers/spec.js';

const spec = randomSpec('1');

describe('rules options and chart overrides', () => {
  test('a chart override reaches the compiled charts', () => {
    const { scenario } = prepareRun({ ...spec, options: ['tables.victoryLevels.settlementMargin=40', 'mountedCavalry=true'] });
    expect(scenario.tables.settlementMargin).toBe(40);
    expect(prepareRun(spec).scenario.tables.settlementMargin).toBe(50);
  });

  test('a CRT row can be replaced with JSON holding commas', () => {
    const row = readDataFile('tables.json').crt.rows['3'] as string[];
    const cells = row.map(() => 'E/E');
    const { scenario } = prepareRun({ ...spec, options: [`tables.crt.rows.3=${JSON.stringify(cells)}`] });
    expect(scenario.tables.crtAttacker).not.toEqual(prepareRun(spec).scenario.tables.crtAttacker);
  });

  test('an unknown chart key names the keys that exist', () => {
    expect(() =>
      applyChartOverrides(readDataFile('tables.json'), splitOptions(['tables.victoryLevels.settlementMargn=40']).charts),
    ).toThrow(
      'option tables.victoryLevels.settlementMargn=40: tables.victoryLevels has no "settlementMargn" (keys: rule, levels, settlementMargin)',
    );
  });

  test('a value of the wrong kind names what the chart holds', () => {
    expect(() => prepareRun({ ...spec, options: ['tables.victoryLevels.settlementMargin=many'] })).toThrow(
      'option tables.victoryLevels.settlementMargin=many: give a number as JSON (tables.victoryLevels.settlementMargin is now 50)',
    );
  });

  test('a value the chart schema refuses is reported with its path', () => {
    expect(() => prepareRun({ ...spec, options: ['tables.victoryLevels.settlementMargin=-5'] })).toThrow(
      /tables\.victoryLevels\.settlementMargin: .*(>0|positive|greater)/i,
    );
    expect(() => prepareRun({ ...spec, options: ['tables.crt.rows.3=["-/-"]'] })).toThrow(
      /tables\.crt\.rows\.3: has 1 cells; there are 7 columns/,
    );
  });

  test('an unknown rules option lists the options; a bad value lists the allowed values', () => {
    expect(() => rulesOptions(['mountedCavalery=true'])).toThrow(
      /option "mountedCavalery": no such option \(options: ballivianLength, mountedCavalry/,
    );
    expect(() => rulesOptions(['mountedCavalry=yes'])).toThrow('option mountedCavalry=yes: allowed values are false, true');
  });

  test('maxOddsColumn=8 is refused up front when the CRT stops at 6-1', () => {
    expect(() => prepareRun({ ...spec, options: ['maxOddsColumn=8'] })).toThrow(
      /option maxOddsColumn=8: the CRT has columns 1-2, 1-1, .*6-1; add the columns up to "8-1"/,
    );
  });
});

describe('handicaps and policies', () => {
  test('a handicap adds to the starting VP without touching the compiled scenario', () => {
    const { scenario } = prepareRun({ ...spec, handicap: parseHandicap(['PAR=+5', 'BOL=2']) });
    expect([scenario.sides[0].vp, scenario.sides[1].vp]).toEqual([20, 22]);
    expect(prepareRun(spec).scenario.sides[0].vp).toBe(15);
  });

  test('bad handicaps say how to write one, and none may start a side below 0 VP', () => {
    expect(() => parseHandicap(['PAR5'])).toThrow(
      'handicap "PAR5": write SIDE=VP (or SIDE+VP) with SIDE PAR or BOL and VP a whole number, e.g. PAR=+5, PAR+5 or BOL=-3',
    );
    expect(() => parseHandicap(['XYZ=1'])).toThrow(/^handicap "XYZ=1": write SIDE=VP/);
    expect(() => prepareRun({ ...spec, handicap: [-16, 0] })).toThrow(
      'handicap PAR=-16: boqueron starts that side with 15 VP; it cannot start below 0 (16.4 sudden death)',
    );
  });

  test('one grammar: SIDE=VP or SIDE+VP, any case, several by commas or repeated, adding up; written back as --handicap flags', () => {
    expect(parseHandicap('PAR=+5')).toEqual([5, 0]);
    expect(parseHandicap(['BOL=-3', 'par=2'])).toEqual([2, -3]);
    expect(parseHandicap('PAR+5,BOL-1')).toEqual([5, -1]);
    expect(parseHandicap(['PAR=1', 'PAR=2'])).toEqual([3, 0]);
    expect(parseHandicap('BOL+2', [1, 1])).toEqual([1, 3]);
    expect(handicapFlags([5, -1])).toEqual(['PAR=+5', 'BOL=-1']);
    expect(parseHandicap(handicapFlags([5, -1]))).toEqual([5, -1]);
  });

  test('a bid goes to Paraguay when positive and to Bolivia when negative', () => {
    expect(bidHandicap([1, 0], 3)).toEqual([4, 0]);
    expect(bidHandicap([1, 0], -3)).toEqual([1, 3]);
  });

  test('an unknown policy is named with the flag', () => {
    expect(() => checkPolicies({ ...spec, bol: 'genius' })).toThrow(/^--bol genius: no policy "genius"/);
  });
});

describe('compare variants', () => {
  const boqueron = prepareRun(spec).scenario;
  test('splits on commas outside JSON', () => {
    expect(splitTopLevel('a=1,tables.crt.rows.3=["-/-","E/E"],b=2')).toEqual(['a=1', 'tables.crt.rows.3=["-/-","E/E"]', 'b=2']);
  });

  test('policies, handicaps and options go where they belong; the common settings are the baseline', () => {
    const vs = parseVariants(
      ['hard:bol=passive,handicap=PAR+5,mountedCavalry=true', 'cheap:tables.callUps.vpCost=3'],
      { ...spec, options: ['artilleryBarrage=true'] },
      boqueron,
    );
    expect(vs.map((v) => v.name)).toEqual(['base', 'hard', 'cheap']);
    expect(vs[1]!.spec).toMatchObject({
      par: 'random',
      bol: 'passive',
      handicap: [5, 0],
      options: ['artilleryBarrage=true', 'mountedCavalry=true'],
    });
    expect(vs[2]!.spec.options).toEqual(['artilleryBarrage=true', 'tables.callUps.vpCost=3']);
  });

  test("a variant may not take the baseline's name, nor change nothing", () => {
    expect(() => parseVariants(['x:par=passive', 'base:mountedCavalry=true'], spec, boqueron)).toThrow(
      '--variant base:mountedCavalry=true: "base" is the baseline\'s name',
    );
    expect(() => parseVariants(['x'], spec, boqueron)).toThrow('--variant x: give at least one setting, e.g. x:mountedCavalry=true');
    expect(() => parseVariants(['x:'], spec, boqueron)).toThrow('--variant x:: give at least one setting');
  });

  test('bad variants are refused with how to write one', () => {
    expect(() => parseVariants([], spec, boqueron)).toThrow(/at least one --variant/);
    expect(() => parseVariants(['a:x=1', 'a:y=2'], spec, boqueron)).toThrow('--variant a: the name is used twice');
    expect(() => parseVariants(['bad name:x=1'], spec, boqueron)).toThrow(/write name:key=value/);
    expect(() => parseVariants(['h:handicap=5'], spec, boqueron)).toThrow('--variant h: handicap "5": write SIDE=VP (or SIDE+VP)');
    expect(() => parseVariants(['h:mountedCavalry'], spec, boqueron)).toThrow(/"mountedCavalry": write key=value/);
  });
});
