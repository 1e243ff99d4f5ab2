// What the enemy could bring against a hex in the Reaction Combat Phase (10.10, 12.1, 12.2), and the heuristic's leaders
// keeping off a stack it could crush there (leaderCrush, 12.9, I-35). Each behaviour against leaderCrush 0, so the test can fail.
import { describe, expect, test } from 'vitest';
import { WORKS_ENTRENCHMENT } from '../../src/core/map.js';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { crushable, reactionStrength } from '../../src/policy/reaction-threat.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
// reserveMarch off: the leaderless stack in 1209 stays where it is rather than march to Franco.
const quiet = { moveGhq: false, ghqSafety: false, cspPerLeader: 0, moveTrucks: false, reserveMarch: 0 };
/** The Bolivian stack's attack strength: 6 + 4 + 4 + 4 + 3 + 4 (artillery). */
const BOLIVIAN_ATTACK = 25;

/**
 * Clear ground; Franco on two reduced Paraguayan units in General Supply in 1205 (defence 2, and 2 for the artillery, which defends with its attack factor stacked with infantry, I-25); a Bolivian stack of six
 * units in 1201, four hexes off, with Peña (`led`) or without him: its Reaction Movement (half of 5 MP, rounded up: three
 * clear hexes) can end it in 1204, beside 1205. With `refuge`, three Paraguayan units (defence 12) in 1209, out of its reach.
 */
function crushPosition(opts: { led?: boolean; refuge?: boolean } = {}) {
  const p = position({ fill: 'clear', sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
  const units = [p.place('P-I3', '1205', { reduced: true }), p.place('P-A1', '1205', { reduced: true })];
  const l = p.placeLeader('P-FRANCO', '1205');
  if (opts.refuge ?? true) ['P-I1', 'P-I2', 'P-I4'].forEach((id) => units.push(p.place(id, '1209')));
  for (const u of units) p.state.inSupply_u[u] = 1;
  ['B-I1', 'B-I2', 'B-I3', 'B-I4', 'B-I5', 'B-A1'].forEach((id) => p.place(id, '1201'));
  if (opts.led ?? true) p.placeLeader('B-PENA', '1201');
  return { p, l };
}

describe("10.10, 12.2: the enemy's strength in reach of a hex in the Reaction Combat Phase", () => {
  test('a led stack counts beside every hex it could end in by its Reaction Movement, and beside its own', () => {
    const { p } = crushPosition();
    const s = reactionStrength(p.state, PAR);
    expect(s[p.hex('1205')]).toBe(BOLIVIAN_ATTACK); // 1204 is three clear hexes from 1201
    expect(s[p.hex('1202')]).toBe(BOLIVIAN_ATTACK); // beside where it stands
    expect(s[p.hex('1209')]).toBe(0); // eight hexes off
  });

  test('10.10(2): a stack without a leader does not react, and counts nowhere', () => {
    const { p } = crushPosition({ led: false });
    expect(reactionStrength(p.state, PAR)[p.hex('1205')]).toBe(0);
  });

  test('10.10(1): a led stack starting in our ZOC does not react; it counts only beside where it stands', () => {
    const { p } = crushPosition();
    p.place('P-I5', '1101'); // beside 1201
    const s = reactionStrength(p.state, PAR);
    expect(s[p.hex('1205')]).toBe(0);
    expect(s[p.hex('1202')]).toBe(BOLIVIAN_ATTACK);
  });

  test('12.13: works multiply the defence the odds are taken against', () => {
    const { p } = crushPosition();
    const h = p.hex('1205');
    // 25 against 4: 6.25 to 1; entrenched, against 8: 3.1 to 1.
    expect([crushable(p.state, PAR, h, 3), crushable(p.state, PAR, h, 4)]).toEqual([true, true]);
    p.state.works_h[h] = WORKS_ENTRENCHMENT;
    expect([crushable(p.state, PAR, h, 3), crushable(p.state, PAR, h, 4)]).toEqual([true, false]);
  });
});

describe('10.10, 12.1, 12.9, I-35: leaderCrush: leaders leave a stack the enemy could crush in its Reaction Combat', () => {
  function franco(leaderCrush: number, refuge = true) {
    const { p, l } = crushPosition({ refuge });
    const weak = p.unit('P-I3');
    movementPhase(testGame(p.state, [], bal({ leaderCrush, ...quiet })), PAR, false);
    const at = p.state.loc_l[l]!;
    return { at: at === p.hex('1209') ? '1209' : 'elsewhere', withWeak: at === p.state.loc_u[weak] };
  }

  test('with leaderCrush 4 Franco crosses to the stack out of its reach; with 0 he stays with his units', () => {
    expect(franco(4).at).toBe('1209');
    expect(franco(0).withWeak).toBe(true);
  });

  test('with no stack to cross to he stays with his units rather than go alone', () => {
    expect(franco(4, false).withWeak).toBe(true);
  });
});

describe('15, 10.10, I-35: leaderCrush: a leader alone crosses to a stack the enemy could not crush in its Reaction Combat first', () => {
  // Franco alone in 1207 (a doomed stack of his own: no unit, so none in General Supply); two leaderless Paraguayan stacks
  // in supply: 1205, four steps, defence 7 (4, and 3 for the stacked artillery, I-25), two hexes from the Bolivian stack
  // in 1203 (attack 25: crushable at 3 to 1), and 1210, two steps, out of its reach. leaderSafety ranks the stack with
  // more steps first.
  function franco(leaderCrush: number) {
    const p = position({ fill: 'clear', sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
    const units = [p.place('P-I3', '1205'), p.place('P-A1', '1205')];
    units.push(p.place('P-I2', '1210', { reduced: true }), p.place('P-I4', '1210', { reduced: true }));
    for (const u of units) p.state.inSupply_u[u] = 1;
    const l = p.placeLeader('P-FRANCO', '1207');
    ['B-I1', 'B-I2', 'B-I3', 'B-I4', 'B-I5', 'B-A1'].forEach((id) => p.place(id, '1203'));
    p.placeLeader('B-PENA', '1203');
    const crushed = [crushable(p.state, PAR, p.hex('1205'), 3), crushable(p.state, PAR, p.hex('1210'), 3)];
    movementPhase(testGame(p.state, [], bal({ leaderCrush, ...quiet })), PAR, false);
    const at = p.state.loc_l[l]!;
    return { crushed, to: at === p.state.loc_u[units[0]!] ? '4 steps' : at === p.state.loc_u[units[2]!] ? '2 steps' : 'other' };
  }

  test('with leaderCrush 3 he joins the stack out of its reach; with 0, the one with more steps', () => {
    expect(franco(3)).toEqual({ crushed: [true, false], to: '2 steps' });
    expect(franco(0)).toEqual({ crushed: [true, false], to: '4 steps' });
  });
});
