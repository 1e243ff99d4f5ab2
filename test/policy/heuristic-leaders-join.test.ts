// 10.3, 12.2, 12.9: leaders moving alone go, once the other stacks have moved, to a leaderless stack that can hold
// (leaderJoin), and a hex holding two leaders sends one of them to such a stack (leaderSpread), each against the
// earlier heuristic.
import { describe, expect, test } from 'vitest';
import type { Decision } from '../../src/core/decisions.js';
import { distance } from '../../src/core/hex.js';
import { PAR } from '../../src/core/side.js';
import { PRESETS, type HeuristicParams } from '../../src/policy/heuristic-params.js';
import { chooseMove, newMovePlan, type Objective } from '../../src/policy/heuristic-move.js';
import { position } from '../helpers/position.js';

// Bush. A Paraguayan stack of two (P inf 2 and 4) in 1406, no leader with it, the Bolivian 6-5-5 three hexes east in
// 1706; the leaders in 1206 with P inf 1, which holds its hex (not movable this phase). Every Paraguayan unit is in
// General Supply, so neither stack is doomed (I-35).
function setUp(leaders: string[]) {
  const p = position({ fill: 'bush' });
  p.place('B-I1', '1706');
  const held = p.place('P-I1', '1206');
  const stack = [p.place('P-I2', '1406'), p.place('P-I4', '1406')];
  for (const u of [held, ...stack]) p.state.inSupply_u[u] = 1;
  const ids = leaders.map((id) => p.placeLeader(id, '1206'));
  p.state.phasing = PAR;
  const d: Extract<Decision, { kind: 'move' }> = {
    kind: 'move',
    side: PAR,
    reaction: false,
    movable: { units: [], leaders: ids, trucks: [], truckLeft: [], ghq: false },
  };
  return { p, d, ids };
}

function firstOrder(leaders: string[], params: HeuristicParams, objectives: Objective[]) {
  const { p, d, ids } = setUp(leaders);
  const o = chooseMove(d, p.state, params, newMovePlan(), objectives, new Map(), params.aggression);
  return { p, o, ids, end: o ? o.path[o.path.length - 1]! : -1 };
}

describe('10.3, 12.2 (leaderJoin): a leader leaving his units goes to the leaderless stack, not alone toward the objective', () => {
  // An objective (an enemy settlement, say) in 1003, away from the stack: the earlier heuristic walks Franco toward
  // it alone, where an enemy unit walking in would displace him for VP (10.3).
  const objective = (p: ReturnType<typeof setUp>['p']) => [{ hex: p.hex('1003'), value: 10 }];

  test('Franco crosses to the stack of two in 1406', () => {
    const { p } = setUp([]);
    const { o, ids, end } = firstOrder(['P-FRANCO'], { ...PRESETS.balanced, leaderJoin: true }, objective(p));
    expect(o?.leaders).toEqual(ids);
    expect(o?.units).toEqual([]);
    expect(end).toBe(p.hex('1406'));
  });

  test('with leaderJoin off he walks alone toward the objective, to a hex with no unit of his (the earlier heuristic)', () => {
    const { p } = setUp([]);
    const { o, p: q, end } = firstOrder(['P-FRANCO'], { ...PRESETS.balanced, leaderJoin: false }, objective(p));
    expect(o?.units).toEqual([]);
    expect(end).not.toBe(q.hex('1406'));
    expect(q.state.combat_hs[end * 2 + PAR]).toBe(0);
    const { grid } = q.map;
    expect(distance(grid, end, q.hex('1003'))).toBeLessThan(distance(grid, q.hex('1206'), q.hex('1003')));
  });
});

describe('12.2, 12.9 (leaderSpread): of two leaders in one hex, one stays and the other leads the leaderless stack', () => {
  const params = (leaderSpread: boolean): HeuristicParams => ({ ...PRESETS.balanced, leaderJoin: false, leaderSpread });

  test('Estigarribia (command 2) stays in 1206; Franco (command 1) goes to 1406', () => {
    const { o, p, ids, end } = firstOrder(['P-ESTIG', 'P-FRANCO'], params(true), []);
    expect(o?.leaders).toEqual([ids[1]]);
    expect(end).toBe(p.hex('1406'));
  });

  test('with leaderSpread off both stay with P inf 1 (the earlier heuristic)', () => {
    expect(firstOrder(['P-ESTIG', 'P-FRANCO'], params(false), []).o).toBeNull();
  });
});
