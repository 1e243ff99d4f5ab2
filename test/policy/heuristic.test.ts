import { describe, expect, test } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playGame, type GameResult } from '../../src/core/play.js';
import { DEFAULT_OPTIONS } from '../../src/core/options.js';
import { parseHex } from '../../src/core/hex.js';
import { loadScenario } from '../../src/data/load.js';
import { createPolicy, loadPolicyModules } from '../../src/policy/index.js';
import { compilePlan } from '../../src/policy/plan.js';
import { DataError } from '../../src/data/issues.js';
import { gameData } from '../helpers/data.js';
import { position } from '../helpers/position.js';
import { heuristicPolicy } from '../../src/policy/heuristic.js';
import { BOL } from '../../src/core/side.js';

const scenario = (id: string) => loadScenario(id, gameData());
function games(id: string, par: string, bol: string, n: number, log = false): GameResult[] {
  const s = scenario(id);
  return Array.from({ length: n }, (_, i) => {
    const seed = `policy:${i}`;
    return playGame(s, DEFAULT_OPTIONS, [createPolicy(par, `${seed}:PAR`, s), createPolicy(bol, `${seed}:BOL`, s)], seed, { log });
  });
}
const share = (rs: GameResult[], side: 'PAR' | 'BOL') => rs.filter((r) => r.winner === side).length / rs.length;

describe('the balanced heuristic against random play', () => {
  // Bolivia's true rate in Villa Montes is about 94.5% (400 games: chaco run villa-montes --par random
  // --bol balanced --games 400), so 40 games could miss 90% by chance (35 of 40 did). 60 games are held to 85%
  // (51 wins): at 94.5% that is 3.2 standard deviations below the expected 56.7, and a real weakening to 80%
  // (48 expected) falls below it.
  test.each([['boqueron'], ['villa-montes']])('%s: balanced wins at least 85% of 60 games as either side', (id) => {
    expect(share(games(id, 'balanced', 'random', 60), 'PAR')).toBeGreaterThanOrEqual(0.85);
    expect(share(games(id, 'random', 'balanced', 60), 'BOL')).toBeGreaterThanOrEqual(0.85);
  });
});

describe('the presets differ', () => {
  test('cautious attacks less than balanced, balanced less than aggressive (Boquerón, Paraguay against balanced)', () => {
    const combats = (preset: string) =>
      games('boqueron', preset, 'balanced', 12, true).reduce(
        (n, r) => n + r.events!.filter((e) => e.type === 'combat' && e.side === 0).length,
        0,
      );
    const [c, b, a] = ['cautious', 'balanced', 'aggressive'].map(combats);
    expect(c).toBeLessThan(b!);
    expect(b).toBeLessThan(a!);
  });
});

describe('scripted plans', () => {
  test('the Paraguayan historical Boquerón plan takes Boquerón (2440) by the end of turn 3 in most games against balanced', () => {
    const s = scenario('boqueron');
    const target = parseHex(s.map.grid, '2440');
    const rs = games('boqueron', 'policies/boqueron-par-historical.json', 'balanced', 16, true);
    const taken = rs.filter((r) => {
      let turn = 0;
      for (const e of r.events!) {
        if (e.type === 'turn') turn = e.turn + 1;
        if (turn > 3) return false;
        if (e.type === 'capture' && e.hex === target && e.side === 0) return true;
      }
      return false;
    }).length;
    expect(taken / rs.length).toBeGreaterThan(0.5);
  });

  test('every shipped plan compiles against the map and counters', () => {
    const s = scenario('boqueron');
    for (const id of ['boqueron', 'alihuata', 'ballivian', 'villa-montes', 'campaign']) {
      for (const side of ['par', 'bol'])
        expect(compilePlan(`policies/${id}-${side}-historical.json`, s.map, s.counters).phases.length).toBeGreaterThan(0);
    }
  });

  test('a broken plan is rejected with the file, the path in it and what is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaco-plan-'));
    const file = join(dir, 'broken.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'broken',
        side: 'PAR',
        phases: [
          { turns: [1, 2], posture: 'charge', objectives: [] },
          { turns: [3, 4], posture: 'hold', objectives: [{ hex: '9999', weight: 1 }], forces: [{ leader: 'B-PENA', objective: '2440' }] },
        ],
      }),
    );
    const s = scenario('boqueron');
    expect(() => compilePlan(file, s.map, s.counters)).toThrow(DataError);
    expect(() => compilePlan(file, s.map, s.counters)).toThrow(
      /broken\.json: phases\[0\]\.posture: posture is "attack", "hold" or "delay"/,
    );
    writeFileSync(
      file,
      JSON.stringify({
        name: 'broken',
        side: 'PAR',
        phases: [
          { turns: [3, 4], posture: 'hold', objectives: [{ hex: '9999', weight: 1 }], forces: [{ leader: 'B-PENA', objective: '2440' }] },
        ],
      }),
    );
    const message = (() => {
      try {
        compilePlan(file, s.map, s.counters);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/phases\[0\]\.objectives\[0\]\.hex: "9999": no such hex on the map/);
    expect(message).toMatch(/phases\[0\]\.forces\[0\]\.leader: "B-PENA": no such PAR leader/);
  });
});

