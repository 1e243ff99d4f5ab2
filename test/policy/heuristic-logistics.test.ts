// The heuristic's logistics and garrisons on tiny positions: the GHQ follows its front (8.5-8.7), CSP go
// to the coming attacks (8.15, 12.12), a cut-off GHQ is removed (8.5), threatened settlements keep or get
// a garrison (16.2, 10.2), and what the enemy can reach (10).
import { describe, expect, test } from 'vitest';
import type { Decision } from '../../src/core/decisions.js';
import { distance } from '../../src/core/hex.js';
import { movementPhase } from '../../src/core/movement-phase.js';
import { PAR, BOL, type Side } from '../../src/core/side.js';
import { OFF_MAP, type GameState } from '../../src/core/state.js';
import { generalSupply, traceLoc } from '../../src/core/supply.js';
import { supplyPhase } from '../../src/core/supply-phase.js';
import { PRESETS } from '../../src/policy/heuristic-params.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import { chooseGhqMove, shouldRemoveGhq } from '../../src/policy/heuristic-ghq.js';
import { chooseGarrison, newGarrisonPlan } from '../../src/policy/heuristic-garrison.js';
import { chooseCspForward, newSupplyMemory, phaseMemory } from '../../src/policy/heuristic-supply.js';
import { enemyCanReach, enemyCanReachNear } from '../../src/policy/threat.js';
import { position, type Position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

const balanced = PRESETS.balanced;

/** The Movement Phase's move decision for the side, every piece on the map still to move. */
function moveDecision(view: GameState, side: Side): Extract<Decision, { kind: 'move' }> {
  const units: number[] = [],
    leaders: number[] = [],
    trucks: number[] = [],
    truckLeft: number[] = [];
  for (let u = 0; u < view.loc_u.length; u++) if (view.counters.side_u[u] === side && view.loc_u[u]! >= 0) units.push(u);
  for (let l = 0; l < view.loc_l.length; l++) if (view.counters.side_l[l] === side && view.loc_l[l]! >= 0) leaders.push(l);
  for (let t = 0; t < view.loc_t.length; t++)
    if (view.side_t[t] === side && view.loc_t[t]! >= 0 && !view.attached_t[t]) {
      trucks.push(t);
      truckLeft.push(view.counters.truckMove * 6);
    }
  return { kind: 'move', side, reaction: false, movable: { units, leaders, trucks, truckLeft, ghq: view.ghq_s[side]! >= 0 } };
}

/** How many of the side's units on the map would be in General Supply with its GHQ in hex h. */
function suppliedWithGhqAt(view: GameState, side: Side, h: number): number {
  const ghq_s = view.ghq_s.slice();
  ghq_s[side] = h;
  const copy = { ...view, ghq_s };
  const gs = generalSupply(copy, side, traceLoc(copy, side));
  let n = 0;
  for (let u = 0; u < view.loc_u.length; u++) if (view.counters.side_u[u] === side && view.loc_u[u]! >= 0 && gs.inSupply_u[u]) n++;
  return n;
}

const end = (path: readonly number[]) => path[path.length - 1]!;

describe('8.5-8.7 the GHQ follows its front', () => {
  /** Clear ground; Paraguay's source and GHQ at 1412, its army (with Estigarribia) nine hexes north at 1403, out of the radius. */
  function advancedArmy(): Position {
    const p = position({ fill: 'clear', sources: [{ hex: '1412', side: 'PAR' }] });
    p.state.ghq_s[PAR] = p.hex('1412');
    p.place('P-I1', '1403');
    p.place('P-I2', '1403');
    p.placeLeader('P-ESTIG', '1403');
    return p;
  }

  test('8.5, 8.7 a GHQ that has fallen behind its army moves up to a hex from which the army is in General Supply, its LOC still short', () => {
    const p = advancedArmy();
    const view = p.state;
    expect(suppliedWithGhqAt(view, PAR, p.hex('1412'))).toBe(0);
    const order = chooseGhqMove(moveDecision(view, PAR), view, balanced, () => 0);
    expect(order?.ghq).toBe(true);
    const to = end(order!.path);
    expect(suppliedWithGhqAt(view, PAR, to)).toBe(2);
    const ghq_s = view.ghq_s.slice();
    ghq_s[PAR] = to;
    expect(traceLoc({ ...view, ghq_s }, PAR).length).toBeLessThanOrEqual(20); // 8.7: still radius 8
  });

  test('8.5 a GHQ whose army is all in General Supply on the best Supply Table column stays', () => {
    const p = advancedArmy();
    p.state.ghq_s[PAR] = p.hex('1407');
    expect(suppliedWithGhqAt(p.state, PAR, p.hex('1407'))).toBe(2);
    expect(chooseGhqMove(moveDecision(p.state, PAR), p.state, balanced, () => 0)).toBeNull();
  });

  test('10.3 the GHQ does not move alone into a hex an enemy unit could walk into next turn', () => {
    const p = advancedArmy();
    p.place('B-I1', '1101'); // 5 MP across clear ground: it reaches column 14 in rows 3-6, not farther south
    const view = p.state;
    const order = chooseGhqMove(moveDecision(view, PAR), view, balanced, () => 0);
    expect(order).not.toBeNull();
    const to = end(order!.path);
    expect(enemyCanReach(view, PAR, to)).toBe(false);
    expect(suppliedWithGhqAt(view, PAR, to)).toBe(2);
  });

  test('8.5 with moveGhq off the GHQ never moves (the heuristic as it was)', () => {
    const p = advancedArmy();
    const par = heuristicPolicy({ preset: 'balanced', params: { moveGhq: false }, seed: 't' });
    movementPhase(testGame(p.state, [], par), PAR, false);
    expect(p.state.ghq_s[PAR]).toBe(p.hex('1412'));
    expect(p.state.ghqMoves_s[PAR]).toBe(0);
  });

  test('8.5 the balanced heuristic moves its GHQ in its Movement Phase, and the engine counts the move', () => {
    const p = advancedArmy();
    // The stack holds its hex (no supply leash): the GHQ must come to it.
    movementPhase(testGame(p.state, [], heuristicPolicy({ preset: 'balanced', params: { supplyLeash: 0 }, seed: 't' })), PAR, false);
    expect(p.state.ghq_s[PAR]).not.toBe(p.hex('1412'));
    expect(suppliedWithGhqAt(p.state, PAR, p.state.ghq_s[PAR]!)).toBe(2);
    expect(p.state.ghqMoves_s[PAR]).toBe(1);
  });
});

describe('8.15, 12.12 CSP move to the coming attacks', () => {
  test('12.12 a CSP left where nothing projects it goes to the leader whose units are next to the enemy', () => {
    // Clear ground, radius 6: the GHQ at 1412 does not reach 1404; Franco and a unit at 1404 face a Bolivian unit at 1403.
    const p = position({ fill: 'clear', sources: [{ hex: '1412', side: 'PAR' }] });
    p.state.ghq_s[PAR] = p.hex('1412');
    p.state.radius_s[PAR] = 6;
    p.place('P-I1', '1404');
    p.placeLeader('P-FRANCO', '1404');
    p.place('B-I1', '1403');
    p.state.csp_hs[p.hex('1407') * 2 + PAR] = 1;
    const mem = phaseMemory(newSupplyMemory(), p.state);
    const order = chooseCspForward(moveDecision(p.state, PAR), p.state, balanced.cspPerLeader, true, mem);
    expect(order).toMatchObject({ csp: 1 });
    expect(order!.path[0]).toBe(p.hex('1407'));
    expect(end(order!.path)).toBe(p.hex('1404'));
    expect(chooseCspForward(moveDecision(p.state, PAR), p.state, balanced.cspPerLeader, true, mem)).toBeNull(); // once per phase
  });

  test('10.11 too far to walk, the CSP are carried by a truck along the road (two at most)', () => {
    // A road up column 14 from 1411 to 1402: 9 road hexes are 4.5 MP on foot (CSP have 4), 3 MP for a truck after its 2 MP pickup.
    const p = position({ roads: ['1411 1410 1409 1408 1407 1406 1405 1404 1403 1402'], sources: [{ hex: '1912', side: 'PAR' }] });
    p.place('P-I1', '1402');
    p.placeLeader('P-FRANCO', '1402');
    p.place('B-I1', '1401');
    p.place('B-I2', '1301');
    p.state.csp_hs[p.hex('1411') * 2 + PAR] = 3;
    p.state.loc_t[0] = p.hex('1411');
    const d = moveDecision(p.state, PAR);
    const order = chooseCspForward(d, p.state, 2, true, phaseMemory(newSupplyMemory(), p.state));
    expect(order).toMatchObject({ csp: 2, transport: { truck: 0, pickup: 0 } });
    expect(end(order!.path)).toBe(p.hex('1402'));
    expect(chooseCspForward(d, p.state, 2, false, phaseMemory(newSupplyMemory(), p.state))).toBeNull(); // without trucks they cannot get there
    // The engine takes the order: the CSP and the truck arrive, and it counts one supply move.
    let asked = 0;
    const par = scripted('PAR', { build: () => [], move: () => (asked++ === 0 ? order : null) });
    movementPhase(testGame(p.state, [], par), PAR, false);
    expect(p.state.csp_hs[p.hex('1402') * 2 + PAR]).toBe(2);
    expect(p.state.supplyMoves_s[PAR]).toBe(1);
  });
});

describe('8.5 a cut-off GHQ is removed when it pays', () => {
  /** Paraguay's GHQ at 1406 inside a ring of Marsh (no LOC through Marsh, 8.6) `thick` hexes deep; its source at 1412. */
  function pocket(thick: 1 | 2): Position {
    const blank = position();
    const { grid } = blank.map;
    const terrain: Record<string, 'marsh'> = {};
    for (let h = 0; h < grid.size; h++) {
      const r = distance(grid, h, blank.hex('1406'));
      if (r >= 1 && r <= thick) terrain[`${grid.column_h[h]}${String(grid.row_h[h]).padStart(2, '0')}`] = 'marsh';
    }
    const p = position({ fill: 'clear', terrain, sources: [{ hex: '1412', side: 'PAR' }] });
    p.state.ghq_s[PAR] = p.hex('1406');
    return p;
  }

  test('8.5 a GHQ with no LOC that cannot walk to a hex with one this turn is removed in the Supply Phase, to return next turn', () => {
    const p = pocket(2);
    expect(traceLoc(p.state, PAR).length).toBe(-1);
    expect(shouldRemoveGhq(p.state, PAR, balanced)).toBe(true);
    supplyPhase(testGame(p.state, [], heuristicPolicy({ preset: 'balanced', seed: 't' })), PAR);
    expect(p.state.ghq_s[PAR]).toBe(OFF_MAP);
    expect(p.state.ghqReturn_s[PAR]).toBe(p.state.turn + 1);
  });

  test('8.5 a GHQ with no LOC that can walk out to one this turn stays, and removeGhq off never removes it', () => {
    const p = pocket(1);
    expect(traceLoc(p.state, PAR).length).toBe(-1);
    expect(shouldRemoveGhq(p.state, PAR, balanced)).toBe(false);
    expect(shouldRemoveGhq(pocket(2).state, PAR, { ...balanced, removeGhq: false })).toBe(false);
  });

  test('8.5, 8.13 a cut-off GHQ is kept when units that can reach it would be isolated without it', () => {
    // Bolivian infantry all round a Paraguayan stack at 1406 with its GHQ: no LOC, no way out, and the GHQ is all that keeps the unit from isolation.
    const p = position({ fill: 'clear', sources: [{ hex: '1412', side: 'PAR' }] });
    p.state.ghq_s[PAR] = p.hex('1406');
    p.place('P-I1', '1406');
    // One Bolivian unit two hexes out in each of the six directions: their ZOCs cover every hex next to 1406.
    const { neighbour_hd, column_h, row_h } = p.map.grid;
    const ring = ['B-I1', 'B-I2', 'B-I3', 'B-I4', 'B-I5', 'B-C1'];
    for (let d = 0; d < 6; d++) {
      const h = neighbour_hd[neighbour_hd[p.hex('1406') * 6 + d]! * 6 + d]!;
      p.place(ring[d]!, `${column_h[h]}${String(row_h[h]).padStart(2, '0')}`);
    }
    expect(traceLoc(p.state, PAR).length).toBe(-1);
    expect(shouldRemoveGhq(p.state, PAR, balanced)).toBe(false);
  });
});

describe('16.2, 10.2 garrisons', () => {
  /** Paraguay holds the settlement 1406 with two units; Bolivia holds an empty settlement at 1410, the stack's objective. A road runs 1401-1406. */
  function settlements(enemyAt: string): Position {
    const p = position({
      fill: 'clear',
      sources: [{ hex: '1412', side: 'PAR' }],
      places: [{ hex: '1406' }, { hex: '1410' }],
      control: { '1406': 'PAR', '1410': 'BOL' },
      roads: ['1401 1402 1403 1404 1405 1406'],
    });
    p.state.ghq_s[PAR] = p.hex('1412');
    p.place('P-I1', '1406');
    p.place('P-I2', '1406');
    p.place('B-I1', enemyAt);
    return p;
  }

  test('16.2 a settlement the enemy could walk into next turn keeps a garrison when its stack marches off', () => {
    // The Bolivian unit is five hexes away (out of the old 3-hex rule), but 2 MP up the road with its leader it gets next to it (7.3, I-9).
    const p = settlements('1401');
    p.placeLeader('B-B', '1401');
    expect(enemyCanReachNear(p.state, PAR, p.hex('1406'), 1)).toBe(true);
    // (The dice: taking Bolivia's settlement at 1410 scores 2 x 1d6, 16.2.)
    movementPhase(testGame(p.state, [3, 3], heuristicPolicy({ preset: 'balanced', seed: 't' })), PAR, false);
    expect(p.state.combat_hs[p.hex('1406') * 2 + PAR]).toBe(1); // the other marched on
    // Without garrisons (garrisonVp 99) both march off and leave it empty.
    const q = settlements('1401');
    q.placeLeader('B-B', '1401');
    movementPhase(testGame(q.state, [3, 3], heuristicPolicy({ preset: 'balanced', params: { garrisonVp: 99 }, seed: 't' })), PAR, false);
    expect(q.state.combat_hs[q.hex('1406') * 2 + PAR]).toBe(0);
  });

  test('16.2 a unit alone in such a settlement stays with garrisonAlone (balanced), and marches off without it (as in the aggressive preset)', () => {
    const lone = () => {
      const p = position({
        fill: 'clear',
        sources: [{ hex: '1412', side: 'PAR' }],
        places: [{ hex: '1406' }, { hex: '1410' }],
        control: { '1406': 'PAR', '1410': 'BOL' },
        roads: ['1401 1402 1403 1404 1405 1406'],
      });
      p.state.ghq_s[PAR] = p.hex('1412');
      p.place('B-I1', '1401');
      p.placeLeader('B-B', '1401');
      return { p, u: p.place('P-I1', '1406') };
    };
    const a = lone();
    movementPhase(testGame(a.p.state, [3, 3], heuristicPolicy({ preset: 'balanced', seed: 't' })), PAR, false);
    expect(a.p.state.loc_u[a.u]).toBe(a.p.hex('1406'));
    const b = lone();
    movementPhase(
      testGame(b.p.state, [3, 3], heuristicPolicy({ preset: 'balanced', params: { garrisonAlone: false }, seed: 't' })),
      PAR,
      false,
    );
    expect(b.p.state.loc_u[b.u]).not.toBe(b.p.hex('1406'));
  });

  test('16.2 an empty settlement the enemy could walk into is sent the weakest unit that can get there', () => {
    const p = position({
      fill: 'clear',
      sources: [{ hex: '1412', side: 'PAR' }],
      places: [{ hex: '1406' }],
      control: { '1406': 'PAR' },
      roads: ['1401 1402 1403 1404 1405 1406'],
    });
    p.state.ghq_s[PAR] = p.hex('1412');
    const strong = p.place('P-I1', '1608'); // 6-4-6
    const weak = p.place('P-I3', '1609'); // 3-4-6
    p.place('B-I1', '1401');
    movementPhase(testGame(p.state, [], heuristicPolicy({ preset: 'balanced', seed: 't' })), PAR, false);
    expect(p.state.loc_u[weak]).toBe(p.hex('1406'));
    expect(p.state.loc_u[strong]).not.toBe(p.hex('1406'));
  });

  test('16.2 garrisonMarch: an empty big-four base no unit can reach this phase is marched to by the weakest that can close on it', () => {
    const p = position({
      fill: 'clear',
      sources: [{ hex: '1412', side: 'PAR' }],
      places: [{ hex: '1406', bigFour: true }],
      control: { '1406': 'PAR' },
      roads: ['1401 1402 1403 1404 1405 1406'],
    });
    p.state.ghq_s[PAR] = p.hex('1412');
    const weak = p.place('P-I3', '1912'); // 6 MP, more than 6 hexes from the base
    p.place('B-I1', '1401');
    p.placeLeader('B-B', '1401');
    const before = distance(p.state.map.grid, p.hex('1912'), p.hex('1406'));
    expect(before).toBeGreaterThan(6);
    const ask = (garrisonMarch: boolean) =>
      chooseGarrison(moveDecision(p.state, PAR), p.state, { ...balanced, garrisonMarch }, newGarrisonPlan());
    expect(ask(false)).toBeNull();
    const order = ask(true);
    expect(order?.units).toEqual([weak]);
    expect(distance(p.state.map.grid, end(order!.path), p.hex('1406'))).toBeLessThanOrEqual(before - 5);
  });

  test('10.2, 7.3 what the enemy can reach: hexes within its movement, not beyond it, nor past our ZOC without a leader (I-9)', () => {
    const p = settlements('1401');
    expect(enemyCanReach(p.state, PAR, p.hex('1404'))).toBe(true);
    expect(enemyCanReach(p.state, PAR, p.hex('1405'))).toBe(false); // next to our units at 1406
    expect(enemyCanReach(p.state, PAR, p.hex('1412'))).toBe(false);
    expect(enemyCanReach(p.state, BOL, p.hex('1403'))).toBe(true); // Paraguay's units at 1406 reach it down the road
  });
});
