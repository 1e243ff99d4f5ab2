// The base run of a study of paired arms (chaco sensitivity, chaco errata): the flags' policies, or with --balance
// each scenario's equilibrium cell of a finished balance study (its heaviest policy for each side, its options);
// each scenario's items checked and the study's size confirmed; the manifest's entries both write.
import { z } from 'zod';
import { loadPolicyModules } from '../policy/index.js';
import { checkPolicies } from '../sim/policy-ref.js';
import { itemSpec, sensitivityItems, type ItemKind, type SensitivityItem } from '../sim/sensitivity-items.js';
import { dataHash, type PreparedRun, type RunSpec } from '../sim/spec.js';
import { readBalanceEquilibrium, type MixEntry } from './balance-folder.js';
import { asUsage, commonSchema, intFlag, specFromFlags } from './flags.js';
import { confirmRunSize } from './run-size.js';
import { queueSchema } from './queue-options.js';
import { UsageError } from './usage-error.js';

/** The flags every study of arms takes: the run flags, --games a arm, --items, --balance and the queue's. */
export const armsSchema = commonSchema.extend({
  games: intFlag('--games', 1),
  items: z.enum(['all', 'readings', 'estimates', 'map'], { message: '--items: give all, readings, estimates or map' }),
  balance: z.string().optional(),
  ...queueSchema,
});

/** The heaviest policy of a side's equilibrium mix: the equilibrium cell (balance-sources.ts) the study is played at. */
const heaviest = (mix: readonly MixEntry[]): MixEntry => mix.reduce((a, b) => (b.weight > a.weight ? b : a));

/** The base spec of one scenario: the flags' policies, or with --balance the study's equilibrium cell and options. */
export function baseOf(
  arg: string,
  f: Pick<z.infer<typeof armsSchema>, 'balance' | 'option' | 'par' | 'bol'> & Parameters<typeof specFromFlags>[1],
  policiesGiven: boolean,
): { spec: RunSpec; prepared: PreparedRun } {
  if (f.balance === undefined) return specFromFlags(arg, f);
  if (policiesGiven)
    throw new UsageError(
      "--par or --bol with --balance: the study is played at each scenario's equilibrium cell of the balance study; leave them out",
    );
  if (f.option.length > 0)
    throw new UsageError("--option with --balance: the study plays with the balance study's options; leave --option out");
  const first = specFromFlags(arg, f),
    id = first.prepared.scenario.id;
  const eq = readBalanceEquilibrium(f.balance, arg, id);
  const par = heaviest(eq.mixes.PAR).par,
    bol = heaviest(eq.mixes.BOL).bol;
  if (par === null || bol === null)
    throw new UsageError(`--balance ${f.balance}: ${id}'s equilibrium cell names a policy one side does not have`);
  const at = specFromFlags(arg, { ...f, option: [...eq.options], par, bol });
  if (eq.dataHash && eq.dataHash !== dataHash(at.spec))
    throw new UsageError(
      `--balance ${f.balance}: the study played other data (its map, counters, charts or scenario file have changed since); play the study again`,
    );
  return at;
}

/** One scenario of a study of arms: its base run and the items played against it. */
export interface ArmStudy {
  readonly spec: RunSpec;
  readonly prepared: PreparedRun;
  readonly items: readonly SensitivityItem[];
  readonly skipped: readonly { what: string; why: string }[];
}

/**
 * Each scenario's base run and its items, every item's run checked and the policy modules loaded; the
 * size of the whole asked for (a confirmation past the run-size limit) with `arms` the arms a scenario
 * plays besides its items at the most (sensitivity: the base; errata: the base and every starting VP).
 */
export async function armStudies(
  scenarioArgs: readonly string[],
  f: Omit<z.infer<typeof armsSchema>, 'items'> & { readonly items: string },
  o: { readonly policiesGiven: boolean; readonly every: boolean; readonly arms: number },
): Promise<ArmStudy[]> {
  if (new Set(scenarioArgs).size !== scenarioArgs.length) throw new UsageError('a scenario is named twice');
  const studies = scenarioArgs.map((arg) => {
    const { spec, prepared } = baseOf(arg, f, o.policiesGiven);
    const plan = asUsage(() => sensitivityItems(spec, prepared, f.items as ItemKind, o.every));
    for (const item of plan.items) asUsage(() => checkPolicies(itemSpec(spec, item)));
    return { spec, prepared, items: plan.items, skipped: plan.skipped };
  });
  for (const s of studies) await loadPolicyModules([s.spec.par, s.spec.bol]);
  if (f.queue === undefined)
    for (const s of studies)
      confirmRunSize({
        what: `--games ${f.games} for ${s.items.length + o.arms} arms of ${s.prepared.scenario.id}`,
        spec: s.spec,
        games: f.games * (s.items.length + o.arms),
        turns: s.prepared.scenario.turns,
        threads: f.workers,
        yes: f.yes,
        quiet: f.quiet,
      });
  return studies;
}

/** The manifest's `policies` and `skipped` entries of a study of arms. */
export function armEntries(
  studies: readonly ArmStudy[],
  balance: string | undefined,
): { policies: string; skipped: { scenario: string; what: string; why: string }[] } {
  return {
    policies:
      studies
        .map((s) => `${studies.length > 1 ? `${s.prepared.scenario.id}: ` : ''}Paraguay ${s.spec.par}, Bolivia ${s.spec.bol}`)
        .join('; ') + (balance !== undefined ? ` (the equilibrium cell of ${balance})` : ''),
    skipped: studies.flatMap((s) => s.skipped.map((k) => ({ scenario: s.prepared.scenario.id, ...k }))),
  };
}
