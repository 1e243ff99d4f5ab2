// --workers and CHACO_WORKERS, read by one rule (sim/pool.ts threadCount, cli/flags.ts workersFlag): a
// whole number from the command's least (0: the main thread; a queue worker 1) to 256; when --workers is
// not given, CHACO_WORKERS, else every core. A bad value is named with what the bounds mean.
import { afterEach, describe, expect, test } from 'vitest';
import { availableParallelism } from 'node:os';
import { workersFlag } from '../../src/cli/flags.js';
import { defaultWorkers, threadCount } from '../../src/sim/pool.js';

const saved = process.env.CHACO_WORKERS;
afterEach(() => {
  if (saved === undefined) delete process.env.CHACO_WORKERS;
  else process.env.CHACO_WORKERS = saved;
});

describe('worker threads', () => {
  test('a count is a whole number from the least to 256', () => {
    expect([' 3 ', '0', '256', '1'].map((t) => threadCount(t, 0))).toEqual([3, 0, 256, 1]);
    expect(['', 'two', '2.5', '-1', '257'].map((t) => threadCount(t, 0))).toEqual([null, null, null, null, null]);
    expect(threadCount('0', 1)).toBeNull();
  });

  test('--workers given wins; not given, CHACO_WORKERS; neither, every core', () => {
    const flag = workersFlag(0, '0 plays in the main thread');
    process.env.CHACO_WORKERS = '3';
    expect(flag.parse('2')).toBe(2);
    expect(flag.parse(undefined)).toBe(3);
    delete process.env.CHACO_WORKERS;
    expect(flag.parse(undefined)).toBe(availableParallelism());
    expect(defaultWorkers()).toBe(availableParallelism());
  });

  test('a bad value is named with what its bounds mean; a queue worker takes no 0, even from CHACO_WORKERS', () => {
    const run = workersFlag(0, '0 plays in the main thread'),
      worker = workersFlag(1, 'a queue worker plays on worker threads');
    expect(run.safeParse('257').error?.issues[0]?.message).toBe(
      '--workers 257: give a whole number from 1 to 256 (0 plays in the main thread)',
    );
    expect(worker.safeParse('0').error?.issues[0]?.message).toBe(
      '--workers 0: give a whole number from 1 to 256 (a queue worker plays on worker threads)',
    );
    process.env.CHACO_WORKERS = '0';
    expect(worker.parse(undefined)).toBe(1);
    process.env.CHACO_WORKERS = 'many';
    expect(run.safeParse(undefined).error?.issues[0]?.message).toMatch(/^CHACO_WORKERS=many: give a whole number/);
  });
});
