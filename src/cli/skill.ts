// `chaco skill <scenario...> --max-budget 8`: the skill curve. Both sides play search:1, search:2,
// search:4... (or the --rungs given), each rung also with one side alone one doubling up, every pair on
// the same seeds; writes skill.csv, a chart per scenario, skill.json and index.html with the verdict per
// rung and whether it has converged. Resumes from its cells like the other studies.
import { loadPolicyModules } from '../policy/index.js';
import { join } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { writeSkillReport } from '../report/skill-report.js';
import type { SkillScenario } from '../report/skill.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { aggregateShape } from '../sim/aggregate.js';
import { dataHash, type RunSpec } from '../sim/spec.js';
import { checkPolicies } from '../sim/policy-ref.js';
import { poolFor } from './policy-pool.js';
import { addQueueOptions, queueSchema } from './queue-options.js';
import { isChacoFile, runId } from './run-folder.js';
import { addStudyOptions, asUsage, commonSchema, intFlag, parseFlags, specFromFlags } from './flags.js';
import { runStudy } from './study-run.js';
import { UsageError } from './usage-error.js';
import { fileLabel } from './file-label.js';

export const SKILL_STATE = 'skill-state.json';
/** The most rollouts search:N takes (src/policy/search.ts). */
const MOST_ROLLOUTS = 64;
export const DEFAULT_MAX_BUDGET = 4;

const schema = commonSchema.omit({ par: true, bol: true, handicap: true }).extend({
  maxBudget: intFlag('--max-budget', 1, MOST_ROLLOUTS).optional(),
  bottom: z.string().optional(),
  rungs: z.string().optional(),
  games: intFlag('--games', 1),
  replicates: intFlag('--replicates', 100, 100_000),
  ...queueSchema,
});

/** The ladder's rungs: search:1, search:2 ... up to the largest power of two within maxBudget, after `bottom` when given. */
export function budgetRungs(maxBudget: number, bottom?: string): string[] {
  const rungs = bottom === undefined ? [] : [bottom];
  for (let b = 1; b <= maxBudget; b *= 2) rungs.push(`search:${b}`);
  return rungs;
}

/** A pair of rungs as a cell: its key (a file name: no colon) and spec. */
interface SkillCell {
  readonly key: string;
  readonly spec: RunSpec;
}

