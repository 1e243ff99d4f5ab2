// `chaco sensitivity <scenario...>`: what the verdict hangs on. The data and rules as shipped, then each
// two-reading rules option flipped and each group of estimated data moved by its step, all arms on the
// same seeds; sensitivity.csv, tornado charts, sensitivity.json, index.html. Resumes from its cells.
import { join } from 'node:path';
import type { Command } from 'commander';
import { NOT_VARIED } from '../data/estimates.js';
import { writeSensitivityReport, type ScenarioSensitivity } from '../report/sensitivity.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { itemSpec, type SensitivityItem } from '../sim/sensitivity-items.js';
import { aggregateShape } from '../sim/aggregate.js';
import { dataHash, prepareRun } from '../sim/spec.js';
import { armEntries, armsSchema, armStudies } from './arms-base.js';
import { runStudy, withReportProgress } from './study-run.js';
import { isChacoFile, runId } from './run-folder.js';
import { addCommonOptions, asUsage, intFlag, parseFlags } from './flags.js';
import { addQueueOptions } from './queue-options.js';

export const SENSITIVITY_STATE = 'sensitivity-state.json';

export const sensitivitySchema = armsSchema.extend({ replicates: intFlag('--replicates', 100, 100_000) });

const baseKey = (id: string) => `${id}/as-shipped`;
const itemKey = (id: string, item: SensitivityItem) => `${id}/${item.name}`;

export async function sensitivityAction(scenarioArgs: string[], raw: unknown, policiesGiven = false): Promise<void> {
  const f = parseFlags(sensitivitySchema, raw);
  const studies = await armStudies(scenarioArgs, f, { policiesGiven, every: false, arms: 1 });
  const fields = {
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
  };
  const dir = f.out ?? join('reports', 'out', 'sensitivity', runId(f.seed));
  // Each scenario's arms: the data as shipped, then every item.
  const arms = studies.map((s) => [
    { key: baseKey(s.prepared.scenario.id), spec: s.spec },
    ...s.items.map((i) => ({ key: itemKey(s.prepared.scenario.id, i), spec: itemSpec(s.spec, i) })),
  ]);
  const reproduce = commandLine(
    SENSITIVITY_LINE,
    scenarioArgs,
    { ...(raw as Record<string, unknown>), out: dir, ...(f.balance !== undefined ? { par: undefined, bol: undefined } : {}) },
    { resume: true },
  );
  const run = await runStudy(
    {
      command: 'sensitivity',
      fields,
      raw,
      flags: f,
      dir,
      keys: arms.flat().map((a) => a.key),
      isFile: isSensitivityFile,
      stateName: SENSITIVITY_STATE,
      noun: 'the sensitivity study',
      reproduce,
    },
    ({ play, cell }) =>
      play(
        arms.map((as) =>
          as.map((a) => {
            const prepared = asUsage(() => prepareRun(a.spec));
            return cell(a.key, a.spec, aggregateShape(prepared.scenario, prepared.options), f.games);
          }),
        ),
      ),
  );
  const { stores, result: status } = run;
  const scenarios: ScenarioSensitivity[] = studies.map((s) => {
    const id = s.prepared.scenario.id;
    return {
      id,
      name: s.prepared.scenario.name,
      base: stores.get(baseKey(id))!.games,
      items: s.items.map((item) => ({ item, games: stores.get(itemKey(id, item))!.games })),
    };
  });
  const empty = scenarios.some((s) => s.base.winner_g.length === 0 || s.items.some((i) => i.games.winner_g.length === 0));
  if (run.nothingYet(status, empty, 'item had games')) return;
  const entries = armEntries(studies, f.balance);
  const manifest = run.manifest(status, entries, arms.flat());
  const notVaried = [...NOT_VARIED, ...entries.skipped.map((k) => ({ what: `${k.scenario}: ${k.what}`, why: k.why }))];
  const lines = await withReportProgress('sensitivity', f, (onChart) =>
    writeSensitivityReport({ dir, scenarios, replicates: f.replicates, seed: f.seed, notVaried, manifest, onChart }),
  );
  run.finish(lines, status);
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
