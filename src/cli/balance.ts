// `chaco balance <scenario...> --pool a,b,c`: every Paraguayan policy of the pool against every Bolivian
// one, all cells on the same seeds; each cell plays batches until its 95% interval is within
// --precision points or it reaches --max-games. Writes matrix.csv, equilibrium.csv, mixes.csv, charts,
// the VP sources and decision turns of each scenario's equilibrium cell, balance.json and index.html;
// an interrupted study resumes from the games its cells kept.
import { loadPolicyModules } from '../policy/index.js';
import { join } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { scenarioVerdict, writeBalanceReport, type ScenarioMatrix } from '../report/balance-report.js';
import { wilson } from '../analysis/stats.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { aggregateShape } from '../sim/aggregate.js';
import { dataHash, type PreparedRun, type RunSpec } from '../sim/spec.js';
import { checkPolicies } from '../sim/policy-ref.js';
import type { AggregateShape } from '../sim/aggregate.js';
import { DEFAULT_RESTRICTIONS, RESTRICTION_NAMES, type Restriction } from '../policy/restrict.js';
import type { PlayCell } from './balance-play.js';
import { runStudy, withReportProgress } from './study-run.js';
import type { BlunderMatrix } from '../report/policy-blunders.js';
import { cellKey, type BalanceIdentity, type CellStore } from './balance-cells.js';
import type { RestrictedArms } from '../report/restricted-report.js';
import type { ScenarioSources } from '../report/balance-sources.js';
import { settlementLabels } from '../report/vp-sources.js';
import { isChacoFile, runId } from './run-folder.js';
import { poolFor } from './policy-pool.js';
import { addStudyOptions, asUsage, commonSchema, intFlag, parseFlags, specFromFlags } from './flags.js';
import { addQueueOptions, queueSchema } from './queue-options.js';
import { UsageError } from './usage-error.js';

export const DEFAULT_POOL = 'cautious,balanced,aggressive,historical';
/** The designers' headline scenarios come first in the report. */
const HEADLINE = ['boqueron', 'villa-montes'];

const BALANCE_LINE: LineSchema = {
  command: 'balance',
  changes: [
    '--pool',
    '--seed',
    '--precision',
    '--max-games',
    '--batch',
    '--restrictions',
    '--restricted-policy',
    '--restricted-games',
    '--replicates',
    '--option',
    '--check',
    '--data',
  ],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--queue', '--shard-size'],
  resume: ['--out', '--queue', '--shard-size'],
};

const balanceSchema = commonSchema.omit({ par: true, bol: true, handicap: true }).extend({
  pool: z.string().min(1, { message: '--pool: name the policies, e.g. cautious,balanced,aggressive' }),
  precision: z.string().transform((text, ctx) => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 50) {
      ctx.addIssue({
        code: 'custom',
        message: `--precision ${text}: give the half-width of a cell's 95% interval in percentage points, more than 0 and at most 50 (e.g. 3)`,
      });
      return z.NEVER;
    }
    return n;
  }),
  maxGames: intFlag('--max-games', 1),
  batch: intFlag('--batch', 1),
  replicates: intFlag('--replicates', 100, 100_000),
  restrictions: z.string(),
  restrictedPolicy: z.string().min(1, { message: '--restricted-policy: name a heuristic preset or historical' }),
  restrictedGames: intFlag('--restricted-games', 1),
  ...queueSchema,
});

/** A matrix cell has played enough when its Wilson 95% interval is within `points` either side. */
function precise(c: CellStore, points: number): boolean {
  const wins = c.games.winner_g.reduce((a, w) => a + (w === 0 ? 1 : 0), 0);
  const ci = wilson(wins, c.games.winner_g.length);
  return (ci.hi - ci.lo) / 2 <= points / 100;
}

interface KeyedSpec {
  readonly key: string;
  readonly spec: RunSpec;
}

interface Study {
  readonly spec: RunSpec;
  readonly prepared: PreparedRun;
  readonly shape: AggregateShape;
  readonly par: readonly string[];
  readonly bol: readonly string[];
  readonly cells: readonly (readonly KeyedSpec[])[];
  /** Restricted play: the free pair and, per restriction, each side restricted alone. */
  readonly restricted: {
    readonly policy: string;
    readonly free: KeyedSpec;
    readonly arms: readonly { restriction: string; par: KeyedSpec; bol: KeyedSpec }[];
  } | null;
}

