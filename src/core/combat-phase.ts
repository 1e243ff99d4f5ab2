// A combat phase (12.1-12.11): attacks asked of the attacker, supply and air of both sides, the roll,
// losses, retreats and routs, further combat and advance, applied to the state with VP and captures.
import {
  checkAttack,
  clearCombatPhaseLog,
  createCombatPhaseLog,
  furtherCombatDestroyed,
  lossOf,
  prepareCombat,
  recordAttack,
  retreatsOf,
  rollCombat,
  type Attack,
  type CombatPhaseLog,
  type CombatSetup,
} from './combat.js';
import { checkLosses, checkStepLosses } from './combat-losses.js';
import { checkBarrage, recordBarrage, rollBarrage } from './barrage.js';
import { cancelConstruction } from './construction.js';
import { IllegalDecision, type Answers, type AttackOrder } from './decisions.js';
import { overrun } from './displacement.js';
import { ask, type Game } from './game.js';
import { removeOverstack } from './movement-phase.js';
import {
  armorRetreatApplies,
  checkAdvance,
  defenderOccupiableHexes,
  retreatHexes,
  rollRetreatCheck,
  routCutShortByEzoc,
  routPath,
  vacatedDefendingHexes,
  ROUT,
} from './retreat.js';
import { NO_CONTROL } from './scenario.js';
import { otherSide, type Side } from './side.js';
import { IN_PILE, countCapture, leadersIn, setLeaderLoc, setUnitLoc, type GameState } from './state.js';
import { combatSupplyHexes, markCombatSupplied } from './supply.js';
import { ELIMINATED, LOSS_50, PROHIBITED } from './tables.js';
import { stackMover, stepCost } from './movement.js';
import { crtOutcome } from './events.js';
import { eliminateUnit, takeStep } from './unit-loss.js';
import { addVp, settlementVp } from './victory.js';

export type CombatPhaseName = 'first' | 'reaction' | 'second';

/** One combat phase log per game state, emptied at the start of each phase (12.2). */
const phaseLogs = new WeakMap<GameState, CombatPhaseLog>();

function emptyPhaseLog(state: GameState): CombatPhaseLog {
  let log = phaseLogs.get(state);
  if (!log) {
    log = createCombatPhaseLog(state);
    phaseLogs.set(state, log);
  }
  return clearCombatPhaseLog(log);
}

/** 4.2 E-G: the side's attacks until its policy answers none. No combat during a truce (6.3). */
export function combatPhase(game: Game, side: Side, phase: CombatPhaseName): void {
  const { state } = game;
  if (state.truce || state.ended) return;
  const log = emptyPhaseLog(state);
  // 13.2: barrages come before any regular combat, the phasing attacker's first, then the other side's.
  if (state.options.artilleryBarrage) {
    barrages(game, side, phase, log);
    barrages(game, otherSide(side), phase, log);
  }
  const limit = state.loc_u.length + 8;
  for (let n = 0; n < limit && !state.ended; n++) {
    const decision = {
      kind: 'attack',
      side,
      phase,
      attacked_u: log.attacked_u,
      defended_h: log.defended_h,
      displaced_u: log.displaced_u,
    } as const;
    const order = ask(game, decision);
    if (order === null) break;
    resolveAttack(game, side, order, log, phase, decision);
  }
}

