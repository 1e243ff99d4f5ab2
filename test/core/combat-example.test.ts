// One combat worked through 12.4-12.11 by hand, step by step, with forced dice.
import { describe, expect, test } from 'vitest';
import {
  checkAttack,
  createCombatPhaseLog,
  lossOf,
  prepareCombat,
  recordAttack,
  resultLabel,
  retreatsOf,
  rollCombat,
  type Attack,
} from '../../src/core/combat.js';
import { checkLosses, cheapestLosses } from '../../src/core/combat-losses.js';
import {
  RETREAT,
  ROUT,
  armorRetreatApplies,
  checkAdvance,
  defenderOccupiableHexes,
  retreatHexes,
  rollRetreatCheck,
  routPath,
  vacatedDefendingHexes,
} from '../../src/core/retreat.js';
import { forcedDice } from '../../src/core/dice.js';
import { PAR } from '../../src/core/side.js';
import { setUnitLoc } from '../../src/core/state.js';
import { LOSS_25 } from '../../src/core/tables.js';
import { position } from '../helpers/position.js';

// The map (all Bush): the Bolivians hold entrenched 1406. Paraguay attacks from 1405 (N), 1505 (NE,
// across the river hexside 1406/1505) and 1305 (NW, across the clearing hexside 1305/1406).
function battle() {
  const p = position({
    rivers: [['1406/1505']],
    clearings: ['1305/1406'],
    places: [{ hex: '1406', settlement: false, works: 'entrenchment' }],
  });
  const a = {
    i1: p.place('P-I1', '1405'),
    i3: p.place('P-I3', '1405'),
    c1: p.place('P-C1', '1505'),
    i2: p.place('P-I2', '1305'),
    a1: p.place('P-A1', '1305'),
    i4: p.place('P-I4', '1305'),
    i5: p.place('P-I5', '1305'),
  };
  p.placeLeader('P-FRANCO', '1405');
  p.placeLeader('P-ESTIG', '1305');
  const d = { i2: p.place('B-I2', '1406'), a1: p.place('B-A1', '1406') };
  p.placeLeader('B-PENA', '1406');
  p.placeLeader('B-PENAR', '1406');
  const combatSupply_u = new Uint8Array(p.state.loc_u.length).fill(1);
  combatSupply_u[a.a1] = 0; // P-A1 attacks without combat supply
  combatSupply_u[d.a1] = 0; // B-A1 defends without it
  const attack: Attack = {
    side: PAR,
    attackers: [a.i1, a.i3, a.c1, a.i2, a.a1, a.i4, a.i5],
    hexes: [p.hex('1406')],
    leaders: [],
    combatSupply_u,
    attackerAir: true,
    defenderAir: true,
  };
  return { p, a, d, attack };
}

