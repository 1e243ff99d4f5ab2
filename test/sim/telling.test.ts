// Telling games (sim/telling.ts): a run resumed or merged picks its telling games from the games.csv rows
// it kept, and must pick exactly what it would have picked from the shards, whatever the seed's text
// (a seed with a comma and quotes is quoted in games.csv).
import { describe, expect, test } from 'vitest';
import { playChunk } from '../../src/sim/chaco-game.js';
import { TellingGames } from '../../src/sim/telling.js';
import { randomSpec } from '../helpers/spec.js';

describe('telling games', () => {
  test.each(['plain', 'a,"quoted" seed'])('from kept games.csv rows the same picks as from the shards (seed %s)', async (seed) => {
    const c = await playChunk({ spec: randomSpec(seed), from: 5, to: 25 });
    const fromShards = new TellingGames(),
      fromRows = new TellingGames();
    fromShards.add(c);
    fromRows.addRows(c.csv.trimEnd().split('\n'));
    expect(fromRows.picks()).toEqual(fromShards.picks());
    expect(fromShards.picks().length).toBeGreaterThanOrEqual(3);
  });

  test('rows out of game order are refused, naming the row', () => {
    const t = new TellingGames();
    const row = (g: number) => `${g},s,PAR,20,10,10,minor,scenario_end,6,0,0,1,2,0,0,0,0,0,0,0,0`;
    expect(() => t.addRows([row(3), row(5)])).toThrow('games.csv: row 2 is game 5, expected 4 (games in order)');
  });
});
