// `chaco best-response <scenario> --side PAR --balance <folder>`: the best-response check of an
// equilibrium. The other side is held at its equilibrium mix (or --hold a policy); this side's heuristic
// parameters are searched with NTBEA for a better reply, every candidate on the same seeds; the best is
// measured on fresh seeds against this side's own mix (or --reference), game by game. Resumable.
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { BALANCED_POINT, paramsOf, SPACE_SIZES, tunedPlan } from '../policy/heuristic-space.js';
import { loadPolicyModules } from '../policy/index.js';
import { writeBestResponseReport, type BestResponseResult } from '../report/best-response-report.js';
import { mixText } from '../report/balance-report.js';
import { makeFolder } from '../report/make-folder.js';
import { writeFileAtomic } from '../report/write-file.js';
import { aggregateShape } from '../sim/aggregate.js';
import {
  mixOfMixesScores,
  mixResult,
  mixScores,
  replyFitness,
  replyGain,
  replyMarginGain,
  searchReply,
  type MixCell,
} from '../sim/best-response.js';
import { commandLine, type LineSchema } from '../sim/command-line.js';
import { declareLine } from './declared-lines.js';
import { dataHash, type RunSpec } from '../sim/spec.js';
import { checkPolicies } from '../sim/policy-ref.js';
import type { CellStore } from './balance-cells.js';
import { readBalanceEquilibrium, type MixEntry } from './balance-folder.js';
import type { PlayStatus } from './balance-play.js';
import { addStudyOptions, asUsage, commonSchema, intFlag, parseFlags, specFromFlags, switchFlag } from './flags.js';
import { poolFor } from './policy-pool.js';
import { addQueueOptions, queueSchema } from './queue-options.js';
import { isChacoFile, runId } from './run-folder.js';
import { runStudy } from './study-run.js';
import { UsageError } from './usage-error.js';
import { fileLabel } from './file-label.js';

export const BEST_RESPONSE_STATE = 'best-response-state.json';

const schema = commonSchema.omit({ par: true, bol: true, handicap: true }).extend({
  side: z.enum(['PAR', 'BOL'], { message: '--side: PAR or BOL (the side that looks for a better reply)' }),
  balance: z.string().optional(),
  hold: z.string().optional(),
  reference: z.string().optional(),
  candidates: intFlag('--candidates', 1),
  games: intFlag('--games', 1),
  finalGames: intFlag('--final-games', 1),
  atBid: switchFlag(),
  ...queueSchema,
});

/** A mix in words: the policy alone, or "cautious 0.182; search 0.818". */
const mixDesc = (mix: readonly { label: string; weight: number }[]) =>
  mix.length === 1
    ? mix[0]!.label
    : mixText(
        mix.map((m) => m.label),
        mix.map((m) => m.weight),
      );

/**
 * The side's outcome of each game of a cell: won (1/0) and its margin (its VP minus the enemy's). With a bid
 * (VP to Paraguay), the margins shifted by it and won read from them: 1 above zero, ½ at zero (a coin flip), 0 below.
 */
function sideCell(store: CellStore, side: 0 | 1, weight: number, bid: number | null): MixCell {
  if (bid === null)
    return {
      weight,
      won_g: Array.from(store.games.winner_g, (w) => (w === side ? 1 : 0)),
      margin_g: Array.from(store.games.margin_g, (m) => (side === 0 ? m : -m)),
    };
  const margin_g = Array.from(store.games.margin_g, (m) => (side === 0 ? m + bid : -(m + bid)));
  return { weight, won_g: margin_g.map((m) => (m > 0 ? 1 : m === 0 ? 0.5 : 0)), margin_g };
}

