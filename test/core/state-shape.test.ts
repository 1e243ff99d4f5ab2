// Every state is made by one literal (state-shape.ts): a copy holds every field of the state, its typed
// arrays its own, and a copy with fields replaced shares the rest.
import { describe, expect, test } from 'vitest';
import { playGame } from '../../src/core/play.js';
import { DEFAULT_OPTIONS } from '../../src/core/options.js';
import { loadScenario } from '../../src/data/load.js';
import { createPolicy } from '../../src/policy/index.js';
import { cloneState, createState, type GameState } from '../../src/core/state.js';
import { shapeState } from '../../src/core/state-shape.js';
import { gameData } from '../helpers/data.js';

/** A fresh state, a copy from the middle of a game (turn 2) and the game's own state at its end (ended set). */
function states(): { fresh: GameState; mid: GameState; end: GameState } {
  const s = loadScenario('boqueron', gameData());
  let mid: GameState | null = null,
    end: GameState | null = null;
  const watch = createPolicy('random', 'shape:BOL', s);
  playGame(
    s,
    DEFAULT_OPTIONS,
    [
      createPolicy('random', 'shape:PAR', s),
      {
        name: 'watch',
        decide(d, view) {
          if (view.turn === 2) mid ??= cloneState(view as GameState);
          return watch.decide(d, view);
        },
      },
    ],
    'shape',
    {
      observer: {
        event() {},
        start(state) {
          end = state;
        },
      },
    },
  );
  return { fresh: createState(s, DEFAULT_OPTIONS), mid: mid!, end: end! };
}

describe("the state's one shape", () => {
  test('a copy (cloneState) holds every field with equal values, its typed arrays its own', () => {
    for (const s of Object.values(states())) {
      const c = cloneState(s);
      expect(Object.keys(c)).toEqual(Object.keys(s));
      for (const k of Object.keys(s) as (keyof GameState)[]) {
        const v = s[k];
        if (ArrayBuffer.isView(v)) {
          expect(c[k], k).not.toBe(v);
          expect(c[k], k).toEqual(v);
        } else expect(c[k], k).toBe(v);
      }
    }
  });

  test("the game's own state has every field of the interface, in the copy's order", () => {
    const { fresh, mid, end } = states();
    expect(end.ended).not.toBeNull();
    expect(Object.keys(mid)).toEqual(Object.keys(fresh));
    expect(Object.keys(end)).toEqual(Object.keys(fresh));
  });

  test('a copy with fields replaced has them, and shares every other field with the state', () => {
    const { mid: s } = states();
    const ghq_s = s.ghq_s.slice();
    const c = shapeState(s, false, { rainy: !s.rainy, ghq_s, turn: 0 });
    expect(c.rainy).toBe(!s.rainy);
    expect(c.ghq_s).toBe(ghq_s);
    expect(c.turn).toBe(0);
    expect(c.loc_u).toBe(s.loc_u);
    expect(c.scenario).toBe(s.scenario);
    expect(Object.keys(c)).toEqual(Object.keys(s));
  });
});
