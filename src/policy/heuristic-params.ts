// The heuristic policy's named parameters and its three presets.
import { z } from 'zod';

export interface HeuristicParams {
  /** Lowest odds column attacked (0 = 1-2, 1 = 1-1, 2 = 2-1, 3 = 3-1 ...). */
  readonly minOdds: number;
  /** Lowest odds column attacked whatever a plan's posture says (restricted play, restrict.ts); 0: none. */
  readonly minOddsFloor: number;
  /** 0..1: how far units push toward enemy objectives rather than holding what they have. */
  readonly aggression: number;
  /** Weight of a settlement's VP when choosing objectives (16.2); the big four count their dice. */
  readonly settlementWeight: number;
  /** Expected own losses accepted per expected enemy loss in an attack. */
  readonly riskTolerance: number;
  /** Spend CSP on attacks (12.12) and the air marker (13.3). */
  readonly useCsp: boolean;
  readonly useAir: boolean;
  /** Engineers entrench held settlements and the front (14.3). */
  readonly entrench: boolean;
  /** Refuse a truce (6.2) when behind by at least this many VP. */
  readonly refuseTruceBehind: number;
  /** Call up reserves (9.5) only while VP stay at or above this after paying. */
  readonly callUpFloor: number;
  /** 9.5: no call-up unless at least this many game turns follow the current one, and enough to reach the enemy (negative: no such check). */
  readonly callUpTurnsLeft: number;
  /** VP never spent below this (16.4: a side below 0 loses at once). */
  readonly vpReserve: number;
  /** Combat units kept in each own settlement with enemy units within 3 hexes. */
  readonly garrison: number;
  /** 8.7: the combat units kept so (when more than `garrison`) while the side's supply radius is under the Supply Table's best: a long LOC, a thin rear (0: `garrison` always). */
  readonly garrisonFar: number;
  /**
   * 16.2, 10.2: an own settlement the enemy could walk into next turn keeps a unit, or is sent the weakest
   * one that can get there, when the VP the enemy would score (mean: 7, the big four 14) are at least this; 99: never.
   */
  readonly garrisonVp: number;
  /** A unit alone in such a settlement stays there too (the garrison costs a whole stack's move; an attacker may prefer false). */
  readonly garrisonAlone: boolean;
  /**
   * 8.5-8.8: the GHQ moves, at the end of each Movement Phase, to the hex within its reach (out of enemy
   * reach) that puts the most units in General Supply; a removed GHQ returns likewise; depots go where
   * they supply most. false: the GHQ stays, returns beside the army commander, depots on the first settlements.
   */
  readonly moveGhq: boolean;
  /** 10.3: with moveGhq false, the GHQ still moves (as moveGhq would) when it stands alone within an enemy unit's reach. */
  readonly ghqSafety: boolean;
  /** 8.7: what one MP of supply radius (every provider's, 8 / 6 / 4 by the LOC) is worth, in units in General Supply, when the GHQ picks its hex. */
  readonly ghqRadiusWeight: number;
  /** 8.5: remove a GHQ that cannot trace an LOC when no hex its move can reach this turn has one. */
  readonly removeGhq: boolean;
  /** 8.15, 12.12: CSP moved up, on foot or by truck, to each leader whose units can attack next (0: none; CSP then move only with the GHQ). */
  readonly cspPerLeader: number;
  /**
   * 8.11, 10.11: one truck attached at the GHQ and at each safe leader's hex, the others free to carry CSP
   * forward and to rejoin the GHQ or a leader. false: every truck at the GHQ is attached there and none moves.
   */
  readonly moveTrucks: boolean;
  /** 14.6, 8.13: an engineer whose stack is out of General Supply and without water digs a well before anything else. */
  readonly wellsFirst: boolean;
  /** 15.1, 8.10: a leaderless group 5+ hexes from the enemy, outside works and own settlements, gains this much for each hex it closes on the nearest leader at the front, against 2 a hex for ending beyond its providers' radius (0: none). */
  readonly reserveMarch: number;
  /** 17, 12.13: a set-up group puts up to this many units in each fortification, then entrenchment, of its hexes before stacking nearest the enemy (0: nearest the enemy only). */
  readonly setupOnWorks: number;
  /** 17, 16.2: a set-up group puts its first unit in each own big-four settlement among its hexes that an enemy unit on the map could get to by road (an empty one is walked into for 2 x 2d6 VP) before the works; its leaders and GHQ go where most of its units stand. */
  readonly setupSettlements: boolean;
  /**
   * 16.2, 7.3: garrisons judge the enemy's reach with our stacks where they stand after the moves so far, a held
   * settlement keeps its unit while the enemy could get within two hexes (one when false), and a held big-four base
   * while any enemy unit is within its road range; false: the answer kept from the phase's start.
   */
  readonly garrisonExact: boolean;
  /** 16.2: a unit alone in an own big-four base it is guarding stays there whatever garrisonAlone says (2 x 2d6 VP to the enemy who walks in). */
  readonly holdBase: boolean;
  /** 8.10, 8.12: what a led stack loses for each hex it ends beyond the radius of every other General Supply provider (0: led stacks ignore supply). */
  readonly supplyLeash: number;
  /** 15, I-35: a leader whose stack is down to one combat unit, with the enemy within 3 hexes or out of General Supply, moves alone to a stack of two or more that can hold. */
  readonly leaderSafety: boolean;
  /**
   * 15, I-35, 8.12: a leader on a doomed stack with no stack to cross to walks alone toward the nearest General Supply
   * provider out of the enemy's touch (leaders do not roll for attrition), and a leader moving alone does not end
   * on a stack that is itself doomed.
   */
  readonly leaderRetreat: boolean;
  /** 10.10, 16.2: an own big-four base is guarded against a led enemy stack's Reaction Movement in our player turn added to its next move. */
  readonly guardReaction: boolean;
  /** 16.2: a big-four base that wants a garrison no unit can reach this phase is marched to by the first candidate that can close on it. */
  readonly garrisonMarch: boolean;
  /** 16.2: a settlement that wants a garrison is sent the weakest free unit that can get there, however many weaker ones cannot (false: only the six weakest are tried). */
  readonly garrisonAnyUnit: boolean;
  /** 16.2, 7.3: an empty own big-four base is asked again at each move of the phase (a move of ours may have opened the way to it), not only at the phase's start. */
  readonly garrisonRecheck: boolean;
  /**
   * 16.2, 10.3, 10.10: an own big-four base an enemy combat unit could get within this many hexes of by its next move
   * (a led stack's Reaction Movement counted before it) keeps one infantry or cavalry unit: the weakest in it, which
   * stays, else the weakest free one that can walk in this phase, which does; a garrison is otherwise sent only once the
   * enemy could walk in next turn, when none may be left in reach (0: off). 3 in `balanced` (the twentieth round:
   * Ballivián's Nanawa left open against Bolivia's tuned file).
   */
  readonly baseKeeper: number;
  /** 7.3, 8.12, I-35: leaders on a stack out of General Supply in an enemy ZOC leave it as on a doomed one (leaderSafety), before the enemy's ZOCs close every way out. */
  readonly leaderTrap: boolean;
  /** 9.4, 16.2: a new infantry or cavalry unit goes to the source from which it can walk into an own big-four base that wants a garrison none of ours can reach. */
  readonly guardSource: boolean;
  /** 15, I-35: leaders on a doomed stack with no stack to cross to and no way back toward a provider walk alone to any hex out of the enemy's touch. */
  readonly leaderEscape: boolean;
  /** 16.2, 8.12: a big-four base outside the supply area is garrisoned too (false: only settlements inside it, the garrison would roll for attrition). */
  readonly baseOutOfSupply: boolean;
  /** 10.3, I-35: leaders moving alone do not end in a hex with no combat unit of the side that an enemy unit can enter next (it would displace them for VP): the GHQ is a refuge only out of the enemy's reach, and a withdrawal hex in it comes last. */
  readonly leaderCover: boolean;
  /**
   * 10.3, 12.9: a GHQ hex whose stack is one combat unit or three steps or fewer, with an enemy unit able to get beside
   * it, counts as alone in reach (an attack that clears the hex advances into it); a GHQ so placed leaves for a safe hex.
   * Off in the presets: in Villa Montes it cost `balanced` Paraguay 6 points of win rate (docs/blunders.md); left to tuning.
   */
  readonly ghqCover: boolean;
  /**
   * 10.10, 12.1, 10.3: a hex the GHQ moves or returns to, with no combat unit of the side, counts as in the enemy's reach
   * when an enemy unit could enter it once the enemy's led stacks, reacting in our player turn, have cleared our weak
   * stacks (one unit or three steps or fewer, outside works) that a Reaction Movement can come beside: their ZOC
   * screened the hex. A GHQ alone in the enemy's plain reach leaves for a safe hex.
   */
  readonly ghqReaction: boolean;
  /**
   * 10.10, 10.3: with ghqReaction, the hex the GHQ stands in is judged so too, and a GHQ standing behind such a screen
   * leaves. Off in the presets: it cost `balanced` Paraguay 1.2 VP in Villa Montes (docs/blunders-rounds.md).
   */
  readonly ghqReactionLeave: boolean;
  /** 10.10, 10.3: a GHQ hex with no combat unit of ours beside which a led enemy stack can come in its Reaction Movement (to walk in at its next move) is barred, where the GHQ stands and where it goes. */
  readonly ghqBeside: boolean;
  /** 10.10: a Reaction Movement scores ground gained toward the objectives as a move does (false: only contact, danger and supply). */
  readonly reactAdvance: boolean;
  /**
   * 10.10, 8.12, I-35: leaderSafety in a Reaction Movement too: leaders on a doomed stack step off it alone rather
   * than react with it (false: they react with their units or stay).
   */
  readonly leaderReaction: boolean;
  /**
   * 10.3, I-35: leaders leaving a doomed stack (leaderSafety) for a leaderless stack still to move wait until the side's
   * other stacks have moved, then go there if no enemy unit could enter it next, else choose again among the stacks where
   * they stand (false: they cross first, and the stack may march on and leave them alone where an enemy unit walks in).
   */
  readonly refugeLast: boolean;
  /**
   * 10.3, I-35: leaders who leave units behind as a garrison do not walk on alone to a hex with no combat unit of the
   * side that an enemy unit could enter next, nor end with the units they take out of General Supply with three steps or
   * fewer (8.12; false: they go where the objectives draw them). Off in the presets (it cost Bolivia in Ballivián, docs/blunders.md); on in Boquerón's tuned files.
   */
  readonly garrisonCover: boolean;
  /**
   * 14.3, 12.13: a stack (not engineers alone) in an entrenched or fortified hex with an enemy unit within this many
   * hexes stays there while its side leads by less than holdWorksLead VP (it still attacks from it, and its leaders may
   * still leave a doomed stack); 0: it moves as the objectives draw it.
   */
  readonly holdWorks: number;
  /** 16.2: holdWorks holds while the side's VP lead is 1 to this minus 1 (a larger lead presses on). */
  readonly holdWorksLead: number;
  /**
   * 7.3, 15, I-35: leaders on a stack in an enemy ZOC with this many ways out or fewer step off it alone (leaderSafety),
   * in General Supply or not: one enemy move can close the ways and trap them (0: only leaderTrap's, out of supply).
   */
  readonly leaderPocket: number;
  /**
   * 7.3, 8.12, 15, I-35: leaders on a stack in an enemy ZOC with this many ways out or fewer step off it alone (leaderSafety)
   * when the stack, where it stands, would be out of General Supply at the side's next Supply Phase (supplyArea): one enemy
   * move can close the ways, and attrition then wastes it (0: off). A besieging stack in supply keeps its leaders.
   */
  readonly leaderCutOff: number;
  /**
   * 10.10, 12.1, 12.9, I-35: a stack the enemy's led stacks, beside it or able to end beside it in their Reaction
   * Movement, could attack in the Reaction Combat Phase at this many to 1 or more (works counted) is one its leaders avoid:
   * leaders choosing a stack to cross or go to take one the enemy could not crush first, and leaders whose stack stays on
   * such a hex cross, once the other stacks have moved, to one it could not, if one is in reach (0: off). Off in the
   * presets: measured, it gained Alihuatá's Bolivia on one seed and cost Villa Montes' tuned Paraguay (docs/blunders-rounds-later.md).
   */
  readonly leaderCrush: number;
  /**
   * 10.3, 12.2, I-35: leaders moving alone (none of their hex's units go with them) move once the side's other stacks
   * have moved, each to a leaderless stack of two or more combat units that can hold, one beside the enemy first (it
   * may attack, 12.2), rather than first and toward the objectives, where they could end alone in the enemy's path
   * and be displaced for VP (none to go to: as leaders alone do). On in `cautious` and `balanced`; off in `aggressive`
   * (its leaders ahead alone cost it VP but pull its army on) and in the tuned files, tuned before it.
   */
  readonly leaderJoin: boolean;
  /**
   * 12.2, 12.9, I-28: a hex holding two or more leaders moves with one (the best command rating, then the lowest political
   * rating); the others go as leaderJoin's leaders do, else to the hex of the one who stayed, so a stack crushed there
   * costs one leader's VP, not the staff's, and more stacks may attack. Off in the presets: Bolivia gains by it in Villa
   * Montes and Ballivián, Paraguay loses in Ballivián (docs/blunders-rounds-later.md); left to tuning.
   */
  readonly leaderSpread: boolean;
  /**
   * 12.8, 12.9, I-35: a unit retreating after combat goes last to a hex where it would make a doomed stack of the side's
   * leaders (leaders alone there with the enemy within 3 hexes: one unit is all the stack would be), as leaderless units
   * do not end a move there (leaderRetreat); a beaten unit retreating onto a staff that stood back lets the enemy's next
   * attack take the leaders with it. On in `cautious` and `balanced` (and so in the tuned files, tuned before it);
   * off in `aggressive`, where it measured no gain on either side of four scenarios (the sixteenth round).
   */
  readonly retreatLeaders: boolean;
  /**
   * 12.11, 12.9, I-35: units of an attacking hex where leaders stand advance after combat only while two combat units stay
   * with them (a staff left on one unit is what the next attack takes with it). On in `cautious` and `balanced` (the twentieth
   * round: every side of four scenarios gains or holds, Boquerón's Paraguay +5.5 VP, Villa Montes' Bolivia +4.3 points).
   */
  readonly advanceStaff: boolean;
}

