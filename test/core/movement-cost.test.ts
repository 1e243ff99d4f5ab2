import { describe, expect, test } from 'vitest';
import {
  MOVER_COMBAT,
  MOVER_LEADER,
  MOVER_OTHER,
  makeMover,
  reactionAllowance,
  stackMover,
  stepCost,
  type Mover,
} from '../../src/core/movement.js';
import { PROHIBITED } from '../../src/core/tables.js';
import { BOL, PAR } from '../../src/core/side.js';
import { position, type Position } from '../helpers/position.js';

const P = PROHIBITED;
const foot = (fields: Partial<Mover> = {}) => makeMover(PAR, fields);
const mech = (fields: Partial<Mover> = {}) => makeMover(BOL, { mech: true, nonMech: false, allowance: 48, ...fields });
const cost = (p: Position, m: Mover, a: string, b: string) => stepCost(p.state, m, p.hex(a), p.hex(b));
/** Costs from 1406 into its neighbours N 1405, NE 1505, SE 1506, S 1407, SW 1306 (sixths of an MP). */
const AROUND = ['1405', '1505', '1506', '1407', '1306'];
const TERRAIN = { '1405': 'clear', '1505': 'bush', '1506': 'marsh', '1407': 'hill', '1306': 'mountain' } as const;

describe('10.4-10.9 Terrain Effects Chart costs, in sixths of an MP (I-10)', () => {
  test('10.4 TEC non-mech: Clear 1 (2), Bush 2 (3), Marsh 3 (P), Hill 2 (2), Mountain 3 (3)', () => {
    const p = position({ terrain: TERRAIN, fill: 'clear' });
    expect(AROUND.map((b) => cost(p, foot(), '1406', b))).toEqual([6, 12, 18, 12, 18]);
    p.state.rainy = true;
    expect(AROUND.map((b) => cost(p, foot(), '1406', b))).toEqual([12, 18, P, 12, 18]);
  });

  test('10.9 TEC mech: Clear 2 (4), Hill 3 (P); Bush, Marsh and Mountain prohibited off roads', () => {
    const p = position({ terrain: TERRAIN, fill: 'clear' });
    expect(AROUND.map((b) => cost(p, mech(), '1406', b))).toEqual([12, P, P, 18, P]);
    p.state.rainy = true;
    expect(AROUND.map((b) => cost(p, mech(), '1406', b))).toEqual([24, P, P, P, P]);
  });

  test('10.4 a hex beyond the international border cannot be entered', () => {
    const p = position({ terrain: { '1405': 'outside' }, fill: 'clear' });
    expect(cost(p, foot(), '1406', '1405')).toBe(P);
    expect(cost(p, foot(), '1406', '1407')).toBe(6);
  });

  test('10.9 artillery may not enter Marsh; infantry may', () => {
    const p = position({ terrain: { '1407': 'marsh' } });
    expect(cost(p, foot({ artillery: true }), '1406', '1407')).toBe(P);
    expect(cost(p, foot(), '1406', '1407')).toBe(18);
  });

  test('14.5 a trail makes its hex Clear for all purposes: mech may enter Bush with a trail', () => {
    const p = position({ fill: 'bush' });
    expect(cost(p, mech(), '1406', '1407')).toBe(P);
    p.state.trail_h[p.hex('1407')] = 1;
    expect(cost(p, mech(), '1406', '1407')).toBe(12);
    expect(cost(p, foot(), '1406', '1407')).toBe(6);
  });

  test('stepCost refuses hexes that are not adjacent', () => {
    const p = position();
    expect(() => cost(p, foot(), '1406', '1408')).toThrow(/not adjacent/);
  });
});

