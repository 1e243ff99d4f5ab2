import { describe, expect, test } from 'vitest';
import { setUp } from '../../src/core/setup.js';
import { stackingLimit } from '../../src/core/combat-odds.js';
import { createState, IN_PILE, type GameState } from '../../src/core/state.js';
import { seededDice } from '../../src/core/dice.js';
import { DEFAULT_OPTIONS } from '../../src/core/options.js';
import { loadScenario } from '../../src/data/load.js';
import { hexLabel, parseHex } from '../../src/core/hex.js';
import { WORKS_ENTRENCHMENT } from '../../src/core/map.js';
import { ENGINEER } from '../../src/core/counters.js';
import { BOL, PAR } from '../../src/core/side.js';
import type { Decision } from '../../src/core/decisions.js';
import { gameData } from '../helpers/data.js';
import { scripted } from '../helpers/game.js';

/** First fit: each piece to the first group hex with stacking room left. */
function firstFit(d: Extract<Decision, { kind: 'setupGroup' }>, state: GameState): number[] {
  const load = new Map<number, number>();
  return d.pieces.map((p) => {
    const counts = p.type === 'unit' && state.counters.type_u[p.id] !== ENGINEER;
    if (!counts) return d.hexes[0]!;
    const h = d.hexes.find((x) => state.stacking_hs[x * 2 + d.side]! + (load.get(x) ?? 0) < stackingLimit(state, x))!;
    load.set(h, (load.get(h) ?? 0) + 1);
    return h;
  });
}
const policy = (name: string, extra: Parameters<typeof scripted>[1] = {}) =>
  scripted(name, {
    setupGroup: firstFit,
    setupEntrenchments: (d) => d.hexes.slice(0, d.count),
    attachTrucks: () => [],
    ...extra,
  });

function setUpScenario(id: string, seed = 'setup', policies = [policy('PAR'), policy('BOL')] as const) {
  const s = loadScenario(id, gameData());
  const state = createState(s, DEFAULT_OPTIONS);
  setUp({ state, dice: seededDice(seed), observer: null, policies, where: id });
  return state;
}
const at = (state: GameState, label: string) => parseHex(state.map.grid, label);

describe('17 set-up', () => {
  test('17.2 Boquerón places every listed piece: Marzana and the 21st in Boquerón, the GHQs at Muñoz and near Isla Poí', () => {
    const state = setUpScenario('boqueron');
    const c = state.counters;
    expect(state.loc_l[c.leaderIndex.get('B-MARZ')!]).toBe(at(state, '2440'));
    expect(state.loc_u[c.unitIndex.get('B-21')!]).toBe(at(state, '2440'));
    expect(state.ghq_s[BOL]).toBe(at(state, '1537'));
    const parGhq = hexLabel(state.map.grid, state.ghq_s[PAR]!);
    expect(['2741', '2641', '2642', '2740', '2742', '2841', '2842']).toContain(parGhq);
    expect(state.csp_hs[at(state, '1741') * 2 + BOL]).toBe(3);
    expect(state.reduced_u[c.unitIndex.get('B-5')!]).toBe(1);
  });

  test('17.1 trucks may start attached, as desired: each side is asked for its trucks where a radius is projected (8.11)', () => {
    const attachAll = (d: Extract<Decision, { kind: 'attachTrucks' }>, view: GameState) =>
      d.trucks.map((t) => ({ truck: t, hex: view.loc_t[t]! }));
    const par = policy('PAR', { attachTrucks: attachAll }),
      bol = policy('BOL');
    const state = setUpScenario('boqueron', 'setup', [par, bol]);
    const offered = par.asked.find((d) => d.kind === 'attachTrucks') as Extract<Decision, { kind: 'attachTrucks' }> | undefined;
    expect(offered).toBeDefined();
    expect(offered!.trucks.length).toBeGreaterThan(0);
    for (const t of offered!.trucks) {
      expect(state.attached_t[t]).toBe(1);
      expect(offered!.hexes).toContain(state.loc_t[t]); // a leader's, the GHQ's or a source's hex
    }
    // Bolivia was asked too and attached none.
    const bolOffer = bol.asked.find((d) => d.kind === 'attachTrucks') as Extract<Decision, { kind: 'attachTrucks' }>;
    expect(bolOffer.trucks.every((t) => state.attached_t[t] === 0)).toBe(true);
  });

  test('17.2 hex 2837 starts entrenched', () => {
    const state = setUpScenario('boqueron');
    expect(state.works_h[at(state, '2837')]).toBe(WORKS_ENTRENCHMENT);
  });

  test('3.1 the units not set up stay in the Reinforcement Pile', () => {
    const state = setUpScenario('boqueron');
    for (const side of [PAR, BOL] as const) {
      for (const u of state.scenario.sides[side].reinforcementPile) expect(state.loc_u[u]).toBe(IN_PILE);
    }
  });

  test('17.3 every cup counter is drawn onto the map, the reduced draws reduced', () => {
    const state = setUpScenario('alihuata');
    for (const side of [PAR, BOL] as const) {
      for (const u of state.scenario.sides[side].cup) expect(state.loc_u[u]).toBeGreaterThanOrEqual(0);
    }
    const reducedAt2042 = state.loc_u.findIndex((h, u) => h === at(state, '2042') && state.counters.side_u[u] === BOL);
    expect(state.reduced_u[reducedAt2042]).toBe(1);
  });

  test('I-40 cup draws depend on the seed and nothing else', () => {
    const a = setUpScenario('alihuata', 'one'),
      b = setUpScenario('alihuata', 'one'),
      c = setUpScenario('alihuata', 'two');
    expect(Array.from(a.loc_u)).toEqual(Array.from(b.loc_u));
    expect(Array.from(a.loc_u)).not.toEqual(Array.from(c.loc_u));
  });

  test("11.2 17.3 Arce gets an entrenchment marker so Estigarribia's five units fit", () => {
    const state = setUpScenario('alihuata');
    expect(state.works_h[at(state, '2241')]).toBe(WORKS_ENTRENCHMENT);
    expect(state.stacking_hs[at(state, '2241') * 2 + PAR]).toBe(5);
  });

  test('3.2 a settlement occupied at set-up by one side is controlled by it (17.3 Platanillos)', () => {
    const state = setUpScenario('alihuata');
    expect(state.control_h[at(state, '2236')]).toBe(PAR);
  });

  test("I-40 a group answer outside the group's hexes is an illegal decision", () => {
    const s = loadScenario('boqueron', gameData());
    const state = createState(s, DEFAULT_OPTIONS);
    const bad = scripted('PAR', { setupGroup: (d) => d.pieces.map(() => at(state, '1001')) });
    expect(() => setUp({ state, dice: seededDice('x'), observer: null, policies: [bad, policy('BOL')], where: 'boqueron seed x' })).toThrow(
      /illegal setupGroup decision for PAR \(boqueron seed x\)/,
    );
  });
});
