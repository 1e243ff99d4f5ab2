import { describe, expect, test } from 'vitest';
import {
  FLAG_DISPLACE,
  FLAG_NO_END,
  FLAG_STOP,
  MOVER_LEADER,
  MOVER_OTHER,
  UNREACHED,
  boxNode,
  canEndAt,
  checkMovePath,
  clearingNode,
  createReach,
  makeMover,
  nodeLocation,
  pathCost,
  pathSearchFor,
  pathTo,
  reachable,
  stackMover,
  type Mover,
  type Reach,
} from '../../src/core/movement.js';
import { sideBetween, sideCorners } from '../../src/core/hex.js';
import type { OffMapBox } from '../../src/core/map.js';
import { BOL, PAR } from '../../src/core/side.js';
import { GONE, boxLocation, type GameState } from '../../src/core/state.js';
import { position, type Position } from '../helpers/position.js';

const foot = (fields: Partial<Mover> = {}) => makeMover(PAR, fields);

function search(state: GameState, mover: Mover, start: number): Reach {
  const ps = pathSearchFor(state.map);
  return reachable(ps, state, mover, start, createReach(ps));
}
const reach = (p: Position, mover: Mover, start: string) => search(p.state, mover, p.hex(start));
const at = (r: Reach, p: Position, label: string) => r.cost_n[p.hex(label)];
const path = (p: Position, ...labels: string[]) => labels.map((l) => p.hex(l));
const side = (p: Position, a: string, b: string) => sideBetween(p.map.grid, p.hex(a), p.hex(b));
const clearing = (p: Position, a: string, b: string) => clearingNode(pathSearchFor(p.state.map), side(p, a, b));

describe('10.1, 10.4 the search', () => {
  test('10.4 the cheapest cost wins, even when found second (a road detour beats a direct Bush step)', () => {
    const p = position({ roads: ['1406 1506 1407'], fill: 'bush' });
    const r = reach(p, foot(), '1406');
    expect(at(r, p, '1407')).toBe(6);
    expect(pathTo(r, p.hex('1407'))).toEqual(path(p, '1406', '1506', '1407'));
    expect(at(r, p, '1408')).toBe(18);
  });

  test('10.4 a unit must have the full cost of the hex it enters: no minimum move', () => {
    const p = position({ fill: 'bush' });
    const r = reach(p, foot({ allowance: 6 }), '1406');
    expect(r.count).toBe(1);
    expect(at(r, p, '1407')).toBe(UNREACHED);
    expect(checkMovePath(p.state, foot({ allowance: 6 }), path(p, '1406', '1407'))).toMatch(/^10\.4/);
    expect(at(reach(p, foot({ allowance: 12 }), '1406'), p, '1407')).toBe(12);
  });

  test('10.1 a path may not skip hexes', () => {
    const p = position({ fill: 'clear' });
    expect(checkMovePath(p.state, foot(), path(p, '1406', '1408'))).toMatch(/^10\.1/);
    expect(checkMovePath(p.state, foot(), path(p, '1406', '1407', '1408'))).toBeNull();
  });

  test('reachable reuses its output: a second search leaves no trace of the first', () => {
    const p = position({ fill: 'clear' });
    const ps = pathSearchFor(p.state.map);
    const out = createReach(ps);
    reachable(ps, p.state, foot(), p.hex('1406'), out);
    expect(out.cost_n[p.hex('1409')]).toBe(18);
    reachable(ps, p.state, foot({ allowance: 6 }), p.hex('1110'), out);
    expect(out.cost_n[p.hex('1409')]).toBe(UNREACHED);
    expect(out.cost_n[p.hex('1111')]).toBe(6);
    expect(out.count).toBe(7);
  });

  test('10 every path the search reads back passes checkMovePath at the searched cost', () => {
    const p = position({
      terrain: { '1306': 'marsh', '1507': 'hill', '1605': 'clear', '1408': 'mountain' },
      fill: 'bush',
      roads: ['1203 1303 1404 1504 1605 1705'],
      rivers: [['1406/1407', '1406/1506', '1506/1507']],
      clearings: ['1306/1407', '1407/1507', '1407/1408'],
    });
    p.place('B-I1', '1609');
    p.place('P-E1', '1506');
    p.placeLeader('P-A', '1707');
    const m = foot({ allowance: 8 * 6 });
    const r = reach(p, m, '1406');
    let ends = 0;
    for (let i = 0; i < r.count; i++) {
      const n = r.touched_n[i]!;
      if (!canEndAt(r, n)) continue;
      const route = pathTo(r, n);
      expect(checkMovePath(p.state, m, route), `to node ${n}`).toBeNull();
      expect(pathCost(p.state, m, route)).toBe(r.cost_n[n]);
      ends++;
    }
    expect(ends).toBeGreaterThan(20);
  });
});

