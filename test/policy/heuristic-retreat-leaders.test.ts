// 12.8, 12.9, I-35 (retreatLeaders): a unit retreating after combat does not end on the hex where its side's leaders stand
// alone near the enemy, making a one-unit stack the enemy's next attack takes with the leaders (Villa Montes game 122 of
// `balanced`, seed 1: a beaten unit retreated onto Paraguay's staff of three, destroyed with it in Bolivia's second combat).
import { describe, expect, test } from 'vitest';
import type { Decision } from '../../src/core/decisions.js';
import { distance } from '../../src/core/hex.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });

// Bush. The Bolivian 6-5-5 in 1706; P inf 1 retreating from 1606 may go to 1406 (Franco and Estigarribia alone there,
// three hexes from the enemy) or 1505 (empty, two hexes from it). Neither holds a Paraguayan unit.
function setUp() {
  const p = position({ fill: 'bush' });
  p.place('B-I1', '1706');
  const unit = p.place('P-I1', '1606');
  p.placeLeader('P-FRANCO', '1406');
  p.placeLeader('P-ESTIG', '1406');
  const d: Extract<Decision, { kind: 'retreat' }> = { kind: 'retreat', side: PAR, unit, hexes: [p.hex('1406'), p.hex('1505')] };
  return { p, d };
}

describe('12.8, 12.9 (retreatLeaders): a retreat does not make a doomed stack of the side’s leaders', () => {
  test('the position: the leaders’ hex is the farther from the enemy, within three hexes of it, and neither hex holds a unit', () => {
    const { p } = setUp();
    const { grid } = p.map;
    const enemy = p.hex('1706');
    expect(distance(grid, p.hex('1406'), enemy)).toBe(3);
    expect(distance(grid, p.hex('1505'), enemy)).toBeLessThan(3);
    expect(p.state.combat_hs[p.hex('1406') * 2 + PAR]).toBe(0);
    expect(p.state.combat_hs[p.hex('1505') * 2 + PAR]).toBe(0);
  });

  test('without retreatLeaders the unit retreats farthest from the enemy, onto the leaders (12.8, the earlier heuristic)', () => {
    const { p, d } = setUp();
    expect(bal({ retreatLeaders: false }).decide(d, p.state)).toBe(p.hex('1406'));
  });

  test('with retreatLeaders it retreats to the empty hex, leaving the leaders out of its stack', () => {
    const { p, d } = setUp();
    expect(bal({ retreatLeaders: true }).decide(d, p.state)).toBe(p.hex('1505'));
  });

  test('with only the leaders’ hex to go to, it goes there (12.8: a unit that can retreat must)', () => {
    const { p, d } = setUp();
    expect(bal({ retreatLeaders: true }).decide({ ...d, hexes: [p.hex('1406')] }, p.state)).toBe(p.hex('1406'));
  });
});
