// Built-in policies by name: each gets its own seeded stream (ARCHITECTURE: dice and policies apart).
import type { Policy } from '../core/decisions.js';
import { passivePolicy } from './passive.js';
import { randomPolicy } from './random.js';

export const POLICY_NAMES = ['random', 'passive'] as const;

/** The policy `name` for one side of one game; `seed` is that game's stream for this side. */
export function createPolicy(name: string, seed: string): Policy {
  switch (name) {
    case 'random': return randomPolicy(seed);
    case 'passive': return passivePolicy();
    default: throw new Error(`no policy "${name}" (policies: ${POLICY_NAMES.join(', ')})`);
  }
}
