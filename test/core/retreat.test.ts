import { describe, expect, test } from 'vitest';
import { prepareCombat, type Attack } from '../../src/core/combat.js';
import {
  RETREAT,
  ROUT,
  armorRetreatApplies,
  canAdvance,
  defenderOccupiableHexes,
  hexLeader,
  retreatCheck,
  retreatHexes,
  routCutShortByEzoc,
  routPath,
  routStepCost,
  vacatedDefendingHexes,
} from '../../src/core/retreat.js';
import { BOL, PAR, type Side } from '../../src/core/side.js';
import { IN_DEAD, setUnitLoc } from '../../src/core/state.js';
import { LOSS_10, LOSS_25, LOSS_NONE, PROHIBITED, RETREAT_CHECK } from '../../src/core/tables.js';
import { WORKS_ENTRENCHMENT } from '../../src/core/map.js';
import { position, type Position, type PositionSpec } from '../helpers/position.js';

function attackOf(p: Position, side: Side, attackers: string[], hexes: string[]): Attack {
  return {
    side,
    attackers: attackers.map(p.unit),
    hexes: hexes.map(p.hex),
    leaders: [],
    combatSupply_u: new Uint8Array(p.state.loc_u.length).fill(1),
    attackerAir: false,
    defenderAir: false,
  };
}

const labels = (p: Position, hexes: number[]) =>
  hexes.map((h) => p.state.map.grid.column_h[h]! * 100 + p.state.map.grid.row_h[h]!).map((n) => String(n).padStart(4, '0'));

describe('12.7, 13.1 the retreat/rout check (I-30)', () => {
  test('12.7, I-30 the leader with the greatest political rating in the hex modifies the roll; ties: the better command', () => {
    const p = position();
    const u = p.place('B-I2', '1406');
    expect(retreatCheck(p.state, u, false, 2)).toMatchObject({ leader: -1, modifier: 0, modified: 2, result: ROUT });
    p.placeLeader('B-PENA', '1406'); // political 3, command -1
    expect(retreatCheck(p.state, u, false, 3)).toMatchObject({ modifier: -1, modified: 2, result: ROUT });
    p.placeLeader('B-PENAR', '1406'); // political 3, command +1
    expect(hexLeader(p.state, p.hex('1406'), BOL)).toBe(p.leader('B-PENAR'));
    expect(retreatCheck(p.state, u, false, 2)).toMatchObject({ modifier: 1, modified: 3, result: RETREAT });
  });

  test('12.8 Retreat/Rout Table: Bolivia routs on 2 or less, Paraguay only on 1 or less', () => {
    const p = position();
    const b = p.place('B-I2', '1406'),
      q = p.place('P-I2', '1408');
    expect([1, 2, 3].map((r) => retreatCheck(p.state, b, false, r).result)).toEqual([ROUT, ROUT, RETREAT]);
    expect([1, 2, 3].map((r) => retreatCheck(p.state, q, false, r).result)).toEqual([ROUT, RETREAT, RETREAT]);
  });

  /** B-K1 and B-I2 in 1405 attack P-I2 in Clear 1406. */
  function armorAttack(spec: PositionSpec = {}, withArmor = true) {
    const p = position({ terrain: { '1406': 'clear' }, ...spec });
    p.place('B-K1', '1405');
    p.place('B-I2', '1405');
    p.placeLeader('B-B', '1405');
    const q = p.place('P-I2', '1406');
    const setup = prepareCombat(p.state, attackOf(p, BOL, withArmor ? ['B-K1', 'B-I2'] : ['B-I2'], ['1406']), null);
    return { p, q, setup };
  }

  test('13.1 Bolivian armor, an R result and the defenders in open Clear: the Paraguayan roll is -1', () => {
    const { p, q, setup } = armorAttack();
    const code = LOSS_25 | RETREAT_CHECK;
    expect(armorRetreatApplies(p.state, setup, code)).toBe(true);
    expect(retreatCheck(p.state, q, true, 2)).toMatchObject({ modifier: -1, modified: 1, result: ROUT });
    expect(retreatCheck(p.state, q, false, 2).result).toBe(RETREAT);
  });

  test('13.1 no armor modifier without armor, without an R, or with the defenders entrenched', () => {
    const infantry = armorAttack({}, false);
    expect(armorRetreatApplies(infantry.p.state, infantry.setup, LOSS_25 | RETREAT_CHECK)).toBe(false);
    const plain = armorAttack();
    expect(armorRetreatApplies(plain.p.state, plain.setup, LOSS_25)).toBe(false);
    const dug = position({ terrain: { '1406': 'clear' }, places: [{ hex: '1406', settlement: false, works: 'entrenchment' }] });
    dug.place('B-K1', '1405');
    dug.placeLeader('B-B', '1405');
    dug.place('P-I2', '1406');
    const s = prepareCombat(dug.state, attackOf(dug, BOL, ['B-K1'], ['1406']), null);
    expect(armorRetreatApplies(dug.state, s, LOSS_25 | RETREAT_CHECK)).toBe(false);
  });

  test('13.1 exactly half the defender strength in Clear is not more than half', () => {
    const p = position({ terrain: { '1406': 'clear' } });
    p.place('B-K1', '1405');
    p.placeLeader('B-B', '1405');
    p.place('P-I2', '1406'); // 4 in Clear
    p.place('P-I4', '1505'); // 4 in Bush
    const s = prepareCombat(p.state, attackOf(p, BOL, ['B-K1'], ['1406', '1505']), null);
    expect(armorRetreatApplies(p.state, s, LOSS_25 | RETREAT_CHECK)).toBe(false);
    p.state.reduced_u[p.unit('P-I4')] = 1; // 4 against 2
    const s2 = prepareCombat(p.state, attackOf(p, BOL, ['B-K1'], ['1406', '1505']), null);
    expect(armorRetreatApplies(p.state, s2, LOSS_25 | RETREAT_CHECK)).toBe(true);
  });
});

