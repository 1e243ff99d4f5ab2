// Mergeable aggregates of many games: counts, integer sums, exact integer histograms and per-turn
// series. Every field is a sum, so merging is associative and order-free, and a run can be split over
// workers (or machines) without changing a single number. Plain arrays only: they cross thread boundaries.
import { effectiveTurns, type RulesOptions } from '../core/options.js';
import type { GameResult } from '../core/play.js';
import type { Scenario } from '../core/scenario.js';
import { emptyHist, histAdd, histMerge, type IntHist } from '../analysis/stats.js';
import { emptyBlunderCounts, isBlunderCounts, mergeBlunderCounts, type BlunderCounts } from './blunders.js';
import { addDecided, emptyDecided, isDecided, mergeDecided, type DecidedCounts } from './decided.js';
import { emptyVpSources, isVpSources, mergeVpSources, type VpSourceCounts } from './vp-sources.js';

export const END_TYPES = ['scenario_end', 'sudden_death', 'settlement'] as const;
export const SIDE_NAMES = ['PAR', 'BOL'] as const;

/** What an aggregate is indexed by: victory levels (16.3, plus "tie"), turns and settlements of the scenario. */
export interface AggregateShape {
  readonly levels: readonly string[];
  readonly turns: number;
  readonly settlements: number;
}

/** Hexes of the settlements in map order (the order of Aggregate.settlements). */
export function settlementHexes(scenario: Scenario): number[] {
  return scenario.map.places.filter((p) => p.settlement).map((p) => p.hex);
}

/** The shape of a run's aggregate: the scenario's victory levels, turns (with the options) and settlements. */
export function aggregateShape(scenario: Scenario, options: RulesOptions): AggregateShape {
  return {
    levels: [...scenario.tables.victoryLevels.map((l) => l.level), 'tie'],
    turns: effectiveTurns(scenario, options),
    settlements: settlementHexes(scenario).length,
  };
}

/** Figures at the end of each turn; a game already over counts with its final figures. */
export interface TurnAggregate {
  /** Games that played this turn (had not ended before it). */
  playing: number;
  rainy: number;
  truce: number;
  /** Games ending in this turn, by end type (END_TYPES order). */
  ended: number[];
  vpPar: IntHist;
  vpBol: IntHist;
  margin: IntHist;
  /** Games in which Paraguay leads on VP at the end of the turn. */
  parLeads: number;
  /** Sums over games, [PAR, BOL]. */
  stepsLost: number[];
  eliminated: number[];
  settlementsHeld: number[];
}

export interface Aggregate {
  games: number;
  /** Games won, [PAR, BOL]. */
  wins: number[];
  /** Games with equal VP at the end (decided by a coin flip, 16.3). */
  ties: number;
  /** [level][winner]: games won at each level of shape.levels. */
  levels: number[][];
  /** [end type][winner]. */
  ends: number[][];
  /** Sum of the end turns of the games each side won, [PAR, BOL]. */
  endTurnSum: number[];
  /** Final margin (PAR - BOL) and final VP. */
  margin: IntHist;
  vpPar: IntHist;
  vpBol: IntHist;
  truceTurns: number;
  rainTurns: number;
  stepsLost: number[];
  eliminated: number[];
  captured: number[];
  turns: TurnAggregate[];
  /** Per settlement (in map order): captures by each side summed over games, games in which it changed hands, games it ended held by PAR / BOL. */
  settlements: { capturesPar: number[]; capturesBol: number[]; gamesChanged: number[]; endPar: number[]; endBol: number[] };
  /** The blunder audit (blunders.ts): per kind and side, games with at least one and occurrences; the shard adds each game's. */
  blunders: BlunderCounts;
  /** Where the VP came from (vp-sources.ts): by cause, turn and settlement; the shard adds each game's. */
  vpSources: VpSourceCounts;
  /** When games were decided (decided.ts): per turn, games with a VP leader, leaders who won, decision turns. */
  decided: DecidedCounts;
}

const zeros = (n: number) => new Array<number>(n).fill(0);

