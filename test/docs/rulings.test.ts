// docs/rulings.md is the users' register of readings, continued in rulings-combat-units-victory.md and
// rulings-later.md: every `I-n` the code, the data or the docs cite, and every rules option's refs,
// must have a `### I-n <title>` entry on one of its pages, each number once.
// The files are read at test time, so a new citation without its entry fails here.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OPTION_DEFS } from '../../src/core/options.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The register's pages, in the order of their numbers. */
const RULINGS = ['rulings.md', 'rulings-combat-units-victory.md', 'rulings-later.md'].map((f) => join(ROOT, 'docs', f));

/** Every file under dir (relative to the repository) whose name ends with one of exts. */
function filesUnder(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...filesUnder(path, exts));
    else if (exts.some((e) => name.endsWith(e))) out.push(path);
  }
  return out;
}

/** The I-n numbers a text cites; a range "I-9..I-13" cites every number in it. */
function citedRulings(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(/\bI-(\d+)\.\.I-(\d+)\b/g)) {
    for (let n = Number(m[1]); n <= Number(m[2]); n++) out.add(n);
  }
  for (const m of text.matchAll(/\bI-(\d+)\b/g)) out.add(Number(m[1]));
  return [...out].sort((a, b) => a - b);
}

/** The numbers of the `### I-n <title>` headings of the rulings pages, in page and file order. */
function rulingHeadings(markdown: string): number[] {
  return [...markdown.matchAll(/^### I-(\d+) \S.*$/gm)].map((m) => Number(m[1]));
}

/** Citations per file: where each cited number appears. */
function citations(): Map<number, string[]> {
  const where = new Map<number, string[]>();
  const add = (n: number, file: string) => where.set(n, [...(where.get(n) ?? []), file]);
  const files = [
    ...filesUnder('src', ['.ts']),
    ...filesUnder('scenarios', ['.json']),
    ...filesUnder('docs', ['.md']).filter((f) => !RULINGS.map((r) => relative(ROOT, r)).includes(f)),
    'README.md',
  ];
  for (const f of files) for (const n of citedRulings(readFileSync(join(ROOT, f), 'utf8'))) add(n, f);
  for (const d of OPTION_DEFS) for (const n of citedRulings(d.refs)) add(n, `OPTION_DEFS ${d.name}`);
  return where;
}

describe('docs/rulings.md', () => {
  const headings = rulingHeadings(RULINGS.map((r) => readFileSync(r, 'utf8')).join('\n'));

  test('the citation scanner finds plain numbers and ranges, and headings only in the "### I-n title" form', () => {
    expect(citedRulings('7.3, I-9; see I-9..I-11 and I-60, not XI-3 or I-2a')).toEqual([9, 10, 11, 60]);
    expect(rulingHeadings('### I-4 Length\n## I-5 Not a ruling heading\n### I-6\n### I-7  Spaced\n')).toEqual([4]);
  });

  test('every I-n cited in src/, scenarios/, docs/, README.md and the rules options has a ruling', () => {
    const cited = citations();
    expect(cited.size).toBeGreaterThan(40);
    const have = new Set(headings);
    const missing = [...cited].filter(([n]) => !have.has(n)).map(([n, files]) => `I-${n} (cited in ${[...new Set(files)].join(', ')})`);
    expect(missing).toEqual([]);
  });

  test('the readings I-1 to I-42 of the original register all have a ruling', () => {
    const have = new Set(headings);
    expect(Array.from({ length: 42 }, (_, i) => i + 1).filter((n) => !have.has(n))).toEqual([]);
  });

  test('every ruling number is used once, and the headings run in increasing order', () => {
    const repeated = headings.filter((n, i) => headings.indexOf(n) !== i);
    expect(repeated).toEqual([]);
    expect(headings).toEqual([...headings].sort((a, b) => a - b));
  });
});
