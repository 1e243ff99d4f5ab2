// The N-Tuple Bandit Evolutionary Algorithm (NTBEA: Lucas, Liu and Perez-Liebana, "The N-Tuple Bandit
// Evolutionary Algorithm for Game Agent Optimisation", IEEE CEC 2018), as the TAG framework uses it to
// tune game agents: a point is one value index per dimension; a bandit model keeps the mean fitness of
// every value of each dimension (1-tuples), of every pair of dimensions (2-tuples) and of whole points
// (the N-tuple). Each step mutates the current point into many neighbours, evaluates the one whose
// UCB estimate is highest, and moves there. The answer is the evaluated point the model rates best.

interface Stat {
  n: number;
  sum: number;
}

export interface NtbeaOptions {
  /** Values per dimension. */
  readonly sizes: readonly number[];
  /** Exploration weight of the UCB term (fitness in [0, 1]: about 1). */
  readonly k?: number;
  /** Neighbours drawn per step. */
  readonly neighbours?: number;
  /** Chance that each further dimension mutates (one always does). */
  readonly mutation?: number;
  /** A uniform [0, 1) stream (seeded). */
  readonly random: () => number;
}

export class Ntbea {
  private readonly tuples: number[][];
  private readonly stats: Map<string, Stat>[];
  private readonly seen = new Map<string, number[]>();
  private evaluations = 0;
  private current: number[];

  constructor(
    private readonly o: NtbeaOptions,
    start?: readonly number[],
  ) {
    const d = o.sizes.length;
    this.tuples = [...Array.from({ length: d }, (_, i) => [i])];
    for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) this.tuples.push([i, j]);
    if (d > 2) this.tuples.push(Array.from({ length: d }, (_, i) => i));
    this.stats = this.tuples.map(() => new Map());
    this.current = start ? [...start] : o.sizes.map((s) => Math.floor(o.random() * s));
  }

  private key(t: number, p: readonly number[]): string {
    return this.tuples[t]!.map((i) => p[i]).join(',');
  }

  /** The model's estimate of a point: the mean over tuples of their mean fitness, plus k × UCB bonus. */
  estimate(p: readonly number[], k: number): number {
    let total = 0;
    for (let t = 0; t < this.tuples.length; t++) {
      const s = this.stats[t]!.get(this.key(t, p));
      const mean = s ? s.sum / s.n : 0;
      total += mean + k * Math.sqrt(Math.log(this.evaluations + 1) / ((s?.n ?? 0) + 1e-6));
    }
    return total / this.tuples.length;
  }

  /** The next point to evaluate: the first is the start; then the best neighbour of the current point by UCB. */
  propose(): number[] {
    if (this.evaluations === 0) return [...this.current];
    const k = this.o.k ?? 1,
      count = this.o.neighbours ?? 50,
      rate = this.o.mutation ?? 0.3;
    let best: number[] = this.current,
      bestValue = -Infinity;
    for (let n = 0; n < count; n++) {
      const p = [...this.current];
      const forced = Math.floor(this.o.random() * p.length);
      for (let i = 0; i < p.length; i++) {
        if (i !== forced && this.o.random() >= rate) continue;
        if (this.o.sizes[i]! < 2) continue;
        let v = Math.floor(this.o.random() * (this.o.sizes[i]! - 1));
        if (v >= p[i]!) v++; // a different value
        p[i] = v;
      }
      const value = this.estimate(p, k);
      if (value > bestValue) {
        best = p;
        bestValue = value;
      }
    }
    return best;
  }

  /** Records the fitness of an evaluated point and moves there. */
  update(p: readonly number[], fitness: number): void {
    this.evaluations++;
    for (let t = 0; t < this.tuples.length; t++) {
      const key = this.key(t, p);
      const s = this.stats[t]!.get(key) ?? { n: 0, sum: 0 };
      s.n++;
      s.sum += fitness;
      this.stats[t]!.set(key, s);
    }
    this.seen.set(p.join(','), [...p]);
    this.current = [...p];
  }

  /** The evaluated point the model rates best (no exploration bonus). */
  best(): number[] {
    let best: number[] | null = null,
      bestValue = -Infinity;
    for (const p of this.seen.values()) {
      const v = this.estimate(p, 0);
      if (v > bestValue) {
        best = p;
        bestValue = v;
      }
    }
    return best ?? [...this.current];
  }
}