describe('10.2, 10.3 enemy units', () => {
  test('10.2 no unit may enter a hex with an enemy combat unit', () => {
    const p = position({ fill: 'clear' });
    p.place('B-A1', '1407'); // artillery: no ZOC
    const r = reach(p, foot(), '1406');
    expect(at(r, p, '1407')).toBe(UNREACHED);
    expect(at(r, p, '1408')).toBe(18); // around it
    expect(checkMovePath(p.state, foot(), path(p, '1406', '1407'))).toMatch(/^10\.2/);
  });

  test('10.3 a combat unit moves through a hex holding only an enemy leader; the hex is reported', () => {
    const p = position({ fill: 'clear' });
    p.placeLeader('B-B', '1407');
    const r = reach(p, foot(), '1406');
    expect(at(r, p, '1407')).toBe(6);
    expect(r.flags_n[p.hex('1407')]! & FLAG_DISPLACE).toBe(FLAG_DISPLACE);
    expect(r.flags_n[p.hex('1408')]! & FLAG_DISPLACE).toBe(0);
    expect(checkMovePath(p.state, foot(), path(p, '1406', '1407', '1408'))).toBeNull();
  });

  test('10.3 non-combat pieces may not enter hexes with an enemy leader, truck, GHQ or supply unit', () => {
    const p = position({ fill: 'clear' });
    p.placeLeader('B-B', '1407');
    p.state.loc_t[2] = p.hex('1505'); // trucks 0-1 are Paraguayan, 2-3 Bolivian
    p.state.ghq_s[BOL] = p.hex('1506');
    p.state.csp_hs[p.hex('1306') * 2 + BOL] = 1;
    const leader = stackMover(p.state, PAR, { leaders: [p.leader('P-ESTIG')] });
    const truck = stackMover(p.state, PAR, { trucks: [0] });
    for (const m of [leader, truck]) {
      const r = reach(p, m, '1406');
      for (const h of ['1407', '1505', '1506', '1306']) expect(at(r, p, h), h).toBe(UNREACHED);
      expect(at(r, p, '1405')).toBeGreaterThan(0);
    }
    expect(checkMovePath(p.state, leader, path(p, '1406', '1407'))).toMatch(/^10\.3/);
    const infantry = reach(p, foot(), '1406');
    for (const h of ['1407', '1505', '1506', '1306']) expect(at(infantry, p, h), h).toBe(6);
  });
});

