// The check against history: key places, their month in the war, and the turn they change hands in play.
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events.js';
import { Issues } from '../../src/data/issues.js';
import { loadScenario } from '../../src/data/load.js';
import { readJson } from '../../src/data/read-json.js';
import { HISTORY_FILE } from '../../src/cli/history.js';
import { compileHistory, firstChangeTurns, scenarioHistory } from '../../src/report/history.js';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

describe('the games beside the war', () => {
  test('the committed history names a source for every date, and every source is defined', () => {
    const issues = new Issues(HISTORY_FILE);
    const h = compileHistory(readJson(HISTORY_FILE), issues);
    expect(issues.list).toEqual([]);
    expect(h!.events.length).toBeGreaterThan(5);
    for (const e of h!.events) for (const s of e.sources) expect(h!.sources[s]).toBeTruthy();
  });

  test('an undefined source or a bad month is named with its path', () => {
    const issues = new Issues('history.json');
    compileHistory(
      {
        sources: { a: 'A' },
        events: [
          { place: 'X', hex: '2440', month: '1932-13', kind: 'taken', by: 'PAR', what: 'w', sources: ['a'] },
          { place: 'Y', hex: '2440', month: '1932-09', kind: 'taken', by: 'PAR', what: 'w', sources: ['b'] },
        ],
      },
      issues,
    );
    expect(issues.list.map((i) => i.path.join('.'))).toEqual(['events.0.month']);
    const again = new Issues('history.json');
    compileHistory(
      { sources: { a: 'A' }, events: [{ place: 'Y', hex: '2440', month: '1932-09', kind: 'taken', by: 'PAR', what: 'w', sources: ['b'] }] },
      again,
    );
    expect(again.list.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['events.0.sources.0: "b" is not a key of "sources" (a)']);
  });

  test('a scenario sees the events within its months, each at the turn of its month (Boquerón: September 1932 is turn 1)', () => {
    const scenario = loadScenario('boqueron');
    const h = compileHistory(readJson(HISTORY_FILE), new Issues(HISTORY_FILE))!;
    const key = scenarioHistory(scenario, 6, h.events);
    expect(key.map((e) => `${e.place} ${e.turn}`)).toEqual(['Boquerón 1', 'Arce 2']);
  });

  test('the first change of hands is the first capture after set-up; set-up control does not count', () => {
    const ev = (e: object) => e as GameEvent;
    const events = [
      ev({ type: 'control', side: 1, hex: 5 }), // set-up
      ev({ type: 'turn', turn: 0 }),
      ev({ type: 'capture', side: 0, hex: 9, how: 'movement' }),
      ev({ type: 'turn', turn: 1 }),
      ev({ type: 'turn', turn: 2 }),
      ev({ type: 'capture', side: 0, hex: 5, how: 'advance' }),
      ev({ type: 'turn', turn: 3 }),
      ev({ type: 'capture', side: 1, hex: 5, how: 'movement' }),
    ];
    expect(firstChangeTurns(events, [5, 9, 7])).toEqual([3, 1, 0]);
  });

  test('chaco history sets the turns in play beside the months of the war, with the sources', () => {
    const out = tmp();
    const r = chaco(['history', 'boqueron', '--games', '4', '--seed', 'h', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^boqueron: Boquerón \(2440\) taken by PAR in September 1932 \(turn 1\); in play it/m);
    const rows = lines(read(out, 'history.csv'));
    expect(rows).toHaveLength(3);
    expect(read(out, 'index.html')).toContain('Farcau');
  });
});