export function emptyAggregate(shape: AggregateShape): Aggregate {
  return {
    games: 0,
    wins: [0, 0],
    ties: 0,
    levels: shape.levels.map(() => [0, 0]),
    ends: END_TYPES.map(() => [0, 0]),
    endTurnSum: [0, 0],
    margin: emptyHist(),
    vpPar: emptyHist(),
    vpBol: emptyHist(),
    truceTurns: 0,
    rainTurns: 0,
    stepsLost: [0, 0],
    eliminated: [0, 0],
    captured: [0, 0],
    turns: Array.from({ length: shape.turns }, () => ({
      playing: 0,
      rainy: 0,
      truce: 0,
      ended: zeros(END_TYPES.length),
      vpPar: emptyHist(),
      vpBol: emptyHist(),
      margin: emptyHist(),
      parLeads: 0,
      stepsLost: [0, 0],
      eliminated: [0, 0],
      settlementsHeld: [0, 0],
    })),
    settlements: {
      capturesPar: zeros(shape.settlements),
      capturesBol: zeros(shape.settlements),
      gamesChanged: zeros(shape.settlements),
      endPar: zeros(shape.settlements),
      endBol: zeros(shape.settlements),
    },
    blunders: emptyBlunderCounts(),
    vpSources: emptyVpSources(shape.turns, shape.settlements),
    decided: emptyDecided(shape.turns),
  };
}

/** Does the aggregate hold this version's blunder counts, VP sources and decision turns? An aggregate.json written before them does not. */
export function hasCurrentCounts(agg: Aggregate): boolean {
  const a = agg as Partial<Aggregate>;
  return isBlunderCounts(a.blunders) && isVpSources(a.vpSources) && isDecided(a.decided);
}

/** Adds one game to the aggregate. */
export function addGame(agg: Aggregate, shape: AggregateShape, r: GameResult): void {
  const w = r.winner === 'PAR' ? 0 : 1;
  const e = END_TYPES.indexOf(r.end);
  const level = shape.levels.indexOf(r.level);
  if (e < 0) throw new Error(`aggregate: unknown end "${r.end}"`);
  if (level < 0) throw new Error(`aggregate: unknown victory level "${r.level}" (levels: ${shape.levels.join(', ')})`);
  agg.games++;
  agg.wins[w]!++;
  if (r.margin === 0) agg.ties++;
  agg.levels[level]![w]!++;
  agg.ends[e]![w]!++;
  agg.endTurnSum[w]! += r.endTurn;
  histAdd(agg.margin, r.margin);
  histAdd(agg.vpPar, r.vpPar);
  histAdd(agg.vpBol, r.vpBol);
  agg.truceTurns += r.truceTurns;
  agg.rainTurns += r.rainTurns;
  for (let s = 0; s < 2; s++) {
    agg.stepsLost[s]! += r.stepsLost[s]!;
    agg.eliminated[s]! += r.eliminated[s]!;
    agg.captured[s]! += r.captured[s]!;
  }
  const last = r.turns.length - 1;
  for (let t = 0; t < shape.turns; t++) {
    const ta = agg.turns[t]!;
    if (t === r.endTurn - 1) ta.ended[e]!++;
    if (last < 0) continue;
    const f = r.turns[Math.min(t, last)]!;
    if (t <= last) {
      ta.playing++;
      if (f.rainy) ta.rainy++;
      if (f.truce) ta.truce++;
    }
    histAdd(ta.vpPar, f.vp[0]);
    histAdd(ta.vpBol, f.vp[1]);
    histAdd(ta.margin, f.vp[0] - f.vp[1]);
    if (f.vp[0] > f.vp[1]) ta.parLeads++;
    for (let s = 0; s < 2; s++) {
      ta.stepsLost[s]! += f.stepsLost[s]!;
      ta.eliminated[s]! += f.eliminated[s]!;
      ta.settlementsHeld[s]! += f.settlementsHeld[s]!;
    }
  }
  addDecided(agg.decided, r.turns, w);
  const a = agg.settlements,
    { settlements } = r;
  for (let k = 0; k < shape.settlements; k++) {
    const cp = settlements.capturesPar[k]!,
      cb = settlements.capturesBol[k]!;
    a.capturesPar[k]! += cp;
    a.capturesBol[k]! += cb;
    if (cp + cb > 0) a.gamesChanged[k]!++;
    const holder = settlements.endHolder[k];
    if (holder === 0) a.endPar[k]!++;
    else if (holder === 1) a.endBol[k]!++;
  }
}

