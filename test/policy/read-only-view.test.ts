// The read-only view: a policy reads everything through it, and any write fails its decision with an
// error naming the policy, the side, the decision and the field.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Decision, GameView, Policy } from '../../src/core/decisions.js';
import { streamSeed } from '../../src/core/dice.js';
import { playGame } from '../../src/core/play.js';
import { BOL, PAR } from '../../src/core/side.js';
import { createState, type GameState } from '../../src/core/state.js';
import { DEFAULT_DATA_DIR } from '../../src/data/load.js';
import { createPolicy, loadPolicyModules } from '../../src/policy/index.js';
import { readOnlyPolicy, trustedPolicy, unguarded, ViewWriteError } from '../../src/policy/read-only-view.js';
import { prepareRun } from '../../src/sim/spec.js';

const boqueron = () =>
  prepareRun({
    scenario: 'boqueron',
    dataDir: DEFAULT_DATA_DIR,
    options: [],
    par: 'balanced',
    bol: 'balanced',
    handicap: [0, 0],
    seed: 's',
    check: false,
  });

function fresh(): GameState {
  const { scenario, options } = boqueron();
  return createState(scenario, options);
}

const callUps: Decision = { kind: 'callUps', side: BOL, max: 2 };

/** A policy that does `act` with its view and decision, then answers 0 call-ups. */
function acting(act: (view: GameView, d: Decision) => unknown): Policy {
  return {
    name: 'acting',
    decide: (d, view) => {
      act(view, d);
      return 0 as never;
    },
  };
}

/** What the guarded policy's decision threw. */
function thrown(act: (view: GameView, d: Decision) => unknown, decision: Decision = callUps, state = fresh()): Error {
  try {
    readOnlyPolicy(acting(act), 'policy module mine.mjs').decide(decision, state);
  } catch (err) {
    return err as Error;
  }
  throw new Error('the decision did not fail');
}

