// `chaco sensitivity <scenario...>`: what the verdict hangs on. The data and rules as shipped, then each
// two-reading rules option flipped and each group of estimated data moved by its step, all arms on the
// same seeds; sensitivity.csv, tornado charts, sensitivity.json, index.html. Resumes from its cells.
import { loadPolicyModules } from '../policy/index.js';
import { join } from 'node:path';
import type { Command } from 'commander';
import { NOT_VARIED } from '../data/estimates.js';
import { writeSensitivityReport, type ScenarioSensitivity } from '../report/sensitivity.js';
import { gitCommit, VERSION_OF_PACKAGE } from '../sim/manifest.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { itemSpec, sensitivityItems, type ItemKind, type SensitivityItem } from '../sim/sensitivity-items.js';
import { aggregateShape } from '../sim/aggregate.js';
import { dataHash, prepareRun, type PreparedRun, type RunSpec } from '../sim/spec.js';
import { checkPolicies } from '../sim/policy-ref.js';
import { cellRecord, finishStudy, type PlayCell } from './balance-play.js';
import { armsSchema, baseOf } from './arms-base.js';
import { runStudy, withReportProgress } from './study-run.js';
import { isChacoFile, runId } from './run-folder.js';
import { addCommonOptions, asUsage, intFlag, parseFlags } from './flags.js';
import { addQueueOptions, queueRecord } from './queue-options.js';
import { confirmRunSize } from './run-size.js';
import { UsageError } from './usage-error.js';

export const SENSITIVITY_STATE = 'sensitivity-state.json';

export const sensitivitySchema = armsSchema.extend({ replicates: intFlag('--replicates', 100, 100_000) });

interface Study {
  readonly spec: RunSpec;
  readonly prepared: PreparedRun;
  readonly items: readonly SensitivityItem[];
  readonly skipped: readonly { what: string; why: string }[];
}

const baseKey = (id: string) => `${id}/as-shipped`;
const itemKey = (id: string, item: SensitivityItem) => `${id}/${item.name}`;

