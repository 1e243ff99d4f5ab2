import { describe, expect, test } from 'vitest';
import { politicalPhase } from '../../src/core/political.js';
import { PAR } from '../../src/core/side.js';
import { IN_DEAD } from '../../src/core/state.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

/** Franco (political 2) commands; Estigarribia (3) and A (0) are his subordinates; all in supply at 1505. */
function franco() {
  const p = position({ vp: [30, 30], sources: [{ hex: '1012', side: 'PAR' }] });
  const estig = p.placeLeader('P-ESTIG', '1505');
  const fr = p.placeLeader('P-FRANCO', '1505');
  const a = p.placeLeader('P-A', '1506');
  p.place('P-I1', '1505');
  p.state.armyCommander_s[PAR] = fr;
  return { p, estig, fr, a };
}
const policy = (action: object, extra = {}) =>
  scripted('PAR', { political: () => action as never, placePiece: (d) => d.hexes[0]!, chooseLeader: (d) => d.leaders[0]!, ...extra });

describe('15 leaders and the Political Phase', () => {
  test("15.2 15.3 a forced challenge: roll + difference >= twice the commander's rating replaces him", () => {
    const { p, estig, fr } = franco();
    p.state.challenge_s[PAR] = 1;
    // roll 3 + (3 - 2) = 4 >= 2 x 2; the new subordinate is drawn from the refilled box (int roll 1)
    const g = testGame(p.state, [3, 1], policy({ action: 'replaceCommander', modifier: 0, supporters: [] }));
    politicalPhase(g, PAR);
    expect(p.state.armyCommander_s[PAR]).toBe(estig);
    expect(p.state.loc_l[fr]).not.toBe(p.hex('1505'));
    expect(g.events.slice(0, 2)).toEqual([
      { type: 'roll', kind: 'challenge', side: PAR, leader: estig, roll: 3, modified: 4, rule: '15.3' },
      { type: 'leader', side: PAR, leader: fr, to: IN_DEAD, cause: 'commanderReplaced', rule: '15' },
    ]);
    expect(g.events[2]).toMatchObject({ type: 'leader', side: PAR, cause: 'new', rule: '15.6' });
  });

  test('15.3 a result between the rating and twice it: the commander survives', () => {
    const { p, fr } = franco();
    p.state.challenge_s[PAR] = 1;
    politicalPhase(testGame(p.state, [2], policy({ action: 'replaceCommander', modifier: 0, supporters: [] })), PAR);
    expect(p.state.armyCommander_s[PAR]).toBe(fr);
  });

  test('15.3 a result equal to the rating: the challenger is replaced and the player picks his successor', () => {
    const { p, estig, fr } = franco();
    p.state.challenge_s[PAR] = 1;
    // roll 1 + 1 = 2 = rating; the Available box is empty, so nobody is chosen
    politicalPhase(testGame(p.state, [1], policy({ action: 'replaceCommander', modifier: 0, supporters: [] })), PAR);
    expect(p.state.armyCommander_s[PAR]).toBe(fr);
    expect(p.state.loc_l[estig]).toBe(IN_DEAD);
  });

  test('15.3 buying a die modifier costs 5 VP a point', () => {
    const { p } = franco();
    p.state.challenge_s[PAR] = 1;
    politicalPhase(testGame(p.state, [2, 1], policy({ action: 'replaceCommander', modifier: -2, supporters: [] })), PAR);
    expect(p.state.vp_s[PAR]).toBe(20);
  });

  test('15.2 a forced challenge must be resolved: answering none is illegal', () => {
    const { p } = franco();
    p.state.challenge_s[PAR] = 1;
    expect(() => politicalPhase(testGame(p.state, [], policy({ action: 'none' })), PAR)).toThrow(/forced challenge/);
  });

  test("15.4 a failed voluntary attempt costs the commander's rating plus one die (result >= rating)", () => {
    const { p, fr } = franco();
    // roll 2 + 0 supporters = 2: >= 2 but < 4; loses 2 + roll 5
    politicalPhase(testGame(p.state, [2, 5], policy({ action: 'replaceCommander', modifier: 0, supporters: [] })), PAR);
    expect(p.state.armyCommander_s[PAR]).toBe(fr);
    expect(p.state.vp_s[PAR]).toBe(23);
  });

  test('15.4 a result below the rating costs the rating plus twice one die', () => {
    const { p } = franco();
    politicalPhase(testGame(p.state, [1, 3], policy({ action: 'replaceCommander', modifier: 0, supporters: [] })), PAR);
    expect(p.state.vp_s[PAR]).toBe(30 - (2 + 6));
  });

  test('15.4 a supporting subordinate adds 1 and becomes commander on success', () => {
    const { p, estig } = franco();
    politicalPhase(testGame(p.state, [3, 1, 1], policy({ action: 'replaceCommander', modifier: 0, supporters: [estig] })), PAR);
    expect(p.state.armyCommander_s[PAR]).toBe(estig);
  });

  test('15.5 a subordinate is replaced when the roll exceeds his political rating', () => {
    const { p, a } = franco();
    politicalPhase(testGame(p.state, [1, 1], policy({ action: 'replaceSubordinate', leader: a, modifier: 0 })), PAR);
    expect(p.state.loc_l[a]).not.toBe(p.hex('1506'));
  });

  test('15.6 a new leader may join a friendly unit out of General Supply that is not isolated, not an isolated one (8.13, I-56)', () => {
    const { p, a } = franco();
    const outOfSupply = p.place('P-I2', '1509');
    p.state.inSupply_u[outOfSupply] = 0; // out of General Supply, but a path to the source 1012 is open
    const cut = p.place('P-I3', '1001'); // its only neighbours, 1002 and 1101, lie in B-I1's ZOC: isolated
    p.place('B-I1', '1102');
    const par = policy({ action: 'replaceSubordinate', leader: a, modifier: 0 });
    politicalPhase(testGame(p.state, [1, 1], par), PAR);
    const asked = par.asked.find((d) => d.kind === 'placePiece' && d.piece === 'leader') as Extract<
      (typeof par.asked)[number],
      { kind: 'placePiece' }
    >;
    expect(asked.hexes).toContain(p.hex('1509'));
    expect(asked.hexes).toContain(p.hex('1505'));
    expect(asked.hexes).toContain(p.hex('1012')); // the source
    expect(asked.hexes).not.toContain(p.state.loc_u[cut]);
  });

  test('15.5 a subordinate with a greater political rating than the commander cannot be replaced', () => {
    const { p, estig } = franco();
    expect(() => politicalPhase(testGame(p.state, [], policy({ action: 'replaceSubordinate', leader: estig, modifier: 0 })), PAR)).toThrow(
      /cannot be replaced \(15\.5\)/,
    );
  });

  test('15.5 the subordinate modifier is bought at 2 VP a point, at most +3', () => {
    const { p, a } = franco();
    expect(() => politicalPhase(testGame(p.state, [], policy({ action: 'replaceSubordinate', leader: a, modifier: 4 })), PAR)).toThrow(
      /from 0 to 3/,
    );
  });
});
