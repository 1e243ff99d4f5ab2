// The Supply Phase (4.2 A, 8) and what it hands to the New Unit Phase (9.1, 9.6): the LOC or its
// absence (8.5, I-17), the GHQ removed and returned (8.5), depots (8.8), CSP placement (8.14),
// replacements (9.1), new trucks (9.6), attrition (8.12, 8.13, 16.2) and Bolivian air supply (8.13).
import { describe, expect, test } from 'vitest';
import { IllegalDecision } from '../../src/core/decisions.js';
import type { GameEvent } from '../../src/core/events.js';
import { newUnitPhase } from '../../src/core/new-units.js';
import { BOL, PAR } from '../../src/core/side.js';
import { GONE, IN_DEAD, OFF_MAP, setUnitLoc } from '../../src/core/state.js';
import { returnGhq, supplyPhase } from '../../src/core/supply-phase.js';
import { position, type Position, type PositionSpec } from '../helpers/position.js';
import { scripted, testGame, type Script } from '../helpers/game.js';

const of = <T extends GameEvent['type']>(events: readonly GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

function thrown(f: () => void): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an illegal decision; the phase accepted every answer');
}

/** Two Bush columns 14-15, rows 1-12; the Paraguayan source is 1412 (south edge). */
function column(spec: PositionSpec = {}): Position {
  return position({ cols: [14, 15], sources: [{ hex: '1412', side: 'PAR' }], vp: [20, 20], ...spec });
}

/** Every unit of the side not placed leaves the game, so the New Unit Phase has nothing to draw. */
function emptyPile(p: Position, side: 0 | 1): void {
  for (let u = 0; u < p.state.loc_u.length; u++)
    if (p.state.counters.side_u[u] === side && p.state.loc_u[u]! < 0) setUnitLoc(p.state, u, GONE);
}

const supplyRolls = (events: readonly GameEvent[]) => of(events, 'roll').filter((e) => e.kind === 'supplyTable');

