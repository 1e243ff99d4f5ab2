// `chaco tune <scenario> --side PAR|BOL`: searches the heuristic's parameters by self-play against a
// pool of opponents (NTBEA, src/sim/ntbea.ts), every candidate on the same seeds (common random
// numbers; a candidate that blunders more than the balanced preset on the same seeds loses fitness,
// --blunder-weight); the model's best and the best observed meet again on selection seeds, and the
// winner is measured against the balanced preset on fresh seeds, paired; writes
// <scenario>-<side>.json (the parameters, the command that reproduces it and its strength) into its
// working folder under reports/out/, or --write; a shipped file under policies/ only with --force.
import { makeFolder } from '../report/make-folder.js';
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from '../data/load.js';
import { POLICIES_DIR } from '../policy/aliases.js';
import { resolvePolicy } from '../sim/policy-ref.js';
import { BALANCED_POINT, paramsOf, SPACE_SIZES, tunedPlan } from '../policy/heuristic-space.js';
import { pairedProportionDiff, seededUniform } from '../analysis/stats.js';
import { writeFileAtomic, writeJson } from '../report/write-file.js';
import { aggregateShape } from '../sim/aggregate.js';
import { commandLine, shellQuote, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { Ntbea } from '../sim/ntbea.js';
import { replyFitness } from '../sim/best-response.js';
import { blunderPenalty, blunderRate, blunderShares } from '../sim/blunder-rate.js';
import type { BlunderCounts } from '../sim/blunders.js';
import { chacoGame, type ChacoPool } from '../sim/chaco-game.js';
import { createPool } from '../sim/pool.js';
import { createProgress } from '../sim/progress.js';
import { runGames } from '../sim/runner.js';
import type { RunSpec } from '../sim/spec.js';
import { asUsage, commonSchema, intFlag, parseFlags, specFromFlags, switchFlag } from './flags.js';
import { onInterrupt } from './play-games.js';
import { UsageError } from './usage-error.js';
import { lockFolder } from './folder-lock.js';
import { assertWritableFile } from './writable.js';

const tuneSchema = z.object({
  side: z.enum(['PAR', 'BOL'], { message: '--side: PAR or BOL' }),
  candidates: intFlag('--candidates', 2),
  games: intFlag('--games', 2),
  finalGames: intFlag('--final-games', 2),
  seed: z.string().min(1),
  option: z.array(z.string()),
  data: z.string(),
  workers: commonSchema.shape.workers,
  out: z.string().optional(),
  quiet: switchFlag(),
  progress: switchFlag(),
  opponents: z.string(),
  write: z.string().optional(),
  force: switchFlag(),
  blunderWeight: z.string().transform((text, ctx) => {
    const w = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(w) || w < 0) {
      ctx.addIssue({
        code: 'custom',
        message: `--blunder-weight ${text}: give a number of at least 0 (0 leaves blunders out of the fitness)`,
      });
      return z.NEVER;
    }
    return w;
  }),
});

/** Refuses, before any game, a target that would replace a file shipped under policies/ without --force, or that cannot be written. */
function checkTarget(target: string, force: boolean): void {
  const inPolicies = relative(POLICIES_DIR, resolve(target));
  if (!force && !inPolicies.startsWith('..') && existsSync(target)) {
    throw new UsageError(
      `--write ${target}: a file shipped with chaco (policies/${inPolicies}, which tuned and search play everywhere); add --force to replace it, or write elsewhere`,
    );
  }
  assertWritableFile('--write', target);
}

/** Wins of `side` (0 PAR, 1 BOL) per game, and the side's mean margin, over games 0..games-1 of the spec. */
async function play(
  pool: ChacoPool,
  spec: RunSpec,
  shape: ReturnType<typeof aggregateShape>,
  games: number,
  signal: AbortSignal,
  side: 0 | 1,
): Promise<{ won: Uint8Array; margin: number; blunders: BlunderCounts }> {
  const won = new Uint8Array(games);
  let margin = 0;
  const r = await runGames(pool, spec, shape, {
    games,
    signal,
    onChunk: (c) =>
      c.winner_g.forEach((w, i) => {
        won[c.from + i] = w === side ? 1 : 0;
        margin += side === 0 ? c.margin_g[i]! : -c.margin_g[i]!;
      }),
  });
  if (r.failure) throw new Error(`game ${r.failure.game} failed: ${r.failure.message} (${spec.par} vs ${spec.bol}, seed ${spec.seed})`);
  if (r.interrupted) throw new UsageError('interrupted; nothing was written');
  return { won, margin: margin / games, blunders: r.aggregate.blunders };
}

