// The passive policy: legal answers that never move or attack; a baseline and a smoke test.
import { cheapestLosses, defaultStepLosses } from '../core/combat-losses.js';
import type { Answers, Decision, Policy } from '../core/decisions.js';
import type { GameState } from '../core/state.js';
import { dispatch, type Handlers } from './handlers.js';
import { spreadGroup } from './setup-helpers.js';

export function passivePolicy(): Policy {
  return {
    name: 'passive',
    decide<D extends Decision>(d: D, view: GameState): Answers[D['kind']] {
      return dispatch(PASSIVE, d, view, undefined);
    },
  };
}

const PASSIVE: Handlers = {
  setupGroup: (d, view) => spreadGroup(d, view, (hexes) => hexes[0]!),
  setupEntrenchments: (d) => d.hexes.slice(0, d.count),
  refuseTruce: () => false,
  callUps: () => 0,
  replacements: (d) => d.eligible.slice(0, d.points),
  placePiece: (d) => d.hexes[0]!,
  removeGhq: () => false,
  depots: (d) => d.candidates.slice(0, d.max),
  attachTrucks: () => [],
  placeCsp: (d) => Array.from({ length: d.count }, () => d.hexes[0]!),
  airSupply: () => -1,
  move: () => null,
  attack: () => null,
  barrage: () => null,
  stepLosses: (d, view) => defaultStepLosses(view, d.units, d.steps),
  defend: (d) => ({ cspHexes: d.cspHexes.slice(0, 1), air: false }),
  losses: (d, view) => cheapestLosses(view, d.units, d.attacking, d.required),
  overstack: () => null,
  retreat: (d) => d.hexes[0]!,
  advance: () => [],
  build: () => [],
  trailPermission: () => true,
  chooseLeader: (d) => d.leaders[0]!,
  political: (d) => (d.forced ? { action: 'replaceCommander', modifier: 0, supporters: [] } : { action: 'none' }),
};
