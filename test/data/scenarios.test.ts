import { describe, expect, test } from 'vitest';
import { loadScenario, listScenarioIds, validateFiles } from '../../src/data/load.js';
import { DataError, formatIssue } from '../../src/data/issues.js';
import { hexLabel, parseHex } from '../../src/core/hex.js';
import { NO_CONTROL, type Scenario } from '../../src/core/scenario.js';
import { BOL, PAR } from '../../src/core/side.js';
import { DEFAULT_OPTIONS, effectiveTurns, parseOptions } from '../../src/core/options.js';
import { monthName } from '../../src/data/schema-common.js';
import { dataDirWith, gameData, readDataFile, type RawJson } from '../helpers/data.js';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';

const load = (id: string) => loadScenario(id, gameData());
const hex = (s: Scenario, label: string) => parseHex(s.map.grid, label);
const controlOf = (s: Scenario, label: string) => s.control_h[hex(s, label)];
const leaderNamed = (s: Scenario, name: string) => s.counters.leaders.findIndex((l) => l.name === name);
const groupAt = (s: Scenario, side: 0 | 1, label: string) => s.sides[side].deploy.find((g) => g.named.includes(hex(s, label)));

/** The first error message a broken copy of scenario `id` gives, with the file and path. */
function brokenScenario(id: string, edit: (json: RawJson) => void): string[] {
  const dir = dataDirWith(`${id}.json`, edit);
  try {
    loadScenario(id, gameData(), dir);
  } catch (err) {
    if (err instanceof DataError) return err.issues.map(formatIssue).map((m) => m.replace(dir + '/', ''));
    throw err;
  }
  return [];
}

describe('17 the five scenarios', () => {
  test('are boqueron, alihuata, ballivian, villa-montes and campaign', () => {
    expect(listScenarioIds()).toEqual(['alihuata', 'ballivian', 'boqueron', 'campaign', 'villa-montes']);
  });

  test('all load and validate, with every hex, unit and leader they name resolved', () => {
    for (const id of listScenarioIds()) {
      const s = load(id);
      for (const side of [PAR, BOL] as const) {
        for (const g of s.sides[side].deploy) {
          expect(g.named.length, `${id} group`).toBeGreaterThan(0);
          for (const u of g.units) expect(s.counters.side_u[u.unit]).toBe(side);
          for (const l of g.leaders) expect(s.counters.side_l[l]).toBe(side);
        }
      }
    }
    expect(validateFiles(listScenarioIds().map((id) => join('scenarios', `${id}.json`)))).toEqual([]);
  });

  test('calendar and length: Boquerón Sep 1932-Feb 1933 (6), Alihuatá Mar 1933-Apr 1934 (14), Villa Montes Feb-Jun 1935 (5)', () => {
    const span = (id: string) => {
      const s = load(id);
      return [
        monthName(s.startMonth),
        monthName(s.startMonth + effectiveTurns(s, DEFAULT_OPTIONS) - 1),
        effectiveTurns(s, DEFAULT_OPTIONS),
      ];
    };
    expect(span('boqueron')).toEqual(['September 1932', 'February 1933', 6]);
    expect(span('alihuata')).toEqual(['March 1933', 'April 1934', 14]);
    expect(span('villa-montes')).toEqual(['February 1935', 'June 1935', 5]);
  });

  test('I-4 Ballivián lasts 9 turns to January 1935; the ballivianLength option gives 10', () => {
    const s = load('ballivian');
    expect(monthName(s.startMonth)).toBe('May 1934');
    expect(effectiveTurns(s, DEFAULT_OPTIONS)).toBe(9);
    expect(effectiveTurns(s, parseOptions(['ballivianLength=10']))).toBe(10);
  });

  test('17.6 the campaign sets up as Boquerón and runs September 1932 to June 1935', () => {
    const c = load('campaign'),
      b = load('boqueron');
    expect(c.turns).toBe(34);
    expect(monthName(c.startMonth + c.turns - 1)).toBe('June 1935');
    expect(c.sides).toEqual(b.sides);
    expect(Array.from(c.control_h)).toEqual(Array.from(b.control_h));
  });
});

