// The rules' SUPPLY EXAMPLE (after 8.5), on a reconstructed all-Bush map: the printed diagram is
// not available, so the hexes are chosen to give every relation the example states.
import { describe, expect, test } from 'vitest';
import { compileCounters } from '../../src/data/compile-counters.js';
import { Issues } from '../../src/data/issues.js';
import { parseHex } from '../../src/core/hex.js';
import { NO_CONTROL, type Scenario, type SideSetup } from '../../src/core/scenario.js';
import { BOL, PAR } from '../../src/core/side.js';
import { DEFAULT_OPTIONS } from '../../src/core/options.js';
import { createState, setLeaderLoc, setUnitLoc, type GameState } from '../../src/core/state.js';
import { forcedDice } from '../../src/core/dice.js';
import {
  attritionCase,
  attritionModifier,
  generalSupply,
  hasWater,
  isolatedUnits,
  rollSupplyTable,
  traceLoc,
} from '../../src/core/supply.js';
import { gameTables, MINI_COUNTERS, miniMap } from '../helpers/position.js';

const roadA = Array.from({ length: 21 }, (_, i) => `20${String(i + 1).padStart(2, '0')}`).join(' '); // S1 2001 .. GHQ 2021
const roadB = Array.from({ length: 18 }, (_, i) => `${20 + i}14`).join(' '); // D2 2014 east to 3714

const UNITS: Record<string, string> = {
  U1: '2024',
  U5: '2013',
  U2: '2029',
  U6: '2027',
  U7: '2225',
  U10: '2825',
  U3: '1225',
  U4: '1629',
  U8: '3613',
  U9: '3615',
  U11: '1409',
  U12: '1407',
  U13: '3714',
};
const LEADERS: Record<string, string> = { L1: '2025', L2: '1625', L3: '2014', L4: '2425', L5: '1405' };

function example(rainy: boolean) {
  const map = miniMap({
    cols: [10, 37],
    rows: [1, 30],
    roads: [roadA, roadB],
    places: [
      { hex: '2008', name: 'D1' },
      { hex: '2014', name: 'D2' },
    ],
    sources: [
      { hex: '2001', side: 'BOL' },
      { hex: '1401', side: 'BOL' },
    ],
  });
  const issues = new Issues('example counters');
  const counters = compileCounters(
    {
      ...MINI_COUNTERS,
      units: [
        ...MINI_COUNTERS.units,
        ...Object.keys(UNITS).map((u) => ({ id: u, side: 'BOL', type: 'infantry', name: u, full: '4-5', reduced: '2-5' })),
      ],
      leaders: [
        ...MINI_COUNTERS.leaders,
        ...Object.keys(LEADERS).map((l) => ({ id: l, side: 'BOL', name: l, named: false, political: 0, command: 0, move: 12 })),
      ],
    },
    issues,
    false,
  )!;
  issues.throwIfAny();
  const control_h = new Uint8Array(map.grid.size).fill(NO_CONTROL);
  control_h[parseHex(map.grid, '2008')] = BOL;
  control_h[parseHex(map.grid, '2014')] = BOL;
  const side = (armyCommander: number): SideSetup => ({
    vp: 20,
    supplyRadius: -1,
    armyCommander,
    cup: [],
    entrenchmentMarkers: 0,
    mustEntrench: [],
    deploy: [],
    reinforcementPile: [],
  });
  const scenario: Scenario = {
    id: 'example',
    name: 'supply example',
    rule: '8',
    startMonth: 1932 * 12 + 8,
    turns: 1,
    about: [],
    map,
    counters,
    tables: gameTables(),
    sides: [side(counters.leaderIndex.get('P-ESTIG')!), side(counters.leaderIndex.get('B-PENA')!)],
    control_h,
    options: {},
  };
  const state: GameState = createState(scenario, DEFAULT_OPTIONS);
  state.rainy = rainy;
  const hex = (label: string) => parseHex(map.grid, label);
  for (const [u, label] of Object.entries(UNITS)) setUnitLoc(state, counters.unitIndex.get(u)!, hex(label));
  for (const [l, label] of Object.entries(LEADERS)) setLeaderLoc(state, counters.leaderIndex.get(l)!, hex(label));
  state.ghq_s[BOL] = hex('2021');
  setLeaderLoc(state, counters.leaderIndex.get('B-PENA')!, hex('2021')); // Peña stacked with the GHQ
  const truck = counters.trucks[PAR]; // trucks of PAR come first: this is the first Bolivian truck, attached at D2 with L3
  state.loc_t[truck] = hex('2014');
  state.attached_t[truck] = 1;
  const unit = (id: string) => counters.unitIndex.get(id)!;
  const leader = (id: string) => counters.leaderIndex.get(id)!;
  return { state, hex, unit, leader };
}

