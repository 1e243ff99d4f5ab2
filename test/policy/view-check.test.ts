// --check for the built-in policies: a decision that changed the state, the scenario or the decision
// fails with the read-only view's error, naming the policy, the side, the decision and the field.
import { describe, expect, test } from 'vitest';
import type { Decision, GameView, Policy } from '../../src/core/decisions.js';
import { BOL, PAR } from '../../src/core/side.js';
import { createState, type GameState } from '../../src/core/state.js';
import { DEFAULT_DATA_DIR } from '../../src/data/load.js';
import { ViewWriteError } from '../../src/policy/read-only-view.js';
import { checkedPolicy } from '../../src/policy/view-check.js';
import { prepareRun } from '../../src/sim/spec.js';

function fresh(): GameState {
  const { scenario, options } = prepareRun({
    scenario: 'boqueron',
    dataDir: DEFAULT_DATA_DIR,
    options: [],
    par: 'balanced',
    bol: 'balanced',
    handicap: [0, 0],
    seed: 's',
    check: false,
  });
  return createState(scenario, options);
}

const callUps: Decision = { kind: 'callUps', side: PAR, max: 2 };

function failure(act: (view: GameView, d: Decision) => void, decision: Decision = callUps, state = fresh()): string {
  const p = checkedPolicy(
    {
      name: 'b',
      decide: (d, v) => {
        act(v, d);
        return 0 as never;
      },
    },
    'policy balanced',
  );
  try {
    p.decide(decision, state);
  } catch (err) {
    expect(err).toBeInstanceOf(ViewWriteError);
    return (err as Error).message;
  }
  throw new Error('the decision did not fail');
}

describe("--check: the built-in policies' view compared before and after each decision", () => {
  test('a change to the state fails the decision, naming the policy, the side, the decision and the field', () => {
    const state = fresh();
    const was = state.loc_u[4]!;
    expect(
      failure(
        (v) => {
          (v.loc_u as Int16Array)[4] = 99;
        },
        callUps,
        state,
      ),
    ).toBe(
      `policy balanced (PAR): its callUps decision wrote to view.loc_u[4] (${was} → 99): a policy reads the game through its view and answers; only the engine changes the game`,
    );
  });

  test("so does a change to a scalar, to the scenario's map or to the decision's own lists and arrays", () => {
    expect(
      failure((v) => {
        (v as GameState).rainy = true;
      }),
    ).toContain('wrote to view.rainy (false → true)');
    const state = fresh();
    const terrain = state.map.terrain_h as Uint8Array;
    const was = terrain[7]!;
    try {
      expect(
        failure(
          () => {
            terrain[7] = was + 1;
          },
          callUps,
          state,
        ),
      ).toContain(`wrote to view.scenario.map.terrain_h[7] (${was} → ${was + 1})`);
    } finally {
      terrain[7] = was;
    }
    const retreat: Decision = { kind: 'retreat', side: BOL, unit: 3, hexes: [9, 4, 6] };
    expect(
      failure((_v, d) => {
        (d as unknown as { hexes: number[] }).hexes.sort();
      }, retreat),
    ).toContain('policy balanced (BOL): its retreat decision wrote to decision.hexes[0]');
    const marks = () => new Uint8Array(5);
    const attack: Decision = { kind: 'attack', side: PAR, phase: 'first', attacked_u: marks(), defended_h: marks(), displaced_u: marks() };
    expect(
      failure((_v, d) => {
        (d as { defended_h: Uint8Array }).defended_h[2] = 1;
      }, attack),
    ).toContain('wrote to decision.defended_h[2] (0 → 1)');
    const move: Decision = {
      kind: 'move',
      side: PAR,
      reaction: false,
      movable: { units: [1, 2], leaders: [], trucks: [], truckLeft: [], ghq: false },
    };
    expect(
      failure((_v, d) => {
        (d as unknown as { movable: { units: number[] } }).movable.units.pop();
      }, move),
    ).toContain('wrote to decision.movable.units[1]');
  });

  test('a policy that only reads plays on: it gets the state itself and its answer', () => {
    const state = fresh();
    let seen: GameView | null = null;
    const p: Policy = {
      name: 'reader',
      decide: (_d, v) => {
        seen = v;
        return [v.loc_u[0]] as never;
      },
    };
    const checked = checkedPolicy(p, 'policy reader');
    expect(checked.decide(callUps, state)).toEqual([state.loc_u[0]]);
    state.turn = 3; // the engine moves the game on between decisions: no write by the policy
    const moved = state.loc_u[0]! + 1;
    state.loc_u[0] = moved;
    expect(checked.decide(callUps, state)).toEqual([moved]);
    expect(seen).toBe(state);
  });

  test('4.2 the look-ahead at the start of a turn is checked too', () => {
    const state = fresh();
    const p = checkedPolicy(
      {
        name: 'looker',
        decide: () => 0 as never,
        startTurn: (v) => {
          (v.vp_s as Int32Array)[1]! += 10;
        },
      },
      'policy search',
    );
    expect(() => p.startTurn!(state, BOL, { simulate: () => state })).toThrow(
      /^policy search \(BOL\): its look-ahead at the start of its turn wrote to view\.vp_s\[1\]/,
    );
  });
});
