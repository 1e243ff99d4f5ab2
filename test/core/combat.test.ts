import { describe, expect, test } from 'vitest';
import {
  checkAttack,
  combatLeader,
  combatOdds,
  combatResultForRoll,
  combatStrengths,
  createCombatPhaseLog,
  crtCell,
  defenceFactor,
  defenderTerrainDrm,
  furtherCombatDestroyed,
  lossOf,
  modifiedCombatRoll,
  prepareCombat,
  recordAttack,
  resultLabel,
  retreatsOf,
  type Attack,
} from '../../src/core/combat.js';
import { BOL, PAR, type Side } from '../../src/core/side.js';
import { setUnitLoc } from '../../src/core/state.js';
import { ELIMINATED, LOSS_10, LOSS_25, LOSS_NONE, RETREAT_CHECK } from '../../src/core/tables.js';
import { WORKS_ENTRENCHMENT, WORKS_FORTIFICATION } from '../../src/core/map.js';
import { position, type Position } from '../helpers/position.js';

/** An attack by `side` with every unit in combat supply except `unsupplied`. */
function attackOf(
  p: Position,
  side: Side,
  attackers: string[],
  hexes: string[],
  opts: { leaders?: string[]; unsupplied?: string[]; air?: [boolean, boolean] } = {},
): Attack {
  const combatSupply_u = new Uint8Array(p.state.loc_u.length).fill(1);
  for (const id of opts.unsupplied ?? []) combatSupply_u[p.unit(id)] = 0;
  return {
    side,
    attackers: attackers.map(p.unit),
    hexes: hexes.map(p.hex),
    leaders: (opts.leaders ?? []).map(p.leader),
    combatSupply_u,
    attackerAir: opts.air?.[0] ?? false,
    defenderAir: opts.air?.[1] ?? false,
  };
}

/** P-I1 in 1405 with Franco attacks B-I2 in 1406 (all Bush unless told). */
function duel(spec: Parameters<typeof position>[0] = {}) {
  const p = position(spec);
  p.place('P-I1', '1405');
  p.placeLeader('P-FRANCO', '1405');
  p.place('B-I2', '1406');
  return p;
}

describe('12.2, 12.3, 6.3 attack legality', () => {
  test('12.2 a legal attack: the unit is stacked with a leader and adjacent to the defender', () => {
    const p = duel();
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406']), createCombatPhaseLog(p.state))).toBeNull();
  });

  test('6.3 no attack during a truce (I-7)', () => {
    const p = duel();
    p.state.truce = true;
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406']), createCombatPhaseLog(p.state))).toMatch(/^6\.3/);
  });

  test('12.2 an attacker with no leader stacked or adjacent may not attack; naming an adjacent leader fixes it', () => {
    const p = position();
    p.place('P-I1', '1405');
    p.place('B-I2', '1406');
    p.placeLeader('P-FRANCO', '1404');
    const log = createCombatPhaseLog(p.state);
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406']), log)).toMatch(/^12\.2: P-I1 is neither stacked with nor adjacent/);
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406'], { leaders: ['P-FRANCO'] }), log)).toBeNull();
  });

  test('12.2 a named leader must be stacked with or adjacent to an attacking unit', () => {
    const p = duel();
    p.placeLeader('P-ESTIG', '1403');
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406'], { leaders: ['P-ESTIG'] }), createCombatPhaseLog(p.state))).toMatch(
      /^12\.2: leader P-ESTIG is neither stacked with nor adjacent/,
    );
  });

  test('12.2 each unit attacks at most once and each hex is attacked at most once per combat phase', () => {
    const p = duel();
    p.place('P-I2', '1305');
    p.place('B-I3', '1306');
    const log = createCombatPhaseLog(p.state);
    const first = attackOf(p, PAR, ['P-I1'], ['1406']);
    recordAttack(log, first);
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1306']), log)).toMatch(/^12\.2: P-I1 has already attacked/);
    p.placeLeader('P-ESTIG', '1305');
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I2'], ['1406']), log)).toMatch(/^12\.2: hex 1406 has already been attacked/);
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I2'], ['1306']), log)).toBeNull();
  });

  test('12.3, I-28 every attacker must be adjacent to every defending hex', () => {
    const p = duel();
    p.place('B-I3', '1506');
    // 1405 touches 1406 but not 1506.
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406', '1506']), createCombatPhaseLog(p.state))).toMatch(
      /^12\.3: P-I1 in 1405 is not adjacent to defending hex 1506/,
    );
    p.place('B-I3', '1505');
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406', '1505']), createCombatPhaseLog(p.state))).toBeNull();
  });

  test('12.1 a defending hex must hold an enemy combat unit', () => {
    const p = duel();
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1404']), createCombatPhaseLog(p.state))).toMatch(
      /^12\.1: hex 1404 holds no enemy/,
    );
  });

  test('12.10 a hex holding only units that already retreated this phase cannot be attacked again', () => {
    const p = duel();
    const log = createCombatPhaseLog(p.state);
    log.displaced_u[p.unit('B-I2')] = 1;
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406']), log)).toMatch(/^12\.2, 12\.10/);
  });

  test('13.3 an air marker must be unused', () => {
    const p = duel();
    p.state.airUsed_s[PAR] = 1; // Paraguay has one marker
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406'], { air: [true, false] }), createCombatPhaseLog(p.state))).toMatch(
      /^13\.3/,
    );
    expect(checkAttack(p.state, attackOf(p, PAR, ['P-I1'], ['1406'], { air: [false, true] }), createCombatPhaseLog(p.state))).toBeNull();
  });

  test('12.13 in the rainy season a river hexside forbids the attack; in the dry season it halves it', () => {
    const p = duel({ rivers: [['1405/1406']] });
    const a = attackOf(p, PAR, ['P-I1'], ['1406']);
    expect(checkAttack(p.state, a, createCombatPhaseLog(p.state))).toBeNull();
    expect(prepareCombat(p.state, a, null).strengths.attack).toBe(3);
    p.state.rainy = true;
    expect(checkAttack(p.state, a, createCombatPhaseLog(p.state))).toMatch(/^12\.13/);
  });
});