/** 13.2: one side's barrages until its policy answers none; each artillery unit spends one CSP. */
function barrages(game: Game, side: Side, phase: CombatPhaseName, log: CombatPhaseLog): void {
  const { state } = game;
  const enemy = otherSide(side);
  for (let n = 0; n < state.loc_u.length && !state.ended; n++) {
    const decision = { kind: 'barrage', side, phase, barraged_u: log.barraged_u, barraged_hs: log.barraged_hs } as const;
    const order = ask(game, decision);
    if (order === null) return;
    const fail = (why: string): never => {
      throw new IllegalDecision(decision, why, game.where);
    };
    if (order.cspHexes.length !== order.artillery.length) fail('one CSP per barraging artillery unit (13.2)');
    const supplied = new Uint8Array(state.loc_u.length);
    const spend = new Map<number, number>();
    order.artillery.forEach((u, i) => {
      const h = order.cspHexes[i]!;
      if (state.loc_u[u]! >= 0 && combatSupplyHexes(state, side, state.loc_u[u]!).includes(h)) supplied[u] = 1;
      spend.set(h, (spend.get(h) ?? 0) + 1);
    });
    for (const [h, k] of spend) if (state.csp_hs[h * 2 + side]! < k) fail(`hex ${h} holds fewer than ${k} of our CSP (13.2)`);
    const b = { side, artillery: order.artillery, hex: order.hex, leaders: order.leaders, combatSupply_u: supplied };
    const problem = checkBarrage(state, b, log);
    if (problem) fail(problem);
    for (const [h, k] of spend) state.csp_hs[h * 2 + side] = state.csp_hs[h * 2 + side]! - k;
    recordBarrage(log, b);
    const r = rollBarrage(state, b, game.dice);
    game.observer?.event({
      type: 'roll',
      kind: 'barrage',
      side,
      hex: order.hex,
      column: r.column,
      steps: r.steps,
      roll: r.roll,
      modified: r.modifiedRoll,
      rule: '13.2',
    });
    if (r.steps === 0) continue;
    const units: number[] = [];
    for (let u = 0; u < state.loc_u.length; u++) if (state.loc_u[u] === order.hex && state.counters.side_u[u] === enemy) units.push(u);
    const lossDecision = { kind: 'stepLosses', side: enemy, units, steps: r.steps } as const;
    const steps = ask(game, lossDecision);
    const bad = checkStepLosses(state, units, r.steps, steps);
    if (bad) throw new IllegalDecision(lossDecision, bad, game.where);
    for (const st of steps) {
      if (st.eliminate) eliminateUnit(game, st.unit, { cause: 'barrage', rule: '13.2' });
      else takeStep(game, st.unit, { cause: 'barrage', rule: '13.2' });
    }
  }
}

/** 12.12: the CSP hexes a defend answer spends: `cspHexes`, or the older single `cspHex` (-1: none); null when neither is well formed. */
function defenderCspHexes(answer: Answers['defend']): readonly number[] | null {
  if (Array.isArray(answer.cspHexes)) return answer.cspHexes.every((h) => Number.isInteger(h)) ? answer.cspHexes : null;
  const single = (answer as { cspHex?: unknown }).cspHex;
  if (single === -1) return [];
  return Number.isInteger(single) ? [single as number] : null;
}

function airAvailable(state: GameState, side: Side): boolean {
  return state.airUsed_s[side]! < state.counters.air[side]!;
}

