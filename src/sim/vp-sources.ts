// Where the victory points come from (issue 28): an observer attached to every game of a run that sums
// each `vp` event's change by side, cause and turn, and the settlement's VP by side and how it was
// taken, into mergeable counts of the run's aggregate. With each side's starting VP the causes add up to
// the final VP of games.csv. Typed arrays made once per shard; it only reads, so games do not change.
import type { GameEvent, GameObserver, VpCause } from '../core/events.js';
import { effectiveTurns } from '../core/options.js';
import type { GameState } from '../core/state.js';

export interface VpCauseKind {
  /** The engine's `cause` of the vp events (src/core/events.ts), or "start": the scenario's starting VP. */
  readonly id: 'start' | VpCause['cause'];
  /** A few words for the chart and the terminal. */
  readonly label: string;
  /** The rule sections the engine names for it. */
  readonly rule: string;
}

/** Every cause, in the order of the counts, vp-sources.csv and the chart; "start" first. */
export const VP_CAUSES = [
  { id: 'start', label: 'starting VP', rule: '16.2, 17' },
  { id: 'settlementByMovement', label: 'settlements by movement', rule: '16.2' },
  { id: 'settlementByAdvance', label: 'settlements by advance', rule: '16.2' },
  { id: 'unitEliminated', label: 'enemy units eliminated', rule: '16.2' },
  { id: 'unitSurrendered', label: 'enemy units surrendered', rule: '16.2' },
  { id: 'unitExited', label: 'units exited', rule: '16.2, I-13' },
  { id: 'cspCaptured', label: 'enemy CSP captured', rule: '10.3, 16.2' },
  { id: 'leaderDisplaced', label: 'enemy leaders displaced', rule: '10.3, 16.2' },
  { id: 'leaderLostWithStack', label: 'leaders lost with their stack', rule: '12.9, I-35' },
  { id: 'callUp', label: 'call-ups', rule: '9.5' },
  { id: 'truceRefused', label: 'truces refused', rule: '6.2' },
  { id: 'commanderNotReplaced', label: 'commander not replaced', rule: '15.4' },
  { id: 'leaderNotReplaced', label: 'leader not replaced', rule: '15.5' },
  { id: 'challengeModifier', label: 'challenge modifiers', rule: '15.3' },
  { id: 'replacementModifier', label: 'replacement modifiers', rule: '15.4, 15.5' },
] as const satisfies readonly VpCauseKind[];

// Every cause the engine emits has its row: this fails to compile when events.ts gains one not listed.
const everyCauseListed: [Exclude<VpCause['cause'], (typeof VP_CAUSES)[number]['id']>] extends [never] ? true : false = true;
void everyCauseListed;

export const START = 0;
/** Index in VP_CAUSES of each engine cause. */
const CAUSE_INDEX = new Map<string, number>(VP_CAUSES.map((c, i) => [c.id, i]));
export const SETTLEMENT_HOW = ['settlementByMovement', 'settlementByAdvance'] as const;

/** Summed over games. Causes in VP_CAUSES order; "start" has no events, only its VP, kept in vp[0][START]. */
export interface VpSourceCounts {
  /** [turn][cause][side]: VP change (the start's in turn 0). */
  vp: number[][][];
  /** [turn][cause][side]: vp events. */
  events: number[][][];
  /** [turn][cause][side]: games with at least one such event in the turn. */
  gamesInTurn: number[][][];
  /** [cause][side]: games with at least one such event (start: none counted). */
  games: number[][];
  /** [settlement in map order][how: SETTLEMENT_HOW][side]: VP, events and games with one. */
  settlementVp: number[][][];
  settlementEvents: number[][][];
  settlementGames: number[][][];
}

const grid = (a: number, b: number): number[][][] => Array.from({ length: a }, () => Array.from({ length: b }, () => [0, 0]));

export function emptyVpSources(turns: number, settlements: number): VpSourceCounts {
  const n = VP_CAUSES.length;
  return {
    vp: grid(turns, n),
    events: grid(turns, n),
    gamesInTurn: grid(turns, n),
    games: VP_CAUSES.map(() => [0, 0]),
    settlementVp: grid(settlements, 2),
    settlementEvents: grid(settlements, 2),
    settlementGames: grid(settlements, 2),
  };
}

/** Counts of this version's causes and shape (an aggregate written before them has none). */
export function isVpSources(x: unknown): x is VpSourceCounts {
  const c = x as VpSourceCounts | undefined;
  return (
    c !== undefined &&
    c !== null &&
    Array.isArray(c.vp) &&
    Array.isArray(c.games) &&
    c.games.length === VP_CAUSES.length &&
    Array.isArray(c.settlementVp) &&
    c.vp.every((t) => Array.isArray(t) && t.length === VP_CAUSES.length)
  );
}

const add3 = (x: number[][][], y: number[][][]) => x.map((r, i) => r.map((c, j) => [c[0]! + y[i]![j]![0]!, c[1]! + y[i]![j]![1]!]));