describe('7.3 enemy zones of control (I-9)', () => {
  // B-I1 in 1408 puts 1407, 1507, 1508, 1409, 1308 and 1307 in a Paraguayan EZOC.
  const zoc = () => {
    const p = position({ fill: 'clear' });
    p.place('B-I1', '1408');
    return p;
  };

  test('7.3 I-9 a combat unit may not enter an EZOC hex without a leader', () => {
    const p = zoc();
    const r = reach(p, foot(), '1405');
    expect(at(r, p, '1406')).toBe(6);
    expect(at(r, p, '1407')).toBe(UNREACHED);
    expect(checkMovePath(p.state, foot(), path(p, '1405', '1406', '1407'))).toMatch(/^7\.3/);
  });

  test('7.3 I-9 with a leader moving along it enters the EZOC hex and stops there', () => {
    const p = zoc();
    const m = foot({ withLeader: true });
    const r = reach(p, m, '1405');
    expect(at(r, p, '1407')).toBe(12);
    expect(r.flags_n[p.hex('1407')]! & FLAG_STOP).toBe(FLAG_STOP);
    expect(checkMovePath(p.state, m, path(p, '1405', '1406', '1407'))).toBeNull();
    expect(checkMovePath(p.state, m, path(p, '1405', '1406', '1407', '1306'))).toMatch(/must stop at hex 1407/);
  });

  test('10.2 7.3 the move ends in the first EZOC hex: nothing beyond it is reached through it', () => {
    const p = position({ fill: 'marsh', terrain: { '1405': 'clear', '1406': 'clear', '1407': 'clear', '1408': 'clear', '1506': 'clear' } });
    p.state.rainy = true; // Marsh prohibited: a corridor 1405-1408
    p.place('B-I1', '1506'); // EZOC in 1406 and 1407
    const r = reach(p, foot({ withLeader: true }), '1405');
    expect(at(r, p, '1406')).toBe(12);
    expect(at(r, p, '1407')).toBe(UNREACHED);
    expect(at(r, p, '1408')).toBe(UNREACHED);
  });

  test('7.3 I-9 a friendly leader already in the EZOC hex lets a unit enter it, and it stops', () => {
    const p = zoc();
    p.placeLeader('P-FRANCO', '1407');
    const r = reach(p, foot(), '1405');
    expect(at(r, p, '1407')).toBe(12);
    expect(r.flags_n[p.hex('1407')]! & FLAG_STOP).toBe(FLAG_STOP);
    expect(at(r, p, '1507')).toBe(UNREACHED); // no leader there
  });

  test('7.3 I-9 trucks and GHQs need a leader to enter an EZOC as combat units do', () => {
    const p = zoc();
    expect(at(reach(p, stackMover(p.state, PAR, { ghq: true }), '1406'), p, '1407')).toBe(UNREACHED);
    const withLeader = stackMover(p.state, PAR, { ghq: true, leaders: [p.leader('P-A')] });
    expect(withLeader.kind).toBe(MOVER_OTHER);
    expect(at(reach(p, withLeader, '1406'), p, '1407')).toBe(6);
  });

  test('7.3 I-9 a leader alone may enter an EZOC hex, and stops there', () => {
    const p = zoc();
    const m = foot({ kind: MOVER_LEADER, allowance: 72 });
    const r = reach(p, m, '1405');
    expect(at(r, p, '1407')).toBe(12);
    expect(r.flags_n[p.hex('1407')]! & FLAG_STOP).toBe(FLAG_STOP);
    expect(checkMovePath(p.state, m, path(p, '1405', '1406', '1407', '1408'))).not.toBeNull();
  });

  test('7.3 I-9 a unit starting in an EZOC may leave, but its first hex must have no EZOC, even with a leader', () => {
    const p = zoc();
    const m = foot({ withLeader: true });
    const r = reach(p, m, '1407');
    expect(at(r, p, '1307')).toBe(12); // via 1306, which has no EZOC; then it stops
    expect(pathTo(r, p.hex('1507'))).toEqual(path(p, '1407', '1506', '1507')); // not straight in
    expect(at(r, p, '1406')).toBe(6);
    expect(checkMovePath(p.state, m, path(p, '1407', '1507'))).toMatch(/^7\.3/);
    expect(checkMovePath(p.state, m, path(p, '1407', '1306', '1307'))).toBeNull();
  });

  test('7.3 a unit that has left an EZOC needs a leader to enter another', () => {
    const p = zoc();
    const r = reach(p, foot(), '1407');
    expect(at(r, p, '1306')).toBe(6);
    expect(at(r, p, '1307')).toBe(UNREACHED);
  });
});

describe('6.3 truce turns (I-7)', () => {
  test('6.3 I-7 during a truce no unit enters an EZOC hex unless a friendly combat unit is already there', () => {
    const p = position({ fill: 'clear' });
    p.place('B-I1', '1408');
    p.state.truce = true;
    const m = foot({ withLeader: true });
    expect(at(reach(p, m, '1405'), p, '1407')).toBe(UNREACHED);
    expect(at(reach(p, foot({ kind: MOVER_LEADER }), '1405'), p, '1407')).toBe(UNREACHED);
    expect(checkMovePath(p.state, m, path(p, '1405', '1406', '1407'))).toMatch(/^6\.3/);
    p.place('P-I2', '1407');
    expect(at(reach(p, m, '1405'), p, '1407')).toBe(12);
    p.state.truce = false;
  });

  test('6.3 I-7 during a truce no unit enters an enemy-controlled settlement', () => {
    const p = position({ fill: 'clear', places: [{ hex: '1407' }, { hex: '1505' }], control: { '1407': 'BOL', '1505': 'PAR' } });
    expect(at(reach(p, foot(), '1406'), p, '1407')).toBe(6);
    p.state.truce = true;
    const r = reach(p, foot(), '1406');
    expect(at(r, p, '1407')).toBe(UNREACHED);
    expect(at(r, p, '1505')).toBe(6);
    expect(checkMovePath(p.state, foot(), path(p, '1406', '1407'))).toMatch(/^6\.3/);
  });
});

