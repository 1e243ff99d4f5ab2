// Every column of every CSV file the commands write has a description in src/report/columns.ts, and
// docs/columns.md is generated from that table (npm run columns).
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { columnsMarkdown, CSV_FILES } from '../../src/report/columns.js';
import { chaco, tmp } from '../helpers/cli.js';

/** Every .csv under dir with its header. */
function headers(dir: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'cells') out.push(...headers(path));
      continue;
    }
    if (name.endsWith('.csv')) out.push([name, readFileSync(path, 'utf8').split('\n')[0]!.split(',')]);
  }
  return out;
}

describe('CSV columns', () => {
  test('every header the commands write is described', () => {
    const root = tmp();
    const commands = [
      ['run', 'boqueron', '--games', '3', '--workers', '0'],
      ['compare', 'boqueron', '--games', '3', '--workers', '0', '--variant', 'c:mountedCavalry=true'],
      ['bid', 'boqueron', '--games', '10', '--workers', '0'],
      ['history', 'boqueron', '--games', '2'],
      [
        'balance',
        'boqueron',
        '--pool',
        'random,passive',
        '--max-games',
        '4',
        '--batch',
        '4',
        '--replicates',
        '100',
        '--restrictions',
        'noAir',
        '--restricted-games',
        '2',
        '--workers',
        '0',
      ],
      [
        'sensitivity',
        'boqueron',
        '--games',
        '2',
        '--items',
        'readings',
        '--par',
        'random',
        '--bol',
        'random',
        '--replicates',
        '100',
        '--workers',
        '0',
      ],
      ['ladder', 'boqueron', '--pool', 'random,passive', '--reference', 'passive', '--games', '2', '--replicates', '100', '--workers', '0'],
      ['errata', 'boqueron', '--games', '2', '--items', 'readings', '--par', 'random', '--bol', 'random', '--workers', '0'],
      ['skill', 'boqueron', '--rungs', 'random,passive', '--games', '2', '--replicates', '100', '--workers', '0'],
      [
        'best-response',
        'boqueron',
        '--side',
        'BOL',
        '--hold',
        'random',
        '--reference',
        'passive',
        '--candidates',
        '2',
        '--games',
        '2',
        '--final-games',
        '2',
        '--workers',
        '0',
      ],
    ];
    const described = new Map(CSV_FILES.map((f) => [f.file, f.columns]));
    let files = 0;
    for (const [k, args] of commands.entries()) {
      const out = join(root, String(k));
      const r = chaco([...args, '--out', out, '--quiet']);
      expect(r.code, `${args.join(' ')}\n${r.err}`).toBe(0);
      for (const [name, cols] of headers(out)) {
        // games-<variant>.csv (compare), vp-sources-<scenario>.csv and decided-<scenario>.csv (balance) are described once.
        const key = name.replace(/^(games|vp-sources|decided)-.+\.csv$/, '$1.csv');
        const d = described.get(key);
        expect(d, `${args[0]} writes ${name}, which src/report/columns.ts does not describe`).toBeDefined();
        for (const c of cols) expect(d![c], `${name}: column ${c} has no description in src/report/columns.ts`).toBeTruthy();
        files++;
      }
    }
    expect(files).toBeGreaterThanOrEqual(CSV_FILES.length);
  });

  test('docs/columns.md is generated from the table (npm run columns)', () => {
    expect(readFileSync('docs/columns.md', 'utf8')).toBe(columnsMarkdown());
  });
});
