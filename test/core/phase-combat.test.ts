// The Combat Phases (4.2 E-G, 12): attacks declared by the attacker's policy, the defender's answer,
// the forced roll, and the result applied: losses (12.6), retreats and routs (12.7, 12.8), advance and
// captures (12.11, 16.2, I-33), several combats in a phase (12.2, 12.10); the rest in phase-combat-results.test.ts.
import { describe, expect, test } from 'vitest';
import { combatPhase } from '../../src/core/combat-phase.js';
import { IllegalDecision, type AttackOrder } from '../../src/core/decisions.js';
import { BOL, PAR } from '../../src/core/side.js';
import { IN_DEAD, IN_PILE } from '../../src/core/state.js';
import { position } from '../helpers/position.js';
import { printedCombats, scripted, testGame } from '../helpers/game.js';
import { assault, attacker, csp, of, rout, thrown } from '../helpers/combat.js';

describe('12.11 leaders advance with the combat units', () => {
  test('12.11 a leader of the attacking hex may follow a unit into the vacated hex, and only there', () => {
    const { p, i1, i2, franco, b1, order } = assault();
    const par = attacker('PAR', [order], {
      losses: () => [{ unit: i1, eliminate: false }],
      advance: (d) => [
        { unit: i2, hex: d.hexes[0]! },
        { unit: -1, leader: franco, hex: d.hexes[0]! },
      ],
    });
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: true }),
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: () => p.hex('1507'),
    });
    combatPhase(testGame(p.state, [4, 5, 5], par, bol), PAR, 'first');
    expect(par.asked.find((d) => d.kind === 'advance')).toMatchObject({ leaders: [franco] });
    expect(p.state.loc_l[franco]).toBe(p.hex('1506'));
  });

  test('12.11 a leader cannot advance where no combat unit goes', () => {
    const { p, i1, franco, b1, order } = assault();
    const par = attacker('PAR', [order], {
      losses: () => [{ unit: i1, eliminate: false }],
      advance: (d) => [{ unit: -1, leader: franco, hex: d.hexes[0]! }],
    });
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: true }),
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: () => p.hex('1507'),
    });
    expect(thrown(() => combatPhase(testGame(p.state, [4, 5, 5], par, bol), PAR, 'first'))).toBeInstanceOf(IllegalDecision);
  });
});

