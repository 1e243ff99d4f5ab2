// The policies of a --pool (chaco balance, ladder, skill, best-response) for one scenario, in every form
// --par and --bol take: built-in names, search:N, restrictions, the scenario's `historical` or `tuned`
// files, plan files (each plays the side it states) and modules.
import { basename, extname } from 'node:path';
import { policyForm, POLICY_FORMS, resolvePolicy } from '../sim/policy-ref.js';
import { asUsage } from './flags.js';
import { UsageError } from './usage-error.js';

export interface PoolEntry {
  readonly label: string;
  /** The policy for Paraguay and for Bolivia in this scenario (null: the scenario has no such plan). */
  readonly par: string | null;
  readonly bol: string | null;
}

/**
 * The pool's entries for one scenario: each label in any form --par and --bol take (policy-ref.ts);
 * `historical` and `tuned` stand for the scenario's files (null for a side without one), a plan file
 * plays the side it states, anything else both sides. `flag` names where they were given, for errors.
 */
export function poolFor(labels: readonly string[], scenarioId: string, flag = '--pool'): PoolEntry[] {
  const entries = labels.map((label) => {
    const form = policyForm(label);
    if (form === null) throw new UsageError(`${flag}: no policy "${label}" (policies: ${POLICY_FORMS})`);
    const [par, bol] = asUsage(() => [resolvePolicy(flag, label, scenarioId, 'par'), resolvePolicy(flag, label, scenarioId, 'bol')]);
    if (form === 'plan') {
      // A plan plays the side it states (plan.ts), in the scenario it names; named by its file.
      const file = label.split('+')[0]!;
      return { label: basename(file, extname(file)) + label.slice(file.length), par, bol };
    }
    return { label: form === 'module' ? basename(label, extname(label)) : label, par, bol };
  });
  // A study names each side's policies by label (its matrix, its mixes): two files of one name that play
  // the same side would be one row, so they are refused; one name for each side's file is fine.
  for (const side of ['par', 'bol'] as const) {
    const seen = new Map<string, string>();
    entries.forEach((e, i) => {
      if (e[side] === null) return;
      const first = seen.get(e.label);
      if (first !== undefined)
        throw new UsageError(
          `${flag}: ${first} and ${labels[i]} are both named ${e.label} and both play ${side === 'par' ? 'Paraguay' : 'Bolivia'}; give the files distinct names`,
        );
      seen.set(e.label, labels[i]!);
    });
  }
  return entries;
}
