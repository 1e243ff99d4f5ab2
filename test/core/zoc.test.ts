import { describe, expect, test } from 'vitest';
import { inEzoc, inUnnegatedEzoc, zocInto } from '../../src/core/zoc.js';
import { BOL, PAR } from '../../src/core/side.js';
import { BUILD_TRAIL } from '../../src/core/state.js';
import { constructionPhase, startConstruction } from '../../src/core/construction.js';
import { moveProblem } from '../../src/core/movement-phase.js';
import { pathSearchFor } from '../../src/core/movement.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

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

  test('14.5 a trail makes a Mountain hex Clear for all purposes: ZOCs extend into it', () => {
    const p = position({ terrain: { '1407': 'mountain' } });
    p.place('P-I1', '1406');
    p.state.trail_h[p.hex('1407')] = 1;
    expect(zocInto(p.state, p.hex('1407'), PAR)).toBe(true);
    expect(inEzoc(p.state, p.hex('1407'), BOL)).toBe(true);
  });

  test('14.5 a trail built in a Mountain hex next to an enemy stops a move without a leader there (7.3)', () => {
    // Bolivian infantry at 1406; a Paraguayan unit goes 1408 -> 1407 (Mountain) -> 1307, which touches 1407 only.
    const p = position({ terrain: { '1407': 'mountain' } });
    p.place('B-I1', '1406');
    const u = p.place('P-I2', '1408');
    p.place('P-E1', '1407');
    const ps = pathSearchFor(p.map);
    const order = { units: [u], leaders: [], path: ['1408', '1407', '1307'].map((l) => p.hex(l)) };
    expect(moveProblem(p.state, ps, PAR, order, false, null)).toBeNull();
    // The Paraguayan engineer there completes a trail in the Construction Phase.
    const g = testGame(p.state, [], scripted('PAR', { build: (d) => d.engineers.map((engineer) => ({ engineer, what: BUILD_TRAIL })) }));
    startConstruction(g, PAR);
    constructionPhase(g, PAR);
    expect(p.state.trail_h[p.hex('1407')]).toBe(1);
    expect(moveProblem(p.state, ps, PAR, order, false, null)).toMatch(/7\.3/);
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
