// The blunder audit of every run: an observer attached to each game that counts a side's operational
// mistakes from the engine's event records and the live state, and the mergeable counts it adds to a
// run's aggregate. Integer counters and typed arrays made once per shard; nothing changes the game.
// Each kind is defined, with its rule and how it is detected, in docs/blunders.md.
import type { CombatModifier, GameEvent, GameObserver } from '../core/events.js';
import { WORKS_NONE } from '../core/map.js';
import { effectiveTurns, type RulesOptions } from '../core/options.js';
import type { Scenario } from '../core/scenario.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import { crtCell } from '../core/combat.js';
import { modifiedCombatRoll } from '../core/combat-odds.js';
import { LOSS_NONE } from '../core/tables.js';
import { couldReachEnemy, maxHexesPerPhase, MOVING_PHASES_PER_PLAYER_TURN, playerTurnsLeft } from './blunder-reach.js';

export interface BlunderKind {
  readonly id: string;
  /** The few words of the terminal line. */
  readonly short: string;
  readonly rule: string;
  /** What one occurrence is (the unit of total and mean_per_game). */
  readonly counts: string;
  readonly description: string;
}

/** The kinds, in the order of the counts, blunders.csv and the chart. */
export const BLUNDERS: readonly BlunderKind[] = [
  {
    id: 'empty_works',
    short: 'empty works',
    rule: '17, 12.13',
    counts: 'hexes',
    description:
      "a fortification or entrenchment among the side's own set-up hexes left without a unit of the side when the set-up is done",
  },
  {
    id: 'hopeless_call_up',
    short: 'late call-up',
    rule: '9.5, 16.2',
    counts: 'call-ups',
    description:
      "a call-up (5 VP) on the scenario's last turn, one that takes the side below 0 VP, or one whose phase placed no unit that could come adjacent to the enemy before the end (an optimistic hex bound)",
  },
  {
    id: 'ghq_overrun',
    short: 'GHQ overrun',
    rule: '10.3, 8.5',
    counts: 'removals',
    description: "the side's GHQ removed from the map by an enemy combat unit entering its hex",
  },
  {
    id: 'ghq_cut_off',
    short: 'GHQ cut off',
    rule: '8.5, 8.13',
    counts: 'Supply Phases',
    description:
      'a Supply Phase of the side in which its GHQ stood on the map and could trace no LOC, whether its owner then took it off the map (8.5) or left it there, supplying nobody',
  },
  {
    id: 'attrition_steps',
    short: 'attrition',
    rule: '8.12',
    counts: 'steps',
    description:
      'steps the side lost to attrition out of General Supply (a reduction 1, an elimination or surrender the steps the unit had)',
  },
  {
    id: 'leader_lost_with_stack',
    short: 'leader lost',
    rule: '15, 12.9, I-35',
    counts: 'leaders',
    description:
      'a named leader of the side displaced by the elimination of his stack, costing the side his political rating times a die in VP, once the side has had a Movement Phase (before it he stands where the scenario put him)',
  },
  {
    id: 'leader_displaced',
    short: 'leader displaced',
    rule: '10.3, I-35',
    counts: 'leaders',
    description:
      'a named leader of the side, standing with no combat unit of the side, displaced by an enemy combat unit entering his hex, which gives the enemy his political rating times a die in VP, once the side has had a Movement Phase',
  },
  {
    id: 'open_base',
    short: 'open base',
    rule: '10.3, 16.2',
    counts: 'captures',
    description:
      "a big-four settlement (or one worth 10+ VP by movement) of the side taken by enemy movement when no unit of the side stood in it at the end of the side's previous Movement Phase",
  },
  {
    id: 'hopeless_attack',
    short: 'hopeless attack',
    rule: '12.4, 12.5',
    counts: 'attacks',
    description: 'an attack whose odds column and modifiers give the defender no loss and no retreat on any die roll',
  },
  {
    id: 'idle_units',
    short: 'idle units',
    rule: '10',
    counts: 'units',
    description:
      'combat units of the side on the map at the end that never moved, retreated, advanced, attacked or built all game and stand in neither a settlement nor works',
  },
  {
    id: 'overstack_losses',
    short: 'over-stacked',
    rule: '11.1, I-14',
    counts: 'units',
    description: 'units of the side removed for over-stacking at the end of a Movement Phase',
  },
];