describe('12 a combat worked through the phase', () => {
  test('12.4-12.12, 16.2 attack with CSP and air; the defender answers; 25/50R: losses, a retreat, an advance that takes the settlement for 1d6', () => {
    const { p, i1, i2, b1, franco, order } = assault();
    const par = attacker('PAR', [order], {
      losses: () => [{ unit: i1, eliminate: false }],
      advance: (d) => [{ unit: i2, hex: d.hexes[0]! }],
    });
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: true }),
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: () => p.hex('1507'),
    });
    // combat roll 4; B-I1's retreat check 5 (retreat); the settlement's 1d6: 5
    const g = testGame(p.state, [4, 5, 5], par, bol);
    combatPhase(g, PAR, 'first');

    // 12.4: 10 (both attackers supplied by the one CSP) against 5 halved = 3: 3-1.
    // Modifiers: Bush -1, Franco +1, attacker air +1, defender air -1: 4 stays 4. 3-1, 4: 25/50R.
    const [combat] = printedCombats(g);
    expect(combat).toEqual({
      type: 'combat',
      side: PAR,
      phase: 'first',
      attackers: [i1, i2],
      defenders: [b1],
      hexes: [p.hex('1506')],
      attack: 10,
      defence: 3,
      column: 3,
      belowLowest: false,
      odds: '3-1',
      modifiers: [
        { kind: 'defenderTerrain', value: -1, rule: '12.13' },
        { kind: 'leader', leader: franco, value: 1, rule: '12.14' },
        { kind: 'attackerAir', value: 1, rule: '13.3' },
        { kind: 'defenderAir', value: -1, rule: '13.3' },
      ],
      roll: 4,
      modified: 4,
      attacker: { loss: 25, retreat: false },
      defender: { loss: 50, retreat: true },
      cancelled: false,
      result: '25/50R',
    });
    // 12.4: the defender was asked after the attacker committed, with what he could use.
    const defend = bol.asked.find((d) => d.kind === 'defend');
    expect(defend).toMatchObject({ kind: 'defend', side: BOL, cspHexes: [], air: true });
    // 12.5, 12.6: the defender first: 50% of 5 printed = 3, met by flipping B-I1 (5 -> 2).
    expect(bol.asked.find((d) => d.kind === 'losses')).toMatchObject({ units: [b1], required: 3, attacking: false });
    expect(par.asked.find((d) => d.kind === 'losses')).toMatchObject({ units: [i1, i2], required: 3, attacking: true });
    expect(p.state.reduced_u[b1]).toBe(1);
    expect(p.state.reduced_u[i1]).toBe(1);
    expect(p.state.reduced_u[i2]).toBe(0);
    // 12.8, I-31: one hex away, not next to the attacking hex 1505: the owner chose among the legal ones.
    const retreat = bol.asked.find((d) => d.kind === 'retreat');
    expect(retreat?.kind === 'retreat' && [...retreat.hexes].sort((a, b) => a - b)).toEqual(
      ['1407', '1507', '1607'].map(p.hex).sort((a, b) => a - b),
    );
    expect(p.state.loc_u[b1]).toBe(p.hex('1507'));
    // 12.11, I-33, 16.2: P-I2 advanced into the emptied settlement: control and 1d6 VP.
    expect(p.state.loc_u[i2]).toBe(p.hex('1506'));
    expect(p.state.loc_u[i1]).toBe(p.hex('1505'));
    expect(p.state.control_h[p.hex('1506')]).toBe(PAR);
    expect(p.state.vp_s).toEqual(new Int32Array([25, 20]));
    expect(of(g.events, 'capture')).toEqual([{ type: 'capture', side: PAR, hex: p.hex('1506'), how: 'advance' }]);
    expect(of(g.events, 'vp')).toEqual([expect.objectContaining({ side: PAR, delta: 5, total: 25, rule: '16.2' })]);
    expect(of(g.events, 'loss').map((e) => [e.side, e.unit, e.result])).toEqual([
      [BOL, b1, 'reduced'],
      [PAR, i1, 'reduced'],
    ]);
    expect(of(g.events, 'retreat')).toContainEqual({
      type: 'retreat',
      side: BOL,
      unit: b1,
      from: p.hex('1506'),
      to: p.hex('1507'),
      rout: false,
    });
    // 12.12, 13.3: the CSP and both air markers are spent.
    expect(p.state.csp_hs[p.hex('1505') * 2 + PAR]).toBe(0);
    expect(p.state.airUsed_s).toEqual(new Uint8Array([1, 1]));
    expect(g.dice.used()).toBe(3);
    // 12.2: the phase went on asking until the attacker answered none.
    expect(par.asked.filter((d) => d.kind === 'attack')).toHaveLength(2);
  });

  test('12.6, 12.8, 16.2 a 25R result: the defender eliminates one unit (+1 VP to the attacker); the other routs away from the attack, toward its supply source', () => {
    const { p, i1, i2, b2, c1, par, bol } = rout();
    // 10 against 2 + 2 (halved, unsupplied) = 2-1; Bush -1: roll 6 -> 5: 25/25R. Rout check for B-I2: 1.
    const g = testGame(p.state, [6, 1], par, bol);
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ attack: 10, defence: 4, odds: '2-1', modified: 5, result: '25/25R' });
    expect(bol.asked.find((d) => d.kind === 'losses')).toMatchObject({ required: 2 }); // 25% of 4 + 3 printed
    expect(p.state.loc_u[c1]).toBe(IN_DEAD);
    expect(p.state.eliminated_s[BOL]).toBe(1);
    expect(p.state.vp_s).toEqual(new Int32Array([21, 20]));
    expect(of(g.events, 'vp')).toEqual([expect.objectContaining({ side: PAR, delta: 1, rule: '16.2' })]);
    // I-32: MF 5 in Bush is two hexes; of those 3 hexes from 1507, the nearest the source 1501 is 1504.
    expect(p.state.loc_u[b2]).toBe(p.hex('1504'));
    expect(of(g.events, 'retreat')).toContainEqual({
      type: 'retreat',
      side: BOL,
      unit: b2,
      from: p.hex('1506'),
      to: p.hex('1504'),
      rout: true,
    });
    expect(bol.asked.some((d) => d.kind === 'retreat')).toBe(false); // a rout is the engine's, not the owner's
    // 12.11: the attacker was offered the emptied hex and declined.
    expect(par.asked.find((d) => d.kind === 'advance')).toMatchObject({ units: [i1, i2], hexes: [p.hex('1506')] });
    expect(p.state.loc_u[i2]).toBe(p.hex('1507'));
  });

  test('7.5 a rout cut short by an EZOC ends in the last hex open to it and loses a step (I-70)', () => {
    // One column of Bush: P-I3 in 1503 closes 1504 with its ZOC; B-I2 (MF 5: two Bush hexes) could
    // otherwise have routed from 1506 to 1504, three hexes from the attack; it gets only to 1505.
    const p = position({ cols: [15, 15], fill: 'bush', vp: [20, 20] });
    const i1 = p.place('P-I1', '1507');
    const i2 = p.place('P-I2', '1507');
    p.placeLeader('P-A', '1507');
    csp(p, '1507', PAR);
    p.place('P-I3', '1503');
    const b2 = p.place('B-I2', '1506');
    const c1 = p.place('B-C1', '1506');
    const par = attacker('PAR', [{ attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1507')], air: false }], {
      losses: () => [{ unit: i1, eliminate: false }],
      advance: () => [],
    });
    const bol = scripted('BOL', { defend: () => ({ cspHexes: [], air: false }), losses: () => [{ unit: c1, eliminate: true }] });
    // 10 against 4: 2-1; Bush -1: roll 6 -> 5: 25/25R. Rout check for B-I2: 1.
    const g = testGame(p.state, [6, 1], par, bol);
    combatPhase(g, PAR, 'first');
    expect(of(g.events, 'retreat')).toContainEqual({
      type: 'retreat',
      side: BOL,
      unit: b2,
      from: p.hex('1506'),
      to: p.hex('1505'),
      rout: true,
    });
    expect(p.state.loc_u[b2]).toBe(p.hex('1505'));
    expect(p.state.reduced_u[b2]).toBe(1);
    expect(of(g.events, 'loss')).toContainEqual(expect.objectContaining({ unit: b2, result: 'reduced', rule: '7.5, I-70' }));
  });

  test('16.2, I-33 a big-four settlement taken by advance scores 2d6', () => {
    const p = position({ fill: 'bush', places: [{ hex: '1506', bigFour: true }], control: { '1506': 'BOL' }, vp: [20, 20] });
    const i1 = p.place('P-I1', '1505');
    p.placeLeader('P-A', '1505');
    csp(p, '1505', PAR);
    p.place('B-I3', '1506', { reduced: true });
    const par = attacker('PAR', [{ attackers: [i1], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }], {
      advance: (d) => [{ unit: i1, hex: d.hexes[0]! }],
    });
    // 6-1, Bush -1: 6 -> 5: -/E; then 2d6 = 2 + 3
    const g = testGame(p.state, [6, 2, 3], par, scripted('BOL', { defend: () => ({ cspHexes: [], air: false }) }));
    combatPhase(g, PAR, 'first');
    expect(p.state.vp_s[PAR]).toBe(20 + 1 + 5);
    expect(of(g.events, 'vp').map((e) => e.delta)).toEqual([1, 5]);
  });

  test('16.5, I-33 option fixedSettlementVP: a big-four settlement taken by advance scores +5, no die', () => {
    const p = position({
      fill: 'bush',
      places: [{ hex: '1506', bigFour: true }],
      control: { '1506': 'BOL' },
      vp: [20, 20],
      options: ['fixedSettlementVP=true'],
    });
    const i1 = p.place('P-I1', '1505');
    p.placeLeader('P-A', '1505');
    csp(p, '1505', PAR);
    const b3 = p.place('B-I3', '1506', { reduced: true });
    const par = attacker('PAR', [{ attackers: [i1], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }], {
      advance: (d) => [{ unit: i1, hex: d.hexes[0]! }],
    });
    // 6 against 1: 6-1; Bush -1: 6 -> 5: -/E.
    const g = testGame(p.state, [6], par, scripted('BOL', { defend: () => ({ cspHexes: [], air: false }) }));
    combatPhase(g, PAR, 'first');
    expect(p.state.loc_u[b3]).toBe(IN_DEAD);
    expect(p.state.control_h[p.hex('1506')]).toBe(PAR);
    expect(p.state.vp_s[PAR]).toBe(20 + 1 + 5);
    expect(g.dice.used()).toBe(1);
  });
});