describe('10.6 clearings (I-11)', () => {
  // Three clearing hexsides around 1407 (N, NE, SE), chained corner to corner; 1407 and 1506 are Bush.
  const cl = () =>
    position({ fill: 'bush', terrain: { '1406': 'clear', '1507': 'clear' }, clearings: ['1406/1407', '1407/1506', '1407/1507'] });
  const armor = () => makeMover(BOL, { mech: true, nonMech: false, allowance: 48 });

  test('10.6 I-11 stepping onto a clearing hexside costs the Clear rate: 1 (2) non-mech, 2 (4) mech', () => {
    const p = cl();
    expect(reach(p, foot(), '1406').cost_n[clearing(p, '1406', '1407')]).toBe(6);
    expect(reach(p, armor(), '1406').cost_n[clearing(p, '1406', '1407')]).toBe(12);
    p.state.rainy = true;
    expect(reach(p, foot(), '1406').cost_n[clearing(p, '1406', '1407')]).toBe(12);
    expect(reach(p, armor(), '1406').cost_n[clearing(p, '1406', '1407')]).toBe(24);
  });

  test('10.6 I-11 armor follows a chain of clearings past Bush and steps off into a Clear hex at its cost', () => {
    const p = cl();
    const r = reach(p, armor(), '1406');
    const route = [p.hex('1406'), clearing(p, '1406', '1407'), clearing(p, '1407', '1506'), clearing(p, '1407', '1507'), p.hex('1507')];
    expect(at(r, p, '1507')).toBe(4 * 12);
    expect(pathTo(r, p.hex('1507'))).toEqual(route);
    expect(at(r, p, '1407')).toBe(UNREACHED); // Bush, off the road
    expect(checkMovePath(p.state, armor(), route)).toBeNull();
    expect(at(reach(p, makeMover(BOL, { mech: true, nonMech: false, allowance: 42 }), '1406'), p, '1507')).toBe(UNREACHED);
  });

  test('10.6 I-11 clearing hexsides that share no corner are not joined', () => {
    const p = position({ fill: 'bush', terrain: { '1406': 'clear', '1507': 'clear' }, clearings: ['1406/1407', '1407/1507'] });
    expect(at(reach(p, armor(), '1406'), p, '1507')).toBe(UNREACHED);
    const route = [p.hex('1406'), clearing(p, '1406', '1407'), clearing(p, '1407', '1507'), p.hex('1507')];
    expect(checkMovePath(p.state, armor(), route)).toMatch(/^10\.1/);
  });

  test('10.6 I-11 each hexside joins the four hexsides that share one of its corners', () => {
    const p = cl();
    const ps = pathSearchFor(p.state.map);
    const key = ([x, y]: [number, number]) => `${x.toFixed(3)},${y.toFixed(3)}`;
    const s = side(p, '1406', '1407');
    const mine = sideCorners(p.map.grid, p.hex('1406'), 3).map(key);
    const seen = new Set<number>();
    for (let k = 0; k < 4; k++) {
      const s2 = ps.cornerSides_s4[s * 4 + k]!;
      seen.add(s2);
      const a = ps.sideHexA_s[s2]!,
        b = ps.sideHexB_s[s2]!;
      const d = [0, 1, 2, 3, 4, 5].find((dd) => sideBetween(p.map.grid, a, b) === s2 && p.map.grid.neighbour_hd[a * 6 + dd] === b)!;
      const theirs = sideCorners(p.map.grid, a, d).map(key);
      expect(theirs.filter((c) => mine.includes(c)).length, `side ${k}`).toBe(1);
    }
    expect(seen.size).toBe(4);
  });

  test('10.6 I-11 a clearing hexside beside a hex in an EZOC cannot be entered', () => {
    const p = cl();
    p.place('P-I1', '1606'); // puts 1506 (not 1407 or 1507) in a Bolivian EZOC
    const r = reach(p, armor(), '1406');
    expect(r.cost_n[clearing(p, '1406', '1407')]).toBe(12);
    expect(r.cost_n[clearing(p, '1407', '1506')]).toBe(UNREACHED);
    expect(at(r, p, '1507')).toBe(UNREACHED);
    const route = [p.hex('1406'), clearing(p, '1406', '1407'), clearing(p, '1407', '1506'), clearing(p, '1407', '1507'), p.hex('1507')];
    expect(checkMovePath(p.state, armor(), route)).toMatch(/^10\.6/);
  });

  test('10.6 I-11 no move ends on a clearing hexside', () => {
    const p = cl();
    const r = reach(p, foot(), '1406');
    const c = clearing(p, '1406', '1407');
    expect(r.flags_n[c]! & FLAG_NO_END).toBe(FLAG_NO_END);
    expect(canEndAt(r, c)).toBe(false);
    expect(canEndAt(r, p.hex('1407'))).toBe(true);
    expect(checkMovePath(p.state, foot(), [p.hex('1406'), c])).toMatch(/^10\.6/);
    expect(checkMovePath(p.state, foot(), [p.hex('1406'), c, p.hex('1407')])).toBeNull();
  });
});

