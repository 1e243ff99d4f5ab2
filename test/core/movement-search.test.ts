import { describe, expect, test } from 'vitest';
import {
  FLAG_EZOC,
  UNREACHED,
  createReach,
  hexStatus,
  makeMover,
  pathSearchFor,
  prepareSearch,
  reachable,
  type Mover,
} from '../../src/core/movement.js';
import { inEzoc } from '../../src/core/zoc.js';
import { BOL, PAR, type Side } from '../../src/core/side.js';
import { setUnitLoc } from '../../src/core/state.js';
import { position, type Position } from '../helpers/position.js';

/** Every hex where the search's EZOC mark and zoc.ts disagree, for a mover of `side`. */
function ezocMismatches(p: Position, side: Side): number[] {
  const ps = pathSearchFor(p.state.map);
  prepareSearch(ps, p.state, makeMover(side));
  const bad: number[] = [];
  for (let h = 0; h < ps.size; h++) if (((hexStatus(ps, h) & FLAG_EZOC) !== 0) !== inEzoc(p.state, h, side)) bad.push(h);
  return bad;
}

describe("the search keeps zoc.ts's answers", () => {
  test('7.1 7.2 7.3 the EZOC marks of a search match inEzoc in every hex, for both sides, after units move', () => {
    const p = position({
      terrain: { '1407': 'mountain', '1509': 'mountain' },
      rivers: [['1406/1306', '1306/1307']],
      border: ['1406/1405'],
    });
    p.place('P-I1', '1406');
    p.place('P-C1', '1508');
    p.place('P-A1', '1210');
    p.place('B-I1', '1407');
    p.place('B-I2', '1407');
    p.place('B-E1', '1704');
    expect(ezocMismatches(p, PAR)).toEqual([]);
    expect(ezocMismatches(p, BOL)).toEqual([]);
    setUnitLoc(p.state, p.unit('B-I1'), p.hex('1110'));
    setUnitLoc(p.state, p.unit('P-I1'), p.hex('1304'));
    expect(ezocMismatches(p, PAR)).toEqual([]);
    expect(ezocMismatches(p, BOL)).toEqual([]);
  });

  test('10.4 a smaller allowance reaches exactly the nodes within it, at the same costs (no step is skipped)', () => {
    const p = position({
      terrain: { '1306': 'marsh', '1507': 'hill', '1605': 'clear', '1408': 'mountain', '1409': 'clear' },
      fill: 'bush',
      roads: ['1203 1303 1404 1504 1605 1705'],
      rivers: [['1406/1407', '1406/1506', '1506/1507']],
      clearings: ['1306/1407', '1407/1507', '1407/1408'],
    });
    p.state.trail_h[p.hex('1505')] = 1;
    p.place('B-I1', '1609');
    const ps = pathSearchFor(p.state.map);
    const movers: Mover[] = [makeMover(PAR), makeMover(PAR, { mech: true, nonMech: false }), makeMover(PAR, { mech: true })];
    for (const mover of movers) {
      const full = reachable(ps, p.state, { ...mover, allowance: 60 }, p.hex('1406'), createReach(ps));
      const out = createReach(ps),
        wrong: string[] = [];
      for (let allowance = 1; allowance <= 30; allowance++) {
        reachable(ps, p.state, { ...mover, allowance }, p.hex('1406'), out);
        for (let n = 0; n < ps.nodeCount; n++) {
          const want = full.cost_n[n]! <= allowance ? full.cost_n[n] : UNREACHED;
          if (out.cost_n[n] !== want) wrong.push(`node ${n} at allowance ${allowance}: ${out.cost_n[n]}, not ${want}`);
        }
      }
      expect(wrong).toEqual([]);
    }
  });
});
