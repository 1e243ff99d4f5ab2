// `chaco sensitivity`: every two-reading rules option and every estimated-data group, each arm paired
// with the data as shipped on the same seeds; resumes from its cells.
import { describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPTION_DEFS } from '../../src/core/options.js';
import { CHART_READINGS, ESTIMATE_GROUPS } from '../../src/data/estimates.js';
import { chaco, lines, read, tmp } from '../helpers/cli.js';
import { TARGET } from '../../src/report/errata.js';
import { nextStartingVp } from '../../src/analysis/vp-line-search.js';

const STUDY = [
  'sensitivity',
  'boqueron',
  '--games',
  '6',
  '--seed',
  'sens',
  '--par',
  'random',
  '--bol',
  'random',
  '--replicates',
  '100',
  '--workers',
  '2',
];
const csv = (text: string) => {
  const [head, ...rows] = lines(text);
  const cols = head!.split(',');
  return rows.map((r) => Object.fromEntries(splitCsv(r).map((v, i) => [cols[i]!, v])));
};
const cell = (dir: string, key: string) =>
  readFileSync(join(dir, 'cells', `${key}.txt`), 'utf8')
    .trim()
    .split('\n')
    .map((l) => Number(l.split(',')[0]));

describe('chaco sensitivity', () => {
  test('lists every two-reading option, every estimated-data group and every reconstructed chart cell; each arm is the run with its setting on the same seeds', () => {
    const out = tmp();
    const r = chaco([...STUDY, '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Boquerón.*: largest effect /m);
    const rows = csv(read(out, 'sensitivity.csv'));
    const items = rows.map((x) => x.item);
    // maxOddsColumn=8 needs a CRT with 7-1 and 8-1 columns: skipped with the reason; ballivianLength is for Ballivián only (17.4).
    const readings = OPTION_DEFS.filter((d) => d.values.length === 2 && d.name !== 'maxOddsColumn' && d.name !== 'ballivianLength').map(
      (d) => d.name,
    );
    expect(items.filter((i) => rows.find((x) => x.item === i)!.kind === 'reading').sort()).toEqual([...readings].sort());
    // The groups, the chart readings and, one by one, the estimated roads and settlements' surroundings near the set-up.
    const mapped = items.filter((i) => /^(road|around)\./.test(i!));
    expect(mapped).toEqual(expect.arrayContaining(['road.munoz-saavedra-km-7-alihuata-arce-boqueron-isla-poi', 'around.boqueron']));
    expect(items.filter((i) => rows.find((x) => x.item === i)!.kind === 'estimate' && !mapped.includes(i)).sort()).toEqual(
      [...ESTIMATE_GROUPS.map((g) => g.name), ...CHART_READINGS.map((c) => c.name)].sort(),
    );
    const manifest = JSON.parse(read(out, 'sensitivity.json')) as { skipped: { what: string; why: string }[]; reproduce: string };
    expect(manifest.skipped.map((s) => s.what)).toEqual(['maxOddsColumn=8']);
    expect(manifest.reproduce).toContain('--replicates 100'); // every flag that changes the files is in the reproduce line
    for (const x of rows) {
      expect(Number(x.games)).toBe(6);
      expect(Number(x.par_win_rate_change_lo)).toBeLessThanOrEqual(Number(x.par_win_rate_change));
      expect(Number(x.par_win_rate_change_hi)).toBeGreaterThanOrEqual(Number(x.par_win_rate_change));
    }
    // Pairing: the as-shipped arm and an item's arm are game for game the runs with the study's seed.
    const base = tmp(),
      varied = tmp();
    const run = (dir: string, extra: string[]) =>
      chaco([
        'run',
        'boqueron',
        '--par',
        'random',
        '--bol',
        'random',
        '--games',
        '6',
        '--seed',
        'sens',
        '--workers',
        '1',
        '--no-replays',
        '--out',
        dir,
        ...extra,
      ]);
    expect(run(base, []).code).toBe(0);
    const terrain = rows.find((x) => x.item === 'terrain')!;
    expect(run(varied, ['--option', terrain.setting!]).code).toBe(0);
    const margins = (dir: string) => csv(read(dir, 'games.csv')).map((g) => Number(g.margin));
    expect(cell(out, 'boqueron/as-shipped')).toEqual(margins(base));
    expect(cell(out, 'boqueron/terrain')).toEqual(margins(varied));
    const win = (m: number[]) => m.filter((x) => x > 0).length;
    expect(Number(terrain.par_win_rate_change)).toBeCloseTo((win(margins(varied)) - win(margins(base))) / 6, 3);
    for (const f of ['tornado-win-boqueron.svg', 'tornado-bid-boqueron.vl.json', 'index.html'])
      expect(read(out, f).length).toBeGreaterThan(100);
  });

  test('a study cut short resumes from the games its cells kept and ends with the same files', () => {
    const whole = tmp(),
      cut = tmp();
    const items = [...STUDY, '--items', 'readings'];
    expect(chaco([...items, '--out', whole]).code).toBe(0);
    expect(chaco([...items, '--out', cut]).code).toBe(0);
    const stateFile = join(cut, 'sensitivity-state.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { games: Record<string, number> };
    for (const k of Object.keys(state.games)) state.games[k] = 5;
    writeFileSync(stateFile, JSON.stringify(state));
    const r = chaco([...items, '--out', cut]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('resuming the sensitivity study');
    for (const f of ['sensitivity.csv', 'tornado-win-boqueron.vl.json']) expect(read(cut, f), f).toBe(read(whole, f));
    const other = chaco([...items.map((a) => (a === 'sens' ? 'other' : a)), '--out', cut]);
    expect(other.code).toBe(2);
    expect(lines(other.err)).toHaveLength(1);
    expect(other.err).toContain('holds another sensitivity study');
  });

  test("--balance: the study plays at each scenario's equilibrium cell of a balance study, with the verdict as the estimates range", () => {
    const balance = tmp();
    expect(
      chaco([
        'balance',
        'boqueron',
        '--pool',
        'random,passive',
        '--max-games',
        '6',
        '--batch',
        '6',
        '--restrictions',
        'none',
        '--replicates',
        '100',
        '--seed',
        'sb',
        '--workers',
        '2',
        '--out',
        balance,
        '--quiet',
      ]).code,
    ).toBe(0);
    const eq = csv(read(balance, 'equilibrium.csv'))[0]!;
    // The heaviest policy of each side's mix is the cell played.
    const heaviest = (mix: string) =>
      mix
        .split(';')
        .map((m) => m.trim().split(' '))
        .sort((a, b) => Number(b[1]) - Number(a[1]))[0]![0]!;
    const out = tmp();
    const r = chaco([
      'sensitivity',
      'boqueron',
      '--balance',
      balance,
      '--items',
      'map',
      '--games',
      '6',
      '--seed',
      'sb',
      '--replicates',
      '100',
      '--workers',
      '2',
      '--progress',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    // Issue 31 item 9: the report's charts take seconds; --progress off a terminal says so in one line.
    expect(r.err).toContain('sensitivity: writing the report\n');
    const manifest = JSON.parse(read(out, 'sensitivity.json')) as { policies: string; reproduce: string; summary: string[] };
    expect(manifest.policies).toBe(
      `Paraguay ${heaviest(eq.par_mix!)}, Bolivia ${heaviest(eq.bol_mix!)} (the equilibrium cell of ${balance})`,
    );
    expect(manifest.reproduce).toContain(`--balance ${balance}`);
    expect(manifest.reproduce).not.toContain('--par');
    // The range runs from the lowest to the highest of the as-shipped and the items' win rates.
    const rows = csv(read(out, 'sensitivity.csv'));
    const rates = rows.map((x) => Number(x.par_win_rate));
    const m = /as the estimates range \(each moved alone\): Paraguay (\d+)-(\d+)%/.exec(manifest.summary[0]!);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeLessThanOrEqual(Math.round(100 * Math.min(...rates)));
    expect(Number(m![2])).toBeGreaterThanOrEqual(Math.round(100 * Math.max(...rates)));
    expect(read(out, 'index.html')).toContain('as the estimates range');
    // Policies named beside --balance are refused in one line.
    const both = chaco(['sensitivity', 'boqueron', '--balance', balance, '--par', 'random', '--out', tmp()]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--par or --bol with --balance');
  });

  test('an estimate step any run can play is checked: a bad group is named with the groups', () => {
    const r = chaco(['run', 'boqueron', '--games', '1', '--option', 'estimate.roads=off', '--out', tmp()]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no estimated-data group "roads"');
  });
});

/** A CSV line's fields (quoted fields may hold commas). */
function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '',
    quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

describe('chaco errata', () => {
  test('the starting VP arm is the run with the fair bid of the games as shipped as a handicap, game for game; every reading is an arm', () => {
    const out = tmp();
    const r = chaco([
      'errata',
      'boqueron',
      '--items',
      'readings',
      '--games',
      '8',
      '--seed',
      'er',
      '--par',
      'random',
      '--bol',
      'random',
      '--workers',
      '2',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Boquerón.*: Paraguay \d+% as shipped; /m);
    const rows = csv(read(out, 'errata.csv'));
    const vp = rows.find((x) => x.kind === 'starting-vp')!;
    const readings = OPTION_DEFS.filter((d) => d.values.length === 2 && d.name !== 'maxOddsColumn' && d.name !== 'ballivianLength').map(
      (d) => d.name,
    );
    expect(
      rows
        .filter((x) => x.kind === 'reading')
        .map((x) => x.item)
        .sort(),
    ).toEqual([...readings].sort());
    // The same games with that handicap, played by chaco run, win as often.
    const handicap = vp.setting!.replace('--handicap ', '');
    const run = tmp();
    expect(
      chaco([
        'run',
        'boqueron',
        '--games',
        '8',
        '--seed',
        'er',
        '--par',
        'random',
        '--bol',
        'random',
        '--handicap',
        handicap,
        '--workers',
        '1',
        '--no-replays',
        '--out',
        run,
      ]).code,
    ).toBe(0);
    const winners = csv(read(run, 'games.csv')).map((g) => g.winner);
    expect(Number(vp.par_win_rate)).toBeCloseTo(winners.filter((w) => w === 'PAR').length / 8, 4);
    expect(Number(vp.games)).toBe(8);
    // 16.1: the starting VP arms after the fair bid follow the line search over the arms before them, up to --vp-steps (3).
    const shipped = Number(vp.par_win_rate) - Number(vp.change_from_shipped);
    const vpOf = (setting: string) => {
      const m = /(PAR|BOL)=([+-]\d+)/.exec(setting)!;
      return (m[1] === 'PAR' ? 1 : -1) * Number(m[2]);
    };
    const arms = rows.filter((x) => x.kind === 'starting-vp').map((x) => ({ vp: vpOf(x.setting!), rate: Number(x.par_win_rate) }));
    expect(arms.length).toBeLessThanOrEqual(4);
    for (let k = 1; k <= arms.length; k++) {
      const next = nextStartingVp([{ vp: 0, rate: shipped }, ...arms.slice(0, k)], TARGET);
      if (k < arms.length) expect(next, `after ${k} starting VP arms`).toBe(arms[k]!.vp);
      else if (arms.length < 4) expect(next, 'the search stopped with nothing left to play').toBeNull();
    }
    const manifest = JSON.parse(read(out, 'errata.json')) as { summary: string[]; reproduce: string };
    expect(manifest.reproduce).toContain('--items readings');
    expect(read(out, 'index.html')).toContain('Every arm');
  });
});
