import { describe, expect, test } from 'vitest';
import { isUsableSource, locLengths, radiusForLoc, supplyColumn, traceLoc, usableSources } from '../../src/core/supply.js';
import { forEachRandomPosition } from '../helpers/random-positions.js';
import { BOL, PAR } from '../../src/core/side.js';
import type { GameMap } from '../../src/core/map.js';
import type { GameState } from '../../src/core/state.js';
import { position, type Position } from '../helpers/position.js';

/** The mini map's railroad is its last hex only; these tests need a longer one (8.4). */
function withRailroad(p: Position, labels: string[]): GameState {
  const railroad = labels.map((l) => p.hex(l));
  const railroad_h = new Uint8Array(p.map.grid.size);
  for (const h of railroad) railroad_h[h] = 1;
  const map: GameMap = { ...p.map, railroad, railroad_h, railhead: railroad[0]! };
  return { ...p.state, map };
}

const labels = (p: Position, hexes: readonly number[]) =>
  hexes.map((h) => {
    const { column_h, row_h } = p.map.grid;
    return `${column_h[h]}${String(row_h[h]).padStart(2, '0')}`;
  });

describe('8.4 supply sources', () => {
  test('8.4 a friendly-controlled source not in an EZOC is usable; an enemy one is not', () => {
    const p = position({
      sources: [
        { hex: '1412', side: 'PAR' },
        { hex: '1401', side: 'BOL' },
      ],
    });
    expect(labels(p, usableSources(p.state, PAR))).toEqual(['1412']);
    expect(labels(p, usableSources(p.state, BOL))).toEqual(['1401']);
  });

  test('8.4 a source in an unnegated enemy ZOC is not usable; a friendly combat unit in it negates the EZOC (7.8)', () => {
    const p = position({ sources: [{ hex: '1412', side: 'PAR' }] });
    p.place('B-I1', '1411');
    expect(usableSources(p.state, PAR)).toEqual([]);
    p.place('P-A1', '1412');
    expect(labels(p, usableSources(p.state, PAR))).toEqual(['1412']);
  });

  test('8.4 an enemy-controlled source, or one holding an enemy combat unit, is not usable', () => {
    const p = position({ sources: [{ hex: '1412', side: 'PAR' }], control: { '1412': 'BOL' } });
    expect(usableSources(p.state, PAR)).toEqual([]);
    const q = position({ sources: [{ hex: '1412', side: 'PAR' }] });
    q.place('B-A1', '1412'); // artillery: no ZOC, but it occupies the hex
    expect(usableSources(q.state, PAR)).toEqual([]);
  });

  test('6.3 during a truce an EZOC does not stop a source, an enemy combat unit still does (I-7)', () => {
    const p = position({ sources: [{ hex: '1412', side: 'PAR' }] });
    p.place('B-I1', '1411');
    p.state.truce = true;
    expect(usableSources(p.state, PAR)).toHaveLength(1);
    p.place('B-I1', '1412');
    expect(usableSources(p.state, PAR)).toEqual([]);
  });

  test('8.4 the railhead serves only while every railroad hex is free of Bolivian combat units and their unnegated ZOCs', () => {
    const p = position({ sources: [{ hex: '1908', side: 'PAR', kind: 'railhead' }] });
    const src = p.map.supplySources[0]!;
    const state = withRailroad(p, ['1908', '1909', '1910', '1911', '1912']);
    expect(isUsableSource(state, src)).toBe(true);
    p.place('B-I1', '1811'); // ZOC into railroad hexes 1910 and 1911, not into the railhead
    expect(isUsableSource(state, src)).toBe(false);
    p.place('P-A1', '1910');
    expect(isUsableSource(state, src)).toBe(false);
    p.place('P-E1', '1911');
    expect(isUsableSource(state, src)).toBe(true);
    p.place('B-A1', '1912'); // a Bolivian combat unit on the railroad, even one without a ZOC
    expect(isUsableSource(state, src)).toBe(false);
  });

  test('8.4 Villa Montes serves only while the hexes along the river north of it are free of Paraguayan units and their unnegated ZOCs', () => {
    const p = position({ sources: [{ hex: '1403', side: 'BOL', kind: 'villa-montes' }], rivers: [['1403/1402', '1402/1401']] });
    const src = p.map.supplySources[0]!;
    expect(
      labels(
        p,
        [...p.map.villaMontesRiverHexes].sort((a, b) => a - b),
      ),
    ).toEqual(['1401', '1402', '1403']);
    expect(isUsableSource(p.state, src)).toBe(true);
    p.place('P-I1', '1301'); // ZOC into 1401 and 1402, not into Villa Montes 1403
    expect(isUsableSource(p.state, src)).toBe(false);
    p.place('B-A1', '1401');
    p.place('B-E1', '1402');
    expect(isUsableSource(p.state, src)).toBe(true);
    p.place('P-A1', '1402');
    expect(isUsableSource(p.state, src)).toBe(false);
  });

  test('8.4 Villa Montes: a Paraguayan leader, truck, GHQ or CSP alone by the river stops it too, unlike the railhead (I-72)', () => {
    const fresh = () => {
      const p = position({ sources: [{ hex: '1403', side: 'BOL', kind: 'villa-montes' }], rivers: [['1403/1402', '1402/1401']] });
      return { p, src: p.map.supplySources[0]! };
    };
    const a = fresh();
    a.p.placeLeader('P-A', '1402');
    expect(isUsableSource(a.p.state, a.src)).toBe(false);
    const b = fresh();
    b.p.state.loc_t[0] = b.p.hex('1401'); // truck 0 is Paraguayan
    expect(isUsableSource(b.p.state, b.src)).toBe(false);
    const c = fresh();
    c.p.state.ghq_s[PAR] = c.p.hex('1403');
    expect(isUsableSource(c.p.state, c.src)).toBe(false);
    const d = fresh();
    d.p.state.csp_hs[d.p.hex('1401') * 2 + PAR] = 1;
    expect(isUsableSource(d.p.state, d.src)).toBe(false);
    const e = fresh();
    e.p.placeLeader('P-A', '1404'); // off the river: no effect
    expect(isUsableSource(e.p.state, e.src)).toBe(true);
    // The railhead names "Bolivian combat units": a Bolivian leader on the railroad does not stop it.
    const r = position({ sources: [{ hex: '1908', side: 'PAR', kind: 'railhead' }] });
    const rail = withRailroad(r, ['1908', '1909', '1910', '1911', '1912']);
    r.placeLeader('B-B', '1910');
    expect(isUsableSource(rail, r.map.supplySources[0]!)).toBe(true);
  });
});

