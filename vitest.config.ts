import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'threads',
    // Generous: CI machines are shared and often busy, and no test may fail for the machine's speed or load;
    // a hang still ends, with the test's name.
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