describe('8.5, I-17 a GHQ without an LOC', () => {
  /**
   * GHQ 1403; B-I1 in 1507 cuts both columns (it holds 1507 and its ZOC covers 1506, 1508, 1407, 1408).
   * P-I1 (1411) is next to the source, P-I2 beside the GHQ (1404), P-I3 three Bush hexes from the source (1409).
   */
  function cut() {
    const p = column();
    p.state.ghq_s[PAR] = p.hex('1403');
    p.place('B-I1', '1507');
    const [i1, i2, i3] = [p.place('P-I1', '1411'), p.place('P-I2', '1404'), p.place('P-I3', '1409')];
    return { p, i1, i2, i3 };
  }

  test('8.5 a GHQ with no LOC is out of supply: no Supply Table roll, radius 4 (I-17), and it supplies nobody (I-18)', () => {
    const { p, i1, i2, i3 } = cut();
    const par = scripted('PAR', { removeGhq: () => false });
    // two attrition rolls (P-I2, P-I3): 6 and 6, no effect
    const g = testGame(p.state, [6, 6], par);
    supplyPhase(g, PAR);
    expect(p.state.ghqOos_s[PAR]).toBe(1);
    expect(p.state.ghq_s[PAR]).toBe(p.hex('1403'));
    expect(p.state.locLength_s[PAR]).toBe(-1);
    expect(p.state.radius_s[PAR]).toBe(4);
    expect(p.state.inSupply_u[i1]).toBe(1); // 2 MP from the source
    expect(p.state.inSupply_u[i2]).toBe(0); // beside the GHQ, which projects nothing
    expect(p.state.inSupply_u[i3]).toBe(0); // 6 MP from the source: within 8, not within 4
    expect(supplyRolls(g.events)).toEqual([]);
    expect(of(g.events, 'supply')).toEqual([
      { type: 'supply', side: PAR, locLength: -1, radius: 4, csp: 0, replacements: 0, truck: false, outOfSupply: [i2, i3] },
    ]);
    expect(par.asked.map((d) => d.kind)).toEqual(['removeGhq']);
    expect(g.dice.used()).toBe(2);
  });

  test('8.5 the player may remove a GHQ that cannot trace an LOC; it returns in a later turn to a hex with an LOC outside EZOCs', () => {
    const { p } = cut();
    const g = testGame(p.state, [6, 6], scripted('PAR', { removeGhq: () => true }));
    supplyPhase(g, PAR);
    expect(p.state.ghq_s[PAR]).toBe(OFF_MAP);
    expect(p.state.ghqOos_s[PAR]).toBe(1);
    expect(supplyRolls(g.events)).toEqual([]);
    expect(of(g.events, 'ghqRemoved')).toEqual([{ type: 'ghqRemoved', side: PAR, cause: 'voluntary', rule: '8.5' }]);

    // Not in this turn's New Unit Phase: nothing is asked (the script has no placePiece answer).
    returnGhq(testGame(p.state, [], scripted('PAR', {})), PAR);
    expect(p.state.ghq_s[PAR]).toBe(OFF_MAP);

    // Next turn: offered the hexes an LOC reaches outside EZOCs.
    p.state.turn = 1;
    const par = scripted('PAR', { placePiece: () => p.hex('1410') });
    returnGhq(testGame(p.state, [], par), PAR);
    const offer = par.asked[0]!;
    expect(offer).toMatchObject({ kind: 'placePiece', piece: 'ghq' });
    const hexes = offer.kind === 'placePiece' ? offer.hexes : [];
    expect(hexes).toContain(p.hex('1410'));
    expect(hexes).toContain(p.hex('1412'));
    expect(hexes).not.toContain(p.hex('1408')); // in the EZOC
    expect(hexes).not.toContain(p.hex('1507')); // the enemy's hex
    expect(hexes).not.toContain(p.hex('1403')); // no LOC reaches it
    expect(p.state.ghq_s[PAR]).toBe(p.hex('1410'));

    // Its next Supply Phase traces an LOC again (1411, 1410: 6): back in supply, and the Supply Table is rolled.
    const g2 = testGame(p.state, [3, 6], scripted('PAR', { placeCsp: () => [] })); // table 3; P-I2's attrition 6
    supplyPhase(g2, PAR);
    expect(p.state.ghqOos_s[PAR]).toBe(0);
    expect(p.state.locLength_s[PAR]).toBe(6);
    expect(p.state.radius_s[PAR]).toBe(8);
    expect(supplyRolls(g2.events)).toHaveLength(1);
  });

  test('8.5 returning the GHQ to a hex no LOC reaches is an illegal decision', () => {
    const { p } = cut();
    supplyPhase(testGame(p.state, [6, 6], scripted('PAR', { removeGhq: () => true })), PAR);
    p.state.turn = 1;
    const err = thrown(() => returnGhq(testGame(p.state, [], scripted('PAR', { placePiece: () => p.hex('1403') })), PAR));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/8\.5/);
  });
});