describe('8.6 Line of Communication', () => {
  const base = { sources: [{ hex: '1412', side: 'PAR' as const }] };

  test('8.6 Bush costs 3 LOC a hex: the source is not counted, the GHQ is (I-15)', () => {
    const p = position(base);
    p.state.ghq_s[PAR] = p.hex('1408');
    const loc = traceLoc(p.state, PAR);
    expect(loc.length).toBe(12);
    expect(loc.source).toBe(p.hex('1412'));
  });

  test('8.6 along a road each hex costs 1 LOC; a road hex entered off the road pays its terrain', () => {
    const p = position({ ...base, roads: ['1412 1411 1410 1409 1408'] });
    p.state.ghq_s[PAR] = p.hex('1408');
    expect(traceLoc(p.state, PAR).length).toBe(4);
    const q = position({ ...base, roads: ['1411 1410 1409 1408'] });
    q.state.ghq_s[PAR] = q.hex('1408');
    expect(traceLoc(q.state, PAR).length).toBe(3 + 3);
  });

  test('8.7 in the rainy season every LOC cost doubles', () => {
    const p = position(base);
    p.state.ghq_s[PAR] = p.hex('1408');
    p.state.rainy = true;
    expect(traceLoc(p.state, PAR).length).toBe(24);
    const q = position({ ...base, roads: ['1412 1411 1410 1409 1408'] });
    q.state.ghq_s[PAR] = q.hex('1408');
    q.state.rainy = true;
    expect(traceLoc(q.state, PAR).length).toBe(8);
  });

  test('8.6 unnegated EZOCs block the LOC, which goes round them; friendly combat units negate them (7.8)', () => {
    const p = position(base);
    p.state.ghq_s[PAR] = p.hex('1408');
    p.place('B-I1', '1310'); // ZOC into 1410 and 1411
    expect(traceLoc(p.state, PAR).length).toBe(15);
    p.place('P-A1', '1410');
    p.place('P-E1', '1411');
    expect(traceLoc(p.state, PAR).length).toBe(12);
  });

  test('6.3 during a truce EZOCs do not block the LOC, enemy combat units still do (I-7)', () => {
    const p = position(base);
    p.state.ghq_s[PAR] = p.hex('1408');
    p.place('B-I1', '1410');
    const blocked = traceLoc(p.state, PAR).length;
    p.state.truce = true;
    expect(traceLoc(p.state, PAR).length).toBe(15);
    expect(blocked === -1 || blocked > 15).toBe(true);
  });

  test('8.6 an enemy-controlled settlement blocks the LOC; a friendly one does not', () => {
    const p = position({ ...base, places: [{ hex: '1410' }], control: { '1410': 'BOL' } });
    p.state.ghq_s[PAR] = p.hex('1408');
    expect(traceLoc(p.state, PAR).length).toBe(15);
    p.state.control_h[p.hex('1410')] = PAR;
    expect(traceLoc(p.state, PAR).length).toBe(12);
  });

  test('8.6 Marsh blocks the LOC unless the LOC follows a road through it', () => {
    const p = position({ ...base, terrain: { '1410': 'marsh' } });
    p.state.ghq_s[PAR] = p.hex('1408');
    expect(traceLoc(p.state, PAR).length).toBe(15);
    const q = position({ ...base, terrain: { '1410': 'marsh' }, roads: ['1411 1410 1409'] });
    q.state.ghq_s[PAR] = q.hex('1408');
    expect(traceLoc(q.state, PAR).length).toBe(3 + 1 + 1 + 3);
  });

  test('8.6 a river hexside adds 6; in the rainy season it is prohibited unless a friendly engineer is beside it (TEC)', () => {
    const spec = { ...base, cols: [14, 14] as [number, number], rivers: [['1409/1410']] };
    const p = position(spec);
    p.state.ghq_s[PAR] = p.hex('1408');
    expect(traceLoc(p.state, PAR).length).toBe(12 + 6);
    p.state.rainy = true;
    expect(traceLoc(p.state, PAR).length).toBe(-1);
    p.place('P-E1', '1410');
    expect(traceLoc(p.state, PAR).length).toBe(24 + 6);
  });

  test('14.5 a trail hex is Clear for the LOC', () => {
    const p = position(base);
    p.state.ghq_s[PAR] = p.hex('1408');
    p.state.trail_h[p.hex('1410')] = 1;
    p.state.trail_h[p.hex('1409')] = 1;
    expect(traceLoc(p.state, PAR).length).toBe(3 + 2 + 2 + 3);
  });

  test('10.6 an LOC may run along clearing hexsides as Clear (I-11)', () => {
    // Mountain 1410 (LOC-prohibited) and Marsh column 15 block every hex path; clearings on the S, SE,
    // NE and N hexsides of 1410 (each touching the next at a corner) let the LOC walk round it.
    const marsh = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`15${String(i + 1).padStart(2, '0')}`, 'marsh' as const]));
    const spec = { ...base, cols: [14, 15] as [number, number], terrain: { ...marsh, '1410': 'mountain' as const } };
    const p = position(spec);
    p.state.ghq_s[PAR] = p.hex('1408');
    expect(traceLoc(p.state, PAR).length).toBe(-1);
    const q = position({ ...spec, clearings: ['1410/1411', '1410/1510', '1410/1509', '1410/1409'] });
    q.state.ghq_s[PAR] = q.hex('1408');
    // 1411 (3), four clearing hexsides (2 each), 1409 (3), 1408 (3)
    expect(traceLoc(q.state, PAR).length).toBe(3 + 8 + 3 + 3);
    q.place('B-I1', '1511'); // ZOC into 1510 beside the SE clearing: it may not be entered
    expect(traceLoc(q.state, PAR).length).toBe(-1);
  });

  test('8.6 no LOC when the GHQ is off the map or no source is usable', () => {
    const p = position(base);
    expect(traceLoc(p.state, PAR).length).toBe(-1);
    p.state.ghq_s[PAR] = p.hex('1408');
    p.place('B-I1', '1411');
    expect(traceLoc(p.state, PAR).length).toBe(-1);
  });

  test('8.6 any usable source may be used: the nearest one gives the LOC', () => {
    const p = position({
      sources: [
        { hex: '1412', side: 'PAR' },
        { hex: '1812', side: 'PAR' },
      ],
    });
    p.state.ghq_s[PAR] = p.hex('1709');
    const loc = traceLoc(p.state, PAR);
    expect(loc.length).toBe(9);
    expect(loc.source).toBe(p.hex('1812'));
  });
});

