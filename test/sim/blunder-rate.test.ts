// The blunder rate tune holds a candidate to (issue 25: tuned blunders no more than balanced; docs/blunders.md).
import { describe, expect, test } from 'vitest';
import { blunderPenalty, blunderRate, blunderShares, RATED_BLUNDERS } from '../../src/sim/blunder-rate.js';
import { ATTRITION_STEPS, BLUNDERS, emptyBlunderCounts, LEADER_LOST, OVERSTACK, GHQ_OVERRUN } from '../../src/sim/blunders.js';

describe('blunder rate', () => {
  test('every kind counted once a game is rated; attrition steps and over-stacking are not', () => {
    expect(RATED_BLUNDERS).not.toContain(ATTRITION_STEPS);
    expect(RATED_BLUNDERS).not.toContain(OVERSTACK);
    expect(RATED_BLUNDERS).toHaveLength(BLUNDERS.length - 2);
  });

  test("the rate sums one side's shares of games with each kind; the other side's and the unrated kinds do not count", () => {
    const c = emptyBlunderCounts();
    c.games[LEADER_LOST]![0] = 3; // Paraguay lost a leader with his stack in 3 games of 20
    c.games[GHQ_OVERRUN]![0] = 1;
    c.games[LEADER_LOST]![1] = 7; // Bolivia's
    c.games[ATTRITION_STEPS]![0] = 20;
    expect(blunderShares(c, 0, 20)).toMatchObject({ leader_lost_with_stack: 0.15, ghq_overrun: 0.05 });
    expect(blunderRate(c, 0, 20)).toBeCloseTo(0.2, 12);
    expect(blunderRate(c, 1, 20)).toBeCloseTo(0.35, 12);
    expect(blunderRate(c, 0, 0)).toBe(0);
  });

  test('the penalty is the weight times the excess over the baseline, and never a reward for blundering less', () => {
    expect(blunderPenalty(2, 0.3, 0.1)).toBeCloseTo(0.4, 12);
    expect(blunderPenalty(2, 0.1, 0.3)).toBe(0);
    expect(blunderPenalty(0, 0.9, 0)).toBe(0);
  });
});
