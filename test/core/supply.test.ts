import { describe, expect, test } from 'vitest';
import { cutOffFromGhq, rollSupplyTable, supplyTableModifier, traceLoc } from '../../src/core/supply.js';
import { forcedDice } from '../../src/core/dice.js';
import { PAR } from '../../src/core/side.js';
import { setLeaderLoc } from '../../src/core/state.js';
import { position, type Position } from '../helpers/position.js';

/** PAR: source 1412, GHQ 1408 (LOC 12, column 0-20); Estigarribia (command 2) is the Army Commander. */
function par(spec: Parameters<typeof position>[0] = {}): Position {
  const p = position({ sources: [{ hex: '1412', side: 'PAR' }], ...spec });
  p.state.ghq_s[PAR] = p.hex('1408');
  return p;
}

const roll = (p: Position, die: number) => rollSupplyTable(p.state, PAR, traceLoc(p.state, PAR), forcedDice([die]));

describe('8.2 Supply Table', () => {
  test('8.2 an Army Commander stacked with the GHQ adds only his command rating', () => {
    const p = par();
    p.placeLeader('P-ESTIG', '1408');
    expect(supplyTableModifier(p.state, PAR)).toBe(2);
    const r = roll(p, 3)!;
    expect(r.row).toBe(5);
    expect(r.result).toEqual({ csp: 4, replacements: 2, truck: true });
  });

  test('8.2 an Army Commander not stacked with the GHQ: -1', () => {
    const p = par();
    p.placeLeader('P-ESTIG', '1405');
    expect(supplyTableModifier(p.state, PAR)).toBe(2 - 1);
    expect(roll(p, 3)!.result).toEqual({ csp: 4, replacements: 1, truck: false });
  });

  test('8.2 an Army Commander cut off from the GHQ by EZOCs: -3 instead of -1 (I-19)', () => {
    const p = par({ cols: [14, 15] });
    p.placeLeader('P-ESTIG', '1403');
    p.place('B-I1', '1505'); // ZOC into 1504, 1506, 1405, 1406: every way south
    expect(cutOffFromGhq(p.state, PAR, p.hex('1403'))).toBe(true);
    expect(supplyTableModifier(p.state, PAR)).toBe(2 - 3);
    expect(roll(p, 3)!.result).toEqual({ csp: 3, replacements: 1, truck: false });
    p.place('P-A1', '1405'); // negate two of the EZOC hexes on column 14 (7.8)
    p.place('P-E1', '1406');
    expect(cutOffFromGhq(p.state, PAR, p.hex('1403'))).toBe(false);
    expect(supplyTableModifier(p.state, PAR)).toBe(2 - 1);
  });

  test('8.2 an Army Commander off the map counts as not stacked', () => {
    const p = par();
    expect(supplyTableModifier(p.state, PAR)).toBe(2 - 1);
  });

  test('8.2 modified rolls clamp to the rows -3..8 (I-19)', () => {
    const p = par();
    const estig = p.placeLeader('P-ESTIG', '1408');
    (p.state.counters.command_l as Int8Array)[estig] = 4;
    const high = roll(p, 6)!;
    expect(high.row).toBe(8);
    expect(high.result).toEqual({ csp: 5, replacements: 2, truck: true });
    (p.state.counters.command_l as Int8Array)[estig] = -3;
    setLeaderLoc(p.state, estig, p.hex('1405'));
    const low = roll(p, 1)!; // 1 - 3 - 1 = -3
    expect(low.row).toBe(-3);
    (p.state.counters.command_l as Int8Array)[estig] = -5;
    const lower = roll(p, 1)!; // 1 - 5 - 1 = -5
    expect(lower.row).toBe(-3);
    expect(lower.result).toEqual({ csp: 1, replacements: 0, truck: false });
  });

  test('8.2 the LOC length picks the column: LOC 21 reads the 21-40 column', () => {
    const p = par();
    p.state.ghq_s[PAR] = p.hex('1405'); // 7 Bush hexes: LOC 21
    p.placeLeader('P-ESTIG', '1405');
    const r = roll(p, 3)!;
    expect(r.column).toBe(1);
    expect(r.result).toEqual({ csp: 3, replacements: 2, truck: true });
  });

  test('8.5 no Supply Table roll when the GHQ is off the map or has no LOC', () => {
    const p = par();
    p.placeLeader('P-ESTIG', '1408');
    p.place('B-I1', '1411'); // the only source is in an EZOC: no LOC
    expect(rollSupplyTable(p.state, PAR, traceLoc(p.state, PAR), forcedDice([]))).toBeNull();
    const q = position({ sources: [{ hex: '1412', side: 'PAR' }] });
    expect(rollSupplyTable(q.state, PAR, traceLoc(q.state, PAR), forcedDice([]))).toBeNull();
  });
});
