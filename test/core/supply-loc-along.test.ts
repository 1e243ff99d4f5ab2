// The LOC read off locLengths' field (traceLocAlong: no search of its own) against traceLoc's own search: the
// same length, source, sources and depot hexes for a GHQ in many hexes of random-game positions, whether the
// field ran over the whole map or stopped once some hexes were settled; and traceLoc's answer, by a search of
// its own, where the field cannot give it (another weather, a hex the field has not settled).
import { describe, expect, test } from 'vitest';
import { PAR, BOL } from '../../src/core/side.js';
import { shapeState } from '../../src/core/state-shape.js';
import { lastLocField, locLengths, traceLoc, traceLocAlong } from '../../src/core/supply.js';
import { forEachRandomPosition } from '../helpers/random-positions.js';

describe('8.6, 8.8: the LOC read off the LOC lengths field is traceLoc', () => {
  for (const [id, games] of [
    ['boqueron', 2],
    ['villa-montes', 1],
    ['campaign', 1],
  ] as const) {
    test(`${id}: a GHQ in every 11th hex of random-game positions, the whole field or one stopped early`, () => {
      let positions = 0,
        compared = 0,
        withLoc = 0;
      forEachRandomPosition(id, games, 53, (state) => {
        positions++;
        for (const side of [PAR, BOL] as const) {
          const size = state.map.grid.size;
          const hexes: number[] = [];
          for (let h = positions % 11; h < size; h += 11) hexes.push(h);
          for (const only of [undefined, hexes.filter((_, i) => i % 5 === 0)]) {
            const lengths = locLengths(state, side, undefined, undefined, only);
            const field = lastLocField();
            for (const rainy of [state.rainy, !state.rainy]) {
              const copy = shapeState(state, false, { ghq_s: state.ghq_s.slice(), rainy });
              for (const h of hexes) {
                copy.ghq_s[side] = h;
                const got = traceLocAlong(field, copy, side);
                expect(got).toEqual(traceLoc(copy, side));
                compared++;
                if (rainy === state.rainy && lengths[h]! >= 0) {
                  expect(got.length).toBe(lengths[h]);
                  withLoc++;
                }
              }
            }
          }
        }
      });
      expect(positions).toBeGreaterThan(4);
      expect(withLoc).toBeGreaterThan(compared / 20);
    });
  }
});
