// The positions the supply benches replay: the state and side at every `every`-th Movement Phase decision of
// `balanced` games of one scenario (game g's seeds from streamSeed(tag, g)), each state a clone, kept when
// `keep(view, side)` says so. Loads the compiled code under `root`/dist (npm run build first).
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

export async function movePositions(root, { scenario, games, tag, every = 20, keep = () => true }) {
  const load = (p) => import(pathToFileURL(join(root, 'dist', p)).href);
  const [{ playGame }, { DEFAULT_OPTIONS }, { loadGameData, loadScenario }, { createPolicy }, { streamSeed }, { cloneState }] =
    await Promise.all([
      load('core/play.js'),
      load('core/options.js'),
      load('data/load.js'),
      load('policy/index.js'),
      load('core/dice.js'),
      load('core/state.js'),
    ]);
  const s = loadScenario(scenario, loadGameData());
  const positions = [];
  let n = 0;
  for (let g = 0; g < games; g++) {
    const seed = streamSeed(tag, g, 'game');
    const taking = (p) => ({
      name: p.name,
      decide(d, view) {
        if (d.kind === 'move' && n++ % every === 0 && keep(view, d.side)) positions.push([cloneState(view), d.side]);
        return p.decide(d, view);
      },
    });
    playGame(
      s,
      DEFAULT_OPTIONS,
      [taking(createPolicy('balanced', `${seed}:PAR`, s)), taking(createPolicy('balanced', `${seed}:BOL`, s))],
      seed,
    );
  }
  return { scenario: s, positions };
}

/** movePositions where the deciding side's GHQ stands on the map (the positions a GHQ choice is made in). */
export const ghqPositions = (root, { scenario, games, tag }) =>
  movePositions(root, { scenario, games, tag, keep: (view, side) => view.ghq_s[side] >= 0 && view.ghq_s[side] < view.map.grid.size });