describe('12.8 retreat (I-31)', () => {
  /** B-I2 in 1406 attacked from 1405 (north). */
  function retreatFrom(spec: PositionSpec = {}) {
    const p = position(spec);
    p.place('P-I1', '1405');
    const u = p.place('B-I2', '1406');
    return { p, u, from: [p.hex('1405')] };
  }

  test('12.8 a retreat is one hex, not adjacent to any hex the attack came from', () => {
    const { p, u, from } = retreatFrom();
    expect(labels(p, retreatHexes(p.state, u, from))).toEqual(['1506', '1407', '1306']);
  });

  test('12.8, 7.5 not into an unnegated EZOC; a friendly combat unit there negates it (7.8)', () => {
    const { p, u, from } = retreatFrom();
    p.place('P-I3', '1206'); // ZOC into 1306
    expect(labels(p, retreatHexes(p.state, u, from))).toEqual(['1506', '1407']);
    p.place('B-E1', '1306');
    expect(labels(p, retreatHexes(p.state, u, from))).toEqual(['1506', '1407', '1306']);
  });

  test('12.8 not across a river hexside', () => {
    const { p, u, from } = retreatFrom({ rivers: [['1406/1407']] });
    expect(labels(p, retreatHexes(p.state, u, from))).toEqual(['1506', '1306']);
  });

  test('12.8, 11.2 within stacking: four units fill a Bush hex (engineers do not count); works allow six', () => {
    const { p, u, from } = retreatFrom();
    for (const id of ['B-I1', 'B-I3', 'B-I4']) p.place(id, '1506');
    p.place('B-E1', '1506');
    expect(labels(p, retreatHexes(p.state, u, from))).toEqual(['1506', '1407', '1306']);
    p.place('B-I5', '1506');
    expect(labels(p, retreatHexes(p.state, u, from))).toEqual(['1407', '1306']);
    p.state.works_h[p.hex('1506')] = WORKS_ENTRENCHMENT;
    expect(labels(p, retreatHexes(p.state, u, from))).toEqual(['1506', '1407', '1306']);
  });

  test('10.9 artillery cannot retreat into Marsh', () => {
    const { p, u, from } = retreatFrom({ terrain: { '1407': 'marsh' } });
    const art = p.place('B-A1', '1406');
    expect(labels(p, retreatHexes(p.state, u, from))).toContain('1407');
    expect(labels(p, retreatHexes(p.state, art, from))).not.toContain('1407');
  });

  test('I-31 with no legal hex the list is empty (the unit loses a step in place)', () => {
    const { p, u, from } = retreatFrom({ rivers: [['1406/1407']] });
    p.place('P-I3', '1206'); // EZOC on 1306
    p.place('P-I4', '1606'); // EZOC on 1506 (1606 touches 1506)
    expect(retreatHexes(p.state, u, from)).toEqual([]);
  });
});

