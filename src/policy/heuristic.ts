// The heuristic policy: plays every decision the way a competent player would, tuned by named
// parameters (heuristic-params.ts) and, optionally, a scripted plan of postures and objectives (plan.ts).
import { cheapestLosses, defaultStepLosses } from '../core/combat-losses.js';
import { buildProblem } from '../core/construction.js';
import { canAdvance } from '../core/retreat.js';
import { reinforcementHexes } from '../core/new-units.js';
import { effectiveTurns } from '../core/options.js';
import { worksMultiplier } from '../core/combat-odds.js';
import { ENGINEER } from '../core/counters.js';
import type { Answers, Decision, Policy } from '../core/decisions.js';
import { seededDice } from '../core/dice.js';
import { distance } from '../core/hex.js';
import { WORKS_NONE } from '../core/map.js';
import { otherSide, type Side } from '../core/side.js';
import { BUILD_ENTRENCHMENT, BUILD_FORTIFICATION, BUILD_WELL, factorIndex, type GameState } from '../core/state.js';
import { combatSupplyHexes, hasWater } from '../core/supply.js';
import { chooseAttack } from './heuristic-attack.js';
import { answerWithAlt, type AltHolder } from './heuristic-alt.js';
import { chooseMove, defaultObjectives, newMovePlan, type Objective } from './heuristic-move.js';
import { influence, strengthAround } from './influence.js';
import { joinDooms, stackAt } from './heuristic-leaders.js';
import { enemyInRange } from './threat.js';
import { PRESETS, type HeuristicParams, type PresetName } from './heuristic-params.js';
import { planPhase, type Plan, type PlanPhase } from './plan.js';
import { chooseGarrison, guardSource, newGarrisonPlan, type GarrisonPlan } from './heuristic-garrison.js';
import { pickDepots, placeGhq, shouldRemoveGhq } from './heuristic-ghq.js';
import { chooseLogistics, newLogisticsPlan, type LogisticsPlan } from './heuristic-logistics.js';
import { chooseAttachments } from './heuristic-supply.js';
import { dispatch, type Handlers } from './handlers.js';
import { spreadGroup } from './setup-helpers.js';
import { enemyDistances, leastBy, nearestEnemyDistance, nearestEnemyFirst } from './geometry.js';

export interface HeuristicOptions {
  readonly preset?: PresetName;
  readonly params?: Partial<HeuristicParams>;
  readonly plan?: Plan;
  /** The policy's own stream (ties broken at random are rare; kept for determinism by seed). */
  readonly seed: string;
  /** Parameters laid over the others for one game turn's decisions only (the search's one-turn deviations, search.ts); read at every decision, so its holder may change it. */
  readonly deviation?: TurnDeviation;
}

/**
 * Parameters for the decisions of game turn `turn` alone (null: none); with `alt`, one decision of that turn answered
 * with the heuristic's next choice, and with `seen`, the turn's decisions of those kinds counted (heuristic-alt.ts).
 */
export interface TurnDeviation extends AltHolder {
  turn: number;
  params: Partial<HeuristicParams> | null;
}

export function heuristicPolicy(opts: HeuristicOptions): Policy {
  const preset = opts.plan?.preset ?? opts.preset ?? 'balanced';
  const params: HeuristicParams = { ...PRESETS[preset], ...opts.plan?.params, ...opts.params };
  const dice = seededDice(opts.seed);
  const memory: Memory = { move: newMovePlan(), garrison: newGarrisonPlan(), logistics: newLogisticsPlan() };
  const name = opts.plan ? `plan:${opts.plan.name}` : preset;
  const context: Context = { params, plan: opts.plan, memory, dice };
  // The deviation's context: the same memory and dice, its parameters laid over (made once per deviation).
  let deviated: Context = context,
    deviatedBy: Partial<HeuristicParams> | null = null;
  return {
    name,
    decide<D extends Decision>(d: D, view: GameState): Answers[D['kind']] {
      const dev = opts.deviation;
      if (dev === undefined || dev.turn !== view.turn) return dispatch(HEURISTIC, d, view, context);
      if (dev.params !== null && dev.params !== deviatedBy) {
        deviatedBy = dev.params;
        deviated = { ...context, params: { ...params, ...dev.params } };
      }
      const ctx = dev.params === null ? context : deviated;
      if ((dev.alt ?? null) === null && dev.seen === undefined) return dispatch(HEURISTIC, d, view, ctx);
      return answerWithAlt(d, dev, (spared) => dispatch(HEURISTIC, d, view, spared < 0 ? ctx : { ...ctx, spared }));
    },
  };
}

