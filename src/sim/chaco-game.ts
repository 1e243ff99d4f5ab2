// The Chaco War as a GameModule (game-module.ts): a run's spec prepared (the scenario, its options, the
// policies), one game played with the blunder audit and the VP sources watching, its games.csv row, the
// aggregate of the run, and what a spec names for the queue. The toolkit plays Chaco only through this.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { streamSeed } from '../core/dice.js';
import { IllegalDecision, type Policy } from '../core/decisions.js';
import { allObservers } from '../core/events.js';
import { playGame } from '../core/play.js';
import { aliasFile } from '../policy/aliases.js';
import { checkedPolicy, createPolicy, isPlanFile, isPolicyModule, loadPolicyModules } from '../policy/index.js';
import { parseSearch } from '../policy/search.js';
import { addGame, aggregateShape, emptyAggregate, END_TYPES, mergeAggregates, type Aggregate, type AggregateShape } from './aggregate.js';
import { BlunderAudit, mergeBlunderCounts } from './blunders.js';
import type { GameModule, PlayedGame } from './game-module.js';
import { GAME_COLUMNS, gameRow } from './game-row.js';
import type { ShardPool } from './pool.js';
import type { RunOutcome } from './runner.js';
import { fileHash, portablePath } from './queue/identity.js';
import { csvHeader, playShard, type ChunkResult, type ChunkTask, type GameDone } from './shard.js';
import { dataHash, prepareRun, type RunSpec } from './spec.js';
import { mergeVpSources, VpSourceTally } from './vp-sources.js';
import { watchedCall, watchViews, type Watch } from './watch.js';

/** Chaco's shards, games and pool, as the toolkit's types take them. */
export type ChacoChunk = ChunkResult<Aggregate>;
export type ChacoGameDone = GameDone<Aggregate>;
export type ChacoPool = ShardPool<RunSpec, Aggregate, AggregateShape>;
export type ChacoOutcome = RunOutcome<Aggregate>;

/** The seed of game `index` of a run (I-41): the dice use `<seed>:dice`, the policies `<seed>:PAR` and `<seed>:BOL`. */
export function gameSeed(runSeed: string, index: number): string {
  return streamSeed(runSeed, index, 'game');
}

/** `policy` (a user module) reporting each decision to the watch: which game, side and kind, and since when. */
function watchedPolicy(policy: Policy, watch: Watch, game: number, side: number): Policy {
  const views = watchViews(watch);
  return {
    name: policy.name,
    decide: (decision, view) => watchedCall(views, game, side, decision.kind, () => policy.decide(decision, view)),
  };
}

/** The file a policy name reads (a plan or a module, with or without restrictions), or null. */
function policyFile(name: string): string | null {
  if (isPolicyModule(name)) return name;
  const base = name.split('+')[0]!;
  return isPlanFile(base) ? base : null;
}

function mapPolicy(name: string, f: (path: string) => string): string {
  const file = policyFile(name);
  return file === null ? name : f(file) + name.slice(file.length);
}

const isScenarioPath = (s: string) => s.endsWith('.json') || s.includes('/');

/** What a queue worker must hold the same to play `spec`: the data files, each policy file and the search's tuned files. */
function inputs(spec: RunSpec): Record<string, string | null> {
  let data: string | null;
  try {
    data = dataHash(spec);
  } catch {
    data = null;
  }
  const out: Record<string, string | null> = { 'the data files': data };
  // The search plays the scenario's tuned file for its side as one of its plans (policy/index.ts).
  let id: string | null | undefined;
  const scenarioId = (): string | null => {
    if (id === undefined) {
      try {
        id = prepareRun(spec).scenario.id;
      } catch {
        id = null;
      }
    }
    return id;
  };
  for (const [side, name] of [
    ['PAR', spec.par],
    ['BOL', spec.bol],
  ] as const) {
    const file = policyFile(name);
    if (file !== null) out[`the ${side} policy file`] = fileHash(file);
    let search: ReturnType<typeof parseSearch>;
    try {
      search = parseSearch(name);
    } catch {
      search = null; // a malformed search: the games say so
    }
    const scenario = search !== null ? scenarioId() : null;
    if (scenario !== null) out[`the ${side} search's tuned file`] = fileHash(aliasFile('tuned', scenario, side === 'PAR' ? 'par' : 'bol'));
    // Its rollouts' pool of opponents holds the other side's tuned file.
    if (scenario !== null && search!.opponents === 'pool')
      out[`the ${side} search's opponent's tuned file`] = fileHash(aliasFile('tuned', scenario, side === 'PAR' ? 'bol' : 'par'));
  }
  return out;
}