export async function sensitivityAction(scenarioArgs: string[], raw: unknown, policiesGiven = false): Promise<void> {
  const f = parseFlags(sensitivitySchema, raw);
  if (new Set(scenarioArgs).size !== scenarioArgs.length) throw new UsageError('a scenario is named twice');
  const studies: Study[] = scenarioArgs.map((arg) => {
    const { spec, prepared } = baseOf(arg, f, policiesGiven);
    const plan = asUsage(() => sensitivityItems(spec, prepared, f.items as ItemKind));
    for (const item of plan.items) asUsage(() => checkPolicies(itemSpec(spec, item)));
    return { spec, prepared, items: plan.items, skipped: plan.skipped };
  });
  for (const s of studies) await loadPolicyModules([s.spec.par, s.spec.bol]);
  if (f.queue === undefined)
    for (const s of studies)
      confirmRunSize({
        what: `--games ${f.games} for ${s.items.length + 1} arms of ${s.prepared.scenario.id}`,
        spec: s.spec,
        games: f.games * (s.items.length + 1),
        turns: s.prepared.scenario.turns,
        threads: f.workers,
        yes: f.yes,
        quiet: f.quiet,
      });
  const identity = {
    command: 'sensitivity',
    scenarios: scenarioArgs,
    dataHashes: studies.map((s) => dataHash(s.spec)),
    par: f.par,
    bol: f.bol,
    ...(f.balance !== undefined ? { balance: f.balance, cells: studies.map((s) => [s.spec.par, s.spec.bol, ...s.spec.options]) } : {}),
    handicap: f.handicap,
    options: [...f.option],
    seed: f.seed,
    games: f.games,
    items: studies.map((s) => s.items.map((i) => i.setting)),
    check: f.check,
    version: VERSION_OF_PACKAGE,
    commit: gitCommit(),
  };
  const dir = f.out ?? join('reports', 'out', 'sensitivity', runId(f.seed));
  const keys = studies.flatMap((s) => [baseKey(s.prepared.scenario.id), ...s.items.map((i) => itemKey(s.prepared.scenario.id, i))]);
  const reproduce = commandLine(
    SENSITIVITY_LINE,
    scenarioArgs,
    { ...(raw as Record<string, unknown>), out: dir, ...(f.balance !== undefined ? { par: undefined, bol: undefined } : {}) },
    { resume: true },
  );
  const batch = Math.min(f.games, 200);
  const {
    stores,
    pool,
    result: status,
  } = await runStudy(
    {
      raw,
      flags: f,
      dir,
      identity,
      keys,
      isFile: isSensitivityFile,
      stateName: SENSITIVITY_STATE,
      noun: 'the sensitivity study',
      reproduce,
    },
    ({ stores: st, play }) => {
      const cell = (key: string, spec: RunSpec, prepared: PreparedRun): PlayCell => ({
        store: st.get(key)!,
        spec,
        shape: aggregateShape(prepared.scenario, prepared.options),
        max: f.games,
        batch,
        stop: () => false,
      });
      return play(
        studies.map((s) => [
          cell(baseKey(s.prepared.scenario.id), s.spec, s.prepared),
          ...s.items.map((i) => {
            const spec = itemSpec(s.spec, i);
            return cell(
              itemKey(s.prepared.scenario.id, i),
              spec,
              asUsage(() => prepareRun(spec)),
            );
          }),
        ]),
      );
    },
  );
  const scenarios: ScenarioSensitivity[] = studies.map((s) => {
    const id = s.prepared.scenario.id;
    return {
      id,
      name: s.prepared.scenario.name,
      base: stores.get(baseKey(id))!.games,
      items: s.items.map((item) => ({ item, games: stores.get(itemKey(id, item))!.games })),
    };
  });
  if (scenarios.some((s) => s.base.winner_g.length === 0 || s.items.some((i) => i.games.winner_g.length === 0))) {
    if (status === 'interrupted') {
      process.stderr.write(`chaco: interrupted before every item had games; nothing to report yet.\n  resume: ${reproduce}\n`);
      process.exitCode = 130;
    }
    return;
  }
  const manifest = {
    tool: 'chaco',
    command: 'sensitivity',
    version: VERSION_OF_PACKAGE,
    commit: gitCommit(),
    node: process.version,
    identity,
    status,
    reproduce,
    workers: pool.threads,
    queue: queueRecord(pool, f),
    policies:
      studies
        .map((s) => `${scenarioArgs.length > 1 ? `${s.prepared.scenario.id}: ` : ''}Paraguay ${s.spec.par}, Bolivia ${s.spec.bol}`)
        .join('; ') + (f.balance !== undefined ? ` (the equilibrium cell of ${f.balance})` : ''),
    skipped: studies.flatMap((s) => s.skipped.map((k) => ({ scenario: s.prepared.scenario.id, ...k }))),
    cells: studies
      .flatMap((s) => [
        { key: baseKey(s.prepared.scenario.id), spec: s.spec },
        ...s.items.map((i) => ({ key: itemKey(s.prepared.scenario.id, i), spec: itemSpec(s.spec, i) })),
      ])
      .map((c) => cellRecord(c.key, c.spec, stores)),
  };
  const notVaried = [...NOT_VARIED, ...manifest.skipped.map((k) => ({ what: `${k.scenario}: ${k.what}`, why: k.why }))];
  const lines = await withReportProgress('sensitivity', f, (onChart) =>
    writeSensitivityReport({ dir, scenarios, replicates: f.replicates, seed: f.seed, notVaried, manifest, onChart }),
  );
  finishStudy(lines, dir, f.quiet, status, reproduce);
}

/** The files a sensitivity study writes (what --force may delete), besides the run files. */
function isSensitivityFile(name: string): boolean {
  return (
    isChacoFile(name) ||
    ['sensitivity.csv', 'sensitivity.json', SENSITIVITY_STATE, 'cells'].includes(name) ||
    /^tornado-(win|bid)-[a-z0-9-]+\.(vl\.json|svg)$/.test(name)
  );
}

export const SENSITIVITY_LINE: LineSchema = {
  command: 'sensitivity',
  changes: ['--games', '--seed', '--par', '--bol', '--balance', '--items', '--replicates', '--handicap', '--option', '--check', '--data'],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--queue', '--shard-size', '--yes'],
  resume: ['--out', '--queue', '--shard-size'],
};

export function registerSensitivity(program: Command): void {
  const cmd = program
    .command('sensitivity')
    .description(
      'what the verdict hangs on: each two-reading rules option flipped and each group of estimated data moved by a step, paired against the data as shipped',
    )
    .argument('<scenario...>', 'scenario ids (chaco scenarios) or files')
    .option(
      '--items <which>',
      'all, readings (rules options), estimates (groups of estimated data and chart readings) or map (each estimated road and the terrain around each settlement near the set-up)',
      'all',
    )
    .option('--replicates <n>', "bootstrap replicates for the fair bid's paired interval", '1000')
    .option(
      '--balance <folder>',
      'play each scenario at the equilibrium cell of this finished chaco balance study (its heaviest policy for each side, its options) instead of --par and --bol',
    );
  addCommonOptions(cmd, '1000', 'games per arm (the same seeds in every arm)');
  addQueueOptions(cmd);
  declareLine(cmd, SENSITIVITY_LINE).action((scenarios: string[], opts: unknown) =>
    sensitivityAction(
      scenarios,
      opts,
      ['par', 'bol'].some((o) => cmd.getOptionValueSource(o) === 'cli'),
    ),
  );
}
