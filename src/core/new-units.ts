// The New Unit Phase (9): call-ups, reinforcements with dead-pile recycling, replacements, new trucks.
import { IllegalDecision } from './decisions.js';
import { ask, type Game } from './game.js';
import { CAVALRY, ENGINEER, INFANTRY } from './counters.js';
import { otherSide, type Side } from './side.js';
import { IN_DEAD, IN_PILE, setUnitLoc, type GameState } from './state.js';
import { stackingLimit } from './combat-odds.js';
import { addVp } from './victory.js';

/** 9.4: units the schedule gives `side` this month. */
export function scheduledReinforcements(state: GameState, side: Side): number {
  const r = state.tables.reinforcements[side]!;
  for (const p of r.periods) if (state.month >= p.from && state.month <= p.to) return p.units;
  return r.default;
}

/** I-36: friendly-controlled supply sources free of enemy units, with stacking room for a unit of `u`'s kind. */
export function reinforcementHexes(state: GameState, side: Side, countsForStacking: boolean): number[] {
  const out: number[] = [];
  const enemy = otherSide(side);
  for (const s of state.map.supplySources) {
    const h = s.hex;
    if (s.side !== side || state.control_h[h] !== side || out.includes(h)) continue;
    if (state.combat_hs[h * 2 + enemy]! > 0 || state.leaders_hs[h * 2 + enemy]! > 0) continue;
    if (countsForStacking && state.stacking_hs[h * 2 + side]! >= stackingLimit(state, h)) continue;
    out.push(h);
  }
  return out;
}

/** 9.4: draws one unit at random from the pile; an exhausted pile is refilled from the dead pile. */
export function drawReinforcement(game: Game, side: Side): number {
  const { state } = game;
  const pile: number[] = [];
  const collect = (where: number) => {
    for (let u = 0; u < state.loc_u.length; u++) if (state.loc_u[u] === where && state.counters.side_u[u] === side) pile.push(u);
  };
  collect(IN_PILE);
  if (pile.length === 0) {
    collect(IN_DEAD);
    for (const u of pile) state.loc_u[u] = IN_PILE; // 9.4: the Dead Pile becomes the Reinforcement Pile
    if (pile.length > 0) game.observer?.event({ type: 'pileRefilled', side, rule: '9.4' });
  }
  if (pile.length === 0) return -1;
  return pile[game.dice.int(pile.length)]!;
}

/** 9.4, I-36: the policy places the unit on an eligible source; none eligible → back to the pile. */
function placeReinforcement(game: Game, side: Side, u: number): void {
  const { state } = game;
  const hexes = reinforcementHexes(state, side, state.counters.type_u[u] !== ENGINEER);
  state.reduced_u[u] = 0; // 9.4: reinforcements arrive at full strength
  if (hexes.length === 0) {
    game.observer?.event({ type: 'unplaced', side, unit: u, rule: 'I-36' });
    return;
  }
  const decision = { kind: 'placePiece', side, piece: 'unit', id: u, hexes } as const;
  const h = ask(game, decision);
  if (!hexes.includes(h))
    throw new IllegalDecision(decision, `hex ${h} is not a friendly-controlled supply source with room (9.4, I-36)`, game.where);
  setUnitLoc(state, u, h);
  game.observer?.event({ type: 'reinforcement', side, unit: u, hex: h });
}

/**
 * 9.5: how many call-ups the side may declare now. Paraguay: two a game. Bolivia: no cap ("as many as
 * he wishes"); the offer stops only where more could not count: at the call-up that takes its VP below
 * 0, which ends the game at once (16.4), or, when call-ups cost no VP, at one per unit left to draw.
 */
export function callUpsAllowed(state: GameState, side: Side): number {
  const limit = state.tables.callUpLimit[side]!;
  if (limit >= 0) return Math.max(0, limit - state.callUps_s[side]!);
  const cost = state.tables.callUpVp;
  if (cost > 0) return Math.max(0, Math.floor(state.vp_s[side]! / cost) + 1);
  let units = 0;
  for (let u = 0; u < state.loc_u.length; u++)
    if (state.counters.side_u[u] === side && (state.loc_u[u] === IN_PILE || state.loc_u[u] === IN_DEAD)) units++;
  return units;
}