/** How many of the best observed candidates meet the model's best again on the selection seeds. */
export const SELECT_TOP = 5;

/**
 * The points that meet again before the final measure: the model's best first, then the best observed
 * by fitness, distinct, at most `top` + 1 in all.
 */
export function selectionContenders(
  model: readonly number[],
  observed: readonly { point: number[]; value: number }[],
  top: number,
): { point: number[]; source: string }[] {
  const out: { point: number[]; source: string }[] = [{ point: [...model], source: 'model' }];
  const ranked = observed.map((x, i) => ({ ...x, i })).sort((a, b) => b.value - a.value || a.i - b.i);
  for (const x of ranked) {
    if (out.length > top) break;
    if (!out.some((c) => c.point.join() === x.point.join())) out.push({ point: x.point, source: `candidate ${x.i}` });
  }
  return out;
}

/** What the paired interval of tuned minus balanced says: stronger (above 0), weaker (below 0) or no different. */
export function tunedVerdict(lo: number, hi: number): 'stronger' | 'weaker' | 'no different' {
  return lo > 0 ? 'stronger' : hi < 0 ? 'weaker' : 'no different';
}

export async function tuneAction(scenarioArg: string, raw: unknown): Promise<void> {
  const f = parseFlags(tuneSchema, raw);
  const own = f.side === 'PAR' ? 'par' : 'bol',
    other = f.side === 'PAR' ? 'bol' : 'par';
  const s = f.side === 'PAR' ? 0 : 1;
  const base = specFromFlags(scenarioArg, {
    ...f,
    par: 'balanced',
    bol: 'balanced',
    handicap: [],
    check: false,
    workers: 0,
    force: false,
    decisionTimeout: 0,
  } as never);
  const scenario = base.prepared.scenario;
  const shape = aggregateShape(scenario, base.prepared.options);
  const opponents = f.opponents
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .flatMap((o) => {
      const file = asUsage(() => resolvePolicy('--opponents', o, scenario.id, other));
      return file === null ? [] : [{ label: o, policy: file }];
    });
  if (opponents.length === 0) throw new UsageError(`--opponents ${f.opponents}: none of them exists for ${scenario.id}`);
  const work = f.out ?? join('reports', 'out', 'tune', `${scenario.id}-${own}`);
  const target = f.write ?? join(work, `${scenario.id}-${own}.json`);
  checkTarget(target, f.force);
  makeFolder(join(work, 'candidates'));
  lockFolder(work, '--out'); // two searches into one working folder would overwrite each other's candidates
  const candidateFile = (i: number) => join(work, 'candidates', `c${String(i).padStart(3, '0')}.json`);
  const specFor = (mine: string, theirs: string, seed: string): RunSpec => ({
    ...base.spec,
    seed,
    par: f.side === 'PAR' ? mine : theirs,
    bol: f.side === 'PAR' ? theirs : mine,
  });

  const pool = createPool(chacoGame, f.workers);
  const interrupt = onInterrupt(f.quiet);
  const baselineGames = f.blunderWeight > 0 ? 2 * opponents.length * f.games : 0;
  const selectGames = Math.min(f.candidates, SELECT_TOP + 1) * opponents.length * f.games;
  const total = baselineGames + f.candidates * opponents.length * f.games + selectGames + 2 * opponents.length * f.finalGames;
  const progress = createProgress(total, `tune ${scenario.id} ${f.side}`, { quiet: f.quiet, lines: f.progress });
  let done = 0;
  try {
    // Start from the balanced preset; fitness: half the win rate, half a squashed mean margin (a gradient where one side always wins).
    const search = new Ntbea({ sizes: SPACE_SIZES, random: seededUniform(`${f.seed}:ntbea`) }, BALANCED_POINT);
    const fitness: { point: number[]; value: number; blunderRate: number }[] = [];
    // A candidate's fitness on a set of seeds against every opponent, less its blunders above balanced's on those seeds.
    const evaluate = async (file: string, seed: string, baseline: readonly number[]) => {
      let value = 0,
        rate = 0;
      for (const [j, o] of opponents.entries()) {
        const r = await play(pool, specFor(file, o.policy, seed), shape, f.games, interrupt.signal, s);
        const own = blunderRate(r.blunders, s, f.games);
        value +=
          replyFitness(r.won.reduce((a, b) => a + b, 0) / f.games, r.margin) - blunderPenalty(f.blunderWeight, own, baseline[j] ?? own);
        rate += own;
        done += f.games;
        progress.update(done);
      }
      return { value: value / opponents.length, rate: rate / opponents.length };
    };
    // The balanced preset's blunder rate against each opponent on a set of seeds: the bar a candidate is held to there.
    const balancedRates = async (seed: string) => {
      const rates: number[] = [];
      for (const o of f.blunderWeight > 0 ? opponents : []) {
        const r = await play(pool, specFor('balanced', o.policy, seed), shape, f.games, interrupt.signal, s);
        rates.push(blunderRate(r.blunders, s, f.games));
        done += f.games;
        progress.update(done);
      }
      return rates;
    };
    const baseline = await balancedRates(f.seed);
    for (let i = 0; i < f.candidates; i++) {
      const point = search.propose();
      writeFileSync(candidateFile(i), `${JSON.stringify(tunedPlan(scenario.id, f.side, paramsOf(point)), null, 1)}\n`);
      const { value, rate } = await evaluate(candidateFile(i), f.seed, baseline);
      search.update(point, value);
      fitness.push({ point, value, blunderRate: rate });
    }
    // NTBEA's model can rate best a point that played worse than the start (balanced): its best and the best
    // observed meet again on seeds of their own, and the winner is measured on fresh seeds after.
    const contenders = selectionContenders(search.best(), fitness, SELECT_TOP);
    const selectSeed = `${f.seed}:select`;
    const selectBaseline = await balancedRates(selectSeed);
    const selection = [];
    for (const [k, c] of contenders.entries()) {
      const file = candidateFile(f.candidates + k);
      writeFileSync(file, `${JSON.stringify(tunedPlan(scenario.id, f.side, paramsOf(c.point)), null, 1)}\n`);
      selection.push({ ...c, file, ...(await evaluate(file, selectSeed, selectBaseline)) });
    }
    done += selectGames - contenders.length * opponents.length * f.games; // fewer distinct points than slots: the bar still ends at 100%
    const chosen = selection.reduce((a, b) => (b.value > a.value ? b : a));
    const best = chosen.point;
    const bestFile = chosen.file;
    const finalSeed = `${f.seed}:final`;
    const measured = [];
    for (const o of opponents) {
      const t = await play(pool, specFor(bestFile, o.policy, finalSeed), shape, f.finalGames, interrupt.signal, s);
      const b = await play(pool, specFor('balanced', o.policy, finalSeed), shape, f.finalGames, interrupt.signal, s);
      done += 2 * f.finalGames;
      progress.update(done);
      let both = 0,
        onlyT = 0,
        onlyB = 0,
        neither = 0;
      for (let g = 0; g < f.finalGames; g++) {
        const x = t.won[g]!,
          y = b.won[g]!;
        if (x && y) both++;
        else if (x) onlyT++;
        else if (y) onlyB++;
        else neither++;
      }
      const d = pairedProportionDiff(both, onlyT, onlyB, neither);
      measured.push({
        opponent: o.label,
        verdict: tunedVerdict(d.lo, d.hi),
        games: f.finalGames,
        tuned_win_rate: (both + onlyT) / f.finalGames,
        balanced_win_rate: (both + onlyB) / f.finalGames,
        diff: d.diff,
        lo: d.lo,
        hi: d.hi,
        tuned_margin: t.margin,
        balanced_margin: b.margin,
        tuned_blunder_rate: blunderRate(t.blunders, s, f.finalGames),
        balanced_blunder_rate: blunderRate(b.blunders, s, f.finalGames),
        tuned_blunders: blunderShares(t.blunders, s, f.finalGames),
        balanced_blunders: blunderShares(b.blunders, s, f.finalGames),
      });
    }
    progress.stop();
    const command = commandLine(TUNE_LINE, [scenarioArg], raw as Record<string, unknown>);
    const tuned = {
      command,
      method:
        "NTBEA (Lucas, Liu and Perez-Liebana, IEEE CEC 2018) over the heuristic's parameters; every candidate on the same seeds against every opponent",
      budget: {
        candidates: f.candidates,
        gamesPerOpponent: f.games,
        opponents: opponents.map((o) => o.label),
        blunderWeight: f.blunderWeight,
      },
      measured: {
        against: 'the balanced preset, on fresh seeds (run seed + ":final"), paired game by game',
        seed: finalSeed,
        rows: measured,
      },
    };
    writeFileAtomic(target, `${JSON.stringify(tunedPlan(scenario.id, f.side, paramsOf(best), tuned), null, 1)}\n`);
    writeJson(join(work, 'search.json'), {
      command,
      blunder_weight: f.blunderWeight,
      baseline_blunder_rate: baseline.map((b, j) => ({ opponent: opponents[j]!.label, balanced: b })),
      fitness: fitness.map((x) => ({ params: paramsOf(x.point), fitness: x.value, blunder_rate: x.blunderRate })),
      selection: {
        seed: selectSeed,
        baseline_blunder_rate: selectBaseline,
        contenders: selection.map((c) => ({ source: c.source, params: paramsOf(c.point), fitness: c.value, blunder_rate: c.rate })),
        chosen: selection.indexOf(chosen),
      },
    });
    if (!f.quiet) {
      const lines = [
        `${scenario.id} ${f.side}: tuned parameters in ${target} (play them: --${own} ${shellQuote(target)})`,
        ...measured.map(
          (m) =>
            `  against ${m.opponent.padEnd(12)} tuned ${(100 * m.tuned_win_rate).toFixed(1)}%  balanced ${(100 * m.balanced_win_rate).toFixed(1)}%  difference ${(100 * m.diff).toFixed(1)} points (95% ${(100 * m.lo).toFixed(1)} to ${(100 * m.hi).toFixed(1)}); blunder rate tuned ${m.tuned_blunder_rate.toFixed(3)}, balanced ${m.balanced_blunder_rate.toFixed(3)}`,
        ),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    } else process.stdout.write(`${resolve(target)}\n`);
    // NTBEA's best is its model's, not a promise: where balanced is already near the ceiling the model can pick a weaker point.
    for (const m of measured.filter((x) => x.verdict === 'weaker'))
      process.stderr.write(
        `chaco: tune: the tuned parameters lose to the balanced preset against ${m.opponent} (${(100 * m.diff).toFixed(1)} points, 95% ${(100 * m.lo).toFixed(1)} to ${(100 * m.hi).toFixed(1)}); play balanced, or tune again with more --games or --candidates\n`,
      );
  } finally {
    progress.stop();
    interrupt.dispose();
    await pool.close();
  }
}

const TUNE_LINE: LineSchema = {
  command: 'tune',
  changes: ['--side', '--candidates', '--games', '--final-games', '--seed', '--opponents', '--blunder-weight', '--option', '--data'],
  same: ['--workers', '--write', '--force', '--out', '--quiet', '--progress'],
};

export function registerTune(program: Command): void {
  const cmd = program
    .command('tune')
    .description(
      "search the heuristic's parameters for one side by self-play against a pool of opponents; writes <scenario>-<side>.json into its working folder (play it with --par/--bol <file>)",
    )
    .argument('<scenario>', 'scenario id')
    .requiredOption('--side <side>', 'the side to tune: PAR or BOL')
    .option('--opponents <list>', "the other side's policies (historical: its plan)", 'cautious,balanced,aggressive,historical')
    .option('--candidates <n>', 'parameter sets tried', '40')
    .option('--games <n>', 'games per candidate and opponent (the same seeds for every candidate)', '60')
    .option('--final-games <n>', 'games per opponent measuring the best against the balanced preset', '400')
    .option('--seed <seed>', 'run seed', '1')
    .option(
      '--blunder-weight <w>',
      "fitness lost per unit of blunder rate (the share of games with each kind of blunder, summed) above the balanced preset's on the same seeds; 0 leaves blunders out",
      '1',
    )
    .option('--option <key=value>', 'a rules option (chaco options); repeatable', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--workers <n>', 'worker threads (default: all cores)')
    .option(
      '--write <file>',
      'where the tuned file goes (default <--out>/<scenario>-<par|bol>.json); policies/tuned/<scenario>-<par|bol>.json is what --par tuned / --bol tuned read',
    )
    .option('--force', 'replace a file shipped under policies/ (policies/tuned/*.json changes tuned and search everywhere)')
    .option('--out <dir>', 'working folder for the candidates (default reports/out/tune/<scenario>-<side>)')
    .option('--quiet', 'print the tuned file only')
    .option('--progress', 'progress lines on stderr every 5 s even when stderr is not a terminal')
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR)
    .action((scenario: string, opts: unknown) => tuneAction(scenario, opts));
  declareLine(cmd, TUNE_LINE);
}