describe('12.4-12.11 a combat worked by hand', () => {
  test('12.4-12.11 Paraguay takes entrenched 1406: strengths, odds, modifiers, roll, result, losses, retreat, rout, advance', () => {
    const { p, a, d, attack } = battle();
    const { state } = p;
    const log = createCombatPhaseLog(state);
    expect(checkAttack(state, attack, log)).toBeNull();
    const setup = prepareCombat(state, attack, log);
    recordAttack(log, attack);

    // 12.4 step 1, 12.12, 12.13, I-24: P-I1 6, P-I3 3, P-C1 4 halved across the river = 2, P-I2 4,
    // P-A1 3 halved without combat supply = 2, P-I4 4, P-I5 4: total 25.
    expect(setup.strengths.attack_i).toEqual([6, 3, 2, 4, 2, 4, 4]);
    expect(setup.strengths.attack).toBe(25);
    // Defenders: B-I2 4; B-A1 stacked with infantry defends with its attack factor 4 (I-25), halved
    // without combat supply = 2; each doubled by the entrenchment: 8 + 4 = 12.
    expect(setup.defenders).toEqual([d.i2, d.a1]);
    expect(setup.strengths.defence_i).toEqual([8, 4]);
    expect(setup.strengths.defence).toBe(12);
    // 12.4 step 2: 25 / 12 = 2.08, remainder to the defender: 2-1.
    expect(setup.odds).toEqual({ column: 2, belowLowest: false, label: '2-1' });

    // 12.13: Bush -1. The four units in 1305 (4 + 2 + 4 + 4 = 14) attack across a clearing hexside:
    // 14 of 25 is at least half: -1. 12.14: Estigarribia (Army Commander) +2 rather than Franco.
    // 13.3: air +1 and -1.
    expect(setup.strengths.attackFromClear).toBe(14);
    const m = setup.modifiers;
    expect([m.terrain, m.fromClear, m.leaderDrm, m.attackerAir, m.defenderAir, m.cavalry]).toEqual([-1, -1, 2, 1, -1, 0]);
    expect(m.leader).toBe(p.leader('P-ESTIG'));
    expect(m.total).toBe(0);
    expect(m.list.map((x) => x.value)).toEqual([-1, -1, 2, 1, -1]);

    // 12.4 step 3, 12.5: roll 5, modified 5, 2-1 column: 25/25R.
    const dice = forcedDice([5, 2, 1]);
    const r = rollCombat(state, setup, dice);
    expect(r.modifiedRoll).toBe(5);
    expect(`${resultLabel(r.attacker)}/${resultLabel(r.defender)}`).toBe('25/25R');
    expect(r.cancelled).toBe(false);

    // 12.6: defender base 4 + B-A1's parenthesised 2 = 6, 25% -> 2; attacker base 6+3+4+4+(2)+4+4 = 27, 25% -> 7.
    expect(r.defenderRequired).toBe(2);
    expect(r.attackerRequired).toBe(7);
    const defLoss = cheapestLosses(state, setup.defenders, false, r.defenderRequired);
    expect(defLoss).toEqual([{ unit: d.i2, eliminate: false }]);
    expect(checkLosses(state, setup.defenders, false, 2, [{ unit: d.a1, eliminate: false }])).toMatch(/requires at least 2/);
    state.reduced_u[d.i2] = 1; // apply the defender's result first (12.5)
    const attLoss = cheapestLosses(state, attack.attackers, true, r.attackerRequired);
    // Flips: P-I1 3 + P-I3 2 + P-C1 2 = 7 in three steps (no two steps reach 7).
    expect(attLoss).toEqual([
      { unit: a.i1, eliminate: false },
      { unit: a.i3, eliminate: false },
      { unit: a.c1, eliminate: false },
    ]);
    expect(checkLosses(state, attack.attackers, true, 7, attLoss)).toBeNull();

    // 12.7, I-30: Peña and Peñaranda both rate 3 politically; Peñaranda's better command (+1) is used.
    expect(lossOf(r.defender)).toBe(LOSS_25);
    expect(retreatsOf(r.defender)).toBe(true);
    expect(armorRetreatApplies(state, setup, r.defender)).toBe(false);
    const c1 = rollRetreatCheck(state, d.i2, false, dice);
    expect([c1.roll, c1.modified, c1.result]).toEqual([2, 3, RETREAT]);
    // 12.8, I-31: of 1407, 1306 and 1506 only 1407 is not adjacent to a hex the attack came from.
    expect(retreatHexes(state, d.i2, setup.attackHexes)).toEqual([p.hex('1407')]);
    setUnitLoc(state, d.i2, p.hex('1407'));
    log.displaced_u[d.i2] = 1;

    const c2 = rollRetreatCheck(state, d.a1, false, dice);
    expect([c2.roll, c2.modified, c2.result]).toEqual([1, 2, ROUT]); // Bolivia routs on 2 or less
    // I-32: B-A1 (MF 5 = 30 sixths, Bush 12 a hex) cannot enter 1306/1506 (EZOC); through 1407 it
    // reaches 1307, 1408 and 1507; 1408 is 3 hexes from the nearest attacking hex, the others 2.
    expect(routPath(state, d.a1, setup.attackHexes)).toEqual([p.hex('1407'), p.hex('1408')]);
    setUnitLoc(state, d.a1, p.hex('1408'));
    expect(dice.used()).toBe(3);

    // 12.11, I-33: 1406 is empty; the attackers may advance, up to the entrenchment's stacking of 6.
    expect(vacatedDefendingHexes(state, setup)).toEqual([p.hex('1406')]);
    expect(defenderOccupiableHexes(state, setup, r.defender)).toEqual([]);
    const h = p.hex('1406');
    const six = [a.i1, a.i3, a.c1, a.i2, a.a1, a.i4].map((unit) => ({ unit, hex: h }));
    expect(checkAdvance(state, attack.attackers, [h], six)).toBeNull();
    expect(checkAdvance(state, attack.attackers, [h], [...six, { unit: a.i5, hex: h }])).toMatch(/stacking/);
  });

  test('12.13 the same attack is illegal in the rainy season: P-C1 would attack across the river', () => {
    const { p, attack } = battle();
    p.state.rainy = true;
    expect(checkAttack(p.state, attack, createCombatPhaseLog(p.state))).toMatch(/^12\.13: no attack across a river/);
    expect(
      checkAttack(p.state, { ...attack, attackers: attack.attackers.filter((u) => u !== p.unit('P-C1')) }, createCombatPhaseLog(p.state)),
    ).toBeNull();
  });

  test('12.12 with combat supply for every unit the same attack is 26 to 16, only 1-1', () => {
    const { p, attack } = battle();
    const all = new Uint8Array(p.state.loc_u.length).fill(1);
    const setup = prepareCombat(p.state, { ...attack, combatSupply_u: all }, null);
    // P-A1 now 3; B-A1 now 4 x 2 = 8.
    expect(setup.strengths.attack).toBe(26);
    expect(setup.strengths.defence).toBe(16);
    expect(setup.odds.label).toBe('1-1');
  });
});