describe("8 the rules' supply example", () => {
  test('8.6 the LOC from S1 to the GHQ is 20 and both settlements on it may take depots; radius 8', () => {
    const { state, hex } = example(false);
    const loc = traceLoc(state, BOL);
    expect(loc.length).toBe(20);
    expect(loc.source).toBe(hex('2001')); // where the new truck is placed
    expect(loc.depotHexes).toEqual([hex('2008'), hex('2014')]);
  });

  test('8.9 the GHQ, depots, sources and a chain of leaders put everyone in supply except U8 and U9', () => {
    const { state, hex, unit, leader } = example(false);
    const loc = traceLoc(state, BOL);
    for (const d of loc.depotHexes) state.depot_h[d] = 1;
    const gs = generalSupply(state, BOL, loc);
    expect(gs.radius).toBe(8);
    expect(gs.ghqOos).toBe(false);
    const out = Object.keys(UNITS).filter((u) => gs.inSupply_u[unit(u)] === 0);
    expect(out).toEqual(['U8', 'U9']);
    for (const l of Object.keys(LEADERS)) expect(gs.oos_l[leader(l)], l).toBe(0);
    // U13 on the road 17 hexes east of D2 is reached only by L3's truck (mech 17/3 MP; non-mech 8.5 MP).
    state.attached_t[state.counters.trucks[PAR]] = 0;
    const noTruck = generalSupply(state, BOL, loc);
    expect(noTruck.inSupply_u[unit('U13')]).toBe(0);
    expect(state.loc_u[unit('U13')]).toBe(hex('3714'));
  });

  test('8.9 without L1 the chain breaks: L2, L4 and the units only they reach fall out of supply', () => {
    const { state, unit, leader } = example(false);
    setLeaderLoc(state, leader('L1'), -1);
    const loc = traceLoc(state, BOL);
    for (const d of loc.depotHexes) state.depot_h[d] = 1;
    const gs = generalSupply(state, BOL, loc);
    const out = Object.keys(UNITS).filter((u) => gs.inSupply_u[unit(u)] === 0);
    expect(out).toEqual(['U2', 'U6', 'U7', 'U10', 'U3', 'U4', 'U8', 'U9']);
    expect(gs.oos_l[leader('L2')]).toBe(1);
    expect(gs.oos_l[leader('L4')]).toBe(1);
    expect(gs.oos_l[leader('L5')]).toBe(0);
  });

  test('8.13 U8 and U9 roll attrition at -1: no water, not isolated', () => {
    const { state, unit } = example(false);
    const isolated = isolatedUnits(state, BOL);
    for (const u of ['U8', 'U9']) {
      expect(isolated[unit(u)]).toBe(0);
      expect(hasWater(state, state.loc_u[unit(u)]!)).toBe(false);
      expect(attritionModifier(state.tables, attritionCase(state, unit(u), false, false))).toBe(-1);
    }
  });

  test('8.2 the Bolivian roll of 6 with Peña (-1) stacked with the GHQ gives 4 CSP, 4 replacements and a truck', () => {
    const { state } = example(false);
    const roll = rollSupplyTable(state, BOL, traceLoc(state, BOL), forcedDice([6]));
    expect(roll).not.toBeNull();
    expect(roll!.modifier).toBe(-1);
    expect(roll!.row).toBe(5);
    expect(roll!.column).toBe(0);
    expect(roll!.result).toEqual({ csp: 4, replacements: 4, truck: true });
  });

  test('8.7 in the rainy season the LOC is 40, giving radius 6 by the chart (I-17), and the far leaders go OOS', () => {
    const { state, unit, leader } = example(true);
    const loc = traceLoc(state, BOL);
    expect(loc.length).toBe(40);
    for (const d of loc.depotHexes) state.depot_h[d] = 1;
    const gs = generalSupply(state, BOL, loc);
    expect(gs.radius).toBe(6);
    // Rainy Bush costs 3 MP: only 2 Bush hexes or 6 road hexes from a provider.
    expect(gs.oos_l[leader('L1')]).toBe(1);
    expect(gs.oos_l[leader('L5')]).toBe(1);
    expect(gs.oos_l[leader('L3')]).toBe(0); // on the depot
    const out = Object.keys(UNITS).filter((u) => gs.inSupply_u[unit(u)] === 0);
    expect(out).toEqual(['U1', 'U2', 'U6', 'U7', 'U10', 'U3', 'U4', 'U8', 'U9', 'U11', 'U12', 'U13']);
  });
});
