// What the enemy could bring against a hex in our Reaction Combat Phase (10.10, 12.1, 12.2): the attack strength of
// its led stacks that stand beside the hex or could end beside it with their Reaction Movement (half their MF, none
// starting in our ZOC), each stack counted once per hex. Kept while neither side's units move (state.sideVersion_s):
// our own moves change it too, as a stack of ours that leaves frees an enemy stack in its ZOC to react (10.10(1), 7.3).
import { defenceFactor, worksMultiplier } from '../core/combat-odds.js';
import { DIRECTIONS, NO_HEX } from '../core/hex.js';
import { canEndAt, createReach, pathSearchFor, reachable, stackMover, type Reach } from '../core/movement.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';

interface Field {
  turn: number;
  phasing: number;
  enemyVersion: number;
  ownVersion: number;
  /** [h]: the enemy's attack strength that could attack h in our Reaction Combat Phase. */
  readonly strength_h: Float64Array;
}

const cache = new WeakMap<GameState, Field[]>();
let scratch: { map: GameState['map']; reach: Reach; stamp_h: Int32Array } | null = null;

/** 10.10, 12.2: the enemy's attack strength that could attack each hex of ours in our Reaction Combat Phase. */
export function reactionStrength(view: GameState, side: Side): Float64Array {
  let perState = cache.get(view);
  if (!perState) {
    perState = [];
    cache.set(view, perState);
  }
  const enemy = otherSide(side);
  const f = perState[side];
  if (
    f &&
    f.turn === view.turn &&
    f.phasing === view.phasing &&
    f.enemyVersion === view.sideVersion_s[enemy] &&
    f.ownVersion === view.sideVersion_s[side]
  )
    return f.strength_h;
  const strength_h = f?.strength_h ?? new Float64Array(view.map.grid.size);
  build(view, side, strength_h);
  perState[side] = {
    turn: view.turn,
    phasing: view.phasing,
    enemyVersion: view.sideVersion_s[enemy]!,
    ownVersion: view.sideVersion_s[side]!,
    strength_h,
  };
  return strength_h;
}

function build(view: GameState, side: Side, strength_h: Float64Array): void {
  const enemy = otherSide(side),
    grid = view.map.grid,
    size = grid.size,
    { neighbour_hd } = grid,
    c = view.counters;
  const ps = pathSearchFor(view.map);
  if (scratch?.map !== view.map) scratch = { map: view.map, reach: createReach(ps), stamp_h: new Int32Array(size) };
  const { reach, stamp_h } = scratch;
  strength_h.fill(0);
  stamp_h.fill(-1);
  for (let x = 0; x < size; x++) {
    if (view.leaders_hs[x * 2 + enemy] === 0 || view.combat_hs[x * 2 + enemy] === 0) continue;
    // 12.2: every combat unit stacked with a leader may attack; 10.10(2): they react with him, at the slowest one's pace.
    const units: number[] = [],
      leaders: number[] = [];
    let attack = 0;
    for (let u = 0; u < view.loc_u.length; u++)
      if (view.loc_u[u] === x && c.side_u[u] === enemy) {
        units.push(u);
        attack += c.attack_u[u * 2 + view.reduced_u[u]!]!;
      }
    for (let l = 0; l < view.loc_l.length; l++) if (view.loc_l[l] === x && c.side_l[l] === enemy) leaders.push(l);
    const mark = (h: number) => {
      for (let d = 0; d < DIRECTIONS; d++) {
        const n = neighbour_hd[h * DIRECTIONS + d]!;
        if (n === NO_HEX || stamp_h[n] === x) continue;
        stamp_h[n] = x;
        strength_h[n] = strength_h[n]! + attack;
      }
    };
    mark(x);
    // 10.10(1): a stack in our ZOC does not react (the search stops there); it attacks from where it stands.
    reachable(ps, view, stackMover(view, enemy, { units, leaders }, { reaction: true, phaseStart: true }), x, reach);
    for (let i = 0; i < reach.count; i++) {
      const n = reach.touched_n[i]!;
      if (n !== x && n < size && canEndAt(reach, n)) mark(n);
    }
  }
}

/**
 * 10.10, 12.1 (leaderCrush): the side's stack in h could be attacked in the enemy's Reaction Combat Phase at `ratio` to
 * 1 or more (works counted, 12.13): where the Combat Results Table takes whole stacks, and its leaders with it for VP (12.9, I-35).
 */
export function crushable(view: GameState, side: Side, h: number, ratio: number): boolean {
  const strength = reactionStrength(view, side)[h]!;
  if (strength === 0) return false;
  const side_u = view.counters.side_u;
  let defence = 0;
  // 2.10, I-25: each unit's defence factor as combat takes it (artillery stacked with other types defends with its attack).
  for (let u = 0; u < view.loc_u.length; u++) if (view.loc_u[u] === h && side_u[u] === side) defence += defenceFactor(view, u);
  return strength >= ratio * Math.max(1, defence * worksMultiplier(view, h));
}