/** The logistics parameters set to what the heuristic did before it moved its GHQ, CSP and trucks (for comparisons). */
export const NO_LOGISTICS: Pick<
  HeuristicParams,
  'garrisonVp' | 'moveGhq' | 'ghqSafety' | 'removeGhq' | 'cspPerLeader' | 'moveTrucks' | 'wellsFirst'
> = {
  garrisonVp: 99,
  moveGhq: false,
  ghqSafety: false,
  removeGhq: false,
  cspPerLeader: 0,
  moveTrucks: false,
  wellsFirst: false,
};

export const PRESETS: Readonly<Record<'cautious' | 'balanced' | 'aggressive', HeuristicParams>> = {
  cautious: {
    minOdds: 3,
    minOddsFloor: 0,
    aggression: 0.3,
    settlementWeight: 1,
    riskTolerance: 0.6,
    useCsp: true,
    useAir: true,
    entrench: true,
    refuseTruceBehind: 30,
    // 9.5: no call-ups (measured 2026-11-29, 300 paired games a side: Ballivián PAR +8.3, BOL +10.7 points, elsewhere no difference).
    callUpFloor: 1000,
    vpReserve: 12,
    garrison: 2,
    garrisonFar: 0,
    garrisonVp: 7,
    garrisonAlone: false,
    moveGhq: true,
    ghqRadiusWeight: 0.5,
    removeGhq: true,
    cspPerLeader: 1,
    moveTrucks: true,
    wellsFirst: true,
    setupOnWorks: 6,
    callUpTurnsLeft: 3,
    reserveMarch: 0,
    ghqSafety: true,
    leaderSafety: true,
    setupSettlements: true,
    supplyLeash: 0,
    garrisonExact: true,
    holdBase: true,
    leaderRetreat: true,
    guardReaction: true,
    garrisonMarch: false,
    garrisonAnyUnit: true,
    garrisonRecheck: true,
    baseKeeper: 0,
    leaderTrap: true,
    guardSource: true,
    leaderEscape: true,
    baseOutOfSupply: true,
    leaderCover: true,
    ghqCover: false,
    ghqReaction: true,
    ghqReactionLeave: false,
    ghqBeside: false,
    reactAdvance: true,
    leaderReaction: true,
    refugeLast: true,
    garrisonCover: false,
    holdWorks: 0,
    holdWorksLead: 20,
    leaderPocket: 0,
    // 8.12 (measured 2026-12-07: Boquerón Bolivia's leaders lost 10.3% -> 5.3% of balanced games, +1.2 VP; no side loses beyond the noise).
    leaderCutOff: 2,
    leaderCrush: 0,
    leaderJoin: true,
    leaderSpread: false,
    // 12.9 (measured 2026-11-29: Villa Montes Paraguay's leaders lost 9% -> 7% of games, +0.3 VP; no side loses).
    retreatLeaders: true,
    advanceStaff: true,
  },
  balanced: {
    minOdds: 2,
    minOddsFloor: 0,
    aggression: 0.6,
    settlementWeight: 1,
    riskTolerance: 1,
    useCsp: true,
    useAir: true,
    entrench: true,
    refuseTruceBehind: 20,
    // 9.5: no call-ups (measured 2026-11-29: without them every side of every scenario gains or holds, paired).
    callUpFloor: 1000,
    vpReserve: 8,
    garrison: 1,
    // 7.1, 8.7: two units kept behind a long LOC (the twenty-third round: Villa Montes' Paraguay +22.7 points, its GHQ cut off
    // 64% -> 9% of games; Ballivián's Bolivia +44.5; Alihuatá's Bolivia -2.6 VP), with ghqBeside.
    garrisonFar: 2,
    garrisonVp: 7,
    garrisonAlone: true,
    moveGhq: true,
    ghqRadiusWeight: 0.5,
    removeGhq: true,
    cspPerLeader: 2,
    moveTrucks: true,
    wellsFirst: true,
    setupOnWorks: 6,
    callUpTurnsLeft: 3,
    // 15.1, 8.10: reserves march to the front leader (with no call-ups: no side loses, Paraguay +12.7 pts in Ballivián).
    reserveMarch: 2,
    ghqSafety: true,
    leaderSafety: true,
    setupSettlements: true,
    supplyLeash: 0,
    garrisonExact: true,
    holdBase: true,
    leaderRetreat: true,
    guardReaction: true,
    garrisonMarch: false,
    garrisonAnyUnit: true,
    garrisonRecheck: true,
    baseKeeper: 3,
    leaderTrap: true,
    guardSource: true,
    leaderEscape: true,
    baseOutOfSupply: true,
    leaderCover: true,
    ghqCover: false,
    ghqReaction: true,
    ghqReactionLeave: false,
    ghqBeside: true,
    // 10.10: off, Villa Montes' Bolivia +40.8 points but Ballivián's -53.0 (the twenty-third round): a side's setting.
    reactAdvance: true,
    leaderReaction: true,
    refugeLast: true,
    garrisonCover: false,
    // 14.3, 16.2: ahead by under 20 VP, stacks in works stay (measured 2026-11-29: Paraguay +43 pts in Ballivián, no side loses).
    holdWorks: 20,
    holdWorksLead: 20,
    leaderPocket: 0,
    // 8.12 (measured 2026-12-07: Boquerón Bolivia's leaders lost 10.3% -> 5.3% of balanced games, +1.2 VP; no side loses beyond the noise).
    leaderCutOff: 2,
    leaderCrush: 0,
    leaderJoin: true,
    leaderSpread: false,
    // 12.9 (measured 2026-11-29: Villa Montes Paraguay's leaders lost 9% -> 7% of games, +0.3 VP; no side loses).
    retreatLeaders: true,
    advanceStaff: true,
  },
  aggressive: {
    minOdds: 1,
    minOddsFloor: 0,
    aggression: 0.9,
    settlementWeight: 1.5,
    riskTolerance: 1.6,
    useCsp: true,
    useAir: true,
    entrench: false,
    refuseTruceBehind: 10,
    // 9.5: no call-ups (measured 2026-11-29, 300 paired games a side: Ballivián PAR +12.0, BOL +23.3 points, elsewhere no difference).
    callUpFloor: 1000,
    vpReserve: 5,
    garrison: 0,
    garrisonFar: 0,
    garrisonVp: 14,
    garrisonAlone: false,
    moveGhq: true,
    ghqRadiusWeight: 0.5,
    removeGhq: true,
    cspPerLeader: 2,
    moveTrucks: true,
    wellsFirst: true,
    setupOnWorks: 6,
    callUpTurnsLeft: 3,
    reserveMarch: 0,
    ghqSafety: true,
    leaderSafety: true,
    setupSettlements: true,
    supplyLeash: 0,
    garrisonExact: true,
    holdBase: true,
    leaderRetreat: true,
    guardReaction: true,
    garrisonMarch: false,
    garrisonAnyUnit: true,
    garrisonRecheck: true,
    baseKeeper: 0,
    leaderTrap: true,
    guardSource: true,
    leaderEscape: true,
    baseOutOfSupply: true,
    leaderCover: true,
    ghqCover: false,
    ghqReaction: true,
    ghqReactionLeave: false,
    ghqBeside: false,
    reactAdvance: true,
    leaderReaction: true,
    refugeLast: true,
    garrisonCover: false,
    holdWorks: 0,
    holdWorksLead: 20,
    leaderPocket: 0,
    leaderCutOff: 0,
    leaderCrush: 0,
    // leaderJoin off: aggressive Paraguay lost 13.3 VP in Boquerón and 18.3 in the campaign by it (docs/blunders-rounds-later.md).
    leaderJoin: false,
    leaderSpread: false,
    retreatLeaders: false,
    advanceStaff: false,
  },
};

