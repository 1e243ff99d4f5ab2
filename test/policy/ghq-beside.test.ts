// 10.10, 10.3 (ghqBeside): a GHQ with no combat unit of its own, beside which a led enemy stack can come in its Reaction
// Movement in our player turn, is overrun at the enemy's next move even where that move alone could not reach it (a
// reaction stops beside it; the move starts there). Villa Montes' Paraguayan GHQ was so overrun on turns 1 and 2
// once more units stayed behind its siege (the twenty-third blunder round). Each against ghqBeside off.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { ghqAloneInReach } from '../../src/policy/ghq-screen.js';
import { enemyCanReach, enemyCanReactBeside } from '../../src/policy/threat.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
const BARE = { ghqCover: false, ghqReaction: false, ghqReactionLeave: false, ghqBeside: false };

/**
 * One clear column (14xx), Paraguay's source at its south end (1412); 1406 a Mountain hex (3 MP, 10.4). The GHQ alone in
 * 1406. B inf 1 (5 MP) with Peña in 1402: its move reaches 1405 (3 MP) and cannot enter 1406 (3 more), but its Reaction
 * Movement (3 MP, 10.10) ends in 1405, beside the GHQ, and its next move enters 1406.
 */
function setUp() {
  const p = position({
    cols: [14, 14],
    fill: 'clear',
    terrain: { '1406': 'mountain' },
    sources: [{ hex: '1412', side: 'PAR' }],
    control: { '1412': 'PAR' },
  });
  p.state.ghq_s[PAR] = p.hex('1406');
  p.place('B-I1', '1402');
  p.placeLeader('B-PENA', '1402');
  p.state.phasing = PAR;
  return p;
}

describe('10.10, 10.3: ghqBeside: a GHQ alone where a led enemy stack can react beside it is in danger', () => {
  test('the position: the enemy cannot enter 1406 in one move, but can react beside it', () => {
    const p = setUp();
    expect(enemyCanReach(p.state, PAR, p.hex('1406'), true)).toBe(false);
    expect(enemyCanReactBeside(p.state, PAR, p.hex('1406'))).toBe(true);
    expect(enemyCanReactBeside(p.state, PAR, p.hex('1408'))).toBe(false);
  });

  test('ghqAloneInReach: in danger with ghqBeside, not without; a unit of ours in its hex covers it', () => {
    const p = setUp();
    expect(ghqAloneInReach(p.state, PAR, { ...BARE, ghqBeside: true })).toBe(true);
    expect(ghqAloneInReach(p.state, PAR, BARE)).toBe(false);
    p.place('P-I3', '1406');
    expect(ghqAloneInReach(p.state, PAR, { ...BARE, ghqBeside: true })).toBe(false);
  });

  const ghqAfter = (ghqBeside: boolean) => {
    const p = setUp();
    movementPhase(
      testGame(p.state, [], bal({ moveGhq: false, ghqSafety: true, ...BARE, ghqBeside, cspPerLeader: 0, moveTrucks: false })),
      PAR,
      false,
    );
    return p.state.ghq_s[PAR]! - p.hex('1406');
  };

  test('with ghqBeside the GHQ leaves 1406 southward, out of the reaction; without it, it stays', () => {
    expect(ghqAfter(true)).toBeGreaterThan(0);
    expect(ghqAfter(false)).toBe(0);
  });
});