export const EMPTY_WORKS = 0,
  HOPELESS_CALL_UP = 1,
  GHQ_OVERRUN = 2,
  GHQ_CUT_OFF = 3,
  ATTRITION_STEPS = 4,
  LEADER_LOST = 5,
  LEADER_DISPLACED = 6,
  OPEN_BASE = 7,
  HOPELESS_ATTACK = 8,
  IDLE_UNITS = 9,
  OVERSTACK = 10;

/** Summed over games, [kind][side] in BLUNDERS order: games with at least one, and the occurrences. */
export interface BlunderCounts {
  games: number[][];
  total: number[][];
}

export function emptyBlunderCounts(): BlunderCounts {
  return { games: BLUNDERS.map(() => [0, 0]), total: BLUNDERS.map(() => [0, 0]) };
}

/** Counts of this version's kinds (an aggregate written before the audit, or with other kinds, has none). */
export function isBlunderCounts(x: unknown): x is BlunderCounts {
  const c = x as BlunderCounts | undefined;
  return (
    c !== undefined &&
    c !== null &&
    Array.isArray(c.games) &&
    Array.isArray(c.total) &&
    c.games.length === BLUNDERS.length &&
    c.total.length === BLUNDERS.length
  );
}

export function mergeBlunderCounts(a: BlunderCounts, b: BlunderCounts): BlunderCounts {
  const add = (x: number[][], y: number[][]) => x.map((row, k) => [row[0]! + y[k]![0]!, row[1]! + y[k]![1]!]);
  return { games: add(a.games, b.games), total: add(a.total, b.total) };
}

/** 12.4, 12.5: no roll of 1..6 with these modifiers gives the defender a loss or a retreat check (below 1-2: never; crtCell). */
export function hopelessOdds(state: GameState, column: number, belowLowest: boolean, modifiers: readonly CombatModifier[]): boolean {
  let drm = 0;
  for (const m of modifiers) drm += m.value;
  const odds = { column, belowLowest, label: '' };
  for (let roll = 1; roll <= 6; roll++) if (crtCell(state, odds, modifiedCombatRoll(roll, drm))[1] !== LOSS_NONE) return false;
  return true;
}

/** 16.2: VP a capture by movement is worth on average (fixed under fixedSettlementVP). */
function movementVp(scenario: Scenario, options: RulesOptions, bigFour: boolean): number {
  const vp = scenario.tables.vp;
  if (options.fixedSettlementVP) return bigFour ? vp.fixed.movement.bigFour : vp.fixed.movement.settlement;
  return 3.5 * (bigFour ? vp.advanceDice.bigFour : vp.advanceDice.settlement) * vp.movementMultiplier;
}

/** What the audit reads of a scenario under its options, worked out once per shard. */
interface Prepared {
  readonly scenario: Scenario;
  readonly options: RulesOptions;
  /** 17: each side's set-up hexes (every group's hexes). */
  readonly setupHexes: readonly [readonly number[], readonly number[]];
  /** 16.2: settlements a capture by movement of which is an open base, and hex -> index among them (-1). */
  readonly bases: readonly number[];
  readonly base_h: Int16Array;
  readonly turns: number;
  /** Hex steps of closing per remaining player turn (blunder-reach.ts). */
  readonly stepsPerPlayerTurn: number;
}

function prepare(state: GameState): Prepared {
  const { scenario, options, map } = state;
  const setupHexes = [0, 1].map((s) => [...new Set(scenario.sides[s]!.deploy.flatMap((g) => g.hexes))].sort((a, b) => a - b)) as [
    number[],
    number[],
  ];
  const bases = map.places.filter((p) => p.settlement && (p.bigFour || movementVp(scenario, options, p.bigFour) >= 10)).map((p) => p.hex);
  const base_h = new Int16Array(map.grid.size).fill(-1);
  bases.forEach((h, k) => {
    base_h[h] = k;
  });
  return {
    scenario,
    options,
    setupHexes,
    bases,
    base_h,
    turns: effectiveTurns(scenario, options),
    stepsPerPlayerTurn: MOVING_PHASES_PER_PLAYER_TURN * maxHexesPerPhase(state),
  };
}

/**
 * The observer: start(state) begins a game, event(e) reads each record, addGameTo(counts) ends the
 * game (what is judged at the end: idle units, a call-up not yet judged) and adds it to `counts`.
 */
