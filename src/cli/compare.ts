// `chaco compare <scenario> --variant name:key=value,... ...`: the same games (seeds) under each variant
// (rules options, chart overrides, policies, handicaps), paired differences against the baseline with
// 95% intervals and each side's blunder rate; writes games-<variant>.csv, compare.csv, summary.csv,
// blunders.csv, compare.json, charts, index.html.
import { loadPolicyModules } from '../policy/index.js';
import { claimFolder, outputDir } from './run-folder.js';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { writeCompareReport, type VariantRun } from '../report/compare-report.js';
import { gitCommit, VERSION_OF_PACKAGE } from '../sim/code-version.js';
import { commandLine, runCommand, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { handicapRecord } from '../sim/handicap.js';
import { createPool } from '../sim/pool.js';
import { chacoGame } from '../sim/chaco-game.js';
import { aggregateShape } from '../sim/aggregate.js';
import { gamesCsvHeader } from '../sim/chaco-game.js';
import { dataHash, prepareRun } from '../sim/spec.js';
import { checkPolicies } from '../sim/policy-ref.js';
import { parseVariants } from '../sim/variants.js';
import { addCommonOptions, asUsage, commonSchema, intFlag, parseFlags, specFromFlags } from './flags.js';
import { onInterrupt, playWithProgress, reportFailure } from './play-games.js';
import { confirmRunSize } from './run-size.js';
import { z } from 'zod';
import { UsageError } from './usage-error.js';

const compareSchema = commonSchema.extend({ games: intFlag('--games', 2), variant: z.array(z.string()) });

const COMPARE_LINE: LineSchema = {
  command: 'compare',
  changes: ['--seed', '--par', '--bol', '--option', '--handicap', '--check', '--data', '--games', '--variant'],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--yes'],
};

export async function compareAction(scenarioArg: string, raw: unknown): Promise<void> {
  const f = parseFlags(compareSchema, raw);
  const { spec: base, prepared } = specFromFlags(scenarioArg, f);
  const variants = asUsage(() => parseVariants(f.variant, base, prepared.scenario));
  for (const v of variants) await loadPolicyModules([v.spec.par, v.spec.bol]);
  const shapes = asUsage(() =>
    variants.map((v) => {
      checkPolicies(v.spec);
      const p = prepareRun(v.spec);
      return { v, shape: aggregateShape(p.scenario, p.options) };
    }),
  );
  // Each variant plays with its own shape (unnamedSettlements changes the settlements counted); the
  // report compares turns and victory levels, so those must agree.
  const shape = shapes[0]!.shape;
  for (const { v, shape: s } of shapes) {
    if (s.turns !== shape.turns)
      throw new UsageError(
        `--variant ${v.name}: it plays ${s.turns} turns and ${variants[0]!.name} ${shape.turns}; compare variants of the same length (ballivianLength changes it)`,
      );
    if (s.levels.join() !== shape.levels.join())
      throw new UsageError(
        `--variant ${v.name}: its victory levels (${s.levels.join(', ')}) differ from ${variants[0]!.name}'s (${shape.levels.join(', ')}); compare variants with the same levels`,
      );
  }
  const scenario = prepared.scenario;
  confirmRunSize({
    what: `--games ${f.games} for ${variants.length} variants`,
    spec: base,
    games: f.games * variants.length,
    turns: scenario.turns,
    threads: f.workers,
    yes: f.yes,
    quiet: f.quiet,
  });
  const dir = outputDir(f.out, scenario.id, base.seed, 'compare-');
  claimFolder(dir, f.force);
  const pool = createPool(chacoGame, f.workers);
  const interrupt = onInterrupt(f.quiet);
  const t0 = new Date();
  const runs: VariantRun[] = [];
  let stopped: 'failed' | 'interrupted' | null = null;
  try {
    for (const { v, shape: variantShape } of shapes) {
      const margin_g = new Int32Array(f.games),
        winner_g = new Uint8Array(f.games);
      const csv = openSync(join(dir, `games-${v.name}.csv`), 'w');
      writeSync(csv, gamesCsvHeader());
      let outcome;
      try {
        ({ outcome } = await playWithProgress(pool, v.spec, variantShape, {
          games: f.games,
          label: `${scenario.id} ${v.name}`,
          quiet: f.quiet,
          progress: f.progress,
          decisionTimeout: f.decisionTimeout,
          signal: interrupt.signal,
          onChunk: (c) => {
            writeSync(csv, c.csv);
            margin_g.set(c.margin_g, c.from);
            winner_g.set(c.winner_g, c.from);
          },
        }));
      } finally {
        closeSync(csv);
      }
      runs.push({ name: v.name, settings: v.settings, aggregate: outcome.aggregate, margin_g, winner_g, played: outcome.played });
      if (outcome.failure || outcome.interrupted) {
        stopped = outcome.failure ? 'failed' : 'interrupted';
        if (outcome.failure) reportFailure(outcome, v.spec, 0, f.games, dir);
        else {
          process.stderr.write(`chaco: interrupted during variant ${v.name}; the variants played so far are compared in ${dir}\n`);
          process.exitCode = 130;
        }
        break;
      }
    }
    if (runs.length === 0 || runs[0]!.played === 0) {
      process.stderr.write('chaco: no game of the baseline finished; nothing to compare\n');
      return;
    }
    const reproduce = commandLine(COMPARE_LINE, [scenarioArg], raw as Record<string, unknown>);
    const finished = new Date();
    const manifest = {
      tool: 'chaco',
      command: 'compare',
      version: VERSION_OF_PACKAGE,
      commit: gitCommit(),
      node: process.version,
      scenario: { id: scenario.id, name: scenario.name, dataHash: dataHash(base) },
      seed: base.seed,
      games: f.games,
      variants: variants.map((v, k) => ({
        name: v.name,
        settings: v.settings,
        options: v.spec.options,
        policies: { PAR: v.spec.par, BOL: v.spec.bol },
        handicap: handicapRecord(v.spec.handicap),
        played: runs[k]?.played ?? 0,
        reproduce: runCommand(v.spec, 0, f.games),
      })),
      status: stopped ?? 'complete',
      reproduce,
      workers: pool.threads,
      timing: { started: t0.toISOString(), finished: finished.toISOString(), seconds: (finished.getTime() - t0.getTime()) / 1000 },
    };
    const table = await writeCompareReport({ dir, scenario, shape, runs, manifest, reproduce });
    if (f.quiet) {
      process.stdout.write(`${dir}\n`);
      return;
    }
    const pct = (x: unknown) => (typeof x === 'number' ? `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%` : '');
    const num = (x: unknown) => (typeof x === 'number' ? `${x >= 0 ? '+' : ''}${x.toFixed(2)}` : '');
    const lines = [`${scenario.id}: ${f.games} games per variant on the same seeds; differences against ${runs[0]!.name}`];
    for (const row of table.rows) {
      const rate = `PAR wins ${(100 * Number(row.par_win_rate)).toFixed(1)}%`;
      const blunders = `; blunder rate PAR ${Number(row.par_blunder_rate).toFixed(3)}, BOL ${Number(row.bol_blunder_rate).toFixed(3)}`;
      lines.push(
        row.diff_par_win_rate === ''
          ? `  ${String(row.variant).padEnd(14)} ${rate}, mean margin ${Number(row.margin_mean).toFixed(2)}${blunders}`
          : `  ${String(row.variant).padEnd(14)} ${rate} (${pct(row.diff_par_win_rate)}, 95% ${pct(row.diff_par_win_lo)} to ${pct(row.diff_par_win_hi)}), mean margin ${num(row.diff_margin_mean)} VP (95% ${num(row.diff_margin_lo)} to ${num(row.diff_margin_hi)}; ±${Number(row.diff_margin_halfwidth_if_independent).toFixed(2)} if unpaired)${blunders}`,
      );
    }
    lines.push(`report  ${join(dir, 'index.html')}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    interrupt.dispose();
    await pool.close();
  }
}

export function registerCompare(program: Command): void {
  const cmd = program
    .command('compare')
    .description('play the same games under several variants and report paired differences with 95% intervals')
    .argument('<scenario>', 'scenario id (chaco scenarios) or file')
    .option(
      '--variant <name:key=value,...>',
      'a variant: keys par, bol (policies), handicap (PAR+5), a rules option or tables.<path>; repeatable',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    );
  addCommonOptions(cmd, '2000', 'games per variant (the same seeds for every variant)');
  declareLine(cmd, COMPARE_LINE).action((scenario: string, opts: unknown) => compareAction(scenario, opts));
}
