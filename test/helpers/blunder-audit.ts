// The blunder audit's test helpers: a mini-map world with set-up hexes, one game's counts from a sequence of
// event records, and a game with the audit attached and forced dice.
import { forcedDice } from '../../src/core/dice.js';
import type { GameEvent, PhaseName } from '../../src/core/events.js';
import type { Game } from '../../src/core/game.js';
import type { DeployGroup, Scenario } from '../../src/core/scenario.js';
import type { Side } from '../../src/core/side.js';
import { createState, setUnitLoc, type GameState } from '../../src/core/state.js';
import { BlunderAudit, emptyBlunderCounts, type BlunderCounts } from '../../src/sim/blunders.js';
import { scripted } from './game.js';
import { position, type PositionSpec } from './position.js';

export const group = (hexes: number[]): DeployGroup => ({
  hexes,
  named: hexes,
  within: 0,
  leaders: [],
  units: [],
  draw: 0,
  drawReduced: 0,
  ghq: false,
  trucks: 0,
  csp: 0,
  entrenched: false,
});

/** A mini-map state whose scenario lasts `turns` turns with each side's set-up hexes; `put` places units by id. */
export function world(spec: PositionSpec & { turns?: number; setup?: [string[], string[]] } = {}) {
  const p = position(spec);
  const base = p.state.scenario;
  const sides = base.sides.map((s, i) => ({
    ...s,
    deploy: (spec.setup?.[i] ?? []).length > 0 ? [group(spec.setup![i]!.map(p.hex))] : [],
  })) as unknown as Scenario['sides'];
  const scenario: Scenario = { ...base, turns: spec.turns ?? 1, sides };
  const state = createState(scenario, p.state.options);
  const put = (id: string, label: string) => {
    const u = p.unit(id);
    setUnitLoc(state, u, p.hex(label));
    return u;
  };
  return { state, hex: p.hex, unit: p.unit, leader: p.leader, put };
}

/** One game's counts: the audit started on `state`, told `events`, ended. */
export function audit(state: GameState, events: readonly GameEvent[]): BlunderCounts {
  const a = new BlunderAudit();
  a.start(state);
  for (const e of events) a.event(e);
  const counts = emptyBlunderCounts();
  a.addGameTo(counts);
  return counts;
}
export const total = (c: BlunderCounts, kind: number, side: Side) => c.total[kind]![side]!;
export const turn = (t: number): GameEvent => ({ type: 'turn', turn: t, month: 0, rainy: false, truce: false });
export const phase = (side: Side, name: PhaseName): GameEvent => ({ type: 'phase', side, phase: name });

/** A game over `state` with the audit attached, forced dice, and policies that place displaced leaders on the first hex offered. */
export function auditedGame(state: GameState, rolls: number[]): { game: Game; a: BlunderAudit } {
  const a = new BlunderAudit();
  a.start(state);
  const place = scripted('x', { placePiece: (d) => d.hexes[0]! });
  return { a, game: { state, dice: forcedDice(rolls), observer: a, policies: [place, place], where: 'test position' } };
}
export const ended = (a: BlunderAudit) => {
  const c = emptyBlunderCounts();
  a.addGameTo(c);
  return c;
};
