// The `games` job kind: games from..to-1 of a run (a RunSpec), played by a worker on its own threads
// and returned as the shard's rows, per-game figures and aggregate. And the queue as a ShardPool, so
// runGames (and every command built on it) plays through the queue unchanged: same shards in, same
// ChunkResults out, in game order, whoever played them.
import { isPlanFile, isPolicyModule } from '../../policy/index.js';
import type { ShardPool } from '../pool.js';
import { runGames } from '../runner.js';
import { aggregateShape } from '../aggregate.js';
import { type ChunkResult, type ChunkTask, type GameFailure } from '../shard.js';
import { dataHash, prepareRun, type RunSpec } from '../spec.js';
import { QueueClient, type ClientOptions } from './client.js';
import { aliasFile } from '../../policy/aliases.js';
import { parseSearch } from '../../policy/search.js';
import { fileHash, localPath, portablePath, type InputHashes } from './identity.js';
import type { JobKind, WorkContext, WorkerInfo } from './job.js';

export interface GamesPayload {
  /** Paths (data folder, scenario file, plan and module files) in portable form. */
  readonly spec: RunSpec;
  readonly from: number;
  readonly to: number;
  /** The submitter's --decision-timeout (ms; 0: none). */
  readonly decisionTimeoutMs: number;
}

/** A ChunkResult as JSON: the typed arrays as plain ones. */
export type EncodedChunk = Omit<ChunkResult, 'margin_g' | 'winner_g' | 'end_g' | 'endTurn_g'> & {
  readonly margin_g: number[];
  readonly winner_g: number[];
  readonly end_g: number[];
  readonly endTurn_g: number[];
};

export function encodeChunk(c: ChunkResult): EncodedChunk {
  return {
    ...c,
    margin_g: Array.from(c.margin_g),
    winner_g: Array.from(c.winner_g),
    end_g: Array.from(c.end_g),
    endTurn_g: Array.from(c.endTurn_g),
  };
}

export function decodeChunk(e: EncodedChunk): ChunkResult {
  return {
    ...e,
    margin_g: Int32Array.from(e.margin_g),
    winner_g: Uint8Array.from(e.winner_g),
    end_g: Uint8Array.from(e.end_g),
    endTurn_g: Uint8Array.from(e.endTurn_g),
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

/** The spec with its paths mapped by `f` (portablePath on the way out, localPath on the way in). */
export function mapSpecPaths(spec: RunSpec, f: (path: string) => string): RunSpec {
  return {
    ...spec,
    dataDir: f(spec.dataDir),
    scenario: isScenarioPath(spec.scenario) ? f(spec.scenario) : spec.scenario,
    par: mapPolicy(spec.par, f),
    bol: mapPolicy(spec.bol, f),
  };
}

function gamesInputs(spec: RunSpec): InputHashes {
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
    const scenario = parseSearch(name) !== null ? scenarioId() : null;
    if (scenario !== null) out[`the ${side} search's tuned file`] = fileHash(aliasFile('tuned', scenario, side === 'PAR' ? 'par' : 'bol'));
  }
  return out;
}

/** Plays a payload's games on the local pool (its decision timeout included) as one shard. */
async function playGames(p: GamesPayload, ctx: WorkContext): Promise<ChunkResult> {
  const { scenario, options } = prepareRun(p.spec);
  let chunk: ChunkResult | undefined;
  const outcome = await runGames(ctx.pool, p.spec, aggregateShape(scenario, options), {
    first: p.from,
    games: p.to - p.from,
    chunkSize: p.to - p.from,
    decisionTimeoutMs: p.decisionTimeoutMs,
    onChunk: (c) => {
      chunk = c;
    },
  });
  if (chunk && !outcome.failure) return chunk;
  const failure: GameFailure = outcome.failure ?? { game: p.from, seed: '', message: 'the shard ended without playing its games' };
  return chunk
    ? { ...chunk, to: p.to, failure }
    : {
        from: p.from,
        to: p.to,
        done: p.from,
        csv: '',
        margin_g: new Int32Array(0),
        winner_g: new Uint8Array(0),
        end_g: new Uint8Array(0),
        endTurn_g: new Uint8Array(0),
        aggregate: outcome.aggregate,
        failure,
      };
}

export const gamesKind: JobKind<GamesPayload, EncodedChunk> = {
  kind: 'games',
  describe: (p) => {
    const data = portablePath(p.spec.dataDir);
    return `${portablePath(p.spec.scenario).replace(/^package:/, '')} seed ${p.spec.seed}, games ${p.from}–${p.to - 1}${data === 'package:scenarios' ? '' : ` with the data in ${p.spec.dataDir}`}`;
  },
  localise: (p, local) => {
    const spec = mapSpecPaths(p.spec, (path) => localPath(path));
    return { ...p, spec: local.dataDir !== undefined ? { ...spec, dataDir: local.dataDir } : spec };
  },
  inputs: (p) => gamesInputs(p.spec),
  run: async (p, ctx) => encodeChunk(await playGames(p, ctx)),
};

/** Shards played through the queue, and who played them. */
export interface QueuePool extends ShardPool {
  /** The workers that returned shards, with their threads, shards and games. */
  workers(): readonly (WorkerInfo & { shards: number; games: number })[];
  /** Worker processes connected to the queue now. */
  connected(): Promise<number>;
}

/** A pool whose shards (of `shardSize` games) are jobs on the queue at `url`, all put there at once. */
export async function openQueuePool(url: string, o: ClientOptions & { readonly shardSize: number }): Promise<QueuePool> {
  const client = await QueueClient.open(url, o);
  const seen = new Map<string, WorkerInfo & { shards: number; games: number }>();
  return {
    get threads() {
      let n = 0;
      for (const w of seen.values()) n += w.threads;
      return n;
    },
    shardSize: o.shardSize,
    window: Number.POSITIVE_INFINITY,
    async run(task: ChunkTask, signal?: AbortSignal): Promise<ChunkResult> {
      const payload: GamesPayload = {
        spec: mapSpecPaths(task.spec, (path) => portablePath(path)),
        from: task.from,
        to: task.to,
        decisionTimeoutMs: task.decisionTimeoutMs ?? 0,
      };
      const r = await client.submit(gamesKind, payload, signal);
      const c = decodeChunk(r.value);
      if (c.from !== task.from || c.to !== task.to)
        throw new Error(`worker ${r.worker.name} returned games ${c.from}–${c.to - 1} for the shard ${task.from}–${task.to - 1}`);
      const w = seen.get(r.worker.name) ?? { ...r.worker, shards: 0, games: 0 };
      seen.set(r.worker.name, { ...w, shards: w.shards + 1, games: w.games + c.done - c.from });
      return c;
    },
    workers: () => [...seen.values()],
    connected: () => client.workers(),
    close: () => client.close(),
  };
}
