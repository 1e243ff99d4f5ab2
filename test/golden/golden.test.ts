// Golden games: one fixed-seed game per scenario, the default policies on both sides, whose complete
// event log and result are committed beside this file. A rules change shows up as a diff of these
// files; when the change is meant, regenerate them (npm run golden) and say why in the commit.
import { describe, expect, test } from 'vitest';
import { streamSeed } from '../../src/core/dice.js';
import { playGame } from '../../src/core/play.js';
import { createPolicy } from '../../src/policy/index.js';
import { prepareRun } from '../../src/sim/spec.js';
import { gameRow } from '../../src/sim/game-row.js';
import { DEFAULT_DATA_DIR, listScenarioIds } from '../../src/data/load.js';

const POLICY = 'balanced'; // the runner's default on both sides
const RUN_SEED = 'golden', GAME = 0;

/** The game as `chaco run <id> --seed golden` plays game 0, with its event log: one event a line. */
function golden(id: string, rulesOptions: string[] = []): string {
  const { scenario, options } = prepareRun({ scenario: id, dataDir: DEFAULT_DATA_DIR, options: rulesOptions, par: POLICY, bol: POLICY, handicap: [0, 0], seed: RUN_SEED, check: false });
  const seed = streamSeed(RUN_SEED, GAME, 'game');
  const r = playGame(scenario, options, [createPolicy(POLICY, `${seed}:PAR`, scenario), createPolicy(POLICY, `${seed}:BOL`, scenario)], seed, { log: true, checkInvariants: true });
  const head = { scenario: id, runSeed: RUN_SEED, game: GAME, policies: { PAR: POLICY, BOL: POLICY }, result: gameRow(GAME, r) };
  return `${JSON.stringify(head)}\n${(r.events ?? []).map((e) => JSON.stringify(e)).join('\n')}\n`;
}

describe('golden games (chaco run <scenario> --seed golden, game 0, balanced against balanced)', () => {
  test('there is a golden game for every scenario', () => {
    expect(listScenarioIds().sort()).toEqual(['alihuata', 'ballivian', 'boqueron', 'campaign', 'villa-montes']);
  });
  test('a rules change shows in the log: 16.5 fixed settlement VP changes the Boquerón game', () => {
    expect(golden('boqueron', ['fixedSettlementVP=true'])).not.toBe(golden('boqueron'));
  });
  for (const id of listScenarioIds()) {
    test(`${id}: the event log is the committed one`, async () => {
      await expect(golden(id)).toMatchFileSnapshot(`./${id}.jsonl`);
    });
  }
});
