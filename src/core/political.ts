// The Political Phase (15): forced challenges to the army commander, voluntary replacements, new leaders.
import { IllegalDecision, type PoliticalAction } from './decisions.js';
import { ask, type Game } from './game.js';
import type { Side } from './side.js';
import { IN_DEAD, IN_PILE, setLeaderLoc, type GameState } from './state.js';
import { addVp } from './victory.js';
import { isolatedUnits } from './attrition.js';

/** The side's leaders on the map other than the army commander. */
function subordinates(state: GameState, side: Side): number[] {
  const ac = state.armyCommander_s[side]!;
  const out: number[] = [];
  for (let l = 0; l < state.loc_l.length; l++) if (state.counters.side_l[l] === side && state.loc_l[l]! >= 0 && l !== ac) out.push(l);
  return out;
}

/** 15.6: a random leader from the Available box (refilled from the Replaced box when empty); named only for an army commander. */
function drawLeader(game: Game, side: Side, forCommander: boolean): number {
  const { state } = game;
  const c = state.counters;
  const pick = (box: number, namedOnly: boolean) => {
    const pool: number[] = [];
    for (let l = 0; l < state.loc_l.length; l++)
      if (c.side_l[l] === side && state.loc_l[l] === box && (!namedOnly || c.named_l[l])) pool.push(l);
    return pool;
  };
  let pool = pick(IN_PILE, forCommander);
  if (pool.length === 0 && !forCommander) {
    for (let l = 0; l < state.loc_l.length; l++) if (c.side_l[l] === side && state.loc_l[l] === IN_DEAD) state.loc_l[l] = IN_PILE;
    pool = pick(IN_PILE, false);
  }
  if (pool.length === 0 && forCommander) pool = pick(IN_DEAD, true); // 15.6: only unnamed available
  if (pool.length === 0) return -1;
  return pool[game.dice.int(pool.length)]!;
}

/** 15.6: a new leader goes to a friendly supply source or the hex of a friendly unit not isolated now (8.13; reading (I-56)). */
function placeNewLeader(game: Game, side: Side, l: number): void {
  const { state } = game;
  const hexes: number[] = [];
  for (const s of state.map.supplySources)
    if (s.side === side && state.control_h[s.hex] === side && !hexes.includes(s.hex)) hexes.push(s.hex);
  const isolated = isolatedUnits(state, side);
  for (let u = 0; u < state.loc_u.length; u++) {
    const h = state.loc_u[u]!;
    if (h >= 0 && state.counters.side_u[u] === side && !isolated[u] && !hexes.includes(h)) hexes.push(h);
  }
  if (hexes.length === 0) return;
  const decision = { kind: 'placePiece', side, piece: 'leader', id: l, hexes } as const;
  const h = ask(game, decision);
  if (!hexes.includes(h))
    throw new IllegalDecision(
      decision,
      'a new leader goes on a friendly supply source or with a friendly unit that is not isolated (15.6, 8.13, I-56)',
      game.where,
    );
  setLeaderLoc(state, l, h);
  game.observer?.event({ type: 'leader', side, leader: l, to: h, cause: 'new', rule: '15.6' });
}

function retire(game: Game, side: Side, l: number, cause: 'commanderReplaced' | 'challengerReplaced' | 'subordinateReplaced'): void {
  setLeaderLoc(game.state, l, IN_DEAD);
  game.observer?.event({ type: 'leader', side, leader: l, to: IN_DEAD, cause, rule: '15' });
}

function replaceWithDraw(game: Game, side: Side): void {
  const l = drawLeader(game, side, false);
  if (l >= 0) placeNewLeader(game, side, l);
}

function checkModifier(
  game: Game,
  decision: Parameters<typeof ask>[1],
  modifier: number,
  maxVp: number,
  vpEach: number,
  allowNegative: boolean,
): void {
  const max = Math.floor(maxVp / vpEach);
  if (!Number.isInteger(modifier) || Math.abs(modifier) > max || (!allowNegative && modifier < 0)) {
    throw new IllegalDecision(
      decision,
      `the die modifier bought with VP must be a whole number ${allowNegative ? `from -${max}` : 'from 0'} to ${max} (15.3-15.5)`,
      game.where,
    );
  }
}

/** 15.2, 15.3: the challenge to the army commander. */
function challenge(game: Game, side: Side, modifier: number): void {
  const { state, dice } = game;
  const c = state.counters;
  const ac = state.armyCommander_s[side]!;
  const acPol = c.political_l[ac]!;
  const higher = subordinates(state, side).filter((l) => c.political_l[l]! > acPol);
  if (higher.length === 0) return;
  const top = Math.max(...higher.map((l) => c.political_l[l]!));
  const tied = higher.filter((l) => c.political_l[l] === top);
  const challenger = tied.length === 1 ? tied[0]! : tied[dice.int(tied.length)]!;
  if (modifier !== 0)
    addVp(game, side, -Math.abs(modifier) * state.tables.leaders.armyCommanderDrmVpCost, { cause: 'challengeModifier' }, '15.3');
  if (state.ended) return;
  const roll = dice.d6();
  const result = roll + (top - acPol) + (higher.length - 1) + modifier;
  game.observer?.event({ type: 'roll', kind: 'challenge', side, leader: challenger, roll, modified: result, rule: '15.3' });
  if (result >= 2 * acPol) {
    retire(game, side, ac, 'commanderReplaced');
    state.armyCommander_s[side] = challenger;
    replaceWithDraw(game, side);
  } else if (result > acPol) {
    // survives, no other effect
  } else if (result === acPol) {
    retire(game, side, challenger, 'challengerReplaced');
    const available: number[] = [];
    for (let l = 0; l < state.loc_l.length; l++) if (c.side_l[l] === side && state.loc_l[l] === IN_PILE) available.push(l);
    if (available.length > 0) {
      const decision = { kind: 'chooseLeader', side, leaders: available } as const;
      const l = ask(game, decision);
      if (!available.includes(l)) throw new IllegalDecision(decision, 'choose a leader from the Available Leaders box (15.3)', game.where);
      placeNewLeader(game, side, l);
    }
  } else {
    retire(game, side, challenger, 'challengerReplaced');
    replaceWithDraw(game, side);
  }
}

