// The Supply Phase (8): trucks, the LOC, depots, General Supply, the Supply Table, CSP and attrition.
import { IllegalDecision } from './decisions.js';
import { removeGhq } from './displacement.js';
import { ask, type Game } from './game.js';
import { BOL, type Side } from './side.js';
import { isBox, type GameState } from './state.js';
import {
  ATTRITION_ELIMINATED,
  ATTRITION_STEP,
  ATTRITION_SURRENDERED,
  attritionCase,
  cspPlacementHexes,
  generalSupply,
  ghqReturnHexes,
  isolatedUnits,
  mustCheckAttrition,
  radiusForLoc,
  rollAttrition,
  rollSupplyTable,
  traceLoc,
} from './supply.js';
import { eliminateUnit, takeStep } from './unit-loss.js';

/** Hexes a supply radius is projected from (8.11): the side's leaders on the map, its GHQ and its sources. */
function radiusHexes(game: Game, side: Side): Set<number> {
  const { state } = game;
  const out = new Set<number>();
  for (let l = 0; l < state.loc_l.length; l++) if (state.counters.side_l[l] === side && state.loc_l[l]! >= 0) out.add(state.loc_l[l]!);
  if (state.ghq_s[side]! >= 0) out.add(state.ghq_s[side]!);
  for (const s of state.map.supplySources) if (s.side === side) out.add(s.hex);
  return out;
}

/** 8.11, 17.1: trucks no longer with a leader, GHQ or source are detached; then the policy may attach more (also at set-up). */
export function attachTrucks(game: Game, side: Side): void {
  const { state } = game;
  const where = radiusHexes(game, side);
  const free: number[] = [];
  for (let t = 0; t < state.loc_t.length; t++) {
    if (state.side_t[t] !== side || state.loc_t[t]! < 0) continue;
    if (state.attached_t[t] && !where.has(state.loc_t[t]!)) state.attached_t[t] = 0;
    if (!state.attached_t[t] && where.has(state.loc_t[t]!)) free.push(t);
  }
  if (free.length === 0) return;
  const decision = { kind: 'attachTrucks', side, trucks: free, hexes: [...where].sort((a, b) => a - b) } as const;
  const answer = ask(game, decision);
  for (const a of answer) {
    if (!free.includes(a.truck) || state.loc_t[a.truck] !== a.hex)
      throw new IllegalDecision(decision, 'a truck is attached in its own hex where a radius is projected (8.11)', game.where);
    state.attached_t[a.truck] = 1;
  }
}

/** The side's units on the map out of General Supply (for the supply event). */
function unitsOutOfSupply(state: GameState, side: Side): number[] {
  const out: number[] = [];
  for (let u = 0; u < state.loc_u.length; u++)
    if (state.counters.side_u[u] === side && state.loc_u[u]! >= 0 && !state.inSupply_u[u]) out.push(u);
  return out;
}

/** 8.12: the attrition table's results as the attrition roll's event names them. */
const ATTRITION_EFFECT = ['none', 'step', 'eliminated', 'surrendered'] as const;

