// The replays of a run's telling games (closest, biggest wins, sudden death, settlement), written
// into its folder by chaco run and chaco merge.
import { join } from 'node:path';
import { loadPolicyModules } from '../policy/index.js';
import { writeReplay } from '../report/replay.js';
import type { RunSpec } from '../sim/spec.js';
import type { TellingGame } from '../sim/telling.js';

/**
 * Writes the replay of each telling game (closest, biggest wins, sudden death, settlement) into
 * DIR/replays/game-<i>/ with `chaco replay`'s writer; a game picked for several reasons is written once.
 */
export async function writeTellingReplays(dir: string, spec: RunSpec, picks: readonly TellingGame[]): Promise<{ pick: TellingGame; dir: string | null }[]> {
  await loadPolicyModules([spec.par, spec.bol]);
  const written = new Map<number, string>();
  for (const pick of picks) {
    if (written.has(pick.game)) continue;
    const rel = join('replays', `game-${pick.game}`);
    writeReplay({
      scenario: spec.scenario, seed: spec.seed, game: pick.game, par: spec.par, bol: spec.bol, options: spec.options,
      handicap: { PAR: spec.handicap[0], BOL: spec.handicap[1] }, dataDir: spec.dataDir, out: join(dir, rel),
    });
    written.set(pick.game, rel);
  }
  return picks.map((pick) => ({ pick, dir: written.get(pick.game) ?? null }));
}

