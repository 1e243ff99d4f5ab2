// 16.4 (the fair bid, a VP handicap) in words: which side gets the VP, at the bid and at each end of its interval.
import { describe, expect, test } from 'vitest';
import { bidInWords } from '../../src/report/balance-report.js';

describe('16.4: the fair bid in words', () => {
  test('a bid and its interval on one side name that side once', () => {
    expect(bidInWords(-12.3, -16.2, -8.4)).toBe('Bolivia +12 VP (8–16)');
    expect(bidInWords(8.1, 5.4, 11.1)).toBe('Paraguay +8 VP (5–11)');
  });

  test('a bid that rounds to 0 with its interval across 0 is none needed, each end with its side', () => {
    expect(bidInWords(0.3, -1.7, 3.3)).toBe('none needed: 0 VP (Bolivia +2 to Paraguay +3)');
  });

  test('a bid off 0 whose interval crosses 0 names the side of each end', () => {
    expect(bidInWords(0.7, -1.7, 3.3)).toBe('Paraguay +1 VP (Bolivia +2 to Paraguay +3)');
    expect(bidInWords(-1.2, -4.0, 0.6)).toBe('Bolivia +1 VP (Bolivia +4 to Paraguay +1)');
  });

  test('no bid found', () => {
    expect(bidInWords(Number.NaN, 0, 0)).toBe('no fair bid found');
  });
});
