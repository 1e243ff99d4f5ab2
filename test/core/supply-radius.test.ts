import { describe, expect, test } from 'vitest';
import {
  combatSupplyHexes,
  cspPlacementHexes,
  generalSupply,
  hasCombatSupply,
  traceLoc,
  type GeneralSupply,
} from '../../src/core/supply.js';
import { BOL, PAR } from '../../src/core/side.js';
import { boxLocation, setLeaderLoc, setUnitLoc } from '../../src/core/state.js';
import { position, type Position } from '../helpers/position.js';

const SRC = { sources: [{ hex: '1412', side: 'PAR' as const }] };

/** General Supply of PAR with the GHQ at `ghq` and the radius given (the LOC only decides whether the GHQ projects). */
function supplied(p: Position, ghq: string | null, radius?: number): GeneralSupply {
  if (ghq) p.state.ghq_s[PAR] = p.hex(ghq);
  return generalSupply(p.state, PAR, traceLoc(p.state, PAR), radius);
}

const inSupply = (p: Position, gs: GeneralSupply, id: string) => gs.inSupply_u[p.unit(id)] === 1;
const oos = (p: Position, gs: GeneralSupply, id: string) => gs.oos_l[p.leader(id)] === 1;

describe('8.7 supply radius', () => {
  test('8.7 the GHQ reaches a unit 4 Bush hexes away (8 MP) but not one 5 hexes away (10 MP)', () => {
    const p = position(SRC);
    p.place('P-I1', '1404');
    p.place('P-I2', '1403');
    const gs = supplied(p, '1408');
    expect(gs.radius).toBe(8); // LOC 12
    expect(gs.ghqOos).toBe(false);
    expect(inSupply(p, gs, 'P-I1')).toBe(true);
    expect(inSupply(p, gs, 'P-I2')).toBe(false);
  });

  test('8.7 the radius follows a road at 1/2 MP a hex, and at 1 MP in the rainy season with its radius 6', () => {
    const p = position({ ...SRC, roads: ['1408 1407 1406 1405 1404 1403 1402 1401'] });
    p.place('P-I1', '1401'); // 7 road hexes from the GHQ
    expect(inSupply(p, supplied(p, '1408'), 'P-I1')).toBe(true);
    p.state.rainy = true;
    const gs = supplied(p, '1408');
    expect(gs.radius).toBe(6); // rainy LOC 24
    expect(inSupply(p, gs, 'P-I1')).toBe(false);
  });

  test('8.7 the radius cannot enter unnegated EZOCs; friendly combat units negate them (7.8); a truce lifts them (I-7)', () => {
    const p = position(SRC);
    p.place('P-I1', '1405');
    p.place('B-I1', '1306');
    p.place('B-I2', '1606');
    expect(inSupply(p, supplied(p, '1408'), 'P-I1')).toBe(false);
    p.place('P-A1', '1407');
    p.place('P-E1', '1406');
    expect(inSupply(p, supplied(p, '1408'), 'P-I1')).toBe(true);
    setUnitLoc(p.state, p.unit('P-A1'), -1);
    setUnitLoc(p.state, p.unit('P-E1'), -1);
    p.state.truce = true;
    expect(inSupply(p, supplied(p, '1408'), 'P-I1')).toBe(true);
  });

  test('8.7 the radius cannot enter enemy combat units or enemy-controlled settlements', () => {
    const spec = { ...SRC, cols: [14, 14] as [number, number], places: [{ hex: '1406' }], control: { '1406': 'BOL' as const } };
    const p = position(spec);
    p.place('P-I1', '1405');
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I1')).toBe(false);
    p.state.control_h[p.hex('1406')] = PAR;
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I1')).toBe(true);
    p.place('B-A1', '1407'); // no ZOC, but it is there
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I1')).toBe(false);
  });

  test('8.7 the radius cannot enter prohibited terrain: Marsh in the rainy season', () => {
    const p = position({ ...SRC, cols: [14, 14], terrain: { '1407': 'marsh' } });
    p.place('P-I1', '1406');
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I1')).toBe(true); // Marsh 3 + Bush 2
    p.state.rainy = true;
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I1')).toBe(false);
  });

  test('10.5 a river hexside adds 2 MP to the radius, 1 with a friendly engineer beside it; rainy: only with an engineer', () => {
    const p = position({ ...SRC, cols: [14, 14], rivers: [['1406/1407']] });
    p.place('P-I1', '1405'); // 1407 (2) + river (2) + 1406 (2) + 1405 (2) = 8
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I1')).toBe(true);
    expect(inSupply(p, supplied(p, '1408', 7), 'P-I1')).toBe(false);
    p.place('P-E1', '1407');
    expect(inSupply(p, supplied(p, '1408', 7), 'P-I1')).toBe(true);
    p.state.rainy = true;
    p.place('P-I2', '1406'); // rainy: 1407 (3) + river with engineer (2) + 1406 (3) = 8
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I2')).toBe(true);
    setUnitLoc(p.state, p.unit('P-E1'), -1);
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I2')).toBe(false);
  });

  test('10.5 the ferry hexside lets the radius cross in the rainy season without an engineer (+2 MP); the LOC only as a river', () => {
    const p = position({ ...SRC, cols: [14, 14], rivers: [['1406/1407']], ferry: '1406/1407' });
    p.place('P-I1', '1406'); // dry: 1407 (2) + ferry (1) + 1406 (2) = 5
    expect(inSupply(p, supplied(p, '1408', 5), 'P-I1')).toBe(true);
    expect(inSupply(p, supplied(p, '1408', 4), 'P-I1')).toBe(false);
    p.state.rainy = true; // 1407 (3) + ferry (2) + 1406 (3) = 8
    expect(inSupply(p, supplied(p, '1408', 8), 'P-I1')).toBe(true);
    expect(inSupply(p, supplied(p, '1408', 7), 'P-I1')).toBe(false);
    p.state.ghq_s[PAR] = p.hex('1405');
    expect(traceLoc(p.state, PAR).length).toBe(-1); // the ferry is "as river" for an LOC (TEC)
  });

  test('8.11 an attached truck measures the whole path in mech MP: far along the road, never off it', () => {
    const roadHexes = Array.from({ length: 30 }, (_, i) => `14${String(30 - i).padStart(2, '0')}`).join(' ');
    const p = position({ cols: [14, 15], rows: [1, 30], sources: [{ hex: '1430', side: 'PAR' }], roads: [roadHexes] });
    p.place('P-I1', '1412'); // 18 road hexes: 9 MP non-mech, 6 MP mech
    p.place('P-I2', '1512'); // one Bush hex off the road beside 1412: mech cannot enter Bush
    let gs = supplied(p, null, 8);
    expect(inSupply(p, gs, 'P-I1')).toBe(false);
    p.state.loc_t[0] = p.hex('1430');
    p.state.attached_t[0] = 1;
    gs = supplied(p, null, 8);
    expect(inSupply(p, gs, 'P-I1')).toBe(true);
    expect(inSupply(p, gs, 'P-I2')).toBe(false);
    p.state.attached_t[0] = 0; // an unattached truck does nothing
    expect(inSupply(p, supplied(p, null, 8), 'P-I1')).toBe(false);
  });

  test('8.9 a leader in General Supply extends the radius; a leader out of it does not and is OOS', () => {
    const p = position(SRC);
    p.placeLeader('P-FRANCO', '1404'); // 8 MP from the GHQ
    p.place('P-I1', '1401'); // 3 hexes beyond Franco, 7 from the GHQ
    p.placeLeader('P-A', '1911'); // out of every radius
    p.place('P-I2', '1910'); // beside him
    let gs = supplied(p, '1408');
    expect(oos(p, gs, 'P-FRANCO')).toBe(false);
    expect(inSupply(p, gs, 'P-I1')).toBe(true);
    expect(oos(p, gs, 'P-A')).toBe(true);
    expect(inSupply(p, gs, 'P-I2')).toBe(false);
    setLeaderLoc(p.state, p.leader('P-FRANCO'), p.hex('1403')); // now 10 MP away: the chain breaks
    gs = supplied(p, '1408');
    expect(oos(p, gs, 'P-FRANCO')).toBe(true);
    expect(inSupply(p, gs, 'P-I1')).toBe(false);
  });

  test('8.8 a depot projects the radius', () => {
    const p = position(SRC);
    p.place('P-I1', '1402');
    expect(inSupply(p, supplied(p, '1408'), 'P-I1')).toBe(false);
    p.state.depot_h[p.hex('1406')] = 1;
    expect(inSupply(p, supplied(p, '1408'), 'P-I1')).toBe(true);
  });

  test('8.5 a GHQ without an LOC is out of supply and projects nothing; its leaders are OOS', () => {
    const p = position(); // no sources
    p.place('P-I1', '1407');
    p.placeLeader('P-ESTIG', '1408');
    const gs = supplied(p, '1408');
    expect(gs.ghqOos).toBe(true);
    expect(gs.radius).toBe(4);
    expect(inSupply(p, gs, 'P-I1')).toBe(false);
    expect(oos(p, gs, 'P-ESTIG')).toBe(true);
  });

  test('8.4 a unit on a usable source hex is in General Supply with the GHQ off the map', () => {
    const p = position(SRC);
    p.place('P-I1', '1412');
    p.place('P-I2', '1408');
    const gs = supplied(p, null);
    expect(gs.ghqOos).toBe(true);
    expect(inSupply(p, gs, 'P-I1')).toBe(true);
    expect(inSupply(p, gs, 'P-I2')).toBe(false); // 8 MP from the source; with no LOC the radius is 4 (8.7)
  });

  test('10.12 units and leaders in off-map boxes are in General Supply', () => {
    const p = position();
    setUnitLoc(p.state, p.unit('P-I1'), boxLocation(0));
    setLeaderLoc(p.state, p.leader('P-FRANCO'), boxLocation(0));
    p.place('P-I2', '1405');
    const gs = supplied(p, null);
    expect(inSupply(p, gs, 'P-I1')).toBe(true);
    expect(oos(p, gs, 'P-FRANCO')).toBe(false);
    expect(inSupply(p, gs, 'P-I2')).toBe(false);
  });

  test('8.3 only the side in question is judged: the other side keeps its state values', () => {
    const p = position(SRC);
    const b = p.place('B-I1', '1101');
    p.state.inSupply_u[b] = 1;
    const gs = supplied(p, '1408');
    expect(gs.inSupply_u[b]).toBe(1);
  });
});