describe('8.2, 8.14, 9.1, 9.6 the Supply Table and what it gives', () => {
  /** GHQ 1408 (LOC 4 Bush hexes = 12) with Estigarribia (command +2); Franco out of supply in 1401. */
  function supplied() {
    const p = column();
    p.state.ghq_s[PAR] = p.hex('1408');
    p.placeLeader('P-ESTIG', '1408');
    const franco = p.placeLeader('P-FRANCO', '1401');
    const i1 = p.place('P-I1', '1408');
    return { p, franco, i1 };
  }

  test('8.14 new CSP go on the source, the GHQ or leaders in General Supply; any not placed are lost', () => {
    const { p, franco } = supplied();
    const par = scripted('PAR', { placeCsp: () => [p.hex('1408'), p.hex('1408'), p.hex('1412')] });
    // roll 3 + 2 = 5 on the 0-20 column: 4 CSP, 2 replacements, a truck
    const g = testGame(p.state, [3], par);
    supplyPhase(g, PAR);
    expect(supplyRolls(g.events)).toEqual([expect.objectContaining({ roll: 3, modified: 5, rule: '8.2' })]);
    const ask = par.asked.find((d) => d.kind === 'placeCsp');
    expect(ask).toMatchObject({ count: 4 });
    expect(ask?.kind === 'placeCsp' && [...ask.hexes].sort((a, b) => a - b)).toEqual([p.hex('1408'), p.hex('1412')].sort((a, b) => a - b));
    expect(p.state.oos_l[franco]).toBe(1);
    expect(p.state.csp_hs[p.hex('1408') * 2 + PAR]).toBe(2);
    expect(p.state.csp_hs[p.hex('1412') * 2 + PAR]).toBe(1);
    let total = 0;
    for (let h = 0; h < p.map.grid.size; h++) total += p.state.csp_hs[h * 2 + PAR]!;
    expect(total).toBe(3);
    expect(of(g.events, 'supply')).toEqual([
      { type: 'supply', side: PAR, locLength: 12, radius: 8, csp: 4, replacements: 2, truck: true, outOfSupply: [] },
    ]);
  });

  test('8.14 a CSP placed with a leader out of General Supply is an illegal decision', () => {
    const { p } = supplied();
    const err = thrown(() => supplyPhase(testGame(p.state, [3], scripted('PAR', { placeCsp: () => [p.hex('1401')] })), PAR));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/8\.14/);
    expect(p.state.csp_hs[p.hex('1401') * 2 + PAR]).toBe(0);
  });

  test('9.1 points received may be spent that turn; only the unused points saved above 9 are lost (I-73)', () => {
    const { p, i1 } = supplied();
    emptyPile(p, PAR);
    p.state.replacements_s[PAR] = 8;
    // Supply Table: 2 replacements; 8 + 2 = 10 are on the track for the New Unit Phase.
    supplyPhase(testGame(p.state, [3], scripted('PAR', { placeCsp: () => [] })), PAR);
    expect(p.state.replacements_s[PAR]).toBe(10);
    // P-I1 (reduced, in General Supply) takes one: 9 unused are saved, none lost.
    p.state.reduced_u[i1] = 1;
    const par = scripted('PAR', { callUps: () => 0, replacements: (d) => d.eligible.slice(0, 1), placePiece: (d) => d.hexes[0]! });
    newUnitPhase(testGame(p.state, [], par), PAR);
    expect(p.state.reduced_u[i1]).toBe(0);
    expect(p.state.replacements_s[PAR]).toBe(9);
    // With nothing to spend them on, the tenth point is lost at the end of the phase.
    p.state.replacements_s[PAR] = 10;
    newUnitPhase(testGame(p.state, [], scripted('PAR', { callUps: () => 0, replacements: () => [] })), PAR);
    expect(p.state.replacements_s[PAR]).toBe(9);
  });

  test('9.6 a truck won on the Supply Table is placed in the New Unit Phase on a friendly source', () => {
    const { p } = supplied();
    emptyPile(p, PAR);
    const t = p.state.side_t.indexOf(PAR);
    supplyPhase(testGame(p.state, [3], scripted('PAR', { placeCsp: () => [] })), PAR);
    expect(p.state.newTrucks_s[PAR]).toBe(1);
    expect(p.state.loc_t[t]).toBeLessThan(0); // not on the map before the New Unit Phase
    const par = scripted('PAR', { callUps: () => 0, placePiece: (d) => d.hexes[0]! });
    newUnitPhase(testGame(p.state, [], par), PAR);
    expect(par.asked.find((d) => d.kind === 'placePiece')).toMatchObject({ piece: 'truck', hexes: [p.hex('1412')] });
    expect(p.state.loc_t[t]).toBe(p.hex('1412'));
    expect(p.state.newTrucks_s[PAR]).toBe(0);
  });
});