export class BlunderAudit implements GameObserver {
  private prep: Prepared | null = null;
  private state: GameState | null = null;
  /** This game's occurrences, [kind * 2 + side]. */
  readonly game_ks = new Int32Array(BLUNDERS.length * 2);
  /** Units that moved, retreated, advanced, attacked or built this game. */
  private active_u = new Uint8Array(0);
  /** [side * bases + k]: a unit of the side stood in base k at the end of its last Movement Phase (or the set-up). */
  private held_sk = new Uint8Array(0);
  private setUp = false;
  /** The side whose Movement Phase is under way, or -1. */
  private moving = -1;
  /** [side]: the side has begun a Movement Phase this game (before it, its leaders stand where the scenario put them). */
  private readonly movedOnce_s = [false, false];
  /** state.stepsLost_s at the last loss event: the difference is that loss's steps. */
  private readonly stepsSeen_s = [0, 0];
  /** Call-ups of this New Units Phase not yet judged, whose side, whether on the last turn, and the hexes of the units placed. */
  private callUps = 0;
  private callUpSide: Side = 0;
  private callUpLast = false;
  private readonly placed: number[] = [];

  start(state: GameState): void {
    if (this.prep === null || this.prep.scenario !== state.scenario || this.prep.options !== state.options) {
      this.prep = prepare(state);
      this.active_u = new Uint8Array(state.loc_u.length);
      this.held_sk = new Uint8Array(2 * this.prep.bases.length);
    }
    this.state = state;
    this.game_ks.fill(0);
    this.active_u.fill(0);
    this.held_sk.fill(0);
    this.setUp = false;
    this.moving = -1;
    this.movedOnce_s[0] = this.movedOnce_s[1] = false;
    this.stepsSeen_s[0] = state.stepsLost_s[0]!;
    this.stepsSeen_s[1] = state.stepsLost_s[1]!;
    this.callUps = 0;
    this.placed.length = 0;
  }

  event(e: GameEvent): void {
    switch (e.type) {
      case 'turn':
        this.boundary();
        if (!this.setUp) this.afterSetUp();
        break;
      case 'phase':
        this.boundary();
        if (e.phase === 'movement') {
          this.moving = e.side;
          this.movedOnce_s[e.side] = true;
        }
        break;
      case 'move':
        for (const u of e.units) this.active_u[u] = 1;
        break;
      case 'retreat':
      case 'advance':
        this.active_u[e.unit] = 1;
        break;
      case 'build':
        if (e.unit >= 0) this.active_u[e.unit] = 1;
        break;
      case 'combat':
        for (const u of e.attackers) this.active_u[u] = 1;
        if (!e.cancelled && hopelessOdds(this.state!, e.column, e.belowLowest, e.modifiers)) this.game_ks[HOPELESS_ATTACK * 2 + e.side]!++;
        break;
      case 'roll':
        if (e.kind === 'well') this.active_u[e.unit] = 1;
        else if (e.kind === 'callUp') this.callUp(e.side);
        break;
      case 'loss':
        this.loss(e.side, e.cause);
        break;
      case 'ghqRemoved':
        // 8.5: a voluntary removal is asked only of a GHQ that cannot trace an LOC; the phase's supply record then finds it off the map.
        this.game_ks[(e.cause === 'overrun' ? GHQ_OVERRUN : GHQ_CUT_OFF) * 2 + e.side]!++;
        break;
      case 'supply':
        // 8.5: a GHQ left on the map with no LOC counts as one taken off (a policy that never removes it hides nothing).
        // The GHQ on the map, as the Supply Phase asks it (a GHQ taken off stands at OFF_MAP, below 0).
        if (e.locLength < 0 && this.state!.ghq_s[e.side]! >= 0) this.game_ks[GHQ_CUT_OFF * 2 + e.side]!++;
        break;
      case 'vp':
        if (e.cause === 'leaderLostWithStack') {
          if (this.movedOnce_s[e.side]) this.game_ks[LEADER_LOST * 2 + e.side]!++;
        } else if (e.cause === 'leaderDisplaced') {
          // 10.3: the VP go to the side that entered; the leader was the other side's.
          const owner = otherSide(e.side);
          if (this.movedOnce_s[owner]) this.game_ks[LEADER_DISPLACED * 2 + owner]!++;
        } else if (e.cause === 'callUp' && e.total < 0) this.suddenDeathCallUp(e.side);
        break;
      case 'reinforcement':
        if (this.callUps > 0 && e.side === this.callUpSide) this.placed.push(e.hex);
        break;
      case 'capture':
        if (e.how === 'movement') this.capture(otherSide(e.side), e.hex);
        break;
      default:
        break;
    }
  }