export async function skillAction(scenarioArgs: string[], raw: unknown): Promise<void> {
  const f = parseFlags(schema, raw);
  if (f.rungs !== undefined && (f.bottom !== undefined || f.maxBudget !== undefined))
    throw new UsageError('--rungs names every rung; give it without --max-budget and --bottom');
  const labels =
    f.rungs !== undefined
      ? f.rungs
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : budgetRungs(f.maxBudget ?? DEFAULT_MAX_BUDGET, f.bottom);
  if (new Set(labels).size !== labels.length) throw new UsageError(`the rungs ${labels.join(',')}: a policy is named twice`);
  if (labels.length === 0) throw new UsageError('--rungs: name at least one policy, cheapest first');
  if (new Set(scenarioArgs).size !== scenarioArgs.length) throw new UsageError('a scenario is named twice');
  const base = { ...f, par: 'balanced', bol: 'balanced', handicap: [] as string[] };
  const studies = scenarioArgs.map((arg) => {
    const { spec, prepared } = specFromFlags(arg, base);
    const id = prepared.scenario.id;
    const entries = poolFor(labels, id);
    const missing = entries.find((e) => e.par === null || e.bol === null);
    if (missing) throw new UsageError(`rung ${missing.label}: ${id} has no such policy for both sides; every rung plays both sides`);
    const cell = (p: number, b: number): SkillCell => ({
      key: `${id}/${fileLabel(entries[p]!.label)}__${fileLabel(entries[b]!.label)}`,
      spec: { ...spec, par: entries[p]!.par!, bol: entries[b]!.bol! },
    });
    const same = entries.map((_, k) => cell(k, k));
    const parUp = entries.slice(1).map((_, k) => cell(k + 1, k)),
      bolUp = entries.slice(1).map((_, k) => cell(k, k + 1));
    for (const c of [...same, ...parUp, ...bolUp]) asUsage(() => checkPolicies(c.spec));
    return {
      id,
      name: prepared.scenario.name,
      spec,
      shape: aggregateShape(prepared.scenario, prepared.options),
      rungs: entries.map((e) => e.label),
      same,
      parUp,
      bolUp,
    };
  });
  const keys = studies.flatMap((s) => [...s.same, ...s.parUp, ...s.bolUp].map((c) => c.key));
  if (new Set(keys).size !== keys.length)
    throw new UsageError(`the rungs ${labels.join(',')}: two of them make the same file name; rename one`);
  for (const s of studies) for (const c of s.same) await loadPolicyModules([c.spec.par, c.spec.bol]);
  const fields = {
    scenarios: scenarioArgs,
    dataHashes: studies.map((s) => dataHash(s.spec)),
    rungs: labels,
    games: f.games,
    options: [...f.option],
    seed: f.seed,
    check: f.check,
  };
  const dir = f.out ?? join('reports', 'out', 'skill', runId(f.seed));
  const reproduce = commandLine(SKILL_LINE, scenarioArgs, { ...(raw as Record<string, unknown>), out: dir }, { resume: true });
  // Rung by rung, every scenario at a rung before any at the next: an interrupted study has its cheap rungs whole.
  const run = await runStudy(
    { command: 'skill', fields, raw, flags: f, dir, keys, isFile: isSkillFile, stateName: SKILL_STATE, noun: 'the skill curve', reproduce },
    ({ play, cell }) =>
      play(
        labels.flatMap((_, k) =>
          studies.map((s) =>
            [s.same[k]!, ...(k > 0 ? [s.parUp[k - 1]!, s.bolUp[k - 1]!] : [])].map((c) => cell(c.key, c.spec, s.shape, f.games)),
          ),
        ),
      ),
  );
  const { stores, result: status } = run;
  const played = (c: SkillCell) => stores.get(c.key)!.games.winner_g.length > 0;
  // A scenario reports the rungs whose every pair has games (all of them unless interrupted).
  const scenarios: SkillScenario[] = studies.flatMap((s) => {
    let top = 0;
    while (top < labels.length && played(s.same[top]!) && (top === 0 || (played(s.parUp[top - 1]!) && played(s.bolUp[top - 1]!)))) top++;
    if (top === 0) return [];
    const games = (cs: readonly SkillCell[], n: number) => cs.slice(0, n).map((c) => stores.get(c.key)!.games);
    return [
      {
        id: s.id,
        name: s.name,
        rungs: s.rungs.slice(0, top),
        same: games(s.same, top),
        parUp: games(s.parUp, top - 1),
        bolUp: games(s.bolUp, top - 1),
      },
    ];
  });
  if (run.nothingYet(status, scenarios.length < studies.length, 'scenario had games at its first rung')) return;
  const manifest = run.manifest(
    status,
    {},
    studies.flatMap((s) => [...s.same, ...s.parUp, ...s.bolUp]),
  );
  const lines = await writeSkillReport({ dir, scenarios, replicates: f.replicates, seed: f.seed, manifest });
  run.finish(lines, status);
}

/** The files a skill curve writes (what --force may delete), besides the run files. */
function isSkillFile(name: string): boolean {
  return (
    isChacoFile(name) || ['skill.csv', 'skill.json', SKILL_STATE, 'cells'].includes(name) || /^skill-[a-z0-9-]+\.(vl\.json|svg)$/.test(name)
  );
}

const SKILL_LINE: LineSchema = {
  command: 'skill',
  changes: ['--max-budget', '--bottom', '--rungs', '--games', '--seed', '--replicates', '--option', '--check', '--data'],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--queue', '--shard-size'],
  resume: ['--out', '--queue', '--shard-size'],
};

export function registerSkill(program: Command): void {
  const cmd = program
    .command('skill')
    .description(
      'the skill curve: the verdict with both sides at search:1, 2, 4... and each side alone one doubling up, on the same seeds; whether the verdict has converged and at what budget',
    )
    .argument('<scenario...>', 'scenario ids (chaco scenarios) or files')
    .option(
      '--max-budget <n>',
      `the highest search budget (rollouts) of the ladder: search:1, search:2, search:4 ... up to it (at most ${MOST_ROLLOUTS}; default ${DEFAULT_MAX_BUDGET})`,
    )
    .option('--bottom <policy>', 'a rung below search:1, e.g. balanced or tuned (the plain heuristic: budget 0)')
    .option(
      '--rungs <policies>',
      'every rung instead, cheapest first, each standing for a doubling of the one before (e.g. balanced,search:1,search:2)',
    )
    .option('--games <n>', 'games of every pair of rungs (the same seeds for every pair)', '100')
    .option('--replicates <n>', "bootstrap replicates for the fair bids' intervals", '1000')
    .option('--seed <seed>', 'run seed: game i of every pair plays with seeds derived from (seed, i) alone', '1')
    .option(
      '--option <key=value>',
      'a rules option, an estimate step or a chart override; repeatable',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    );
  addStudyOptions(cmd, 'skill curve', 'skill', 'no progress and no summary on the terminal (prints the report folder only)');
  addQueueOptions(cmd);
  declareLine(cmd, SKILL_LINE).action((scenarios: string[], opts: unknown) => skillAction(scenarios, opts));
}
