// `chaco ladder <scenario...> --pool a,b,c --reference balanced`: every Paraguayan policy of the pool
// against every Bolivian one, the same number of games a pair, all on the same seeds; Bradley–Terry
// ratings per side with intervals, and each policy's gain over the reference against the same opponent.
import { loadPolicyModules } from '../policy/index.js';
import { join } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { writeLadderReport } from '../report/ladder-report.js';
import type { LadderMatrix } from '../report/ladder.js';
import type { BlunderMatrix } from '../report/policy-blunders.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { aggregateShape } from '../sim/aggregate.js';
import { dataHash } from '../sim/spec.js';
import { checkPolicies } from '../sim/policy-ref.js';
import { poolFor } from './policy-pool.js';
import { cellKey } from './balance-cells.js';
import { addQueueOptions, queueSchema } from './queue-options.js';
import { runStudy, withReportProgress } from './study-run.js';
import { isChacoFile, runId } from './run-folder.js';
import { addStudyOptions, asUsage, commonSchema, intFlag, parseFlags, specFromFlags } from './flags.js';
import { UsageError } from './usage-error.js';

export const LADDER_STATE = 'ladder-state.json';
export const DEFAULT_LADDER_POOL = 'cautious,balanced,aggressive,historical';

const LADDER_LINE: LineSchema = {
  command: 'ladder',
  changes: ['--pool', '--reference', '--games', '--seed', '--replicates', '--option', '--check', '--data'],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--queue', '--shard-size'],
  resume: ['--out', '--queue', '--shard-size'],
};

const schema = commonSchema.omit({ par: true, bol: true, handicap: true }).extend({
  pool: z.string().min(1, { message: '--pool: name the policies, e.g. cautious,balanced,aggressive' }),
  reference: z.string().min(1, { message: '--reference: name a policy of the pool' }),
  games: intFlag('--games', 1),
  replicates: intFlag('--replicates', 100, 100_000),
  ...queueSchema,
});