export const chacoGame: GameModule<RunSpec, Aggregate, AggregateShape> = {
  sides: ['PAR', 'BOL'],
  columns: GAME_COLUMNS,
  // The compiled worker beside this file when running from dist/, else dist/sim/ of the package.
  workerFile: () => {
    const here = fileURLToPath(import.meta.url);
    return here.endsWith('.ts') ? resolve(dirname(here), '../../dist/sim/worker.js') : join(dirname(here), 'worker.js');
  },
  gameSeed,
  async open(spec, watch) {
    await loadPolicyModules([spec.par, spec.bol]);
    const { scenario, options } = prepareRun(spec);
    const shape = aggregateShape(scenario, options);
    // Every game is watched for the sides' blunders and where their VP come from; they only read, so the games are the same with them.
    const audit = new BlunderAudit(),
      vpSources = new VpSourceTally();
    const observer = allObservers([audit, vpSources])!;
    return {
      play(index, seed): PlayedGame<Aggregate> {
        const policies = [spec.par, spec.bol].map((name, side) => {
          const p = createPolicy(name, `${seed}:${side === 0 ? 'PAR' : 'BOL'}`, scenario);
          if (isPolicyModule(name)) return watch ? watchedPolicy(p, watch, index, side) : p;
          // --check: a built-in policy that changes its view fails the game too (modules always decide through the read-only view).
          return spec.check ? checkedPolicy(p, `policy ${name}`) : p;
        }) as [Policy, Policy];
        const r = playGame(scenario, options, policies, seed, { checkInvariants: spec.check, observer });
        vpSources.finish(r.vpPar, r.vpBol);
        return {
          row: gameRow(index, r),
          margin: r.margin,
          winner: r.winner === 'PAR' ? 0 : 1,
          end: END_TYPES.indexOf(r.end),
          endTurn: r.endTurn,
          addTo(aggregate, alone) {
            addGame(aggregate, shape, r);
            if (alone === undefined) {
              audit.addGameTo(aggregate.blunders);
              vpSources.addGameTo(aggregate.vpSources);
              return;
            }
            addGame(alone, shape, r);
            audit.addGameTo(alone.blunders);
            vpSources.addGameTo(alone.vpSources);
            aggregate.blunders = mergeBlunderCounts(aggregate.blunders, alone.blunders);
            aggregate.vpSources = mergeVpSources(aggregate.vpSources, alone.vpSources);
          },
        };
      },
    };
  },
  shape(spec) {
    const { scenario, options } = prepareRun(spec);
    return aggregateShape(scenario, options);
  },
  emptyAggregate,
  mergeAggregates,
  // An illegal answer from a policy module names the module (its throws and writes name it already).
  failureMessage(err, spec) {
    if (!(err instanceof IllegalDecision)) return err.message;
    const name = [spec.par, spec.bol][err.decision.side]!;
    return isPolicyModule(name) ? `policy module ${name}: ${err.message}` : err.message;
  },
  userCode: (spec) => [spec.par, spec.bol].map((name) => (isPolicyModule(name) ? name : null)),
  mapPaths: (spec, f) => ({
    ...spec,
    dataDir: f(spec.dataDir),
    scenario: isScenarioPath(spec.scenario) ? f(spec.scenario) : spec.scenario,
    par: mapPolicy(spec.par, f),
    bol: mapPolicy(spec.bol, f),
  }),
  withDataDir: (spec, dir) => ({ ...spec, dataDir: dir }),
  inputs,
  describe(spec, from, to) {
    const data = portablePath(spec.dataDir);
    return `${portablePath(spec.scenario).replace(/^package:/, '')} seed ${spec.seed}, games ${from}–${to - 1}${data === 'package:scenarios' ? '' : ` with the data in ${spec.dataDir}`}`;
  },
};

/** Chaco's games.csv header line. */
export const gamesCsvHeader = (): string => csvHeader(GAME_COLUMNS);

/** A shard of a Chaco run played in this thread (tests, benchmarks): playShard with Chaco's module. */
export const playChunk = (task: ChunkTask<RunSpec>, onGame?: (g: ChacoGameDone) => void): Promise<ChacoChunk> =>
  playShard(chacoGame, task, onGame);