describe('10.10 Reaction Movement (I-12)', () => {
  test('10.10 I-12 a reacting stack moves half its MF rounded up: 5 MP → 3 MP', () => {
    const p = position({ fill: 'clear' });
    const m = stackMover(p.state, BOL, { units: [p.unit('B-I1')], leaders: [p.leader('B-B')] }, { reaction: true });
    const r = reach(p, m, '1405');
    expect(r.allowance).toBe(18);
    expect(at(r, p, '1408')).toBe(18);
    expect(at(r, p, '1409')).toBe(UNREACHED);
    expect(checkMovePath(p.state, m, path(p, '1405', '1406', '1407', '1408', '1409'))).toMatch(/^10\.4.*half its MF/);
  });

  test('10.10 I-12 Reaction Movement must move with a leader', () => {
    const p = position({ fill: 'clear' });
    const m = stackMover(p.state, BOL, { units: [p.unit('B-I1')] }, { reaction: true });
    expect(reach(p, m, '1405').count).toBe(1);
    expect(checkMovePath(p.state, m, path(p, '1405', '1406'))).toMatch(/^10\.10/);
  });

  test('7.3 10.10 a unit in an EZOC may not perform Reaction Movement', () => {
    const p = position({ fill: 'clear' });
    p.place('P-I1', '1406');
    const m = makeMover(BOL, { withLeader: true, reaction: true });
    expect(reach(p, m, '1407').count).toBe(1);
    expect(reach(p, m, '1408').count).toBeGreaterThan(1);
    expect(checkMovePath(p.state, m, path(p, '1407', '1408'))).toMatch(/^7\.3, 10\.10/);
  });
});

