// Games played one by one in this process with their event logs, not on the pool: one game of a run
// again for its replay, or the games of chaco history. Game i of a run with seed S is seeded as chaco
// run seeds it (I-41): streamSeed(S, i, 'game'), the policies `<seed>:PAR` and `<seed>:BOL`.
import type { Policy } from '../core/decisions.js';
import type { GameObserver } from '../core/events.js';
import type { RulesOptions } from '../core/options.js';
import { playGame, type GameResult } from '../core/play.js';
import type { Scenario } from '../core/scenario.js';
import { createPolicy } from '../policy/index.js';
import { gameSeed } from './chaco-game.js';
import { prepareRun, type RunSpec } from './spec.js';

const withLog = (scenario: Scenario, options: RulesOptions, policies: readonly [Policy, Policy], seed: string) =>
  playGame(scenario, options, policies, seed, { log: true });

/** The two policies of game `index` of a run, seeded as the run seeds them. */
function policiesOf(scenario: Scenario, par: string, bol: string, seed: string): [Policy, Policy] {
  return [createPolicy(par, `${seed}:PAR`, scenario), createPolicy(bol, `${seed}:BOL`, scenario)];
}

/**
 * Game `index` of the run `spec` played again with `observer` attached (a replay's recorder): the
 * scenario and options prepared exactly as chaco run prepares them (chart overrides, rules options,
 * handicap), the game's own seed and policies.
 */
export function replayRunGame(
  spec: RunSpec,
  index: number,
  observer: GameObserver,
): { scenario: Scenario; options: RulesOptions; gameSeed: string; result: GameResult } {
  const { scenario, options } = prepareRun(spec);
  const seed = gameSeed(spec.seed, index);
  return {
    scenario,
    options,
    gameSeed: seed,
    result: playGame(scenario, options, policiesOf(scenario, spec.par, spec.bol, seed), seed, { observer }),
  };
}

/** Games 0..games-1 of a run on a prepared scenario, each with its event log, handed to `onGame` in order. */
export function playLoggedGames(
  run: { scenario: Scenario; options: RulesOptions; par: string; bol: string; seed: string },
  games: number,
  onGame: (result: GameResult, index: number) => void,
): void {
  for (let i = 0; i < games; i++) {
    const seed = gameSeed(run.seed, i);
    onGame(withLog(run.scenario, run.options, policiesOf(run.scenario, run.par, run.bol, seed), seed), i);
  }
}
