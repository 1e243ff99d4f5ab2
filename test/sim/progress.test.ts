import { afterEach, describe, expect, test, vi } from 'vitest';
import { createProgress, formatRate } from '../../src/sim/progress.js';

// A stream that records what is written; isTTY as given.
function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, s: { isTTY, write: (t: string) => { written.push(t); return true; } } as unknown as NodeJS.WriteStream };
}

describe('progress on stderr', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  test('not a terminal: nothing is written, however long the run takes', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { written, s } = stream(false);
    const p = createProgress(100, 'boqueron', { stream: s });
    for (let i = 1; i <= 100; i++) { now += 10_000; p.update(i); }
    p.stop();
    expect(written).toEqual([]);
  });

  test('not a terminal with --progress: a line every 5 s and a last one', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { written, s } = stream(false);
    const p = createProgress(10, 'boqueron', { stream: s, lines: true });
    now = 1000; p.update(1); // under 5 s: silent
    now = 6000; p.update(5);
    now = 7000; p.update(10);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^boqueron: 5\/10 games \(50%\), 1.2 s a game, ETA 6 s\n$/);
    expect(written[1]).toMatch(/^boqueron: 10\/10 games \(100%\)/);
  });

  test('--quiet wins over --progress', () => {
    const { written, s } = stream(true);
    const p = createProgress(10, 'boqueron', { stream: s, quiet: true, lines: true });
    p.update(10); p.stop();
    expect(written).toEqual([]);
  });
});

describe('the rate of play in words', () => {
  test('fast runs in whole games a second, slow ones with a decimal, a search slower than a game a second in seconds a game', () => {
    expect(formatRate(132.4)).toBe('132 games/s');
    expect(formatRate(3.456)).toBe('3.5 games/s');
    expect(formatRate(0.08)).toBe('12.5 s a game');
    expect(formatRate(0)).toBe('? games/s');
  });
});