describe('10.7 roads (I-10)', () => {
  test('10.7 a road step costs 1/2 MP (non-mech), 1/3 MP (mech), doubled when rainy, only along the road', () => {
    const p = position({ roads: ['1405 1406 1407'], fill: 'clear' });
    expect(cost(p, foot(), '1406', '1407')).toBe(3);
    expect(cost(p, mech(), '1406', '1407')).toBe(2);
    expect(cost(p, foot(), '1306', '1406')).toBe(6); // onto the road from off it: terrain
    expect(cost(p, foot(), '1406', '1505')).toBe(6); // off the road: terrain
    p.state.rainy = true;
    expect(cost(p, foot(), '1406', '1407')).toBe(6);
    expect(cost(p, mech(), '1406', '1407')).toBe(4);
  });

  test('10.7 I-10 two road hexes not joined by a road across their hexside pay the terrain', () => {
    const p = position({ roads: ['1406 1506', '1407 1507'], fill: 'bush' });
    expect(cost(p, foot(), '1406', '1407')).toBe(12);
    expect(cost(p, foot(), '1406', '1506')).toBe(3);
  });

  test('10.9 mech may enter Bush, Marsh and Mountain along a road, and not off it', () => {
    const p = position({ roads: ['1405 1406 1407'], terrain: { '1405': 'mountain', '1407': 'marsh' }, fill: 'bush' });
    expect(cost(p, mech(), '1406', '1407')).toBe(2);
    expect(cost(p, mech(), '1406', '1405')).toBe(2);
    expect(cost(p, mech(), '1506', '1406')).toBe(P);
    expect(cost(p, mech(), '1306', '1407')).toBe(P);
  });

  test('10.9 reading: "Except when on roads" covers artillery and rainy Marsh too: the road ignores the hex terrain', () => {
    const p = position({ roads: ['1406 1407'], terrain: { '1407': 'marsh' } });
    expect(cost(p, foot({ artillery: true }), '1406', '1407')).toBe(3);
    expect(cost(p, foot({ artillery: true }), '1307', '1407')).toBe(P);
    p.state.rainy = true;
    expect(cost(p, foot(), '1406', '1407')).toBe(6);
    expect(cost(p, foot(), '1307', '1407')).toBe(P);
  });
});

describe('10.5 rivers and the ferry', () => {
  test('10.5 a river hexside adds +2 MP (non-mech) or +4 (mech) to the hex entered, on a road too (I-10)', () => {
    const p = position({ rivers: [['1406/1407']], roads: ['1405 1406'], fill: 'clear' });
    expect(cost(p, foot(), '1406', '1407')).toBe(6 + 12);
    expect(cost(p, mech(), '1406', '1407')).toBe(12 + 24);
    expect(cost(p, foot(), '1406', '1505')).toBe(6);
    const q = position({ rivers: [['1406/1407']], roads: ['1406 1407'], fill: 'clear' });
    expect(cost(q, foot(), '1406', '1407')).toBe(3 + 12);
  });

  test('10.5 a friendly engineer in either hex of the hexside gives the ferry rate +1/+2 in dry weather', () => {
    const p = position({ rivers: [['1406/1407']], fill: 'clear' });
    p.place('P-E1', '1405'); // not beside the hexside
    p.place('B-E1', '1406'); // an enemy engineer
    expect(cost(p, foot(), '1406', '1407')).toBe(18);
    p.place('P-E1', '1407');
    expect(cost(p, foot(), '1406', '1407')).toBe(6 + 6);
    p.place('P-E1', '1406');
    expect(cost(p, foot(), '1406', '1407')).toBe(6 + 6);
    // B-E1 in 1406 is a friendly engineer to a Bolivian mover: mech ferry rate +2.
    expect(cost(p, makeMover(BOL, { mech: true, nonMech: false }), '1406', '1407')).toBe(12 + 12);
  });

  test('10.5 a moving engineer brings the ferry rate with it', () => {
    const p = position({ rivers: [['1406/1407']], fill: 'clear' });
    expect(cost(p, foot({ engineer: true }), '1406', '1407')).toBe(12);
  });

  test('10.5 in the rainy season a river is crossed only beside an engineer, at the regular +2/+4', () => {
    const p = position({ rivers: [['1406/1407']], fill: 'clear' });
    p.state.rainy = true;
    expect(cost(p, foot(), '1406', '1407')).toBe(P);
    p.place('P-E1', '1407');
    expect(cost(p, foot(), '1406', '1407')).toBe(12 + 12);
    const b = position({ rivers: [['1406/1407']], fill: 'clear' });
    b.state.rainy = true;
    b.place('B-E1', '1406');
    expect(cost(b, mech(), '1406', '1407')).toBe(24 + 24);
  });

  test('10.5 TEC the ferry hexside: +1/+2 dry, and crossable in the rainy season without an engineer at +2/+4', () => {
    const p = position({ rivers: [['1406/1407', '1406/1306']], ferry: '1406/1407', fill: 'clear' });
    expect(cost(p, foot(), '1406', '1407')).toBe(6 + 6);
    expect(cost(p, foot(), '1406', '1306')).toBe(6 + 12);
    expect(cost(p, mech(), '1406', '1407')).toBe(12 + 12);
    p.state.rainy = true;
    expect(cost(p, foot(), '1406', '1407')).toBe(12 + 12);
    expect(cost(p, mech(), '1406', '1407')).toBe(24 + 24);
    expect(cost(p, foot(), '1406', '1306')).toBe(P);
  });
});

