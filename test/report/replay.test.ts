import { describe, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { streamSeed } from '../../src/core/dice.js';
import { hexLabel } from '../../src/core/hex.js';
import type { GameEvent } from '../../src/core/events.js';
import { parseOptions, resolveOptions } from '../../src/core/options.js';
import { playGame } from '../../src/core/play.js';
import type { Scenario } from '../../src/core/scenario.js';
import { loadScenario } from '../../src/data/load.js';
import { createPolicy } from '../../src/policy/index.js';
import { gameRow } from '../../src/sim/game-row.js';
import { registerReplay } from '../../src/cli/replay.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { narrate } from '../../src/report/narrative.js';
import { replayGame, writeReplay, type ReplayOptions } from '../../src/report/replay.js';
import { withHandicap } from '../../src/sim/spec.js';
import { gameData } from '../helpers/data.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'chaco-replay-'));
const scenarios = new Map<string, Scenario>();
const scenario = (id: string) => {
  if (!scenarios.has(id)) scenarios.set(id, loadScenario(id, gameData()));
  return scenarios.get(id)!;
};

/** Game i of a run as `chaco run` plays it (src/cli/run.ts playRange), without the log. */
function runGame(id: string, runSeed: string, i: number, options: string[] = [], s: Scenario = scenario(id)) {
  const seed = streamSeed(runSeed, i, 'game');
  return playGame(
    s,
    resolveOptions(s.options, options).options,
    [createPolicy('random', `${seed}:PAR`), createPolicy('random', `${seed}:BOL`)],
    seed,
  );
}

const opts = (o: Partial<ReplayOptions> & { out: string }): ReplayOptions => ({
  scenario: 'boqueron',
  seed: '1',
  game: 0,
  par: 'random',
  bol: 'random',
  options: [],
  ...o,
});

type Events = readonly GameEvent[];
const combatsOf = (ev: Events) => ev.filter((e) => e.type === 'combat') as Extract<GameEvent, { type: 'combat' }>[];
const capturesOf = (ev: Events) => ev.filter((e) => e.type === 'capture') as Extract<GameEvent, { type: 'capture' }>[];

/** The first game of Boquerón run seed 1 (random against random) whose log satisfies `wanted`. */
function findGame(wanted: (r: ReturnType<typeof playGame>, ev: Events) => boolean): number {
  const s = scenario('boqueron');
  for (let i = 0; i < 400; i++) {
    const seed = streamSeed('1', i, 'game');
    const r = playGame(
      s,
      resolveOptions(s.options, []).options,
      [createPolicy('random', `${seed}:PAR`), createPolicy('random', `${seed}:BOL`)],
      seed,
      { log: true },
    );
    if (wanted(r, r.events ?? [])) return i;
  }
  throw new Error('no game of the first 400 fits; widen the search');
}

// Games chosen by what happens in them, so a rules change moves the index, not the test:
// FULL is played to the end with several combats, a leader's and a terrain modifier, and captures by
// movement and by advance; SHORT ends by sudden death in the first Paraguayan player turn.
const FULL = findGame(
  (r, ev) =>
    r.end === 'scenario_end' &&
    combatsOf(ev).length >= 3 &&
    combatsOf(ev).some((c) => c.modifiers.some((m) => m.kind === 'leader')) &&
    combatsOf(ev).some((c) => c.modifiers.some((m) => m.kind === 'defenderTerrain')) &&
    capturesOf(ev).some((c) => c.how === 'advance') &&
    capturesOf(ev).some((c) => c.how === 'movement'),
);
const SHORT = findGame((r, ev) => r.end === 'sudden_death' && r.winner === 'BOL' && !ev.some((e) => e.type === 'phase' && e.side === 1));
// TRUCE: Bolivia refuses a truce just declared (not one continued, 6.4).
const truceBefore = (ev: Events, i: number) =>
  ev
    .slice(0, i)
    .reverse()
    .find((x) => x.type === 'truce') as Extract<GameEvent, { type: 'truce' }> | undefined;
const TRUCE = findGame((_r, ev) =>
  ev.some((e, i) => e.type === 'truce' && e.state === 'refused' && e.side === 1 && truceBefore(ev, i)?.state === 'started'),
);

describe('writeReplay', () => {
  const out = tmp();
  const summary = writeReplay(opts({ game: FULL, out }));
  const narrative = readFileSync(join(out, 'narrative.md'), 'utf8');
  const events = JSON.parse(readFileSync(join(out, 'events.json'), 'utf8')) as GameEvent[];

  test('result.json is the games.csv row of that game of the run', () => {
    const row = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));
    expect(row).toEqual(gameRow(FULL, runGame('boqueron', '1', FULL)));
    expect(summary.row).toEqual(row);
  });

  test('reproduces the row of other boquerón games and of a campaign game', () => {
    for (const i of [0, 1])
      expect(gameRow(i, replayGame(opts({ game: i, out })).recorded.result)).toEqual(gameRow(i, runGame('boqueron', '1', i)));
    const campaign = replayGame(opts({ scenario: 'campaign', seed: '4', game: 2, out }));
    expect(gameRow(2, campaign.recorded.result)).toEqual(gameRow(2, runGame('campaign', '4', 2)));
  });

  test('events.json is the full event log', () => {
    expect(events).toEqual(JSON.parse(JSON.stringify(replayGame(opts({ game: FULL, out })).recorded.events)));
    expect(events[events.length - 1]!.type).toBe('end');
  });

  test('log.txt is the events in English, a line each: turns, their phases indented under them, each combat with its odds and result', () => {
    const lines = readFileSync(join(out, 'log.txt'), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('Set-up');
    expect(lines).toHaveLength(events.length + 1);
    const s = scenario('boqueron');
    events.forEach((e, i) => {
      const line = lines[i + 1]!;
      if (e.type === 'turn') expect(line).toMatch(new RegExp(`^Turn ${e.turn + 1}: `));
      else if (e.type === 'phase') expect(line).toBe(`  ${e.side === 0 ? 'Paraguayan' : 'Bolivian'} player turn: ${e.phase} phase`);
      else if (i > 0 && events.slice(0, i).some((x) => x.type === 'phase')) expect(line).toMatch(/^ {4}\S/);
      if (e.type === 'combat') {
        const odds = e.belowLowest ? `<${s.tables.crtColumns[0]}` : s.tables.crtColumns[e.column];
        expect(line).toContain(`attacks ${hexLabel(s.map.grid, e.hexes[0]!)}`);
        expect(line).toContain(`odds ${odds}, roll ${e.roll}, modified ${e.modified}: `);
      }
      if (e.type === 'vp')
        expect(line).toMatch(
          new RegExp(`^ *${e.side === 0 ? 'Paraguay' : 'Bolivia'} ${e.delta > 0 ? '\\+' : ''}${e.delta} VP: .*; now ${e.total}$`),
        );
    });
    expect(lines.join('\n')).not.toMatch(/unit \d+|leader \d+|undefined/);
  });

  test('writes one map per player turn played, named by turn and side, and the set-up', () => {
    const supplyPhases = events.filter((e) => e.type === 'phase' && e.phase === 'supply') as Extract<GameEvent, { type: 'phase' }>[];
    const maps = readdirSync(out)
      .filter((f) => /^turn-\d\d-(PAR|BOL)\.svg$/.test(f))
      .sort();
    expect(maps).toHaveLength(supplyPhases.length);
    expect(maps).toHaveLength(12);
    expect(summary.maps.map((m) => m.file)).toEqual(
      ['01', '02', '03', '04', '05', '06'].flatMap((t) => [`turn-${t}-PAR.svg`, `turn-${t}-BOL.svg`]),
    );
    expect(readdirSync(out)).toContain('setup.svg');
    const svg = readFileSync(join(out, 'turn-03-BOL.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Turn 3 of 6 · November 1932 · end of the Bolivian player turn');
    expect(svg).toMatch(/Paraguay \d+ VP/);
    expect(svg).toContain('<g id="terrain"'); // the map underneath
  });

  test('a game that ends early has fewer maps', () => {
    const o = tmp();
    const s = writeReplay(opts({ game: SHORT, out: o }));
    expect(s.row.end).toBe('sudden_death');
    expect(s.maps.map((m) => m.file)).toEqual(['turn-01-PAR.svg']);
    expect(readdirSync(o).filter((f) => f.startsWith('turn-'))).toEqual(['turn-01-PAR.svg']);
    expect(readFileSync(join(o, 'turn-01-PAR.svg'), 'utf8')).toContain('Game over: Bolivia wins by sudden death');
  });

  test('the narrative names the turns, each combat with its odds, modifiers and roll, and the end', () => {
    for (const [t, month] of [
      [1, 'September 1932'],
      [3, 'November 1932'],
      [6, 'February 1933'],
    ] as const)
      expect(narrative).toContain(`## Turn ${t}: ${month}`);
    expect(narrative).toContain('### Paraguayan player turn');
    expect(narrative).toContain('### Bolivian player turn');
    const combats = combatsOf(events);
    expect(combats.length).toBeGreaterThanOrEqual(3);
    const columns = scenario('boqueron').tables.crtColumns;
    const crt = (r: { loss: number; retreat: boolean }) => `${r.loss === 0 ? '-' : r.loss === 100 ? 'E' : r.loss}${r.retreat ? 'R' : ''}`;
    for (const c of combats) {
      expect(narrative).toContain(`odds ${c.belowLowest ? `<${columns[0]}` : columns[c.column]}`);
      expect(narrative).toContain(`Roll ${c.roll}, modified ${c.modified}: **${crt(c.attacker)}/${crt(c.defender)}`);
    }
    expect(narrative).toMatch(/leader [A-ZÁÉÍÓÚ][a-záéíóúñ]+ [+-]\d \(12\.14\)/); // a leader modifier by name, with its rule
    expect(narrative).not.toMatch(/leader [PB]-[A-Z]/); // never the counter id
    expect(narrative).toMatch(/defender terrain -\d \(12\.13\)/);
    expect(narrative).toContain('## The end');
    const r = runGame('boqueron', '1', FULL);
    // VP are given Paraguay's first, whoever won.
    expect(narrative).toContain(
      `${r.winner === 'PAR' ? 'Paraguay' : 'Bolivia'} wins at the end of the scenario, turn 6 (February 1933). Final VP ${r.vpPar} to ${r.vpBol} (margin ${r.margin > 0 ? '+' : ''}${r.margin}`,
    );
    expect(narrative).toContain(`${r.level} victory`);
  });

  test('the narrative uses names and places, not indices', () => {
    const s = scenario('boqueron');
    for (const c of capturesOf(events)) {
      const place = s.map.places[s.map.place_h[c.hex]!]!;
      const label = hexLabel(s.map.grid, c.hex);
      expect(narrative).toContain(
        `${c.side === 0 ? 'Paraguay' : 'Bolivia'} takes ${label} (${place.name})${c.how === 'movement' ? ' by movement' : c.how === 'advance' ? ' by advance after combat' : ''}`,
      );
    }
    for (const e of events) {
      if (e.type === 'vp' && e.cause === 'settlementByMovement') {
        expect(narrative).toContain(
          `${e.side === 0 ? 'Paraguay' : 'Bolivia'} +${e.delta} VP: took ${s.map.places[s.map.place_h[e.hex]!]!.name} by movement (16.2); now ${e.total}`,
        );
      }
    }
    expect(narrative).toMatch(/\*\*Supply\*\* \(8\): LOC \d+ hexes, supply radius \d/);
    expect(narrative).toMatch(/Map: \[turn-01-PAR\.svg\]\(turn-01-PAR\.svg\)/);
    expect(narrative).not.toMatch(/unit \d+|leader \d+/);
  });
});

describe('narrate', () => {
  test('tells the Weather & Truce Check: a truce declared, refused and paid for', () => {
    const o = opts({ game: TRUCE, out: '' });
    const { scenario: s, recorded } = replayGame(o);
    const md = narrate({ scenario: s, options: parseOptions([]), runSeed: '1', game: TRUCE, par: 'random', bol: 'random', recorded });
    expect(md).toMatch(
      /- A truce is declared: second truce roll \d \(6\.1\)\n- Bolivia refuses the truce \(6\.2, I-6\)\n- Bolivia -10 VP: refused the truce \(6\.2\); now \d+/,
    );
    expect(md).toContain('**Paraguay** starts with 15 VP; army commander Estigarribia.');
  });
});

describe('the recorded positions', () => {
  test('are the positions at the end of each player turn', () => {
    const { recorded, scenario: s } = replayGame(opts({ game: FULL, out: '' }));
    const loc = Int16Array.from(recorded.setup.loc_u);
    const vp = [recorded.setup.vp_s[0]!, recorded.setup.vp_s[1]!];
    let i = 0;
    for (const snap of recorded.snapshots) {
      for (; i < snap.at; i++) {
        const e = recorded.events[i]!;
        if (e.type === 'move') for (const u of e.units) loc[u] = e.path[e.path.length - 1]!;
        if (e.type === 'retreat' || e.type === 'advance') loc[e.unit] = e.to;
        if (e.type === 'reinforcement') loc[e.unit] = e.hex;
        if (e.type === 'loss' && e.result !== 'reduced') loc[e.unit] = -2;
        if (e.type === 'vp') vp[e.side] = e.total;
      }
      for (let u = 0; u < loc.length; u++) {
        if (loc[u]! >= 0 || snap.state.loc_u[u]! >= 0)
          expect(snap.state.loc_u[u], `${s.counters.units[u]!.name} after turn ${snap.turn + 1} ${snap.side}`).toBe(loc[u]);
      }
      expect([snap.state.vp_s[0], snap.state.vp_s[1]]).toEqual(vp);
    }
    expect(recorded.snapshots.map((x) => `${x.turn}:${x.side}`)).toEqual([0, 1, 2, 3, 4, 5].flatMap((t) => [`${t}:0`, `${t}:1`]));
  });
});

describe('handicap', () => {
  test('a handicapped replay is the handicapped game', () => {
    const r = replayGame(opts({ game: FULL, handicap: [5, 0], out: '' }));
    expect(r.recorded.setup.vp_s[0]).toBe(20);
    expect(gameRow(FULL, r.recorded.result)).toEqual(
      gameRow(FULL, runGame('boqueron', '1', FULL, [], withHandicap(scenario('boqueron'), [5, 0]))),
    );
  });
});

describe('chaco replay', () => {
  const cli = () => {
    const program = new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
    registerReplay(program);
    return program;
  };
  const run = (...args: string[]) => cli().parseAsync(['node', 'chaco', 'replay', ...args]);

  test('writes the replay into --out', async () => {
    const out = tmp();
    const write = process.stdout.write;
    let printed = '';
    process.stdout.write = ((s: string) => {
      printed += s;
      return true;
    }) as typeof process.stdout.write;
    try {
      await run(
        'boqueron',
        '--seed',
        '1',
        '--game',
        String(SHORT),
        '--out',
        out,
        '--handicap',
        'BOL=+0',
        '--par',
        'random',
        '--bol',
        'random',
      );
    } finally {
      process.stdout.write = write;
    }
    expect(printed).toMatch(new RegExp(`boqueron game ${SHORT} of seed 1 \\(game seed 1:${SHORT}:game\\): BOL wins`));
    expect(printed).toContain(`wrote ${out}: viewer.html, narrative.md,`);
    expect(readdirSync(out).sort()).toEqual([
      'events.json',
      'log.txt',
      'narrative.md',
      'result.json',
      'setup.svg',
      'turn-01-PAR.svg',
      'viewer.html',
    ]);
  });

  test('bad arguments are usage errors', async () => {
    await expect(run('boqueron', '--game', 'x')).rejects.toThrow(UsageError);
    await expect(run('boqueron', '--game', '-1')).rejects.toThrow(UsageError);
    await expect(run('boqueron', '--game', '0', '--par', 'clever')).rejects.toThrow(/--par clever: no policy "clever"/);
    await expect(run('boqueron', '--game', '0', '--option', 'nosuch=1')).rejects.toThrow(UsageError);
    await expect(run('boqueron', '--game', '0', '--handicap', 'PAR5')).rejects.toThrow(UsageError);
    await expect(run('boqueron', '--game', '0', '--scale', '2')).rejects.toThrow(UsageError);
    await expect(run('boqueron')).rejects.toThrow(/--game/);
  });
});
