// playGame: a whole game of a scenario, turn by turn through the sequence of 4.2, as a pure function
// of (scenario, options, policies, seed) (I-41). Returns the result; an observer, when attached, sees every event.
import { combatPhase } from './combat-phase.js';
import { constructionPhase } from './construction.js';
import type { Lookahead, Policy } from './decisions.js';
import { seededDice } from './dice.js';
import { allObservers, eventCollector, type GameEvent, type GameObserver, type PhaseName } from './events.js';
import type { Game } from './game.js';
import { checkInvariants } from './invariants.js';
import { movementPhase } from './movement-phase.js';
import { newUnitPhase } from './new-units.js';
import { effectiveTurns, type RulesOptions } from './options.js';
import { politicalPhase } from './political.js';
import type { Scenario } from './scenario.js';
import { setUp } from './setup.js';
import { BOL, PAR, otherSide, type Side } from './side.js';
import { cloneState, createState, type GameState } from './state.js';
import { returnGhq, supplyPhase } from './supply-phase.js';
import { checkSettlement, scenarioEnd, victoryLevel } from './victory.js';
import { resetAir, truceCheck, weatherCheck } from './weather.js';

export interface TurnFigures {
  readonly turn: number;
  readonly month: number;
  readonly rainy: boolean;
  readonly truce: boolean;
  /** [PAR, BOL] at the end of the turn (or when the game ended in it). */
  readonly vp: readonly [number, number];
  readonly stepsLost: readonly [number, number];
  readonly eliminated: readonly [number, number];
  readonly settlementsHeld: readonly [number, number];
}

export interface GameResult {
  readonly scenario: string;
  readonly seed: string;
  readonly winner: 'PAR' | 'BOL';
  readonly vpPar: number;
  readonly vpBol: number;
  /** vpPar - vpBol. */
  readonly margin: number;
  readonly level: string;
  readonly end: 'scenario_end' | 'sudden_death' | 'settlement';
  /** 1-based turn in which the game ended. */
  readonly endTurn: number;
  readonly truceTurns: number;
  readonly rainTurns: number;
  readonly stepsLost: readonly [number, number];
  readonly eliminated: readonly [number, number];
  readonly captured: readonly [number, number];
  /** [PAR, BOL]: GHQ moves (8.5) and CSP or truck moves (8.15, 10.11) in the Movement Phases. */
  readonly ghqMoves: readonly [number, number];
  readonly supplyMoves: readonly [number, number];
  readonly turns: readonly TurnFigures[];
  /** Per settlement, in map order: how often each side took it (16.2), and who held it at the end. */
  readonly settlements: SettlementRecord;
  readonly events?: readonly GameEvent[];
}

/** Per settlement in map order; endHolder 0 PAR, 1 BOL, -1 nobody. */
export interface SettlementRecord {
  readonly capturesPar: readonly number[];
  readonly capturesBol: readonly number[];
  readonly endHolder: readonly number[];
}

function settlementRecord(state: GameState): SettlementRecord {
  const capturesPar: number[] = [],
    capturesBol: number[] = [],
    endHolder: number[] = [];
  for (const p of state.map.places) {
    if (!p.settlement) continue;
    capturesPar.push(state.captures_hs[p.hex * 2 + PAR]!);
    capturesBol.push(state.captures_hs[p.hex * 2 + BOL]!);
    const c = state.control_h[p.hex]!;
    endHolder.push(c === PAR || c === BOL ? c : -1);
  }
  return { capturesPar, capturesBol, endHolder };
}

export interface PlayOptions {
  /** Collect every event into the result's `events` (replays, tests); off for Monte Carlo runs. */
  readonly log?: boolean;
  /** Told the live state before the set-up and every event as it happens (src/core/events.ts). */
  readonly observer?: GameObserver;
  /** Check the invariants after every phase (fuzzing), VP against the sum of the VP events among them. */
  readonly checkInvariants?: boolean;
}

function settlementsHeld(state: GameState): [number, number] {
  const held: [number, number] = [0, 0];
  for (const p of state.map.places) {
    if (!p.settlement) continue;
    const c = state.control_h[p.hex]!;
    if (c === PAR || c === BOL) held[c]++;
  }
  return held;
}

/**
 * 4.2 II and III: one player turn; `check` runs after each phase, told whether 11.1 requires stacking
 * to hold there (after movement and each combat; a trail lost in construction may leave a hex over its
 * limit until the next such check).
 */
function playerTurn(game: Game, side: Side, check: (phase: string, stacking: boolean) => void): void {
  const { state } = game;
  const enemy = otherSide(side);
  state.phasing = side;
  const name = side === PAR ? 'PAR' : 'BOL';
  const step = (phase: PhaseName, run: () => void, stacking = false) => {
    if (state.ended) return;
    game.observer?.event({ type: 'phase', side, phase });
    run();
    check(`${name} ${phase}`, stacking);
  };
  step('supply', () => supplyPhase(game, side));
  step('new units', () => {
    newUnitPhase(game, side);
    if (!state.ended) returnGhq(game, side);
  });
  step('movement', () => movementPhase(game, side, false), true);
  step('reaction movement', () => movementPhase(game, enemy, true), true);
  step('first combat', () => combatPhase(game, side, 'first'), true);
  step('reaction combat', () => combatPhase(game, enemy, 'reaction'), true);
  step('second combat', () => combatPhase(game, side, 'second'), true);
  step('construction', () => constructionPhase(game, side));
  step('political', () => politicalPhase(game, side));
}

