// The heuristic's GHQ and a weak stack (10.3, 12.9): a GHQ held by one unit, or three steps or fewer, that an enemy
// unit can get beside is as good as alone (an attack that clears the hex advances into it and overruns the GHQ).
// Each behaviour against ghqCover switched off, so the test can fail.
import { describe, expect, test } from 'vitest';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import type { HeuristicParams } from '../../src/policy/heuristic-params.js';
import { ghqAloneInReach } from '../../src/policy/ghq-screen.js';
import { testGame } from '../helpers/game.js';
import { position } from '../helpers/position.js';

const bal = (params: Partial<HeuristicParams> = {}) => heuristicPolicy({ preset: 'balanced', params, seed: 't' });
// The GHQ's danger parameters: none, ghqCover alone.
const BARE = { ghqCover: false, ghqReaction: false, ghqReactionLeave: false, ghqBeside: false };
const COVER = { ...BARE, ghqCover: true };

describe('10.3, 12.9: ghqCover: a GHQ held by a weak stack the enemy can attack leaves for a safe hex', () => {
  // Clear ground, Paraguay's source 1012: its GHQ in 1408 with one reduced unit, a led Bolivian unit two hexes off (1406).
  function setUp(units: number) {
    const p = position({ fill: 'clear', sources: [{ hex: '1012', side: 'PAR' }], control: { '1012': 'PAR' } });
    p.state.ghq_s[PAR] = p.hex('1408');
    const ids = ['P-I1', 'P-I2', 'P-I3'];
    for (let k = 0; k < units; k++) p.place(ids[k]!, '1408', { reduced: units === 1 });
    p.place('B-I1', '1406');
    p.placeLeader('B-PENA', '1406'); // 15, I-9: led, it may enter the hexes beside ours
    return p;
  }

  test("ghqAloneInReach: with cover, one reduced unit within the enemy's touch is as alone; three full units are not", () => {
    const p = setUp(1);
    expect(ghqAloneInReach(p.state, PAR, BARE)).toBe(false);
    expect(ghqAloneInReach(p.state, PAR, COVER)).toBe(true);
    expect(ghqAloneInReach(setUp(3).state, PAR, COVER)).toBe(false);
  });

  function ghqAfter(ghqCover: boolean) {
    const p = setUp(1);
    const from = p.state.ghq_s[PAR]!;
    movementPhase(
      testGame(p.state, [], bal({ moveGhq: false, ghqSafety: true, ghqCover, cspPerLeader: 0, moveTrucks: false })),
      PAR,
      false,
    );
    const to = p.state.ghq_s[PAR]!;
    return { from, to, withUnit: p.state.loc_u[p.unit('P-I1')] === to, alone: ghqAloneInReach(p.state, PAR, COVER) };
  }

  test("it moves where no weak stack of its own nor an empty hex lies in the enemy's touch", () => {
    const r = ghqAfter(true);
    expect(r.to).not.toBe(r.from);
    expect(r.alone).toBe(false);
  });

  test('with ghqCover off (ghqSafety on, moveGhq off) it stays with the reduced unit, to be overrun', () => {
    const r = ghqAfter(false);
    expect(r.to).toBe(r.from);
    expect(r.withUnit).toBe(true);
    expect(r.alone).toBe(true);
  });
});
