import { describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

describe('chaco run', () => {
  test('games.csv and the replays are byte-identical in the main thread and on 2 workers; the folder holds the documented files', () => {
    const args = ['run', 'boqueron', '--games', '40', '--seed', '7', '--handicap', 'PAR=+3', '--option', 'fixedSettlementVP=true'];
    const [one, two] = ['0', '2'].map((w) => {
      const out = tmp();
      const r = chaco([...args, '--workers', w, '--out', out]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^boqueron: 40 games, PAR random vs BOL random, seed 7\nwins {8}PAR \d+\.\d% \(95% /);
      return out;
    }) as [string, string];
    const csv = read(one, 'games.csv');
    expect(read(two, 'games.csv')).toBe(csv);
    for (const f of [
      'summary.csv',
      'turns.csv',
      'settlements.csv',
      'blunders.csv',
      'vp-sources.csv',
      'decided.csv',
      'win-rates.vl.json',
      'settlements-map.svg',
      'blunders.vl.json',
      'vp-sources.vl.json',
    ])
      expect(read(two, f), f).toBe(read(one, f));
    // The telling replays: written by the main thread with --workers 0, on the worker threads with 2.
    const replays = readdirSync(join(one, 'replays')).sort();
    expect(replays.length).toBeGreaterThan(0);
    expect(readdirSync(join(two, 'replays')).sort()).toEqual(replays);
    for (const g of replays)
      for (const f of readdirSync(join(one, 'replays', g)))
        expect(read(two, join('replays', g, f)), `${g}/${f}`).toBe(read(one, join('replays', g, f)));

    const rows = lines(csv);
    expect(rows).toHaveLength(41);
    expect(rows[0]).toBe(
      'game,seed,winner,vp_par,vp_bol,margin,level,end,end_turn,truce_turns,rain_turns,steps_lost_par,steps_lost_bol,eliminated_par,eliminated_bol,captured_par,captured_bol,ghq_moves_par,ghq_moves_bol,supply_moves_par,supply_moves_bol',
    );
    expect(rows[1]).toMatch(
      /^0,7:0:game,(PAR|BOL),-?\d+,-?\d+,-?\d+,(decisive|substantive|marginal|tie),(scenario_end|sudden_death|settlement),\d,/,
    );
    for (const row of rows.slice(1)) {
      const [, , , vpPar, vpBol, margin] = row.split(',');
      expect(Number(margin)).toBe(Number(vpPar) - Number(vpBol));
    }
    const files = readdirSync(one);
    for (const f of [
      'summary.csv',
      'turns.csv',
      'settlements.csv',
      'blunders.csv',
      'vp-sources.csv',
      'decided.csv',
      'run.json',
      'index.html',
    ])
      expect(files).toContain(f);
    expect(files.filter((f) => f.endsWith('.vl.json'))).toHaveLength(9); // the six run charts, VP sources, decided and the blunders chart
    expect(files.filter((f) => f.endsWith('.svg'))).toHaveLength(9);
    const run = JSON.parse(read(one, 'run.json'));
    expect(run).toMatchObject({
      version: expect.any(String),
      seed: '7',
      games: 40,
      played: 40,
      status: 'complete',
      workers: 0,
      policies: { PAR: 'random', BOL: 'random' },
      handicap: { PAR: 3, BOL: 0 },
      startingVp: { PAR: 18, BOL: 20 },
      options: {
        given: ['fixedSettlementVP=true'],
        rules: { fixedSettlementVP: true, unnamedSettlements: false },
        from: { fixedSettlementVP: 'command line', mountedCavalry: 'default' },
      },
      scenario: { id: 'boqueron', dataHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
      reproduce: 'chaco run boqueron --seed 7 --par random --bol random --option fixedSettlementVP=true --handicap PAR=+3 --games 40',
    });
  });

  test("run.json's command quotes an argument with a space, so pasted into a shell it names the same folder", () => {
    const out = join(tmp(), 'a folder');
    expect(chaco(['run', 'boqueron', '--games', '2', '--workers', '0', '--no-replays', '--out', out]).code).toBe(0);
    const command = (JSON.parse(read(out, 'run.json')) as { command: string }).command;
    expect(command).toContain(`--out '${out}'`);
  });

  test('bad options get clear errors and exit code 2', () => {
    const cases: [string[], RegExp][] = [
      [['--games', '0'], /--games 0: give a whole number of at least 1/],
      [['--option', 'mountedCavalry=maybe'], /option mountedCavalry=maybe: allowed values are false, true/],
      [
        ['--option', 'tables.victoryLevels.margin=40'],
        /option tables\.victoryLevels\.margin=40: tables\.victoryLevels has no "margin" \(keys: rule, levels, settlementMargin\)/,
      ],
      [['--handicap', 'PAR5'], /handicap "PAR5": write SIDE=VP/],
      [['--par', 'clever'], /--par clever: no policy "clever" \(policies: random, passive/],
    ];
    for (const [args, message] of cases) {
      const r = chaco(['run', 'boqueron', '--out', join(tmp(), 'x'), ...args]);
      expect(r.err, args.join(' ')).toMatch(message);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });

  test('a failing game keeps every game before it, writes the report and says how to reproduce it', () => {
    const out = tmp();
    const r = chaco(['run', 'boqueron', '--games', '60', '--seed', 'f', '--workers', '2', '--out', out, '--quiet'], {
      CHACO_FAIL_GAME: '23',
    });
    expect(r.code).toBe(1);
    expect(r.err).toContain('chaco: game 23 failed: CHACO_FAIL_GAME=23: this game fails on purpose');
    expect(r.err).toContain('game index 23 (game seed f:23:game)');
    expect(r.err).toContain('reproduce: chaco run boqueron --seed f --par random --bol random --games 1 --first 23');
    expect(r.err).toContain('play the rest: chaco run boqueron --seed f --par random --bol random --games 37 --first 23');
    const rows = lines(read(out, 'games.csv'));
    expect(rows).toHaveLength(24);
    expect(rows.slice(1).map((row) => Number(row.split(',')[0]))).toEqual(Array.from({ length: 23 }, (_, i) => i));
    const run = JSON.parse(read(out, 'run.json'));
    expect(run).toMatchObject({ status: 'failed', played: 23, failure: { game: 23, seed: 'f:23:game' } });
    expect(lines(read(out, 'summary.csv'))[1]).toMatch(/^PAR,23,/);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  test('Ctrl-C keeps the finished games in order and writes the report', async () => {
    const out = tmp();
    const child = spawn(
      process.execPath,
      ['bin/chaco.js', 'run', 'boqueron', '--games', '20000', '--workers', '2', '--par', 'random', '--bol', 'random', '--out', out],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    // wait until some games are written
    for (let i = 0; i < 200; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      if (existsSync(join(out, 'games.csv.partial')) && lines(read(out, 'games.csv.partial')).length > 1) break;
    }
    child.kill('SIGINT');
    const code = await new Promise<number | null>((ok) => child.on('exit', (c) => ok(c)));
    expect(code).toBe(130);
    expect(err).toContain('chaco: stopping; the games in progress get 2 s to finish');
    const rows = lines(read(out, 'games.csv')).slice(1);
    expect(rows.map((row) => Number(row.split(',')[0]))).toEqual(Array.from({ length: rows.length }, (_, i) => i));
    const run = JSON.parse(read(out, 'run.json'));
    expect(run).toMatchObject({ status: 'interrupted', played: rows.length });
    expect(run.resume).toBe(`chaco run boqueron --seed 1 --par random --bol random --games 20000 --out ${out}`);
    expect(rows.length).toBeLessThan(20000);
  });
});

describe('telling games (chaco run and chaco replay)', () => {
  test("the run replays its telling games; each replay's result.json is that game's games.csv row", () => {
    const out = tmp();
    const r = chaco(['run', 'boqueron', '--games', '30', '--seed', '3', '--workers', '2', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/replays {5}\d telling games? in /);
    const html = read(out, 'index.html');
    expect(html).toContain('<h2>Telling games</h2>');
    expect(html).toContain('the closest game');
    const rows = lines(read(out, 'games.csv'));
    const header = rows[0]!.split(',');
    const games = readdirSync(join(out, 'replays'));
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) {
      const index = Number(g.replace('game-', ''));
      expect(html).toContain(`replays/game-${index}/narrative.md`);
      expect(html).toContain(`replays/game-${index}/viewer.html`);
      expect(existsSync(join(out, 'replays', g, 'viewer.html'))).toBe(true);
      const result = JSON.parse(read(join(out, 'replays', g), 'result.json')) as Record<string, unknown>;
      const row = rows[index + 1]!.split(',');
      expect(header.map((k) => String(result[k]))).toEqual(row);
    }
  });

  test('after the games, the telling replays and the report are told on stderr with --progress (issue 31: seconds of silence after 100%)', () => {
    const out = tmp();
    const r = chaco(['run', 'boqueron', '--games', '10', '--seed', '3', '--workers', '0', '--progress', '--out', out]);
    expect(r.code).toBe(0);
    const replays = readdirSync(join(out, 'replays')).length;
    expect(r.err).toContain(`boqueron: replaying the telling games (${replays} game${replays === 1 ? '' : 's'})\n`);
    // The report's files: everything in the folder but the games, their aggregate and the replays.
    const reportFiles = readdirSync(out).filter(
      (f) => !['games.csv', 'aggregate.json', 'replays'].includes(f) && !f.startsWith('.'),
    ).length;
    expect(r.err).toContain(`boqueron: writing the report (${reportFiles} files)\n`);
    expect(r.err.indexOf('replaying the telling games')).toBeLessThan(r.err.indexOf('writing the report'));
  });

  test('--no-replays writes none and the page gives the replay command instead', () => {
    const out = tmp();
    expect(chaco(['run', 'boqueron', '--games', '10', '--seed', '3', '--workers', '1', '--no-replays', '--out', out]).code).toBe(0);
    expect(existsSync(join(out, 'replays'))).toBe(false);
    expect(read(out, 'index.html')).toMatch(/chaco replay boqueron --seed 3 --game \d+ --par random --bol random/);
  });
});