/** The arms of restricted play for one scenario, or null when there are no restrictions or no such policy. */
function restrictedArms(spec: RunSpec, scenarioId: string, policy: string, restrictions: readonly Restriction[]): Study['restricted'] {
  if (restrictions.length === 0) return null;
  const [entry] = poolFor([policy], scenarioId, '--restricted-policy');
  if (!entry!.par || !entry!.bol) return null;
  const key = (par: string, bol: string) => `${scenarioId}/restricted/${par}__${bol}`;
  const p = entry!.label;
  return {
    policy: p,
    free: { key: key(p, p), spec: { ...spec, par: entry!.par, bol: entry!.bol } },
    arms: restrictions.map((r) => ({
      restriction: r,
      par: { key: key(`${p}+${r}`, p), spec: { ...spec, par: `${entry!.par}+${r}`, bol: entry!.bol! } },
      bol: { key: key(p, `${p}+${r}`), spec: { ...spec, par: entry!.par!, bol: `${entry!.bol}+${r}` } },
    })),
  };
}

export async function balanceAction(scenarioArgs: string[], raw: unknown): Promise<void> {
  const f = parseFlags(balanceSchema, raw);
  const labels = f.pool
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (new Set(labels).size !== labels.length) throw new UsageError(`--pool ${f.pool}: a policy is named twice`);
  const ordered = [...HEADLINE.filter((h) => scenarioArgs.includes(h)), ...scenarioArgs.filter((s) => !HEADLINE.includes(s))];
  if (new Set(ordered).size !== ordered.length) throw new UsageError('a scenario is named twice');
  const base = { ...f, par: 'balanced', bol: 'balanced', handicap: [] as string[] };
  const restrictions =
    f.restrictions === 'none'
      ? []
      : f.restrictions
          .split(',')
          .map((r) => r.trim())
          .filter((r) => r !== '');
  for (const r of restrictions)
    if (!(RESTRICTION_NAMES as string[]).includes(r))
      throw new UsageError(`--restrictions: "${r}" is not a restriction (restrictions: ${RESTRICTION_NAMES.join(', ')}, or none)`);
  const studies: Study[] = ordered.map((arg) => {
    const { spec, prepared } = specFromFlags(arg, base);
    const restricted = restrictedArms(spec, prepared.scenario.id, f.restrictedPolicy, restrictions as Restriction[]);
    for (const c of restricted ? [restricted.free, ...restricted.arms.flatMap((a) => [a.par, a.bol])] : [])
      asUsage(() => checkPolicies(c.spec));
    const entries = poolFor(labels, prepared.scenario.id);
    const par = entries.filter((e) => e.par !== null),
      bol = entries.filter((e) => e.bol !== null);
    const cells = par.map((p) =>
      bol.map((b) => ({ spec: { ...spec, par: p.par!, bol: b.bol! }, key: cellKey(prepared.scenario.id, p.label, b.label) })),
    );
    for (const c of cells.flat()) asUsage(() => checkPolicies(c.spec));
    return {
      spec,
      prepared,
      shape: aggregateShape(prepared.scenario, prepared.options),
      par: par.map((e) => e.label),
      bol: bol.map((e) => e.label),
      cells,
      restricted,
    };
  });
  for (const s of studies) for (const c of s.cells.flat()) await loadPolicyModules([c.spec.par, c.spec.bol]);
  const fields: Omit<BalanceIdentity, 'command' | 'version' | 'code'> = {
    scenarios: ordered,
    dataHashes: studies.map((s) => dataHash(s.spec)),
    pool: labels,
    options: [...f.option],
    seed: f.seed,
    precision: f.precision,
    maxGames: f.maxGames,
    batch: f.batch,
    restrictions,
    restrictedPolicy: f.restrictedPolicy,
    restrictedGames: f.restrictedGames,
    check: f.check,
  };
  const dir = f.out ?? join('reports', 'out', 'balance', runId(f.seed));
  const keys = studies.flatMap((s) =>
    [...s.cells.flat(), ...(s.restricted ? [s.restricted.free, ...s.restricted.arms.flatMap((a) => [a.par, a.bol])] : [])].map(
      (c) => c.key,
    ),
  );
  const reproduce = commandLine(BALANCE_LINE, ordered, { ...(raw as Record<string, unknown>), out: dir }, { resume: true });
  const run = await runStudy(
    { command: 'balance', fields, raw, flags: f, dir, keys, isFile: isBalanceFile, noun: 'the balance study', reproduce },
    ({ stores: st, play }) => {
      const matrixCells = (s: Study): PlayCell[] =>
        s.cells.flat().map((c) => ({
          store: st.get(c.key)!,
          spec: c.spec,
          shape: s.shape,
          max: f.maxGames,
          batch: f.batch,
          stop: (x) => precise(x, f.precision),
        }));
      const restrictedCells = (s: Study): PlayCell[] =>
        (s.restricted ? [s.restricted.free, ...s.restricted.arms.flatMap((a) => [a.par, a.bol])] : []).map((c) => ({
          store: st.get(c.key)!,
          spec: c.spec,
          shape: s.shape,
          max: f.restrictedGames,
          batch: f.restrictedGames,
          stop: () => true,
        }));
      return play([...studies.map(matrixCells), ...studies.map(restrictedCells)]);
    },
  );
  const { stores, result: status } = run;
  const matrices: ScenarioMatrix[] = studies.map((s) => ({
    id: s.prepared.scenario.id,
    name: s.prepared.scenario.name,
    par: s.par,
    bol: s.bol,
    cells: s.cells.map((r) => r.map((c) => stores.get(c.key)!.games)),
  }));
  if (
    run.nothingYet(
      status,
      matrices.some((m) => m.cells.flat().some((c) => c.winner_g.length === 0)),
      'cell had games',
    )
  )
    return;
  const verdicts = matrices.map((m) => scenarioVerdict(m, { seed: f.seed, replicates: f.replicates }));
  const games = (k: KeyedSpec) => stores.get(k.key)!.games;
  const restricted: RestrictedArms[] = studies.flatMap((s) => {
    const r = s.restricted;
    if (!r || [r.free, ...r.arms.flatMap((a) => [a.par, a.bol])].some((k) => stores.get(k.key)!.games.winner_g.length === 0)) return [];
    return [
      {
        scenario: s.prepared.scenario.id,
        name: s.prepared.scenario.name,
        policy: r.policy,
        free: games(r.free),
        arms: r.arms.map((a) => ({ restriction: a.restriction, par: games(a.par), bol: games(a.bol) })),
      },
    ];
  });
  const manifest = run.manifest(
    status,
    { replicates: f.replicates },
    studies.flatMap((s) => s.cells.flat()),
  );
  const blunders: BlunderMatrix[] = studies.map((s) => ({
    id: s.prepared.scenario.id,
    par: s.par,
    bol: s.bol,
    cells: s.cells.map((r) =>
      r.map((c) => {
        const st = stores.get(c.key)!;
        return { games: st.games.winner_g.length, blunders: st.blunders };
      }),
    ),
  }));
  const sources: ScenarioSources[] = studies.map((s) => ({
    id: s.prepared.scenario.id,
    name: s.prepared.scenario.name,
    par: s.par,
    bol: s.bol,
    cells: s.cells.map((r) => r.map((c) => stores.get(c.key)!.sources)),
    settlements: settlementLabels(s.prepared.scenario),
    startMonth: s.prepared.scenario.startMonth,
  }));
  const sentences = await withReportProgress('balance', f, (onChart) =>
    writeBalanceReport({ dir, verdicts, restricted, blunders, sources, manifest, onChart }),
  );
  run.finish(sentences, status);
}