describe('the read-only view', () => {
  test('a write to the state fails the decision, naming the policy, the side, the decision and the field', () => {
    const err = thrown((v) => {
      (v.loc_u as Int16Array)[3] = 7;
    });
    expect(err).toBeInstanceOf(ViewWriteError);
    expect(err.message).toBe(
      'policy module mine.mjs (BOL): its callUps decision wrote to view.loc_u[3]: a policy reads the game through its view and answers; only the engine changes the game',
    );
  });

  test('every way of writing is refused, and the state is untouched', () => {
    const state = fresh();
    const before = JSON.stringify(state, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v));
    const writes: [(v: GameView, d: Decision) => unknown, string][] = [
      [
        (v) => {
          (v as GameState).turn = 4;
        },
        'view.turn',
      ],
      [
        (v) => {
          (v as { extra?: number }).extra = 1;
        },
        'view.extra',
      ],
      [
        (v) => {
          delete (v as { ended?: unknown }).ended;
        },
        'view.ended',
      ],
      [(v) => Object.defineProperty(v, 'rainy', { value: true }), 'view.rainy'],
      [(v) => v.vp_s.fill(0), 'view.vp_s.fill()'],
      [(v) => v.control_h.set([1, 1]), 'view.control_h.set()'],
      [(v) => v.reduced_u.sort(), 'view.reduced_u.sort()'],
      [
        (v) => {
          v.csp_hs.subarray(10)[0] = 3;
        },
        'view.csp_hs[0]',
      ],
      [(v) => new Uint8Array(v.works_h.buffer), 'view.works_h.buffer (the memory behind the array; copy it with slice())'],
      [
        (v) => {
          (v.map.settlement_h as Uint8Array)[5] = 1;
        },
        'view.map.settlement_h[5]',
      ],
      [
        (v) => {
          (v.counters.units as unknown[]).push({});
        },
        'view.counters.units[0]',
      ],
      [(v) => (v.counters.unitIndex as Map<string, number>).set('x', 1), 'view.counters.unitIndex.set()'],
      [
        (v) => {
          Object.setPrototypeOf(v.scenario, null);
        },
        "view.scenario's prototype",
      ],
      [
        (_v, d) => {
          (d as { max: number }).max = 9;
        },
        'decision.max',
      ],
    ];
    for (const [write, field] of writes) {
      const err = thrown(write, callUps, state);
      expect(err, field).toBeInstanceOf(ViewWriteError);
      expect(err.message, field).toContain(`wrote to ${field.startsWith('view.counters.units') ? 'view.counters.units' : field}`);
    }
    expect(JSON.stringify(state, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v))).toBe(before);
  });

  test("a decision's own arrays are guarded too: 12.2 the attacks of the phase stay the engine's", () => {
    const attacked_u = new Uint8Array(4),
      defended_h = new Uint8Array(4),
      displaced_u = new Uint8Array(4);
    const attack: Decision = { kind: 'attack', side: PAR, phase: 'first', attacked_u, defended_h, displaced_u };
    expect(
      thrown((_v, d) => {
        (d as { attacked_u: Uint8Array }).attacked_u[2] = 1;
      }, attack).message,
    ).toBe(
      'policy module mine.mjs (PAR): its attack decision wrote to decision.attacked_u[2]: a policy reads the game through its view and answers; only the engine changes the game',
    );
    expect(attacked_u[2]).toBe(0);
  });

  test('a write the policy catches still fails its decision', () => {
    const err = thrown((v) => {
      try {
        v.loc_l.fill(0);
      } catch {
        /* swallowed */
      }
    });
    expect(err.message).toContain('its callUps decision wrote to view.loc_l.fill()');
  });

  test('reads see the state as it is: values, copies, iteration, spreading, the same guard each time', () => {
    const state = fresh();
    state.loc_u[2] = 45;
    readOnlyPolicy(
      acting((v) => {
        expect(v.loc_u[2]).toBe(45);
        expect(v.loc_u.length).toBe(state.loc_u.length);
        expect(Array.from(v.loc_u)).toEqual(Array.from(state.loc_u));
        expect(v.loc_u.slice()).toEqual(state.loc_u);
        const copy = v.loc_u.slice();
        copy[0] = 1; // a copy is the policy's own
        expect(v.loc_u.indexOf(45)).toBe(2);
        expect(v.loc_u.reduce((n, x) => n + (x === 45 ? 1 : 0), 0)).toBeGreaterThan(0);
        expect(v.loc_u instanceof Int16Array).toBe(true);
        expect(v.map).toBe(v.map);
        expect(v.map.grid.size).toBe(state.map.grid.size);
        expect(v.counters.units.map((u) => u.name)).toEqual(state.counters.units.map((u) => u.name));
        expect(Array.isArray(v.counters.units)).toBe(true);
        expect(v.counters.unitIndex.get(state.counters.units[0]!.id)).toBe(0);
        expect([...v.counters.unitIndex.keys()]).toEqual([...state.counters.unitIndex.keys()]);
        const what = { ...v, turn: 3 };
        expect(what.turn).toBe(3);
        expect(what.vp_s[PAR]).toBe(state.vp_s[PAR]);
        expect(JSON.parse(JSON.stringify(v.scenario.sides))).toEqual(JSON.parse(JSON.stringify(state.scenario.sides)));
      }),
      'policy module mine.mjs',
    ).decide(callUps, state);
  });

  test("an answer holding the view's own arrays reaches the engine as the arrays themselves", () => {
    const hexes = [3, 4, 5];
    const depots: Decision = { kind: 'depots', side: PAR, candidates: hexes, max: 4 };
    const p = readOnlyPolicy(
      { name: 'echo', decide: (d) => (d as unknown as { candidates: number[] }).candidates as never },
      'policy module echo.mjs',
    );
    const answer = p.decide(depots, fresh());
    expect(answer).toBe(hexes);
    expect(unguarded(answer)).toBe(hexes);
  });

  test('4.2 the look-ahead at the start of a turn gets the view too', () => {
    const state = fresh();
    const p = readOnlyPolicy(
      {
        name: 'looker',
        decide: () => 0 as never,
        startTurn: (v) => {
          (v.vp_s as Int32Array)[0] = 1;
        },
      },
      'policy module looker.mjs',
    );
    expect(() => p.startTurn!(state, PAR, { simulate: () => state })).toThrow(
      'policy module looker.mjs (PAR): its look-ahead at the start of its turn wrote to view.vp_s[0]',
    );
  });

  test('the guarded heuristic plays the very game it plays unguarded (as under --check)', () => {
    const { scenario, options } = boqueron();
    const seed = streamSeed('view', 0, 'game');
    const play = (guard: boolean) =>
      playGame(
        scenario,
        options,
        [PAR, BOL].map((side) => {
          const p = createPolicy('balanced', `${seed}:${side === PAR ? 'PAR' : 'BOL'}`, scenario);
          return guard ? readOnlyPolicy(p, 'policy balanced') : p;
        }) as [Policy, Policy],
        seed,
        { log: true },
      );
    expect(JSON.stringify(play(true))).toBe(JSON.stringify(play(false)));
  });

  test("a user module decides through the view, a guard standing for the engine's state", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaco-view-'));
    const file = join(dir, 'peek.mjs');
    writeFileSync(
      file,
      [
        'export default function peek({ seed, lib }) {',
        '  const base = lib.heuristicPolicy({ seed });',
        '  return { name: "peek", decide(d, view) { globalThis.peekSaw ??= []; globalThis.peekSaw.push(view); return base.decide(d, view); } };',
        '}',
      ].join('\n'),
    );
    await loadPolicyModules([file]);
    const { scenario, options } = boqueron();
    const seen: GameView[] = [];
    const inner = createPolicy('balanced', 'x:BOL', scenario);
    const spy: Policy = {
      name: 'spy',
      decide: (d, v) => {
        seen.push(v);
        return inner.decide(d, v);
      },
    };
    (globalThis as { peekSaw?: GameView[] }).peekSaw = [];
    playGame(scenario, options, [createPolicy(file, 'x:PAR', scenario), spy], 'x');
    const saw = (globalThis as { peekSaw?: GameView[] }).peekSaw!;
    expect(saw.length).toBeGreaterThan(0);
    expect(saw[0]).not.toBe(seen[0]);
    expect(unguarded(saw[0])).toBe(seen[0]);
    expect(() => {
      (saw[0]!.loc_u as Int16Array)[0] = 1;
    }).toThrow(ViewWriteError);
  });

  test("lib's built-in policies take the state from behind the guard", () => {
    const state = fresh();
    const got: unknown[] = [];
    const builtIn = trustedPolicy({
      name: 'spy',
      decide: (d, v) => {
        got.push(d, v);
        return 0 as never;
      },
    });
    readOnlyPolicy({ name: 'module', decide: (d, v) => builtIn.decide(d, v) }, 'policy module m.mjs').decide(callUps, state);
    expect(got).toEqual([callUps, state]);
    expect(got[0]).toBe(callUps);
    expect(got[1]).toBe(state);
  });
});