describe('12.4, 12.12, 12.13 strengths (I-24, I-25)', () => {
  test('12.12 without combat supply a unit is halved, rounding up; across a river halved again', () => {
    const p = duel({ rivers: [['1405/1406']] });
    p.place('P-I3', '1405'); // 3 attack
    const s = combatStrengths(p.state, attackOf(p, PAR, ['P-I1', 'P-I3'], ['1406'], { unsupplied: ['P-I1', 'P-I3'] }), [p.unit('B-I2')]);
    // P-I1: 6 -> 3 -> 2; P-I3: 3 -> 2 -> 1.
    expect(s.attack_i).toEqual([2, 1]);
    expect(s.acrossRiver_i).toEqual([true, true]);
  });

  test('12.4 a reduced unit uses its reduced side', () => {
    const p = duel();
    p.state.reduced_u[p.unit('P-I1')] = 1;
    p.state.reduced_u[p.unit('B-I2')] = 1;
    const s = combatStrengths(p.state, attackOf(p, PAR, ['P-I1'], ['1406']), [p.unit('B-I2')]);
    expect([s.attack, s.defence]).toEqual([3, 2]);
  });

  test('2.10, I-25 artillery alone defends with its parenthesised factor; stacked with infantry, its attack factor', () => {
    const p = position();
    const art = p.place('B-A1', '1406'); // 4-(2)-5
    expect(defenceFactor(p.state, art)).toBe(2);
    p.place('B-E1', '1406');
    expect(defenceFactor(p.state, art)).toBe(4);
  });

  test('I-25 option artilleryStackedDefence=parenthesised keeps the parenthesised factor when stacked', () => {
    const p = position({ options: ['artilleryStackedDefence=parenthesised'] });
    const art = p.place('B-A1', '1406');
    p.place('B-I1', '1406');
    expect(defenceFactor(p.state, art)).toBe(2);
  });

  test('12.13 an entrenchment doubles and a fortification triples the defenders, each hex its own works', () => {
    const p = position();
    p.place('P-I1', '1405');
    p.placeLeader('P-FRANCO', '1405');
    p.place('B-I2', '1406'); // 4
    p.place('B-I3', '1505'); // 4
    p.state.works_h[p.hex('1406')] = WORKS_ENTRENCHMENT;
    p.state.works_h[p.hex('1505')] = WORKS_FORTIFICATION;
    const a = attackOf(p, PAR, ['P-I1'], ['1406', '1505'], { unsupplied: ['B-I3'] });
    const s = combatStrengths(p.state, a, [p.unit('B-I2'), p.unit('B-I3')]);
    expect(s.defence_i).toEqual([8, 6]); // 4 x 2; 4 halved = 2, x 3
    expect(s.defence).toBe(14);
  });
});

