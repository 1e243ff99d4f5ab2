// A run's report is a function of games.csv and aggregate.json (issue 31): a rerun of a finished run
// whose report was cut short (a Ctrl-C or a full disk while it was written) writes what is missing,
// byte-identical to what the run wrote, without playing a game.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chaco, tmp } from '../helpers/cli.js';

/** Every file under dir (relative path → bytes). */
function snapshot(dir: string, under = ''): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(join(dir, under)).sort()) {
    const rel = join(under, name);
    if (statSync(join(dir, rel)).isDirectory()) for (const [k, v] of snapshot(dir, rel)) files.set(k, v);
    else files.set(rel, readFileSync(join(dir, rel)));
  }
  return files;
}

/** Leaves only what the games left when the report was cut off: games.csv (or games.csv.partial) and aggregate.json. */
function cutReport(dir: string): void {
  for (const name of readdirSync(dir))
    if (name !== 'games.csv' && name !== 'aggregate.json' && name !== '.chaco.lock')
      rmSync(join(dir, name), { recursive: true, force: true });
}

describe("a finished run's report is rebuilt from games.csv and aggregate.json", () => {
  const args = ['run', 'boqueron', '--games', '12', '--seed', 'rebuild', '--workers', '1', '--par', 'random', '--bol', 'random'];
  const out = tmp();
  const first = chaco([...args, '--out', out]);
  const whole = snapshot(out);
  whole.delete('.chaco.lock');

  test('the run wrote its report and replays', () => {
    expect(first.code).toBe(0);
    expect([...whole.keys()]).toEqual(expect.arrayContaining(['summary.csv', 'index.html', 'run.json', 'win-rates.svg']));
    expect([...whole.keys()].some((f) => f.startsWith('replays/game-') && f.endsWith('viewer.html'))).toBe(true);
  });

  test('with only games.csv and aggregate.json left, a rerun writes the rest byte-identical, playing no game', () => {
    cutReport(out);
    writeFileSync(join(out, 'index.html.tmp-4242'), '<html'); // a write cut short by the kill
    const r = chaco([...args, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `chaco: the run in ${out} is complete (12 games); writing what its report misses (summary.csv, turns.csv, settlements.csv and `,
    );
    expect(r.err).toContain('from games.csv and aggregate.json, playing no game');
    expect(r.out).toContain('boqueron: 12 games, PAR random vs BOL random, seed rebuild');
    const rebuilt = snapshot(out);
    rebuilt.delete('.chaco.lock');
    expect([...rebuilt.keys()]).toEqual([...whole.keys()]);
    for (const [file, bytes] of whole) expect(rebuilt.get(file)!.equals(bytes), file).toBe(true);
  });

  test('cut off before games.csv.partial was renamed, the rerun renames it and rebuilds the same report', () => {
    cutReport(out);
    renameSync(join(out, 'games.csv'), join(out, 'games.csv.partial'));
    const r = chaco([...args, '--out', out, '--quiet']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(existsSync(join(out, 'games.csv.partial'))).toBe(false);
    const rebuilt = snapshot(out);
    rebuilt.delete('.chaco.lock');
    expect([...rebuilt.keys()]).toEqual([...whole.keys()]);
    for (const [file, bytes] of whole) expect(rebuilt.get(file)!.equals(bytes), file).toBe(true);
  });

  test('one chart or one replay missing is written again; a whole folder has nothing to play', () => {
    const replay = [...whole.keys()]
      .find((f) => f.startsWith('replays/game-'))!
      .split('/')
      .slice(0, 2)
      .join('/');
    rmSync(join(out, replay), { recursive: true });
    rmSync(join(out, 'vp-by-turn.svg'));
    const r = chaco([...args, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`writing what its report misses (vp-by-turn.svg, ${replay})`);
    for (const [file, bytes] of whole) expect(readFileSync(join(out, file)).equals(bytes), file).toBe(true);
    const again = chaco([...args, '--out', out]);
    expect(again.code).toBe(0);
    expect(again.out).toBe(`boqueron: the run in ${out} is complete (12 games); nothing to play\n`);
  });
});