export function mergeVpSources(a: VpSourceCounts, b: VpSourceCounts): VpSourceCounts {
  return {
    vp: add3(a.vp, b.vp),
    events: add3(a.events, b.events),
    gamesInTurn: add3(a.gamesInTurn, b.gamesInTurn),
    games: a.games.map((r, k) => [r[0]! + b.games[k]![0]!, r[1]! + b.games[k]![1]!]),
    settlementVp: add3(a.settlementVp, b.settlementVp),
    settlementEvents: add3(a.settlementEvents, b.settlementEvents),
    settlementGames: add3(a.settlementGames, b.settlementGames),
  };
}

/**
 * The observer: start(state) begins a game, event(e) adds each vp record to the game's tallies,
 * finish(vpPar, vpBol) checks them against the final VP, addGameTo(counts) adds the game to `counts`.
 */
export class VpSourceTally implements GameObserver {
  private state: GameState | null = null;
  private scenario: unknown = null;
  private options: unknown = null;
  private turns = 0;
  private settlements = 0;
  /** Settlement index (map order) by hex, -1 elsewhere. */
  private settlement_h = new Int16Array(0);
  /** This game's figures, [(turn * causes + cause) * 2 + side] and [(settlement * 2 + how) * 2 + side]. */
  private vp_tcs = new Int32Array(0);
  private events_tcs = new Int32Array(0);
  private vp_khs = new Int32Array(0);
  private events_khs = new Int32Array(0);
  private readonly start_s = new Int32Array(2);

  start(state: GameState): void {
    if (this.scenario !== state.scenario || this.options !== state.options) {
      const { map } = state;
      this.scenario = state.scenario;
      this.options = state.options;
      this.turns = effectiveTurns(state.scenario, state.options);
      this.settlement_h = new Int16Array(map.grid.size).fill(-1);
      this.settlements = 0;
      for (const p of map.places) if (p.settlement) this.settlement_h[p.hex] = this.settlements++;
      this.vp_tcs = new Int32Array(this.turns * VP_CAUSES.length * 2);
      this.events_tcs = new Int32Array(this.vp_tcs.length);
      this.vp_khs = new Int32Array(this.settlements * 4);
      this.events_khs = new Int32Array(this.vp_khs.length);
    }
    this.state = state;
    this.vp_tcs.fill(0);
    this.events_tcs.fill(0);
    this.vp_khs.fill(0);
    this.events_khs.fill(0);
    this.start_s[0] = state.vp_s[0]!;
    this.start_s[1] = state.vp_s[1]!;
  }

  event(e: GameEvent): void {
    if (e.type !== 'vp') return;
    const c = CAUSE_INDEX.get(e.cause)!;
    const i = (this.state!.turn * VP_CAUSES.length + c) * 2 + e.side;
    this.vp_tcs[i]! += e.delta;
    this.events_tcs[i]!++;
    if (e.cause === 'settlementByMovement' || e.cause === 'settlementByAdvance') {
      const k = this.settlement_h[e.hex]!;
      if (k < 0) return;
      const j = (k * 2 + (e.cause === 'settlementByMovement' ? 0 : 1)) * 2 + e.side;
      this.vp_khs[j]! += e.delta;
      this.events_khs[j]!++;
    }
  }

  /** 16.2: the starting VP plus every change must be the final VP; a difference is an engine error. */
  finish(vpPar: number, vpBol: number): void {
    const final = [vpPar, vpBol];
    for (let s = 0; s < 2; s++) {
      let sum = this.start_s[s]!;
      for (let i = s; i < this.vp_tcs.length; i += 2) sum += this.vp_tcs[i]!;
      if (sum !== final[s])
        throw new Error(
          `VP sources: side ${s === 0 ? 'PAR' : 'BOL'} started with ${this.start_s[s]} VP and its vp events sum to ${sum}, but it ended with ${final[s]}`,
        );
    }
  }

  /** Adds the game's figures to `counts` (its turns and settlements must be the tally's). */
  addGameTo(counts: VpSourceCounts): void {
    if (this.state === null) throw new Error('VpSourceTally: no game was started');
    const n = VP_CAUSES.length,
      turns = this.turns;
    if (counts.vp.length !== turns || counts.settlementVp.length !== this.settlements)
      throw new Error('VpSourceTally: the counts are of another scenario or options');
    for (let s = 0; s < 2; s++) {
      counts.vp[0]![START]![s]! += this.start_s[s]!;
      for (let c = 1; c < n; c++) {
        let events = 0;
        for (let t = 0; t < turns; t++) {
          const i = (t * n + c) * 2 + s,
            e = this.events_tcs[i]!;
          if (e === 0) continue;
          events += e;
          counts.vp[t]![c]![s]! += this.vp_tcs[i]!;
          counts.events[t]![c]![s]! += e;
          counts.gamesInTurn[t]![c]![s]!++;
        }
        if (events > 0) counts.games[c]![s]!++;
      }
      for (let k = 0; k < this.settlements; k++) {
        for (let how = 0; how < 2; how++) {
          const j = (k * 2 + how) * 2 + s,
            e = this.events_khs[j]!;
          if (e === 0) continue;
          counts.settlementVp[k]![how]![s]! += this.vp_khs[j]!;
          counts.settlementEvents[k]![how]![s]! += e;
          counts.settlementGames[k]![how]![s]!++;
        }
      }
    }
    this.state = null;
  }
}
