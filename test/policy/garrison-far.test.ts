// 7.1, 8.7 (garrisonFar): while the side's supply radius is under the Supply Table's best (its LOC past the first
// column, the army's rear thin), an own settlement with the enemy within three hexes keeps `garrisonFar` combat units
// instead of `garrison`. Villa Montes' Paraguay, at the end of a fifty-hex LOC, had its LOC cut behind its siege in 64%
// of `balanced` games (the twenty-third blunder round). Each against the radius at its best and garrisonFar 0.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import { PRESETS, type HeuristicParams } from '../../src/policy/heuristic-params.js';
import { garrisonCount } from '../../src/policy/heuristic-garrison.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
const quiet = { moveGhq: false, ghqSafety: false, cspPerLeader: 0, moveTrucks: false, baseKeeper: 0 };

/**
 * Clear ground, rows 1-24: Paraguay's settlement 1214 held by P inf 2 and P inf 3, its empty big-four base 1218, which
 * B inf 1 in 1221 could walk into next turn (16.2: a garrison is wanted), and Bolivia's settlement 1224 (an objective).
 * Paraguay's supply radius `radius` MP (8.7).
 */
function setUp(radius: number) {
  const p = position({
    fill: 'clear',
    rows: [1, 24],
    places: [
      { hex: '1214', settlement: true },
      { hex: '1218', settlement: true, bigFour: true },
      { hex: '1224', settlement: true },
    ],
    control: { '1214': 'PAR', '1218': 'PAR', '1224': 'BOL' },
  });
  p.place('B-I1', '1221');
  p.place('P-I2', '1214');
  p.place('P-I3', '1214');
  p.state.phasing = PAR;
  p.state.radius_s[PAR] = radius;
  return p;
}

/** Paraguay's units in 1214 and in 1218 after its Movement Phase. */
function after(radius: number, params: Partial<HeuristicParams>): string {
  const p = setUp(radius);
  movementPhase(testGame(p.state, [], bal({ ...quiet, ...params })), PAR, false);
  return `${p.state.combat_hs[p.hex('1214') * 2 + PAR]}/${p.state.combat_hs[p.hex('1218') * 2 + PAR]}`;
}

describe('7.1, 8.7: garrisonFar: settlements keep more units while the LOC is long', () => {
  test('the count: garrisonFar under a radius below the best (8 MP), garrison at the best or when garrisonFar is not more', () => {
    const best = setUp(8).state.tables.supply.columns[0]!.radius;
    expect(best).toBe(8);
    const params = { ...PRESETS.balanced, garrison: 1, garrisonFar: 2 };
    expect(garrisonCount(setUp(4).state, PAR, params)).toBe(2);
    expect(garrisonCount(setUp(6).state, PAR, params)).toBe(2);
    expect(garrisonCount(setUp(8).state, PAR, params)).toBe(1);
    expect(garrisonCount(setUp(4).state, PAR, { ...params, garrisonFar: 0 })).toBe(1);
    expect(garrisonCount(setUp(4).state, PAR, { ...params, garrison: 3 })).toBe(3);
  });

  test('16.2: with garrison 1 both units of 1214 go to the threatened base 1218; with garrison 2 one stays (the play differs)', () => {
    expect(after(8, { garrison: 1 })).toBe('0/2');
    expect(after(8, { garrison: 2 })).toBe('1/1');
  });

  test('with a radius of 4 MP garrisonFar 2 plays as garrison 2; with the radius at its best, or garrisonFar 0, as garrison 1', () => {
    expect(after(4, { garrison: 1, garrisonFar: 2 })).toBe('1/1');
    expect(after(8, { garrison: 1, garrisonFar: 2 })).toBe('0/2');
    expect(after(4, { garrison: 1, garrisonFar: 0 })).toBe('0/2');
  });
});
