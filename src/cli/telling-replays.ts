// The replays of a run's telling games (closest, biggest wins, sudden death, settlement), written
// into its folder by chaco run and chaco merge.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadPolicyModules } from '../policy/index.js';
import { replayOptions, writeReplay, type ReplayOptions } from '../report/replay.js';
import type { RunSpec } from '../sim/spec.js';
import type { TellingGame } from '../sim/telling.js';

/** A replay's folder, relative to the run's. */
export const replayFolder = (game: number) => join('replays', `game-${game}`);

/** Is the replay of this game in dir whole? viewer.html is the last file writeReplay writes. */
export const hasReplay = (dir: string, game: number) => existsSync(join(dir, replayFolder(game), 'viewer.html'));

/**
 * Writes the replay of each telling game (closest, biggest wins, sudden death, settlement) into
 * DIR/replays/game-<i>/ with `chaco replay`'s writer; a game picked for several reasons is written once,
 * a replay already whole there (a resumed or rebuilt report) is kept, and the replays of games no longer
 * picked (a report of fewer games, cut short) are removed. `onReplay` is told how many are written. With
 * `writer` (a run's worker threads, warm from its games) they are written there, all at once; else one by one here.
 */
export async function writeTellingReplays(
  dir: string,
  spec: RunSpec,
  picks: readonly TellingGame[],
  onReplay?: (done: number, total: number) => void,
  writer?: (opts: ReplayOptions) => Promise<void>,
): Promise<{ pick: TellingGame; dir: string | null }[]> {
  const games = [...new Set(picks.map((p) => p.game))];
  const todo = games.filter((g) => !hasReplay(dir, g));
  const options = (game: number) => replayOptions(spec, game, join(dir, replayFolder(game)));
  if (writer !== undefined) {
    let done = 0;
    onReplay?.(0, todo.length);
    await Promise.all(todo.map((game) => writer(options(game)).then(() => onReplay?.(++done, todo.length))));
  } else {
    await loadPolicyModules([spec.par, spec.bol]);
    todo.forEach((game, k) => {
      onReplay?.(k, todo.length);
      writeReplay(options(game));
    });
    if (todo.length > 0) onReplay?.(todo.length, todo.length);
  }
  const replays = join(dir, 'replays');
  if (existsSync(replays)) {
    for (const name of readdirSync(replays))
      if (/^game-\d+$/.test(name) && !games.includes(Number(name.slice(5)))) rmSync(join(replays, name), { recursive: true, force: true });
  }
  return picks.map((pick) => ({ pick, dir: replayFolder(pick.game) }));
}