export async function bestResponseAction(scenarioArg: string, raw: unknown): Promise<void> {
  const f = parseFlags(schema, raw);
  if ((f.balance === undefined) === (f.hold === undefined))
    throw new UsageError('give --balance <folder> (hold the other side at its equilibrium mix) or --hold <policy>, one of them');
  const side = f.side === 'PAR' ? 0 : 1;
  const own = f.side === 'PAR' ? 'par' : 'bol',
    other = f.side === 'PAR' ? 'bol' : 'par';
  const first = specFromFlags(scenarioArg, { ...f, par: 'balanced', bol: 'balanced', handicap: [] });
  const id = first.prepared.scenario.id;
  const eq = f.balance !== undefined ? readBalanceEquilibrium(f.balance, scenarioArg, id) : null;
  // At the bid (--at-bid): both sides' mixes once the fair bid is paid, every game scored with its margin shifted by it.
  if (f.atBid && !eq) throw new UsageError('--at-bid needs --balance <folder>: the bid and the mixes at it come from the study');
  if (eq && f.atBid && (eq.mixesAtBid === null || !Number.isFinite(eq.bid)))
    throw new UsageError(
      `--at-bid: ${f.balance}'s equilibrium.csv has no fair bid or no mixes at it (par_mix_at_bid); play the study again with this version`,
    );
  const bid = f.atBid && eq ? eq.bid : null;
  const mixes = f.atBid && eq ? eq.mixesAtBid! : eq?.mixes;
  if (eq && f.option.length > 0)
    throw new UsageError(
      `--option with --balance: the check plays with the study's options (${eq.options.join(' ') || 'none'}); leave --option out`,
    );
  const { spec: base, prepared } = eq
    ? specFromFlags(scenarioArg, { ...f, option: [...eq.options], par: 'balanced', bol: 'balanced', handicap: [] })
    : first;
  if (eq?.dataHash && eq.dataHash !== dataHash(base))
    throw new UsageError(
      `--balance ${f.balance}: the study played other data (its map, counters, charts or scenario file have changed since); play the study again`,
    );
  const named = (policy: string, flag: string): MixEntry[] => poolFor([policy], id, flag).map((e) => ({ ...e, weight: 1 }));
  const held = mixes ? mixes[f.side === 'PAR' ? 'BOL' : 'PAR'] : named(f.hold!, '--hold');
  const reference =
    f.reference !== undefined ? named(f.reference, '--reference') : mixes ? mixes[f.side] : named('balanced', '--reference');
  for (const [what, mix, s] of [
    ['--hold', held, other],
    ['--reference', reference, own],
  ] as const) {
    const gap = mix.find((m) => m[s] === null);
    if (gap) throw new UsageError(`${what} ${gap.label}: ${id} has no such policy for ${s === 'par' ? 'Paraguay' : 'Bolivia'}`);
  }
  const specFor = (mine: string, theirs: string, seed: string): RunSpec => ({
    ...base,
    seed,
    par: side === 0 ? mine : theirs,
    bol: side === 0 ? theirs : mine,
  });
  const finalSeed = `${f.seed}:final`;
  for (const r of reference) for (const h of held) asUsage(() => checkPolicies(specFor(r[own]!, h[other]!, finalSeed)));
  for (const r of reference) for (const h of held) await loadPolicyModules([r[own]!, h[other]!]);

  const dir = f.out ?? join('reports', 'out', 'best-response', runId(f.seed, `${id}-${own}-`));
  const candidateFile = (i: number) => join(dir, 'candidates', `c${String(i).padStart(3, '0')}.json`);
  const bestFile = join(dir, 'best.json');
  const searchKey = (i: number, h: MixEntry) => `${id}/search/c${String(i).padStart(3, '0')}__${fileLabel(h.label)}`;
  const finalKey = (mine: string, h: MixEntry) => `${id}/final/${fileLabel(mine)}__${fileLabel(h.label)}`;
  const keys = [
    ...Array.from({ length: f.candidates }, (_, i) => held.map((h) => searchKey(i, h))).flat(),
    ...held.map((h) => finalKey('reply', h)),
    ...reference.flatMap((r) => held.map((h) => finalKey(`ref-${r.label}`, h))),
  ];
  const fields = {
    scenario: scenarioArg,
    dataHash: dataHash(base),
    side: f.side,
    held: held.map((h) => ({ label: h.label, policy: h[other], weight: h.weight })),
    reference: reference.map((r) => ({ label: r.label, policy: r[own], weight: r.weight })),
    candidates: f.candidates,
    games: f.games,
    finalGames: f.finalGames,
    ...(bid !== null ? { bid } : {}),
    options: [...base.options],
    seed: f.seed,
    check: f.check,
  };
  const reproduce = commandLine(BEST_RESPONSE_LINE, [scenarioArg], { ...(raw as Record<string, unknown>), out: dir }, { resume: true });
  const shape = aggregateShape(prepared.scenario, prepared.options);
  const specs = new Map<string, RunSpec>();
  const candidates: {
    name: string;
    games: number;
    winRate: number;
    meanMargin: number;
    fitness: number;
    params: Record<string, unknown>;
  }[] = [];

  const run = await runStudy(
    {
      command: 'best-response',
      fields,
      raw,
      flags: f,
      dir,
      keys,
      isFile: isBestResponseFile,
      stateName: BEST_RESPONSE_STATE,
      noun: 'the best-response check',
      reproduce,
    },
    async ({ stores: st, play, cell }) => {
      makeFolder(join(dir, 'candidates'));
      // Plays cells (key, spec) to their games; the status of the play.
      const playAll = (cells: readonly { key: string; spec: RunSpec; games: number }[]) => {
        for (const c of cells) specs.set(c.key, c.spec);
        return play([cells.map((c) => cell(c.key, c.spec, shape, c.games))]);
      };
      let status: PlayStatus = 'complete';
      const search = await searchReply({
        sizes: SPACE_SIZES,
        start: BALANCED_POINT,
        evaluations: f.candidates,
        seed: f.seed,
        evaluate: async (point, i) => {
          const params = paramsOf(point);
          writeFileAtomic(candidateFile(i), `${JSON.stringify(tunedPlan(id, f.side, params), null, 1)}\n`);
          const cells = held.map((h) => ({
            key: searchKey(i, h),
            spec: specFor(candidateFile(i), h[other]!, f.seed),
            games: f.games,
            weight: h.weight,
          }));
          status = await playAll(cells);
          if (status !== 'complete') return null;
          const r = mixResult(cells.map((c) => sideCell(st.get(c.key)!, side, c.weight, bid)));
          const fitness = replyFitness(r.winRate, r.meanMargin);
          candidates.push({
            name: `c${String(i).padStart(3, '0')}`,
            games: r.games,
            winRate: r.winRate,
            meanMargin: r.meanMargin,
            fitness,
            params,
          });
          return fitness;
        },
      });
      if (!search.complete || search.best === null) return { status, final: null };
      // The reply the NTBEA model rates best, then this side's reference, against the held mix on fresh seeds.
      const best = search.best;
      const bestIndex = search.evaluated.findIndex((e) => e.point.join() === best.join());
      writeFileAtomic(
        bestFile,
        `${JSON.stringify(tunedPlan(id, f.side, paramsOf(best), { check: 'chaco best-response', reproduce }), null, 1)}\n`,
      );
      const replyCells = held.map((h) => ({
        key: finalKey('reply', h),
        spec: specFor(bestFile, h[other]!, finalSeed),
        games: f.finalGames,
        weight: h.weight,
      }));
      const refCells = reference.map((r) => ({
        weight: r.weight,
        cells: held.map((h) => ({
          key: finalKey(`ref-${r.label}`, h),
          spec: specFor(r[own]!, h[other]!, finalSeed),
          games: f.finalGames,
          weight: h.weight,
        })),
      }));
      status = await playAll([...replyCells, ...refCells.flatMap((r) => r.cells)]);
      if (status !== 'complete') return { status, final: null };
      // Each final cell read once, as the side's wins and margins; the gain in wins, then in VP.
      const replySides = replyCells.map((c) => sideCell(st.get(c.key)!, side, c.weight, bid));
      const refSides = refCells.map((r) => ({
        weight: r.weight,
        cells: r.cells.map((c) => sideCell(st.get(c.key)!, side, c.weight, bid)),
      }));
      const reply = mixScores(replySides),
        ref = mixOfMixesScores(refSides);
      const g = replyGain(reply, ref);
      const replyMargins = mixScores(replySides, 'margin_g'),
        refMargins = mixOfMixesScores(refSides, 'margin_g');
      const m = replyMarginGain(replyMargins, refMargins);
      const mean = (x: Float64Array) => x.reduce((a, b) => a + b, 0) / x.length;
      return {
        status,
        final: {
          best: candidates[bestIndex]!.name,
          file: bestFile,
          games: g.games,
          replyScore: mean(reply),
          referenceScore: mean(ref),
          gain: g.gain,
          lo: g.lo,
          hi: g.hi,
          replyMargin: mean(replyMargins),
          referenceMargin: mean(refMargins),
          marginGain: m.gain,
          marginLo: m.lo,
          marginHi: m.hi,
        },
      };
    },
  );
  const { result } = run;
  // At the bid the value is one half by construction (the bid is where it crosses), so none is quoted.
  const value =
    eq && bid === null
      ? side === 0
        ? { value: eq.value, lo: eq.lo, hi: eq.hi }
        : { value: 1 - eq.value, lo: 1 - eq.hi, hi: 1 - eq.lo }
      : null;
  const atBidText = bid !== null ? ' at the fair bid' : '';
  const report: BestResponseResult = {
    scenario: { id, name: prepared.scenario.name },
    side: f.side,
    held: eq ? `equilibrium mix${atBidText} (${mixDesc(held)})` : mixDesc(held),
    reference: f.reference === undefined && eq ? `its equilibrium mix${atBidText} (${mixDesc(reference)})` : mixDesc(reference),
    equilibrium: value,
    bid,
    games: f.games,
    candidates,
    final: result.final,
  };
  const manifest = run.manifest(
    result.status,
    f.balance !== undefined ? { balance: f.balance } : {},
    keys.filter((k) => specs.has(k)).map((k) => ({ key: k, spec: specs.get(k)! })),
  );
  const line = writeBestResponseReport(dir, report, manifest);
  if (f.quiet) process.stdout.write(`${resolve(dir)}\n`);
  else process.stdout.write(`${line}\nfiles   ${join(dir, 'best-response.csv')}\n`);
  if (result.status === 'interrupted') {
    process.stderr.write(`chaco: interrupted; the files cover the candidates evaluated so far.\n  resume: ${reproduce}\n`);
    process.exitCode = 130;
  }
}

