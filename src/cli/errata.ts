// `chaco errata <scenario...>`: candidate errata, the single changes to a scenario's data that bring Paraguay's win
// rate within 45-55% at the players given (or a balance study's equilibrium cell): the starting VP (the fair bid of
// the games as shipped, given at the start and played to check it), each rules reading flipped, each group of
// estimated data at every step it takes, each chart reading and each map feature near the set-up; all arms on the
// same seeds. errata.csv, errata.json, index.html. Resumes from its cells.
import type { Command } from 'commander';
import { z } from 'zod';
import { join } from 'node:path';
import { quickBidPoint } from '../analysis/bid.js';
import { marginHist, winRate, type CellGames } from '../analysis/equilibrium.js';
import { TARGET, writeErrataReport, type ErrataArm, type ScenarioErrata } from '../report/errata.js';
import { nextStartingVp } from '../analysis/vp-line-search.js';
import { aggregateShape } from '../sim/aggregate.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { bidHandicap, handicapFlags } from '../sim/handicap.js';
import { declareLine } from './declared-lines.js';
import { itemSpec, type SensitivityItem } from '../sim/sensitivity-items.js';
import { dataHash, prepareRun, type PreparedRun, type RunSpec } from '../sim/spec.js';
import type { PlayCell, PlayStatus } from './balance-play.js';
import { addCommonOptions, asUsage, intFlag, parseFlags } from './flags.js';
import { addQueueOptions } from './queue-options.js';
import { isChacoFile, runId } from './run-folder.js';
import { armEntries, armsSchema, armStudies } from './arms-base.js';
import { runStudy } from './study-run.js';

export const ERRATA_STATE = 'errata-state.json';

const schema = armsSchema.extend({
  items: z.enum(['all', 'readings', 'estimates', 'map', 'none'], { message: '--items: give all, readings, estimates, map or none' }),
  vpSteps: intFlag('--vp-steps', 0),
});

const shippedKey = (id: string) => `${id}/as-shipped`;
/** The starting VP arms: the fair bid first, then each step of the line search. */
const vpKey = (id: string, step: number) => (step === 0 ? `${id}/starting-vp` : `${id}/starting-vp-${step + 1}`);
const itemKey = (id: string, item: SensitivityItem) => `${id}/${item.name}`;

/** 16.1: the base run with `vp` more VP for Paraguay at the start (negative: for Bolivia), over its own handicap. */
function withStartingVp(spec: RunSpec, vp: number): RunSpec {
  return { ...spec, handicap: bidHandicap(spec.handicap, vp) };
}

/** The fair bid of the games as shipped, to whole VP: what the starting VP arm gives Paraguay. */
export function startingVp(shipped: Pick<CellGames, 'margin_g'>): number {
  const bid = quickBidPoint(marginHist(shipped));
  return Number.isFinite(bid) ? Math.round(bid) : 0;
}