describe('17.2 Boquerón', () => {
  const s = load('boqueron');

  test("starting VP 20 Bolivia, 15 Paraguay; Bolivia's starting supply radius 6", () => {
    expect(s.sides[BOL].vp).toBe(20);
    expect(s.sides[PAR].vp).toBe(15);
    expect(s.sides[BOL].supplyRadius).toBe(6);
  });

  test('Peña and Estigarribia are the army commanders', () => {
    expect(s.sides[BOL].armyCommander).toBe(leaderNamed(s, 'Peña'));
    expect(s.sides[PAR].armyCommander).toBe(leaderNamed(s, 'Estigarribia'));
  });

  test('Marzana holds Boquerón 2440 with the 21st infantry and 1 CSP', () => {
    const g = groupAt(s, BOL, '2440')!;
    expect(g.leaders.map((l) => s.counters.leaders[l]!.name)).toEqual(['Marzana']);
    expect(g.units.map((u) => s.counters.units[u.unit]!.name)).toEqual(['21st']);
    expect(g.csp).toBe(1);
  });

  test('the Paraguayan GHQ group may use Isla Poí 2741 and the six hexes around it', () => {
    const g = groupAt(s, PAR, '2741')!;
    expect(g.ghq).toBe(true);
    expect(g.within).toBe(1);
    expect(g.hexes.map((h) => hexLabel(s.map.grid, h)).sort()).toEqual(['2641', '2642', '2740', '2741', '2742', '2841', '2842']);
  });

  test('hex 2837 starts entrenched with the reduced 7th infantry', () => {
    const g = groupAt(s, PAR, '2837')!;
    expect(g.entrenched).toBe(true);
    expect(g.units.map((u) => [s.counters.units[u.unit]!.name, u.reduced])).toEqual([['7th', true]]);
  });

  test('settlements south of the demarcation line are Paraguayan except Toledo and Boquerón', () => {
    expect(controlOf(s, '2836')).toBe(BOL);
    expect(controlOf(s, '2440')).toBe(BOL);
    for (const label of ['2741', '1845', '2043', '2543', '2839', '3038', '3344']) expect(controlOf(s, label), label).toBe(PAR);
    for (const label of ['2635', '3034', '2241', '1741', '1537', '2807', '4404']) expect(controlOf(s, label), label).toBe(BOL);
  });

  test("3.1 every combat unit not set up is in its side's Reinforcement Pile", () => {
    for (const side of [PAR, BOL] as const) {
      const deployed = s.sides[side].deploy.flatMap((g) => g.units.map((u) => u.unit));
      const all = s.counters.units.map((_, u) => u).filter((u) => s.counters.side_u[u] === side);
      expect([...deployed, ...s.sides[side].reinforcementPile].sort((a, b) => a - b)).toEqual(all);
    }
  });

  test('hexes that are not settlements have no control', () => {
    expect(controlOf(s, '2837')).toBe(NO_CONTROL);
  });
});

describe('17.3-17.5 cup scenarios', () => {
  test('17.3 Alihuatá: Bolivia draws 16 counters, Paraguay 14; control follows the Paraguayan list', () => {
    const s = load('alihuata');
    expect(s.sides[BOL].cup).toHaveLength(16);
    expect(s.sides[PAR].cup).toHaveLength(14);
    for (const label of ['2836', '2440', '3038', '2839', '2241', '2043', '1845', '2741', '2543', '3344'])
      expect(controlOf(s, label), label).toBe(PAR);
    expect(controlOf(s, '2141')).toBe(BOL);
    expect(s.sides[BOL].armyCommander).toBe(leaderNamed(s, 'Kundt'));
  });

  test('17.3 the cup holds exactly the listed strengths, e.g. one 8-6-5 and two 5-4-5 for Bolivia', () => {
    const s = load('alihuata');
    const values = s.sides[BOL].cup.map((u) => `${s.counters.attack_u[u * 2]}-${s.counters.defence_u[u * 2]}-${s.counters.move_u[u * 2]}`);
    expect(values.filter((v) => v === '8-6-5')).toHaveLength(1);
    expect(values.filter((v) => v === '5-4-5')).toHaveLength(2);
    expect(values.filter((v) => v === '3-4-5')).toHaveLength(2);
  });

  test("11.2 Estigarribia's five units in Arce (17.3) need one of the two set-up entrenchment markers there", () => {
    const s = load('alihuata');
    expect(s.sides[PAR].mustEntrench.map((h) => hexLabel(s.map.grid, h))).toEqual(['2241']);
    const errors = brokenScenario('alihuata', (j) => {
      j.sides.PAR.entrenchmentMarkers = 0;
    });
    expect(errors).toContain(
      'alihuata.json: sides.PAR.entrenchmentMarkers: over-stacked at set-up in 2241 (11.2): each needs an entrenchment marker to hold 6 units, and the side has 0',
    );
  });

  test('17.4 Ballivián: settlements in rows 26 and higher are Paraguayan', () => {
    const s = load('ballivian');
    for (let h = 0; h < s.map.grid.size; h++) {
      if (!s.map.settlement_h[h]) continue;
      expect(s.control_h[h]).toBe(s.map.grid.row_h[h]! >= 26 ? PAR : BOL);
    }
    expect(s.sides[BOL].cup).toHaveLength(16);
    expect(s.sides[PAR].cup).toHaveLength(13);
  });

  test('17.5 Villa Montes: six Bolivian settlements, all others Paraguayan', () => {
    const s = load('villa-montes');
    const bolivian = [];
    for (let h = 0; h < s.map.grid.size; h++) if (s.control_h[h] === BOL) bolivian.push(hexLabel(s.map.grid, h));
    expect(bolivian.sort()).toEqual(['2009', '2707', '2807', '3107', '3703', '4404']);
    expect(s.sides[BOL].supplyRadius).toBe(8);
    expect(s.sides[PAR].vp).toBe(40);
  });

  test('15.1 no scenario sets up more than five leaders a side', () => {
    for (const id of listScenarioIds()) {
      const s = load(id);
      for (const side of [PAR, BOL] as const) {
        expect(s.sides[side].deploy.flatMap((g) => g.leaders).length).toBeLessThanOrEqual(5);
      }
    }
  });
});

