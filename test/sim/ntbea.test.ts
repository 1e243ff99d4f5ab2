// NTBEA (Lucas, Liu and Perez-Liebana 2018): the parameter search of chaco tune.
import { describe, expect, test } from 'vitest';
import { Ntbea } from '../../src/sim/ntbea.js';
import { seededUniform } from '../../src/analysis/stats.js';

describe('the N-tuple bandit evolutionary algorithm', () => {
  test('finds the best point of a noisy separable landscape far better than its start', () => {
    const sizes = [6, 6, 4, 5, 3];
    const target = [4, 1, 3, 0, 2];
    const noise = seededUniform('noise');
    const truth = (p: readonly number[]) => p.reduce((a, v, i) => a + 1 - Math.abs(v - target[i]!) / (sizes[i]! - 1), 0) / p.length;
    const search = new Ntbea({ sizes, random: seededUniform('ntbea') }, [0, 5, 0, 4, 0]);
    for (let i = 0; i < 150; i++) {
      const p = search.propose();
      search.update(p, truth(p) + (noise() - 0.5) * 0.3);
    }
    const best = search.best();
    expect(truth(best)).toBeGreaterThan(0.85);
    expect(truth(best)).toBeGreaterThan(truth([0, 5, 0, 4, 0]) + 0.5);
  });

  test('the first proposal is the start; later ones differ from the current point in at least one value', () => {
    const search = new Ntbea({ sizes: [3, 3], random: seededUniform('s') }, [1, 2]);
    expect(search.propose()).toEqual([1, 2]);
    search.update([1, 2], 0.5);
    const next = search.propose();
    expect(next).not.toEqual([1, 2]);
  });

  test('the same seed proposes the same points', () => {
    const run = () => {
      const s = new Ntbea({ sizes: [4, 4, 4], random: seededUniform('same') });
      const out: number[][] = [];
      for (let i = 0; i < 10; i++) {
        const p = s.propose();
        out.push(p);
        s.update(p, p[0]! / 3);
      }
      return out;
    };
    expect(run()).toEqual(run());
  });
});
