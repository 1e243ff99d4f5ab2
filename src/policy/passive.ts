// The passive policy: legal answers that never move or attack; a baseline and a smoke test.
import { cheapestLosses, defaultStepLosses } from '../core/combat-losses.js';
import type { Answers, Decision, Policy } from '../core/decisions.js';
import type { GameState } from '../core/state.js';
import { spreadGroup } from './setup-helpers.js';

export function passivePolicy(): Policy {
  return {
    name: 'passive',
    decide<D extends Decision>(d: D, view: GameState): Answers[D['kind']] {
      return answer(d, view) as Answers[D['kind']];
    },
  };
}

function answer(d: Decision, view: GameState): Answers[Decision['kind']] {
  switch (d.kind) {
    case 'setupGroup': return spreadGroup(d, view, (hexes) => hexes[0]!);
    case 'setupEntrenchments': return d.hexes.slice(0, d.count);
    case 'refuseTruce': return false;
    case 'callUps': return 0;
    case 'replacements': return d.eligible.slice(0, d.points);
    case 'placePiece': return d.hexes[0]!;
    case 'removeGhq': return false;
    case 'depots': return d.candidates.slice(0, d.max);
    case 'attachTrucks': return [];
    case 'placeCsp': return Array.from({ length: d.count }, () => d.hexes[0]!);
    case 'airSupply': return -1;
    case 'move': return null;
    case 'attack': return null;
    case 'barrage': return null;
    case 'stepLosses': return defaultStepLosses(view, d.units, d.steps);
    case 'defend': return { cspHexes: d.cspHexes.slice(0, 1), air: false };
    case 'losses': return cheapestLosses(view, d.units, d.attacking, d.required);
    case 'overstack': return null;
    case 'retreat': return d.hexes[0]!;
    case 'advance': return [];
    case 'build': return [];
    case 'trailPermission': return true;
    case 'chooseLeader': return d.leaders[0]!;
    case 'political': return d.forced ? { action: 'replaceCommander', modifier: 0, supporters: [] } : { action: 'none' };
  }
}