describe('12.12 combat supply', () => {
  test('12.12 a unit stacked with a CSP has combat supply from that hex', () => {
    const p = position();
    p.place('P-I1', '1405');
    expect(hasCombatSupply(p.state, PAR, p.hex('1405'))).toBe(false);
    p.state.csp_hs[p.hex('1405') * 2 + PAR] = 1;
    expect(combatSupplyHexes(p.state, PAR, p.hex('1405'))).toEqual([p.hex('1405')]);
    expect(hasCombatSupply(p.state, BOL, p.hex('1405'))).toBe(false);
  });

  test('12.12 a leader with a CSP serves units within the current radius (state.radius_s), not beyond', () => {
    const p = position();
    p.place('P-I1', '1405');
    p.placeLeader('P-FRANCO', '1409');
    p.state.csp_hs[p.hex('1409') * 2 + PAR] = 2;
    p.state.radius_s[PAR] = 8;
    expect(combatSupplyHexes(p.state, PAR, p.hex('1405'))).toEqual([p.hex('1409')]);
    p.state.radius_s[PAR] = 6;
    expect(combatSupplyHexes(p.state, PAR, p.hex('1405'))).toEqual([]);
  });

  test("12.12 the combat supply radius counts the unit's hex, not the leader's (8.7)", () => {
    const p = position({ cols: [14, 14], terrain: { '1408': 'marsh', '1406': 'clear' } });
    p.place('P-I1', '1406');
    p.placeLeader('P-FRANCO', '1408');
    p.state.csp_hs[p.hex('1408') * 2 + PAR] = 1;
    p.state.radius_s[PAR] = 3; // Bush 1407 (2) + Clear 1406 (1); the Marsh 1408 he stands on is not counted
    expect(hasCombatSupply(p.state, PAR, p.hex('1406'))).toBe(true);
    p.state.radius_s[PAR] = 2;
    expect(hasCombatSupply(p.state, PAR, p.hex('1406'))).toBe(false);
  });

  test('12.12 an out-of-supply leader or GHQ projects no combat supply radius (8.5, 8.7)', () => {
    const p = position();
    p.place('P-I1', '1405');
    const l = p.placeLeader('P-FRANCO', '1407');
    p.state.csp_hs[p.hex('1407') * 2 + PAR] = 1;
    p.state.oos_l[l] = 1;
    expect(hasCombatSupply(p.state, PAR, p.hex('1405'))).toBe(false);
    p.state.ghq_s[PAR] = p.hex('1407');
    expect(hasCombatSupply(p.state, PAR, p.hex('1405'))).toBe(true);
    p.state.ghqOos_s[PAR] = 1;
    expect(hasCombatSupply(p.state, PAR, p.hex('1405'))).toBe(false);
  });

  test('12.12 a usable supply source with a CSP serves units in its radius; one in an EZOC does not', () => {
    const p = position(SRC);
    p.place('P-I1', '1410');
    p.state.csp_hs[p.hex('1412') * 2 + PAR] = 1;
    expect(combatSupplyHexes(p.state, PAR, p.hex('1410'))).toEqual([p.hex('1412')]);
    p.place('B-I1', '1512'); // ZOC into the source 1412 (and 1411, on the way)
    expect(combatSupplyHexes(p.state, PAR, p.hex('1410'))).toEqual([]);
  });

  test('12.12 depots do not provide combat supply', () => {
    const p = position();
    p.place('P-I1', '1405');
    p.state.depot_h[p.hex('1407')] = 1;
    p.state.csp_hs[p.hex('1407') * 2 + PAR] = 1;
    expect(hasCombatSupply(p.state, PAR, p.hex('1405'))).toBe(false);
  });

  test('12.12 unnegated EZOCs block the combat supply radius; every serving hex is listed', () => {
    const p = position();
    p.place('P-I1', '1405');
    p.placeLeader('P-FRANCO', '1407');
    p.placeLeader('P-A', '1403');
    p.state.csp_hs[p.hex('1407') * 2 + PAR] = 1;
    p.state.csp_hs[p.hex('1403') * 2 + PAR] = 1;
    p.state.radius_s[PAR] = 4;
    expect(combatSupplyHexes(p.state, PAR, p.hex('1405'))).toEqual([p.hex('1403'), p.hex('1407')]);
    p.place('B-I1', '1306'); // ZOC into 1406 and 1305..: the only 4 MP way from 1407 is through 1406
    p.place('B-I2', '1606'); // and into 1506, 1505
    expect(combatSupplyHexes(p.state, PAR, p.hex('1405'))).toEqual([p.hex('1403')]);
  });

  test('8.11 a truck attached at the leader lets his combat supply radius run in mech MP along a road', () => {
    const p = position({ roads: ['1412 1411 1410 1409 1408 1407 1406 1405 1404 1403 1402 1401'] });
    p.place('P-I1', '1401');
    p.placeLeader('P-FRANCO', '1412');
    p.state.csp_hs[p.hex('1412') * 2 + PAR] = 1;
    p.state.radius_s[PAR] = 4; // 11 road hexes: 5.5 MP non-mech, 3.67 MP mech
    expect(hasCombatSupply(p.state, PAR, p.hex('1401'))).toBe(false);
    p.state.loc_t[0] = p.hex('1412');
    p.state.attached_t[0] = 1;
    expect(hasCombatSupply(p.state, PAR, p.hex('1401'))).toBe(true);
  });
});

describe('8.14 CSP placement', () => {
  test('8.14 CSP go on usable sources, the GHQ in supply, leaders in General Supply, and depots only with a leader (I-23)', () => {
    const p = position({
      sources: [
        { hex: '1412', side: 'PAR' },
        { hex: '1612', side: 'PAR' },
      ],
    });
    p.place('B-I1', '1711'); // ZOC into the source 1612
    p.state.ghq_s[PAR] = p.hex('1408');
    p.placeLeader('P-FRANCO', '1406');
    const out = p.placeLeader('P-A', '1102');
    p.state.oos_l[out] = 1;
    p.placeLeader('P-ESTIG', '1204');
    p.state.depot_h[p.hex('1204')] = 1;
    p.state.depot_h[p.hex('1210')] = 1;
    const hexes = cspPlacementHexes(p.state, PAR);
    expect(hexes).toEqual(['1204', '1406', '1408', '1412'].map((l) => p.hex(l)).sort((a, b) => a - b));
    p.state.ghqOos_s[PAR] = 1;
    expect(cspPlacementHexes(p.state, PAR)).not.toContain(p.hex('1408'));
  });
});