describe('12.4 odds (I-26)', () => {
  test("12.4 remainders are rounded in the defender's favour: 11 to 4 is 2-1, 5 to 8 is 1-2, 8 to 8 is 1-1", () => {
    const p = position();
    expect(combatOdds(p.state, 11, 4).label).toBe('2-1');
    expect(combatOdds(p.state, 5, 8).label).toBe('1-2');
    expect(combatOdds(p.state, 8, 8).label).toBe('1-1');
    expect(combatOdds(p.state, 23, 12).label).toBe('1-1');
  });

  test('12.4 below 1-2 uses the 1-2 column and the defender is not affected', () => {
    const p = position();
    const odds = combatOdds(p.state, 3, 8);
    expect(odds).toEqual({ column: 0, belowLowest: true, label: '<1-2' });
    // 1-2 at roll 2 is 50R/10; below it the 10 is gone.
    expect(crtCell(p.state, odds, 2)).toEqual([3 | RETREAT_CHECK, LOSS_NONE]);
    expect(crtCell(p.state, combatOdds(p.state, 4, 8), 2)).toEqual([3 | RETREAT_CHECK, LOSS_10]);
  });

  test('I-26 odds above 6-1 use the 6-1 column', () => {
    const p = position();
    expect(combatOdds(p.state, 7, 1).label).toBe('6-1');
    expect(combatOdds(p.state, 40, 2)).toEqual({ column: 6, belowLowest: false, label: '6-1' });
  });

  test('I-26 option maxOddsColumn=8 needs 7-1 and 8-1 columns in the CRT: without them it is an error', () => {
    const p = position({ options: ['maxOddsColumn=8'] });
    expect(() => combatOdds(p.state, 9, 1)).toThrow(/maxOddsColumn=8.*no "8-1" column/);
  });
});

