import { describe, expect, test } from 'vitest';
import { emptyAggregate, mergeAggregates, aggregateShape } from '../../src/sim/aggregate.js';
import { playChunk } from '../../src/sim/chaco-game.js';
import { prepareRun } from '../../src/sim/spec.js';
import { randomSpec } from '../helpers/spec.js';

const spec = randomSpec('agg');

describe('aggregates', async () => {
  const whole = await playChunk({ spec, from: 0, to: 12 });
  const parts = await Promise.all(
    [
      [0, 3],
      [3, 7],
      [7, 12],
    ].map(([from, to]) => playChunk({ spec, from: from!, to: to! })),
  );
  const { scenario, options } = prepareRun(spec);
  const shape = aggregateShape(scenario, options);

  test('shards played apart give exactly the aggregate and rows of one shard', () => {
    const [a, b, c] = parts.map((p) => p.aggregate) as [typeof whole.aggregate, typeof whole.aggregate, typeof whole.aggregate];
    expect(mergeAggregates(mergeAggregates(a, b), c)).toEqual(whole.aggregate);
    expect(parts.map((p) => p.csv).join('')).toBe(whole.csv);
    expect([...parts.flatMap((p) => [...p.margin_g])]).toEqual([...whole.margin_g]);
  });

  test('merging is associative and does not depend on the order', () => {
    const [a, b, c] = parts.map((p) => p.aggregate) as [typeof whole.aggregate, typeof whole.aggregate, typeof whole.aggregate];
    const abc = mergeAggregates(mergeAggregates(a, b), c);
    expect(mergeAggregates(a, mergeAggregates(b, c))).toEqual(abc);
    expect(mergeAggregates(mergeAggregates(c, b), a)).toEqual(abc);
    expect(mergeAggregates(b, mergeAggregates(emptyAggregate(shape), mergeAggregates(c, a)))).toEqual(abc);
  });

  test('counts add up: every game has one winner, one end, one level and one end turn', () => {
    const g = whole.aggregate;
    expect(g.games).toBe(12);
    expect(g.wins[0]! + g.wins[1]!).toBe(12);
    expect(g.levels.flat().reduce((x, y) => x + y)).toBe(12);
    expect(g.ends.flat().reduce((x, y) => x + y)).toBe(12);
    expect(g.turns.reduce((n, t) => n + t.ended.reduce((x, y) => x + y), 0)).toBe(12);
    expect(g.turns[0]!.playing).toBe(12);
    expect(g.turns.every((t) => t.vpPar.counts.reduce((x, y) => x + y) === 12)).toBe(true);
    expect(g.settlements.gamesChanged.length).toBe(shape.settlements);
    // captures per side from the log equal the engine's own count
    expect(g.settlements.capturesPar.reduce((x, y) => x + y)).toBe(g.captured[0]);
    expect(g.settlements.capturesBol.reduce((x, y) => x + y)).toBe(g.captured[1]);
  });
});
