// Dice: every random draw of a game comes from a seeded stream passed in (I-41); tests force rolls.
import seedrandom from 'seedrandom';

export interface Dice {
  /** One six-sided die, 1..6. */
  d6(): number;
  /** A uniform integer 0..n-1 (cup draws, ties broken at random, coin flips). */
  int(n: number): number;
}

/** A stream seeded by a string; the same seed gives the same rolls on every machine. */
export function seededDice(seed: string): Dice {
  const rng = seedrandom.alea(seed);
  return {
    d6: () => 1 + Math.floor(rng() * 6),
    int: (n: number) => Math.floor(rng() * n),
  };
}

/** A uniform random order of `items` (Fisher-Yates, last position first), drawn from `dice`. */
export function shuffle<T>(dice: Dice, items: readonly T[]): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = dice.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The stream of game `index` of a run with seed `runSeed`, for the named purpose ('dice', 'PAR', 'BOL'). */
export function streamSeed(runSeed: string | number, index: number, purpose: string): string {
  return `${runSeed}:${index}:${purpose}`;
}

/**
 * Forced rolls for tests: d6() returns the rolls in order; int(n) takes the next roll r as r - 1
 * (so int() draws can be forced too). Running out is an error naming how many were given.
 */
export function forcedDice(rolls: readonly number[]): Dice & { readonly used: () => number } {
  let i = 0;
  const next = () => {
    if (i >= rolls.length) throw new Error(`forced dice: all ${rolls.length} rolls used; the test needs more`);
    return rolls[i++]!;
  };
  return {
    d6: () => {
      const r = next();
      if (r < 1 || r > 6) throw new Error(`forced dice: ${r} is not a d6 roll`);
      return r;
    },
    int: (n: number) => {
      const r = next() - 1;
      if (r < 0 || r >= n) throw new Error(`forced dice: int(${n}) cannot be ${r + 1} - 1`);
      return r;
    },
    used: () => i,
  };
}
