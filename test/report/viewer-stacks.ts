// The pieces on the map as the replay viewer marks them (data attributes of its counters and control
// rings), read from the engine's state arrays alone, for tests that compare the two.
import { hexLabel } from '../../src/core/hex.js';
import type { GameState } from '../../src/core/state.js';

/** One side's pieces in one hex: units ("12,40r": index, r when reduced), leaders, GHQ, trucks, CSP. */
export interface StackFacts {
  hex: string;
  side: number;
  units: string;
  leaders: string;
  ghq: number;
  trucks: number;
  csp: number;
}

export const stackKey = (s: { hex: string; side: number }) => `${s.side}@${s.hex}`;
export const byKey = <T extends { hex: string; side: number }>(list: T[]): T[] =>
  [...list].sort((a, b) => stackKey(a).localeCompare(stackKey(b)));

/** Every stack on the map in the engine's state, units and leaders in index order. */
export function engineStacks(state: GameState): StackFacts[] {
  const c = state.counters;
  const at = new Map<string, StackFacts & { u: number[]; l: number[] }>();
  const get = (h: number, side: number) => {
    const k = `${side}@${hexLabel(state.map.grid, h)}`;
    if (!at.has(k)) at.set(k, { hex: hexLabel(state.map.grid, h), side, units: '', leaders: '', ghq: 0, trucks: 0, csp: 0, u: [], l: [] });
    return at.get(k)!;
  };
  for (let u = 0; u < state.loc_u.length; u++) if (state.loc_u[u]! >= 0) get(state.loc_u[u]!, c.side_u[u]!).u.push(u);
  for (let l = 0; l < state.loc_l.length; l++) if (state.loc_l[l]! >= 0) get(state.loc_l[l]!, c.side_l[l]!).l.push(l);
  for (const side of [0, 1]) if (state.ghq_s[side]! >= 0) get(state.ghq_s[side]!, side).ghq = 1;
  for (let t = 0; t < state.loc_t.length; t++) if (state.loc_t[t]! >= 0) get(state.loc_t[t]!, state.side_t[t]!).trucks++;
  for (let h = 0; h < state.map.grid.size; h++)
    for (const side of [0, 1]) if (state.csp_hs[h * 2 + side]! > 0) get(h, side).csp += state.csp_hs[h * 2 + side]!;
  return byKey(
    [...at.values()].map(({ u, l, ...s }) => ({
      ...s,
      units: u
        .sort((a, b) => a - b)
        .map((x) => `${x}${state.reduced_u[x] ? 'r' : ''}`)
        .join(','),
      leaders: l.sort((a, b) => a - b).join(','),
    })),
  );
}

/** The stack as the viewer's data attributes give it (units and leaders put in index order). */
export function stackFromAttributes(d: Record<string, string | undefined>): StackFacts {
  const sorted = (list: string | undefined) =>
    list
      ? list
          .split(',')
          .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
          .join(',')
      : '';
  return {
    hex: d.hex!,
    side: Number(d.side),
    units: sorted(d.units),
    leaders: sorted(d.leaders),
    ghq: Number(d.ghq),
    trucks: Number(d.trucks),
    csp: Number(d.csp),
  };
}

/** The settlements each side controls in the engine's state, as "side@hex". */
export function engineControl(state: GameState): string[] {
  return state.map.places
    .filter((p) => p.settlement && (state.control_h[p.hex] === 0 || state.control_h[p.hex] === 1))
    .map((p) => `${state.control_h[p.hex]}@${hexLabel(state.map.grid, p.hex)}`)
    .sort();
}