describe('8.12, 8.13 attrition', () => {
  /** GHQ 1408 with an LOC; the unit under test far north, out of the radius, in dry Bush (no water: -1). */
  function stranded(id: string, hex = '1401', opts: { reduced?: boolean } = {}, spec: PositionSpec = {}) {
    const p = column(spec);
    p.state.ghq_s[PAR] = p.hex('1408');
    p.placeLeader('P-ESTIG', '1408');
    const u = p.place(id, hex, opts);
    return { p, u };
  }
  const noCsp: Script = { placeCsp: () => [] };

  test('8.12 a modified 0-1 costs one step; 2 or more has no effect', () => {
    const a = stranded('P-I1');
    const g = testGame(a.p.state, [3, 2], scripted('PAR', noCsp)); // supply roll 3; attrition 2 - 1 = 1
    supplyPhase(g, PAR);
    expect(a.p.state.inSupply_u[a.u]).toBe(0);
    expect(a.p.state.reduced_u[a.u]).toBe(1);
    expect(of(g.events, 'roll')).toContainEqual(
      expect.objectContaining({ kind: 'attrition', side: PAR, unit: a.u, roll: 2, modified: 1, effect: 'step', rule: '8.12' }),
    );
    expect(of(g.events, 'loss')).toEqual([expect.objectContaining({ unit: a.u, result: 'reduced', rule: '8.12' })]);
    const b = stranded('P-I1');
    supplyPhase(testGame(b.p.state, [3, 3], scripted('PAR', noCsp)), PAR); // 3 - 1 = 2
    expect(b.p.state.reduced_u[b.u]).toBe(0);
  });

  test('8.12, 16.2 a step loss eliminates a unit with one step left: +1 VP to the enemy', () => {
    const { p, u } = stranded('P-I1', '1401', { reduced: true });
    supplyPhase(testGame(p.state, [3, 2], scripted('PAR', noCsp)), PAR);
    expect(p.state.loc_u[u]).toBe(IN_DEAD);
    expect(p.state.vp_s[BOL]).toBe(21);
  });

  test('8.12 below 0 eliminates a unit whatever its steps (mounted cavalry, option 10.13: -1 more); not isolated: +1 VP', () => {
    const { p, u } = stranded('P-C1', '1401', {}, { options: ['mountedCavalry=true'] });
    const g = testGame(p.state, [3, 1], scripted('PAR', noCsp)); // 1 - 1 - 1 = -1
    supplyPhase(g, PAR);
    expect(p.state.loc_u[u]).toBe(IN_DEAD);
    expect(p.state.vp_s[BOL]).toBe(21);
    expect(of(g.events, 'loss')).toEqual([expect.objectContaining({ unit: u, result: 'eliminated' })]);
  });

  test('8.12, 8.13, 16.2 an isolated unit below 0 surrenders: +2 VP to the enemy, not +1', () => {
    // B-I1 in 1504 closes the pocket 1401-1403/1501-1502: its ZOC covers 1404, 1405, 1503, 1505.
    const { p, u } = stranded('P-I1', '1402');
    p.place('B-I1', '1504');
    const g = testGame(p.state, [3, 1], scripted('PAR', noCsp)); // 1 - 1 (no water) - 2 (isolated) = -2
    supplyPhase(g, PAR);
    expect(p.state.loc_u[u]).toBe(IN_DEAD);
    expect(p.state.vp_s[BOL]).toBe(22);
    expect(of(g.events, 'roll')).toContainEqual(
      expect.objectContaining({ kind: 'attrition', unit: u, roll: 1, modified: -2, effect: 'surrendered' }),
    );
    expect(of(g.events, 'loss')).toEqual([expect.objectContaining({ unit: u, result: 'surrendered' })]);
    expect(of(g.events, 'vp')).toEqual([expect.objectContaining({ side: BOL, delta: 2, rule: '16.2' })]);
  });

  test('8.13 a unit with water (a river hexside) rolls without the -1', () => {
    const { p, u } = stranded('P-I1', '1401', {}, { rivers: [['1401/1501']] });
    supplyPhase(testGame(p.state, [3, 2], scripted('PAR', noCsp)), PAR); // 2: no effect
    expect(p.state.reduced_u[u]).toBe(0);
  });

  test('8.12, I-35 a leader left alone when attrition eliminates his stack is displaced; his side loses political x 1d6', () => {
    const { p, u } = stranded('P-I1', '1401', { reduced: true });
    const franco = p.placeLeader('P-FRANCO', '1401');
    p.place('P-I2', '1408');
    const g = testGame(p.state, [3, 2, 3], scripted('PAR', noCsp)); // attrition 2 - 1: eliminated; displacement die 3
    supplyPhase(g, PAR);
    expect(p.state.loc_u[u]).toBe(IN_DEAD);
    expect(p.state.loc_l[franco]).toBe(p.hex('1408'));
    expect(p.state.vp_s[PAR]).toBe(20 - 2 * 3);
    expect(p.state.vp_s[BOL]).toBe(21);
  });

  describe('8.13 Bolivian air supply', () => {
    /** BOL source 1401, GHQ 1405 with Peña (command -1); B-I1 far south in 1412, out of supply, not isolated. */
    function bolivian() {
      const p = position({ cols: [14, 15], sources: [{ hex: '1401', side: 'BOL' }], vp: [20, 20] });
      p.state.ghq_s[BOL] = p.hex('1405');
      p.placeLeader('B-PENA', '1405');
      const u = p.place('B-I1', '1412');
      return { p, u };
    }

    test('8.13 one air marker drops supply on one unit rolling attrition: +1, and the marker is used', () => {
      const { p, u } = bolivian();
      const bol = scripted('BOL', { placeCsp: () => [], airSupply: (d) => d.units[0]! });
      const g = testGame(p.state, [4, 2], scripted('PAR', {}), bol); // supply roll; attrition 2 - 1 + 1 = 2
      supplyPhase(g, BOL);
      expect(bol.asked.find((d) => d.kind === 'airSupply')).toMatchObject({ units: [u] });
      expect(p.state.reduced_u[u]).toBe(0);
      expect(p.state.inSupply_u[u]).toBe(0); // air supply is not General Supply
      expect(p.state.airUsed_s[BOL]).toBe(1);
      expect(p.state.airSupplyUsed_s[BOL]).toBe(1);
      expect(of(g.events, 'roll')).toContainEqual(
        expect.objectContaining({ kind: 'attrition', side: BOL, unit: u, roll: 2, modified: 2, effect: 'none' }),
      );
    });

    test('8.13 without the drop the same roll costs a step', () => {
      const { p, u } = bolivian();
      supplyPhase(testGame(p.state, [4, 2], scripted('PAR', {}), scripted('BOL', { placeCsp: () => [], airSupply: () => -1 })), BOL);
      expect(p.state.reduced_u[u]).toBe(1);
      expect(p.state.airUsed_s[BOL]).toBe(0);
    });

    test('8.13 one drop a turn: after it, Bolivia is not asked again', () => {
      const { p, u } = bolivian();
      p.state.airSupplyUsed_s[BOL] = 1;
      p.state.airUsed_s[BOL] = 1;
      const bol = scripted('BOL', { placeCsp: () => [] });
      supplyPhase(testGame(p.state, [4, 2], scripted('PAR', {}), bol), BOL);
      expect(bol.asked.some((d) => d.kind === 'airSupply')).toBe(false);
      expect(p.state.reduced_u[u]).toBe(1);
    });
  });
});