describe('3.2, I-34 control changes in retreats and routs', () => {
  test('3.2, I-34 a unit retreating into an enemy-controlled settlement takes control but scores nothing', () => {
    const { p, i1, b1, order } = assault({ places: [{ hex: '1507' }], control: { '1507': 'PAR' } });
    const par = attacker('PAR', [order], { losses: () => [{ unit: i1, eliminate: false }], advance: () => [] });
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: true }),
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: () => p.hex('1507'),
    });
    const g = testGame(p.state, [4, 5], par, bol);
    combatPhase(g, PAR, 'first');
    expect(p.state.loc_u[b1]).toBe(p.hex('1507'));
    expect(p.state.control_h[p.hex('1507')]).toBe(BOL);
    expect(p.state.vp_s[BOL]).toBe(20);
    expect(of(g.events, 'capture')).toContainEqual({ type: 'capture', side: BOL, hex: p.hex('1507'), how: 'other' });
  });

  test('3.2, I-34 a routing unit takes control of every enemy-controlled hex it enters, not only the last', () => {
    // As the rout above: B-I2 routs 1506 -> 1505 -> 1504; Paraguay controls both hexes it enters.
    const { p, b2, par, bol } = rout({ places: [{ hex: '1505' }], control: { '1505': 'PAR', '1504': 'PAR' } });
    combatPhase(testGame(p.state, [6, 1], par, bol), PAR, 'first');
    expect(p.state.loc_u[b2]).toBe(p.hex('1504'));
    expect(p.state.control_h[p.hex('1504')]).toBe(BOL);
    expect(p.state.control_h[p.hex('1505')]).toBe(BOL); // 3.2: "as soon as a combat unit from the enemy side enters it"
    expect(p.state.vp_s[BOL]).toBe(20); // no VP for a rout (I-34)
  });
});

