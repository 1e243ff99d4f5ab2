// The README is a front page that links to the pages under docs/ and to the study; every section moved
// out of it is reached by a link. So every relative markdown link (and image) of README.md, docs/*.md
// and the study's pages must name a file or folder that exists and, where it names a heading
// (`page.md#anchor`, `#anchor`), a heading of that page, by GitHub's rule for anchors.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The markdown pages checked, relative to the repository. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  const study = readdirSync(join(ROOT, 'reports/study'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'reports/study', d.name, 'README.md')))
    .map((d) => `reports/study/${d.name}/README.md`);
  return ['README.md', 'reports/study/README.md', ...docs, ...study];
}

/** The text outside fenced code blocks and inline code spans. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of a page's inline links and images: `[text](target)`, `![alt](target)`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor of a heading: its text lower-cased, punctuation dropped, spaces made hyphens. */
function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings, a repeated one numbered -1, -2 as GitHub does. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** What is wrong with each relative link of a page: a missing file, or a heading its page lacks. */
function brokenLinks(page: string): string[] {
  const markdown = readFileSync(join(ROOT, page), 'utf8');
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const file = pathPart === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(pathPart));
    if (!existsSync(file)) {
      broken.push(`${page}: (${target}): no ${relative(ROOT, file)}`);
      continue;
    }
    if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor))) {
      broken.push(`${page}: (${target}): ${relative(ROOT, file)} has no heading #${anchor}`);
    }
  }
  return broken;
}

describe('markdown links', () => {
  test('anchors and link targets are read as GitHub reads them', () => {
    expect(slug('`chaco run`: win rates, margins and how games end')).toBe('chaco-run-win-rates-margins-and-how-games-end');
    expect(slug('`chaco replay <scenario> --seed S --game i`')).toBe('chaco-replay-scenario---seed-s---game-i');
    expect(slug("`events.json` — a replay's events")).toBe('eventsjson--a-replays-events');
    expect(slug('Boquerón and Villa Montes with the rebuilt search')).toBe('boquerón-and-villa-montes-with-the-rebuilt-search');
    expect(linkTargets('see [a](docs/a.md#x) and ![b](b.png), not `[c](c.md)`\n```\n[d](d.md)\n```\n')).toEqual(['docs/a.md#x', 'b.png']);
  });

  test('the README stays a front page of at most 200 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(201);
  });

  test('every relative link of README.md, docs/ and the study names a file that exists, and a heading it has', () => {
    const checked = pages();
    expect(checked).toContain('docs/commands.md');
    expect(checked.flatMap(brokenLinks)).toEqual([]);
  });

  test('the README links to every page of docs/', () => {
    const readme = linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((t) => t.split('#')[0]);
    const missing = pages().filter((p) => p.startsWith('docs/') && !readme.includes(p));
    expect(missing).toEqual([]);
  });
});