describe('broken scenario files are rejected with file, path and what would be right', () => {
  test('an unknown hex', () => {
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.BOL.deploy[0].at = ['2460'];
    });
    expect(errors[0]).toMatch(
      /^boqueron\.json: sides\.BOL\.deploy\[0\]\.at\[0\]: "2460": no such hex on the map \(columns 10-48, rows 01-53\)$/,
    );
  });

  test('an unknown unit', () => {
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.BOL.deploy[0].units = ['B-99'];
    });
    expect(errors[0]).toBe('boqueron.json: sides.BOL.deploy[0].units[0]: "B-99": no such combat unit in counters.json');
  });

  test("an unknown leader lists the side's leaders", () => {
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.PAR.deploy[0].leaders = ['P-NOBODY'];
    });
    expect(errors[0]).toMatch(
      /^boqueron\.json: sides\.PAR\.deploy\[0\]\.leaders\[0\]: "P-NOBODY": no such leader \(PAR leaders: .*P-ESTIG/,
    );
  });

  test('a unit of the other side', () => {
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.PAR.deploy[0].units = ['B-21'];
    });
    expect(errors).toContain('boqueron.json: sides.PAR.deploy[0].units[0]: "B-21" is a unit of the other side');
  });

  test('a counter used twice', () => {
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.BOL.deploy[1].units.push('B-21');
    });
    expect(errors[0]).toMatch(/sides\.BOL\.deploy\[1\]\.units\[3\]: B-21 is already used at sides\.BOL\.deploy\.0\.units\.0/);
  });

  test('over-stacking at set-up (11.2)', () => {
    const boqueron = readDataFile('boqueron.json');
    const used = new Set(
      JSON.stringify(boqueron)
        .match(/"B-[A-Z0-9]+"/g)!
        .map((x) => x.slice(1, -1)),
    );
    const spare = readDataFile('counters.json')
      .units.filter((u: RawJson) => u.side === 'BOL' && u.type === 'infantry' && !used.has(u.id))
      .slice(0, 7)
      .map((u: RawJson) => u.id);
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.BOL.deploy[0].units = spare;
    });
    expect(
      errors.some((e) =>
        /^boqueron\.json: sides\.BOL\.deploy\[0\]: over-stacked at set-up: 7 units in 2440, the limit there is [46] \(11\.2\)$/.test(e),
      ),
    ).toBe(true);
  });

  test('a missing field', () => {
    const errors = brokenScenario('boqueron', (j) => {
      delete j.sides.BOL.armyCommander;
    });
    expect(errors[0]).toMatch(/^boqueron\.json: sides\.BOL\.armyCommander: /);
  });

  test('a wrong type', () => {
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.BOL.vp = '20';
    });
    expect(errors[0]).toMatch(/^boqueron\.json: sides\.BOL\.vp: .*number/);
  });

  test('a control list naming a hex that is not a settlement, as the 17.3 misprint "Toledo (2835)" would', () => {
    const errors = brokenScenario('alihuata', (j) => {
      j.control.rules[0].hexes[0] = '2835';
    });
    expect(errors[0]).toMatch(/^alihuata\.json: control\.rules\[0\]\.hexes\[0\]: "2835" is not a settlement \(Toledo is 2836\)/);
  });

  test('a cup asking for counters the manifest does not have', () => {
    const errors = brokenScenario('alihuata', (j) => {
      j.sides.BOL.cup[0] = '3x 8-6-5';
    });
    expect(errors[0]).toMatch(/^alihuata\.json: sides\.BOL\.cup\[0\]: "3x 8-6-5": counters\.json has only 1 unused BOL/);
  });

  test('an army commander who is not on the map (15.1)', () => {
    const errors = brokenScenario('boqueron', (j) => {
      j.sides.BOL.armyCommander = 'B-KUNDT';
    });
    expect(errors[0]).toMatch(/armyCommander: B-KUNDT is not set up on the map/);
  });

  test('invalid JSON names the file, line and column', () => {
    const dir = dataDirWith('boqueron.json', () => {});
    writeFileSync(join(dir, 'boqueron.json'), '{\n  "id": "boqueron",\n  "name": oops\n}');
    expect(() => loadScenario('boqueron', gameData(), dir)).toThrow(/boqueron\.json: not valid JSON at line 3, column 11: unexpected "o"/);
  });
});