describe('12.8 non-combat pieces of a retreating or routing stack', () => {
  test('12.8 supply units go with the retreating unit; an unattached truck that could not enter the retreat hex is eliminated', () => {
    const { p, i1, b1, order } = assault(); // all Bush: trucks (mech) may not enter it off a road
    csp(p, '1506', BOL);
    const t = p.state.side_t.indexOf(BOL);
    p.state.loc_t[t] = p.hex('1506');
    const par = attacker('PAR', [order], { losses: () => [{ unit: i1, eliminate: false }], advance: () => [] });
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: true }),
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: () => p.hex('1507'),
    });
    combatPhase(testGame(p.state, [4, 5], par, bol), PAR, 'first');
    expect(p.state.loc_u[b1]).toBe(p.hex('1507'));
    expect(p.state.csp_hs[p.hex('1507') * 2 + BOL]).toBe(1);
    expect(p.state.csp_hs[p.hex('1506') * 2 + BOL]).toBe(0);
    expect(p.state.loc_t[t]).toBe(IN_PILE);
  });

  test('12.8 an unattached truck goes with the retreating unit into a hex it can enter', () => {
    const p = position({ fill: 'clear', vp: [20, 20] });
    const i1 = p.place('P-I1', '1505');
    const i2 = p.place('P-I2', '1505');
    p.placeLeader('P-FRANCO', '1505');
    csp(p, '1505', PAR);
    const b1 = p.place('B-I1', '1506');
    const t = p.state.side_t.indexOf(BOL);
    p.state.loc_t[t] = p.hex('1506');
    const par = attacker('PAR', [{ attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }], {
      losses: () => [{ unit: i1, eliminate: false }],
      advance: () => [],
    });
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: false }),
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: () => p.hex('1507'),
    });
    // 10 against 3: 3-1; Clear: attacker -1 (from Clear), Franco +1: roll 4 stays 4: 25/50R; retreat check 5.
    const g = testGame(p.state, [4, 5], par, bol);
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ odds: '3-1', result: '25/50R' });
    expect(p.state.loc_t[t]).toBe(p.hex('1507'));
  });

  test("12.8 when every unit routs, the stack's supply units are eliminated: an advancing attacker finds none to capture", () => {
    const p = position({ fill: 'bush', sources: [{ hex: '1501', side: 'BOL' }], vp: [20, 20] });
    const i1 = p.place('P-I1', '1507');
    const i2 = p.place('P-I2', '1507');
    p.placeLeader('P-A', '1507');
    csp(p, '1507', PAR);
    p.place('B-I2', '1506');
    const c1 = p.place('B-C1', '1506');
    csp(p, '1506', BOL, 2);
    const par = attacker('PAR', [{ attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1507')], air: false }], {
      losses: () => [{ unit: i1, eliminate: false }],
      advance: (d) => [{ unit: i2, hex: d.hexes[0]! }],
    });
    const bol = scripted('BOL', { defend: () => ({ cspHexes: [], air: false }), losses: () => [{ unit: c1, eliminate: true }] });
    const g = testGame(p.state, [6, 1], par, bol); // as above: 25/25R, B-I2 routs on 1
    combatPhase(g, PAR, 'first');
    expect(g.dice.used()).toBe(2); // no capture rolls
    let bolCsp = 0;
    for (let h = 0; h < p.map.grid.size; h++) bolCsp += p.state.csp_hs[h * 2 + BOL]!;
    expect(bolCsp).toBe(0);
    expect(p.state.csp_hs[p.hex('1506') * 2 + PAR]).toBe(0);
  });
});

