// Enemy non-combat pieces overrun (10.3) and displaced leaders (I-35): nearest friendly unit, VP, boxes.
import { IllegalDecision } from './decisions.js';
import type { LeaderCause } from './events.js';
import { ask, type Game } from './game.js';
import { distance } from './hex.js';
import { otherSide, type Side } from './side.js';
import { IN_PILE, OFF_MAP, leadersIn, setLeaderLoc } from './state.js';
import { addVp } from './victory.js';

export type DisplacementCause = 'enemy' | 'elimination' | 'retreat';

const DISPLACED = {
  enemy: 'displacedByEnemy',
  elimination: 'displacedByElimination',
  retreat: 'displacedByRetreat',
} as const satisfies Record<DisplacementCause, LeaderCause>;

/**
 * I-35: a displaced leader goes to the nearest friendly combat unit (ties: owner's choice), or to the
 * Available Leaders box when his side has none on the map. A named leader displaced by an enemy moving
 * through gives that enemy political x 1d6 VP; by the elimination of his stack, costs his own side the same.
 */
export function displaceLeader(game: Game, l: number, cause: DisplacementCause): void {
  const { state } = game;
  const c = state.counters;
  const side = c.side_l[l]! as Side;
  const from = state.loc_l[l]!;
  let best = Number.MAX_SAFE_INTEGER;
  const nearest: number[] = [];
  for (let u = 0; u < state.loc_u.length; u++) {
    const h = state.loc_u[u]!;
    if (h < 0 || c.side_u[u] !== side || h === from) continue;
    const d = distance(state.map.grid, from, h);
    if (d < best) {
      best = d;
      nearest.length = 0;
    }
    if (d === best && !nearest.includes(h)) nearest.push(h);
  }
  let to = IN_PILE;
  if (nearest.length === 1) to = nearest[0]!;
  else if (nearest.length > 1) {
    const decision = { kind: 'placePiece', side, piece: 'leader', id: l, hexes: nearest } as const;
    to = ask(game, decision);
    if (!nearest.includes(to))
      throw new IllegalDecision(decision, 'a displaced leader goes to the nearest friendly combat unit (I-35)', game.where);
  }
  setLeaderLoc(state, l, to);
  game.observer?.event({ type: 'leader', side, leader: l, to, cause: DISPLACED[cause], rule: '10.3, I-35' });
  if (c.named_l[l] && cause !== 'retreat') {
    const vp = c.political_l[l]! * game.dice.d6();
    if (cause === 'enemy') addVp(game, otherSide(side), vp, { cause: 'leaderDisplaced', leader: l }, '10.3, 16.2');
    else addVp(game, side, -vp, { cause: 'leaderLostWithStack', leader: l }, '12.9, I-35');
  }
}

/**
 * 10.3: a combat unit of `mover` enters hex h holding enemy non-combat pieces: leaders are displaced,
 * the GHQ leaves the map for a turn, trucks are destroyed, each CSP is captured on 1-2 (tables) or lost.
 */
export function overrun(game: Game, h: number, mover: Side): void {
  const { state } = game;
  const enemy = otherSide(mover);
  if (state.leaders_hs[h * 2 + enemy]! > 0) {
    for (const l of leadersIn(state, h, enemy)) displaceLeader(game, l, 'enemy');
  }
  if (state.ghq_s[enemy] === h) removeGhq(game, enemy, 'overrun');
  for (let t = 0; t < state.loc_t.length; t++) {
    if (state.loc_t[t] === h && state.side_t[t] === enemy) {
      state.loc_t[t] = IN_PILE;
      state.attached_t[t] = 0;
      game.observer?.event({ type: 'truckLost', side: enemy, truck: t, hex: h, rule: '10.3' });
    }
  }
  captureCsp(game, h, mover);
}

/** 10.3, 16.2: each enemy CSP in h is captured on the table's roll (+1 VP each) or eliminated. */
export function captureCsp(game: Game, h: number, captor: Side): void {
  const { state } = game;
  const enemy = otherSide(captor);
  const n = state.csp_hs[h * 2 + enemy]!;
  if (n === 0) return;
  state.csp_hs[h * 2 + enemy] = 0;
  let captured = 0;
  for (let i = 0; i < n; i++) if (state.tables.cspCapturedOn.includes(game.dice.d6())) captured++;
  state.csp_hs[h * 2 + captor] = state.csp_hs[h * 2 + captor]! + captured;
  game.observer?.event({ type: 'cspCaptured', side: captor, hex: h, captured, lost: n - captured, rule: '10.3' });
  if (captured > 0) addVp(game, captor, captured * state.tables.vp.cspCaptured, { cause: 'cspCaptured', csp: captured }, '16.2');
}

/** 10.3 (overrun), 8.5 (voluntary): the GHQ leaves the map and may return in its side's next New Unit Phase. */
export function removeGhq(game: Game, side: Side, cause: 'overrun' | 'voluntary'): void {
  const { state } = game;
  state.ghq_s[side] = OFF_MAP;
  state.ghqOos_s[side] = 1;
  state.ghqReturn_s[side] = state.turn + 1;
  // 8.11: trucks attached at the GHQ stay where they are; they lose their provider at the next Supply Phase.
  game.observer?.event({ type: 'ghqRemoved', side, cause, rule: cause === 'overrun' ? '10.3' : '8.5' });
}