/** The files a best-response check writes (what --force may delete), besides the run files. */
function isBestResponseFile(name: string): boolean {
  return (
    isChacoFile(name) ||
    ['best-response.csv', 'candidates.csv', 'best-response.json', 'best.json', 'candidates', 'cells', BEST_RESPONSE_STATE].includes(name)
  );
}

const BEST_RESPONSE_LINE: LineSchema = {
  command: 'best-response',
  changes: [
    '--side',
    '--balance',
    '--hold',
    '--reference',
    '--candidates',
    '--games',
    '--final-games',
    '--at-bid',
    '--seed',
    '--option',
    '--check',
    '--data',
  ],
  same: ['--workers', '--out', '--quiet', '--decision-timeout', '--force', '--progress', '--queue', '--shard-size'],
  resume: ['--out', '--queue', '--shard-size'],
};

export function registerBestResponse(program: Command): void {
  const cmd = program
    .command('best-response')
    .description(
      "the best-response check: hold the other side at its equilibrium mix (or a policy), search this side's heuristic parameters (NTBEA) for a better reply; the largest gain found with its paired interval",
    )
    .argument('<scenario>', 'scenario id (chaco scenarios) or file')
    .requiredOption('--side <side>', 'the side that looks for a better reply: PAR or BOL')
    .option(
      '--balance <folder>',
      "a finished chaco balance study: the other side plays its equilibrium mix, this side's reference is its own mix (the study's options are used)",
    )
    .option('--hold <policy>', 'instead of --balance: the other side plays this policy')
    .option(
      '--reference <policy>',
      "the policy the reply is measured against (default: the side's equilibrium mix with --balance, balanced with --hold)",
    )
    .option('--candidates <n>', "parameter sets evaluated (the NTBEA's evaluations)", '40')
    .option('--games <n>', 'games per candidate and held policy (the same seeds for every candidate)', '60')
    .option(
      '--final-games <n>',
      'games per held policy measuring the best reply and the reference, on fresh seeds (run seed + ":final"), paired',
      '400',
    )
    .option(
      '--at-bid',
      "with --balance: check the equilibrium at the study's fair bid: both sides play their mixes at the bid, and every game is won or lost on its margin shifted by the bid (a reply that gains VP but not wins where one side wins nearly always shows here)",
    )
    .option('--seed <seed>', 'run seed', '1')
    .option(
      '--option <key=value>',
      'with --hold: a rules option, an estimate step or a chart override; repeatable',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    );
  addStudyOptions(cmd, 'check', 'best-response', 'print the folder only');
  addQueueOptions(cmd);
  declareLine(cmd, BEST_RESPONSE_LINE).action((scenario: string, opts: unknown) => bestResponseAction(scenario, opts));
}
