// The estimated map moved one feature at a time (MAP-FACTS: the printed map is not available): an estimated
// road taken off (estimate.road.<name>=none) and the terrain around one settlement cleared or made bush
// (estimate.around.<name>=clear|bush); and the features `chaco sensitivity --items map` plays for a scenario.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGrid, distance, hexAt, parseHex } from '../../src/core/hex.js';
import { applyEstimates, featureSlug, parseEstimate, type EstimateSetting } from '../../src/data/estimates.js';
import { DataError } from '../../src/data/issues.js';
import { DEFAULT_DATA_DIR, loadGameData } from '../../src/data/load.js';
import { prepareRun, type RunSpec } from '../../src/sim/spec.js';
import { FEATURE_REACH, sensitivityItems } from '../../src/sim/sensitivity-items.js';

interface RawMap {
  grid: { firstColumn: number; lastColumn: number; firstRow: number; lastRow: number };
  terrain: Record<string, string>;
  roads: { name: string; hexes: string }[];
  places: { name: string; hex: string; settlement?: boolean }[];
}
const rawMap = (): RawMap => JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'map.json'), 'utf8')) as RawMap;
const setting = (text: string): EstimateSetting => {
  const s = parseEstimate(text);
  if (typeof s === 'string') throw new Error(s);
  return s;
};

describe('estimate.road.<name>: one estimated road taken off the map', () => {
  test('the road named by its key goes, every other road stays, in the raw file and in the compiled map', () => {
    expect(featureSlug('Ballivián – Cañada Strongest')).toBe('ballivian-canada-strongest');
    const before = rawMap();
    const after = applyEstimates('map', before, [setting('estimate.road.ballivian-canada-strongest=none')]) as RawMap;
    expect(after.roads.map((r) => r.name)).toEqual(before.roads.map((r) => r.name).filter((n) => n !== 'Ballivián – Cañada Strongest'));
    const compiled = loadGameData(DEFAULT_DATA_DIR, {}, [setting('estimate.road.ballivian-canada-strongest=none')]).map;
    expect(compiled.roads.map((r) => r.name)).not.toContain('Ballivián – Cañada Strongest');
    expect(compiled.roads).toHaveLength(before.roads.length - 1);
  });

  test('a road map.json does not hold is refused when the data load, naming the roads it does hold', () => {
    expect(() => loadGameData(DEFAULT_DATA_DIR, {}, [setting('estimate.road.nowhere=none')])).toThrow(DataError);
    expect(() => loadGameData(DEFAULT_DATA_DIR, {}, [setting('estimate.road.nowhere=none')])).toThrow(
      /no estimated road "nowhere" \(roads: .*ballivian-canada-strongest/,
    );
    expect(parseEstimate('estimate.road.ballivian-canada-strongest=trail')).toMatch(/takes none/);
  });
});

describe('estimate.around.<name>: the terrain within 2 hexes of one settlement', () => {
  test('clear: Bush within 2 hexes of Boquerón becomes Clear, nothing else; bush: the reverse', () => {
    const before = rawMap();
    const grid = createGrid(before.grid.firstColumn, before.grid.lastColumn, before.grid.firstRow, before.grid.lastRow);
    const at = parseHex(grid, before.places.find((p) => p.name === 'Boquerón')!.hex);
    const cleared = applyEstimates('map', before, [setting('estimate.around.boqueron=clear')]) as RawMap;
    const bushed = applyEstimates('map', before, [setting('estimate.around.boqueron=bush')]) as RawMap;
    let toClear = 0,
      toBush = 0;
    for (const [row, line] of Object.entries(before.terrain)) {
      [...line].forEach((ch, i) => {
        const near = distance(grid, at, hexAt(grid, before.grid.firstColumn + i, Number(row))) <= 2;
        const c = cleared.terrain[row]![i]!,
          b = bushed.terrain[row]![i]!;
        expect(c).toBe(near && ch === '.' ? 'c' : ch);
        expect(b).toBe(near && ch === 'c' ? '.' : ch);
        if (c !== ch) toClear++;
        if (b !== ch) toBush++;
      });
    }
    expect(toClear + toBush).toBeGreaterThan(0);
    expect(toClear + toBush).toBeLessThanOrEqual(19); // the settlement's hex and its 18 neighbours within 2
  });

  test('a settlement map.json does not hold is refused, naming the settlements', () => {
    expect(() => loadGameData(DEFAULT_DATA_DIR, {}, [setting('estimate.around.atlantis=clear')])).toThrow(
      /no settlement "atlantis" \(settlements: .*boqueron/,
    );
  });
});

describe("chaco sensitivity --items map: the features near the scenario's set-up", () => {
  const spec = (scenario: string): RunSpec => ({
    scenario,
    dataDir: DEFAULT_DATA_DIR,
    options: [],
    par: 'random',
    bol: 'random',
    handicap: [0, 0],
    seed: 's',
    check: false,
  });

  test("only roads and settlements, each within FEATURE_REACH of a set-up hex; Ballivián's own road and surroundings among them", () => {
    const s = spec('ballivian'),
      prepared = prepareRun(s);
    const { items } = sensitivityItems(s, prepared, 'map');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => /^(road|around)\./.test(i.name) && i.kind === 'estimate')).toBe(true);
    expect(items.map((i) => i.name)).toEqual(expect.arrayContaining(['road.ballivian-canada-strongest', 'around.ballivian']));
    const { map } = prepared.scenario,
      setUp = prepared.scenario.sides.flatMap((x) => x.deploy.flatMap((g) => g.hexes));
    const near = (h: number) => setUp.some((u) => distance(map.grid, u, h) <= FEATURE_REACH);
    for (const i of items.filter((x) => x.name.startsWith('around.'))) {
      const place = map.places.find((p) => p.settlement && `around.${featureSlug(p.name)}` === i.name)!;
      expect(near(place.hex), i.name).toBe(true);
    }
    for (const i of items.filter((x) => x.name.startsWith('road.'))) {
      const road = map.roads.find((r) => `road.${featureSlug(r.name)}` === i.name)!;
      expect(road.hexes.some(near), i.name).toBe(true);
    }
    // A road far from every set-up hex is not played: Charagua's road north toward Santa Cruz.
    expect(items.map((i) => i.name)).not.toContain('road.charagua-north-edge-toward-santa-cruz');
  });

  test("readings and estimates leave the map out; all takes every kind; none (errata's starting VP alone) takes none", () => {
    const s = spec('boqueron'),
      prepared = prepareRun(s);
    const names = (kind: 'readings' | 'estimates' | 'map' | 'all' | 'none') => sensitivityItems(s, prepared, kind).items.map((i) => i.name);
    expect(names('none')).toEqual([]);
    const map = names('map');
    expect(names('readings').some((n) => map.includes(n))).toBe(false);
    expect(names('estimates').some((n) => map.includes(n))).toBe(false);
    expect(names('all').sort()).toEqual([...names('readings'), ...names('estimates'), ...map].sort());
  });
});
