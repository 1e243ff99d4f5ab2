// The optimistic reach bound of the call-up audit (9.5): could any unit placed in a New Units Phase
// come adjacent to the enemy before the game ends? Hex steps only (terrain, ZOCs and stacking ignored),
// off-map boxes joining their entrance hexes at no cost, every remaining phase at the longest move any
// piece can make. Run only in a phase with a call-up, so it allocates freely.
import type { GameMap } from '../core/map.js';
import { DIRECTIONS, NO_HEX } from '../core/hex.js';
import { SIXTHS } from '../core/movement-cost.js';
import { PAR, otherSide, type Side } from '../core/side.js';
import { boxOf, isBox, type GameState } from '../core/state.js';
import { PROHIBITED } from '../core/tables.js';
import { MOUNTED_CAVALRY_MF } from '../core/retreat.js';

/** 4.2 II: phases of a player turn in which a piece may change hex: movement, reaction movement and the three combat phases (retreat, rout, advance). */
export const MOVING_PHASES_PER_PLAYER_TURN = 5;

/** Off-map boxes joined into groups (10.12): a box's group and each group's entrance hexes. */
interface BoxGroups {
  readonly group_b: Int32Array;
  readonly hexes_g: readonly (readonly number[])[];
  /** For each hex, the groups it is an entrance of (empty for most). */
  readonly groups_h: readonly (readonly number[])[];
}

const groupsOfMap = new WeakMap<GameMap, BoxGroups>();

function boxGroups(map: GameMap): BoxGroups {
  const cached = groupsOfMap.get(map);
  if (cached) return cached;
  const group_b = new Int32Array(map.boxes.length).fill(-1);
  const hexes_g: number[][] = [];
  for (let b = 0; b < map.boxes.length; b++) {
    if (group_b[b] !== -1) continue;
    const g = hexes_g.length,
      hexes: number[] = [],
      stack = [b];
    group_b[b] = g;
    while (stack.length > 0) {
      const x = stack.pop()!;
      for (const h of map.boxes[x]!.hexes) if (!hexes.includes(h)) hexes.push(h);
      for (const y of map.boxes[x]!.boxes)
        if (group_b[y] === -1) {
          group_b[y] = g;
          stack.push(y);
        }
    }
    hexes_g.push(hexes);
  }
  const groups_h: number[][] = Array.from({ length: map.grid.size }, () => []);
  hexes_g.forEach((hexes, g) => {
    for (const h of hexes) groups_h[h]!.push(g);
  });
  const made = { group_b, hexes_g, groups_h };
  groupsOfMap.set(map, made);
  return made;
}

/**
 * 10, 10.11, 10.13: the most hexes any piece may cross in one phase: the largest movement allowance
 * (combat units at full strength, mounted cavalry, trucks) over the cheapest hex entry (a road, dry).
 */
export function maxHexesPerPhase(state: GameState): number {
  const { counters: c, tables: t } = state;
  let mf = c.truckMove;
  for (let u = 0; u < c.type_u.length; u++) mf = Math.max(mf, c.move_u[u * 2]!);
  if (state.options.mountedCavalry) mf = Math.max(mf, MOUNTED_CAVALRY_MF);
  let cheapest = Infinity;
  const consider = (x: number) => {
    if (x !== PROHIBITED && x > 0 && x < cheapest) cheapest = x;
  };
  for (const w of [0, 1]) {
    consider(t.road.mp[w]!);
    consider(t.road.mechMp[w]!);
    for (const row of t.terrain) {
      consider(row.mp[w]!);
      consider(row.mechMp[w]!);
    }
  }
  return Math.ceil((mf * SIXTHS) / (Number.isFinite(cheapest) ? cheapest : 1));
}

/** Player turns left to `side`'s game after its current New Units Phase on turn `turn` (0-based) of `turns`, this one included. */
export function playerTurnsLeft(turn: number, turns: number, side: Side): number {
  return 2 * (turns - 1 - turn) + (side === PAR ? 2 : 1);
}

/** An enemy combat unit anywhere on the map or in a box, or an enemy-controlled settlement. */
function anyTarget(state: GameState, enemy: Side): boolean {
  const { loc_u } = state,
    { side_u } = state.counters;
  for (let u = 0; u < loc_u.length; u++) if (side_u[u] === enemy && (loc_u[u]! >= 0 || isBox(loc_u[u]!))) return true;
  for (const p of state.map.places) if (p.settlement && state.control_h[p.hex] === enemy) return true;
  return false;
}

/**
 * 9.5: could a unit placed on one of `placed` come adjacent to an enemy combat unit or an
 * enemy-controlled settlement within `budget` hex steps of closing (each side's moves together)?
 * Enemy units in an off-map box count as standing on every entrance hex of its group.
 */
export function couldReachEnemy(state: GameState, side: Side, placed: readonly number[], budget: number): boolean {
  const { map } = state;
  const enemy = otherSide(side);
  // No two hexes are more than columns + rows steps apart: a budget that long reaches any target there is.
  if (budget + 1 >= map.grid.columns + map.grid.rows) return anyTarget(state, enemy);
  const groups = boxGroups(map);
  const targetGroup = new Uint8Array(groups.hexes_g.length);
  for (let u = 0; u < state.loc_u.length; u++) {
    const loc = state.loc_u[u]!;
    if (state.counters.side_u[u] === enemy && isBox(loc) && boxOf(loc) < map.boxes.length) targetGroup[groups.group_b[boxOf(loc)]!] = 1;
  }
  const isTarget = (h: number) => state.combat_hs[h * 2 + enemy]! > 0 || (map.settlement_h[h] === 1 && state.control_h[h] === enemy);
  const seen = new Uint8Array(map.grid.size);
  const groupSeen = new Uint8Array(groups.hexes_g.length);
  let frontier: number[] = [];
  for (const h of placed)
    if (h >= 0 && !seen[h]) {
      seen[h] = 1;
      frontier.push(h);
    }
  // Adjacent after `budget` steps: the target itself is at most budget + 1 steps away.
  for (let d = 0; d <= budget + 1 && frontier.length > 0; d++) {
    for (let i = 0; i < frontier.length; i++) {
      const h = frontier[i]!;
      if (isTarget(h)) return true;
      for (const g of groups.groups_h[h]!) {
        if (groupSeen[g]) continue;
        groupSeen[g] = 1;
        if (targetGroup[g]) return true;
        for (const x of groups.hexes_g[g]!)
          if (!seen[x]) {
            seen[x] = 1;
            frontier.push(x);
          } // 10.12: a box joins its hexes (free here)
      }
    }
    const next: number[] = [];
    for (const h of frontier) {
      for (let dir = 0; dir < DIRECTIONS; dir++) {
        const n = map.grid.neighbour_hd[h * DIRECTIONS + dir]!;
        if (n !== NO_HEX && !seen[n]) {
          seen[n] = 1;
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return false;
}