describe('12.8 rout (I-32)', () => {
  /** One column of hexes, 1401 to 1412: P-x in 1402 routs from B-I2 in 1401. */
  function column(spec: PositionSpec = {}, id = 'P-I2') {
    const p = position({ cols: [14, 14], fill: 'clear', ...spec });
    p.place('B-I2', '1401');
    const u = p.place(id, '1402');
    return { p, u, from: [p.hex('1401')] };
  }

  test('I-32 a rout spends up to its MF paying terrain costs: 6 MP is six Clear hexes, or Bush at 2', () => {
    const a = column();
    expect(labels(a.p, routPath(a.p.state, a.u, a.from))).toEqual(['1403', '1404', '1405', '1406', '1407', '1408']);
    const b = column({ terrain: { '1405': 'bush' } });
    expect(labels(b.p, routPath(b.p.state, b.u, b.from))).toEqual(['1403', '1404', '1405', '1406', '1407']);
  });

  test('10.13 mounted cavalry routs 8 MP', () => {
    const off = column({}, 'P-C1');
    expect(routPath(off.p.state, off.u, off.from)).toHaveLength(6);
    const on = column({ options: ['mountedCavalry=true'] }, 'P-C1');
    expect(routPath(on.p.state, on.u, on.from)).toHaveLength(8);
  });

  test('12.8 a rout stops after at least one hex on entering a hex with a friendly leader, the GHQ or works', () => {
    const a = column();
    a.p.placeLeader('P-A', '1404');
    expect(labels(a.p, routPath(a.p.state, a.u, a.from))).toEqual(['1403', '1404']);
    const b = column();
    b.p.state.ghq_s[PAR] = b.p.hex('1405');
    expect(labels(b.p, routPath(b.p.state, b.u, b.from))).toEqual(['1403', '1404', '1405']);
    const c = column();
    c.p.state.works_h[c.p.hex('1403')] = WORKS_ENTRENCHMENT;
    expect(labels(c.p, routPath(c.p.state, c.u, c.from))).toEqual(['1403']);
    const d = column();
    d.p.placeLeader('P-A', '1402'); // a leader in the starting hex does not stop it
    expect(routPath(d.p.state, d.u, d.from)).toHaveLength(6);
  });

  test('12.8 a rout never crosses a river; with no legal first hex the unit loses a step in place', () => {
    const a = column({ rivers: [['1404/1405']] });
    expect(labels(a.p, routPath(a.p.state, a.u, a.from))).toEqual(['1403', '1404']);
    const b = column({ rivers: [['1402/1403']] });
    expect(routPath(b.p.state, b.u, b.from)).toEqual([]);
  });

  test('12.8 a rout never enters an EZOC, even one a friendly unit negates', () => {
    const p = position({ cols: [14, 15], fill: 'clear' });
    p.place('B-I2', '1404');
    const u = p.place('P-I2', '1405');
    p.place('B-I3', '1507'); // ZOC into 1407, 1408, 1506, 1508
    p.place('P-I4', '1407'); // negates the EZOC in 1407 for retreats, not for routs
    // Only 1406 and 1505 can be entered; both are 2 hexes from 1404: the lower hex number.
    expect(labels(p, routPath(p.state, u, [p.hex('1404')]))).toEqual(['1406']);
  });

  test('I-32 the end is the hex farthest from the attackers, then nearest a friendly supply source, then the lowest number', () => {
    const spec: PositionSpec = { cols: [13, 15], fill: 'clear' };
    const a = column(spec);
    // 1307, 1408 and 1507 are all 7 hexes from 1401 and 6 MP away: the lowest number wins.
    expect(labels(a.p, routPath(a.p.state, a.u, a.from)).at(-1)).toBe('1307');
    const b = column({ ...spec, sources: [{ hex: '1412', side: 'PAR' }] });
    // 1408 is 4 hexes from the source at 1412; 1307 and 1507 are 5.
    expect(labels(b.p, routPath(b.p.state, b.u, b.from)).at(-1)).toBe('1408');
  });

  test('11.2 reading: the rout must end within stacking, though it may pass through a full hex', () => {
    const a = column();
    for (const id of ['P-I1', 'P-I3', 'P-I4', 'P-I5', 'P-C1', 'P-A1']) a.p.place(id, '1408');
    expect(labels(a.p, routPath(a.p.state, a.u, a.from)).at(-1)).toBe('1407');
    const b = column();
    for (const id of ['P-I1', 'P-I3', 'P-I4', 'P-I5', 'P-C1', 'P-A1']) b.p.place(id, '1404');
    expect(labels(b.p, routPath(b.p.state, b.u, b.from)).at(-1)).toBe('1408');
  });

  test('12.8 routs may enter enemy-controlled hexes but not enemy combat units', () => {
    const a = column({ places: [{ hex: '1404' }], control: { '1404': 'BOL' } });
    expect(routPath(a.p.state, a.u, a.from)).toHaveLength(6);
    const b = column();
    b.p.place('B-A1', '1405'); // artillery: no ZOC, but a unit the rout cannot enter
    expect(labels(b.p, routPath(b.p.state, b.u, b.from))).toEqual(['1403', '1404']);
  });

  test('7.5 a rout that an EZOC stops short of where it could have gone is cut short (I-70)', () => {
    const a = column({ cols: [14, 15] });
    a.p.place('B-I3', '1506'); // ZOC into 1406 and 1407 (and 1505, 1507): the column is closed after 1405
    const path = routPath(a.p.state, a.u, a.from);
    expect(labels(a.p, path)).toEqual(['1403', '1404', '1405']);
    expect(routCutShortByEzoc(a.p.state, a.u, a.from, path)).toBe(true);
  });

  test('7.5 a rout that ends on its MF, a rout-stop hex or a river is not cut short by EZOCs beyond (I-70)', () => {
    const spent = column({ cols: [14, 15] });
    spent.p.place('B-I3', '1510'); // ZOC into 1410 and 1411, beyond the six Clear hexes the unit can pay for
    const a = routPath(spent.p.state, spent.u, spent.from);
    expect(labels(spent.p, a).at(-1)).toBe('1408');
    expect(routCutShortByEzoc(spent.p.state, spent.u, spent.from, a)).toBe(false);
    const stop = column();
    stop.p.placeLeader('P-A', '1404'); // the rout stops with the leader (12.8)...
    stop.p.place('B-I3', '1406'); // ...before the ZOC in 1405 matters
    const b = routPath(stop.p.state, stop.u, stop.from);
    expect(labels(stop.p, b)).toEqual(['1403', '1404']);
    expect(routCutShortByEzoc(stop.p.state, stop.u, stop.from, b)).toBe(false);
    const river = column({ cols: [14, 14], rivers: [['1404/1405']] });
    river.p.place('B-I3', '1406'); // its ZOC does not cross the river into 1405 and the river stops the rout first
    const c = routPath(river.p.state, river.u, river.from);
    expect(labels(river.p, c)).toEqual(['1403', '1404']);
    expect(routCutShortByEzoc(river.p.state, river.u, river.from, c)).toBe(false);
  });

  test('10.4, 10.7 rout step costs in sixths: Clear 6, Bush 12, road 3, river prohibited', () => {
    const p = position({ terrain: { '1406': 'clear' }, roads: ['1405 1505'], rivers: [['1405/1404']] });
    const u = p.place('P-I1', '1405');
    expect(routStepCost(p.state, u, p.hex('1405'), p.hex('1406'))).toBe(6);
    expect(routStepCost(p.state, u, p.hex('1405'), p.hex('1305'))).toBe(12);
    expect(routStepCost(p.state, u, p.hex('1405'), p.hex('1505'))).toBe(3);
    expect(routStepCost(p.state, u, p.hex('1405'), p.hex('1404'))).toBe(PROHIBITED);
  });
});