/** The plan's posture this turn: attack lowers the odds wanted and raises aggression; hold and delay the reverse. */
function posture(view: GameState, side: Side, params: HeuristicParams, plan: Plan | undefined) {
  const phase = plan && plan.side === side ? planPhase(plan, view.turn + 1) : undefined;
  let aggression = params.aggression,
    minOdds = params.minOdds;
  if (phase?.posture === 'attack') {
    aggression = Math.max(aggression, 0.9);
    minOdds = Math.max(1, minOdds - 1);
  }
  if (phase?.posture === 'hold') {
    aggression = Math.min(aggression, 0.25);
  }
  if (phase?.posture === 'delay') {
    aggression = 0.05;
    minOdds = minOdds + 1;
  }
  return { aggression, minOdds: Math.max(minOdds, params.minOddsFloor), phase, forces: phase?.forces ?? new Map<number, number>() };
}

/** Where moves head (moves only: attacks need none): the default objectives, after the plan phase's own if it has any. */
function objectives(view: GameState, side: Side, params: HeuristicParams, phase: PlanPhase | undefined): Objective[] {
  const own = defaultObjectives(view, side, params);
  if (!phase || phase.objectives.length === 0) return own;
  return [
    ...phase.objectives.map((o) => ({ hex: o.hex, value: 10 * o.weight })),
    ...own.map((o) => ({ hex: o.hex, value: o.value * 0.3 })),
  ];
}

/** 8.12, 8.13: a unit of the side in hex h was out of General Supply at the last Supply Phase. */
function outOfSupplyIn(view: GameState, side: Side, h: number): boolean {
  for (let u = 0; u < view.loc_u.length; u++)
    if (view.loc_u[u] === h && view.counters.side_u[u] === side && !view.inSupply_u[u]) return true;
  return false;
}

/** Hexes by road an enemy unit may cover in its first turn (10.7: a 6 MP unit at 3 sixths of an MP a road hex). */
const FIRST_TURN_HEXES = 12;

/** 17, 10.7: an enemy unit on the map could get to h by road, or, before the enemy has set up, one of its set-up hexes is that near. */
function baseInDanger(view: GameState, side: Side, h: number): boolean {
  if (enemyInRange(view, side, h, 0)) return true;
  const enemy = otherSide(side);
  for (let u = 0; u < view.loc_u.length; u++) if (view.loc_u[u]! >= 0 && view.counters.side_u[u] === enemy) return false;
  return view.scenario.sides[enemy]!.deploy.some((g) => g.hexes.some((x) => distance(view.map.grid, x, h) <= FIRST_TURN_HEXES));
}

/**
 * 17: where a set-up group's next unit goes (lowest first): an own big-four settlement of its hexes still
 * empty with an enemy unit within road range of it (setupSettlements), then works with fewer than setupOnWorks units, fortifications first, then nearest the enemy.
 */
function setupRank(view: GameState, side: Side, h: number, stacked: number, params: HeuristicParams): number {
  const near = nearestEnemyDistance(view, side, h);
  if (params.setupSettlements && stacked === 0 && view.map.bigFour_h[h] && view.control_h[h] === side && baseInDanger(view, side, h))
    return near - 10_000;
  return stacked < params.setupOnWorks ? near - 1000 * (worksMultiplier(view, h) - 1) : near;
}

/**
 * 9.5, 16.2: a call-up pays only if its units, placed on a friendly supply source (9.1), can reach the enemy
 * and then fight: at least `callUpTurnsLeft` game turns after this one, and enough of them to cover the
 * distance from the nearest source to the nearest enemy unit at CALL_UP_HEXES_PER_TURN.
 */
