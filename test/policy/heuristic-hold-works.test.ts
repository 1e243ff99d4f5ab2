// 14.3, 12.13, 16.2 (holdWorks): a stack dug in with the enemy near stays in its works while its side leads by less
// than holdWorksLead VP; behind, far ahead, with the enemy far or as engineers alone, it goes where the objectives draw it.
// Each case against a position where the same stack leaves, so every test can fail.
import { describe, expect, test } from 'vitest';
import { hexLabel } from '../../src/core/hex.js';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const quiet = { moveGhq: false, ghqSafety: false, cspPerLeader: 0, moveTrucks: false, entrench: false };

/**
 * Franco with two Paraguayan units (or an engineer alone) in an entrenchment at 1205, drawn south by a Bolivian
 * settlement in 1209; a Bolivian unit `enemyAt`. Returns where the stack ends its Movement Phase.
 */
function stack(params: Partial<HeuristicParams>, vp: [number, number], opts: { ids?: string[]; enemyAt?: string } = {}) {
  const p = position({
    fill: 'clear',
    vp,
    places: [{ hex: '1205', works: 'entrenchment' }, { hex: '1209' }],
    sources: [{ hex: '1212', side: 'PAR' }],
    control: { '1209': 'BOL', '1212': 'PAR' },
  });
  const units = (opts.ids ?? ['P-I3', 'P-I4']).map((id) => p.place(id, '1205'));
  p.placeLeader('P-FRANCO', '1205');
  p.place('B-I1', opts.enemyAt ?? '1201');
  const policy = heuristicPolicy({ preset: 'balanced', params: { ...quiet, ...params }, seed: 't' });
  movementPhase(testGame(p.state, [3, 3, 3, 3], policy), PAR, false); // dice: the settlement's VP (16.2)
  return units.map((u) => hexLabel(p.state.map.grid, p.state.loc_u[u]!));
}

describe('14.3, 12.13, 16.2: holdWorks: a stack dug in with the enemy near stays while its side leads', () => {
  test('leading by 5 with the enemy 4 hexes off, the stack stays in its entrenchment', () => {
    expect(stack({ holdWorks: 6 }, [25, 20])).toEqual(['1205', '1205']);
  });

  test('with holdWorks off the same stack marches on the settlement', () => {
    expect(stack({ holdWorks: 0 }, [25, 20])).not.toContain('1205');
  });

  test('behind on VP it marches on the settlement', () => {
    expect(stack({ holdWorks: 6 }, [20, 25])).not.toContain('1205');
  });

  test('leading by holdWorksLead or more it presses on', () => {
    expect(stack({ holdWorks: 6, holdWorksLead: 20 }, [40, 20])).not.toContain('1205');
    expect(stack({ holdWorks: 6, holdWorksLead: 21 }, [40, 20])).toEqual(['1205', '1205']);
  });

  test('with the nearest enemy unit beyond holdWorks hexes it marches on', () => {
    expect(stack({ holdWorks: 3 }, [25, 20])).not.toContain('1205');
    expect(stack({ holdWorks: 4 }, [25, 20])).toEqual(['1205', '1205']);
  });

  test('engineers alone are not held (they go on building)', () => {
    expect(stack({ holdWorks: 6 }, [25, 20], { ids: ['P-E1'] })).not.toContain('1205');
    expect(stack({ holdWorks: 6 }, [25, 20], { ids: ['P-E1', 'P-I3'] })).toEqual(['1205', '1205']);
  });
});
