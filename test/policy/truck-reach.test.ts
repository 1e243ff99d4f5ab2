// The trucks' reaches a logistics decision keeps (truck-reach.ts) equal a fresh search, every time one is
// answered, kept or searched, in whole heuristic games: the heuristic opens its scopes as it plays.
import { describe, expect, test } from 'vitest';
import { createReach, pathSearchFor, reachable, stackMover, type Reach } from '../../src/core/movement.js';
import { playGame } from '../../src/core/play.js';
import { DEFAULT_OPTIONS } from '../../src/core/options.js';
import { loadScenario } from '../../src/data/load.js';
import { createPolicy } from '../../src/policy/index.js';
import { truckReachWatch } from '../../src/policy/truck-reach.js';
import { gameData } from '../helpers/data.js';

/** Every reached node with its cost, parent and flags, in node order. */
function nodes(r: Reach): string {
  const out: string[] = [];
  for (let i = 0; i < r.count; i++) {
    const n = r.touched_n[i]!;
    out.push(`${n}:${r.cost_n[n]}:${r.parent_n[n]}:${r.flags_n[n]}`);
  }
  return `${r.start}/${r.allowance} ${out.sort().join(' ')}`;
}

function play(id: string, games: number): { kept: number; searched: number } {
  const scenario = loadScenario(id, gameData());
  const counts = { kept: 0, searched: 0 };
  let fresh: Reach | null = null;
  truckReachWatch.answer = (d, view, i, r, kept) => {
    const t = d.movable.trucks[i]!,
      ps = pathSearchFor(view.map);
    fresh ??= createReach(ps);
    reachable(ps, view, { ...stackMover(view, d.side, { trucks: [t] }), allowance: d.movable.truckLeft[i]! }, view.loc_t[t]!, fresh);
    const a = nodes(r),
      b = nodes(fresh);
    if (a !== b) expect(a, `turn ${view.turn}, side ${d.side}, truck ${t} in hex ${view.loc_t[t]}, ${kept ? 'kept' : 'searched'}`).toBe(b);
    counts[kept ? 'kept' : 'searched']++;
  };
  try {
    for (let g = 0; g < games; g++) {
      const seed = `truck-reach-${g}`;
      playGame(
        scenario,
        DEFAULT_OPTIONS,
        [createPolicy('balanced', `${seed}:PAR`, scenario), createPolicy('balanced', `${seed}:BOL`, scenario)],
        seed,
      );
    }
  } finally {
    truckReachWatch.answer = null;
  }
  return counts;
}

describe("10.11: a truck's reach kept within a logistics decision is the one a fresh search finds", () => {
  test.each([
    ['boqueron', 4],
    ['ballivian', 1],
    ['campaign', 1],
  ])(
    '%s, balanced games (%i)',
    (id, games) => {
      const { kept, searched } = play(id, games);
      // Both kinds of answer were compared: kept ones and searched ones.
      expect(kept).toBeGreaterThan(20);
      expect(searched).toBeGreaterThan(20);
    },
    300_000,
  );
});
