import { describe, expect, test } from 'vitest';
import { Issues } from '../../src/data/issues.js';
import { compileCounters, parseFactors } from '../../src/data/compile-counters.js';
import { ARMOR, ARTILLERY, CAVALRY, ENGINEER, INFANTRY } from '../../src/core/counters.js';
import { BOL, PAR } from '../../src/core/side.js';
import { readDataFile, type RawJson } from '../helpers/data.js';

const compile = (raw: unknown) => {
  const issues = new Issues('scenarios/counters.json');
  return { counters: compileCounters(raw, issues), issues: issues.list };
};

describe('2.10 counter notation', () => {
  test('"5-4-6" is attack 5, defence 4, move 6', () => {
    expect(parseFactors('5-4-6', false)).toEqual({ attack: 5, defence: 4, move: 6 });
  });
  test('with no middle number the left number is both attack and defence ("6-5")', () => {
    expect(parseFactors('6-5', false)).toEqual({ attack: 6, defence: 6, move: 5 });
  });
  test('artillery\'s parenthesised defence is its defence factor ("4-(2)-5")', () => {
    expect(parseFactors('4-(2)-5', true)).toEqual({ attack: 4, defence: 2, move: 5 });
    expect(typeof parseFactors('4-2-5', true)).toBe('string');
  });
});

describe('the counter manifest', () => {
  const { counters, issues } = compile(readDataFile('counters.json'));

  test("loads without issues and accounts for the game's 190 counters (2.1)", () => {
    expect(issues).toEqual([]);
    expect(readDataFile('counters.json').totalCounters).toBe(190);
  });

  test('2.5 the Paraguayan 2nd (Itoro) infantry is 5-4-6, reduced 2-2-6', () => {
    const u = counters!.units.find((x) => x.name.includes('Itoro'))!;
    expect(u.side).toBe(PAR);
    expect(u.full).toEqual({ attack: 5, defence: 4, move: 6 });
    expect(u.reduced).toEqual({ attack: 2, defence: 2, move: 6 });
  });

  test("2.14 Estigarribia is political 3, command +2, move 12; 8.5 Peña's command is -1", () => {
    const estig = counters!.leaders.find((l) => l.name === 'Estigarribia')!;
    expect([estig.political, estig.command, estig.move]).toEqual([3, 2, 12]);
    expect(counters!.leaders.find((l) => l.name === 'Peña')!.command).toBe(-1);
  });

  test('15.1 each side has 10 leaders; 13.3 Bolivia has 3 air markers, Paraguay 1', () => {
    expect(counters!.leaders.filter((l) => l.side === BOL)).toHaveLength(10);
    expect(counters!.leaders.filter((l) => l.side === PAR)).toHaveLength(10);
    expect(counters!.air).toEqual([1, 3]);
  });

  test('2.12 infantry, cavalry and artillery have two steps; engineers and armor one', () => {
    const c = counters!;
    for (let u = 0; u < c.units.length; u++) {
      const twoSteps = [INFANTRY, CAVALRY, ARTILLERY].includes(c.type_u[u]!);
      expect(c.steps_u[u], c.units[u]!.id).toBe(twoSteps ? 2 : 1);
      if (c.type_u[u] === ENGINEER || c.type_u[u] === ARMOR) expect(c.units[u]!.reduced).toBeNull();
    }
  });

  test('13.1 only Bolivia has armor', () => {
    expect(counters!.units.filter((u) => u.type === ARMOR).every((u) => u.side === BOL)).toBe(true);
  });

  test('every value not sourced from the rules is marked estimated', () => {
    for (const u of readDataFile('counters.json').units) {
      if (!u.source) expect(u.estimated, u.id).toBeTruthy();
    }
  });
});

describe('malformed manifests are rejected with file and path', () => {
  test('a counter id used twice', () => {
    const raw = readDataFile('counters.json');
    raw.units[1].id = raw.units[0].id;
    const { counters, issues } = compile(raw);
    expect(counters).toBeNull();
    expect(issues[0]).toMatchObject({ file: 'scenarios/counters.json', path: ['units', 1, 'id'] });
    expect(issues[0]!.message).toMatch(/already used at units\.0\.id/);
  });

  test('a two-step unit without a reduced side', () => {
    const raw = readDataFile('counters.json');
    const i = raw.units.findIndex((u: RawJson) => u.type === 'infantry');
    raw.units[i].reduced = null;
    const { issues } = compile(raw);
    expect(issues[0]!.path).toEqual(['units', i, 'reduced']);
    expect(issues[0]!.message).toMatch(/two steps/);
  });

  test('a wrong type of value', () => {
    const raw = readDataFile('counters.json');
    raw.leaders[0].political = 'three';
    const { issues } = compile(raw);
    expect(issues[0]!.path).toEqual(['leaders', 0, 'political']);
  });

  test('a missing field', () => {
    const raw = readDataFile('counters.json');
    delete raw.units[0].side;
    const { issues } = compile(raw);
    expect(issues[0]!.path).toEqual(['units', 0, 'side']);
  });

  test('counts that do not add up to the total', () => {
    const raw = readDataFile('counters.json');
    raw.supplyUnits.counters += 1;
    const { issues } = compile(raw);
    expect(issues[0]!.path).toEqual(['totalCounters']);
    expect(issues[0]!.message).toMatch(/add up to 191, not 190/);
  });

  test('Paraguayan armor', () => {
    const raw = readDataFile('counters.json');
    const i = raw.units.findIndex((u: RawJson) => u.type === 'armor');
    raw.units[i].side = 'PAR';
    const { issues } = compile(raw);
    expect(issues.map((x) => x.message)).toContain('only Bolivia has armor (13.1)');
  });
});
