// Positions and scripted players for the Combat Phase tests (test/core/phase-combat*.test.ts): a Paraguayan
// assault on a Bolivian settlement, a rout, an attacker answering from a queue, CSP placed by hand.
import type { AttackOrder } from '../../src/core/decisions.js';
import type { GameEvent } from '../../src/core/events.js';
import { PAR } from '../../src/core/side.js';
import { position, type Position } from './position.js';
import { scripted, type Script } from './game.js';

export const of = <T extends GameEvent['type']>(events: readonly GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

export function thrown(f: () => void): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an illegal decision; the phase accepted every answer');
}

/** A policy whose attack decisions are answered from a queue (then none), with the rest of the script. */
export function attacker(name: string, attacks: AttackOrder[], extra: Script = {}) {
  const queue = [...attacks];
  return scripted(name, { attack: () => queue.shift() ?? null, ...extra });
}

export const csp = (p: Position, label: string, side: 0 | 1, n = 1) => {
  p.state.csp_hs[p.hex(label) * 2 + side] = n;
};

/**
 * Bush everywhere. PAR: P-I1 (6-4-6) and P-I2 (4-6) with Franco (political 2, command +1; not the Army
 * Commander) and one CSP in 1505. BOL: B-I1 (6-5-5) alone in the settlement 1506, which Bolivia controls.
 */
export function assault(extra: { places?: { hex: string }[]; control?: Record<string, 'BOL' | 'PAR'> } = {}) {
  const p = position({
    fill: 'bush',
    places: [{ hex: '1506' }, ...(extra.places ?? [])],
    control: { '1506': 'BOL', ...extra.control },
    vp: [20, 20],
  });
  const i1 = p.place('P-I1', '1505');
  const i2 = p.place('P-I2', '1505');
  const franco = p.placeLeader('P-FRANCO', '1505');
  csp(p, '1505', PAR);
  const b1 = p.place('B-I1', '1506');
  const order: AttackOrder = { attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1505')], air: true };
  return { p, i1, i2, franco, b1, order };
}

/**
 * Two Paraguayan infantry with a leader and a CSP in 1507 attack B-I2 and B-C1 in 1506 (all Bush,
 * Bolivia's source at 1501); forced to lose 1 unit, Bolivia eliminates B-C1 and B-I2 must rout.
 */
export function rout(extra: { places?: { hex: string }[]; control?: Record<string, 'BOL' | 'PAR'> } = {}) {
  const p = position({ fill: 'bush', sources: [{ hex: '1501', side: 'BOL' }], ...extra, vp: [20, 20] });
  const i1 = p.place('P-I1', '1507');
  const i2 = p.place('P-I2', '1507');
  p.placeLeader('P-A', '1507');
  csp(p, '1507', PAR);
  const b2 = p.place('B-I2', '1506');
  const c1 = p.place('B-C1', '1506');
  const par = attacker('PAR', [{ attackers: [i1, i2], hexes: [p.hex('1506')], leaders: [], cspHexes: [p.hex('1507')], air: false }], {
    losses: () => [{ unit: i1, eliminate: false }],
    advance: () => [],
  });
  const bol = scripted('BOL', { defend: () => ({ cspHexes: [], air: false }), losses: () => [{ unit: c1, eliminate: true }] });
  return { p, i1, i2, b2, c1, par, bol };
}