/** The Weather & Truce Check of game turn `turn` (4.2 I), with the turn's bookkeeping. */
function beginGameTurn(game: Game, turn: number): void {
  const { state } = game;
  state.turn = turn;
  state.month = state.scenario.startMonth + turn;
  resetAir(game);
  weatherCheck(game);
  truceCheck(game);
  game.observer?.event({ type: 'turn', turn, month: state.month, rainy: state.rainy, truce: state.truce });
}

/**
 * The look-ahead of a player turn: the rest of the game turn on a copy (no log, no invariant checks),
 * then up to `turns - 1` more game turns, and the scenario's end when the game ran out of turns.
 */
function lookahead(game: Game, side: Side): Lookahead {
  return {
    simulate(policies, diceSeed, turns = 1) {
      const copy: Game = {
        state: cloneState(game.state),
        dice: seededDice(diceSeed),
        observer: null,
        policies: [policies[0], policies[1]],
        where: `${game.where} (look-ahead)`,
      };
      const { state } = copy;
      const none = () => {};
      playerTurn(copy, side, none);
      if (side === PAR) playerTurn(copy, BOL, none);
      if (state.truce && !state.ended) checkSettlement(copy);
      const last = effectiveTurns(state.scenario, state.options) - 1;
      const until = Math.min(last, state.turn + turns - 1);
      for (let turn = state.turn + 1; turn <= until && !state.ended; turn++) {
        beginGameTurn(copy, turn);
        playerTurn(copy, PAR, none);
        playerTurn(copy, BOL, none);
        if (state.truce && !state.ended) checkSettlement(copy);
      }
      if (state.turn === last && !state.ended) scenarioEnd(copy);
      return state;
    },
  };
}

/** Player turn of `side`, after offering its policy the look-ahead when it wants one. */
function playerTurnOf(game: Game, side: Side, check: (phase: string, stacking: boolean) => void): void {
  if (game.state.ended) return;
  const policy = game.policies[side];
  if (policy.startTurn) policy.startTurn(game.state, side, lookahead(game, side));
  playerTurn(game, side, check);
}

/** A whole game (4.2); `policies` are indexed by side (PAR 0, BOL 1) and carry their own seeded streams. */
export function playGame(
  scenario: Scenario,
  options: RulesOptions,
  policies: readonly [Policy, Policy],
  seed: string,
  opts: PlayOptions = {},
): GameResult {
  const state = createState(scenario, options);
  const collector = opts.log ? eventCollector() : null;
  // 16.2: VP at the start plus every VP event's change, for the invariant that they match the state.
  const vpFromEvents: [number, number] = [state.vp_s[PAR]!, state.vp_s[BOL]!];
  const vpTally: GameObserver = {
    event(e) {
      if (e.type === 'vp') vpFromEvents[e.side] += e.delta;
    },
  };
  const observers: GameObserver[] = [];
  if (opts.checkInvariants) observers.push(vpTally);
  if (collector) observers.push(collector);
  if (opts.observer) observers.push(opts.observer);
  const observer = allObservers(observers);
  const game: Game = {
    state,
    dice: seededDice(`${seed}:dice`),
    observer,
    policies: [policies[0], policies[1]],
    where: `scenario ${scenario.id}, seed ${seed}`,
  };
  const check = opts.checkInvariants
    ? (phase: string, stacking: boolean) => checkInvariants(game, phase, vpFromEvents, stacking)
    : () => {};
  observer?.start?.(state);
  setUp(game);
  check('set-up', true);
  const turns = effectiveTurns(scenario, options);
  const figures: TurnFigures[] = [];
  let truceTurns = 0,
    rainTurns = 0;
  for (let turn = 0; turn < turns && !state.ended; turn++) {
    beginGameTurn(game, turn);
    if (state.rainy) rainTurns++;
    if (state.truce) truceTurns++;
    check('weather and truce', false);
    playerTurnOf(game, PAR, check);
    playerTurnOf(game, BOL, check);
    if (state.truce && !state.ended) checkSettlement(game); // 16.1
    figures.push({
      turn,
      month: state.month,
      rainy: state.rainy,
      truce: state.truce,
      vp: [state.vp_s[PAR]!, state.vp_s[BOL]!],
      stepsLost: [state.stepsLost_s[PAR]!, state.stepsLost_s[BOL]!],
      eliminated: [state.eliminated_s[PAR]!, state.eliminated_s[BOL]!],
      settlementsHeld: settlementsHeld(state),
    });
  }
  if (!state.ended) scenarioEnd(game);
  const end = state.ended!;
  const margin = state.vp_s[PAR]! - state.vp_s[BOL]!;
  return {
    scenario: scenario.id,
    seed,
    winner: end.winner === PAR ? 'PAR' : 'BOL',
    vpPar: state.vp_s[PAR]!,
    vpBol: state.vp_s[BOL]!,
    margin,
    level: victoryLevel(state, margin),
    end: end.how,
    endTurn: end.turn + 1,
    truceTurns,
    rainTurns,
    stepsLost: [state.stepsLost_s[PAR]!, state.stepsLost_s[BOL]!],
    eliminated: [state.eliminated_s[PAR]!, state.eliminated_s[BOL]!],
    captured: [state.captured_s[PAR]!, state.captured_s[BOL]!],
    ghqMoves: [state.ghqMoves_s[PAR]!, state.ghqMoves_s[BOL]!],
    supplyMoves: [state.supplyMoves_s[PAR]!, state.supplyMoves_s[BOL]!],
    turns: figures,
    settlements: settlementRecord(state),
    ...(collector ? { events: collector.events } : {}),
  };
}
