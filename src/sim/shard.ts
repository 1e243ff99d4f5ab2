// One shard of a run: games from..to-1 played in order, returned as games.csv text, per-game margins
// and winners (for paired comparisons) and one aggregate. Runs in a worker thread or in-process.
import { stringify } from 'csv-stringify/sync';
import type { MessagePort } from 'node:worker_threads';
import { streamSeed } from '../core/dice.js';
import { allObservers } from '../core/events.js';
import { playGame, type GameResult } from '../core/play.js';
import { checkedPolicy, createPolicy, isPolicyModule, loadPolicyModules } from '../policy/index.js';
import { IllegalDecision, type Policy } from '../core/decisions.js';
import { watchedPolicy, type Watch } from './watch.js';
import { addGame, aggregateShape, emptyAggregate, type Aggregate, END_TYPES } from './aggregate.js';
import { BlunderAudit, mergeBlunderCounts } from './blunders.js';
import { mergeVpSources, VpSourceTally } from './vp-sources.js';
import { GAME_COLUMNS, gameRow } from './game-row.js';
import { prepareRun, type RunSpec } from './spec.js';

export interface ChunkTask {
  readonly spec: RunSpec;
  readonly from: number;
  readonly to: number;
  /** Where user policy modules report the decision in progress (the runner's --decision-timeout). */
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
export interface GameDone {
  readonly game: number;
  /** The games.csv row with its newline. */
  readonly csv: string;
  readonly margin: number;
  readonly winner: number;
  readonly end: number;
  readonly endTurn: number;
  readonly aggregate: Aggregate;
}

export interface GameFailure {
  /** Index of the game in the run. */
  readonly game: number;
  readonly seed: string;
  readonly message: string;
  readonly stack?: string;
}

/** A failed game's message; an illegal answer from a policy module names the module (its throws and writes name it already). */
function failureMessage(err: Error, spec: RunSpec): string {
  if (!(err instanceof IllegalDecision)) return err.message;
  const name = [spec.par, spec.bol][err.decision.side]!;
  return isPolicyModule(name) ? `policy module ${name}: ${err.message}` : err.message;
}

export interface ChunkResult {
  readonly from: number;
  readonly to: number;
  /** Games from..done-1 were played; done < to when game `done` failed. */
  readonly done: number;
  /** games.csv rows of the games played, without the header. */
  readonly csv: string;
  /** Per game played: margin (PAR - BOL), winner (0 PAR, 1 BOL), end (END_TYPES index) and end turn. */
  readonly margin_g: Int32Array;
  readonly winner_g: Uint8Array;
  readonly end_g: Uint8Array;
  readonly endTurn_g: Uint8Array;
  readonly aggregate: Aggregate;
  readonly failure?: GameFailure;
}

/** The seed of game `index` of a run (I-41): the dice use `<seed>:dice`, the policies `<seed>:PAR` and `<seed>:BOL`. */
export function gameSeed(runSeed: string, index: number): string {
  return streamSeed(runSeed, index, 'game');
}

/** Test hook: CHACO_FAIL_GAME=<index> makes that game throw, to exercise the failure path end to end. */
const failGame = process.env.CHACO_FAIL_GAME === undefined ? -1 : Number(process.env.CHACO_FAIL_GAME);

/** Plays a shard; `onGame` (when given) is told each game as it finishes, in order. */
export async function playChunk(task: ChunkTask, onGame?: (g: GameDone) => void): Promise<ChunkResult> {
  const { spec, from, to } = task;
  await loadPolicyModules([spec.par, spec.bol]);
  const { scenario, options } = prepareRun(spec);
  const shape = aggregateShape(scenario, options);
  const aggregate = emptyAggregate(shape);
  const rows: ReturnType<typeof gameRow>[] = [];
  const margin_g = new Int32Array(to - from),
    winner_g = new Uint8Array(to - from);
  const end_g = new Uint8Array(to - from),
    endTurn_g = new Uint8Array(to - from);
  let done = from;
  let failure: GameFailure | undefined;
  // Watch every game for the sides' blunders and where their VP come from; they only read, so the games are the same with them.
  const audit = new BlunderAudit(),
    vpSources = new VpSourceTally();
  const observer = allObservers([audit, vpSources])!;
  for (let i = from; i < to; i++) {
    const seed = gameSeed(spec.seed, i);
    let r: GameResult;
    try {
      if (i === failGame) throw new Error(`CHACO_FAIL_GAME=${failGame}: this game fails on purpose (test hook)`);
      const policies = [spec.par, spec.bol].map((name, side) => {
        const p = createPolicy(name, `${seed}:${side === 0 ? 'PAR' : 'BOL'}`, scenario);
        if (isPolicyModule(name)) return task.watch ? watchedPolicy(p, task.watch, i, side) : p;
        // --check: a built-in policy that changes its view fails the game too (modules always decide through the read-only view).
        return spec.check ? checkedPolicy(p, `policy ${name}`) : p;
      }) as [Policy, Policy];
      r = playGame(scenario, options, policies, seed, { checkInvariants: spec.check, observer });
      vpSources.finish(r.vpPar, r.vpBol);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      failure = { game: i, seed, message: failureMessage(e, spec), ...(e.stack ? { stack: e.stack } : {}) };
      break;
    }
    const row = gameRow(i, r);
    rows.push(row);
    margin_g[i - from] = r.margin;
    winner_g[i - from] = r.winner === 'PAR' ? 0 : 1;
    end_g[i - from] = END_TYPES.indexOf(r.end);
    endTurn_g[i - from] = r.endTurn;
    addGame(aggregate, shape, r);
    if (onGame) {
      const one = emptyAggregate(shape);
      addGame(one, shape, r);
      audit.addGameTo(one.blunders);
      vpSources.addGameTo(one.vpSources);
      aggregate.blunders = mergeBlunderCounts(aggregate.blunders, one.blunders);
      aggregate.vpSources = mergeVpSources(aggregate.vpSources, one.vpSources);
      onGame({
        game: i,
        csv: stringify([row], { columns: [...GAME_COLUMNS] }),
        margin: r.margin,
        winner: winner_g[i - from]!,
        end: end_g[i - from]!,
        endTurn: r.endTurn,
        aggregate: one,
      });
    } else {
      audit.addGameTo(aggregate.blunders);
      vpSources.addGameTo(aggregate.vpSources);
    }
    done = i + 1;
  }
  const csv = rows.length > 0 ? stringify(rows, { columns: [...GAME_COLUMNS] }) : '';
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

/** The games.csv header line. */
export function gamesCsvHeader(): string {
  return stringify([[...GAME_COLUMNS]]);
}
