// The line between the toolkit and the game. The toolkit (shards, the runner, the pool of worker threads,
// the queue, the studies' statistics in src/analysis) plays games it knows only through a GameModule:
// how to prepare a run's games and play one, the columns of its games.csv row, its aggregate (made
// empty, a game added, two summed) and what a run's spec names (its user code, its files). Chaco's is
// sim/chaco-game.ts; test/layers.test.ts checks that the toolkit's files import nothing of the game.
import type { Watch } from './watch.js';

/** What every run's spec holds for the toolkit: its seed. A game's spec holds what its games need besides. */
export interface SpecBase {
  readonly seed: string;
}

/** One game played: its games.csv row, its figures and how to add it to the aggregates. */
export interface PlayedGame<A> {
  /** The games.csv row, by column. */
  readonly row: Readonly<Record<string, string | number>>;
  /** First side's score less the second's. */
  readonly margin: number;
  /** 0 the first side, 1 the second, 2 neither. */
  readonly winner: number;
  /** How the game ended: an index into the module's end types. */
  readonly end: number;
  /** The turn it ended. */
  readonly endTurn: number;
  /**
   * Adds the game to `aggregate` and, when given, to `alone` (an aggregate of this game only, told on
   * its own as it finishes). Called once a game.
   */
  addTo(aggregate: A, alone?: A): void;
}

/** The games of one shard of a run: prepared once, then played one by one. */
export interface GameSession<A> {
  /** Plays game `index` of the run with its seed; throws when the game fails. */
  play(index: number, seed: string): PlayedGame<A>;
}

/**
 * A game as the toolkit sees it. `S` is a run's spec, `A` the mergeable aggregate of its games, `H` the
 * aggregate's shape (what an empty one needs to know).
 */
export interface GameModule<S extends SpecBase, A, H> {
  /** The two sides' short names, first side first (they name a side in messages). */
  readonly sides: readonly [string, string];
  /** The games.csv columns, in order. */
  readonly columns: readonly string[];
  /** The compiled file a worker thread loads to play this game's shards (its default export: a shard played). */
  workerFile(): string;
  /** The seed of game `index` of a run: a pure function of the run's seed and the index. */
  gameSeed(runSeed: string, index: number): string;
  /** Prepares a shard's games (loading the user code the spec names); `watch`: where user code reports each decision. */
  open(spec: S, watch?: Watch): Promise<GameSession<A>>;
  /** The aggregate's shape for a run (its turns, places...): what an empty aggregate of its games needs. */
  shape(spec: S): H;
  emptyAggregate(shape: H): A;
  mergeAggregates(a: A, b: A): A;
  /** A failed game's message (naming the user code that failed, where it was user code). */
  failureMessage(err: Error, spec: S): string;
  /** The name of each side's player where it is user code (watched for the decision time limit), else null. */
  userCode(spec: S): readonly (string | null)[];
  /** The spec with every path it names mapped by `f` (the queue: portable on the way out, local on the way in). */
  mapPaths(spec: S, f: (path: string) => string): S;
  /** The spec reading its data from `dir` instead (a queue worker's --data). */
  withDataDir(spec: S, dir: string): S;
  /** What a worker elsewhere must hold the same to play the spec: a hash of each input by what it is (null: unreadable). */
  inputs(spec: S): Record<string, string | null>;
  /** The shard in words, for a queue's job list. */
  describe(spec: S, from: number, to: number): string;
}