/** 15.4: a voluntary attempt to replace the army commander. */
function voluntary(game: Game, side: Side, modifier: number, supporters: readonly number[]): void {
  const { state, dice } = game;
  const c = state.counters;
  const ac = state.armyCommander_s[side]!;
  const acPol = c.political_l[ac]!;
  if (modifier !== 0)
    addVp(game, side, -Math.abs(modifier) * state.tables.leaders.armyCommanderDrmVpCost, { cause: 'replacementModifier' }, '15.4');
  if (state.ended) return;
  const roll = dice.d6();
  const result = roll + supporters.length + modifier;
  game.observer?.event({ type: 'roll', kind: 'replaceCommander', side, leader: ac, roll, modified: result, rule: '15.4' });
  if (result >= 2 * acPol) {
    // The new commander: a supporter at random; with no supporters, reading (I-55): the named subordinate of highest political rating.
    const pool = supporters.length > 0 ? [...supporters] : subordinates(state, side).filter((l) => c.named_l[l]);
    if (pool.length === 0) return;
    let next = pool[dice.int(pool.length)]!;
    if (supporters.length === 0) {
      const top = Math.max(...pool.map((l) => c.political_l[l]!));
      const best = pool.filter((l) => c.political_l[l] === top);
      next = best.length === 1 ? best[0]! : best[dice.int(best.length)]!;
    }
    retire(game, side, ac, 'commanderReplaced');
    state.armyCommander_s[side] = next;
    replaceWithDraw(game, side);
  } else if (result >= acPol) {
    addVp(game, side, -(acPol + dice.d6()), { cause: 'commanderNotReplaced', leader: ac }, '15.4');
  } else {
    addVp(game, side, -(acPol + 2 * dice.d6()), { cause: 'commanderNotReplaced', leader: ac }, '15.4');
  }
}

/** 15.5: replacing a subordinate whose political rating does not exceed the army commander's. */
function replaceSubordinate(game: Game, side: Side, l: number, modifier: number): void {
  const { state, dice } = game;
  const c = state.counters;
  if (modifier !== 0) addVp(game, side, -modifier * state.tables.leaders.subordinateDrmVpCost, { cause: 'replacementModifier' }, '15.5');
  if (state.ended) return;
  const roll = dice.d6();
  const result = roll + modifier;
  game.observer?.event({ type: 'roll', kind: 'replaceLeader', side, leader: l, roll, modified: result, rule: '15.5' });
  if (result > c.political_l[l]!) {
    retire(game, side, l, 'subordinateReplaced');
    replaceWithDraw(game, side);
  } else {
    addVp(game, side, -(c.political_l[l]! + dice.d6()), { cause: 'leaderNotReplaced', leader: l }, '15.5');
  }
}

/** 4.2 I: one attempt at most; a forced challenge (15.2, I-39) excludes any other. */
export function politicalPhase(game: Game, side: Side): void {
  const { state } = game;
  const c = state.counters;
  const t = state.tables.leaders;
  const ac = state.armyCommander_s[side]!;
  const forced = state.challenge_s[side] === 1 && subordinates(state, side).some((l) => c.political_l[l]! > c.political_l[ac]!);
  state.challenge_s[side] = 0;
  const decision = { kind: 'political', side, forced } as const;
  const action: PoliticalAction = ask(game, decision);
  if (forced) {
    if (action.action !== 'replaceCommander')
      throw new IllegalDecision(
        decision,
        'a forced challenge must be resolved: answer replaceCommander with its die modifier (15.2)',
        game.where,
      );
    checkModifier(game, decision, action.modifier, t.armyCommanderDrmMaxVp, t.armyCommanderDrmVpCost, true);
    challenge(game, side, action.modifier);
    return;
  }
  switch (action.action) {
    case 'none':
      return;
    case 'replaceCommander': {
      checkModifier(game, decision, action.modifier, t.armyCommanderDrmMaxVp, t.armyCommanderDrmVpCost, true);
      const subs = subordinates(state, side);
      const ok =
        new Set(action.supporters).size === action.supporters.length &&
        action.supporters.every((l) => subs.includes(l) && c.political_l[l]! > c.political_l[ac]!);
      if (!ok)
        throw new IllegalDecision(
          decision,
          'supporters must be different subordinates with a higher political rating than the army commander (15.4)',
          game.where,
        );
      voluntary(game, side, action.modifier, action.supporters);
      return;
    }
    case 'replaceSubordinate': {
      checkModifier(game, decision, action.modifier, t.subordinateDrmMaxVp, t.subordinateDrmVpCost, false);
      if (!subordinates(state, side).includes(action.leader))
        throw new IllegalDecision(decision, 'that leader is not a subordinate on the map (15.5)', game.where);
      if (c.political_l[action.leader]! > c.political_l[ac]!)
        throw new IllegalDecision(
          decision,
          'a subordinate with a greater political rating than the army commander cannot be replaced (15.5)',
          game.where,
        );
      replaceSubordinate(game, side, action.leader, action.modifier);
      return;
    }
  }
}
