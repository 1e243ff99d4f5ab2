// Invariants checked after every phase in fuzzing runs: they must hold whatever the policies do.
import type { Game } from './game.js';
import { ENGINEER, CAVALRY, INFANTRY } from './counters.js';
import { stackingLimit } from './combat-odds.js';
import { NO_CONTROL } from './scenario.js';
import { BOL, PAR } from './side.js';
import { hexLabel } from './hex.js';

/**
 * Throws naming the broken invariant and the phase: one place per unit, per-hex counts, VP equal to the
 * start plus the VP events (`vpFromEvents`), control consistent with occupation, and stacking where 11.1
 * checks it (`stacking`: after movement, reaction movement and combat; a trail lost in construction may
 * leave a hex over its limit until the next such check).
 */
export function checkInvariants(game: Game, phase: string, vpFromEvents: readonly [number, number], checkStacking = true): void {
  const { state } = game;
  const fail = (what: string): never => {
    throw new Error(`${game.where}: invariant broken after ${phase}: ${what}`);
  };
  const size = state.map.grid.size;
  const combat = new Uint8Array(size * 2),
    stack = new Uint8Array(size * 2),
    zoc = new Uint8Array(size * 2),
    leaders = new Uint8Array(size * 2);
  for (let u = 0; u < state.loc_u.length; u++) {
    const h = state.loc_u[u]!;
    if (h >= size) fail(`unit ${u} at ${h}, off the grid`);
    if (h < 0) continue;
    const k = h * 2 + state.counters.side_u[u]!;
    combat[k]!++;
    const t = state.counters.type_u[u];
    if (t !== ENGINEER) stack[k]!++;
    if (t === INFANTRY || t === CAVALRY) zoc[k]!++;
  }
  for (let l = 0; l < state.loc_l.length; l++) if (state.loc_l[l]! >= 0) leaders[state.loc_l[l]! * 2 + state.counters.side_l[l]!]!++;
  for (let k = 0; k < size * 2; k++) {
    if (
      combat[k] !== state.combat_hs[k] ||
      stack[k] !== state.stacking_hs[k] ||
      zoc[k] !== state.zocUnits_hs[k] ||
      leaders[k] !== state.leaders_hs[k]
    ) {
      fail(`per-hex counts out of step at hex ${k >> 1} side ${k & 1}`);
    }
  }
  for (let h = 0; h < size; h++) {
    const par = combat[h * 2 + PAR]!,
      bol = combat[h * 2 + BOL]!;
    if (par > 0 && bol > 0) fail(`both sides' combat units in hex ${hexLabel(state.map.grid, h)}`);
    for (const side of [PAR, BOL] as const) {
      if (checkStacking && stack[h * 2 + side]! > stackingLimit(state, h)) fail(`hex ${hexLabel(state.map.grid, h)} over-stacked (11.1)`);
    }
    const owner = state.control_h[h]!;
    if (owner !== NO_CONTROL && (owner === PAR ? bol > 0 : par > 0))
      fail(`hex ${hexLabel(state.map.grid, h)} is held by the other side's combat units but not controlled by it (3.2)`);
  }
  if (vpFromEvents[0] !== state.vp_s[0] || vpFromEvents[1] !== state.vp_s[1]) {
    fail(`VP ${state.vp_s[0]}/${state.vp_s[1]} differ from the start plus the VP events ${vpFromEvents[0]}/${vpFromEvents[1]}`);
  }
  for (let h = 0; h < size * 2; h++) if (state.csp_hs[h]! > 200) fail(`implausible CSP count in hex ${h >> 1}`);
}