describe('8.8 depots', () => {
  test('8.8 a depot on an LOC settlement projects the radius during the Supply Phase and is removed after it', () => {
    // Rows 1-20: source 1420, GHQ 1401: LOC 19 Bush hexes = 57, radius 4. The settlement 1410 lies on it.
    const p = position({
      cols: [14, 15],
      rows: [1, 20],
      sources: [{ hex: '1420', side: 'PAR' }],
      places: [{ hex: '1410' }],
      control: { '1410': 'PAR' },
      vp: [20, 20],
    });
    p.state.ghq_s[PAR] = p.hex('1401');
    const u = p.place('P-I1', '1510'); // beside the depot, far from the source and the GHQ
    const par = scripted('PAR', { depots: (d) => [...d.candidates], placeCsp: () => [] });
    const g = testGame(p.state, [3], par);
    supplyPhase(g, PAR);
    expect(par.asked.find((d) => d.kind === 'depots')).toMatchObject({ candidates: [p.hex('1410')], max: 4 });
    expect(p.state.locLength_s[PAR]).toBe(57);
    expect(p.state.radius_s[PAR]).toBe(4);
    expect(p.state.inSupply_u[u]).toBe(1);
    expect(p.state.depot_h.every((d) => d === 0)).toBe(true);
    expect(g.dice.used()).toBe(1); // the Supply Table only: no attrition roll
  });

  test('8.8 a depot on a settlement off the LOC is an illegal decision', () => {
    const p = position({ cols: [14, 15], sources: [{ hex: '1412', side: 'PAR' }], places: [{ hex: '1410' }], control: { '1410': 'PAR' } });
    p.state.ghq_s[PAR] = p.hex('1404');
    const err = thrown(() => supplyPhase(testGame(p.state, [3], scripted('PAR', { depots: () => [p.hex('1510')] })), PAR));
    expect(err).toBeInstanceOf(IllegalDecision);
    expect(err.message).toMatch(/8\.8/);
  });
});