function resolveAttack(
  game: Game,
  side: Side,
  order: AttackOrder,
  log: CombatPhaseLog,
  phase: CombatPhaseName,
  decision: Parameters<typeof ask>[1],
): void {
  const { state } = game;
  const enemy = otherSide(side);
  const c = state.counters;
  const fail = (why: string): never => {
    throw new IllegalDecision(decision, why, game.where);
  };
  if (!Array.isArray(order.attackers) || order.attackers.length === 0 || !Array.isArray(order.hexes) || order.hexes.length === 0)
    fail('an attack needs attackers and defending hexes (12.1)');
  if (new Set(order.attackers).size !== order.attackers.length || new Set(order.hexes).size !== order.hexes.length)
    fail('attackers and hexes are listed once each');
  for (const u of order.attackers) if (c.side_u[u] !== side || state.loc_u[u]! < 0) fail(`unit ${u} is not one of our units on the map`);
  if (order.air && !airAvailable(state, side)) fail('no unused air marker (13.3)');
  // 12.12: the attacker commits combat supply first; each CSP hex listed spends one CSP.
  const cspCount = new Map<number, number>();
  for (const h of order.cspHexes) cspCount.set(h, (cspCount.get(h) ?? 0) + 1);
  for (const [h, n] of cspCount) if (state.csp_hs[h * 2 + side]! < n) fail(`hex ${h} holds fewer than ${n} of our CSP (12.12)`);
  const supplied = new Uint8Array(c.units.length);
  markCombatSupplied(state, side, order.attackers, order.cspHexes, supplied);
  const draft: Attack = {
    side,
    attackers: order.attackers,
    hexes: order.hexes,
    leaders: order.leaders,
    combatSupply_u: supplied,
    attackerAir: order.air,
    defenderAir: false,
  };
  const problem = checkAttack(state, draft, log);
  if (problem) fail(problem);

  // The defender answers with the CSP hexes it spends, one CSP each (one supplies any number of units,
  // 12.12; reading (I-22): like the attacker, from as many hexes as its defenders need), and an air marker.
  const defenders = prepareCombat(state, draft, log).defenders;
  const options = new Set<number>();
  const scratch: number[] = [];
  for (const u of defenders) for (const h of combatSupplyHexes(state, enemy, state.loc_u[u]!, scratch)) options.add(h);
  const defendDecision = {
    kind: 'defend',
    side: enemy,
    attackers: order.attackers,
    hexes: order.hexes,
    cspHexes: [...options].sort((a, b) => a - b),
    air: airAvailable(state, enemy),
  } as const;
  const defence = ask(game, defendDecision);
  const defenceCsp = defenderCspHexes(defence);
  if (defenceCsp === null) throw new IllegalDecision(defendDecision, 'answer cspHexes, a list of hexes (12.12)', game.where);
  const defenceCount = new Map<number, number>();
  for (const h of defenceCsp) defenceCount.set(h, (defenceCount.get(h) ?? 0) + 1);
  for (const [h, n] of defenceCount) {
    if (!options.has(h)) throw new IllegalDecision(defendDecision, `CSP hex ${h} cannot supply the defenders (12.12)`, game.where);
    if (state.csp_hs[h * 2 + enemy]! < n)
      throw new IllegalDecision(defendDecision, `hex ${h} holds fewer than ${n} of the defender's CSP (12.12)`, game.where);
  }
  if (defence.air && !defendDecision.air) throw new IllegalDecision(defendDecision, 'no unused air marker (13.3)', game.where);
  if (defenceCsp.length > 0) markCombatSupplied(state, enemy, defenders, defenceCsp, supplied);

  // Spend what was committed (12.12, 13.3).
  for (const h of order.cspHexes) state.csp_hs[h * 2 + side]!--;
  for (const h of defenceCsp) state.csp_hs[h * 2 + enemy]!--;
  if (order.air) state.airUsed_s[side]!++;
  if (defence.air) state.airUsed_s[enemy]!++;

  const attack: Attack = { ...draft, defenderAir: defence.air };
  const setup = prepareCombat(state, attack, log);
  const result = rollCombat(state, setup, game.dice);
  recordAttack(log, attack);
  for (const u of attack.attackers) cancelConstruction(state, u);
  for (const u of setup.defenders) cancelConstruction(state, u);
  if (game.observer) {
    game.observer.event({
      type: 'combat',
      side,
      phase,
      attackers: attack.attackers,
      defenders: setup.defenders,
      hexes: attack.hexes,
      attack: setup.strengths.attack,
      defence: setup.strengths.defence,
      column: setup.odds.column,
      belowLowest: setup.odds.belowLowest,
      modifiers: setup.modifiers.list,
      roll: result.roll,
      modified: result.modifiedRoll,
      attacker: crtOutcome(result.attacker),
      defender: crtOutcome(result.defender),
      cancelled: result.cancelled,
    });
  }

  // 12.5: the defender's result first, then the attacker's.
  const ac = state.armyCommander_s;
  const defenderAcUsed = applySideResult(
    game,
    enemy,
    setup.defenders,
    result.defender,
    result.defenderRequired,
    false,
    setup.attackHexes,
    setup,
    log,
  );
  const attackerAcUsed = applySideResult(
    game,
    side,
    attack.attackers,
    result.attacker,
    result.attackerRequired,
    true,
    attack.hexes,
    setup,
    log,
  );
  // 15.2, I-39: the army commander's rating was used and his side took a 50 or E.
  const bad = (code: number) => lossOf(code) === LOSS_50 || lossOf(code) === ELIMINATED;
  if ((setup.modifiers.leader === ac[side] || attackerAcUsed) && bad(result.attacker)) state.challenge_s[side] = 1;
  if (defenderAcUsed && bad(result.defender)) state.challenge_s[enemy] = 1;

  for (const u of furtherCombatDestroyed(state, setup, log, result.defender)) {
    if (state.loc_u[u]! >= 0) eliminateUnit(game, u, { cause: 'furtherCombat', rule: '12.10' });
  }
  if (!state.ended) advanceAfterCombat(game, setup, result.defender);
  // 11.1: stacking is met at the end of each combat.
  if (!state.ended) {
    removeOverstack(game, side);
    removeOverstack(game, enemy);
  }
}

/**
 * 12.6-12.8: one side's losses (its policy picks the units), then a retreat/rout check per surviving
 * unit. Returns whether the side's army commander's rating modified a retreat/rout roll (I-39).
 */