function callUpCanPay(view: GameState, side: Side, params: HeuristicParams): boolean {
  if (params.callUpTurnsLeft < 0) return true;
  const left = effectiveTurns(view.scenario, view.options) - 1 - view.turn;
  if (left < params.callUpTurnsLeft) return false;
  const sources = reinforcementHexes(view, side, false);
  if (sources.length === 0) return false;
  const nearest = Math.min(...sources.map((h) => nearestEnemyDistance(view, side, h)));
  return Math.ceil(nearest / CALL_UP_HEXES_PER_TURN) <= left;
}

/** Hexes a newly placed unit is taken to cover in a game turn on the way to the front (foot, Bush at 2 MP a hex, some road). */
const CALL_UP_HEXES_PER_TURN = 4;

/** VP the side may spend without going below its reserve (16.4). */
function spendable(view: GameState, side: Side, params: HeuristicParams): number {
  return view.vp_s[side]! - params.vpReserve;
}

/** What the policy remembers within a phase. */
interface Memory {
  readonly move: ReturnType<typeof newMovePlan>;
  readonly garrison: GarrisonPlan;
  readonly logistics: LogisticsPlan;
}

/** What every answer of one heuristic policy reads besides the decision and the game. */
interface Context {
  readonly params: HeuristicParams;
  readonly plan: Plan | undefined;
  readonly memory: Memory;
  readonly dice: ReturnType<typeof seededDice>;
  /** A target hex the turn's attacks leave alone (a single-decision alternative, heuristic-alt.ts). */
  readonly spared?: number;
}