const addArrays = (a: readonly number[], b: readonly number[]) => a.map((v, i) => v + b[i]!);

/** What a study (balance, ladder, sensitivity) keeps of each cell's aggregate for its report: VP sources and decision counts over its games. */
export type CellSources = Pick<Aggregate, 'games' | 'vpSources' | 'decided'>;

export function cellSources(agg: Aggregate): CellSources {
  return { games: agg.games, vpSources: agg.vpSources, decided: agg.decided };
}

export function isCellSources(x: unknown): x is CellSources {
  const c = x as Partial<CellSources> | undefined;
  return c !== undefined && c !== null && typeof c.games === 'number' && isVpSources(c.vpSources) && isDecided(c.decided);
}

export function mergeCellSources(a: CellSources, b: CellSources): CellSources {
  return { games: a.games + b.games, vpSources: mergeVpSources(a.vpSources, b.vpSources), decided: mergeDecided(a.decided, b.decided) };
}

function mergeTurn(a: TurnAggregate, b: TurnAggregate): TurnAggregate {
  return {
    playing: a.playing + b.playing,
    rainy: a.rainy + b.rainy,
    truce: a.truce + b.truce,
    ended: addArrays(a.ended, b.ended),
    vpPar: histMerge(a.vpPar, b.vpPar),
    vpBol: histMerge(a.vpBol, b.vpBol),
    margin: histMerge(a.margin, b.margin),
    parLeads: a.parLeads + b.parLeads,
    stepsLost: addArrays(a.stepsLost, b.stepsLost),
    eliminated: addArrays(a.eliminated, b.eliminated),
    settlementsHeld: addArrays(a.settlementsHeld, b.settlementsHeld),
  };
}

/** a + b as a new aggregate; both must have the same shape. */
export function mergeAggregates(a: Aggregate, b: Aggregate): Aggregate {
  if (
    a.turns.length !== b.turns.length ||
    a.levels.length !== b.levels.length ||
    a.settlements.gamesChanged.length !== b.settlements.gamesChanged.length
  ) {
    throw new Error('mergeAggregates: the aggregates come from different scenarios or options');
  }
  if (!hasCurrentCounts(a) || !hasCurrentCounts(b))
    throw new Error(
      "mergeAggregates: an aggregate without this version's blunder counts, VP sources or decision turns (written by an older chaco)",
    );
  const sa = a.settlements,
    sb = b.settlements;
  return {
    games: a.games + b.games,
    wins: addArrays(a.wins, b.wins),
    ties: a.ties + b.ties,
    levels: a.levels.map((l, i) => addArrays(l, b.levels[i]!)),
    ends: a.ends.map((l, i) => addArrays(l, b.ends[i]!)),
    endTurnSum: addArrays(a.endTurnSum, b.endTurnSum),
    margin: histMerge(a.margin, b.margin),
    vpPar: histMerge(a.vpPar, b.vpPar),
    vpBol: histMerge(a.vpBol, b.vpBol),
    truceTurns: a.truceTurns + b.truceTurns,
    rainTurns: a.rainTurns + b.rainTurns,
    stepsLost: addArrays(a.stepsLost, b.stepsLost),
    eliminated: addArrays(a.eliminated, b.eliminated),
    captured: addArrays(a.captured, b.captured),
    turns: a.turns.map((t, i) => mergeTurn(t, b.turns[i]!)),
    settlements: {
      capturesPar: addArrays(sa.capturesPar, sb.capturesPar),
      capturesBol: addArrays(sa.capturesBol, sb.capturesBol),
      gamesChanged: addArrays(sa.gamesChanged, sb.gamesChanged),
      endPar: addArrays(sa.endPar, sb.endPar),
      endBol: addArrays(sa.endBol, sb.endBol),
    },
    blunders: mergeBlunderCounts(a.blunders, b.blunders),
    vpSources: mergeVpSources(a.vpSources, b.vpSources),
    decided: mergeDecided(a.decided, b.decided),
  };
}