describe('12.2, 12.10, 12.11 more than one combat in a phase', () => {
  test('12.2 a hex already attacked this phase may not be attacked again', () => {
    const { p, i1, i2, b1 } = assault();
    csp(p, '1505', PAR, 2);
    const i3 = p.place('P-I3', '1505');
    const first: AttackOrder = { attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false };
    const second: AttackOrder = { attackers: [i3], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false };
    const par = attacker('PAR', [first, second], { losses: () => [{ unit: i1, eliminate: false }] });
    const bol = scripted('BOL', { defend: () => ({ cspHexes: [], air: false }), losses: () => [{ unit: b1, eliminate: false }] });
    // 10 against 3: 3-1; Bush -1, Franco +1: roll 3 stays 3: 25/25.
    const err = thrown(() => combatPhase(testGame(p.state, [3], par, bol), PAR, 'first'));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/12\.2/);
  });

  test('12.10 a unit that retreated into a hex attacked later in the phase does not defend, and is destroyed by the R result there (+1 VP)', () => {
    const { p, i1, i2, b1 } = assault();
    const b2 = p.place('B-I2', '1507');
    const i3 = p.place('P-I3', '1508');
    const c1 = p.place('P-C1', '1508');
    p.placeLeader('P-A', '1508');
    csp(p, '1508', PAR);
    const first: AttackOrder = { attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false };
    const second: AttackOrder = { attackers: [i3, c1], hexes: [p.hex('1507')], leaders: [], cspHexes: [p.hex('1508')], air: false };
    const losses = [[{ unit: i1, eliminate: false }], [{ unit: i3, eliminate: false }]];
    const par = attacker('PAR', [first, second], { losses: () => losses.shift()!, advance: () => [] });
    const bolLosses = [[{ unit: b1, eliminate: false }], [{ unit: b2, eliminate: false }]];
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: false }),
      losses: () => bolLosses.shift()!,
      retreat: (d) => (d.unit === b1 ? p.hex('1507') : d.hexes[0]!),
    });
    // First: 10 against 3 (3-1), Bush -1, Franco +1: roll 4: 25/50R; B-I1 retreats (5) into 1507.
    // Second: 7 against B-I2 alone, 4 halved = 2 (3-1), Bush -1: roll 6 -> 5: 25/50R; B-I2 retreats (5).
    const g = testGame(p.state, [4, 5, 6, 5], par, bol);
    combatPhase(g, PAR, 'first');
    const [, second_] = printedCombats(g);
    expect(second_).toMatchObject({ defenders: [b2], attack: 7, defence: 2, odds: '3-1', result: '25/50R' });
    expect(p.state.loc_u[b1]).toBe(IN_DEAD);
    expect(of(g.events, 'loss')).toContainEqual(expect.objectContaining({ side: BOL, unit: b1, result: 'eliminated', rule: '12.10' }));
    expect(p.state.vp_s[PAR]).toBe(21);
  });

  test('12.11 when the attackers retreat and the defender took 10 or -, the defender may occupy their vacated hex', () => {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const i3 = p.place('P-I3', '1505');
    const estig = p.placeLeader('P-ESTIG', '1505');
    csp(p, '1505', PAR);
    const b1 = p.place('B-I1', '1506');
    csp(p, '1506', BOL);
    const par = attacker('PAR', [{ attackers: [i3], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }], {
      losses: () => [{ unit: i3, eliminate: false }],
      retreat: () => p.hex('1504'),
    });
    const bol = scripted('BOL', {
      defend: (d) => ({ cspHexes: [d.cspHexes[0]!], air: false }),
      losses: () => [{ unit: b1, eliminate: false }],
      advance: (d) => [{ unit: b1, hex: d.hexes[0]! }],
    });
    // 3 against 5: 1-2; Bush -1, Estigarribia +2: roll 1 -> 2: 50R/10. P-I3 retreats (3 + 2) to 1504 with its leader.
    combatPhase(testGame(p.state, [1, 3], par, bol), PAR, 'first');
    expect(p.state.loc_u[i3]).toBe(p.hex('1504'));
    expect(p.state.loc_l[estig]).toBe(p.hex('1504')); // 12.8: the leader goes with his retreating units
    expect(bol.asked.find((d) => d.kind === 'advance')).toMatchObject({ units: [b1], hexes: [p.hex('1505')] });
    expect(p.state.loc_u[b1]).toBe(p.hex('1505'));
  });
});