export async function errataAction(scenarioArgs: string[], raw: unknown, policiesGiven = false): Promise<void> {
  const f = parseFlags(schema, raw);
  // The arms besides the items at the most: the data as shipped, the fair bid and every step of the line search.
  const studies = await armStudies(scenarioArgs, f, { policiesGiven, every: true, arms: f.vpSteps + 2 });
  const fields = {
    scenarios: scenarioArgs,
    dataHashes: studies.map((s) => dataHash(s.spec)),
    cells: studies.map((s) => [s.spec.par, s.spec.bol, ...s.spec.options]),
    handicap: f.handicap,
    seed: f.seed,
    games: f.games,
    items: studies.map((s) => s.items.map((i) => i.setting)),
    vpSteps: f.vpSteps,
    check: f.check,
  };
  const dir = f.out ?? join('reports', 'out', 'errata', runId(f.seed));
  const vpSteps = Array.from({ length: f.vpSteps + 1 }, (_, k) => k);
  const keys = studies.flatMap((s) => {
    const id = s.prepared.scenario.id;
    return [shippedKey(id), ...vpSteps.map((k) => vpKey(id, k)), ...s.items.map((i) => itemKey(id, i))];
  });
  const reproduce = commandLine(
    ERRATA_LINE,
    scenarioArgs,
    { ...(raw as Record<string, unknown>), out: dir, ...(f.balance !== undefined ? { par: undefined, bol: undefined } : {}) },
    { resume: true },
  );
  // Each scenario's starting VP arms: the VP each gives Paraguay (negative: Bolivia), its cell and the run that plays it.
  const startingArms = new Map<string, { vp: number; key: string; spec: RunSpec }[]>(studies.map((s) => [s.prepared.scenario.id, []]));
  const run = await runStudy(
    {
      command: 'errata',
      fields,
      raw,
      flags: f,
      dir,
      keys,
      isFile: isErrataFile,
      stateName: ERRATA_STATE,
      noun: 'the errata search',
      reproduce,
    },
    async ({ stores: st, play, cell: fixed }) => {
      const cell = (key: string, spec: RunSpec, prepared: PreparedRun): PlayCell =>
        fixed(key, spec, aggregateShape(prepared.scenario, prepared.options), f.games);
      // First the data as shipped and every item; then the starting VP its games call for (the same on a resume: the same games).
      const first = await play(
        studies.map((s) => [
          cell(shippedKey(s.prepared.scenario.id), s.spec, s.prepared),
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
      if (first !== 'complete') return first;
      // 16.1: the fair bid given at the start, then up to --vp-steps more starting VP by line search while none is within the band.
      let status: PlayStatus = first;
      for (const step of vpSteps) {
        const next = studies.flatMap((s) => {
          const id = s.prepared.scenario.id,
            tried = startingArms.get(id)!;
          const vp =
            step === 0
              ? startingVp(st.get(shippedKey(id))!.games)
              : nextStartingVp(
                  [
                    { vp: 0, rate: winRate(st.get(shippedKey(id))!.games) },
                    ...tried.map((a) => ({ vp: a.vp, rate: winRate(st.get(a.key)!.games) })),
                  ],
                  TARGET,
                );
          if (vp === null) return [];
          const spec = withStartingVp(s.spec, vp),
            key = vpKey(id, step);
          tried.push({ vp, key, spec });
          return [
            [
              cell(
                key,
                spec,
                asUsage(() => prepareRun(spec)),
              ),
            ],
          ];
        });
        if (next.length === 0) break;
        status = await play(next);
        if (status !== 'complete') return status;
      }
      return status;
    },
  );
  const { stores, result: status } = run;
  if (run.nothingYet(status, status !== 'complete', 'arm was played')) return;
  const scenarios: ScenarioErrata[] = studies.map((s) => {
    const id = s.prepared.scenario.id;
    const arms: ErrataArm[] = [
      ...startingArms.get(id)!.map((a, k) => ({
        kind: 'starting-vp' as const,
        item: k === 0 ? 'starting VP (the fair bid)' : `starting VP (line search, step ${k})`,
        change: startingChange(a.vp),
        setting: `--handicap ${handicapFlags(bidHandicap([0, 0], a.vp))[0] ?? 'PAR=+0'}`,
        games: stores.get(a.key)!.games,
      })),
      ...s.items.map((i) => ({
        kind: i.kind,
        item: i.name,
        change: i.change,
        setting: `--option ${i.setting}`,
        games: stores.get(itemKey(id, i))!.games,
      })),
    ];
    return { id, name: s.prepared.scenario.name, shipped: stores.get(shippedKey(id))!.games, arms };
  });
  const manifest = run.manifest(
    status,
    armEntries(studies, f.balance),
    studies.flatMap((s) => {
      const id = s.prepared.scenario.id;
      return [
        { key: shippedKey(id), spec: s.spec },
        ...startingArms.get(id)!.map((a) => ({ key: a.key, spec: a.spec })),
        ...s.items.map((i) => ({ key: itemKey(id, i), spec: itemSpec(s.spec, i) })),
      ];
    }),
  );
  run.finish(writeErrataReport({ dir, scenarios, manifest }), status);
}

/** 16.1: what a starting VP arm changes, in words. */
const startingChange = (vp: number) =>
  vp === 0
    ? 'the starting VP as printed (the fair bid rounds to 0)'
    : `${vp > 0 ? 'Paraguay' : 'Bolivia'} starts with ${Math.abs(vp)} VP more (16.1)`;

/** The files an errata search writes (what --force may delete), besides the run files. */
function isErrataFile(name: string): boolean {
  return isChacoFile(name) || ['errata.csv', 'errata.json', ERRATA_STATE, 'cells'].includes(name);
}

const ERRATA_LINE: LineSchema = {
  command: 'errata',
  changes: ['--games', '--seed', '--par', '--bol', '--balance', '--items', '--vp-steps', '--handicap', '--option', '--check', '--data'],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--queue', '--shard-size', '--yes'],
  resume: ['--out', '--queue', '--shard-size'],
};

export function registerErrata(program: Command): void {
  const cmd = program
    .command('errata')
    .description(
      "candidate errata: the single changes to a scenario (the starting VP, a rules reading, a step of estimated data, a map feature) that bring Paraguay's win rate within 45-55%, each played on the same seeds",
    )
    .argument('<scenario...>', 'scenario ids (chaco scenarios) or files')
    .option(
      '--items <which>',
      'the changes tried besides the starting VP: all, readings, estimates (every step of each group), map or none (the starting VP alone)',
      'all',
    )
    .option(
      '--balance <folder>',
      'play each scenario at the equilibrium cell of this finished chaco balance study instead of --par and --bol',
    )
    .option(
      '--vp-steps <n>',
      'starting VP arms played after the fair bid while none brings the game within 45-55% (a line search over the arms played)',
      '3',
    );
  addCommonOptions(cmd, '400', 'games per arm (the same seeds in every arm)');
  addQueueOptions(cmd);
  declareLine(cmd, ERRATA_LINE).action((scenarios: string[], opts: unknown) =>
    errataAction(
      scenarios,
      opts,
      ['par', 'bol'].some((o) => cmd.getOptionValueSource(o) === 'cli'),
    ),
  );
}
