import { afterEach, describe, expect, test, vi } from 'vitest';
import { createPhase, createProgress, formatRate } from '../../src/sim/progress.js';

// A stream that records what is written; isTTY as given.
function stream(isTTY: boolean) {
  const written: string[] = [];
  return {
    written,
    s: {
      isTTY,
      write: (t: string) => {
        written.push(t);
        return true;
      },
    } as unknown as NodeJS.WriteStream,
  };
}

describe('progress on stderr', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('not a terminal: nothing is written, however long the run takes', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { written, s } = stream(false);
    const p = createProgress(100, 'boqueron', { stream: s });
    for (let i = 1; i <= 100; i++) {
      now += 10_000;
      p.update(i);
    }
    p.stop();
    expect(written).toEqual([]);
  });

  test('not a terminal with --progress: a line every 5 s and a last one', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { written, s } = stream(false);
    const p = createProgress(10, 'boqueron', { stream: s, lines: true });
    now = 1000;
    p.update(1); // under 5 s: silent
    now = 6000;
    p.update(5);
    now = 7000;
    p.update(10);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^boqueron: 5\/10 games \(50%\), 1.2 s a game, ETA 6 s\n$/);
    expect(written[1]).toMatch(/^boqueron: 10\/10 games \(100%\)/);
  });

  test('--quiet wins over --progress', () => {
    const { written, s } = stream(true);
    const p = createProgress(10, 'boqueron', { stream: s, quiet: true, lines: true });
    p.update(10);
    p.stop();
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

  test('a phase after the games (issue 31: seconds of silence after 100%): counted on a terminal, one line with --progress, nothing otherwise', () => {
    const steps = (phase: ReturnType<typeof createPhase>) => {
      for (let k = 0; k <= 3; k++) phase.step(k, 3);
      phase.end();
    };
    const tty = stream(true);
    steps(createPhase('boqueron', 'writing the report', 'file', { stream: tty.s }));
    expect(tty.written.join('')).toBe(
      '\r\x1b[Kboqueron: writing the report 0/3\r\x1b[Kboqueron: writing the report 1/3\r\x1b[Kboqueron: writing the report 2/3\r\x1b[Kboqueron: writing the report 3/3\n',
    );
    const lines = stream(false);
    steps(createPhase('boqueron', 'replaying the telling games', 'game', { stream: lines.s, lines: true }));
    expect(lines.written).toEqual(['boqueron: replaying the telling games (3 games)\n']);
    // A total not known ahead (0): a study's charts, counted as they are drawn.
    const charts = stream(true),
      chartLines = stream(false);
    for (const [st, opts] of [
      [charts.s, {}],
      [chartLines.s, { lines: true }],
    ] as const) {
      const phase = createPhase('balance', 'writing the report', 'chart', { ...opts, stream: st });
      for (let k = 1; k <= 2; k++) phase.step(k, 0);
      phase.end();
    }
    expect(charts.written.join('')).toBe('\r\x1b[Kbalance: writing the report, chart 1\r\x1b[Kbalance: writing the report, chart 2\n');
    expect(chartLines.written).toEqual(['balance: writing the report\n']);
    for (const [isTTY, opts] of [
      [false, {}],
      [true, { quiet: true, lines: true }],
    ] as const) {
      const { written, s } = stream(isTTY);
      steps(createPhase('boqueron', 'writing the report', 'file', { ...opts, stream: s }));
      expect(written).toEqual([]);
    }
  });
});
