// Moving estimated data by a stated step (estimate.<group>=<step>): only what the data files mark
// estimated moves, by the step, within the values the counters allow; every step gives valid data.
import { describe, expect, test } from 'vitest';
import { applyEstimates, ESTIMATE_GROUPS, parseEstimate, shiftFactors, type EstimateSetting } from '../../src/data/estimates.js';
import { DEFAULT_DATA_DIR, loadGameData } from '../../src/data/load.js';
import { readDataFile } from '../helpers/data.js';

const raw = readDataFile;
const setting = (text: string): EstimateSetting => {
  const s = parseEstimate(text);
  if (typeof s === 'string') throw new Error(s);
  return s;
};
type Leader = { id: string; side: string; command: number; political: number; estimated?: string[] };
type Unit = { id: string; side: string; full: string; reduced: string | null; estimated?: string[] | boolean };

describe('estimated data moved by a step', () => {
  test('2.10 counter notation: attack and defence move, the move stays, at least 1 and at most the cap', () => {
    expect(shiftFactors('5-4-6', 1)).toBe('6-5-6');
    expect(shiftFactors('4-5', 1)).toBe('5-5');
    expect(shiftFactors('2-6', 1, '5-4-6')).toBe('3-6');
    expect(shiftFactors('2-3-5', 1, '3-3-5')).toBe('3-5');
    expect(shiftFactors('1-2-5', -1)).toBe('1-5');
    expect(shiftFactors('4-(2)-5', 1)).toBe('5-(3)-5');
  });

  test('leader ratings: only the estimated ratings of the named side move (2.14)', () => {
    const before = raw('counters.json');
    const after = applyEstimates('counters', before, [setting('estimate.leaderCommand.BOL=+1')]) as typeof before;
    const was = before.leaders as Leader[],
      now = after.leaders as Leader[];
    let moved = 0;
    was.forEach((l, i) => {
      const expected = l.side === 'BOL' && l.estimated?.includes('command') ? Math.min(5, l.command + 1) : l.command;
      expect(now[i]!.command, l.id).toBe(expected);
      expect(now[i]!.political).toBe(l.political);
      if (expected !== l.command) moved++;
    });
    expect(moved).toBeGreaterThan(0);
    // Peña's command is sourced (8.5's supply example): it stays.
    expect(now.find((l) => l.id === 'B-PENA')!.command).toBe(was.find((l) => l.id === 'B-PENA')!.command);
    // The file as read is not changed.
    expect(JSON.stringify(before)).toBe(JSON.stringify(raw('counters.json')));
  });

  test('reduced sides and estimated unit values: sourced values stay, reduced never above full (2.12)', () => {
    const before = raw('counters.json');
    const units = before.units as Unit[];
    const reduced = (applyEstimates('counters', before, [setting('estimate.reducedSides.PAR=+1')]) as typeof before).units as Unit[];
    const full = (applyEstimates('counters', before, [setting('estimate.unitValues.PAR=+1')]) as typeof before).units as Unit[];
    const marked = (u: Unit, f: string) => u.estimated === true || (Array.isArray(u.estimated) && u.estimated.includes(f));
    units.forEach((u, i) => {
      if (u.side !== 'PAR' || !marked(u, 'reduced') || u.reduced === null) expect(reduced[i]!.reduced, u.id).toBe(u.reduced);
      else expect(reduced[i]!.reduced, u.id).toBe(shiftFactors(u.reduced, 1, u.full));
      expect(reduced[i]!.full).toBe(u.full);
      if (u.side !== 'PAR' || !marked(u, 'full')) expect(full[i]!.full, u.id).toBe(u.full);
      else expect(full[i]!.full, u.id).toBe(shiftFactors(u.full, 1));
    });
    // The sourced Itoro counter (2.5: 5-4-6, reduced 2-6) never moves.
    const itoro = units.findIndex((u) => u.full === '5-4-6' && u.estimated === undefined);
    expect(itoro).toBeGreaterThanOrEqual(0);
    expect(full[itoro]!.full).toBe('5-4-6');
    expect(reduced[itoro]!.reduced).toBe(units[itoro]!.reduced);
  });

  test('terrain: Bush within 2 hexes of a settlement becomes Clear, nothing else; noMarsh turns Marsh to Bush', () => {
    const before = raw('map.json') as { terrain: Record<string, string> };
    const open = applyEstimates('map', before, [setting('estimate.terrain=clearNearSettlements')]) as typeof before;
    const dry = applyEstimates('map', before, [setting('estimate.terrain=noMarsh')]) as typeof before;
    let cleared = 0;
    for (const [row, line] of Object.entries(before.terrain)) {
      [...line].forEach((ch, i) => {
        const a = open.terrain[row]![i]!,
          b = dry.terrain[row]![i]!;
        if (a !== ch) {
          expect([ch, a]).toEqual(['.', 'c']);
          cleared++;
        }
        expect(b).toBe(ch === 'm' ? '.' : ch);
      });
    }
    expect(cleared).toBeGreaterThan(50);
    // The compiled map differs from the shipped one in exactly those hexes.
    const data = loadGameData(DEFAULT_DATA_DIR, {}, [setting('estimate.terrain=clearNearSettlements')]);
    const shipped = loadGameData(DEFAULT_DATA_DIR);
    expect(data.map.terrain_h.reduce((n, t, h) => n + (t !== shipped.map.terrain_h[h] ? 1 : 0), 0)).toBe(cleared);
  });

  test('wells: only the places whose water is estimated change (14.6)', () => {
    const before = raw('map.json') as { places: { name: string; wet: boolean; estimated?: string[] | boolean }[] };
    const dry = applyEstimates('map', before, [setting('estimate.wells=dry')]) as typeof before;
    before.places.forEach((p, i) => {
      const marked = p.estimated === true || (Array.isArray(p.estimated) && p.estimated.includes('wet'));
      expect(dry.places[i]!.wet, p.name).toBe(marked ? false : p.wet);
    });
  });

  test("every group's every step loads as valid game data and moves its file; a bad group or step is named", () => {
    const shipped = loadGameData(DEFAULT_DATA_DIR);
    for (const g of ESTIMATE_GROUPS) {
      for (const v of g.values) {
        // loadGameData throws a DataError, naming the file and the field, when a step breaks the data.
        const moved = loadGameData(DEFAULT_DATA_DIR, {}, [setting(`estimate.${g.name}=${v}`)]);
        expect(moved[g.file], `${g.name}=${v} changes ${g.file}.json`).not.toEqual(shipped[g.file]);
      }
      expect(g.values).toContain(g.step);
    }
    expect(parseEstimate('estimate.leaderCommand=+1')).toMatch(/no estimated-data group "leaderCommand" \(groups: leaderCommand\.PAR/);
    expect(parseEstimate('estimate.wells=damp')).toBe('option "estimate.wells=damp": wells takes dry, wet');
  });
});