describe('10.12 off-map boxes and I-13 exits', () => {
  // Paraguayan boxes join hexes on row 12; Bolivian boxes on row 1 (each side's own edge).
  const BOXES: OffMapBox[] = [
    { id: 'PAR-A', side: PAR, cost: 'mp', hexes: [], boxes: [1] },
    { id: 'PAR-B', side: PAR, cost: 'mp', hexes: [], boxes: [0] },
    { id: 'PAR-T', side: PAR, cost: 'turn', hexes: [], boxes: [] },
    { id: 'BOL-X', side: BOL, cost: 'mp', hexes: [], boxes: [] },
  ];
  const HEXES = [['1112'], ['1612'], ['1612', '1912'], ['1201']];
  /** The position's state on a copy of its map with the boxes (place pieces before calling). */
  const boxed = (p: Position): GameState => {
    const boxes = BOXES.map((b, i) => ({ ...b, hexes: HEXES[i]!.map((l) => p.hex(l)) }));
    return { ...p.state, map: { ...p.map, boxes } };
  };
  const boxes = (state: GameState) => [0, 1, 2, 3].map((b) => boxNode(pathSearchFor(state.map), b));

  test('10.12 a "1 MP" box costs 1 MP to enter, 1 MP per box, and re-entry pays the hex terrain', () => {
    const p = position({ fill: 'clear', terrain: { '1612': 'bush' } });
    const s = boxed(p);
    const [A, B] = boxes(s);
    const r = search(s, foot(), p.hex('1112'));
    expect(r.cost_n[A!]).toBe(6);
    expect(r.cost_n[B!]).toBe(12);
    expect(r.cost_n[p.hex('1612')]).toBe(12 + 12);
    expect(pathTo(r, p.hex('1612'))).toEqual([p.hex('1112'), A, B, p.hex('1612')]);
    expect(canEndAt(r, B!)).toBe(true);
    expect(nodeLocation(pathSearchFor(s.map), B!)).toBe(boxLocation(1));
    expect(checkMovePath(s, foot(), [p.hex('1112'), A!, B!, p.hex('1612')])).toBeNull();
    expect(search(s, foot({ reaction: true, withLeader: true }), p.hex('1112')).cost_n[B!]).toBe(12);
  });

  test('10.12 no re-entry into an entrance hex holding an enemy unit', () => {
    const p = position({ fill: 'clear' });
    p.placeLeader('B-B', '1612');
    const s = boxed(p);
    const [A, B] = boxes(s);
    const r = search(s, foot(), p.hex('1112'));
    expect(r.cost_n[p.hex('1612')]).toBe(30); // overland, displacing the leader (10.3); not 18 via the boxes
    expect(pathTo(r, p.hex('1612'))).not.toContain(B);
    expect(checkMovePath(s, foot(), [p.hex('1112'), A!, B!, p.hex('1612')])).toMatch(/^10\.12/);
  });

  test('10.12 a "1 turn" box is entered only from the hex where the unit began its phase, and ends the move', () => {
    const p = position({ fill: 'clear' });
    const s = boxed(p);
    const T = boxes(s)[2]!;
    const r = search(s, foot(), p.hex('1612'));
    expect(r.cost_n[T]).toBe(36);
    expect(r.flags_n[T]! & FLAG_STOP).toBe(FLAG_STOP);
    expect(r.cost_n[p.hex('1912')]).toBe(18); // overland: the box leads nowhere in the same move
    expect(search(s, foot({ phaseStart: false }), p.hex('1612')).cost_n[T]).toBe(UNREACHED);
    expect(search(s, foot({ reaction: true, withLeader: true }), p.hex('1612')).cost_n[T]).toBe(UNREACHED);
    expect(search(s, foot(), p.hex('1512')).cost_n[T]).toBe(UNREACHED);
    expect(checkMovePath(s, foot(), [p.hex('1512'), p.hex('1612'), T])).toMatch(/^10\.12/);
    expect(checkMovePath(s, foot(), [p.hex('1612'), T, p.hex('1912')])).toMatch(/must stop/);
  });

  test('10.12 a unit starting in a "1 turn" box moves on from either joined entrance hex; not in reaction', () => {
    const p = position({ fill: 'clear' });
    const s = boxed(p);
    const r = search(s, foot(), boxLocation(2));
    expect(r.cost_n[p.hex('1612')]).toBe(6);
    expect(r.cost_n[p.hex('1912')]).toBe(6);
    expect(r.cost_n[p.hex('1812')]).toBe(12);
    expect(r.cost_n[boxes(s)[1]!]).toBe(12); // via 1612: once on the map it moves normally
    expect(checkMovePath(s, foot(), [boxes(s)[2]!, boxes(s)[1]!])).toMatch(/^10\.1/); // no box-to-box out of a "1 turn" box
    expect(search(s, foot({ reaction: true, withLeader: true }), boxLocation(2)).count).toBe(1);
  });

  test('10.12 friendly units may not use enemy boxes', () => {
    const p = position({ fill: 'clear' });
    const s = boxed(p);
    const X = boxes(s)[3]!;
    expect(search(s, foot(), p.hex('1201')).cost_n[X]).toBe(UNREACHED);
    expect(search(s, makeMover(BOL), p.hex('1201')).cost_n[X]).toBe(6);
    expect(checkMovePath(s, foot(), [p.hex('1201'), X])).toMatch(/^10\.12/);
  });

  test("I-13 a combat unit on the opponent's map edge may exit for 1 MP; a leader may not", () => {
    const p = position({ fill: 'clear' });
    const ps = pathSearchFor(p.state.map);
    const par = reach(p, foot(), '1402');
    expect(par.cost_n[ps.exitNode]).toBe(6 + 6); // 1401 is on row 1, Bolivia's edge
    expect(par.flags_n[ps.exitNode]! & FLAG_STOP).toBe(FLAG_STOP);
    expect(nodeLocation(ps, ps.exitNode)).toBe(GONE);
    expect(p.map.grid.row_h[pathTo(par, ps.exitNode)[1]!]).toBe(1);
    expect(reach(p, makeMover(BOL), '1411').cost_n[ps.exitNode]).toBe(12); // row 12
    expect(reach(p, makeMover(BOL), '1402').cost_n[ps.exitNode]).toBe(UNREACHED);
    const leader = foot({ kind: MOVER_LEADER, allowance: 72 });
    expect(reach(p, leader, '1402').cost_n[ps.exitNode]).toBe(UNREACHED);
    expect(checkMovePath(p.state, leader, [p.hex('1401'), ps.exitNode])).toMatch(/^I-13/);
  });
});