/** The files a balance study writes (what --force may delete), besides the run files. */
function isBalanceFile(name: string): boolean {
  return (
    isChacoFile(name) ||
    [
      'matrix.csv',
      'equilibrium.csv',
      'mixes.csv',
      'ladder.csv',
      'restricted.csv',
      'blunders-by-policy.csv',
      'balance.json',
      'balance-state.json',
      'cells',
    ].includes(name) ||
    /^(matrix|mixes|restricted|vp-sources|decided)-[a-z0-9-]+\.(vl\.json|svg)$/.test(name) ||
    /^(vp-sources|decided)-[a-z0-9-]+\.csv$/.test(name)
  );
}

export function registerBalance(program: Command): void {
  const cmd = program
    .command('balance')
    .description(
      'every Paraguayan policy of a pool against every Bolivian one on common seeds; the equilibrium of the matrix, its interval and fair bid',
    )
    .argument('<scenario...>', 'scenario ids (chaco scenarios) or files; Boquerón and Villa Montes are reported first')
    .option(
      '--pool <policies>',
      "comma-separated policies for both sides: built-in names, historical (the scenario's plans), plan files or modules",
      DEFAULT_POOL,
    )
    .option('--precision <points>', 'a cell stops when its 95% interval is within this many percentage points', '3')
    .option('--max-games <n>', 'a cell stops at this many games at most', '2000')
    .option('--batch <n>', 'games a cell plays between two checks of its interval (also its fewest games)', '100')
    .option(
      '--restrictions <list>',
      `restricted play: each side alone without one option (${RESTRICTION_NAMES.join(', ')}), or none`,
      DEFAULT_RESTRICTIONS.join(','),
    )
    .option('--restricted-policy <policy>', 'the policy both sides play in restricted play (a heuristic preset or historical)', 'balanced')
    .option('--restricted-games <n>', 'games of each restricted-play arm (the same seeds in every arm)', '400')
    .option('--replicates <n>', "bootstrap replicates for the equilibrium's intervals", '1000')
    .option('--seed <seed>', 'run seed: game i of every cell plays with seeds derived from (seed, i) alone', '1')
    .option(
      '--option <key=value>',
      'a rules option (chaco options) or a chart override tables.<path>=<JSON>; repeatable',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    );
  addStudyOptions(cmd, 'study', 'balance', 'no progress and no verdict on the terminal (prints the report folder only)');
  addQueueOptions(cmd);
  declareLine(cmd, BALANCE_LINE).action((scenarios: string[], opts: unknown) => balanceAction(scenarios, opts));
}