export async function ladderAction(scenarioArgs: string[], raw: unknown): Promise<void> {
  const f = parseFlags(schema, raw);
  const labels = f.pool
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (new Set(labels).size !== labels.length) throw new UsageError(`--pool ${f.pool}: a policy is named twice`);
  if (labels.length < 2) throw new UsageError(`--pool ${f.pool}: a ladder needs at least two policies`);
  if (new Set(scenarioArgs).size !== scenarioArgs.length) throw new UsageError('a scenario is named twice');
  const base = { ...f, par: 'balanced', bol: 'balanced', handicap: [] as string[] };
  const studies = scenarioArgs.map((arg) => {
    const { spec, prepared } = specFromFlags(arg, base);
    const id = prepared.scenario.id;
    const entries = poolFor(labels, id);
    const par = entries.filter((e) => e.par !== null),
      bol = entries.filter((e) => e.bol !== null);
    const ref = poolFor([f.reference], id, '--reference')[0]!.label;
    const parRef = par.findIndex((e) => e.label === ref),
      bolRef = bol.findIndex((e) => e.label === ref);
    if (parRef < 0 || bolRef < 0)
      throw new UsageError(`--reference ${f.reference}: not in --pool ${f.pool} for both sides of ${id}; name a policy of the pool`);
    const cells = par.map((p) => bol.map((b) => ({ key: cellKey(id, p.label, b.label), spec: { ...spec, par: p.par!, bol: b.bol! } })));
    for (const c of cells.flat()) asUsage(() => checkPolicies(c.spec));
    return {
      id,
      name: prepared.scenario.name,
      spec,
      shape: aggregateShape(prepared.scenario, prepared.options),
      par: par.map((e) => e.label),
      bol: bol.map((e) => e.label),
      parRef,
      bolRef,
      cells,
    };
  });
  for (const s of studies) for (const c of s.cells.flat()) await loadPolicyModules([c.spec.par, c.spec.bol]);
  const dir = f.out ?? join('reports', 'out', 'ladder', runId(f.seed));
  const reproduce = commandLine(LADDER_LINE, scenarioArgs, { ...(raw as Record<string, unknown>), out: dir }, { resume: true });
  const fields = {
    scenarios: scenarioArgs,
    dataHashes: studies.map((s) => dataHash(s.spec)),
    pool: labels,
    reference: f.reference,
    games: f.games,
    options: [...f.option],
    seed: f.seed,
    check: f.check,
  };
  const keys = studies.flatMap((s) => s.cells.flat().map((c) => c.key));
  const run = await runStudy(
    { command: 'ladder', fields, raw, flags: f, dir, keys, isFile: isLadderFile, stateName: LADDER_STATE, noun: 'the ladder', reproduce },
    ({ play, cell }) => play(studies.map((s) => s.cells.flat().map((c) => cell(c.key, c.spec, s.shape, f.games)))),
  );
  const { stores, result: status } = run;
  const matrices: LadderMatrix[] = studies.map((s) => ({
    id: s.id,
    name: s.name,
    par: s.par,
    bol: s.bol,
    parRef: s.parRef,
    bolRef: s.bolRef,
    cells: s.cells.map((row) => row.map((c) => stores.get(c.key)!.games)),
  }));
  if (
    run.nothingYet(
      status,
      matrices.some((m) => m.cells.flat().some((c) => c.winner_g.length === 0)),
      'pair had games',
    )
  )
    return;
  const manifest = run.manifest(
    status,
    {},
    studies.flatMap((s) => s.cells.flat()),
  );
  const blunders: BlunderMatrix[] = studies.map((s) => ({
    id: s.id,
    par: s.par,
    bol: s.bol,
    cells: s.cells.map((row) =>
      row.map((c) => {
        const st = stores.get(c.key)!;
        return { games: st.games.winner_g.length, blunders: st.blunders };
      }),
    ),
  }));
  const lines = await withReportProgress('ladder', f, (onChart) =>
    writeLadderReport({ dir, matrices, blunders, replicates: f.replicates, seed: f.seed, manifest, onChart }),
  );
  run.finish(lines, status);
}

/** The files a ladder writes (what --force may delete), besides the run files. */
function isLadderFile(name: string): boolean {
  return (
    isChacoFile(name) ||
    ['ratings.csv', 'gains.csv', 'blunders-by-policy.csv', 'ladder.json', LADDER_STATE, 'cells'].includes(name) ||
    /^ratings-[a-z0-9-]+\.(vl\.json|svg)$/.test(name)
  );
}

export function registerLadder(program: Command): void {
  const cmd = program
    .command('ladder')
    .description(
      "the strength ladder: every policy of a pool on both sides on paired seeds; Bradley–Terry ratings with intervals and each policy's gain over a reference against the same opponent",
    )
    .argument('<scenario...>', 'scenario ids (chaco scenarios) or files')
    .option(
      '--pool <policies>',
      'comma-separated policies for both sides: built-in names, historical, tuned, plan files or modules',
      DEFAULT_LADDER_POOL,
    )
    .option('--reference <policy>', "the policy of the pool each side's ratings and gains are measured from (rating 0)", 'balanced')
    .option('--games <n>', 'games of every pair (the same seeds for every pair)', '400')
    .option('--replicates <n>', "bootstrap replicates for the ratings' intervals", '1000')
    .option('--seed <seed>', 'run seed: game i of every pair plays with seeds derived from (seed, i) alone', '1')
    .option(
      '--option <key=value>',
      'a rules option, an estimate step or a chart override; repeatable',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    );
  addStudyOptions(cmd, 'ladder', 'ladder', 'no progress and no summary on the terminal (prints the report folder only)');
  addQueueOptions(cmd);
  declareLine(cmd, LADDER_LINE).action((scenarios: string[], opts: unknown) => ladderAction(scenarios, opts));
}
