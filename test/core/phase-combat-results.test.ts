// The Combat Phases (12), continued: engineers in combat (14.2), a result that would eliminate both sides (12.6),
// combat supply and air (12.12, 13.3), a defender in two hexes, truces (6.3), elimination and lone leaders
// (12.9, I-35), the forced challenge (15.2, I-39) and stacking after each combat (11.1).
import { describe, expect, test } from 'vitest';
import { combatPhase } from '../../src/core/combat-phase.js';
import { IllegalDecision } from '../../src/core/decisions.js';
import { BOL, PAR } from '../../src/core/side.js';
import { BUILD_ENTRENCHMENT, BUILD_NONE, IN_DEAD } from '../../src/core/state.js';
import { position } from '../helpers/position.js';
import { printedCombats, scripted, testGame, type Script } from '../helpers/game.js';
import { assault, attacker, csp, of, thrown } from '../helpers/combat.js';

describe('14.2 engineers in combat', () => {
  test('14.2 a building engineer attacked in the enemy Reaction Combat Phase defends and completes nothing', () => {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const e = p.place('P-E1', '1505');
    const i1 = p.place('P-I1', '1505');
    p.state.building_u[e] = BUILD_ENTRENCHMENT;
    const b1 = p.place('B-I1', '1506');
    p.placeLeader('B-B', '1506');
    const bol = attacker('BOL', [{ attackers: [b1], hexes: [p.hex('1505')], leaders: [], cspHexes: [], air: false }], {
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: (d) => d.hexes[0]!,
    });
    const par = scripted('PAR', { defend: () => ({ cspHexes: [], air: false }), losses: () => [{ unit: i1, eliminate: false }] });
    // 6 halved = 3 against (3 + 4) halved = 2 + 2: 1-2; Bush -1: roll 6 -> 5: 25R/25. B-I1's retreat check: 6.
    const g = testGame(p.state, [6, 6], par, bol);
    combatPhase(g, BOL, 'reaction');
    expect(printedCombats(g)[0]).toMatchObject({ side: BOL, defenders: [i1, e], odds: '1-2', result: '25R/25', phase: 'reaction' });
    expect(p.state.loc_u[e]).toBe(p.hex('1505'));
    expect(p.state.building_u[e]).toBe(BUILD_NONE);
  });
});

describe('12.6 a result that would eliminate both sides', () => {
  test('12.6 becomes -/-: no losses, no retreat checks', () => {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const e = p.place('P-E1', '1505'); // 2-3-6, one step
    p.placeLeader('P-A', '1505');
    csp(p, '1505', PAR);
    const be = p.place('B-E1', '1506'); // 2-3-5, one step
    csp(p, '1506', BOL);
    const par = attacker('PAR', [{ attackers: [e], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }]);
    const bol = scripted('BOL', { defend: (d) => ({ cspHexes: [d.cspHexes[0]!], air: false }) });
    // 2 against 3: 1-2; Bush -1: roll 3 -> 2: 50R/10. Each side's only unit would have to go: -/-.
    const g = testGame(p.state, [3], par, bol);
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ odds: '1-2', modified: 2, result: '-/-', cancelled: true });
    expect([p.state.loc_u[e], p.state.loc_u[be]]).toEqual([p.hex('1505'), p.hex('1506')]);
    expect(of(g.events, 'loss')).toEqual([]);
    expect(g.dice.used()).toBe(1);
    expect(p.state.vp_s).toEqual(new Int32Array([20, 20]));
  });
});

