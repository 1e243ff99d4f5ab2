import { describe, expect, test } from 'vitest';
import { displaceLeader, overrun } from '../../src/core/displacement.js';
import { BOL, PAR } from '../../src/core/side.js';
import { IN_PILE, OFF_MAP } from '../../src/core/state.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

describe('10.3 moving through enemy non-combat units', () => {
  test('a named leader goes to the nearest friendly combat unit and the mover scores political x 1d6', () => {
    const p = position({ vp: [20, 20] });
    const l = p.placeLeader('B-PENA', '1505');
    p.place('B-I1', '1507');
    p.place('B-I2', '1901');
    const g = testGame(p.state, [4]);
    overrun(g, p.hex('1505'), PAR);
    expect(p.state.loc_l[l]).toBe(p.hex('1507'));
    expect(p.state.vp_s[PAR]).toBe(20 + 3 * 4);
    expect(g.events).toEqual([
      { type: 'leader', side: BOL, leader: l, to: p.hex('1507'), cause: 'displacedByEnemy', rule: '10.3, I-35' },
      { type: 'vp', side: PAR, delta: 12, total: 32, rule: '10.3, 16.2', cause: 'leaderDisplaced', leader: l },
    ]);
  });

  test('an unnamed leader is displaced for no VP', () => {
    const p = position({ vp: [20, 20] });
    p.placeLeader('B-B', '1505');
    p.place('B-I1', '1507');
    overrun(testGame(p.state, []), p.hex('1505'), PAR);
    expect(p.state.vp_s[PAR]).toBe(20);
  });

  test('the GHQ leaves the map for a turn and trucks are destroyed', () => {
    const p = position();
    p.state.ghq_s[BOL] = p.hex('1505');
    p.state.loc_t[2] = p.hex('1505');
    const g = testGame(p.state, []);
    overrun(g, p.hex('1505'), PAR);
    expect(p.state.ghq_s[BOL]).toBe(OFF_MAP);
    expect(p.state.loc_t[2]).toBe(IN_PILE);
    expect(g.events).toEqual([
      { type: 'ghqRemoved', side: BOL, cause: 'overrun', rule: '10.3' },
      { type: 'truckLost', side: BOL, truck: 2, hex: p.hex('1505'), rule: '10.3' },
    ]);
  });

  test('each CSP is captured on 1-2 (+1 VP each) or destroyed', () => {
    const p = position({ vp: [20, 20] });
    p.state.csp_hs[p.hex('1505') * 2 + BOL] = 3;
    const g = testGame(p.state, [1, 5, 2]);
    overrun(g, p.hex('1505'), PAR);
    expect(p.state.csp_hs[p.hex('1505') * 2 + PAR]).toBe(2);
    expect(p.state.csp_hs[p.hex('1505') * 2 + BOL]).toBe(0);
    expect(p.state.vp_s[PAR]).toBe(22);
    expect(g.events).toEqual([
      { type: 'cspCaptured', side: PAR, hex: p.hex('1505'), captured: 2, lost: 1, rule: '10.3' },
      { type: 'vp', side: PAR, delta: 2, total: 22, rule: '16.2', cause: 'cspCaptured', csp: 2 },
    ]);
  });
});

describe('I-35 leader displacement', () => {
  test('a leader left alone by the elimination of his stack costs his own side political x 1d6', () => {
    const p = position({ vp: [20, 20] });
    const l = p.placeLeader('P-ESTIG', '1505');
    p.place('P-I1', '1508');
    const g = testGame(p.state, [2]);
    displaceLeader(g, l, 'elimination');
    expect(p.state.vp_s[PAR]).toBe(14);
    expect(p.state.loc_l[l]).toBe(p.hex('1508'));
    expect(g.events.map((e) => (e.type === 'leader' || e.type === 'vp' ? [e.type, e.cause] : [e.type]))).toEqual([
      ['leader', 'displacedByElimination'],
      ['vp', 'leaderLostWithStack'],
    ]);
  });

  test('retreat and rout cost nothing; with no friendly unit on the map he goes to the Available box', () => {
    const p = position({ vp: [20, 20] });
    const l = p.placeLeader('P-ESTIG', '1505');
    displaceLeader(testGame(p.state, []), l, 'retreat');
    expect(p.state.loc_l[l]).toBe(IN_PILE);
    expect(p.state.vp_s[PAR]).toBe(20);
  });

  test("ties for the nearest unit are the owner's choice", () => {
    const p = position();
    const l = p.placeLeader('P-ESTIG', '1505');
    p.place('P-I1', '1503');
    p.place('P-I2', '1507');
    const par = scripted('PAR', { placePiece: (d) => d.hexes[1]! });
    displaceLeader(testGame(p.state, [1], par), l, 'retreat');
    expect(p.state.loc_l[l]).toBe(p.hex('1507'));
  });
});