/** 4.2 A: the side's Supply Phase. */
export function supplyPhase(game: Game, side: Side): void {
  const { state } = game;
  attachTrucks(game, side);
  let loc = traceLoc(state, side);
  if (state.ghq_s[side]! >= 0 && loc.length < 0 && ask(game, { kind: 'removeGhq', side }) === true) {
    removeGhq(game, side, 'voluntary');
    loc = traceLoc(state, side);
  }
  // 8.8 (I-16): up to four depots on settlements of a shortest LOC.
  if (loc.depotHexes.length > 0) {
    const decision = { kind: 'depots', side, candidates: loc.depotHexes, max: 4 } as const;
    const depots = ask(game, decision);
    if (depots.length > 4 || new Set(depots).size !== depots.length || depots.some((h) => !loc.depotHexes.includes(h))) {
      throw new IllegalDecision(decision, 'up to four different settlements on the LOC (8.8, I-16)', game.where);
    }
    for (const h of depots) state.depot_h[h] = 1;
  }
  const radius = radiusForLoc(state.tables, loc.length);
  state.radius_s[side] = radius;
  state.locLength_s[side] = loc.length;
  const gs = generalSupply(state, side, loc, radius);
  state.ghqOos_s[side] = gs.ghqOos ? 1 : 0;
  for (let u = 0; u < state.loc_u.length; u++) {
    if (state.counters.side_u[u] !== side) continue;
    state.inSupply_u[u] = isBox(state.loc_u[u]!) ? 1 : gs.inSupply_u[u]!; // 10.12: boxes are in General Supply
  }
  for (let l = 0; l < state.loc_l.length; l++) if (state.counters.side_l[l] === side) state.oos_l[l] = gs.oos_l[l]!;

  // 8.2, 8.14, 9.1, 9.6: the Supply Table; CSP are placed now or lost.
  const roll = rollSupplyTable(state, side, loc, game.dice);
  if (roll) {
    const r = roll.result;
    game.observer?.event({ type: 'roll', kind: 'supplyTable', side, roll: roll.die, modified: roll.row, rule: '8.2' });
    if (r.csp > 0) {
      const hexes = cspPlacementHexes(state, side);
      if (hexes.length > 0) {
        const decision = { kind: 'placeCsp', side, count: r.csp, hexes } as const;
        const placed = ask(game, decision);
        if (placed.length > r.csp || placed.some((h) => !hexes.includes(h)))
          throw new IllegalDecision(decision, `at most ${r.csp} CSP on the allowed hexes (8.14, I-23)`, game.where);
        for (const h of placed) state.csp_hs[h * 2 + side]!++;
      }
    }
    // 9.1 (I-73): the points go on the track for the New Unit Phase; the 9-point cap applies to what is saved after it.
    state.replacements_s[side] = state.replacements_s[side]! + r.replacements;
    if (r.truck) state.newTrucks_s[side]!++;
  }
  game.observer?.event({
    type: 'supply',
    side,
    locLength: loc.length,
    radius,
    csp: roll?.result.csp ?? 0,
    replacements: roll?.result.replacements ?? 0,
    truck: roll?.result.truck ?? false,
    outOfSupply: unitsOutOfSupply(state, side),
  });
  attrition(game, side);
  state.depot_h.fill(0); // 8.8: depots come off after the Supply Phase
}

/** 8.12, 8.13, 10.13: attrition rolls for the side's units out of General Supply (and mounted cavalry). */
function attrition(game: Game, side: Side): void {
  const { state } = game;
  const rolling: number[] = [];
  for (let u = 0; u < state.loc_u.length; u++) {
    if (state.counters.side_u[u] !== side || state.loc_u[u]! < 0) continue;
    if (mustCheckAttrition(state, u, state.inSupply_u[u] === 1)) rolling.push(u);
  }
  if (rolling.length === 0) return;
  const which = new Uint8Array(state.loc_u.length);
  for (const u of rolling) which[u] = 1;
  const isolated = isolatedUnits(state, side, which);
  let air = -1;
  if (side === BOL && state.airSupplyUsed_s[side] === 0 && state.airUsed_s[side]! < state.counters.air[side]!) {
    const decision = { kind: 'airSupply', side, units: rolling } as const;
    air = ask(game, decision);
    if (air !== -1 && !rolling.includes(air))
      throw new IllegalDecision(decision, 'air supply goes to one unit rolling for attrition (8.13)', game.where);
    if (air !== -1) {
      state.airUsed_s[side]!++;
      state.airSupplyUsed_s[side] = 1;
    }
  }
  for (const u of rolling) {
    if (state.ended || state.loc_u[u]! < 0) continue;
    const kase = attritionCase(state, u, state.inSupply_u[u] === 1, isolated[u] === 1, u === air);
    const r = rollAttrition(state.tables, kase, game.dice);
    game.observer?.event({
      type: 'roll',
      kind: 'attrition',
      side,
      unit: u,
      roll: r.die,
      modified: r.modified,
      effect: ATTRITION_EFFECT[r.result]!,
      rule: '8.12',
    });
    if (r.result === ATTRITION_STEP) takeStep(game, u, { cause: 'attrition', rule: '8.12' });
    else if (r.result === ATTRITION_ELIMINATED) eliminateUnit(game, u, { cause: 'attrition', rule: '8.12' });
    else if (r.result === ATTRITION_SURRENDERED) eliminateUnit(game, u, { cause: 'attrition', rule: '8.12', surrendered: true });
  }
}

/** 8.5: a removed GHQ returns in its side's New Unit Phase of a later turn, where the policy chooses. */
export function returnGhq(game: Game, side: Side): void {
  const { state } = game;
  if (state.ghq_s[side]! >= 0 || state.turn < state.ghqReturn_s[side]!) return;
  const hexes = ghqReturnHexes(state, side);
  if (hexes.length === 0) return;
  const decision = { kind: 'placePiece', side, piece: 'ghq', id: -1, hexes } as const;
  const h = ask(game, decision);
  if (h === -1) return;
  if (!hexes.includes(h)) throw new IllegalDecision(decision, 'the GHQ returns to a hex outside EZOCs with a valid LOC (8.5)', game.where);
  state.ghq_s[side] = h;
}
