// viewer.html as a file: written beside every replay, the same bytes for the same game, offline, its
// records those of events.json and valid by events.schema.json, its steps covering every event once.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { replayGame, writeReplay, type ReplayOptions } from '../../src/report/replay.js';
import { viewerHtml } from '../../src/report/viewer-html.js';
import { stepRecorder } from '../../src/report/viewer-steps.js';
import type { GameEvent } from '../../src/core/events.js';
import { byKey, engineControl, engineStacks, stackFromAttributes } from './viewer-stacks.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'chaco-viewer-'));
// A game that lasts the six turns, twelve player turns (game 0 of seed 1 ends in a sudden death on turn 3 since `garrisonFar`).
const opts = (o: Partial<ReplayOptions> & { out: string }): ReplayOptions => ({
  scenario: 'boqueron',
  seed: '1',
  game: 1,
  par: 'balanced',
  bol: 'balanced',
  options: [],
  ...o,
});

interface Step {
  f: number;
  t: number;
  turn: number;
  side: number;
  phase: string;
  add: number[];
  del: number[];
  vp: [number, number];
  ov: string;
}
interface ViewerData {
  steps: Step[];
  events: unknown[];
  text: string[];
  rules: string[];
  pieces: [number, number, string][];
  caption: string;
}

/** The JSON the page's script reads. */
function viewerData(html: string): ViewerData {
  const m = /<script type="application\/json" id="chaco-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('viewer.html holds no chaco-data script');
  return JSON.parse(m[1]!) as ViewerData;
}

/** The pieces on the map after each step, rebuilt from the steps' differences as the page's script does. */
function piecesByStep(d: ViewerData): Set<number>[] {
  const sets: Set<number>[] = [];
  let now = new Set<number>();
  for (const s of d.steps) {
    now = new Set(now);
    for (const p of s.del) now.delete(p);
    for (const p of s.add) now.add(p);
    sets.push(now);
  }
  return sets;
}

/** The data attributes of a piece's outermost group. */
function attributes(svg: string): Record<string, string> {
  const head = /^<g ([^>]*)>/.exec(svg)?.[1] ?? '';
  return Object.fromEntries([...head.matchAll(/data-(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

const out = tmp();
const summary = writeReplay(opts({ out }));
const html = readFileSync(summary.viewer, 'utf8');
const data = viewerData(html);

describe('viewer.html', () => {
  test('is written into the replay folder', () => {
    expect(summary.viewer).toBe(join(out, 'viewer.html'));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  });

  test('is the same bytes when the same game is replayed again', () => {
    const again = writeReplay(opts({ out: tmp() }));
    expect(readFileSync(again.viewer, 'utf8') === html).toBe(true);
  });

  test('holds the records of events.json, valid by events.schema.json', () => {
    const events = JSON.parse(readFileSync(summary.events, 'utf8')) as unknown[];
    expect(data.events).toEqual(events);
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/report/events.schema.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    expect(validate(data.events), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  test('refuses records the events schema does not describe', () => {
    const stepper = stepRecorder(36);
    const { scenario, recorded } = replayGame(opts({ out: '' }), stepper.observer);
    const { steps, pieces, geo } = stepper.finish();
    const input = { scenario, steps, pieces, geo, turns: 6, caption: 'c', file: 'f', result: 'r' };
    expect(viewerHtml({ ...input, recorded })).toContain('<!DOCTYPE html>');
    const bad = [...recorded.events, { type: 'vp', side: 0, delta: 1, total: 2, rule: '16.2', cause: 'bribe' } as unknown as GameEvent];
    expect(() => viewerHtml({ ...input, recorded: { ...recorded, events: bad } })).toThrow(
      /do not match src\/report\/events.schema.json:\n.*\n.*at \[\d+\]/,
    );
  });

  test('fetches nothing: no external script, style, image or link', () => {
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link\b/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/url\((['"]?)https?:/);
    expect(html).not.toMatch(/@import/);
  });

  test('its steps cover every event once, in order, and each move order is a step of its own', () => {
    let next = 0;
    for (const s of data.steps) {
      expect(s.f).toBe(next);
      expect(s.t).toBeGreaterThan(s.f);
      next = s.t;
    }
    expect(next).toBe(data.events.length);
    const moves = data.events.map((e, i) => ((e as { type: string }).type === 'move' ? i : -1)).filter((i) => i >= 0);
    expect(moves.length).toBeGreaterThan(10);
    for (const i of moves)
      expect(
        data.steps
          .filter((s) => s.f <= i && i < s.t)
          .map((s) => data.events.slice(s.f, s.t).filter((e) => (e as { type: string }).type === 'move').length),
      ).toEqual([1]);
  });

  test('each event is in English with its rule section, and a move is drawn as a path', () => {
    expect(data.text.length).toBe(data.events.length);
    const combat = data.events.findIndex((e) => (e as { type: string }).type === 'combat');
    expect(data.text[combat]).toMatch(/attacks .*: odds \S+, roll \d, modified \d+: /);
    expect(data.rules[combat]).toMatch(/^12\./);
    const move = data.steps.find((s) => data.events.slice(s.f, s.t).some((e) => (e as { type: string }).type === 'move'))!;
    expect(move.ov).toMatch(/<polyline points="[\d.,]+ [\d.,]+/);
  });

  test("at the end of every player turn its counters and control rings are the engine's position", () => {
    const { recorded } = replayGame(opts({ out: '' }));
    const sets = piecesByStep(data);
    expect(recorded.snapshots.length).toBe(12);
    for (const snap of recorded.snapshots) {
      const i = data.steps.findIndex((s) => s.t === snap.at);
      expect(i, `a step ends where turn ${snap.turn + 1}'s player turn of side ${snap.side} does`).toBeGreaterThanOrEqual(0);
      const shown = [...sets[i]!].map((p) => data.pieces[p]!);
      const stacks = shown.filter(([layer]) => layer >= 2).map(([, , svg]) => stackFromAttributes(attributes(svg)));
      expect(byKey(stacks)).toEqual(engineStacks(snap.state));
      const rings = shown
        .filter(([layer]) => layer === 0)
        .map(([, , svg]) => attributes(svg))
        .map((a) => `${a.side}@${a.hex}`)
        .sort();
      expect(rings).toEqual(engineControl(snap.state));
    }
  });

  test("a settlement taken by a move changes hands in that move's step, not the one before", () => {
    const sets = piecesByStep(data);
    const taken = data.steps
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => s.phase === 'movement' && data.events.slice(s.f, s.t).some((e) => (e as { type: string }).type === 'capture'));
    expect(taken.length).toBeGreaterThan(0);
    for (const { s, i } of taken) {
      const capture = data.events.slice(s.f, s.t).find((e) => (e as { type: string }).type === 'capture') as { side: number; hex: number };
      const ring = (k: number) => [...sets[k]!].map((p) => data.pieces[p]!).find(([layer, hex]) => layer === 0 && hex === capture.hex);
      expect(attributes(ring(i - 1)![2]).side).toBe(String(1 - capture.side));
      expect(attributes(ring(i)![2]).side).toBe(String(capture.side));
    }
  });

  test("the VP of its last step are the game's final VP", () => {
    const last = data.steps[data.steps.length - 1]!;
    expect(last.vp).toEqual([summary.row.vp_par, summary.row.vp_bol]);
  });

  test('its caption names the scenario, the seed, the game and the policies', () => {
    expect(data.caption).toBe('Boquerón: The First Paraguayan Offensive · seed 1 · game 1 · PAR balanced vs BOL balanced');
  });
});