function applySideResult(
  game: Game,
  side: Side,
  units: readonly number[],
  code: number,
  required: number,
  attacking: boolean,
  enemyHexes: readonly number[],
  setup: CombatSetup,
  log: CombatPhaseLog,
): boolean {
  const { state } = game;
  const loss = lossOf(code);
  const fromHex = new Map(units.map((u) => [u, state.loc_u[u]!] as const));
  if (loss === ELIMINATED) {
    for (const u of units) if (state.loc_u[u]! >= 0) eliminateUnit(game, u, { cause: 'combat', crt: code, rule: '12.9' });
    return false;
  }
  if (required > 0) {
    const alive = units.filter((u) => state.loc_u[u]! >= 0);
    const decision = { kind: 'losses', side, units: alive, required, attacking } as const;
    const steps = ask(game, decision);
    const problem = checkLosses(state, alive, attacking, required, steps);
    if (problem) throw new IllegalDecision(decision, problem, game.where);
    for (const s of steps) {
      const rule = '12.6';
      if (s.eliminate) eliminateUnit(game, s.unit, { cause: 'combat', crt: code, rule });
      else takeStep(game, s.unit, { cause: 'combat', crt: code, rule });
    }
  }
  if (!retreatsOf(code)) return false;
  const armor = !attacking && armorRetreatApplies(state, setup, code);
  let acUsed = false;
  const routed = new Set<number>(),
    retreated = new Set<number>();
  const cutShortRouts: number[] = [];
  for (const u of units) {
    if (state.loc_u[u]! < 0 || state.ended) continue;
    const check = rollRetreatCheck(state, u, armor, game.dice);
    if (check.leader >= 0 && check.leader === state.armyCommander_s[side]) acUsed = true;
    game.observer?.event({
      type: 'roll',
      kind: 'retreat',
      side,
      unit: u,
      rout: check.result === ROUT,
      roll: check.roll,
      modified: check.modified,
      rule: '12.7',
    });
    const from = state.loc_u[u]!;
    let to = -1;
    let through: readonly number[] = [];
    if (check.result === ROUT) {
      const path = routPath(state, u, enemyHexes);
      if (path.length > 0) {
        to = path[path.length - 1]!;
        routed.add(u);
        through = path;
      }
    } else {
      const hexes = retreatHexes(state, u, enemyHexes);
      if (hexes.length > 0) {
        const decision = { kind: 'retreat', side, unit: u, hexes } as const;
        to = ask(game, decision);
        if (!hexes.includes(to)) throw new IllegalDecision(decision, `hex ${to} is not a legal retreat hex (12.8, I-31)`, game.where);
        retreated.add(u);
      }
    }
    if (to < 0) {
      takeStep(game, u, { cause: 'noRetreat', rule: '12.8, 7.5' });
      continue;
    }
    const cutShort = check.result === ROUT && routCutShortByEzoc(state, u, enemyHexes, through);
    setUnitLoc(state, u, to);
    log.displaced_u[u] = 1;
    game.observer?.event({ type: 'retreat', side, unit: u, from, to, rout: check.result === ROUT });
    // 3.2: every hex the unit enters on its way changes control, not only the last.
    for (const h of through) if (h !== from && h !== to) enterAfterCombat(game, side, h, 'other');
    enterAfterCombat(game, side, to, 'other');
    if (cutShort) cutShortRouts.push(u);
  }
  // 12.8: non-combat pieces of a hex its combat units left go with them; if all routed, trucks and CSP are lost.
  for (const h of new Set(fromHex.values())) {
    if (state.combat_hs[h * 2 + side]! > 0) continue;
    const gone = [...fromHex].filter(([u, x]) => x === h && (retreated.has(u) || routed.has(u))).map(([u]) => u);
    if (gone.length === 0) continue;
    const withRetreat = gone.find((u) => retreated.has(u));
    const dest = state.loc_u[withRetreat ?? gone[0]!]!;
    for (const l of leadersIn(state, h, side)) setLeaderLoc(state, l, dest);
    for (let t = 0; t < state.loc_t.length; t++) {
      if (state.loc_t[t] !== h || state.side_t[t] !== side) continue;
      // 12.8: attached trucks, trucks of an all-routed hex and trucks that could not enter the retreat hex are lost.
      const canEnter = withRetreat !== undefined && stepCost(state, stackMover(state, side, { trucks: [t] }), h, dest) !== PROHIBITED;
      if (state.attached_t[t] || !canEnter) {
        state.loc_t[t] = IN_PILE;
        state.attached_t[t] = 0;
      } else state.loc_t[t] = dest;
    }
    const csp = state.csp_hs[h * 2 + side]!;
    if (csp > 0) {
      state.csp_hs[h * 2 + side] = 0;
      if (withRetreat !== undefined) state.csp_hs[dest * 2 + side] = state.csp_hs[dest * 2 + side]! + csp;
    }
    if (state.ghq_s[side] === h) state.ghq_s[side] = dest;
  }
  // 7.5, I-70: a rout cut short by EZOCs ends in the last available hex (the pieces of its hex with it) and loses a step there.
  for (const u of cutShortRouts) {
    if (state.ended) break;
    takeStep(game, u, { cause: 'routCutShort', rule: '7.5, I-70' });
  }
  return acUsed;
}

