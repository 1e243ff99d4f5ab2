import { describe, expect, test } from 'vitest';
import { inEzoc, inUnnegatedEzoc, zocInto } from '../../src/core/zoc.js';
import { BOL, PAR } from '../../src/core/side.js';
import { position } from '../helpers/position.js';

describe('7 zones of control', () => {
  test('7.1 infantry exerts a ZOC into the six surrounding hexes and not beyond', () => {
    const p = position();
    p.place('B-I1', '1406');
    for (const n of ['1405', '1407', '1305', '1306', '1505', '1506']) expect(zocInto(p.state, p.hex(n), BOL), n).toBe(true);
    expect(zocInto(p.state, p.hex('1408'), BOL)).toBe(false);
    expect(zocInto(p.state, p.hex('1406'), PAR)).toBe(false);
  });

  test('7.1 artillery, engineers and armor exert no ZOC, even alone', () => {
    const p = position();
    p.place('B-A1', '1406');
    p.place('B-E1', '1606');
    p.place('B-K1', '1206');
    expect(zocInto(p.state, p.hex('1407'), BOL)).toBe(false);
    expect(zocInto(p.state, p.hex('1607'), BOL)).toBe(false);
    expect(zocInto(p.state, p.hex('1207'), BOL)).toBe(false);
  });

  test('7.2 no ZOC into Mountain hexes', () => {
    const p = position({ terrain: { '1407': 'mountain' } });
    p.place('P-I1', '1406');
    expect(zocInto(p.state, p.hex('1407'), PAR)).toBe(false);
    expect(zocInto(p.state, p.hex('1405'), PAR)).toBe(true);
  });

  test('7.2 no ZOC across a river hexside or the international border', () => {
    const p = position({ rivers: [['1406/1407']], border: ['1406/1405'] });
    p.place('P-I1', '1406');
    expect(zocInto(p.state, p.hex('1407'), PAR)).toBe(false);
    expect(zocInto(p.state, p.hex('1405'), PAR)).toBe(false);
    expect(zocInto(p.state, p.hex('1306'), PAR)).toBe(true);
  });

  test('7.8 a friendly combat unit negates the EZOC in its hex for supply and retreat, not for movement', () => {
    const p = position();
    p.place('B-I1', '1406');
    p.place('P-A1', '1407');
    expect(inEzoc(p.state, p.hex('1407'), PAR)).toBe(true);
    expect(inUnnegatedEzoc(p.state, p.hex('1407'), PAR)).toBe(false);
    expect(inUnnegatedEzoc(p.state, p.hex('1305'), PAR)).toBe(true);
  });

  test('a unit that leaves takes its ZOC with it', () => {
    const p = position();
    const u = p.place('B-I1', '1406');
    p.place('B-I2', '1606');
    expect(zocInto(p.state, p.hex('1405'), BOL)).toBe(true);
    p.place('B-I1', '1010');
    expect(p.state.loc_u[u]).toBe(p.hex('1010'));
    expect(zocInto(p.state, p.hex('1405'), BOL)).toBe(false);
  });
});
