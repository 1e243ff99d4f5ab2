import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDataFile } from '../helpers/data.js';
import { OPTION_DEFS } from '../../src/core/options.js';

// The CLI as a user runs it: the compiled bin (npm test builds dist/ first).
function chaco(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/chaco.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const tmp = () => mkdtempSync(join(tmpdir(), 'chaco-cli-'));

describe('chaco scenarios', () => {
  test('lists the five scenarios with their length and dates', () => {
    const r = chaco('scenarios');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/boqueron\s+17\.2\s+6\s+September 1932 – February 1933/);
    expect(r.out).toMatch(/ballivian\s+17\.4\s+9\s+May 1934 – January 1935/);
    expect(r.out).toMatch(/campaign\s+17\.6\s+34\s+September 1932 – June 1935/);
    expect(r.out.trim().split('\n')).toHaveLength(6);
  });
});

describe('chaco validate', () => {
  test('exits 0 when every data file is valid', () => {
    const r = chaco('validate');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^ok: 8 files valid/);
    expect(r.code).toBe(0);
  });

  test('exits 1 and names the file, the path and what is wrong for a broken scenario', () => {
    const dir = tmp();
    const file = join(dir, 'broken.json');
    const j = readDataFile('boqueron.json');
    j.id = 'broken';
    j.sides.BOL.deploy[2].at = ['9999'];
    j.sides.PAR.deploy[1].units = ['P-404'];
    writeFileSync(file, JSON.stringify(j));
    const r = chaco('validate', file);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file}: sides.BOL.deploy[2].at[0]: "9999": no such hex on the map (columns 10-48, rows 01-53)`);
    expect(r.err).toContain(`${file}: sides.PAR.deploy[1].units[0]: "P-404": no such combat unit in counters.json`);
    expect(r.err).toMatch(/2 errors\n$/);
  });

  test('rejects a broken map file with its path', () => {
    const dir = tmp();
    const file = join(dir, 'map.json');
    const j = readDataFile('map.json');
    j.terrain['07'] = j.terrain['07'].slice(1);
    j.roads[0].hexes = j.roads[0].hexes.replace(/^(\d{4}) (\d{4})/, '$1 4853');
    writeFileSync(file, JSON.stringify(j));
    const r = chaco('validate', file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`${file}: terrain\\.07: has 38 characters; it needs 39`));
  });
});

describe('chaco map', () => {
  test('writes the map with the Boquerón set-up as SVG', () => {
    const out = join(tmp(), 'boqueron.svg');
    const r = chaco('map', '--scenario', 'boqueron', '--out', out);
    expect(r.code).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    for (const name of ['Boquerón', 'Villa Montes', 'Isla Poí', 'Nanawa', 'Marzana', '★Estigarribia', 'GHQ']) expect(svg).toContain(name);
    expect(svg).toContain('id="setup"');
  });

  test('refuses a file name that is not .svg', () => {
    const r = chaco('map', '--out', join(tmp(), 'map.png'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/must end in \.svg/);
  });

  test('names the scenarios when one does not exist', () => {
    const r = chaco('map', '--scenario', 'chaco-1936', '--out', join(tmp(), 'x.svg'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no scenario "chaco-1936" \(scenarios: alihuata, ballivian, boqueron, campaign, villa-montes\)/);
  });
});

describe('chaco options', () => {
  test('lists every rules option with its default and the rules it implements', () => {
    const r = chaco('options');
    expect(r.code).toBe(0);
    expect(r.out).toContain('ballivianLength=9');
    expect(r.out).toContain('mountedCavalry=false');
    expect(r.out).toMatch(/artilleryStackedDefence=attack .*I-25/);
    for (const d of OPTION_DEFS)
      expect(r.out).toContain(`${d.name}=${String(d.default)}  (values: ${d.values.join(' | ')})  rules and rulings: ${d.refs}`);
    expect(r.out).toContain('docs/rulings.md');
  });

  test("with --scenario, shows each option's rules and rulings next to its value", () => {
    const r = chaco('options', '--scenario', 'campaign');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/mountedCavalry +true +scenario +default false; 10\.13, I-61/);
    expect(r.out).toMatch(/fixedSettlementVP +false +default +default false; 16\.5, I-33, I-61/);
    expect(r.out).toContain('docs/rulings.md');
  });
});
