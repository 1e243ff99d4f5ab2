import { describe, expect, test } from 'vitest';
import { movementPhase, moveProblem } from '../../src/core/movement-phase.js';
import { pathSearchFor } from '../../src/core/movement.js';
import type { MoveOrder } from '../../src/core/decisions.js';
import { BOL } from '../../src/core/side.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

/** Clear terrain everywhere: a truck (MF 8) pays 2 MP a hex. Bolivian truck 2 starts at 1505. */
function clearField() {
  const p = position({ fill: 'clear' });
  const truck = 2;
  p.state.loc_t[truck] = p.hex('1505');
  return { p, truck, ps: pathSearchFor(p.map) };
}
const path = (p: ReturnType<typeof clearField>['p'], ...labels: string[]) => labels.map((l) => p.hex(l));

describe('10.11 truck transport', () => {
  test('a truck drives to a unit, spends 2 MP to load it and carries it with the MP it has left', () => {
    const { p, truck } = clearField();
    const u = p.place('B-I1', '1506');
    const order: MoveOrder = { units: [u], leaders: [], path: path(p, '1505', '1506', '1507', '1508'), transport: { truck, pickup: 1 } };
    let asked = 0;
    const bol = scripted('BOL', { build: () => [], move: () => (asked++ === 0 ? order : null) });
    movementPhase(testGame(p.state, [], undefined, bol), BOL, false);
    expect(p.state.loc_u[u]).toBe(p.hex('1508'));
    expect(p.state.loc_t[truck]).toBe(p.hex('1508'));
    // The truck used its 8 MP: 2 to drive, 2 to load, 4 to carry. It is no longer movable.
    const second = bol.asked.filter((d) => d.kind === 'move')[1] as Extract<(typeof bol.asked)[number], { kind: 'move' }>;
    expect(second.movable.trucks).not.toContain(truck);
    expect(second.movable.units).not.toContain(u);
  });

  test("the 2 MP pickup counts against the truck's MF (10.4)", () => {
    const { p, truck, ps } = clearField();
    const u = p.place('B-I1', '1506');
    const order: MoveOrder = {
      units: [u],
      leaders: [],
      path: path(p, '1505', '1506', '1507', '1508', '1509'),
      transport: { truck, pickup: 1 },
    };
    expect(moveProblem(p.state, ps, BOL, order, false, null)).toMatch(/^10\.4/);
  });

  test('a truck carries one combat unit or two CSP, never armor', () => {
    const { p, truck, ps } = clearField();
    const a = p.place('B-I1', '1505'),
      b = p.place('B-I2', '1505'),
      k = p.place('B-K1', '1505');
    p.state.csp_hs[p.hex('1505') * 2 + BOL] = 3;
    const to = path(p, '1505', '1506');
    expect(moveProblem(p.state, ps, BOL, { units: [a, b], leaders: [], path: to, transport: { truck, pickup: 0 } }, false, null)).toMatch(
      /one combat unit or two CSP/,
    );
    expect(
      moveProblem(p.state, ps, BOL, { units: [], leaders: [], csp: 3, path: to, transport: { truck, pickup: 0 } }, false, null),
    ).toMatch(/two CSP/);
    expect(moveProblem(p.state, ps, BOL, { units: [k], leaders: [], path: to, transport: { truck, pickup: 0 } }, false, null)).toMatch(
      /armor/,
    );
    expect(
      moveProblem(p.state, ps, BOL, { units: [], leaders: [], csp: 2, path: to, transport: { truck, pickup: 0 } }, false, null),
    ).toBeNull();
  });

  test('carried units spend no MP of their own: a unit that has moved cannot be carried', () => {
    const { p, truck } = clearField();
    const u = p.place('B-I1', '1505');
    const orders: MoveOrder[] = [
      { units: [u], leaders: [], path: path(p, '1505', '1506') },
      { units: [u], leaders: [], path: path(p, '1506', '1507'), transport: { truck, pickup: 0 } },
    ];
    const bol = scripted('BOL', { build: () => [], move: () => orders.shift() ?? null });
    p.state.loc_t[truck] = p.hex('1506');
    expect(() => movementPhase(testGame(p.state, [], undefined, bol), BOL, false)).toThrow(/already moved/);
  });

  test('any number of leaders ride along with the cargo', () => {
    const { p, truck } = clearField();
    const u = p.place('B-I1', '1505');
    const l1 = p.placeLeader('B-PENA', '1505'),
      l2 = p.placeLeader('B-PENAR', '1505');
    const order: MoveOrder = { units: [u], leaders: [l1, l2], path: path(p, '1505', '1506', '1507'), transport: { truck, pickup: 0 } };
    let n = 0;
    const bol = scripted('BOL', { build: () => [], move: () => (n++ === 0 ? order : null) });
    movementPhase(testGame(p.state, [], undefined, bol), BOL, false);
    expect([p.state.loc_l[l1], p.state.loc_l[l2]]).toEqual([p.hex('1507'), p.hex('1507')]);
  });
});

