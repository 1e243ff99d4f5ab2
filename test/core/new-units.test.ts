import { describe, expect, test } from 'vitest';
import { drawReinforcement, newUnitPhase, scheduledReinforcements } from '../../src/core/new-units.js';
import { BOL, PAR } from '../../src/core/side.js';
import { IN_DEAD, IN_PILE, setUnitLoc } from '../../src/core/state.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

const month = (y: number, m: number) => y * 12 + m - 1;
const sources = [
  { hex: '1001', side: 'BOL' as const },
  { hex: '1012', side: 'PAR' as const },
];
const placer = (name: string, extra = {}) =>
  scripted(name, { callUps: () => 0, placePiece: (d) => d.hexes[0]!, replacements: (d) => d.eligible.slice(0, d.points), ...extra });

describe('9.4 reinforcements', () => {
  test('the schedule: Bolivia 2 in September 1932 then 3; Paraguay 3 to January 1933 then 2', () => {
    const p = position();
    const at = (y: number, m: number, side: 0 | 1) => {
      p.state.month = month(y, m);
      return scheduledReinforcements(p.state, side);
    };
    expect([at(1932, 9, BOL), at(1932, 10, BOL), at(1935, 6, BOL)]).toEqual([2, 3, 3]);
    expect([at(1932, 9, PAR), at(1933, 1, PAR), at(1933, 2, PAR)]).toEqual([3, 3, 2]);
  });

  test('units are drawn from the pile and placed at full strength on a friendly supply source', () => {
    const p = position({ sources });
    p.state.month = month(1933, 3);
    const u = p.unit('P-I1');
    p.state.reduced_u[u] = 1;
    // only P-I1 and P-I2 are in the Paraguayan pile
    for (const id of ['P-I3', 'P-I4', 'P-I5', 'P-C1', 'P-A1', 'P-E1']) setUnitLoc(p.state, p.unit(id), -3);
    const g = testGame(p.state, [1, 1], placer('PAR'));
    newUnitPhase(g, PAR);
    expect(p.state.loc_u[u]).toBe(p.hex('1012'));
    expect(p.state.reduced_u[u]).toBe(0);
    expect(p.state.loc_u[p.unit('P-I2')]).toBe(p.hex('1012'));
  });

  test('an exhausted pile is refilled from the dead pile', () => {
    const p = position({ sources });
    for (let u = 0; u < p.state.loc_u.length; u++) if (p.state.counters.side_u[u] === PAR) setUnitLoc(p.state, u, -3);
    setUnitLoc(p.state, p.unit('P-I3'), IN_DEAD);
    const g = testGame(p.state, [1]);
    expect(drawReinforcement(g, PAR)).toBe(p.unit('P-I3'));
  });

  test('with both piles empty nothing is drawn and nothing is owed later', () => {
    const p = position({ sources });
    for (let u = 0; u < p.state.loc_u.length; u++) if (p.state.counters.side_u[u] === PAR) setUnitLoc(p.state, u, -3);
    const g = testGame(p.state, [], placer('PAR'));
    newUnitPhase(g, PAR);
    expect(g.dice.used()).toBe(0);
  });

  test('I-36 a unit with no friendly source to go to stays in the pile', () => {
    const p = position({ sources });
    p.place('B-I1', '1012');
    p.state.control_h[p.hex('1012')] = BOL;
    const g = testGame(p.state, [1, 1, 1], placer('PAR'));
    newUnitPhase(g, PAR);
    expect(p.state.loc_u[p.unit('P-I1')]).toBe(IN_PILE);
  });
});

describe('9.5 call-ups', () => {
  test('each costs 5 VP and draws one die of extra units', () => {
    const p = position({ sources, vp: [20, 20], terrain: { '1012': 'clear' } });
    p.state.month = month(1933, 3);
    const par = placer('PAR', { callUps: () => 1 });
    // call-up roll 3, then 2 + 3 = 5 draws
    const g = testGame(p.state, [3, 1, 1, 1, 1, 1], par);
    newUnitPhase(g, PAR);
    expect(p.state.vp_s[PAR]).toBe(15);
    let placed = 0;
    for (let u = 0; u < p.state.loc_u.length; u++) if (p.state.counters.side_u[u] === PAR && p.state.loc_u[u]! >= 0) placed++;
    expect(placed).toBe(5);
  });

  test('9.5 Bolivia may make as many as it wishes: five in one phase, none refused', () => {
    const p = position({ sources, vp: [20, 40], terrain: { '1001': 'clear' } });
    p.state.month = month(1933, 3);
    p.state.callUps_s[BOL] = 3; // three made earlier in the game
    const bol = placer('BOL', { callUps: () => 5 });
    // five call-up rolls of 1, then 3 scheduled + 5 called = 8 draws (always the first unit left in the pile)
    const g = testGame(p.state, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], undefined, bol);
    newUnitPhase(g, BOL);
    expect(bol.asked.find((d) => d.kind === 'callUps')).toMatchObject({ max: 9 }); // 40 VP: the ninth takes Bolivia below 0 (16.4)
    expect(p.state.vp_s[BOL]).toBe(15);
    expect(p.state.callUps_s[BOL]).toBe(8);
    let placed = 0;
    for (let u = 0; u < p.state.loc_u.length; u++) if (p.state.counters.side_u[u] === BOL && p.state.loc_u[u]! >= 0) placed++;
    expect(placed).toBe(6); // the Clear source holds six (11.2); the seventh and eighth draws go back to the pile (I-36)
  });

  test('Paraguay may make only two in a game', () => {
    const p = position({ sources });
    p.state.callUps_s[PAR] = 2;
    const par = placer('PAR', {
      callUps: () => {
        throw new Error('not asked');
      },
    });
    p.state.month = month(1933, 3);
    newUnitPhase(testGame(p.state, [1, 1], par), PAR);
    expect(par.asked.some((d) => d.kind === 'callUps')).toBe(false);
  });
});

describe('9.2 replacements', () => {
  test('only reduced infantry and cavalry in General Supply may be flipped, one point each', () => {
    const p = position({ sources });
    for (let u = 0; u < p.state.loc_u.length; u++) if (p.state.counters.side_u[u] === BOL) setUnitLoc(p.state, u, -3);
    const a = p.place('B-I1', '1505', { reduced: true });
    const b = p.place('B-I2', '1506', { reduced: true });
    const art = p.place('B-A1', '1507', { reduced: true });
    p.state.inSupply_u[b] = 0;
    p.state.replacements_s[BOL] = 2;
    const bol = placer('BOL');
    newUnitPhase(testGame(p.state, [], undefined, bol), BOL);
    const asked = bol.asked.find((d) => d.kind === 'replacements')!;
    expect(asked).toMatchObject({ eligible: [a] });
    expect(p.state.reduced_u[a]).toBe(0);
    expect(p.state.reduced_u[art]).toBe(1);
    expect(p.state.replacements_s[BOL]).toBe(1);
  });
});
