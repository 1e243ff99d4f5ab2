// The heuristic's GHQ behind a weak screen (10.10, 12.1, 10.3): a GHQ out of the enemy's reach only because one of our
// weak stacks bars the way is overrun once a led enemy stack reacts beside that stack in our player turn, clears it in
// the Reaction Combat Phase and walks on in its Movement Phase. Each behaviour against its parameter (ghqReaction,
// ghqReactionLeave) switched off, so the test can fail.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { OFF_MAP } from '../../src/core/state.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import { PRESETS, type HeuristicParams } from '../../src/policy/heuristic-params.js';
import { placeGhq } from '../../src/policy/heuristic-ghq.js';
import { ghqAloneInReach } from '../../src/policy/ghq-screen.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
// The GHQ's danger parameters: none, and ghqReaction where the GHQ stands (ghqReactionLeave).
const BARE = { ghqCover: false, ghqReaction: false, ghqReactionLeave: false, ghqBeside: false };
const REACTION = { ...BARE, ghqReaction: true, ghqReactionLeave: true };

describe('10.10, 12.1, 10.3: ghqReaction: a GHQ does not go where only a weak stack the enemy can react beside screens it', () => {
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
    expect(ghqAloneInReach(p.state, PAR, BARE)).toBe(false);
    expect(ghqAloneInReach(p.state, PAR, REACTION)).toBe(true);
    expect(ghqAloneInReach(setUp('entrenchment').state, PAR, REACTION)).toBe(false);
  });

  // 8.5: a removed GHQ returning to 1407 (next to its only unit) or 1410; the hexes the GHQ moves to are judged the same way.
  const returnsTo = (ghqReaction: boolean) => {
    const p = setUp();
    p.state.ghq_s[PAR] = OFF_MAP; // 8.5
    const at = placeGhq(p.state, PAR, [p.hex('1407'), p.hex('1410')], { ...PRESETS.balanced, ghqReaction });
    return at === p.hex('1407') ? '1407' : at === p.hex('1410') ? '1410' : String(at);
  };

  test('a returning GHQ goes to 1410, out of the reach the enemy would have without the screen', () => {
    expect(returnsTo(true)).toBe('1410');
  });

  test('with ghqReaction off it returns to 1407, behind the screen', () => {
    expect(returnsTo(false)).toBe('1407');
  });

  function ghqAfter(ghqReactionLeave: boolean) {
    const p = setUp();
    const from = p.state.ghq_s[PAR]!;
    movementPhase(
      testGame(
        p.state,
        [],
        bal({ moveGhq: false, ghqSafety: true, ghqReaction: true, ghqReactionLeave, cspPerLeader: 0, moveTrucks: false }),
      ),
      PAR,
      false,
    );
    const to = p.state.ghq_s[PAR]!;
    return { from, to, screen: p.state.loc_u[p.unit('P-I3')], alone: ghqAloneInReach(p.state, PAR, REACTION) };
  }

  test('ghqReactionLeave: a GHQ standing behind the screen steps back out of that reach', () => {
    const r = ghqAfter(true);
    expect(r.to).not.toBe(r.from);
    expect(r.alone).toBe(false);
  });

  test('with ghqReactionLeave off (ghqReaction and ghqSafety on, moveGhq off) it stays behind the screen, to be overrun', () => {
    const r = ghqAfter(false);
    expect(r.to).toBe(r.from);
    expect(r.alone).toBe(true);
  });
});