describe('12.12, 13.3 combat supply and air', () => {
  test('13.3 an air marker is used once a game turn: a second use is an illegal decision', () => {
    const { p, order } = assault();
    p.state.airUsed_s[PAR] = 1; // Paraguay's only marker was used earlier this turn
    const g = testGame(p.state, [], attacker('PAR', [order]), scripted('BOL', {}));
    const err = thrown(() => combatPhase(g, PAR, 'first'));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/13\.3/);
  });

  test('12.12 spending a CSP that is not there is an illegal decision', () => {
    const { p, order } = assault();
    csp(p, '1505', PAR, 0);
    const g = testGame(p.state, [], attacker('PAR', [order]), scripted('BOL', {}));
    expect(thrown(() => combatPhase(g, PAR, 'first')).message).toMatch(/12\.12/);
  });

  test("12.12 the defender's CSP is spent when he commits it, and doubles his strength back from halved", () => {
    const { p, i1, i2, b1 } = assault();
    csp(p, '1506', BOL);
    const par = attacker('PAR', [{ attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }], {
      losses: () => [{ unit: i1, eliminate: false }],
    });
    const bol = scripted('BOL', {
      defend: (d) => ({ cspHexes: [d.cspHexes[0]!], air: false }),
      losses: () => [{ unit: b1, eliminate: false }],
    });
    // 10 against 5: 2-1; Bush -1, Franco +1: roll 3 stays 3: 25/25.
    const g = testGame(p.state, [3], par, bol);
    combatPhase(g, PAR, 'first');
    expect(bol.asked.find((d) => d.kind === 'defend')).toMatchObject({ cspHexes: [p.hex('1506')] });
    expect(printedCombats(g)[0]).toMatchObject({ attack: 10, defence: 5, odds: '2-1', result: '25/25' });
    expect(p.state.csp_hs[p.hex('1506') * 2 + BOL]).toBe(0);
    expect(p.state.csp_hs[p.hex('1505') * 2 + PAR]).toBe(0);
    expect(p.state.airUsed_s).toEqual(new Uint8Array([0, 0]));
  });
});

describe('12.12 the defender in two hexes', () => {
  /** PAR in 1505 (10 with its CSP, Franco +1) attacks B-I1 (defence 5) in 1506 and B-I2 (4) in 1406, each with its own CSP and no leader. */
  function twoHexes(defend: Script['defend']) {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const i1 = p.place('P-I1', '1505');
    const i2 = p.place('P-I2', '1505');
    p.placeLeader('P-FRANCO', '1505');
    csp(p, '1505', PAR);
    const b1 = p.place('B-I1', '1506');
    p.place('B-I2', '1406');
    csp(p, '1506', BOL);
    csp(p, '1406', BOL);
    const par = attacker(
      'PAR',
      [{ attackers: [i1, i2], hexes: [p.hex('1506'), p.hex('1406')], leaders: [], cspHexes: [p.hex('1505')], air: false }],
      {
        losses: () => [{ unit: i1, eliminate: false }],
      },
    );
    const bol = scripted('BOL', { defend, losses: () => [{ unit: b1, eliminate: false }] });
    // 1-1; Bush -1, Franco +1: roll 5 stays 5: 25/25 (3 factors each: one flip).
    const g = testGame(p.state, [5], par, bol);
    return { p, g, bol };
  }

  test('12.12 the defender may spend a CSP in each hex, as the attacker may (I-22): both hexes fight at full strength', () => {
    const { p, g, bol } = twoHexes((d) => ({ cspHexes: d.cspHexes, air: false }));
    combatPhase(g, PAR, 'first');
    expect(bol.asked.find((d) => d.kind === 'defend')).toMatchObject({ cspHexes: [p.hex('1406'), p.hex('1506')].sort((a, b) => a - b) });
    expect(printedCombats(g)[0]).toMatchObject({ attack: 10, defence: 9, odds: '1-1' });
    expect(p.state.csp_hs[p.hex('1506') * 2 + BOL]).toBe(0);
    expect(p.state.csp_hs[p.hex('1406') * 2 + BOL]).toBe(0);
  });

  test('12.12 one CSP serves only the defenders within its reach: the other hex is halved (the older one-hex answer still works)', () => {
    const { p, g } = twoHexes(() => ({ cspHex: p.hex('1506'), air: false }) as never);
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ defence: 5 + 2 });
    expect(p.state.csp_hs[p.hex('1406') * 2 + BOL]).toBe(1);
  });

  test('12.12 a CSP hex that cannot serve the defenders is an illegal decision', () => {
    const { p, g } = twoHexes(() => ({ cspHexes: [p.hex('1505')], air: false }));
    expect(thrown(() => combatPhase(g, PAR, 'first')).message).toMatch(/cannot supply the defenders \(12\.12\)/);
  });
});

