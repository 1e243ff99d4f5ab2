// Built-in policies by name (random, passive, the heuristic presets) or a plan file (policies/*.json);
// each gets its own seeded stream (ARCHITECTURE: dice and policies apart).
import type { Policy } from '../core/decisions.js';
import type { Counters } from '../core/counters.js';
import type { GameMap } from '../core/map.js';
import { heuristicPolicy } from './heuristic.js';
import { PRESET_NAMES, type PresetName } from './heuristic-params.js';
import { passivePolicy } from './passive.js';
import { compilePlan, type Plan } from './plan.js';
import { randomPolicy } from './random.js';
import { createModulePolicy, isPolicyModule } from './module.js';
import { parseRestricted, restrictedParams, restrictPolicy } from './restrict.js';
import { parseSearch, searchPolicy, type SearchCandidate } from './search.js';
import { resolveAlias } from './aliases.js';
import type { Side } from '../core/side.js';

export { loadPolicyModules, isPolicyModule, PolicyModuleError } from './module.js';
export { checkedPolicy } from './view-check.js';

export const POLICY_NAMES = ['random', 'passive', ...PRESET_NAMES, 'search'] as const;

/** A built-in policy name: random, passive, a preset, or search[:rollouts][:opponents] (a malformed search too: createPolicy says why). */
export function isBuiltinPolicy(name: string): boolean {
  return (POLICY_NAMES as readonly string[]).includes(name) || name.startsWith('search:');
}

const plans = new Map<string, Plan>();

/** True when `name` names a plan file rather than a built-in policy. */
export function isPlanFile(name: string): boolean {
  return name.endsWith('.json');
}

/** The plan file compiled against the scenario's map and counters (once per process). */
function planFor(name: string, data: { map: GameMap; counters: Counters } | undefined): Plan {
  if (!data) throw new Error(`policy "${name}": a plan file needs the scenario's map and counters`);
  let plan = plans.get(name);
  if (!plan) {
    plan = compilePlan(name, data.map, data.counters);
    plans.set(name, plan);
  }
  return plan;
}

/** The scenario's tuned file for `side` (policies/tuned/), the search's base plan and one of its opponents; null without one. */
function tunedCandidate(data: { map: GameMap; counters: Counters; id?: string } | undefined, side: Side): SearchCandidate | null {
  if (data?.id === undefined) return null;
  const file = resolveAlias('tuned', data.id, side === 0 ? 'par' : 'bol');
  if (file === null) return null;
  const plan = planFor(file, data);
  return {
    name: 'tuned',
    make: (seed, params, deviation) => heuristicPolicy({ plan, seed, ...(params ? { params } : {}), ...(deviation ? { deviation } : {}) }),
  };
}

/**
 * The policy `name` for one side of one game; `seed` is that game's stream for this side. A name
 * ending in .json is a plan file (compiled once per process against the scenario's map and counters).
 */
export function createPolicy(name: string, seed: string, data?: { map: GameMap; counters: Counters; id?: string }): Policy {
  if (name.includes('+') && !isPolicyModule(name)) {
    // Restricted play (restrict.ts): the heuristic (a preset or a plan) without some of its options.
    const { base, restrictions } = parseRestricted(name);
    if (!isPlanFile(base) && !(PRESET_NAMES as readonly string[]).includes(base))
      throw new Error(`policy "${name}": restrictions apply to the heuristic presets (${PRESET_NAMES.join(', ')}) and plan files`);
    const params = restrictedParams(restrictions);
    const inner = isPlanFile(base)
      ? heuristicPolicy({ plan: planFor(base, data), seed, params })
      : heuristicPolicy({ preset: base as PresetName, seed, params });
    return restrictPolicy(inner, restrictions);
  }
  if (isPlanFile(name)) return heuristicPolicy({ plan: planFor(name, data), seed });
  if (isPolicyModule(name)) return createModulePolicy(name, seed);
  const search = parseSearch(name);
  if (search !== null) return searchPolicy({ seed, ...search, tunedFor: (side) => tunedCandidate(data, side) });
  switch (name) {
    case 'random':
      return randomPolicy(seed);
    case 'passive':
      return passivePolicy();
    default:
      if ((PRESET_NAMES as readonly string[]).includes(name)) return heuristicPolicy({ preset: name as PresetName, seed });
      throw new Error(
        `no policy "${name}" (policies: ${POLICY_NAMES.join(', ')}, a plan file ending in .json, or a module ending in .mjs/.js)`,
      );
  }
}
