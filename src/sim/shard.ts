// One shard of a run: games from..to-1 played in order by a game module, returned as games.csv text, per-game
// margins and winners (for paired comparisons) and one aggregate. Runs in a worker thread or in-process.
// Nothing of the game: what a game is comes from its GameModule.
import { stringify } from 'csv-stringify/sync';
import type { MessagePort } from 'node:worker_threads';
import type { GameModule, PlayedGame, SpecBase } from './game-module.js';
import type { Watch } from './watch.js';

export interface ChunkTask<S extends SpecBase> {
  readonly spec: S;
  readonly from: number;
  readonly to: number;
  /** Where user code reports the decision in progress (the runner's --decision-timeout). */
  readonly watch?: Watch;
  /** The runner's --decision-timeout (ms; 0: none): a shard played on another machine's runner keeps the same limit. */
  readonly decisionTimeoutMs?: number;
  /** Where a worker thread posts each game as it finishes (GameDone), so that a shard ended early keeps its finished games. */
  readonly port?: MessagePort;
}

/**
 * One finished game of a shard, told as soon as it is played: its games.csv row, figures and aggregate.
 * A shard ended before its end (Ctrl-C, a decision past its time limit, a worker that died) keeps the
 * games it told; a shard that ends normally hands on its ChunkResult, which sums the same games.
 */
export interface GameDone<A> {
  readonly game: number;
  /** The games.csv row with its newline. */
  readonly csv: string;
  readonly margin: number;
  readonly winner: number;
  readonly end: number;
  readonly endTurn: number;
  readonly aggregate: A;
}

export interface GameFailure {
  /** Index of the game in the run. */
  readonly game: number;
  readonly seed: string;
  readonly message: string;
  readonly stack?: string;
}

export interface ChunkResult<A> {
  readonly from: number;
  readonly to: number;
  /** Games from..done-1 were played; done < to when game `done` failed. */
  readonly done: number;
  /** games.csv rows of the games played, without the header. */
  readonly csv: string;
  /** Per game played: margin, winner, end (the module's end type) and end turn (PlayedGame). */
  readonly margin_g: Int32Array;
  readonly winner_g: Uint8Array;
  readonly end_g: Uint8Array;
  readonly endTurn_g: Uint8Array;
  readonly aggregate: A;
  readonly failure?: GameFailure;
}

/** Test hook: CHACO_FAIL_GAME=<index> makes that game throw, to exercise the failure path end to end. */
const failGame = process.env.CHACO_FAIL_GAME === undefined ? -1 : Number(process.env.CHACO_FAIL_GAME);

/** Plays a shard of `game`; `onGame` (when given) is told each game as it finishes, in order. */
export async function playShard<S extends SpecBase, A, H>(
  game: GameModule<S, A, H>,
  task: ChunkTask<S>,
  onGame?: (g: GameDone<A>) => void,
): Promise<ChunkResult<A>> {
  const { spec, from, to } = task;
  const session = await game.open(spec, task.watch);
  const shape = game.shape(spec);
  const aggregate = game.emptyAggregate(shape);
  const rows: PlayedGame<A>['row'][] = [];
  const margin_g = new Int32Array(to - from),
    winner_g = new Uint8Array(to - from);
  const end_g = new Uint8Array(to - from),
    endTurn_g = new Uint8Array(to - from);
  let done = from;
  let failure: GameFailure | undefined;
  for (let i = from; i < to; i++) {
    const seed = game.gameSeed(spec.seed, i);
    let g: PlayedGame<A>;
    try {
      if (i === failGame) throw new Error(`CHACO_FAIL_GAME=${failGame}: this game fails on purpose (test hook)`);
      g = session.play(i, seed);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      failure = { game: i, seed, message: game.failureMessage(e, spec), ...(e.stack ? { stack: e.stack } : {}) };
      break;
    }
    rows.push(g.row);
    margin_g[i - from] = g.margin;
    winner_g[i - from] = g.winner;
    end_g[i - from] = g.end;
    endTurn_g[i - from] = g.endTurn;
    if (onGame) {
      const one = game.emptyAggregate(shape);
      g.addTo(aggregate, one);
      onGame({
        game: i,
        csv: stringify([g.row], { columns: [...game.columns] }),
        margin: g.margin,
        winner: g.winner,
        end: g.end,
        endTurn: g.endTurn,
        aggregate: one,
      });
    } else g.addTo(aggregate);
    done = i + 1;
  }
  const csv = rows.length > 0 ? stringify(rows, { columns: [...game.columns] }) : '';
  return {
    from,
    to,
    done,
    csv,
    margin_g: margin_g.subarray(0, done - from).slice(),
    winner_g: winner_g.subarray(0, done - from).slice(),
    end_g: end_g.subarray(0, done - from).slice(),
    endTurn_g: endTurn_g.subarray(0, done - from).slice(),
    aggregate,
    ...(failure ? { failure } : {}),
  };
}

/** The games.csv header line of a game's columns. */
export function csvHeader(columns: readonly string[]): string {
  return stringify([[...columns]]);
}