const HEURISTIC: Handlers<Context> = {
  setupGroup: (d, view, { params }) => {
    const side = d.side;
    // 17, 12.13: man the group's works first (a fortification triples, an entrenchment doubles its defence), then
    // stack toward the enemy: fill the hex nearest the nearest enemy.
    // With setupSettlements the base's one unit is not the group's centre: its leaders and GHQ go where most of its units stand.
    return spreadGroup(
      d,
      view,
      (hexes, stacked) => leastBy(hexes, (h) => setupRank(view, side, h, stacked(h), params)),
      params.setupSettlements,
    );
  },
  setupEntrenchments: (d, view) => nearestEnemyFirst(view, d.side, d.hexes).slice(0, d.count),
  refuseTruce: (d, view, { params }) => {
    const side = d.side;
    const enemy = otherSide(side);
    // 6.2: refuse when behind, if the 10 VP can be spared.
    const behind = view.vp_s[enemy]! - view.vp_s[side]!;
    return behind >= params.refuseTruceBehind && spendable(view, side, params) >= view.tables.truce.refusalVp;
  },
  callUps: (d, view, { params }) => {
    const side = d.side;
    const enemy = otherSide(side);
    // 9.5: a call-up while VP stay above the floor, the side is not already far ahead, and the new units
    // have the turns left to reach the fight.
    const after = view.vp_s[side]! - view.tables.callUpVp;
    const ahead = view.vp_s[side]! - view.vp_s[enemy]!;
    return d.max > 0 && after >= Math.max(params.callUpFloor, params.vpReserve) && ahead < 15 && callUpCanPay(view, side, params) ? 1 : 0;
  },
  replacements: (d, view) =>
    [...d.eligible].sort((a, b) => view.counters.attack_u[b * 2]! - view.counters.attack_u[a * 2]! || a - b).slice(0, d.points),
  placePiece: (d, view, { params }) => {
    const side = d.side;
    if (d.piece === 'ghq') {
      // 8.5: back where it supplies the army best; else near the army commander.
      const h = params.moveGhq ? placeGhq(view, side, d.hexes, params) : -1;
      if (h >= 0) return h;
      const ac = view.loc_l[view.armyCommander_s[side]!]!;
      return leastBy(d.hexes, (h) => (ac >= 0 ? distance(view.map.grid, h, ac) : 0));
    }
    // 15.6, I-35: a new or displaced leader joins the strongest stack offered, one in General Supply first (leaderSafety).
    if (d.piece === 'leader' && params.leaderSafety) {
      return leastBy(d.hexes, (h) => {
        const s = stackAt(view, side, h);
        return -(s.supplied ? 100 : 0) - s.steps + nearestEnemyDistance(view, side, h) / 1000;
      });
    }
    // 9.4, 16.2 (guardSource): a new unit to the source from which it can garrison a base no unit of ours can reach.
    const guard = d.piece === 'unit' ? guardSource(view, side, d.id, d.hexes, params) : -1;
    if (guard >= 0) return guard;
    // Reinforcements, trucks and new leaders go where the enemy is nearest.
    return leastBy(d.hexes, (h) => nearestEnemyDistance(view, side, h));
  },
  removeGhq: (d, view, { params }) => shouldRemoveGhq(view, d.side, params),
  depots: (d, view, { params }) => (params.moveGhq ? pickDepots(view, d.side, d.candidates, d.max) : d.candidates.slice(0, d.max)),
  attachTrucks: (d, view, { params }) => {
    const side = d.side;
    // 8.11: trucks attached where a radius is projected run it at the mech rate along the roads.
    if (params.moveTrucks) return chooseAttachments(view, side, d.trucks);
    return d.trucks.filter((t) => view.loc_t[t] === view.ghq_s[side]).map((t) => ({ truck: t, hex: view.loc_t[t]! }));
  },
  placeCsp: (d, view) => {
    const side = d.side;
    // 8.14: CSP where the fighting is: on the hexes nearest the enemy.
    const order = nearestEnemyFirst(view, side, d.hexes);
    return Array.from({ length: d.count }, (_, i) => order[i % Math.min(order.length, 3)]!);
  },
  airSupply: (d, view) => {
    // 8.13: the air drop for a unit most at risk of surrender (the strongest one out of water).
    const dry = d.units.filter((u) => !hasWater(view, view.loc_u[u]!));
    const pool = dry.length > 0 ? dry : d.units;
    return [...pool].sort((a, b) => view.counters.attack_u[b * 2]! - view.counters.attack_u[a * 2]!)[0] ?? -1;
  },
  move: (d, view, { params, plan, memory }) => {
    const side = d.side;
    const p = posture(view, side, params, plan);
    // Garrisons first, then the stacks, then the logistics that follow them.
    return (
      chooseGarrison(d, view, params, memory.garrison) ??
      chooseMove(d, view, params, memory.move, objectives(view, side, params, p.phase), p.forces, p.aggression) ??
      chooseLogistics(d, view, params, memory.logistics)
    );
  },
  attack: (d, view, { params, plan, spared }) => {
    const side = d.side;
    const p = posture(view, side, params, plan);
    return chooseAttack(d, view, params, p.minOdds, spared);
  },
  barrage: () => null,
  stepLosses: (d, view) => defaultStepLosses(view, d.units, d.steps),
  defend: (d, view, { params }) => {
    const side = d.side;
    // 12.12 (I-22): one CSP serves every defender within its reach; when the defenders stand in several
    // hexes, add the first CSP hex that serves a hex no chosen one serves.
    const chosen: number[] = [];
    if (d.hexes.length === 1) chosen.push(...d.cspHexes.slice(0, 1));
    else {
      for (const h of d.hexes) {
        if (view.combat_hs[h * 2 + side] === 0) continue;
        const serving = combatSupplyHexes(view, side, h).filter((x) => d.cspHexes.includes(x));
        if (serving.length > 0 && !serving.some((x) => chosen.includes(x))) chosen.push(serving[0]!);
      }
    }
    return { cspHexes: chosen, air: d.air && params.useAir };
  },
  losses: (d, view) => cheapestLosses(view, d.units, d.attacking, d.required),
  overstack: (d, view) => {
    // 11.1: give up the weakest units (current attack + defence), the engine's order between equals.
    const worth = (u: number) => view.counters.attack_u[factorIndex(view, u)]! + view.counters.defence_u[factorIndex(view, u)]!;
    return [...d.units].sort((a, b) => worth(a) - worth(b)).slice(0, d.count);
  },
  retreat: (d, view, { params }) => {
    const side = d.side;
    // 12.8: toward friends: the hex with most of our units, then farthest from the enemy.
    const dist = enemyDistances(view, side, d.hexes);
    // 12.9, I-35 (retreatLeaders): last, a hex where the unit would make a doomed stack of the side's leaders.
    const near3 = params.retreatLeaders ? influence(view, otherSide(side), 3) : null;
    const dooms = (h: number) => (near3 !== null && joinDooms(view, side, h, [d.unit], near3) ? 1 : 0);
    return [...d.hexes].sort(
      (a, b) =>
        dooms(a) - dooms(b) || view.stacking_hs[b * 2 + side]! - view.stacking_hs[a * 2 + side]! || dist.get(b)! - dist.get(a)! || a - b,
    )[0]!;
  },
  advance: (d, view, { params }) => {
    const enemy = otherSide(d.side);
    // 12.11: take a vacated settlement; otherwise hold the line.
    const moves: { unit: number; hex: number }[] = [];
    const target =
      d.hexes.find((h) => view.map.settlement_h[h] && view.control_h[h] === enemy) ?? (params.aggression > 0.7 ? d.hexes[0] : undefined);
    if (target !== undefined) {
      const strongest = [...d.units].sort((a, b) => view.counters.defence_u[b * 2]! - view.counters.defence_u[a * 2]!);
      // Only units the rules let in (10.9 prohibited terrain, 11 stacking), as the engine checks them.
      for (const u of strongest) {
        if (moves.length === 2) break;
        const extra = moves.filter((m) => view.counters.type_u[m.unit] !== ENGINEER).length;
        const from = view.loc_u[u]!;
        // advanceStaff: leaders in the hex keep two combat units with them.
        if (params.advanceStaff && view.leaders_hs[from * 2 + d.side]! > 0) {
          const gone = moves.filter((m) => view.loc_u[m.unit] === from).length;
          if (view.combat_hs[from * 2 + d.side]! - gone - 1 < 2) continue;
        }
        if (canAdvance(view, u, target, extra)) moves.push({ unit: u, hex: target });
      }
    }
    return moves;
  },
  build: (d, view, { params }) => {
    const side = d.side;
    const enemy = otherSide(side);
    // 14: entrench held settlements and the front; fortify entrenched settlements; Paraguay digs wells where dry.
    if (!params.entrench) return [];
    const orders: { engineer: number; what: number }[] = [];
    for (const e of d.engineers) {
      const h = view.loc_u[e]!;
      const front = strengthAround(view, h, enemy, 3) > 0;
      if (params.wellsFirst && !hasWater(view, h) && outOfSupplyIn(view, side, h) && buildProblem(view, e, BUILD_WELL) === null)
        orders.push({ engineer: e, what: BUILD_WELL });
      else if (view.works_h[h] === WORKS_NONE && (front || view.map.settlement_h[h]) && buildProblem(view, e, BUILD_ENTRENCHMENT) === null)
        orders.push({ engineer: e, what: BUILD_ENTRENCHMENT });
      else if (view.map.settlement_h[h] && front && buildProblem(view, e, BUILD_FORTIFICATION) === null)
        orders.push({ engineer: e, what: BUILD_FORTIFICATION });
      else if (!hasWater(view, h) && buildProblem(view, e, BUILD_WELL) === null) orders.push({ engineer: e, what: BUILD_WELL });
    }
    return orders;
  },
  trailPermission: () => false,
  chooseLeader: (d, view) => {
    const c = view.counters;
    return [...d.leaders].sort((a, b) => c.command_l[b]! - c.command_l[a]! || a - b)[0]!;
  },
  political: (d, view, { params, dice }) => {
    const side = d.side;
    if (!d.forced) return { action: 'none' };
    // 15.3: defend a commander whose command rating beats the challenger's, if VP allow.
    const affordable = Math.floor(spendable(view, side, params) / view.tables.leaders.armyCommanderDrmVpCost);
    return {
      action: 'replaceCommander',
      modifier: dice.int(1) === 0 && affordable >= 1 && view.counters.command_l[view.armyCommander_s[side]!]! > 0 ? -1 : 0,
      supporters: [],
    };
  },
};