describe('8.8 depots', () => {
  test('8.8 depot hexes are friendly-controlled settlements on a shortest LOC (I-16)', () => {
    const p = position({
      sources: [{ hex: '1412', side: 'PAR' }],
      places: [{ hex: '1410' }, { hex: '1409' }, { hex: '1510' }, { hex: '1411' }],
      control: { '1410': 'PAR', '1409': 'PAR', '1510': 'PAR' }, // 1411 is nobody's
    });
    p.state.ghq_s[PAR] = p.hex('1408');
    expect(labels(p, traceLoc(p.state, PAR).depotHexes)).toEqual(['1409', '1410']);
  });

  test('8.8 the cost from a depot hex to the GHQ counts the GHQ hex, not the depot hex (I-15, I-16)', () => {
    const p = position({
      sources: [{ hex: '1412', side: 'PAR' }],
      cols: [14, 14],
      terrain: { '1411': 'clear', '1408': 'clear' },
      places: [{ hex: '1410' }],
      control: { '1410': 'PAR' },
    });
    p.state.ghq_s[PAR] = p.hex('1408');
    const loc = traceLoc(p.state, PAR);
    expect(loc.length).toBe(2 + 3 + 3 + 2);
    expect(labels(p, loc.depotHexes)).toEqual(['1410']);
  });

  test('8.8 settlements on equally short LOCs from two sources are all depot hexes', () => {
    const p = position({
      // the railhead kind is the one PAR source allowed off the south edge
      sources: [
        { hex: '1412', side: 'PAR' },
        { hex: '1404', side: 'PAR', kind: 'railhead' },
      ],
      places: [{ hex: '1410' }, { hex: '1406' }],
      control: { '1410': 'PAR', '1406': 'PAR' },
    });
    p.state.ghq_s[PAR] = p.hex('1408');
    const loc = traceLoc(p.state, PAR);
    expect(loc.length).toBe(12);
    expect(labels(p, loc.depotHexes)).toEqual(['1406', '1410']);
  });
});