describe('6.3 truces', () => {
  test('6.3 no combat during a truce: the attacker is not even asked', () => {
    const { p } = assault();
    p.state.truce = true;
    const par = scripted('PAR', {});
    const g = testGame(p.state, [], par, scripted('BOL', {}));
    combatPhase(g, PAR, 'first');
    combatPhase(g, BOL, 'reaction');
    expect(par.asked).toEqual([]);
    expect(g.events).toEqual([]);
  });
});

describe('12.9, I-35 elimination', () => {
  test('12.9 an E result leaves a named leader alone: he goes to the nearest friendly unit and his side loses political x 1d6', () => {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const i1 = p.place('P-I1', '1505');
    p.placeLeader('P-A', '1505');
    csp(p, '1505', PAR);
    const b3 = p.place('B-I3', '1506', { reduced: true });
    const pena = p.placeLeader('B-PENA', '1506');
    p.place('B-I1', '1510');
    const par = attacker('PAR', [{ attackers: [i1], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }], {
      advance: () => [],
    });
    // 6 against 1: 6-1; Bush -1: 6 -> 5: -/E. Peña's displacement die: 2.
    const g = testGame(p.state, [6, 2], par, scripted('BOL', { defend: () => ({ cspHexes: [], air: false }) }));
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ result: '-/E' });
    expect(p.state.loc_u[b3]).toBe(IN_DEAD);
    expect(p.state.loc_l[pena]).toBe(p.hex('1510'));
    expect(p.state.vp_s[PAR]).toBe(21); // +1 for the eliminated unit (16.2)
    expect(p.state.vp_s[BOL]).toBe(20 - 3 * 2);
    expect(of(g.events, 'vp').map((e) => [e.side, e.delta])).toEqual([
      [PAR, 1],
      [BOL, -6],
    ]);
    expect(of(g.events, 'leader')).toEqual([expect.objectContaining({ side: BOL, leader: pena, to: p.hex('1510') })]);
  });

  test('12.6 an allocation that does not meet the loss is an illegal decision', () => {
    const { p, i1, order } = assault();
    const par = attacker('PAR', [order], { losses: () => [{ unit: i1, eliminate: false }] });
    const bol = scripted('BOL', { defend: () => ({ cspHexes: [], air: true }), losses: () => [] });
    const err = thrown(() => combatPhase(testGame(p.state, [4], par, bol), PAR, 'first'));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/12\.6/);
  });

  test('2.12, 12.6 flipping a unit that is already reduced is an illegal decision', () => {
    const { p, i1, b1, order } = assault();
    p.state.reduced_u[b1] = 1;
    const par = attacker('PAR', [{ ...order, air: false }], { losses: () => [{ unit: i1, eliminate: false }] });
    const bol = scripted('BOL', { defend: () => ({ cspHexes: [], air: false }), losses: () => [{ unit: b1, eliminate: false }] });
    // 10 against 1 (2 halved): 6-1; Bush -1, Franco +1: roll 1 stays 1: 10/50R, 50% of 2 = 1 to lose.
    const err = thrown(() => combatPhase(testGame(p.state, [1], par, bol), PAR, 'first'));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/2\.12/);
  });
});