describe('11.4 stacks and 10.10 reaction allowance (I-12)', () => {
  test("11.4 I-12 a stack moves at its slowest member's MF and is a combat mover with its leader", () => {
    const p = position();
    const s = stackMover(p.state, BOL, { units: [p.unit('B-K1'), p.unit('B-I1')], leaders: [p.leader('B-B')] });
    expect(s).toMatchObject({ kind: MOVER_COMBAT, allowance: 5 * 6, mech: true, nonMech: true, withLeader: true, artillery: false });
    const l = stackMover(p.state, PAR, { leaders: [p.leader('P-ESTIG')] });
    expect(l).toMatchObject({ kind: MOVER_LEADER, allowance: 12 * 6, withLeader: true });
    const t = stackMover(p.state, PAR, { trucks: [0], leaders: [p.leader('P-A')] });
    expect(t).toMatchObject({ kind: MOVER_OTHER, allowance: 8 * 6, mech: true, withLeader: true });
    expect(stackMover(p.state, PAR, { ghq: true, supply: true })).toMatchObject({ kind: MOVER_OTHER, allowance: 4 * 6 });
  });

  test('11.4 a reduced unit moves at its reduced MF', () => {
    const p = position();
    p.place('B-I1', '1406', { reduced: true });
    expect(stackMover(p.state, BOL, { units: [p.unit('B-I1')] }).allowance).toBe(5 * 6);
  });

  test('11.4 I-12 a stack mixing mech and non-mech pays the higher rate of each step', () => {
    const p = position({ roads: ['1406 1407'], terrain: { '1505': 'hill' }, fill: 'clear' });
    const mixed = stackMover(p.state, BOL, { units: [p.unit('B-K1'), p.unit('B-I1')] });
    expect(cost(p, mixed, '1406', '1306')).toBe(12); // Clear: mech 2 > 1
    expect(cost(p, mixed, '1406', '1407')).toBe(3); // road: non-mech 1/2 > mech 1/3
    expect(cost(p, mixed, '1406', '1505')).toBe(18); // Hill: mech 3 > 2
    p.state.rainy = true;
    expect(cost(p, mixed, '1406', '1505')).toBe(P); // Hill rainy: prohibited to mech
  });

  test('11.4 a stack with artillery may not enter Marsh off a road', () => {
    const p = position({ terrain: { '1407': 'marsh' } });
    const s = stackMover(p.state, PAR, { units: [p.unit('P-I1'), p.unit('P-A1')] });
    expect(s.artillery).toBe(true);
    expect(cost(p, s, '1406', '1407')).toBe(P);
  });

  test('10.13 mounted cavalry moves 8', () => {
    const p = position({ options: ['mountedCavalry=true'] });
    expect(stackMover(p.state, PAR, { units: [p.unit('P-C1')] }).allowance).toBe(8 * 6);
    const q = position();
    expect(stackMover(q.state, PAR, { units: [q.unit('P-C1')] }).allowance).toBe(6 * 6);
  });

  test('10.10 I-12 Reaction Movement allows half the MF rounded up', () => {
    expect(reactionAllowance(5 * 6)).toBe(3 * 6);
    expect(reactionAllowance(6 * 6)).toBe(3 * 6);
    expect(reactionAllowance(8 * 6)).toBe(4 * 6);
    expect(reactionAllowance(1 * 6)).toBe(1 * 6);
  });
});