describe('12.11 advance after combat (I-33)', () => {
  function won(spec: PositionSpec = {}) {
    const p = position(spec);
    p.place('P-I1', '1405');
    p.place('P-A1', '1405');
    p.placeLeader('P-FRANCO', '1405');
    const d = p.place('B-I2', '1406');
    const setup = prepareCombat(p.state, attackOf(p, PAR, ['P-I1', 'P-A1'], ['1406']), null);
    return { p, d, setup };
  }

  test('12.11 the emptied defending hex is open to the attackers, who ignore EZOCs (7.6)', () => {
    const { p, d, setup } = won();
    expect(vacatedDefendingHexes(p.state, setup)).toEqual([]);
    setUnitLoc(p.state, d, IN_DEAD);
    p.place('B-I3', '1407'); // ZOC into 1406
    expect(vacatedDefendingHexes(p.state, setup)).toEqual([p.hex('1406')]);
    expect(canAdvance(p.state, p.unit('P-I1'), p.hex('1406'))).toBe(true);
  });

  test('10.9, 12.11 artillery may not advance into Marsh', () => {
    const { p, d } = won({ terrain: { '1406': 'marsh' } });
    setUnitLoc(p.state, d, IN_DEAD);
    expect(canAdvance(p.state, p.unit('P-I1'), p.hex('1406'))).toBe(true);
    expect(canAdvance(p.state, p.unit('P-A1'), p.hex('1406'))).toBe(false);
  });

  test("12.11 the defenders may occupy the attackers' vacated hexes only after the attackers are gone and on a 10 or -", () => {
    const { p, setup } = won();
    expect(defenderOccupiableHexes(p.state, setup, LOSS_NONE)).toEqual([]); // the attackers are still there
    setUnitLoc(p.state, p.unit('P-I1'), IN_DEAD);
    setUnitLoc(p.state, p.unit('P-A1'), p.hex('1403')); // retreated
    expect(defenderOccupiableHexes(p.state, setup, LOSS_NONE)).toEqual([p.hex('1405')]);
    expect(defenderOccupiableHexes(p.state, setup, LOSS_10)).toEqual([p.hex('1405')]);
    expect(defenderOccupiableHexes(p.state, setup, LOSS_25)).toEqual([]);
  });
});