/** 9.5: the policy's call-ups (-5 VP each, 1d6 extra units each); Paraguay at most two a game, Bolivia any number. */
function callUps(game: Game, side: Side): number {
  const { state } = game;
  const max = callUpsAllowed(state, side);
  if (max === 0) return 0;
  const decision = { kind: 'callUps', side, max } as const;
  const n = ask(game, decision);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new IllegalDecision(decision, `call-ups must be a whole number from 0 to ${max} (9.5)`, game.where);
  let extra = 0;
  for (let i = 0; i < n && !state.ended; i++) {
    state.callUps_s[side]!++;
    addVp(game, side, -state.tables.callUpVp, { cause: 'callUp' }, '9.5');
    if (state.ended) break; // 16.4: the game ends the instant VP go below 0
    const roll = game.dice.d6();
    game.observer?.event({ type: 'roll', kind: 'callUp', side, roll, rule: '9.5' });
    extra += roll;
  }
  return extra;
}

/** 9.2, 9.3 (I-37): reduced infantry/cavalry in General Supply at this turn's Supply Phase may be flipped. */
function replacements(game: Game, side: Side): void {
  const { state } = game;
  const points = state.replacements_s[side]!;
  if (points === 0) return;
  const eligible: number[] = [];
  for (let u = 0; u < state.loc_u.length; u++) {
    const t = state.counters.type_u[u];
    if (
      state.counters.side_u[u] === side &&
      state.loc_u[u]! >= 0 &&
      state.reduced_u[u] &&
      (t === INFANTRY || t === CAVALRY) &&
      state.inSupply_u[u]
    )
      eligible.push(u);
  }
  if (eligible.length === 0) return;
  const decision = { kind: 'replacements', side, points, eligible } as const;
  const chosen = ask(game, decision);
  if (
    !Array.isArray(chosen) ||
    chosen.length > points ||
    new Set(chosen).size !== chosen.length ||
    chosen.some((u) => !eligible.includes(u))
  ) {
    throw new IllegalDecision(decision, `choose at most ${points} different eligible reduced units (9.2, I-37)`, game.where);
  }
  for (const u of chosen) {
    state.reduced_u[u] = 0;
    state.sideVersion_s[side]!++;
    state.replacements_s[side]!--;
    game.observer?.event({ type: 'replacement', side, unit: u, rule: '9.3' });
  }
}

/** 9.6: trucks won on the Supply Table are placed like reinforcements; none left in the box → ignored. */
function newTrucks(game: Game, side: Side): void {
  const { state } = game;
  for (let k = state.newTrucks_s[side]!; k > 0; k--) {
    const t = state.loc_t.findIndex((loc, i) => loc === IN_PILE && state.side_t[i] === side);
    if (t < 0) break;
    const hexes = reinforcementHexes(state, side, false);
    if (hexes.length === 0) break;
    const decision = { kind: 'placePiece', side, piece: 'truck', id: t, hexes } as const;
    const h = ask(game, decision);
    if (!hexes.includes(h)) throw new IllegalDecision(decision, `hex ${h} is not a friendly-controlled supply source (9.6)`, game.where);
    state.loc_t[t] = h;
    state.attached_t[t] = 0;
  }
  state.newTrucks_s[side] = 0;
}

/** 4.2 B: call-ups, reinforcements, replacements (then the 9 saved, 9.1), new trucks. Eliminated armor is GONE, never in a pile (13.1, I-36). */
export function newUnitPhase(game: Game, side: Side): void {
  const { state } = game;
  const extra = callUps(game, side);
  if (state.ended) return;
  const n = scheduledReinforcements(state, side) + extra;
  for (let i = 0; i < n; i++) {
    const u = drawReinforcement(game, side);
    if (u < 0) break; // 9.4: both piles empty; not accumulated
    placeReinforcement(game, side, u);
  }
  replacements(game, side);
  // 9.1, reading (I-73): no more than 9 unused points may be saved from turn to turn; the rest are lost.
  state.replacements_s[side] = Math.min(state.tables.replacementsMax, state.replacements_s[side]!);
  newTrucks(game, side);
}