export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/** Parameters as a file writes them (a tuned plan's "params"): any subset, each checked. */
export const paramsSchema = z
  .strictObject({
    minOdds: z.number().int().min(0).max(9),
    minOddsFloor: z.number().int().min(0).max(9),
    aggression: z.number().min(0).max(1),
    settlementWeight: z.number().min(0),
    riskTolerance: z.number().positive(),
    useCsp: z.boolean(),
    useAir: z.boolean(),
    entrench: z.boolean(),
    refuseTruceBehind: z.number(),
    callUpFloor: z.number(),
    callUpTurnsLeft: z.number().int().min(-1),
    vpReserve: z.number(),
    garrison: z.number().int().min(0).max(6),
    garrisonFar: z.number().int().min(0).max(6),
    garrisonVp: z.number().min(0),
    garrisonAlone: z.boolean(),
    moveGhq: z.boolean(),
    ghqRadiusWeight: z.number().min(0),
    removeGhq: z.boolean(),
    cspPerLeader: z.number().int().min(0).max(6),
    moveTrucks: z.boolean(),
    wellsFirst: z.boolean(),
    setupOnWorks: z.number().int().min(0).max(6),
    reserveMarch: z.number().min(0),
    ghqSafety: z.boolean(),
    leaderSafety: z.boolean(),
    setupSettlements: z.boolean(),
    supplyLeash: z.number().min(0),
    garrisonExact: z.boolean(),
    holdBase: z.boolean(),
    leaderRetreat: z.boolean(),
    guardReaction: z.boolean(),
    garrisonMarch: z.boolean(),
    garrisonAnyUnit: z.boolean(),
    garrisonRecheck: z.boolean(),
    baseKeeper: z.number().int().min(0).max(99),
    leaderTrap: z.boolean(),
    guardSource: z.boolean(),
    leaderEscape: z.boolean(),
    baseOutOfSupply: z.boolean(),
    leaderCover: z.boolean(),
    ghqCover: z.boolean(),
    ghqReaction: z.boolean(),
    ghqReactionLeave: z.boolean(),
    ghqBeside: z.boolean(),
    reactAdvance: z.boolean(),
    leaderReaction: z.boolean(),
    refugeLast: z.boolean(),
    holdWorks: z.number().int().min(0).max(99),
    holdWorksLead: z.number().int().min(0),
    leaderPocket: z.number().int().min(0).max(6),
    leaderCutOff: z.number().int().min(0).max(6),
    leaderCrush: z.number().int().min(0).max(12),
    leaderJoin: z.boolean(),
    leaderSpread: z.boolean(),
    retreatLeaders: z.boolean(),
    advanceStaff: z.boolean(),
    garrisonCover: z.boolean(),
  })
  .partial();
