// Stacking at the end of the Movement Phase (11.1, I-14, I-46): the excess units go to the dead pile, the
// owner choosing which. The rest of the phase is in phase-movement.test.ts.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { BOL, PAR } from '../../src/core/side.js';
import { IN_DEAD } from '../../src/core/state.js';
import { position } from '../helpers/position.js';
import { testGame } from '../helpers/game.js';
import { mover, of, order, path } from '../helpers/movement.js';

describe('11.1 stacking at the end of the phase', () => {
  /** Four PAR units fill Bush hex 1505 (limit 4); a fifth moves in. */
  const crowd = (options: string[] = []) => {
    const p = position({ fill: 'bush', vp: [20, 20], options });
    const here = ['P-I1', 'P-I2', 'P-I3', 'P-I4'].map((id) => p.place(id, '1505'));
    const late = p.place('P-I5', '1506');
    return { p, all: [...here, late], late };
  };

  const leaveIt = { overstack: () => null }; // the engine's order (I-46)

  test('11.1, I-14 the excess units go to the dead pile at the end of the phase, with no VP to the enemy', () => {
    const { p, all, late } = crowd();
    const g = testGame(p.state, [], mover('PAR', [order([late], [], path(p, '1506', '1505'))], leaveIt));
    movementPhase(g, PAR, false);
    expect(p.state.stacking_hs[p.hex('1505') * 2 + PAR]).toBe(4);
    expect(all.filter((u) => p.state.loc_u[u] === IN_DEAD)).toEqual([late]); // I-46: the last to move
    expect(p.state.vp_s[BOL]).toBe(20);
    expect(of(g.events, 'loss')).toEqual([expect.objectContaining({ side: PAR, result: 'eliminated', rule: '11.1, I-14' })]);
    expect(of(g.events, 'vp')).toEqual([]);
  });

  test('11.1 a unit may pass through a full hex: only the end of the phase counts', () => {
    const { p, late } = crowd();
    const g = testGame(p.state, [], mover('PAR', [order([late], [], path(p, '1506', '1505', '1504'))]));
    movementPhase(g, PAR, false);
    expect(p.state.loc_u[late]).toBe(p.hex('1504'));
    expect(of(g.events, 'loss')).toEqual([]);
  });

  test("11.1 the owner chooses which units go: his policy is asked, with the engine's order first", () => {
    const { p, all, late } = crowd();
    const [i1] = all;
    const par = mover('PAR', [order([late], [], path(p, '1506', '1505'))], { overstack: () => [i1!] });
    movementPhase(testGame(p.state, [], par), PAR, false);
    expect(par.asked.find((d) => d.kind === 'overstack')).toMatchObject({
      side: PAR,
      hex: p.hex('1505'),
      units: [late, ...all.slice(0, 4).reverse()],
      count: 1,
    });
    expect(all.filter((u) => p.state.loc_u[u] === IN_DEAD)).toEqual([i1]);
    expect(p.state.loc_u[late]).toBe(p.hex('1505'));
  });

  test('11.1 the owner must remove exactly the excess, from the hex', () => {
    for (const answer of [[], [0, 1], [99]]) {
      const { p, late } = crowd();
      const par = mover('PAR', [order([late], [], path(p, '1506', '1505'))], { overstack: () => answer });
      expect(() => movementPhase(testGame(p.state, [], par), PAR, false)).toThrow(/remove exactly 1 different units/);
    }
  });

  test('I-14 option overstackScoresVP: the removed unit scores +1 for the enemy', () => {
    const { p, late } = crowd(['overstackScoresVP=true']);
    movementPhase(testGame(p.state, [], mover('PAR', [order([late], [], path(p, '1506', '1505'))], leaveIt)), PAR, false);
    expect(p.state.stacking_hs[p.hex('1505') * 2 + PAR]).toBe(4);
    expect(p.state.vp_s[BOL]).toBe(21);
  });
});