describe("10.11 a loaded truck moves as one unit at the truck's rate", () => {
  // A road down column 15, rows 1-20: a truck (MF 8) pays 1/3 MP a road hex, a leader or the GHQ 1/2.
  function roadField() {
    const rows = Array.from({ length: 20 }, (_, i) => `15${String(i + 1).padStart(2, '0')}`);
    const p = position({ fill: 'clear', rows: [1, 20], roads: [rows.join(' ')] });
    const truck = 2;
    p.state.loc_t[truck] = p.hex('1501');
    return { p, truck, ps: pathSearchFor(p.map), road: (n: number) => rows.slice(0, n + 1).map((l) => p.hex(l)) };
  }

  test('10.11 a truck carrying a leader moves at the motorised rate', () => {
    const { p, truck, ps, road } = roadField();
    const u = p.place('B-I1', '1501');
    const l = p.placeLeader('B-PENA', '1501');
    // 2 MP to load, then 15 road hexes at 1/3 MP = 5 MP: 7 of the truck's 8. At the leader's 1/2 MP it would need 9.5.
    const order: MoveOrder = { units: [u], leaders: [l], path: road(15), transport: { truck, pickup: 0 } };
    expect(moveProblem(p.state, ps, BOL, order, false, null)).toBeNull();
    // 19 road hexes (6 1/3 MP) and the 2 MP pickup exceed the truck's own MF: the leader does not lend it his 12.
    expect(moveProblem(p.state, ps, BOL, { ...order, path: road(19) }, false, null)).toMatch(/^10\.4/);
    let n = 0;
    const bol = scripted('BOL', { build: () => [], move: () => (n++ === 0 ? order : null) });
    movementPhase(testGame(p.state, [], undefined, bol), BOL, false);
    expect([p.state.loc_u[u], p.state.loc_l[l], p.state.loc_t[truck]]).toEqual([p.hex('1516'), p.hex('1516'), p.hex('1516')]);
  });

  test("10.11 a truck carrying the GHQ moves at the motorised rate and the truck's MF, not the GHQ's 6", () => {
    const { p, truck, ps, road } = roadField();
    p.state.ghq_s[BOL] = p.hex('1501');
    // 2 MP to load, 15 road hexes at 1/3 MP: 7 MP, more than the GHQ's own MF of 6.
    const order: MoveOrder = { units: [], leaders: [], ghq: true, path: road(15), transport: { truck, pickup: 0 } };
    expect(moveProblem(p.state, ps, BOL, order, false, null)).toBeNull();
  });
});

describe('14.6 wells', () => {
  test('a unit moving through a well hex may destroy the well', () => {
    const p = position();
    p.state.well_h[p.hex('1506')] = 1;
    const u = p.place('B-I1', '1505');
    const order: MoveOrder = { units: [u], leaders: [], path: [p.hex('1505'), p.hex('1506'), p.hex('1507')], destroyWells: true };
    let n = 0;
    const bol = scripted('BOL', { build: () => [], move: () => (n++ === 0 ? order : null) });
    movementPhase(testGame(p.state, [], undefined, bol), BOL, false);
    expect(p.state.well_h[p.hex('1506')]).toBe(0);
  });
});
