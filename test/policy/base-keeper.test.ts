// 16.2, 10.3, 10.10 (baseKeeper): an own big-four base the enemy could get near by its next move keeps a unit, the one
// in it or one that walks in, before the enemy is near enough for a garrison to be wanted (by then none may be left in
// reach: Ballivián's Nanawa, taken empty on turn 4 after the one unit near it marched off on turn 2). Each against
// baseKeeper 0, the heuristic before it.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { PRESETS } from '../../src/policy/heuristic-params.js';
import { baseKeepers, guarded } from '../../src/policy/heuristic-garrison.js';
import { enemyCanReachNearWithReaction } from '../../src/policy/threat.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
const quiet = { moveGhq: false, ghqSafety: false, cspPerLeader: 0, moveTrucks: false };

/**
 * Clear ground, rows 1-24. Paraguay's empty big-four base 1214; P inf 2 (4-6) beside it in 1215; Bolivia's settlement
 * 1224 to the south, an objective. B inf 1 (6-5-5) in 1201, thirteen hexes north of the base: five clear hexes a move,
 * it cannot walk in next turn (no garrison wanted, 16.2), but it could get within eight hexes of it.
 */
function keeperPosition(keeperAt = '1215', led = false) {
  const p = position({
    fill: 'clear',
    rows: [1, 24],
    places: [
      { hex: '1214', settlement: true, bigFour: true },
      { hex: '1224', settlement: true },
    ],
    control: { '1214': 'PAR', '1224': 'BOL' },
  });
  p.place('B-I1', '1201');
  if (led) p.placeLeader('B-PENA', '1201');
  const keeper = p.place('P-I2', keeperAt);
  p.state.phasing = PAR;
  return { p, keeper };
}

describe('16.2, 10.3: baseKeeper: a unit stays within a move of an own big-four base the enemy is nearing', () => {
  test('10.10: the enemy could come within eight hexes by its move; with Peña, within five by Reaction Movement and move', () => {
    const plain = keeperPosition();
    expect(enemyCanReachNearWithReaction(plain.p.state, PAR, plain.p.hex('1214'), 8)).toBe(true);
    expect(enemyCanReachNearWithReaction(plain.p.state, PAR, plain.p.hex('1214'), 7)).toBe(false);
    const led = keeperPosition('1215', true); // 10.10: half of 5 MP rounded up, three clear hexes, then five
    expect(enemyCanReachNearWithReaction(led.p.state, PAR, led.p.hex('1214'), 5)).toBe(true);
    expect(enemyCanReachNearWithReaction(led.p.state, PAR, led.p.hex('1214'), 4)).toBe(false);
  });

  test('no garrison is wanted yet: the enemy cannot walk in next turn', () => {
    const { p } = keeperPosition();
    expect(guarded(p.state, PAR, p.hex('1214'), { ...PRESETS.balanced, garrisonExact: true })).toBe(false);
  });

  test('with baseKeeper 8 P inf 2 walks into the base; with 0 it marches off toward the objective', () => {
    const inBase = (baseKeeper: number) => {
      const { p, keeper } = keeperPosition();
      movementPhase(testGame(p.state, [], bal({ baseKeeper, ...quiet })), PAR, false);
      return p.state.loc_u[keeper] === p.hex('1214');
    };
    expect(inBase(8)).toBe(true);
    expect(inBase(0)).toBe(false);
  });

  test('the unit in the base keeps it and stays there; with baseKeeper 0 it marches off', () => {
    const stays = (baseKeeper: number) => {
      const { p } = keeperPosition('1214');
      const u = p.unit('P-I2');
      movementPhase(testGame(p.state, [], bal({ baseKeeper, ...quiet })), PAR, false);
      return p.state.loc_u[u] === p.hex('1214');
    };
    expect(stays(8)).toBe(true);
    expect(stays(0)).toBe(false);
  });

  test('the enemy out of range (it could get within eight hexes, not seven): baseKeeper 8 keeps, 7 does not', () => {
    const { p, keeper } = keeperPosition();
    expect(baseKeepers(p.state, PAR, { ...PRESETS.balanced, baseKeeper: 8 })).toEqual([{ unit: keeper, base: p.hex('1214') }]);
    expect(baseKeepers(p.state, PAR, { ...PRESETS.balanced, baseKeeper: 7 })).toEqual([]);
  });

  test('a unit in the base is its keeper before one that could walk in', () => {
    const { p } = keeperPosition();
    const inside = p.place('P-I1', '1214');
    expect(baseKeepers(p.state, PAR, { ...PRESETS.balanced, baseKeeper: 8 })).toEqual([{ unit: inside, base: p.hex('1214') }]);
  });

  test('a unit that cannot get there this phase does not keep it', () => {
    const { p } = keeperPosition('1223'); // nine hexes south of the base: 6 MP of clear ground do not get it there
    expect(baseKeepers(p.state, PAR, { ...PRESETS.balanced, baseKeeper: 8 })).toEqual([]);
  });
});