  /** 8.12, 11.1: a loss's steps are what it added to the side's running total (eliminateUnit and takeStep keep it). */
  private loss(side: Side, cause: string): void {
    const now = this.state!.stepsLost_s[side]!;
    const steps = now - this.stepsSeen_s[side]!;
    this.stepsSeen_s[side] = now;
    if (cause === 'attrition') this.game_ks[ATTRITION_STEPS * 2 + side]! += steps;
    else if (cause === 'overstack') this.game_ks[OVERSTACK * 2 + side]!++;
  }

  /** A phase ends: a Movement Phase leaves its side's garrisons of the bases; a New Units Phase's call-ups are judged. */
  private boundary(): void {
    if (this.moving >= 0) {
      this.holdBases(this.moving as Side);
      this.moving = -1;
    }
    if (this.callUps > 0) this.judgeCallUps();
  }

  /** 17: the set-up is complete at the first turn: empty works among each side's set-up hexes; the bases' garrisons. */
  private afterSetUp(): void {
    const state = this.state!,
      prep = this.prep!;
    for (const side of [0, 1] as const) {
      for (const h of prep.setupHexes[side]) {
        if (state.works_h[h] !== WORKS_NONE && state.combat_hs[h * 2 + side] === 0) this.game_ks[EMPTY_WORKS * 2 + side]!++;
      }
      this.holdBases(side);
    }
    this.setUp = true;
  }

  private holdBases(side: Side): void {
    const { bases } = this.prep!,
      combat = this.state!.combat_hs,
      n = bases.length;
    for (let k = 0; k < n; k++) this.held_sk[side * n + k] = combat[bases[k]! * 2 + side]! > 0 ? 1 : 0;
  }

  /** 10.3, 16.2: `owner`'s base in hex h taken by enemy movement. */
  private capture(owner: Side, h: number): void {
    const k = this.prep!.base_h[h]!;
    if (k >= 0 && this.held_sk[owner * this.prep!.bases.length + k] === 0) this.game_ks[OPEN_BASE * 2 + owner]!++;
  }

  /** 9.5, 16.4: a call-up that takes the side below 0 VP ends the game (no roll follows): it alone counts, not the phase's earlier ones. */
  private suddenDeathCallUp(side: Side): void {
    this.game_ks[HOPELESS_CALL_UP * 2 + side]!++;
    this.callUps = 0;
    this.placed.length = 0;
  }

  /** 9.5: a call-up's roll; it is judged when its New Units Phase ends. */
  private callUp(side: Side): void {
    if (this.callUps === 0) this.placed.length = 0;
    this.callUps++;
    this.callUpSide = side;
    this.callUpLast = this.state!.turn >= this.prep!.turns - 1;
  }

  /** 9.5: the phase's call-ups are hopeless on the last turn, or when no unit placed in it could reach the enemy (blunder-reach.ts). */
  private judgeCallUps(): void {
    const state = this.state!,
      prep = this.prep!,
      side = this.callUpSide;
    const budget = playerTurnsLeft(state.turn, prep.turns, side) * prep.stepsPerPlayerTurn;
    if (this.callUpLast || !couldReachEnemy(state, side, this.placed, budget)) this.game_ks[HOPELESS_CALL_UP * 2 + side]! += this.callUps;
    this.callUps = 0;
    this.placed.length = 0;
  }

  /** 10: combat units on the map never active, outside settlements and works. */
  private idleUnits(): void {
    const state = this.state!,
      { loc_u } = state,
      { side_u } = state.counters,
      { settlement_h } = state.map;
    for (let u = 0; u < loc_u.length; u++) {
      const h = loc_u[u]!;
      if (h >= 0 && this.active_u[u] === 0 && settlement_h[h] === 0 && state.works_h[h] === WORKS_NONE)
        this.game_ks[IDLE_UNITS * 2 + side_u[u]!]!++;
    }
  }

  /** Ends the game (idle units, call-ups still to judge) and adds its occurrences to `counts`. */
  addGameTo(counts: BlunderCounts): void {
    if (this.state === null) throw new Error('BlunderAudit: no game was started');
    if (this.callUps > 0) this.judgeCallUps();
    this.idleUnits();
    for (let k = 0; k < BLUNDERS.length; k++) {
      for (let s = 0; s < 2; s++) {
        const n = this.game_ks[k * 2 + s]!;
        if (n > 0) {
          counts.games[k]![s]!++;
          counts.total[k]![s]! += n;
        }
      }
    }
    this.state = null;
  }
}
