// `chaco bid <scenario>`: the fair VP handicap. Plays one run for the quick estimate (margin
// distribution + bootstrap), then a grid of bids on the same seeds for the exact one, extending the grid
// until it brackets the estimate and its interval; writes bid.csv, bid.json, the charts and index.html.
import { loadPolicyModules } from '../policy/index.js';
import { claimFolder, outputDir } from './run-folder.js';
import { join } from 'node:path';
import type { Command } from 'commander';
import { bidReliability, bidsAgree, describeBid, exactBid, initialGrid, nextBid, quickBid, type BidPoint } from '../analysis/bid.js';
import { writeBidReport } from '../report/bid-report.js';
import { gitCommit, VERSION_OF_PACKAGE } from '../sim/code-version.js';
import { commandLine, runCommand, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { createPool } from '../sim/pool.js';
import { chacoGame, type ChacoOutcome } from '../sim/chaco-game.js';
import { aggregateShape } from '../sim/aggregate.js';
import { dataHash, prepareRun, type RunSpec } from '../sim/spec.js';
import { bidHandicap, handicapRecord } from '../sim/handicap.js';
import { addCommonOptions, asUsage, commonSchema, intFlag, parseFlags, specFromFlags } from './flags.js';
import { onInterrupt, playWithProgress, reportFailure } from './play-games.js';
import { confirmRunSize } from './run-size.js';

const BID_LINE: LineSchema = {
  command: 'bid',
  changes: [
    '--seed',
    '--par',
    '--bol',
    '--option',
    '--handicap',
    '--check',
    '--data',
    '--games',
    '--points',
    '--step',
    '--extend',
    '--bootstrap',
  ],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--yes'],
};

const bidSchema = commonSchema.extend({
  games: intFlag('--games', 10),
  points: intFlag('--points', 3, 25),
  step: intFlag('--step', 1, 1000).optional(),
  extend: intFlag('--extend', 0, 50),
  bootstrap: intFlag('--bootstrap', 100, 100_000),
});

export async function bidAction(scenarioArg: string, raw: unknown): Promise<void> {
  const f = parseFlags(bidSchema, raw);
  const { spec: base, prepared } = specFromFlags(scenarioArg, f);
  await loadPolicyModules([base.par, base.bol]);
  const { scenario, options } = prepared;
  confirmRunSize({
    what: `--games ${f.games} at ${f.points} bids`,
    spec: base,
    games: f.games * f.points,
    turns: scenario.turns,
    threads: f.workers,
    yes: f.yes,
    quiet: f.quiet,
  });
  const shape = aggregateShape(scenario, options);
  const dir = outputDir(f.out, scenario.id, base.seed, 'bid-');
  claimFolder(dir, f.force);
  const pool = createPool(chacoGame, f.workers);
  const interrupt = onInterrupt(f.quiet);
  const t0 = new Date();
  const played = new Map<number, ChacoOutcome>();
  const log = (line: string) => {
    if (!f.quiet) process.stderr.write(`${line}\n`);
  };
  const specAt = (bid: number): RunSpec => ({ ...base, handicap: bidHandicap(base.handicap, bid) });
  let stopped: { outcome: ChacoOutcome; spec: RunSpec } | undefined;

  const play = async (bid: number): Promise<ChacoOutcome | undefined> => {
    const hit = played.get(bid);
    if (hit) return hit;
    const spec = asUsage(() => {
      const s = specAt(bid);
      prepareRun(s);
      return s;
    });
    const { outcome } = await playWithProgress(pool, spec, shape, {
      games: f.games,
      label: `${scenario.id} bid ${bid > 0 ? '+' : ''}${bid}`,
      quiet: f.quiet,
      progress: f.progress,
      decisionTimeout: f.decisionTimeout,
      signal: interrupt.signal,
    });
    if (outcome.failure || outcome.interrupted) {
      stopped = { outcome, spec };
      return undefined;
    }
    played.set(bid, outcome);
    return outcome;
  };

  try {
    log(`${scenario.id}: quick estimate from ${f.games} games at the base handicap`);
    const baseRun = await play(0);
    if (!baseRun) {
      finishStopped(stopped!, f.games, null);
      return;
    }
    const quick = quickBid(baseRun.aggregate.margin, { replicates: f.bootstrap, seed: `${base.seed}:bid` });
    log(`  quick: ${describeBid(quick.bid)} (95% ${describeBid(quick.interval.lo)} to ${describeBid(quick.interval.hi)})`);
    const grid = initialGrid(quick, f.points, f.step);
    const bids = [...grid.bids];
    if (!bids.includes(0)) bids.push(0); // the table always shows the scenario as printed
    for (const b of bids) if (!(await play(b))) break;
    const points = (): BidPoint[] =>
      [...played.entries()].filter(([b]) => bids.includes(b)).map(([bid, o]) => ({ bid, games: o.played, parWins: o.aggregate.wins[0]! }));
    let exact = exactBid(points());
    for (let extra = 0; !stopped && extra < f.extend; extra++) {
      const b = nextBid(exact, bids, grid.step);
      if (b === null) break;
      log(`  the grid does not reach 50% yet: adding bid ${b > 0 ? '+' : ''}${b}`);
      bids.push(b);
      if (!(await play(b))) break;
      exact = exactBid(points());
    }
    const agree = bidsAgree(quick, exact);
    const reliability = bidReliability(quick, exact);
    const reproduce = commandLine(BID_LINE, [scenarioArg], raw as Record<string, unknown>);
    const finished = new Date();
    const manifest = {
      tool: 'chaco',
      command: 'bid',
      version: VERSION_OF_PACKAGE,
      commit: gitCommit(),
      node: process.version,
      scenario: { id: scenario.id, name: scenario.name, dataHash: dataHash(base) },
      options: { given: base.options, rules: options, from: prepared.sources },
      policies: { PAR: base.par, BOL: base.bol },
      handicap: handicapRecord(base.handicap),
      startingVp: { PAR: scenario.sides[0].vp, BOL: scenario.sides[1].vp },
      seed: base.seed,
      gamesPerBid: f.games,
      bidMeaning: "VP added to Paraguay's starting VP; negative: -bid VP added to Bolivia's",
      quick: {
        bid: quick.bid,
        lo: quick.interval.lo,
        hi: quick.interval.hi,
        games: quick.games,
        bootstrapReplicates: quick.replicates,
        text: describeBid(quick.bid),
      },
      exact: {
        bid: exact.bid.value,
        lo: exact.lo.value,
        hi: exact.hi.value,
        text: describeBid(exact.bid.value),
        ...(exact.bid.outside ? { outside: exact.bid.outside } : {}),
      },
      agree,
      grid: exact.points.map((p) => ({
        bid: p.bid,
        games: p.games,
        parWins: p.parWins,
        winRate: p.winRate,
        lo: p.lo,
        hi: p.hi,
        fitted: p.fitted,
        reproduce: runCommand(specAt(p.bid), 0, f.games),
      })),
      reliability,
      status: stopped ? (stopped.outcome.failure ? 'failed' : 'interrupted') : reliability.reliable ? 'complete' : 'unreliable',
      reproduce,
      workers: pool.threads,
      timing: { started: t0.toISOString(), finished: finished.toISOString(), seconds: (finished.getTime() - t0.getTime()) / 1000 },
    };
    await writeBidReport({
      dir,
      scenario,
      base: baseRun.aggregate,
      quick,
      exact,
      reliability,
      startVp: [scenario.sides[0].vp, scenario.sides[1].vp],
      manifest,
      reproduce,
    });
    const out = [
      `${scenario.id}: fair bid (VP added to one side's starting VP so that each side wins half the games)`,
      `  fair bid     ${describeBid(exact.bid.value).padEnd(18)} 95% ${describeBid(exact.lo.value)} to ${describeBid(exact.hi.value)}  (exact: ${exact.points.length} bids x ${f.games} games with the bid in the starting VP, same seeds)`,
      `  first guess  ${describeBid(quick.bid).padEnd(18)} 95% ${describeBid(quick.interval.lo)} to ${describeBid(quick.interval.hi)}  (quick: margins of ${quick.games} games shifted, bootstrap)`,
      `  the two ${agree ? "agree (each lies inside the other's interval)" : "disagree (one lies outside the other's interval); the fair bid is the exact one"}`,
      ...(reliability.reliable
        ? []
        : [`  UNRELIABLE   this answer is not one to act on as it stands:`, ...reliability.reasons.map((r) => `    - ${r}`)]),
      `report  ${join(dir, 'index.html')}`,
    ];
    process.stdout.write(f.quiet ? `${dir}\n` : `${out.join('\n')}\n`);
    if (stopped) finishStopped(stopped, f.games, dir);
  } finally {
    interrupt.dispose();
    await pool.close();
  }
}

/** A bid stopped by a failing game or Ctrl-C; `dir` is null when nothing could be written (no quick estimate yet). */
function finishStopped(stopped: { outcome: ChacoOutcome; spec: RunSpec }, games: number, dir: string | null): void {
  if (stopped.outcome.failure) {
    reportFailure(stopped.outcome, stopped.spec, 0, games, null);
    if (dir) process.stderr.write(`  the estimates from the bids played before it are in ${dir}\n`);
  } else {
    process.stderr.write(
      dir
        ? `chaco: interrupted; the estimates from the bids played so far are in ${dir}\n`
        : 'chaco: interrupted before the quick estimate; nothing written\n',
    );
    process.exitCode = 130;
  }
}

export function registerBid(program: Command): void {
  const cmd = program
    .command('bid')
    .description('find the VP handicap that makes a scenario even, with a quick and an exact estimate and their 95% intervals')
    .argument('<scenario>', 'scenario id (chaco scenarios) or file');
  addCommonOptions(cmd, '1000', 'games per bid (the same seeds for every bid)');
  declareLine(cmd, BID_LINE)
    .option('--points <n>', 'bids in the first grid, centred on the quick estimate', '7')
    .option('--step <vp>', 'VP between bids of the grid (default: a quarter of the quick interval, at least 1)')
    .option('--extend <n>', 'bids that may be added when the grid does not reach 50%', '6')
    .option('--bootstrap <n>', 'bootstrap resamples for the quick interval', '1000')
    .action((scenario: string, opts: unknown) => bidAction(scenario, opts));
}