describe('12.13, 12.14, 13.3, 10.13 die roll modifiers (I-27)', () => {
  test('12.3 the defender uses the single most favourable terrain among his hexes', () => {
    const p = position({ terrain: { '1406': 'clear', '1505': 'mountain', '1506': 'marsh' } });
    expect(defenderTerrainDrm(p.state, [p.hex('1406')])).toBe(0);
    expect(defenderTerrainDrm(p.state, [p.hex('1406'), p.hex('1506')])).toBe(-1); // I-27: Marsh, not Clear
    expect(defenderTerrainDrm(p.state, [p.hex('1406'), p.hex('1505'), p.hex('1506')])).toBe(-2);
  });

  test('14.5 a trail makes a Bush hex Clear for the defender', () => {
    const p = position();
    expect(defenderTerrainDrm(p.state, [p.hex('1406')])).toBe(-1);
    p.state.trail_h[p.hex('1406')] = 1;
    expect(defenderTerrainDrm(p.state, [p.hex('1406')])).toBe(0);
  });

  test('12.13 the attacker subtracts 1 when at least half his strength (after halving) attacks from Clear', () => {
    const p = position({ terrain: { '1405': 'clear' } });
    p.place('P-I2', '1405'); // 4 from Clear
    p.place('P-I1', '1305'); // 6 from Bush
    p.placeLeader('P-FRANCO', '1405');
    p.place('B-I2', '1406');
    const supplied = prepareCombat(p.state, attackOf(p, PAR, ['P-I2', 'P-I1'], ['1406']), null);
    expect(supplied.strengths.attackFromClear).toBe(4);
    expect(supplied.modifiers.fromClear).toBe(0); // 4 of 10
    // Without combat supply P-I1 counts 3: 4 of 7 is more than half.
    const halved = prepareCombat(p.state, attackOf(p, PAR, ['P-I2', 'P-I1'], ['1406'], { unsupplied: ['P-I1'] }), null);
    expect(halved.modifiers.fromClear).toBe(-1);
  });

  test('12.13 exactly half from Clear is enough; a Clearing hexside counts as Clear', () => {
    const p = position({ clearings: ['1305/1406'] });
    p.place('P-I2', '1305'); // 4 across the clearing
    p.place('P-I4', '1405'); // 4 from Bush
    p.placeLeader('P-FRANCO', '1405');
    p.place('B-I2', '1406');
    const c = prepareCombat(p.state, attackOf(p, PAR, ['P-I2', 'P-I4'], ['1406']), null);
    expect(c.strengths.attackFromClear).toBe(4);
    expect(c.modifiers.fromClear).toBe(-1);
  });

  test('12.14 the participating leader with the greatest political rating modifies the roll', () => {
    const p = position();
    p.state.armyCommander_s[PAR] = -1;
    expect(combatLeader(p.state, PAR, [p.leader('P-FRANCO'), p.leader('P-ESTIG'), p.leader('P-A')])).toBe(p.leader('P-ESTIG'));
  });

  test("12.14 the Army Commander's rating is used whenever he participates, even with a lower political rating", () => {
    const p = position();
    p.state.armyCommander_s[PAR] = p.leader('P-FRANCO');
    expect(combatLeader(p.state, PAR, [p.leader('P-ESTIG'), p.leader('P-FRANCO')])).toBe(p.leader('P-FRANCO'));
    expect(combatLeader(p.state, PAR, [p.leader('P-ESTIG'), p.leader('P-A')])).toBe(p.leader('P-ESTIG'));
  });

  test('12.14 equal political ratings: the better command rating (reading, as I-30)', () => {
    const p = position();
    p.state.armyCommander_s[BOL] = -1;
    expect(combatLeader(p.state, BOL, [p.leader('B-PENA'), p.leader('B-PENAR')])).toBe(p.leader('B-PENAR'));
  });

  test('12.14 a negative command rating is subtracted', () => {
    const p = position();
    p.place('B-I1', '1406');
    const pena = p.placeLeader('B-PENA', '1406'); // Army Commander, command -1
    p.place('P-I2', '1405');
    const c = prepareCombat(p.state, attackOf(p, BOL, ['B-I1'], ['1405']), null);
    expect(c.modifiers.leaderDrm).toBe(-1);
    expect(c.modifiers.list).toContainEqual({ kind: 'leader', leader: pena, value: -1, rule: '12.14' });
  });

  test('13.3 an attacking air marker adds 1 and a defending one subtracts 1', () => {
    const p = duel({ terrain: { '1406': 'clear' } });
    p.state.armyCommander_s[PAR] = -1;
    p.placeLeader('P-FRANCO', '1404'); // no leader with the unit: only adjacent and named
    p.placeLeader('P-A', '1405');
    const both = prepareCombat(p.state, attackOf(p, PAR, ['P-I1'], ['1406'], { air: [true, true] }), null);
    expect([both.modifiers.attackerAir, both.modifiers.defenderAir, both.modifiers.total]).toEqual([1, -1, 0]);
    const att = prepareCombat(p.state, attackOf(p, PAR, ['P-I1'], ['1406'], { air: [true, false] }), null);
    expect(att.modifiers.total).toBe(1);
  });

  test('10.13 mounted cavalry: -1 when half or more of the attacking units are cavalry', () => {
    const p = duel({ options: ['mountedCavalry=true'], terrain: { '1406': 'clear' } });
    p.state.armyCommander_s[PAR] = -1;
    p.placeLeader('P-FRANCO', '1404');
    p.placeLeader('P-A', '1405');
    p.place('P-C1', '1405');
    expect(prepareCombat(p.state, attackOf(p, PAR, ['P-I1', 'P-C1'], ['1406']), null).modifiers.cavalry).toBe(-1);
    p.place('P-I3', '1405');
    expect(prepareCombat(p.state, attackOf(p, PAR, ['P-I1', 'P-I3', 'P-C1'], ['1406']), null).modifiers.cavalry).toBe(0);
    const off = duel({ terrain: { '1406': 'clear' } });
    off.place('P-C1', '1405');
    expect(prepareCombat(off.state, attackOf(off, PAR, ['P-C1'], ['1406']), null).modifiers.cavalry).toBe(0);
  });

  test('12.4 modified rolls below -1 count as -1 and above 6 as 6', () => {
    expect(modifiedCombatRoll(1, -4)).toBe(-1);
    expect(modifiedCombatRoll(6, 3)).toBe(6);
    expect(modifiedCombatRoll(3, -2)).toBe(1);
  });
});

