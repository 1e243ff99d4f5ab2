// The toolkit plays any game through its GameModule (sim/game-module.ts): a made-up dice game, which
// shares nothing with Chaco, played through the same pool (in this thread), runner and shards that
// play Chaco. Its rows come in game order with a header of its own columns, its aggregate is the sum of
// its games whatever the shards, its seeds are its own, and a failing game is named with its seed.
import { describe, expect, test } from 'vitest';
import seedrandom from 'seedrandom';
import type { GameModule, PlayedGame } from '../../src/sim/game-module.js';
import { createPool } from '../../src/sim/pool.js';
import { runGames } from '../../src/sim/runner.js';
import { csvHeader } from '../../src/sim/shard.js';

interface DiceSpec {
  readonly seed: string;
  /** Sides of each die. */
  readonly faces: number;
  /** A game that throws (the failure path), or -1. */
  readonly failAt: number;
}
/** Wins of each side and the total of all rolls. */
interface DiceTally {
  wins: [number, number, number];
  pips: number;
}

const dice: GameModule<DiceSpec, DiceTally, null> = {
  sides: ['RED', 'BLUE'],
  columns: ['game', 'red', 'blue'],
  workerFile: () => '/nowhere/dice-worker.js',
  gameSeed: (runSeed, index) => `${runSeed}/${index}`,
  open: (spec) =>
    Promise.resolve({
      play(index, seed): PlayedGame<DiceTally> {
        if (index === spec.failAt) throw new Error('the die fell off the table');
        const rng = seedrandom(seed);
        const red = 1 + Math.floor(rng() * spec.faces),
          blue = 1 + Math.floor(rng() * spec.faces);
        const winner = red > blue ? 0 : blue > red ? 1 : 2;
        const add = (t: DiceTally) => {
          t.wins[winner]++;
          t.pips += red + blue;
        };
        return {
          row: { game: index, red, blue },
          margin: red - blue,
          winner,
          end: 0,
          endTurn: 1,
          addTo(aggregate, alone) {
            add(aggregate);
            if (alone) add(alone);
          },
        };
      },
    }),
  shape: () => null,
  emptyAggregate: () => ({ wins: [0, 0, 0], pips: 0 }),
  mergeAggregates: (a, b) => ({ wins: [a.wins[0] + b.wins[0], a.wins[1] + b.wins[1], a.wins[2] + b.wins[2]], pips: a.pips + b.pips }),
  failureMessage: (err) => `dice: ${err.message}`,
  userCode: () => [null, null],
  mapPaths: (spec) => spec,
  withDataDir: (spec) => spec,
  inputs: () => ({}),
  describe: (spec, from, to) => `dice ${spec.seed} ${from}-${to - 1}`,
};

/** Plays `games` of the dice game on a pool in this thread with shards of `chunk`: the csv text and the outcome. */
async function play(spec: DiceSpec, games: number, chunk: number) {
  const pool = createPool(dice, 0);
  let csv = '';
  const outcome = await runGames(pool, spec, null, { games, chunkSize: chunk, onChunk: (c) => (csv += c.csv) });
  await pool.close();
  return { csv, outcome };
}

describe('the toolkit plays another game through its module', () => {
  test('rows in game order under its own columns, the same for any shard size; the aggregate sums every game', async () => {
    const spec = { seed: 'd', faces: 6, failAt: -1 };
    const a = await play(spec, 40, 7),
      b = await play(spec, 40, 40);
    expect(a.csv).toBe(b.csv);
    const rows = a.csv.trim().split('\n');
    expect(rows).toHaveLength(40);
    expect(rows.map((r) => Number(r.split(',')[0]))).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(csvHeader(dice.columns)).toBe('game,red,blue\n');
    const pips = rows.reduce((s, r) => s + Number(r.split(',')[1]) + Number(r.split(',')[2]), 0);
    expect(a.outcome.aggregate.pips).toBe(pips);
    expect(a.outcome.aggregate.wins.reduce((x, y) => x + y, 0)).toBe(40);
    expect(a.outcome.aggregate).toEqual(b.outcome.aggregate);
  });

  test('a failing game stops the run there, named with its own seed and message; the games before it are kept', async () => {
    const { csv, outcome } = await play({ seed: 'd', faces: 6, failAt: 13 }, 30, 5);
    expect(outcome.played).toBe(13);
    expect(csv.trim().split('\n')).toHaveLength(13);
    expect(outcome.failure).toMatchObject({ game: 13, seed: 'd/13', message: 'dice: the die fell off the table' });
  });
});
