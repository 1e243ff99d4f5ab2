// summary.csv of a real run read against docs/columns.md (src/report/columns.ts): where a description
// says what a figure is, the figure is recomputed from games.csv beside it and must agree.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSV_FILES } from '../../src/report/columns.js';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '../..');
const described = (file: string) => CSV_FILES.find((f) => f.file === file)!.columns;
const records = (text: string) => {
  const [head, ...rows] = lines(text);
  const cols = head!.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i]!, v])));
};
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

/** The rule section the doc comment just above `export function name` in src/core/victory.ts opens with. */
function sectionOf(name: string): string {
  const src = readFileSync(join(ROOT, 'src/core/victory.ts'), 'utf8');
  const m = new RegExp(`/\\*\\* (16\\.\\d)[^\\n]*\\n(?:.*\\n)?export function ${name}\\(`).exec(src);
  if (!m) throw new Error(`src/core/victory.ts: no doc comment citing 16.n above ${name}`);
  return m[1]!;
}

const out = tmp();
const r = chaco(['run', 'boqueron', '--games', '60', '--seed', 'columns', '--workers', '0', '--no-replays', '--quiet', '--out', out]);
const games = r.code === 0 ? records(read(out, 'games.csv')) : [];
const summary = r.code === 0 ? records(read(out, 'summary.csv')) : [];

describe('summary.csv against its descriptions', () => {
  test('the run that is read succeeded', () => expect(r.code, r.err).toBe(0));

  test('a row per side and a row all, which the description of side names', () => {
    expect(summary.map((s) => s.side)).toEqual(['PAR', 'BOL', 'all']);
    expect(described('summary.csv').side).toMatch(/\ball\b/);
  });

  test('winner is PAR or BOL, never tie: equal VP is a coin flip, and level says tie', () => {
    expect(described('games.csv').winner).toMatch(/^PAR or BOL\b/);
    expect(new Set(games.map((g) => g.winner))).toEqual(new Set(['PAR', 'BOL']));
    for (const g of games) expect(g.level === 'tie', `game ${g.game}: margin ${g.margin}, level ${g.level}`).toBe(Number(g.margin) === 0);
  });

  test("games is every game in every row; wins counts the side's wins (all: every game)", () => {
    const d = described('summary.csv');
    expect(d.games).toMatch(/all games/);
    for (const s of summary) {
      expect(Number(s.games)).toBe(games.length);
      expect(Number(s.wins)).toBe(s.side === 'all' ? games.length : games.filter((g) => g.winner === s.side).length);
    }
    expect(summary[2]!.win_rate).toBe('');
  });

  test('level_* and end_* are shares of all games: won by the side at that level or by that end (all: every game)', () => {
    const d = described('summary.csv');
    const columns = Object.keys(summary[0]!).filter((c) => /^(level|end)_/.test(c) && c !== 'end_turn_mean');
    expect(columns.length).toBeGreaterThanOrEqual(7);
    for (const c of columns) {
      expect(d[c], c).toMatch(/^share of all games that\b.*\bthis side won\b.*; all: share of all games\b/);
      const [field, value] = c.startsWith('level_') ? ['level', c.slice(6)] : ['end', c.slice(4)];
      for (const s of summary) {
        const count = games.filter((g) => g[field] === value && (s.side === 'all' || g.winner === s.side)).length;
        expect(Number(s[c]), `${s.side} ${c}`).toBeCloseTo(count / games.length, 4);
      }
    }
    const sum = (s: Record<string, string>, prefix: string) =>
      columns.filter((c) => c.startsWith(prefix)).reduce((a, c) => a + Number(s[c]), 0);
    for (const s of summary)
      for (const prefix of ['level_', 'end_'])
        expect(sum(s, prefix), `${s.side} ${prefix}*`).toBeCloseTo(s.side === 'all' ? 1 : Number(s.win_rate), 3);
  });

  test("margin_mean is the side's VP minus the enemy's over all games (all: PAR - BOL); end_turn_mean over the games it won (all: every game)", () => {
    const d = described('summary.csv');
    expect(d.margin_mean).toMatch(/this side's VP minus the enemy's.*all: of PAR VP - BOL VP/);
    expect(d.end_turn_mean).toMatch(/games this side won.*all: over all games/);
    for (const s of summary) {
      const sign = s.side === 'BOL' ? -1 : 1;
      expect(Number(s.margin_mean), `${s.side} margin_mean`).toBeCloseTo(mean(games.map((g) => sign * Number(g.margin))), 3);
      const ended = games.filter((g) => s.side === 'all' || g.winner === s.side).map((g) => Number(g.end_turn));
      expect(Number(s.end_turn_mean), `${s.side} end_turn_mean`).toBeCloseTo(mean(ended), 3);
    }
  });

  test('the rule sections cited are those the engine implements: levels and scenario end 16.3, sudden death 16.4, settlement 16.1', () => {
    const summaryCols = described('summary.csv'),
      gameCols = described('games.csv');
    const levels = sectionOf('victoryLevel'),
      settlement = sectionOf('checkSettlement'),
      scenarioEnd = sectionOf('scenarioEnd');
    for (const c of ['level_decisive', 'level_substantive', 'level_marginal', 'level_tie'])
      expect(summaryCols[c], c).toContain(`(${levels}`);
    expect(gameCols.level).toContain(`(${levels})`);
    expect(summaryCols.end_settlement).toContain(`${settlement})`);
    expect(summaryCols.end_scenario_end).toContain(`(${scenarioEnd})`);
    expect(summaryCols.end_sudden_death).toMatch(/\(16\.4\)/);
    expect(gameCols.end).toContain(`scenario_end (${scenarioEnd}), sudden_death (16.4) or settlement (${settlement})`);
    const docs = readFileSync(join(ROOT, 'docs/columns.md'), 'utf8');
    expect(docs).not.toMatch(/16\.6/); // the rules have no 16.6
  });
});