describe('8.7 radius from the LOC', () => {
  test('8.7 LOC 0-20 gives radius 8, 21-40 gives 6, 41+ gives 4, no LOC gives 4 (I-17)', () => {
    const t = position().state.tables;
    expect([0, 20, 21, 40, 41, 200, -1].map((n) => radiusForLoc(t, n))).toEqual([8, 8, 6, 6, 4, 4, 4]);
    expect([0, 20, 21, 40, 41, -1].map((n) => supplyColumn(t, n))).toEqual([0, 0, 1, 1, 2, -1]);
  });
});

describe('8.6 the LOC length from every hex at once (where a GHQ could go)', () => {
  test('8.6 locLengths gives, for every hex, the length traceLoc finds with the GHQ there (positions of random Boquerón and Villa Montes games)', () => {
    let compared = 0;
    for (const id of ['boqueron', 'villa-montes']) {
      forEachRandomPosition(id, 2, 40, (state) => {
        for (const side of [PAR, BOL] as const) {
          const field = locLengths(state, side);
          for (let h = 0; h < field.length; h += 7) {
            const ghq_s = state.ghq_s.slice();
            ghq_s[side] = h;
            expect(field[h]).toBe(traceLoc({ ...state, ghq_s }, side).length);
            compared++;
          }
        }
      });
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('8.6 the LOC length of a few hexes, the search stopped once they are settled', () => {
  test("8.6 locLengths with `only` gives the full search's lengths on those hexes (positions of random Boquerón and Villa Montes games)", () => {
    let compared = 0,
      stopped = 0;
    for (const id of ['boqueron', 'villa-montes']) {
      forEachRandomPosition(id, 3, 30, (state) => {
        for (const side of [PAR, BOL] as const) {
          const full = locLengths(state, side).slice();
          const ghq = state.ghq_s[side]!;
          const only = [ghq, ghq + 1, ghq - 1, ghq + 40, 7].filter((h) => h >= 0 && h < full.length && full[h]! >= 0);
          const part = locLengths(state, side, undefined, undefined, only);
          for (const h of only) {
            expect(part[h]).toBe(full[h]);
            compared++;
          }
          // Hexes beyond the stop read -1 or their true length, never a wrong one.
          for (let h = 0; h < full.length; h++) {
            if (part[h] !== -1) expect(part[h]).toBe(full[h]);
            else if (full[h]! >= 0) stopped++;
          }
        }
      });
    }
    expect(compared).toBeGreaterThan(200);
    expect(stopped).toBeGreaterThan(0); // the searches did stop early
  });
});