/** 3.2, 16.2, I-33: a hex entered after combat changes control; a settlement taken by advance scores. */
function enterAfterCombat(game: Game, side: Side, h: number, how: 'advance' | 'other'): void {
  const { state } = game;
  const owner = state.control_h[h]!;
  if (owner === NO_CONTROL || owner === side) return;
  state.control_h[h] = side;
  if (state.map.settlement_h[h]) countCapture(state, side, h);
  game.observer?.event({ type: 'capture', side, hex: h, how });
  if (how === 'advance' && state.map.settlement_h[h]) {
    addVp(game, side, settlementVp(game, h, 'advance'), { cause: 'settlementByAdvance', hex: h }, '16.2');
  }
}

/** 12.11, 12.9, I-33: the attacker may advance into emptied defending hexes; else the defender may occupy. */
function advanceAfterCombat(game: Game, setup: CombatSetup, defenderCode: number): void {
  const { state } = game;
  const side = setup.attack.side,
    enemy = otherSide(side);
  const vacated = vacatedDefendingHexes(state, setup);
  if (vacated.length > 0) {
    const units = setup.attack.attackers.filter((u) => setup.attackHexes.includes(state.loc_u[u]!));
    if (units.length > 0) moveAfterCombat(game, side, units, vacated, true);
    // 12.9: CSP left in an emptied hex nobody advanced into are lost.
    for (const h of vacated) if (state.combat_hs[h * 2 + side] === 0) state.csp_hs[h * 2 + enemy] = 0;
    return;
  }
  const occupiable = defenderOccupiableHexes(state, setup, defenderCode);
  if (occupiable.length > 0) {
    const units = setup.defenders.filter((u) => setup.attack.hexes.includes(state.loc_u[u]!));
    if (units.length > 0) moveAfterCombat(game, enemy, units, occupiable, false);
  }
}

/** 12.11 (`attacker`), 12.9: the side's units move into the emptied hexes its policy picks. */
function moveAfterCombat(game: Game, side: Side, units: readonly number[], hexes: readonly number[], attacker: boolean): void {
  const { state } = game;
  // 12.11: "all units, combat and non-combat" of the attacking hexes: their leaders may follow.
  const leaders: number[] = [];
  for (const h of new Set(units.map((u) => state.loc_u[u]!))) leaders.push(...leadersIn(state, h, side));
  const decision = { kind: 'advance', side, units, hexes, leaders } as const;
  const answer = ask(game, decision);
  const moves = answer.filter((m) => m.leader === undefined);
  const leaderMoves = answer.filter((m) => m.leader !== undefined);
  const problem = checkAdvance(state, units, hexes, moves);
  if (problem) throw new IllegalDecision(decision, problem, game.where);
  for (const m of leaderMoves) {
    if (!leaders.includes(m.leader!) || !hexes.includes(m.hex) || !moves.some((x) => x.hex === m.hex)) {
      throw new IllegalDecision(
        decision,
        'a leader advances from an attacking hex into a hex a combat unit advances into (12.11)',
        game.where,
      );
    }
  }
  for (const m of leaderMoves) setLeaderLoc(state, m.leader!, m.hex);
  const entered = new Set<number>();
  for (const m of moves) {
    const from = state.loc_u[m.unit]!;
    setUnitLoc(state, m.unit, m.hex);
    cancelConstruction(state, m.unit);
    game.observer?.event({ type: 'advance', side, unit: m.unit, from, to: m.hex, attacker });
    if (!entered.has(m.hex)) {
      entered.add(m.hex);
      overrun(game, m.hex, side); // 10.3, 12.9: CSP there are captured or lost
      enterAfterCombat(game, side, m.hex, 'advance');
    }
  }
}
