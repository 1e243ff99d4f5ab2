// 12.11, 12.9, I-35 (advanceStaff): units of an attacking hex where leaders stand advance after combat only while two
// combat units stay with them (Boquerón: the Bolivian staff left at Arce on one artillery unit when the infantry and the
// other artillery took Alihuatá, and lost with it to the next attack). Each against advanceStaff off, the heuristic before it.
import { describe, expect, test } from 'vitest';
import { BOL } from '../../src/core/side.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import { position } from '../helpers/position.js';

/** Clear ground; Bolivia's attackers `ids` in 1505 (with Peña when `led`), beside the vacated Paraguayan settlement 1506. */
function advanced(ids: string[], advanceStaff: boolean, led = true): number {
  const p = position({ fill: 'clear', places: [{ hex: '1506', settlement: true }], control: { '1506': 'PAR' } });
  const units = ids.map((id) => p.place(id, '1505'));
  const leaders = led ? [p.placeLeader('B-PENA', '1505')] : [];
  const answer = heuristicPolicy({ preset: 'balanced', params: { advanceStaff }, seed: 'h' }).decide(
    { kind: 'advance', side: BOL, units, hexes: [p.hex('1506')], leaders },
    p.state,
  );
  return answer.filter((m) => m.leader === undefined && m.hex === p.hex('1506')).length;
}

describe('12.11, I-35: advanceStaff: the leaders keep two combat units with them', () => {
  test('three units with Peña: one advances with advanceStaff, two without', () => {
    expect(advanced(['B-I1', 'B-I2', 'B-A1'], true)).toBe(1);
    expect(advanced(['B-I1', 'B-I2', 'B-A1'], false)).toBe(2);
  });

  test('two units with Peña: none advances with advanceStaff', () => {
    expect(advanced(['B-I1', 'B-I2'], true)).toBe(0);
  });

  test('no leader in the hex: two advance either way', () => {
    expect(advanced(['B-I1', 'B-I2', 'B-A1'], true, false)).toBe(2);
  });
});
