// One object literal makes every GameState (createState, cloneState, the copies policies make with some
// fields replaced), so that all states share one shape (V8's hidden class) and the code reading them stays
// monomorphic. Copies made by spreading ({ ...s }) each got a shape of their own (and writing the sliced
// arrays into them another), which made the engine's reads polymorphic in look-ahead games.
import type { GameState } from './state.js';

type Typed = Int16Array | Uint8Array | Uint16Array | Int32Array | Uint32Array;

/** A state with the fields of `o` where it has them, else those of `s`, its typed arrays sliced when `copy`. */
export function shapeState(s: GameState, copy: boolean, o: Partial<GameState> = {}): GameState {
  const a = <T extends Typed>(x: T): T => (copy ? (x.slice() as T) : x);
  return {
    scenario: o.scenario !== undefined ? o.scenario : s.scenario,
    map: o.map !== undefined ? o.map : s.map,
    counters: o.counters !== undefined ? o.counters : s.counters,
    tables: o.tables !== undefined ? o.tables : s.tables,
    options: o.options !== undefined ? o.options : s.options,
    turn: o.turn !== undefined ? o.turn : s.turn,
    month: o.month !== undefined ? o.month : s.month,
    rainy: o.rainy !== undefined ? o.rainy : s.rainy,
    truce: o.truce !== undefined ? o.truce : s.truce,
    truceLastTurn: o.truceLastTurn !== undefined ? o.truceLastTurn : s.truceLastTurn,
    phasing: o.phasing !== undefined ? o.phasing : s.phasing,
    loc_u: o.loc_u ?? a(s.loc_u),
    reduced_u: o.reduced_u ?? a(s.reduced_u),
    building_u: o.building_u ?? a(s.building_u),
    inSupply_u: o.inSupply_u ?? a(s.inSupply_u),
    loc_l: o.loc_l ?? a(s.loc_l),
    oos_l: o.oos_l ?? a(s.oos_l),
    ghq_s: o.ghq_s ?? a(s.ghq_s),
    ghqOos_s: o.ghqOos_s ?? a(s.ghqOos_s),
    ghqReturn_s: o.ghqReturn_s ?? a(s.ghqReturn_s),
    vp_s: o.vp_s ?? a(s.vp_s),
    replacements_s: o.replacements_s ?? a(s.replacements_s),
    callUps_s: o.callUps_s ?? a(s.callUps_s),
    airUsed_s: o.airUsed_s ?? a(s.airUsed_s),
    airSupplyUsed_s: o.airSupplyUsed_s ?? a(s.airSupplyUsed_s),
    radius_s: o.radius_s ?? a(s.radius_s),
    locLength_s: o.locLength_s ?? a(s.locLength_s),
    armyCommander_s: o.armyCommander_s ?? a(s.armyCommander_s),
    newTrucks_s: o.newTrucks_s ?? a(s.newTrucks_s),
    challenge_s: o.challenge_s ?? a(s.challenge_s),
    side_t: o.side_t ?? a(s.side_t),
    loc_t: o.loc_t ?? a(s.loc_t),
    attached_t: o.attached_t ?? a(s.attached_t),
    csp_hs: o.csp_hs ?? a(s.csp_hs),
    works_h: o.works_h ?? a(s.works_h),
    trail_h: o.trail_h ?? a(s.trail_h),
    well_h: o.well_h ?? a(s.well_h),
    depot_h: o.depot_h ?? a(s.depot_h),
    control_h: o.control_h ?? a(s.control_h),
    combat_hs: o.combat_hs ?? a(s.combat_hs),
    stacking_hs: o.stacking_hs ?? a(s.stacking_hs),
    leaders_hs: o.leaders_hs ?? a(s.leaders_hs),
    zocUnits_hs: o.zocUnits_hs ?? a(s.zocUnits_hs),
    stepsLost_s: o.stepsLost_s ?? a(s.stepsLost_s),
    eliminated_s: o.eliminated_s ?? a(s.eliminated_s),
    captured_s: o.captured_s ?? a(s.captured_s),
    ghqMoves_s: o.ghqMoves_s ?? a(s.ghqMoves_s),
    supplyMoves_s: o.supplyMoves_s ?? a(s.supplyMoves_s),
    captures_hs: o.captures_hs ?? a(s.captures_hs),
    ended: o.ended !== undefined ? o.ended : s.ended,
    version: o.version !== undefined ? o.version : s.version,
    sideVersion_s: o.sideVersion_s ?? a(s.sideVersion_s),
  };
}
