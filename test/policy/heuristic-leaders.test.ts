// The heuristic's leaders out of General Supply (15, I-35, 8.12): with no stack to cross to, a leader on a doomed
// stack walks alone toward supply (leaders do not roll for attrition), and no move makes a doomed stack of a leader.
// Each behaviour against leaderRetreat switched off, so the test can fail.
import { describe, expect, test } from 'vitest';
import { DIRECTIONS, distance, hexLabel } from '../../src/core/hex.js';
import { inEzoc } from '../../src/core/zoc.js';
import { movementPhase } from '../../src/core/movement-phase.js';
import { BOL, PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { cutOff, doomedStackAt, joinDooms, pocketed, wastingInEzoc } from '../../src/policy/heuristic-leaders.js';
import { supplyArea } from '../../src/policy/heuristic-ghq.js';
import { influence } from '../../src/policy/influence.js';
import { enemyCanReach } from '../../src/policy/threat.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
const quiet = { moveGhq: false, ghqSafety: false, cspPerLeader: 0, moveTrucks: false };
// leaderTrap's and leaderPocket's tests switch leaderCutOff (on in balanced) off: each behaviour is measured against its own switch.

describe('8.12, I-35: leaderRetreat: a leader on a stack out of supply with no stack to cross to walks alone toward supply', () => {
  function franco(leaderRetreat: boolean) {
    // Franco with one reduced unit, both out of General Supply, 7 hexes from Paraguay's source (the south edge); no other Paraguayan stack.
    const p = position({ fill: 'clear', sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
    const u = p.place('P-I3', '1205', { reduced: true });
    const l = p.placeLeader('P-FRANCO', '1205');
    p.state.inSupply_u[u] = 0;
    p.state.oos_l[l] = 1;
    p.place('B-I1', '1201');
    const source = p.hex('1212');
    const before = distance(p.state.map.grid, p.state.loc_l[l]!, source);
    movementPhase(testGame(p.state, [], bal({ leaderRetreat, ...quiet })), PAR, false);
    const at = p.state.loc_l[l]!;
    return { before, after: distance(p.state.map.grid, at, source), withUnit: at === p.state.loc_u[u] };
  }

  test('he ends nearer the source, and not on his doomed unit', () => {
    const r = franco(true);
    expect(r.after).toBeLessThan(r.before);
    expect(r.withUnit).toBe(false);
  });

  test('with leaderRetreat off he stays with his unit', () => {
    expect(franco(false).withUnit).toBe(true);
  });
});

describe("15, I-35: leaderEscape: with the way back to supply barred, a leader on a doomed stack walks alone out of the enemy's touch", () => {
  function franco(leaderEscape: boolean) {
    // Franco with one reduced unit out of General Supply in 1205; rows 7-11 off the map between him and Paraguay's source
    // (1212), and Bolivian units in 1106, 1306 and 1506: every hex no farther from the source than he is lies beside one.
    const outside: Record<string, 'outside'> = {};
    for (let c = 10; c <= 19; c++) for (let r = 7; r <= 11; r++) outside[`${c}${String(r).padStart(2, '0')}`] = 'outside';
    const p = position({ fill: 'clear', terrain: outside, sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
    const u = p.place('P-I3', '1205', { reduced: true });
    const l = p.placeLeader('P-FRANCO', '1205');
    p.state.inSupply_u[u] = 0;
    p.state.oos_l[l] = 1;
    for (const [id, hex] of [
      ['B-I1', '1106'],
      ['B-I2', '1306'],
      ['B-I3', '1506'],
    ] as const)
      p.place(id, hex);
    movementPhase(testGame(p.state, [], bal({ leaderEscape, ...quiet })), PAR, false);
    const at = p.state.loc_l[l]!;
    const enemyBeside = ['1106', '1306', '1506'].some((h) => distance(p.state.map.grid, at, p.hex(h)) <= 1);
    return { withUnit: at === p.state.loc_u[u], enemyBeside, at: hexLabel(p.state.map.grid, at) };
  }

  test('he leaves his unit for a hex with no enemy unit beside it', () => {
    const r = franco(true);
    expect(r.withUnit).toBe(false);
    expect(r.enemyBeside).toBe(false);
  });

  test('with leaderEscape off he stays with his unit (leaderRetreat finds no hex nearer the source)', () => {
    expect(franco(false).withUnit).toBe(true);
  });
});

describe('I-35, 8.12: a doomed stack: one unit near the enemy, or three steps or fewer out of General Supply', () => {
  function setUp() {
    const p = position({ fill: 'clear' });
    p.placeLeader('P-FRANCO', '1205');
    p.place('B-I1', '1201');
    const near3 = influence(p.state, BOL, 3);
    return { p, near3 };
  }

  test('doomedStackAt: an empty hex is not one; one reduced unit out of supply is; two full units in supply are not', () => {
    const { p, near3 } = setUp();
    const h = p.hex('1205');
    expect(doomedStackAt(p.state, PAR, h, near3)).toBe(false);
    const u = p.place('P-I3', '1205', { reduced: true });
    p.state.inSupply_u[u] = 0;
    expect(doomedStackAt(p.state, PAR, h, near3)).toBe(true);
    p.state.inSupply_u[u] = 1;
    p.place('P-I1', '1205');
    expect(doomedStackAt(p.state, PAR, h, near3)).toBe(false);
  });

  test('joinDooms: leaderless units joining a lone leader make a doomed stack only when few and out of supply', () => {
    const { p, near3 } = setUp();
    const h = p.hex('1205');
    const reduced = p.unit('P-I3'),
      full1 = p.unit('P-I1'),
      full2 = p.unit('P-I2');
    p.state.reduced_u[reduced] = 1;
    p.state.inSupply_u[reduced] = 0;
    p.state.inSupply_u[full1] = 0;
    p.state.inSupply_u[full2] = 0;
    expect(joinDooms(p.state, PAR, h, [reduced], near3)).toBe(true);
    expect(joinDooms(p.state, PAR, h, [full1, full2], near3)).toBe(false);
    p.state.inSupply_u[reduced] = 1;
    expect(joinDooms(p.state, PAR, h, [reduced], near3)).toBe(false);
    // No leader in the hex: nothing to doom.
    expect(joinDooms(p.state, PAR, p.hex('1206'), [full1], near3)).toBe(false);
  });
});

describe('7.3, 8.12, I-35: leaderTrap: leaders step out of a stack wasting out of supply in an EZOC while one way out is left', () => {
  // Franco with three full units, all out of General Supply, in 1205; Bolivian infantry in two hexes next to it that
  // leave one of its neighbours free of their ZOC (7.1: each covers 1205 and the neighbours beside it).
  function setUp(bolivians: number) {
    const p = position({ fill: 'clear', sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
    const x = p.hex('1205');
    const units = ['P-I1', 'P-I2', 'P-I3'].map((id) => p.place(id, '1205'));
    for (const u of units) p.state.inSupply_u[u] = 0;
    const l = p.placeLeader('P-FRANCO', '1205');
    p.state.oos_l[l] = 1;
    // A stack that can hold, in General Supply, out of the enemy's touch: Franco's refuge.
    for (const id of ['P-I4', 'P-I5']) p.place(id, '1209');
    const { neighbour_hd } = p.state.map.grid;
    const ids = ['B-I1', 'B-I2'];
    for (let k = 0; k < bolivians; k++) p.place(ids[k]!, hexLabel(p.state.map.grid, neighbour_hd[x * DIRECTIONS + k * 2]!));
    // The ways out, counted here: neighbours with no Bolivian unit and out of every Bolivian ZOC.
    let ways = 0;
    for (let d = 0; d < DIRECTIONS; d++) {
      const n = neighbour_hd[x * DIRECTIONS + d]!;
      if (p.state.combat_hs[n * 2 + BOL] === 0 && !inEzoc(p.state, n, PAR)) ways++;
    }
    return { p, x, l, units, ways };
  }

  test('wastingInEzoc: one way out left, out of supply: yes; three ways, or a unit in supply: no', () => {
    const one = setUp(2);
    expect(one.ways).toBe(1);
    expect(wastingInEzoc(one.p.state, PAR, one.x)).toBe(true);
    one.p.state.inSupply_u[one.units[0]!] = 1;
    expect(wastingInEzoc(one.p.state, PAR, one.x)).toBe(false);
    const three = setUp(1);
    expect(three.ways).toBe(3);
    expect(wastingInEzoc(three.p.state, PAR, three.x)).toBe(false);
  });

  function francoEnds(leaderTrap: boolean) {
    const { p, l } = setUp(2);
    movementPhase(testGame(p.state, [], bal({ leaderTrap, leaderCutOff: 0, ...quiet })), PAR, false);
    const at = p.state.loc_l[l]!;
    return { at: hexLabel(p.state.map.grid, at), withUnits: p.state.combat_hs[at * 2 + PAR]! > 0 };
  }

  test('with leaderTrap Franco crosses to the stack in supply', () => {
    expect(francoEnds(true).at).toBe('1209');
  });

  test('with leaderTrap off he stays with his three units', () => {
    const r = francoEnds(false);
    expect(r.at).not.toBe('1209');
    expect(r.withUnits).toBe(true);
  });
});

describe('10.3, I-35: leaderCover: a leader leaving a doomed stack alone does not end where an enemy unit could walk in on him', () => {
  // Franco with one reduced unit out of General Supply in 1205, Paraguay's source in 1212 (7 hexes south) and a
  // Bolivian infantry unit in 1609, within a move of the source but not of the hexes west of it.
  function franco(leaderCover: boolean) {
    const p = position({ fill: 'clear', sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
    const u = p.place('P-I3', '1205', { reduced: true });
    const l = p.placeLeader('P-FRANCO', '1205');
    p.state.inSupply_u[u] = 0;
    p.state.oos_l[l] = 1;
    p.place('B-I1', '1609');
    const source = p.hex('1212');
    const before = distance(p.state.map.grid, p.hex('1205'), source);
    movementPhase(testGame(p.state, [], bal({ leaderCover, ...quiet })), PAR, false);
    const at = p.state.loc_l[l]!;
    return { at, reachable: enemyCanReach(p.state, PAR, at, true), nearer: distance(p.state.map.grid, at, source) < before, source };
  }

  test('without it he walks to the source, which the Bolivian unit can enter next turn', () => {
    const r = franco(false);
    expect(r.at).toBe(r.source);
    expect(r.reachable).toBe(true);
  });

  test("with it he ends nearer the source, out of the Bolivian unit's reach", () => {
    const r = franco(true);
    expect(r.reachable).toBe(false);
    expect(r.nearer).toBe(true);
  });
});

describe('10.10, 8.12, I-35: leaderReaction: in a Reaction Movement too, a leader on a doomed stack steps off it alone', () => {
  // Franco with one reduced unit out of General Supply in 1205 (the Supply Phase's attrition comes before his next
  // move), a Bolivian unit in 1201 and two full Paraguayan units in supply in 1207: his refuge, within a reaction's reach.
  function franco(leaderReaction: boolean) {
    const p = position({ fill: 'clear', sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
    const u = p.place('P-I3', '1205', { reduced: true });
    const l = p.placeLeader('P-FRANCO', '1205');
    p.state.inSupply_u[u] = 0;
    p.state.oos_l[l] = 1;
    for (const id of ['P-I4', 'P-I5']) p.place(id, '1207');
    p.place('B-I1', '1201');
    p.state.phasing = BOL;
    movementPhase(testGame(p.state, [], bal({ leaderReaction, ...quiet })), PAR, true);
    const at = p.state.loc_l[l]!;
    return { withUnit: at === p.state.loc_u[u], at: hexLabel(p.state.map.grid, at) };
  }

  test('he leaves his doomed unit for the stack that can hold', () => {
    expect(franco(true)).toEqual({ withUnit: false, at: '1207' });
  });

  test('with leaderReaction off he stays with his unit (or reacts with it)', () => {
    expect(franco(false).withUnit).toBe(true);
  });
});

describe('10.3, I-35: refugeLast: a leader leaving a doomed stack picks his refuge once the other stacks have moved', () => {
  // Franco with one reduced unit out of General Supply in 1205 (doomed), two full Paraguayan units in supply in 1207,
  // his refuge, drawn south by a Bolivian settlement in 1212; a Bolivian unit in 1203, within a move of 1207.
  function franco(refugeLast: boolean) {
    const p = position({
      fill: 'clear',
      places: [{ hex: '1212' }],
      sources: [{ hex: '1012', side: 'PAR' }],
      control: { '1012': 'PAR', '1212': 'BOL' },
    });
    const u = p.place('P-I3', '1205', { reduced: true });
    const l = p.placeLeader('P-FRANCO', '1205');
    p.state.inSupply_u[u] = 0;
    p.state.oos_l[l] = 1;
    const refuge = ['P-I4', 'P-I5'].map((id) => p.place(id, '1207'));
    p.place('B-I1', '1203');
    movementPhase(testGame(p.state, [3, 3], bal({ refugeLast, ...quiet })), PAR, false); // dice: the settlement's VP (16.2)
    const at = p.state.loc_l[l]!;
    return { at: hexLabel(p.state.map.grid, at), with: refuge.filter((r) => p.state.loc_u[r] === at).length };
  }

  test('he ends with the stack where it marched to', () => {
    const r = franco(true);
    expect(r.with).toBe(2);
    expect(r.at).not.toBe('1207');
  });

  test('with refugeLast off he crosses first and the stack marches on and leaves him alone', () => {
    expect(franco(false)).toEqual({ at: '1207', with: 0 });
  });
});

describe('10.3, I-35: garrisonCover: a leader whose unit stays as a garrison does not walk on alone into the enemy reach', () => {
  // Franco with one unit in Paraguay's big-four base 1210 (its garrison: a Bolivian unit in 1204 could come near it),
  // drawn north by a Bolivian settlement in 1206.
  function franco(garrisonCover: boolean) {
    const p = position({
      fill: 'clear',
      places: [{ hex: '1210', bigFour: true }, { hex: '1206' }],
      sources: [{ hex: '1212', side: 'PAR' }],
      control: { '1210': 'PAR', '1212': 'PAR', '1206': 'BOL' },
    });
    const u = p.place('P-I3', '1210');
    const l = p.placeLeader('P-FRANCO', '1210');
    p.place('B-I1', '1204');
    movementPhase(testGame(p.state, [], bal({ garrisonCover, ...quiet })), PAR, false);
    const at = p.state.loc_l[l]!;
    return {
      garrison: p.state.loc_u[u] === p.hex('1210'),
      alone: p.state.combat_hs[at * 2 + PAR] === 0,
      reachable: enemyCanReach(p.state, PAR, at, true),
    };
  }

  test('without it he walks on alone to a hex the Bolivian unit can enter next', () => {
    expect(franco(false)).toEqual({ garrison: true, alone: true, reachable: true });
  });

  test('with it he does not end alone where the Bolivian unit can walk in', () => {
    const r = franco(true);
    expect(r.garrison).toBe(true);
    expect(r.alone && r.reachable).toBe(false);
  });
});

/**
 * Franco with two Paraguayan units in 1205, in the ZOC of Bolivian units in 1204 and 1207 (two hexes next to 1205 are
 * free of both); two Paraguayan units in 1210; Paraguay's source in 1212.
 */
function pocketPosition() {
  const p = position({ fill: 'clear', sources: [{ hex: '1212', side: 'PAR' }], control: { '1212': 'PAR' } });
  ['P-I3', 'P-I4'].forEach((id) => p.place(id, '1205'));
  const l = p.placeLeader('P-FRANCO', '1205');
  ['P-I1', 'P-I2'].forEach((id) => p.place(id, '1210'));
  p.place('B-I1', '1204');
  p.place('B-I2', '1207');
  return { p, l };
}

describe('7.3, 15, I-35: leaderPocket: leaders step off a stack in an enemy ZOC with few ways out, in supply too', () => {
  // Franco with two units in General Supply in 1205, in the ZOC of Bolivian units in 1204 and 1207: two hexes next to
  // 1205 are free of both (checked below); two Paraguayan units in 1210, by Paraguay's source.
  function franco(leaderPocket: number) {
    const { p, l } = pocketPosition();
    const ways = [pocketed(p.state, PAR, p.hex('1205'), 1), pocketed(p.state, PAR, p.hex('1205'), 2)];
    movementPhase(testGame(p.state, [], bal({ leaderPocket, leaderCutOff: 0, ...quiet })), PAR, false);
    return { ways, inEzoc: inEzoc(p.state, p.state.loc_l[l]!, PAR) };
  }

  test('the stack has two ways out: pocketed at 2, not at 1', () => {
    expect(franco(2).ways).toEqual([false, true]);
  });

  test('with leaderPocket 2 he ends out of every enemy ZOC', () => {
    expect(franco(2).inEzoc).toBe(false);
  });

  test('with leaderPocket 0 (and with 1) he stays in the enemy ZOC, with his stack', () => {
    expect(franco(0).inEzoc).toBe(true);
    expect(franco(1).inEzoc).toBe(true);
  });
});

describe('7.3, 8.12, 15, I-35: leaderCutOff: leaders step off a pocketed stack only where it would be out of General Supply', () => {
  // leaderPocket's position (Franco with two units in 1205, two ways out of the Bolivian ZOCs; Paraguay's source in 1212),
  // with Paraguay's GHQ in 1405, whose radius reaches 1205 by its open side, or in 1212, whose radius the ZOC of the
  // Bolivian unit in 1207 bars: the supply area next Supply Phase holds 1205 in the first case, not in the second.
  function franco(leaderCutOff: number, ghq: '1405' | '1212') {
    const { p, l } = pocketPosition();
    p.state.ghq_s[PAR] = p.hex(ghq);
    const h = p.hex('1205');
    const facts = { pocketed: pocketed(p.state, PAR, h, 2), inArea: supplyArea(p.state, PAR)[h] === 1, cutOff: cutOff(p.state, PAR, h, 2) };
    movementPhase(testGame(p.state, [], bal({ leaderCutOff, ...quiet })), PAR, false);
    return { ...facts, inEzoc: inEzoc(p.state, p.state.loc_l[l]!, PAR) };
  }

  test('the stack is pocketed either way; in the supply area with the GHQ in 1405, not with it in 1212', () => {
    expect(franco(0, '1405')).toMatchObject({ pocketed: true, inArea: true, cutOff: false });
    expect(franco(0, '1212')).toMatchObject({ pocketed: true, inArea: false, cutOff: true });
  });

  test('cut off, with leaderCutOff 2 he ends out of every enemy ZOC; with 0 he stays with his stack', () => {
    expect(franco(2, '1212').inEzoc).toBe(false);
    expect(franco(0, '1212').inEzoc).toBe(true);
  });

  test('in supply (a besieging stack), with leaderCutOff 2 he stays with his stack', () => {
    expect(franco(2, '1405').inEzoc).toBe(true);
  });
});
