// Positions to check invariants on: the states met while random (or other) policies play whole games.
import { playGame } from '../../src/core/play.js';
import { DEFAULT_OPTIONS } from '../../src/core/options.js';
import type { Decision, GameView, Policy } from '../../src/core/decisions.js';
import type { GameState } from '../../src/core/state.js';
import { loadScenario } from '../../src/data/load.js';
import { createPolicy } from '../../src/policy/index.js';
import { gameData } from './data.js';

/** Plays `games` random games of the scenario and calls `check` on the state at every `every`-th decision. */
export function forEachRandomPosition(id: string, games: number, every: number, check: (state: GameState) => void): void {
  forEachPosition(id, 'random', games, every, (state) => check(state));
}

/** Plays `games` games of the scenario, `policy` on both sides, and calls `check` on the state at every `every`-th decision. */
export function forEachPosition(
  id: string,
  policy: string,
  games: number,
  every: number,
  check: (state: GameState, decision: Decision) => void,
): void {
  const scenario = loadScenario(id, gameData());
  let n = 0;
  const checking = (inner: Policy): Policy => ({
    name: inner.name,
    decide<D extends Decision>(decision: D, view: GameView) {
      if (n++ % every === 0) check(view, decision);
      return inner.decide(decision, view);
    },
  });
  for (let g = 0; g < games; g++) {
    const seed = `positions-${g}`;
    playGame(
      scenario,
      DEFAULT_OPTIONS,
      [checking(createPolicy(policy, `${seed}:PAR`, scenario)), checking(createPolicy(policy, `${seed}:BOL`, scenario))],
      seed,
    );
  }
}
