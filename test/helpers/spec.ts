// A run's spec for tests that play games directly: Boquerón, the data as shipped, random against random,
// no options or handicap, with the test's own seed; `over` changes any of it.
import { DEFAULT_DATA_DIR } from '../../src/data/load.js';
import type { RunSpec } from '../../src/sim/spec.js';

export const randomSpec = (seed: string, over: Partial<RunSpec> = {}): RunSpec => ({
  scenario: 'boqueron',
  dataDir: DEFAULT_DATA_DIR,
  options: [],
  par: 'random',
  bol: 'random',
  handicap: [0, 0],
  seed,
  check: false,
  ...over,
});
