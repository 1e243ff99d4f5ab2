// The policies of a --pool (chaco balance, ladder, history) for one scenario: built-in names, the
// scenario's `historical` or `tuned` files, plan files (each plays the side it states) and modules.
import { basename, extname } from 'node:path';
import { ALIASES, resolveAlias } from '../policy/aliases.js';
import { isBuiltinPolicy, isPlanFile, isPolicyModule, POLICY_NAMES } from '../policy/index.js';
import { readPlanFile } from '../policy/plan.js';
import { asUsage } from './flags.js';
import { UsageError } from './usage-error.js';

export interface PoolEntry {
  readonly label: string;
  /** The policy for Paraguay and for Bolivia in this scenario (null: the scenario has no such plan). */
  readonly par: string | null;
  readonly bol: string | null;
}

/** The pool's entries for one scenario: built-in names, `historical` or `tuned` (the scenario's files, when it has them) or files. */
export function poolFor(labels: readonly string[], scenarioId: string): PoolEntry[] {
  return labels.map((label) => {
    if ((ALIASES as readonly string[]).includes(label)) return { label, par: resolveAlias(label, scenarioId, 'par'), bol: resolveAlias(label, scenarioId, 'bol') };
    if (isPlanFile(label.split('+')[0]!)) {
      // A plan plays the side it states (plan.ts), in the scenario it names.
      const file = label.split('+')[0]!;
      const plan = asUsage(() => readPlanFile(file));
      const name = basename(file, extname(file)) + label.slice(file.length);
      return { label: name, par: plan.side === 'PAR' ? label : null, bol: plan.side === 'BOL' ? label : null };
    }
    if (isBuiltinPolicy(label) || isPolicyModule(label)) {
      const name = isPolicyModule(label) ? basename(label, extname(label)) : label;
      return { label: name, par: label, bol: label };
    }
    throw new UsageError(`--pool: no policy "${label}" (policies: ${POLICY_NAMES.join(', ')}, historical, tuned, a plan file ending in .json or a module ending in .mjs/.js)`);
  });
}
