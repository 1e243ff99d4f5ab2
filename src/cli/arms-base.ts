// The base run of a study of paired arms (chaco sensitivity, chaco errata): the flags' policies, or with --balance
// each scenario's equilibrium cell of a finished balance study (its heaviest policy for each side, its options).
import { z } from 'zod';
import { dataHash, type PreparedRun, type RunSpec } from '../sim/spec.js';
import { readBalanceEquilibrium, type MixEntry } from './balance-folder.js';
import { commonSchema, intFlag, specFromFlags } from './flags.js';
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
