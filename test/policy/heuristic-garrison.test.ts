// 16.2: a settlement the enemy could walk into gets a garrison: the weakest free unit that can get there this
// phase, however many weaker ones cannot (garrisonAnyUnit), and asked again when one of our moves opens the way to it
// (garrisonRecheck), each against the earlier heuristic.
import { describe, expect, test } from 'vitest';
import type { Decision } from '../../src/core/decisions.js';
import { PAR } from '../../src/core/side.js';
import { setUnitLoc } from '../../src/core/state.js';
import { PRESETS } from '../../src/policy/heuristic-params.js';
import { chooseGarrison, guarded, newGarrisonPlan } from '../../src/policy/heuristic-garrison.js';
import { position } from '../helpers/position.js';

describe('16.2: garrisonAnyUnit: the base gets the weakest unit that can walk in, not only one of the six weakest', () => {
  // Clear ground: Paraguay's empty big-four base 1208, a Bolivian unit three hexes north of it. Six weak
  // Paraguayan units (2-2-2: two MP) three hexes south of it cannot get there this phase; the 4-6 four hexes
  // south can (Ballivián: the 4th new at the railhead, Isla Poí behind six weaker units a hex too far).
  const weak = [1, 2, 3, 4, 5, 6].map((i) => ({
    id: `P-W${i}`,
    side: 'PAR',
    type: 'infantry',
    name: `P weak ${i}`,
    full: '2-2-2',
    reduced: '1-1-2',
  }));
  function order(garrisonAnyUnit: boolean) {
    const p = position({
      cols: [10, 19],
      fill: 'clear',
      places: [{ hex: '1208', settlement: true, bigFour: true }],
      control: { '1208': 'PAR' },
      extraUnits: weak,
    });
    p.place('B-I1', '1205');
    const units = weak.map((w, i) => p.place(w.id, i < 3 ? '1211' : '1311'));
    units.push(p.place('P-I2', '1212'));
    p.state.phasing = PAR;
    const d: Extract<Decision, { kind: 'move' }> = {
      kind: 'move',
      side: PAR,
      reaction: false,
      movable: { units, leaders: [], trucks: [], truckLeft: [], ghq: false },
    };
    const params = { ...PRESETS.balanced, garrisonAnyUnit };
    expect(guarded(p.state, PAR, p.hex('1208'), params)).toBe(true);
    const o = chooseGarrison(d, p.state, params, newGarrisonPlan());
    return { p, o, strong: units[units.length - 1] };
  }

  test('the 4-6 is sent into the base', () => {
    const { p, o, strong } = order(true);
    expect(o?.units).toEqual([strong]);
    expect(o?.path[o.path.length - 1]).toBe(p.hex('1208'));
  });

  test('with garrisonAnyUnit off only the six weak units are tried and the base is left open (the earlier heuristic)', () => {
    expect(order(false).o).toBeNull();
  });
});

describe('16.2, 7.3: garrisonRecheck: a base our own move opened to the enemy is asked again in the same phase', () => {
  // Mountains everywhere but a road down column 12. Paraguay's empty big-four base 1208; the Bolivian 6-5-5 in
  // 1202 walks the road to it (3 MP) only once P inf 3 has left 1205, where it bars the road and its ZOC stops
  // the Bolivian in 1204 (10.2, 7.3). P inf 2 in 1211, on the road three hexes south, can garrison the base.
  function orders(garrisonRecheck: boolean) {
    const p = position({
      fill: 'mountain',
      roads: ['1201 1202 1203 1204 1205 1206 1207 1208 1209 1210 1211'],
      places: [{ hex: '1208', settlement: true, bigFour: true }],
      control: { '1208': 'PAR' },
    });
    p.place('B-I1', '1202');
    const blocker = p.place('P-I3', '1205');
    const garrison = p.place('P-I2', '1211');
    p.state.phasing = PAR;
    const params = { ...PRESETS.balanced, garrisonRecheck };
    const plan = newGarrisonPlan();
    const decide = (units: number[]) =>
      chooseGarrison(
        { kind: 'move', side: PAR, reaction: false, movable: { units, leaders: [], trucks: [], truckLeft: [], ghq: false } },
        p.state,
        params,
        plan,
      );
    // The phase's first question: the road is barred, the base wants no garrison.
    expect(guarded(p.state, PAR, p.hex('1208'), params)).toBe(false);
    const first = decide([blocker, garrison]);
    // P inf 3 moves off the road (as another of the phase's moves would take it), opening the way.
    setUnitLoc(p.state, blocker, p.hex('1405'));
    expect(guarded(p.state, PAR, p.hex('1208'), params)).toBe(true);
    return { p, first, second: decide([garrison]), garrison };
  }

  test('the next move sends P inf 2 into the base', () => {
    const { p, first, second, garrison } = orders(true);
    expect(first).toBeNull();
    expect(second?.units).toEqual([garrison]);
    expect(second?.path[second.path.length - 1]).toBe(p.hex('1208'));
  });

  test('with garrisonRecheck off the base is left open for the phase (the earlier heuristic)', () => {
    const { first, second } = orders(false);
    expect(first).toBeNull();
    expect(second).toBeNull();
  });
});
