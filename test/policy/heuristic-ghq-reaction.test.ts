// The heuristic's GHQ behind a weak screen (10.10, 12.1, 10.3): a GHQ out of the enemy's reach only because one of our
// weak stacks bars the way is overrun once a led enemy stack reacts beside that stack in our player turn, clears it in
// the Reaction Combat Phase and walks on in its Movement Phase. Each behaviour against ghqReaction switched off.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { ghqAloneInReach } from '../../src/policy/heuristic-ghq.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });

describe('10.10, 12.1, 10.3: ghqReaction: a GHQ screened only by a weak stack the enemy can react beside leaves', () => {
  // A map of one clear column (14xx), Paraguay's source at its south end (1412). A led Bolivian unit in 1402
  // (5 MP: 3 in a Reaction Movement); Paraguay's one unit in 1405 bars the column; the GHQ alone in 1407.
  function setUp(works: 'none' | 'entrenchment' = 'none') {
    const p = position({
      cols: [14, 14],
      fill: 'clear',
      places: works === 'none' ? [] : [{ hex: '1405', settlement: false, works }],
      sources: [{ hex: '1412', side: 'PAR' }],
      control: { '1412': 'PAR' },
    });
    p.state.ghq_s[PAR] = p.hex('1407');
    p.place('P-I3', '1405');
    p.place('B-I1', '1402');
    p.placeLeader('B-PENA', '1402'); // 10.10: a led stack may react
    return p;
  }

  test('ghqAloneInReach: behind the lone unit the GHQ is out of reach, but not once a reaction can clear it; works hold', () => {
    const p = setUp();
    expect(ghqAloneInReach(p.state, PAR)).toBe(false);
    expect(ghqAloneInReach(p.state, PAR, false, true)).toBe(true);
    expect(ghqAloneInReach(setUp('entrenchment').state, PAR, false, true)).toBe(false);
  });

  function ghqAfter(ghqReaction: boolean) {
    const p = setUp();
    const from = p.state.ghq_s[PAR]!;
    movementPhase(
      testGame(p.state, [], bal({ moveGhq: false, ghqSafety: true, ghqReaction, cspPerLeader: 0, moveTrucks: false })),
      PAR,
      false,
    );
    const to = p.state.ghq_s[PAR]!;
    return { from, to, screen: p.state.loc_u[p.unit('P-I3')], alone: ghqAloneInReach(p.state, PAR, false, true) };
  }

  test('it steps back out of the reach the enemy would have without the screen', () => {
    const r = ghqAfter(true);
    expect(r.to).not.toBe(r.from);
    expect(r.alone).toBe(false);
  });

  test('with ghqReaction off (ghqSafety on, moveGhq off) it stays behind the screen, to be overrun', () => {
    const r = ghqAfter(false);
    expect(r.to).toBe(r.from);
    expect(r.alone).toBe(true);
  });
});
