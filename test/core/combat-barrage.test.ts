import { describe, expect, test } from 'vitest';
import { barrageColumn, barrageResultForRoll, checkBarrage, recordBarrage, rollBarrage, type Barrage } from '../../src/core/barrage.js';
import { createCombatPhaseLog } from '../../src/core/combat.js';
import { forcedDice } from '../../src/core/dice.js';
import { PAR } from '../../src/core/side.js';
import { WORKS_ENTRENCHMENT } from '../../src/core/map.js';
import { position, type PositionSpec } from '../helpers/position.js';

/** P-A1 with Franco in 1405 barrages B-I1 in 1406 (option artilleryBarrage on unless told). */
function barrage(spec: PositionSpec = { options: ['artilleryBarrage=true'] }) {
  const p = position(spec);
  const art = p.place('P-A1', '1405');
  p.placeLeader('P-FRANCO', '1405');
  p.place('B-I1', '1406');
  const combatSupply_u = new Uint8Array(p.state.loc_u.length).fill(1);
  const b: Barrage = { side: PAR, artillery: [art], hex: p.hex('1406'), leaders: [], combatSupply_u };
  return { p, art, b, combatSupply_u };
}

describe('13.2 artillery barrage (optional)', () => {
  test('13.2 a legal barrage: adjacent artillery with combat supply and a leader', () => {
    const { p, b } = barrage();
    expect(checkBarrage(p.state, b, createCombatPhaseLog(p.state))).toBeNull();
  });

  test('13.2 only with the optional rule in use', () => {
    const { p, b } = barrage({});
    expect(checkBarrage(p.state, b, createCombatPhaseLog(p.state))).toMatch(/option artilleryBarrage/);
  });

  test('13.2 artillery without combat supply cannot barrage', () => {
    const { p, b, art, combatSupply_u } = barrage();
    combatSupply_u[art] = 0;
    expect(checkBarrage(p.state, b, createCombatPhaseLog(p.state))).toMatch(/no combat supply/);
  });

  test('13.2 a leader is required as for attacks', () => {
    const { p, b } = barrage();
    p.placeLeader('P-FRANCO', '1402');
    expect(checkBarrage(p.state, b, createCombatPhaseLog(p.state))).toMatch(/participating leader/);
    p.placeLeader('P-FRANCO', '1404');
    expect(checkBarrage(p.state, { ...b, leaders: [p.leader('P-FRANCO')] }, createCombatPhaseLog(p.state))).toBeNull();
  });

  test('13.2 only artillery, adjacent to the target, once a phase', () => {
    const { p, b } = barrage();
    const inf = p.place('P-I1', '1405');
    const log = createCombatPhaseLog(p.state);
    expect(checkBarrage(p.state, { ...b, artillery: [inf] }, log)).toMatch(/not artillery/);
    expect(checkBarrage(p.state, { ...b, hex: p.hex('1407') }, log)).toMatch(/no enemy combat unit/);
    recordBarrage(log, b);
    expect(checkBarrage(p.state, b, log)).toMatch(/already been barraged/);
  });

  test('13.2 a reduced artillery unit counts 1/2, fractions dropped', () => {
    const { p, art } = barrage();
    expect(barrageColumn(p.state, [art])).toBe(1);
    p.state.reduced_u[art] = 1;
    expect(barrageColumn(p.state, [art])).toBe(0);
    // Counting only: one full and one reduced unit make 1 1/2 -> 1; two reduced make 1.
    const other = p.place('B-A1', '1410', { reduced: true });
    expect(barrageColumn(p.state, [art, other])).toBe(1);
    p.state.reduced_u[art] = 0;
    expect(barrageColumn(p.state, [art, other])).toBe(1);
  });

  test('13.2 Artillery Barrage Table: one unit, roll 1 -> 1 step, roll 2 -> 0; +1 against works', () => {
    const { p, b } = barrage();
    expect(barrageResultForRoll(p.state, b, 1)).toEqual({ roll: 1, modifiedRoll: 1, column: 1, steps: 1 });
    expect(barrageResultForRoll(p.state, b, 2).steps).toBe(0);
    p.state.works_h[p.hex('1406')] = WORKS_ENTRENCHMENT;
    expect(barrageResultForRoll(p.state, b, 1)).toEqual({ roll: 1, modifiedRoll: 2, column: 1, steps: 0 });
    expect(barrageResultForRoll(p.state, b, 6).modifiedRoll).toBe(6);
    const dice = forcedDice([1]);
    expect(rollBarrage(p.state, b, dice).steps).toBe(0);
    expect(dice.used()).toBe(1);
  });
});
