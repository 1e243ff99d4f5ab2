// 10.10 (reactAdvance): a Reaction Movement, in the enemy's player turn, meets the enemy's move; with reactAdvance off a
// led stack does not use it to march on toward the objectives. Villa Montes' Bolivian stacks reacted deep into Paraguay's
// rear beside its garrisons and were pocketed there (the twenty-third blunder round). On in the presets; against it on.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { BOL, PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
const quiet = { moveGhq: false, ghqSafety: false, cspPerLeader: 0, moveTrucks: false, baseKeeper: 0 };

/** Clear ground, rows 1-24: P inf 2 with Franco in 1210; Bolivia's settlement 1220 (an objective); B inf 1 far off in 1201. */
function setUp() {
  const p = position({ fill: 'clear', rows: [1, 24], places: [{ hex: '1220', settlement: true }], control: { '1220': 'BOL' } });
  const u = p.place('P-I2', '1210');
  p.placeLeader('P-FRANCO', '1210');
  p.place('B-I1', '1201');
  p.state.phasing = BOL; // 10.10: Paraguay reacts in Bolivia's player turn
  return { p, u };
}

describe('10.10: reactAdvance: a Reaction Movement does not march on toward the objectives', () => {
  const after = (reactAdvance: boolean) => {
    const { p, u } = setUp();
    movementPhase(testGame(p.state, [], bal({ ...quiet, reactAdvance })), PAR, true);
    return p.state.loc_u[u] === p.hex('1210') ? 'stays' : 'moves';
  };

  test('with reactAdvance on the led stack reacts toward Bolivia’s settlement', () => {
    expect(after(true)).toBe('moves');
  });

  test('with it off it stays', () => {
    expect(after(false)).toBe('stays');
  });
});
