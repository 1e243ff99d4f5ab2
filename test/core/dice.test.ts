import { describe, expect, test } from 'vitest';
import { forcedDice, seededDice, streamSeed } from '../../src/core/dice.js';

describe('I-41 seeded dice', () => {
  test('the same seed gives the same rolls', () => {
    const a = seededDice('7:0:dice'),
      b = seededDice('7:0:dice');
    const rollsA = Array.from({ length: 50 }, () => a.d6());
    expect(Array.from({ length: 50 }, () => b.d6())).toEqual(rollsA);
  });

  test('different games and purposes get different streams', () => {
    const roll = (seed: string) => Array.from({ length: 20 }, seededDice(seed).d6).join('');
    expect(roll(streamSeed(7, 0, 'dice'))).not.toBe(roll(streamSeed(7, 1, 'dice')));
    expect(roll(streamSeed(7, 0, 'dice'))).not.toBe(roll(streamSeed(7, 0, 'PAR')));
  });

  test('d6 is uniform over 1..6', () => {
    const d = seededDice('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[d.d6() - 1]!++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
  });
});

describe('forced dice for rule tests', () => {
  test('returns the rolls in order and fails loudly when they run out', () => {
    const d = forcedDice([6, 1, 3]);
    expect([d.d6(), d.d6(), d.int(4)]).toEqual([6, 1, 2]);
    expect(() => d.d6()).toThrow(/all 3 rolls used/);
  });
});