describe('policies by name, plan file or module', () => {
  test('I-41 the heuristic is deterministic by seed', () => {
    const a = games('boqueron', 'balanced', 'aggressive', 2, true),
      b = games('boqueron', 'balanced', 'aggressive', 2, true);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  test('an unknown policy name lists the choices', () => {
    expect(() => createPolicy('clever', 's')).toThrow(/no policy "clever" \(policies: random, passive, cautious, balanced, aggressive/);
  });

  test("a user's module policy loads by path and plays whole games", async () => {
    await loadPolicyModules(['policies/examples/hold-the-line.mjs']);
    const rs = games('boqueron', 'balanced', 'policies/examples/hold-the-line.mjs', 2);
    expect(rs).toHaveLength(2);
  });

  test('a module without a default function is refused with its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaco-mod-'));
    const file = join(dir, 'bad.mjs');
    writeFileSync(file, 'export const nothing = 1;\n');
    await expect(loadPolicyModules([file])).rejects.toThrow(/bad\.mjs: its default export must be a function/);
  });
});

describe("12.11 the heuristic's advance after combat", () => {
  // An infantry unit and the armour stand in Clear next to a vacated Paraguayan settlement. Armour may not
  // enter Bush off the road (10.9, Terrain Effects Chart); the study once saw the heuristic send it there
  // (Villa Montes, seed study, game 253), which stopped the game.
  const advance = (terrain: 'bush' | 'clear') => {
    const p = position({ terrain: { '1505': 'clear', '1506': terrain }, places: [{ hex: '1506' }], control: { '1506': 'PAR' } });
    const infantry = p.place('B-I2', '1505'),
      armour = p.place('B-K1', '1505');
    const answer = heuristicPolicy({ seed: 'h' }).decide(
      { kind: 'advance', side: BOL, units: [armour, infantry], hexes: [p.hex('1506')], leaders: [] },
      p.state,
    );
    return { answer, to: p.hex('1506'), infantry, armour };
  };

  test('12.11 it takes the vacated settlement with the strongest defenders, two at most', () => {
    const { answer, to, infantry, armour } = advance('clear');
    expect(answer).toEqual([
      { unit: infantry, hex: to },
      { unit: armour, hex: to },
    ]);
  });

  test('12.11, 10.9 it advances only units the terrain lets in: the armour stays out of Bush', () => {
    const { answer, to, infantry } = advance('bush');
    expect(answer).toEqual([{ unit: infantry, hex: to }]);
  });
});

describe("11.1 the heuristic's choice of over-stacked units", () => {
  test("11.1 it gives up the weakest units (current attack + defence), not the engine's first", () => {
    const p = position();
    const strong = p.place('P-I1', '1505'); // 6-4: 10
    const weak = p.place('P-I3', '1505', { reduced: true }); // 1-2: 3
    const mid = p.place('P-I2', '1505'); // 4 (attack and defence): 8
    const answer = heuristicPolicy({ seed: 'h' }).decide(
      { kind: 'overstack', side: 0, hex: p.hex('1505'), units: [strong, mid, weak], count: 2 },
      p.state,
    );
    expect(answer).toEqual([weak, mid]);
  });
});