describe('12.9 CSP in an eliminated hex', () => {
  /** B-I3 (reduced) with 2 CSP in 1506 is eliminated by -/E (6 against 1, Bush -1, roll 6). */
  function wiped(advance: boolean) {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const i1 = p.place('P-I1', '1505');
    p.placeLeader('P-A', '1505');
    csp(p, '1505', PAR);
    p.place('B-I3', '1506', { reduced: true });
    csp(p, '1506', BOL, 2);
    const par = attacker('PAR', [{ attackers: [i1], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }], {
      advance: (d) => (advance ? [{ unit: i1, hex: d.hexes[0]! }] : []),
    });
    return { p, par, bol: scripted('BOL', { defend: () => ({ cspHexes: [], air: false }) }) };
  }

  test('12.9, 10.3 the attacker advancing into the hex captures each CSP on 1-2 (+1 VP each)', () => {
    const { p, par, bol } = wiped(true);
    const g = testGame(p.state, [6, 2, 4], par, bol);
    combatPhase(g, PAR, 'first');
    expect(p.state.csp_hs[p.hex('1506') * 2 + BOL]).toBe(0);
    expect(p.state.csp_hs[p.hex('1506') * 2 + PAR]).toBe(1);
    expect(p.state.vp_s[PAR]).toBe(20 + 1 + 1);
  });

  test('12.9 with no advance the CSP are eliminated, uncaptured', () => {
    const { p, par, bol } = wiped(false);
    const g = testGame(p.state, [6], par, bol);
    combatPhase(g, PAR, 'first');
    expect(p.state.csp_hs[p.hex('1506') * 2 + BOL]).toBe(0);
    expect(p.state.csp_hs[p.hex('1506') * 2 + PAR]).toBe(0);
    expect(p.state.vp_s[PAR]).toBe(21);
  });
});
