// The `games` job kind: games from..to-1 of a run (a game's spec), played by a worker on its own threads
// and returned as the shard's rows, per-game figures and aggregate. And the queue as a ShardPool, so
// runGames (and every command built on it) plays through the queue unchanged: same shards in, same
// ChunkResults out, in game order, whoever played them. Nothing of the game: what a spec names and
// reads comes from the GameModule.
import type { GameModule, SpecBase } from '../game-module.js';
import type { ShardPool } from '../pool.js';
import { runGames } from '../runner.js';
import { type ChunkResult, type ChunkTask, type GameFailure } from '../shard.js';
import { QueueClient, type ClientOptions } from './client.js';
import { localPath, portablePath } from './identity.js';
import type { JobKind, WorkContext, WorkerInfo } from './job.js';

export interface GamesPayload<S extends SpecBase> {
  /** Paths (data folder, scenario file, plan and module files) in portable form. */
  readonly spec: S;
  readonly from: number;
  readonly to: number;
  /** The submitter's --decision-timeout (ms; 0: none). */
  readonly decisionTimeoutMs: number;
}

/** A ChunkResult as JSON: the typed arrays as plain ones. */
export type EncodedChunk<A> = Omit<ChunkResult<A>, 'margin_g' | 'winner_g' | 'end_g' | 'endTurn_g'> & {
  readonly margin_g: number[];
  readonly winner_g: number[];
  readonly end_g: number[];
  readonly endTurn_g: number[];
};

export function encodeChunk<A>(c: ChunkResult<A>): EncodedChunk<A> {
  return {
    ...c,
    margin_g: Array.from(c.margin_g),
    winner_g: Array.from(c.winner_g),
    end_g: Array.from(c.end_g),
    endTurn_g: Array.from(c.endTurn_g),
  };
}

export function decodeChunk<A>(e: EncodedChunk<A>): ChunkResult<A> {
  return {
    ...e,
    margin_g: Int32Array.from(e.margin_g),
    winner_g: Uint8Array.from(e.winner_g),
    end_g: Uint8Array.from(e.end_g),
    endTurn_g: Uint8Array.from(e.endTurn_g),
  };
}

/** Plays a payload's games on the local pool (its decision timeout included) as one shard. */
async function playGames<S extends SpecBase, A, H>(pool: ShardPool<S, A, H>, p: GamesPayload<S>): Promise<ChunkResult<A>> {
  const shape = pool.game.shape(p.spec);
  let chunk: ChunkResult<A> | undefined;
  const outcome = await runGames(pool, p.spec, shape, {
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

/** The `games` job kind of `game`: a worker serving it plays on a pool of the same game. */
export function gamesKind<S extends SpecBase, A, H>(game: GameModule<S, A, H>): JobKind<GamesPayload<S>, EncodedChunk<A>> {
  return {
    kind: 'games',
    describe: (p) => game.describe(p.spec, p.from, p.to),
    localise: (p, local) => {
      const spec = game.mapPaths(p.spec, (path) => localPath(path));
      return { ...p, spec: local.dataDir !== undefined ? game.withDataDir(spec, local.dataDir) : spec };
    },
    inputs: (p) => game.inputs(p.spec),
    run: async (p, ctx: WorkContext) => {
      if (ctx.pool.game !== (game as unknown)) throw new Error('a games job given to a pool of another game');
      return encodeChunk(await playGames(ctx.pool as unknown as ShardPool<S, A, H>, p));
    },
  };
}

/** Shards played through the queue, and who played them. */
export interface QueuePool<S extends SpecBase, A, H> extends ShardPool<S, A, H> {
  /** The workers that returned shards, with their threads, shards and games. */
  workers(): readonly (WorkerInfo & { shards: number; games: number })[];
  /** Worker processes connected to the queue now. */
  connected(): Promise<number>;
}

/** A pool whose shards (of `shardSize` games) are jobs on the queue at `url`, all put there at once. */
export async function openQueuePool<S extends SpecBase, A, H>(
  game: GameModule<S, A, H>,
  url: string,
  o: ClientOptions & { readonly shardSize: number },
): Promise<QueuePool<S, A, H>> {
  const client = await QueueClient.open(url, o);
  const kind = gamesKind(game);
  const seen = new Map<string, WorkerInfo & { shards: number; games: number }>();
  return {
    game,
    get threads() {
      let n = 0;
      for (const w of seen.values()) n += w.threads;
      return n;
    },
    shardSize: o.shardSize,
    window: Number.POSITIVE_INFINITY,
    async run(task: ChunkTask<S>, signal?: AbortSignal): Promise<ChunkResult<A>> {
      const payload: GamesPayload<S> = {
        spec: game.mapPaths(task.spec, (path) => portablePath(path)),
        from: task.from,
        to: task.to,
        decisionTimeoutMs: task.decisionTimeoutMs ?? 0,
      };
      const r = await client.submit(kind, payload, signal);
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
