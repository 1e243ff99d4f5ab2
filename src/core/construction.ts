// Engineers' construction (14): starting work, cancelling it, the Construction Phase, trail upkeep.
import { IllegalDecision } from './decisions.js';
import { ask, type Game } from './game.js';
import { DIRECTIONS, NO_HEX } from './hex.js';
import { BUSH, HILL, MOUNTAIN, WORKS_ENTRENCHMENT, WORKS_FORTIFICATION, WORKS_NONE } from './map.js';
import { ENGINEER } from './counters.js';
import { BOL, PAR, otherSide, type Side } from './side.js';
import { BUILD_ENTRENCHMENT, BUILD_FORTIFICATION, BUILD_NONE, BUILD_TRAIL, BUILD_WELL, type GameState } from './state.js';
import { inUnnegatedEzoc } from './zoc.js';

/** The works of each BUILD_ code, as build events name them. */
const BUILD_NAMES = [null, 'entrenchment', 'fortification', 'trail', 'well'] as const;

/** 14.3-14.6: can this engineer start building `what` in its hex? Returns the reason when not. */
export function buildProblem(state: GameState, u: number, what: number): string | null {
  const h = state.loc_u[u]!;
  if (state.counters.type_u[u] !== ENGINEER) return 'only engineers build (14.1)';
  if (h < 0) return 'the engineer is not on the map';
  const t = state.map.terrain_h[h]!;
  switch (what) {
    case BUILD_NONE:
      return null;
    case BUILD_ENTRENCHMENT:
      if (!state.tables.terrain[t]!.entrench) return 'no entrenchment in Marsh (14.3)';
      return state.works_h[h] === WORKS_NONE ? null : 'the hex already has an entrenchment or fortification (14.3, 14.4)';
    case BUILD_FORTIFICATION:
      return state.works_h[h] === WORKS_ENTRENCHMENT ? null : 'a fortification upgrades an entrenched hex (14.4)';
    case BUILD_TRAIL:
      if (state.trail_h[h]) return 'the hex already has a trail';
      return t === BUSH || t === HILL || t === MOUNTAIN ? null : 'trails are built in Bush, Hill or Mountain (14.5, reading I-74)';
    case BUILD_WELL:
      return state.counters.side_u[u] === PAR
        ? state.well_h[h]
          ? 'the hex already has a well'
          : null
        : 'only Paraguayan engineers dig wells (14.6)';
    default:
      return `unknown construction ${what}`;
  }
}

/** 14.2: at the start of his Movement Phase the player flips engineers to build. */
export function startConstruction(game: Game, side: Side): void {
  const { state } = game;
  const engineers: number[] = [];
  for (let u = 0; u < state.loc_u.length; u++) {
    if (state.counters.side_u[u] === side && state.counters.type_u[u] === ENGINEER && state.loc_u[u]! >= 0) engineers.push(u);
  }
  if (engineers.length === 0) return;
  const decision = { kind: 'build', side, engineers } as const;
  const orders = ask(game, decision);
  if (!Array.isArray(orders)) throw new IllegalDecision(decision, 'answer a list of build orders', game.where);
  const seen = new Set<number>();
  for (const o of orders) {
    if (!engineers.includes(o.engineer) || seen.has(o.engineer))
      throw new IllegalDecision(
        decision,
        `engineer ${o.engineer} is not one of the side's engineers on the map, or is named twice`,
        game.where,
      );
    seen.add(o.engineer);
    const problem = buildProblem(state, o.engineer, o.what);
    if (problem) throw new IllegalDecision(decision, problem, game.where);
    state.building_u[o.engineer] = o.what;
  }
}

/** 14.2: a building engineer that moves or takes part in combat stops building this turn. */
export function cancelConstruction(state: GameState, u: number): void {
  state.building_u[u] = BUILD_NONE;
}

function wellsOnMap(state: GameState): number {
  let n = 0;
  for (let h = 0; h < state.well_h.length; h++) n += state.well_h[h]!;
  return n;
}

/** 4.2 H: engineers still building complete their work (14.2-14.6), then trails are kept up or lost (14.5). */
export function constructionPhase(game: Game, side: Side): void {
  const { state } = game;
  for (let u = 0; u < state.loc_u.length; u++) {
    const what = state.building_u[u]!;
    if (what === BUILD_NONE || state.counters.side_u[u] !== side) continue;
    state.building_u[u] = BUILD_NONE;
    const h = state.loc_u[u]!;
    if (h < 0 || buildProblem(state, u, what)) continue;
    if (what === BUILD_ENTRENCHMENT) state.works_h[h] = WORKS_ENTRENCHMENT;
    else if (what === BUILD_FORTIFICATION) state.works_h[h] = WORKS_FORTIFICATION;
    else if (what === BUILD_TRAIL) {
      state.trail_h[h] = 1;
      state.version++;
    } // 14.5: ZOCs now reach a Mountain hex (caches keyed on version)
    else if (what === BUILD_WELL) {
      // 14.6 (I-38): 1-3 succeeds; at most two wells on the map.
      const roll = game.dice.d6();
      const ok = state.tables.wellSuccessOn.includes(roll) && wellsOnMap(state) < state.tables.wellsMax;
      game.observer?.event({ type: 'roll', kind: 'well', side, unit: u, hex: h, found: ok, roll, rule: '14.6' });
      if (!ok) continue;
      state.well_h[h] = 1;
    }
    game.observer?.event({ type: 'build', side, hex: h, what: BUILD_NAMES[what]!, unit: u });
  }
  maintainTrails(game);
}

/** 14.5, I-38: a trail needs an engineer of either side in or next to it; in an unnegated enemy ZOC, with that enemy's permission. */
export function maintainTrails(game: Game): void {
  const { state } = game;
  for (let h = state.trail_h.indexOf(1); h >= 0; h = state.trail_h.indexOf(1, h + 1)) {
    let kept = false;
    for (const side of [PAR, BOL] as const) {
      if (!engineerInOrNext(state, h, side)) continue;
      if (!inUnnegatedEzoc(state, h, side) || ask(game, { kind: 'trailPermission', side: otherSide(side), hex: h }) === true) {
        kept = true;
        break;
      }
    }
    if (!kept) {
      state.trail_h[h] = 0;
      state.version++; // 14.5: a Mountain hex is closed to ZOCs again
      game.observer?.event({ type: 'trailLost', hex: h, rule: '14.5' });
    }
  }
}

function engineerInOrNext(state: GameState, h: number, side: Side): boolean {
  const { grid } = state.map;
  const has = (x: number) => {
    if (state.combat_hs[x * 2 + side] === 0) return false;
    for (let u = 0; u < state.loc_u.length; u++)
      if (state.loc_u[u] === x && state.counters.side_u[u] === side && state.counters.type_u[u] === ENGINEER) return true;
    return false;
  };
  if (has(h)) return true;
  for (let d = 0; d < DIRECTIONS; d++) {
    const n = grid.neighbour_hd[h * DIRECTIONS + d]!;
    if (n !== NO_HEX && has(n)) return true;
  }
  return false;
}
