import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'threads',
    // At least one worker per core, and three on a 2-core machine: several tests wait on child processes,
    // Redis or a browser, and another file runs meanwhile (here 557 s of tests against 664 s with the default).
    maxWorkers: Math.max(3, availableParallelism()),
    // Test files share each worker's module cache (no module is loaded afresh per file): the engine's modules are
    // imported once per worker instead of once per file (test/core and test/report: 276 s -> 208 s, CPU 181 s -> 140 s).
    // Every module-level cache is keyed by what it answers for, so no file sees another's state.
    isolate: false,
    // Generous: CI machines are shared and often busy, and no test may fail for the machine's speed or load;
    // a hang still ends, with the test's name.
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
