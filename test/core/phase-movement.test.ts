// The Movement Phase and Reaction Movement as phases (4.2 C, D): the players' move orders checked,
// applied, and their consequences: control (3.2), settlement VP (16.2, I-34), displaced leaders
// (10.3, I-35), exits (I-13), construction (14.2); stacking at the end of the phase (11.1, I-14) is in
// phase-movement-stacking.test.ts.
import { describe, expect, test } from 'vitest';
import { IllegalDecision } from '../../src/core/decisions.js';
import { movementPhase } from '../../src/core/movement-phase.js';
import { pathSearchFor } from '../../src/core/movement.js';
import { BOL, PAR } from '../../src/core/side.js';
import { BUILD_ENTRENCHMENT, BUILD_NONE, GONE, IN_PILE, OFF_MAP } from '../../src/core/state.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';
import { mover, of, order, path } from '../helpers/movement.js';

function thrown(f: () => void): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an illegal decision; the phase accepted every answer');
}

describe('10.1 each piece moves once a phase', () => {
  test('10.1 a unit that has finished its move may not move again in the phase: an illegal decision', () => {
    const p = position({ fill: 'clear' });
    const u = p.place('P-I1', '1505');
    const par = mover('PAR', [order([u], [], path(p, '1505', '1506')), order([u], [], path(p, '1506', '1507'))]);
    const g = testGame(p.state, [], par);
    const err = thrown(() => movementPhase(g, PAR, false));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/already moved this phase \(10\.1\)/);
    // the first move stands; the second was refused
    expect(p.state.loc_u[u]).toBe(p.hex('1506'));
    expect(of(g.events, 'move')).toEqual([
      {
        type: 'move',
        side: PAR,
        units: [u],
        leaders: [],
        trucks: [],
        ghq: false,
        csp: 0,
        carrier: -1,
        path: path(p, '1505', '1506'),
        phase: 'movement',
      },
    ]);
  });

  test('10.1 the move decision lists only the pieces that have not moved yet', () => {
    const p = position({ fill: 'clear' });
    const u1 = p.place('P-I1', '1505');
    const u2 = p.place('P-I2', '1508');
    const par = mover('PAR', [order([u1], [], path(p, '1505', '1504'))]);
    movementPhase(testGame(p.state, [], par), PAR, false);
    const asked = par.asked.filter((d) => d.kind === 'move');
    expect(asked).toHaveLength(2);
    expect(asked[0]!.kind === 'move' && asked[0]!.movable.units).toEqual([u1, u2]);
    expect(asked[1]!.kind === 'move' && asked[1]!.movable.units).toEqual([u2]);
  });
});

describe('11.4 stacks', () => {
  test('11.4 units moving together must start the phase in the same hex', () => {
    const p = position({ fill: 'clear' });
    const u1 = p.place('P-I1', '1505');
    const u2 = p.place('P-I2', '1506');
    const g = testGame(p.state, [], mover('PAR', [order([u1, u2], [], path(p, '1505', '1504'))]));
    expect(() => movementPhase(g, PAR, false)).toThrow(/11\.4/);
    expect(p.state.loc_u[u1]).toBe(p.hex('1505'));
    expect(p.state.loc_u[u2]).toBe(p.hex('1506'));
  });

  test('11.4 a unit that joins another during the phase may not then move on with it as a stack', () => {
    const p = position({ fill: 'clear' });
    const u1 = p.place('P-I1', '1505');
    const u2 = p.place('P-I2', '1506');
    const g = testGame(p.state, [], mover('PAR', [order([u2], [], path(p, '1506', '1505')), order([u1, u2], [], path(p, '1505', '1504'))]));
    expect(() => movementPhase(g, PAR, false)).toThrow(IllegalDecision);
    expect(p.state.loc_u[u1]).toBe(p.hex('1505'));
  });

  test('11.4 a stack that starts together moves as one: one move, every piece at the end', () => {
    const p = position({ fill: 'clear' });
    const u1 = p.place('P-I1', '1505');
    const u2 = p.place('P-I2', '1505');
    const l = p.placeLeader('P-A', '1505');
    const g = testGame(p.state, [], mover('PAR', [order([u1, u2], [l], path(p, '1505', '1504', '1503'))]));
    movementPhase(g, PAR, false);
    expect([p.state.loc_u[u1], p.state.loc_u[u2], p.state.loc_l[l]]).toEqual(path(p, '1503', '1503', '1503'));
    expect(of(g.events, 'move')).toEqual([
      {
        type: 'move',
        side: PAR,
        units: [u1, u2],
        leaders: [l],
        trucks: [],
        ghq: false,
        csp: 0,
        carrier: -1,
        path: path(p, '1505', '1504', '1503'),
        phase: 'movement',
      },
    ]);
  });
});

