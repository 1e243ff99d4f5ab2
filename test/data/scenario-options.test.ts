// Settlements as printed (16.2, 17.x; ruling I-60) and rules options set by a scenario file (17.6; I-61).
import { describe, expect, test } from 'vitest';
import { OPTIONAL_RULES, resolveOptions } from '../../src/core/options.js';
import { hexLabel } from '../../src/core/hex.js';
import { DataError } from '../../src/data/issues.js';
import { DEFAULT_DATA_DIR, loadGameData, loadScenario, scenarioFileOptions } from '../../src/data/load.js';
import { prepareRun, type RunSpec } from '../../src/sim/spec.js';
import { dataDirWith, gameData, readDataFile } from '../helpers/data.js';

const UNNAMED = ['4037', '2021', '2117', '2118', '2818', '4119', '4102', '3305'];
const spec = (scenario: string, options: string[] = []): RunSpec => ({
  scenario,
  dataDir: DEFAULT_DATA_DIR,
  options,
  par: 'random',
  bol: 'random',
  handicap: [0, 0],
  seed: 's',
  check: false,
});
const settlementHexes = (m: ReturnType<typeof loadGameData>['map']) =>
  m.places.filter((p) => p.settlement).map((p) => hexLabel(m.grid, p.hex));

describe('16.2 settlements as printed (I-60)', () => {
  test('by default the places the rules never name are labels: not settlements, no control, still wet', () => {
    const { map } = gameData();
    const hexes = settlementHexes(map);
    for (const h of UNNAMED) expect(hexes).not.toContain(h);
    const marked = readDataFile('map.json')
      .places.filter((p: { settlement: unknown }) => p.settlement === 'unnamed')
      .map((p: { hex: string }) => p.hex);
    expect(marked.sort()).toEqual([...UNNAMED].sort());
    const camiri = map.places.find((p) => p.name === 'Camiri')!;
    expect(camiri.unnamedSettlement).toBe(true);
    expect(map.settlement_h[camiri.hex]).toBe(0);
    expect(map.wet_h[camiri.hex]).toBe(1); // keeps its water (8.13)
    // 17.5 "all others are Paraguayan-controlled" no longer reaches Camiri and Macharetí.
    const vm = loadScenario('villa-montes', gameData());
    expect(vm.control_h[camiri.hex]).toBe(255);
  });

  test('every settlement left is named by the rules: a scenario control list, a deployment, the big four, or a place the rules name', () => {
    const { map } = gameData();
    for (const p of map.places.filter((q) => q.settlement)) expect(p.estimated, p.name).not.toBe(true);
  });

  test('the unnamedSettlements option brings the eight back, and 17.5 gives Camiri and Macharetí to Paraguay', () => {
    const on = prepareRun(spec('villa-montes', ['unnamedSettlements=true']));
    const hexes = settlementHexes(on.scenario.map);
    for (const h of UNNAMED) expect(hexes).toContain(h);
    const camiri = on.scenario.map.places.find((p) => p.name === 'Camiri')!;
    expect(on.scenario.control_h[camiri.hex]).toBe(0);
    expect(on.sources.unnamedSettlements).toBe('command line');
    const off = prepareRun(spec('villa-montes'));
    expect(settlementHexes(off.scenario.map).length).toBe(hexes.length - UNNAMED.length);
  });
});

describe('17.6 rules options set by a scenario file (I-61)', () => {
  test('the campaign turns on the rules marked Optional, sourced from the scenario', () => {
    const p = prepareRun(spec('campaign'));
    for (const name of OPTIONAL_RULES) {
      expect(p.options[name], name).toBe(true);
      expect(p.sources[name], name).toBe('scenario');
    }
    expect(p.options.fixedSettlementVP).toBe(false);
    expect(p.sources.fixedSettlementVP).toBe('default');
    expect(prepareRun(spec('boqueron')).options.mountedCavalry).toBe(false);
  });

  test('the command line overrides the scenario, which overrides the default', () => {
    const p = prepareRun(spec('campaign', ['mountedCavalry=false']));
    expect(p.options.mountedCavalry).toBe(false);
    expect(p.sources.mountedCavalry).toBe('command line');
    expect(p.options.artilleryBarrage).toBe(true);
    const r = resolveOptions({ artilleryBarrage: true }, ['artilleryBarrage=false', 'fixedSettlementVP=true']);
    expect(r.options).toMatchObject({ artilleryBarrage: false, fixedSettlementVP: true, mountedCavalry: false });
    expect(r.sources).toMatchObject({ artilleryBarrage: 'command line', fixedSettlementVP: 'command line', mountedCavalry: 'default' });
  });

  test('a bad option in a scenario file names the file, the path and what is allowed', () => {
    const dir = dataDirWith('boqueron.json', (j) => {
      j.options = { mountedCavalry: 'yes', noSuch: true };
    });
    const err = (() => {
      try {
        scenarioFileOptions('boqueron', dir);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(DataError);
    const text = (err as Error).message;
    expect(text).toMatch(/boqueron\.json: options\.mountedCavalry: mountedCavalry: "yes" is not allowed; allowed values are false, true/);
    expect(text).toMatch(/boqueron\.json: options\.noSuch: no such option "noSuch"/);
    expect(() => loadScenario('boqueron', loadGameData(dir), dir)).toThrow(/options\.noSuch/);
  });
});
