// When games are decided, on hand-built games whose VP at the end of each turn and winner are given:
// the decision turn, the per-turn counts and their summary statistics are known in advance.
import { describe, expect, test } from 'vitest';
import {
  addDecided,
  decidedGames,
  decisionStats,
  decisionTurn,
  emptyDecided,
  mergeDecided,
  shareDecidedByTurn,
  vpLeader,
} from '../../src/sim/decided.js';

/** A game's end-of-turn VP from [PAR, BOL] pairs. */
const game = (...vp: [number, number][]) => vp.map((v) => ({ vp: v }));

describe('when games are decided (16.3: the side with more VP wins)', () => {
  test('16.3 the leader is the side with more VP, nobody on equal VP', () => {
    expect(vpLeader(10, 3)).toBe(0);
    expect(vpLeader(3, 10)).toBe(1);
    expect(vpLeader(5, 5)).toBe(-1);
  });

  test('a winner ahead from the first turn on is decided in turn 1', () => {
    expect(decisionTurn(game([12, 5], [20, 5], [30, 8]), 0)).toBe(1);
  });

  test('the decision turn follows the last turn ending with the loser ahead', () => {
    // BOL ahead after turn 2, PAR from turn 3 on: decided in turn 3.
    expect(decisionTurn(game([12, 5], [10, 15], [20, 15], [25, 15]), 0)).toBe(3);
    // Equal VP after turn 3 counts as not yet decided: turn 4.
    expect(decisionTurn(game([12, 5], [10, 15], [15, 15], [25, 15]), 0)).toBe(4);
  });

  test('16.3 a game ending on equal VP is decided by the coin flip at its last turn', () => {
    expect(decisionTurn(game([12, 5], [10, 10]), 1)).toBe(2);
  });

  test('a game ended early (16.1, 16.4) is decided by its end and counts with its final VP after it', () => {
    const d = emptyDecided(4);
    addDecided(d, game([5, 10], [40, 10]), 0); // PAR ahead from turn 2, the game over after turn 2
    expect(d.withLeader).toEqual([1, 1, 1, 1]);
    expect(d.leaderWins).toEqual([0, 1, 1, 1]);
    expect(d.decidedIn).toEqual([0, 1, 0, 0]);
  });

  test('per turn: games with a leader, leaders who win, and the share decided by each turn', () => {
    const d = emptyDecided(3);
    addDecided(d, game([10, 5], [12, 5], [14, 5]), 0); // decided in 1
    addDecided(d, game([10, 5], [5, 12], [5, 14]), 1); // decided in 2
    addDecided(d, game([5, 5], [12, 5], [14, 5]), 0); // no leader after turn 1; decided in 2
    addDecided(d, game([10, 5], [5, 12], [9, 9]), 0); // ends level, PAR wins the flip: decided in 3
    expect(d.withLeader).toEqual([3, 4, 3]);
    expect(d.leaderWins).toEqual([2, 3, 3]);
    expect(d.decidedIn).toEqual([1, 2, 1]);
    expect(decidedGames(d)).toBe(4);
    expect(shareDecidedByTurn(d)).toEqual([0.25, 0.75, 1]);
    const s = decisionStats(d);
    expect(s.mean).toBe(2);
    expect(s.median).toBe(2);
    // 90% of games are decided by turn 3 (75% by turn 2).
    expect(s.turn).toBe(3);
    expect(s.shareByTurn).toBe(1);
    expect(decisionStats(d, 0.75).turn).toBe(2);
  });

  test('the counts of two shards merged are the counts of all their games', () => {
    const a = emptyDecided(2),
      b = emptyDecided(2),
      both = emptyDecided(2);
    const g1 = game([3, 1], [3, 4]),
      g2 = game([1, 3], [1, 3]);
    addDecided(a, g1, 1);
    addDecided(b, g2, 1);
    addDecided(both, g1, 1);
    addDecided(both, g2, 1);
    expect(mergeDecided(a, b)).toEqual(both);
  });

  test('no games: no statistics', () => {
    expect(Number.isNaN(decisionStats(emptyDecided(3)).mean)).toBe(true);
  });
});