describe('12.5, 12.6 results (I-29)', () => {
  /** B-x alone in Bush 1405 with the unnamed leader B-B attacks P-A1 (reduced: (1)) alone in Clear 1406: modifiers 0. */
  function mismatch(attacker: string) {
    const p = position({ terrain: { '1406': 'clear' } });
    p.place(attacker, '1405');
    p.placeLeader('B-B', '1405');
    p.place('P-A1', '1406', { reduced: true });
    const setup = prepareCombat(p.state, attackOf(p, BOL, [attacker], ['1406']), null);
    return { p, setup };
  }

  test("12.5 the CRT gives the attacker's and the defender's results", () => {
    const { p, setup } = mismatch('B-I2'); // 4 to 1: 4-1
    expect(setup.odds.label).toBe('4-1');
    expect(setup.modifiers.total).toBe(0);
    const r = combatResultForRoll(p.state, setup, 3); // 4-1, 3: 25/50R
    expect([resultLabel(r.attacker), resultLabel(r.defender)]).toEqual(['25', '50R']);
    expect(lossOf(r.attacker)).toBe(LOSS_25);
    expect(retreatsOf(r.defender)).toBe(true);
    expect([r.attackerRequired, r.defenderRequired]).toEqual([1, 1]);
  });

  test('12.6 a result that would eliminate both sides becomes -/-: a one-step attacker must lose 10%, the defender E', () => {
    const { p, setup } = mismatch('B-K1'); // armor 4, one step
    const r = combatResultForRoll(p.state, setup, 5); // 4-1, 5: 10/E
    expect(r.cancelled).toBe(true);
    expect([r.attacker, r.defender]).toEqual([LOSS_NONE, LOSS_NONE]);
    expect([r.attackerRequired, r.defenderRequired]).toEqual([0, 0]);
  });

  test('12.6 the same 10/E stands when the attacker can absorb 10% by flipping', () => {
    const { p, setup } = mismatch('B-I2');
    const r = combatResultForRoll(p.state, setup, 5);
    expect(r.cancelled).toBe(false);
    expect([r.attacker, r.defender]).toEqual([LOSS_10, ELIMINATED]);
    expect(r.defenderRequired).toBe(1);
  });
});

describe('12.10 further combat', () => {
  function straggler() {
    const p = duel();
    const log = createCombatPhaseLog(p.state);
    const s = p.place('B-I3', '1406'); // retreated here earlier in the phase
    log.displaced_u[s] = 1;
    const setup = prepareCombat(p.state, attackOf(p, PAR, ['P-I1'], ['1406']), log);
    return { p, log, s, setup };
  }

  test('12.10 a unit that retreated into the hex does not defend', () => {
    const { p, setup } = straggler();
    expect(setup.defenders).toEqual([p.unit('B-I2')]);
    expect(setup.strengths.defence).toBe(4);
  });

  test('12.10 it is destroyed on an R result for the defenders', () => {
    const { p, log, s, setup } = straggler();
    expect(furtherCombatDestroyed(p.state, setup, log, LOSS_25 | RETREAT_CHECK)).toEqual([s]);
  });

  test('12.10 it survives a percentage result that leaves an original defender, and is destroyed when none is left', () => {
    const { p, log, s, setup } = straggler();
    expect(furtherCombatDestroyed(p.state, setup, log, LOSS_25)).toEqual([]);
    setUnitLoc(p.state, p.unit('B-I2'), -2); // eliminated by the percentage loss
    expect(furtherCombatDestroyed(p.state, setup, log, LOSS_25)).toEqual([s]);
  });
});