describe('3.2, 16.2 capturing settlements by movement', () => {
  const settlement = (extra: { bigFour?: boolean } = {}, options: string[] = []) => {
    const p = position({ fill: 'clear', places: [{ hex: '1507', ...extra }], control: { '1507': 'BOL' }, vp: [20, 20], options });
    const u = p.place('P-I1', '1505');
    return { p, u };
  };

  test('3.2, 16.2 a combat unit entering an enemy-controlled settlement in the Movement Phase takes control and scores 2 x 1d6', () => {
    const { p, u } = settlement();
    const g = testGame(p.state, [4], mover('PAR', [order([u], [], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, PAR, false);
    expect(p.state.control_h[p.hex('1507')]).toBe(PAR);
    expect(p.state.vp_s[PAR]).toBe(20 + 2 * 4);
    expect(p.state.vp_s[BOL]).toBe(20);
    expect(p.state.captured_s[PAR]).toBe(1);
    expect(g.dice.used()).toBe(1);
    expect(of(g.events, 'capture')).toEqual([{ type: 'capture', side: PAR, hex: p.hex('1507'), how: 'movement' }]);
    expect(of(g.events, 'vp')).toEqual([expect.objectContaining({ side: PAR, delta: 8, total: 28, rule: '16.2' })]);
  });

  test('3.2, 16.2 a unit passing through an enemy-controlled settlement takes it on the way', () => {
    const { p, u } = settlement();
    const g = testGame(p.state, [1], mover('PAR', [order([u], [], path(p, '1505', '1506', '1507', '1508'))]));
    movementPhase(g, PAR, false);
    expect(p.state.loc_u[u]).toBe(p.hex('1508'));
    expect(p.state.control_h[p.hex('1507')]).toBe(PAR);
    expect(p.state.vp_s[PAR]).toBe(22);
  });

  test('16.2 a big-four settlement scores 2 x 2d6', () => {
    const { p, u } = settlement({ bigFour: true });
    const g = testGame(p.state, [3, 5], mover('PAR', [order([u], [], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, PAR, false);
    expect(p.state.vp_s[PAR]).toBe(20 + 2 * (3 + 5));
    expect(g.dice.used()).toBe(2);
  });

  test('16.5 option fixedSettlementVP: +6 for a settlement and +10 for a big four taken by movement, no dice', () => {
    const small = settlement({}, ['fixedSettlementVP=true']);
    movementPhase(testGame(small.p.state, [], mover('PAR', [order([small.u], [], path(small.p, '1505', '1506', '1507'))])), PAR, false);
    expect(small.p.state.vp_s[PAR]).toBe(26);
    const big = settlement({ bigFour: true }, ['fixedSettlementVP=true']);
    movementPhase(testGame(big.p.state, [], mover('PAR', [order([big.u], [], path(big.p, '1505', '1506', '1507'))])), PAR, false);
    expect(big.p.state.vp_s[PAR]).toBe(30);
  });

  test('16.2 a settlement already friendly, or a hex that is no settlement, scores nothing', () => {
    const p = position({ fill: 'clear', places: [{ hex: '1507' }], control: { '1507': 'PAR', '1506': 'BOL' }, vp: [20, 20] });
    const u = p.place('P-I1', '1505');
    const g = testGame(p.state, [], mover('PAR', [order([u], [], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, PAR, false);
    expect(p.state.control_h[p.hex('1506')]).toBe(PAR); // 3.2: any hex changes hands
    expect(p.state.vp_s[PAR]).toBe(20);
    expect(of(g.events, 'control')).toEqual([{ type: 'control', side: PAR, hex: p.hex('1506') }]);
    expect(of(g.events, 'capture')).toEqual([]);
  });

  test('3.2 a leader alone entering an enemy-controlled settlement does not take control', () => {
    const p = position({ fill: 'clear', places: [{ hex: '1507' }], control: { '1507': 'BOL' }, vp: [20, 20] });
    const l = p.placeLeader('P-ESTIG', '1505');
    const g = testGame(p.state, [], mover('PAR', [order([], [l], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, PAR, false);
    expect(p.state.loc_l[l]).toBe(p.hex('1507'));
    expect(p.state.control_h[p.hex('1507')]).toBe(BOL);
    expect(p.state.vp_s[PAR]).toBe(20);
    expect(of(g.events, 'capture')).toEqual([]);
  });

  test('I-34 a settlement taken in Reaction Movement scores 2 x 1d6', () => {
    const p = position({ fill: 'clear', places: [{ hex: '1507' }], control: { '1507': 'PAR' }, vp: [20, 20] });
    const u = p.place('B-I1', '1505');
    const l = p.placeLeader('B-B', '1505');
    const g = testGame(p.state, [6], scripted('PAR', {}), mover('BOL', [order([u], [l], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, BOL, true);
    expect(p.state.control_h[p.hex('1507')]).toBe(BOL);
    expect(p.state.vp_s[BOL]).toBe(32);
    expect(of(g.events, 'move')[0]).toMatchObject({ side: BOL, phase: 'reaction' });
  });

  test('I-34 option reactionCaptureScores=false: the reaction capture takes control but scores nothing', () => {
    const p = position({
      fill: 'clear',
      places: [{ hex: '1507' }],
      control: { '1507': 'PAR' },
      vp: [20, 20],
      options: ['reactionCaptureScores=false'],
    });
    const u = p.place('B-I1', '1505');
    const l = p.placeLeader('B-B', '1505');
    const g = testGame(p.state, [], scripted('PAR', {}), mover('BOL', [order([u], [l], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, BOL, true);
    expect(p.state.control_h[p.hex('1507')]).toBe(BOL);
    expect(p.state.vp_s[BOL]).toBe(20);
    expect(of(g.events, 'vp')).toEqual([]);
  });
});

describe('10.3 moving through enemy leaders', () => {
  test('10.3 a combat unit moving through a named enemy leader displaces him to his nearest combat unit; the mover scores political x 1d6', () => {
    const p = position({ fill: 'clear', vp: [20, 20] });
    const u = p.place('P-I1', '1505');
    const pena = p.placeLeader('B-PENA', '1506');
    p.place('B-I1', '1512');
    const g = testGame(p.state, [2], mover('PAR', [order([u], [], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, PAR, false);
    expect(p.state.loc_u[u]).toBe(p.hex('1507'));
    expect(p.state.loc_l[pena]).toBe(p.hex('1512'));
    expect(p.state.vp_s[PAR]).toBe(20 + 3 * 2);
    expect(p.state.vp_s[BOL]).toBe(20);
    expect(of(g.events, 'leader')).toEqual([expect.objectContaining({ side: BOL, leader: pena, to: p.hex('1512') })]);
    expect(of(g.events, 'vp')).toEqual([expect.objectContaining({ side: PAR, delta: 6 })]);
  });

  test('10.3 a leader alone may not enter a hex holding an enemy leader', () => {
    const p = position({ fill: 'clear' });
    const l = p.placeLeader('P-A', '1505');
    p.placeLeader('B-PENA', '1506');
    const g = testGame(p.state, [], mover('PAR', [order([], [l], path(p, '1505', '1506', '1507'))]));
    expect(() => movementPhase(g, PAR, false)).toThrow(/10\.3/);
  });
});

describe('10.3 moving through other enemy non-combat pieces', () => {
  test('10.3 the enemy GHQ is removed from the map for a turn (8.5), his trucks destroyed, each CSP captured on 1-2 (+1 VP) or lost', () => {
    const p = position({ fill: 'clear', vp: [20, 20] });
    const u = p.place('P-I1', '1505');
    p.state.ghq_s[BOL] = p.hex('1506');
    const t = p.state.side_t.indexOf(BOL);
    p.state.loc_t[t] = p.hex('1506');
    p.state.csp_hs[p.hex('1506') * 2 + BOL] = 2;
    const g = testGame(p.state, [2, 5], mover('PAR', [order([u], [], path(p, '1505', '1506', '1507'))]));
    movementPhase(g, PAR, false);
    expect(p.state.ghq_s[BOL]).toBe(OFF_MAP);
    expect(p.state.ghqReturn_s[BOL]).toBe(p.state.turn + 1);
    expect(p.state.loc_t[t]).toBe(IN_PILE);
    expect(p.state.csp_hs[p.hex('1506') * 2 + BOL]).toBe(0);
    expect(p.state.csp_hs[p.hex('1506') * 2 + PAR]).toBe(1);
    expect(p.state.vp_s[PAR]).toBe(21);
  });
});

describe('6.3 truces', () => {
  test('6.3(3) during a truce no unit may enter an enemy-controlled settlement', () => {
    const p = position({ fill: 'clear', places: [{ hex: '1507' }], control: { '1507': 'BOL' } });
    p.state.truce = true;
    const u = p.place('P-I1', '1505');
    const g = testGame(p.state, [], mover('PAR', [order([u], [], path(p, '1505', '1506', '1507'))]));
    expect(thrown(() => movementPhase(g, PAR, false)).message).toMatch(/6\.3/);
    expect(p.state.control_h[p.hex('1507')]).toBe(BOL);
  });

  test('6.3(2) during a truce no unit may enter an EZOC unless a friendly combat unit is already there', () => {
    const p = position({ fill: 'clear' });
    p.state.truce = true;
    const u = p.place('P-I1', '1505');
    const l = p.placeLeader('P-A', '1505');
    p.place('B-I1', '1508');
    const g = testGame(p.state, [], mover('PAR', [order([u], [l], path(p, '1505', '1506', '1507'))]));
    expect(thrown(() => movementPhase(g, PAR, false)).message).toMatch(/6\.3/);
    const q = position({ fill: 'clear' });
    q.state.truce = true;
    const v = q.place('P-I1', '1505');
    const m = q.placeLeader('P-A', '1505');
    q.place('P-I2', '1507');
    q.place('B-I1', '1508');
    movementPhase(testGame(q.state, [], mover('PAR', [order([v], [m], path(q, '1505', '1506', '1507'))])), PAR, false);
    expect(q.state.loc_u[v]).toBe(q.hex('1507'));
  });
});

describe('I-13 exiting the map', () => {
  test("I-13 combat units leaving from the opponent's map edge leave play and score +1 each", () => {
    const p = position({ fill: 'clear', vp: [20, 20] });
    const u1 = p.place('P-I1', '1502');
    const u2 = p.place('P-I2', '1502');
    const exit = pathSearchFor(p.map).exitNode;
    const g = testGame(p.state, [], mover('PAR', [order([u1, u2], [], [p.hex('1502'), p.hex('1501'), exit])]));
    movementPhase(g, PAR, false);
    expect(p.state.loc_u[u1]).toBe(GONE);
    expect(p.state.loc_u[u2]).toBe(GONE);
    expect(p.state.vp_s[PAR]).toBe(22);
    expect(of(g.events, 'vp').map((e) => [e.side, e.delta, e.rule])).toEqual([
      [PAR, 1, '16.2, I-13'],
      [PAR, 1, '16.2, I-13'],
    ]);
  });

  test('I-13 leaving the map costs 1 MP: a unit that spent its whole MF reaching the edge may not exit', () => {
    const p = position({ fill: 'bush' });
    const u = p.place('P-I1', '1504');
    const exit = pathSearchFor(p.map).exitNode;
    const g = testGame(p.state, [], mover('PAR', [order([u], [], [...path(p, '1504', '1503', '1502', '1501'), exit])]));
    expect(thrown(() => movementPhase(g, PAR, false)).message).toMatch(/10\.4/);
    expect(p.state.loc_u[u]).toBe(p.hex('1504'));
  });

  test('I-13 Bolivia exits from the south edge; a unit not on that edge may not exit', () => {
    const p = position({ fill: 'clear', vp: [20, 20] });
    const b = p.place('B-I1', '1512');
    const exit = pathSearchFor(p.map).exitNode;
    movementPhase(testGame(p.state, [], scripted('PAR', {}), mover('BOL', [order([b], [], [p.hex('1512'), exit])])), BOL, false);
    expect(p.state.vp_s[BOL]).toBe(21);
    const q = position({ fill: 'clear' });
    const u = q.place('P-I1', '1512');
    expect(() => movementPhase(testGame(q.state, [], mover('PAR', [order([u], [], [q.hex('1512'), exit])])), PAR, false)).toThrow(/I-13/);
  });
});

describe('10.10 Reaction Movement', () => {
  test('10.10(2) a unit moves in Reaction Movement only with a leader it starts stacked with', () => {
    const p = position({ fill: 'clear' });
    const u = p.place('B-I1', '1505');
    const g = testGame(p.state, [], scripted('PAR', {}), mover('BOL', [order([u], [], path(p, '1505', '1506'))]));
    expect(() => movementPhase(g, BOL, true)).toThrow(/10\.10/);
    expect(p.state.loc_u[u]).toBe(p.hex('1505'));
  });

  test('10.10(3) Reaction Movement is half the MF, rounded up (MF 5: 3 Clear hexes, not 4)', () => {
    const p = position({ fill: 'clear' });
    const u = p.place('B-I1', '1505');
    const l = p.placeLeader('B-B', '1505');
    movementPhase(
      testGame(p.state, [], scripted('PAR', {}), mover('BOL', [order([u], [l], path(p, '1505', '1506', '1507', '1508'))])),
      BOL,
      true,
    );
    expect(p.state.loc_u[u]).toBe(p.hex('1508'));
    const q = position({ fill: 'clear' });
    const v = q.place('B-I1', '1505');
    const m = q.placeLeader('B-B', '1505');
    expect(() =>
      movementPhase(
        testGame(q.state, [], scripted('PAR', {}), mover('BOL', [order([v], [m], path(q, '1505', '1506', '1507', '1508', '1509'))])),
        BOL,
        true,
      ),
    ).toThrow(/10\.4/);
  });

  test('10.10(2) the leader stays with the unit for the whole move: he may not move on after it stops', () => {
    const p = position({ fill: 'clear' });
    const u = p.place('B-I1', '1505');
    const l = p.placeLeader('B-B', '1505');
    const g = testGame(
      p.state,
      [],
      scripted('PAR', {}),
      mover('BOL', [order([u], [l], path(p, '1505', '1506')), order([], [l], path(p, '1506', '1507'))]),
    );
    expect(() => movementPhase(g, BOL, true)).toThrow(IllegalDecision);
    expect(p.state.loc_l[l]).toBe(p.hex('1506'));
  });

  test('10.10 only combat units with their leaders react: the GHQ may not move in Reaction Movement', () => {
    const p = position({ fill: 'clear' });
    p.state.ghq_s[BOL] = p.hex('1505');
    const g = testGame(
      p.state,
      [],
      scripted('PAR', {}),
      mover('BOL', [{ units: [], leaders: [], ghq: true, path: path(p, '1505', '1506') }]),
    );
    expect(thrown(() => movementPhase(g, BOL, true)).message).toMatch(/10\.10/);
    expect(p.state.ghq_s[BOL]).toBe(p.hex('1505'));
  });

  test('10.10(1) a unit that starts in an EZOC may not react', () => {
    const p = position({ fill: 'clear' });
    const u = p.place('B-I1', '1505');
    const l = p.placeLeader('B-B', '1505');
    p.place('P-I1', '1504');
    const g = testGame(p.state, [], scripted('PAR', {}), mover('BOL', [order([u], [l], path(p, '1505', '1506'))]));
    expect(() => movementPhase(g, BOL, true)).toThrow(/10\.10/);
  });
});

describe('14.2 engineers', () => {
  test('14.2 an engineer flipped to build at the start of the Movement Phase that then moves stops building', () => {
    const p = position({ fill: 'clear' });
    const e = p.place('P-E1', '1505');
    const seen: number[] = [];
    const par = scripted('PAR', {
      build: () => [{ engineer: e, what: BUILD_ENTRENCHMENT }],
      move: (_d, view) => {
        seen.push(view.building_u[e]!);
        return seen.length === 1 ? order([e], [], path(p, '1505', '1506')) : null;
      },
    });
    movementPhase(testGame(p.state, [], par), PAR, false);
    expect(seen[0]).toBe(BUILD_ENTRENCHMENT); // it was building when the moves began
    expect(p.state.building_u[e]).toBe(BUILD_NONE);
  });

  test('14.2 an engineer that stays put keeps building', () => {
    const p = position({ fill: 'clear' });
    const e = p.place('P-E1', '1505');
    const par = scripted('PAR', { build: () => [{ engineer: e, what: BUILD_ENTRENCHMENT }], move: () => null });
    movementPhase(testGame(p.state, [], par), PAR, false);
    expect(p.state.building_u[e]).toBe(BUILD_ENTRENCHMENT);
    expect(par.asked.map((d) => d.kind)).toEqual(['build', 'move']);
  });
});

describe('8.5, 8.15, 10.11 the Movement Phase counts GHQ and supply moves (games.csv)', () => {
  test("8.5 a GHQ move counts for its side; 8.15 a CSP move and 10.11 a truck move count as supply moves; a combat unit's move counts for neither", () => {
    const p = position({ fill: 'clear' });
    p.state.ghq_s[BOL] = p.hex('1505');
    p.state.csp_hs[p.hex('1507') * 2 + BOL] = 3;
    p.state.loc_t[2] = p.hex('1509');
    p.state.loc_t[3] = p.hex('1509');
    const u = p.place('B-I1', '1503');
    const bol = mover(
      'BOL',
      [
        { units: [], leaders: [], ghq: true, path: path(p, '1505', '1506') },
        { units: [], leaders: [], csp: 1, path: path(p, '1507', '1608') },
        { units: [], leaders: [], trucks: [2], path: path(p, '1509', '1409') },
        { units: [], leaders: [], csp: 2, path: path(p, '1509', '1508', '1507', '1506'), transport: { truck: 3, pickup: 2 } },
        order([u], [], path(p, '1503', '1502')),
      ],
      { build: () => [] },
    );
    movementPhase(testGame(p.state, [], scripted('PAR', {}), bol), BOL, false);
    expect(p.state.csp_hs[p.hex('1506') * 2 + BOL]).toBe(2);
    expect([...p.state.ghqMoves_s]).toEqual([0, 1]);
    expect([...p.state.supplyMoves_s]).toEqual([0, 3]);
  });
});