describe('15.2, I-39 the forced challenge', () => {
  /** P-I3 (3-4-6) with `leader` and a CSP in 1505 attacks B-I1 (6-5-5) with its CSP in 1506: 3 against 5, 1-2. */
  function lowOdds(leaderId: 'P-ESTIG' | 'P-FRANCO') {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const i3 = p.place('P-I3', '1505');
    p.placeLeader(leaderId, '1505');
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
      advance: () => [],
    });
    return { p, i3, par, bol };
  }

  test("15.2, I-39 the Army Commander's rating used in an attack that takes a 50 result calls for a challenge", () => {
    const { p, par, bol } = lowOdds('P-ESTIG');
    // Bush -1, Estigarribia +2: roll 1 -> 2: 1-2, 2: 50R/10. Retreat check 3 + 2 = 5: retreat.
    const g = testGame(p.state, [1, 3], par, bol);
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ odds: '1-2', modified: 2, result: '50R/10' });
    expect(p.state.challenge_s[PAR]).toBe(1);
    expect(p.state.challenge_s[BOL]).toBe(0);
  });

  test("15.2 the same loss under a subordinate's rating calls for no challenge", () => {
    const { p, par, bol } = lowOdds('P-FRANCO');
    // Bush -1, Franco +1: roll 2 -> 2: 50R/10. Retreat check 3 + 1: retreat.
    const g = testGame(p.state, [2, 3], par, bol);
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ result: '50R/10' });
    expect(p.state.challenge_s[PAR]).toBe(0);
  });

  test('15.2, I-39 a defending Army Commander whose rating modified the retreat roll after a 50R calls for a challenge', () => {
    const { p, i1, b1, order } = assault();
    const pena = p.placeLeader('B-PENA', '1506');
    expect(p.state.armyCommander_s[BOL]).toBe(pena);
    const par = attacker('PAR', [{ ...order, air: false }], { losses: () => [{ unit: i1, eliminate: false }], advance: () => [] });
    const bol = scripted('BOL', {
      defend: () => ({ cspHexes: [], air: false }),
      losses: () => [{ unit: b1, eliminate: false }],
      retreat: (d) => d.hexes[0]!,
    });
    // 10 against 3: 3-1; Bush -1, Franco +1: roll 4 stays 4: 25/50R. Retreat check 5 - 1 (Peña) = 4: retreat.
    const g = testGame(p.state, [4, 5], par, bol);
    combatPhase(g, PAR, 'first');
    expect(printedCombats(g)[0]).toMatchObject({ result: '25/50R' });
    expect(p.state.challenge_s[BOL]).toBe(1);
    expect(p.state.challenge_s[PAR]).toBe(0);
  });
});

describe('11.1 stacking at the end of each combat', () => {
  test('11.1, I-14 a hex over its limit (a lapsed trail) is brought within it at the end of the combat, with no VP to the enemy', () => {
    const p = position({ fill: 'bush', vp: [20, 20] });
    const par5 = ['P-I1', 'P-I2', 'P-I3', 'P-I4', 'P-I5'].map((id) => p.place(id, '1505')); // 5 in Bush: the limit is 4
    p.placeLeader('P-A', '1505');
    csp(p, '1505', PAR);
    p.place('B-I3', '1506', { reduced: true });
    const counts: number[] = [];
    const par = scripted('PAR', {
      attack: (_d, view) => {
        counts.push(view.stacking_hs[p.hex('1505') * 2 + PAR]!);
        return counts.length === 1
          ? { attackers: [par5[0]!], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: false }
          : null;
      },
      advance: () => [],
      overstack: (d) => [d.units[d.units.length - 1]!], // the owner's choice (11.1): the last of the engine's list
    });
    // 6 against 1: 6-1; Bush -1: 6 -> 5: -/E.
    const g = testGame(p.state, [6], par, scripted('BOL', { defend: () => ({ cspHexes: [], air: false }) }));
    combatPhase(g, PAR, 'first');
    expect(counts).toEqual([5, 4]); // already within the limit when the next attack is asked
    expect(par5.filter((u) => p.state.loc_u[u] === IN_DEAD)).toEqual([par5[0]]); // I-46's order lists the later counters first
    expect(p.state.vp_s[BOL]).toBe(20);
    expect(p.state.vp_s[PAR]).toBe(21);
    expect(of(g.events, 'loss')).toContainEqual(expect.objectContaining({ side: PAR, result: 'eliminated', rule: '11.1, I-14' }));
  });
});
