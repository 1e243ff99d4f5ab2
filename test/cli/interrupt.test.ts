// Ctrl-C keeps every finished game (issue 31: games of a shard behind an unfinished one were dropped,
// so a run stopped at "33/300 games" kept none). A real SIGINT, sent once the progress line shows games
// finished; nothing here depends on speed: the assertions hold whenever the signal lands, even after
// the last game.
import { describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

const GAMES = 300;
const DATA_FILES = [
  'games.csv',
  'summary.csv',
  'turns.csv',
  'settlements.csv',
  'blunders.csv',
  'win-rates.vl.json',
  'vp-by-turn.vl.json',
  'settlements-map.svg',
];

describe('Ctrl-C', () => {
  test("keeps every game finished up to the first unfinished one, says how many, and the same command resumes to an uninterrupted run's files", async () => {
    // One worker thread plays the games in order, so the games the progress line counts are games 0..N-1.
    const args = [
      'run',
      'boqueron',
      '--games',
      String(GAMES),
      '--seed',
      'ctrl-c',
      '--workers',
      '1',
      '--par',
      'random',
      '--bol',
      'random',
      '--no-replays',
      '--progress',
    ];
    const out = tmp();
    const child = spawn(process.execPath, ['bin/chaco.js', ...args, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
    const shown = await new Promise<number>((ok) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /boqueron: (\d+)\/\d+ games/.exec(err);
        if (m && Number(m[1]) > 0) ok(Number(m[1]));
      });
      void exited.then(() => ok(GAMES));
    });
    child.kill('SIGINT');
    const code = await exited;
    // Ctrl-C during the games stops them (130); after the last game, the run ends (0) or its report is cut short (130).
    expect([0, 130]).toContain(code);
    const kept = (JSON.parse(read(out, 'aggregate.json')) as { played: number }).played;
    if (kept < GAMES) {
      expect(code).toBe(130);
      expect(kept).toBeGreaterThanOrEqual(shown);
      expect((JSON.parse(read(out, 'run.json')) as { status: string }).status).toBe('interrupted');
      expect(err).toContain(
        `chaco: interrupted: kept ${kept} of ${GAMES} games (0–${kept - 1}, every game finished before the first unfinished one) in ${out}; the report covers them.\n  play the rest: `,
      );
      const rows = lines(read(out, 'games.csv')).slice(1);
      expect(rows.map((row) => Number(row.split(',')[0]))).toEqual(Array.from({ length: kept }, (_, i) => i));
    }

    const resumed = chaco([...args, '--out', out]);
    expect(resumed.code).toBe(0);
    if (kept < GAMES)
      expect(resumed.err).toContain(`chaco: resuming the run in ${out}: ${kept} of ${GAMES} games kept, playing the other ${GAMES - kept}`);
    const whole = tmp();
    expect(chaco([...args, '--out', whole]).code).toBe(0);
    for (const f of DATA_FILES) expect(read(out, f), f).toBe(read(whole, f));
    expect(JSON.parse(read(out, 'aggregate.json')).aggregate).toEqual(JSON.parse(read(whole, 'aggregate.json')).aggregate);
    expect(existsSync(join(out, 'games.csv.partial'))).toBe(false);
  }, 300_000); // two runs of 300 games and most of a third: a minute on a busy shared machine
});
