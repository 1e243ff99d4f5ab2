// A watch on the decisions of user policy modules, so that one that never returns cannot hang a run:
// the worker notes in a small shared buffer which game, side and decision kind a module is deciding
// and since when; the runner reads it and stops the shard (ending its worker thread) once a decision
// has taken longer than --decision-timeout. The clock is the runner's, never the game's (I-41).
import type { Decision, Policy } from '../core/decisions.js';

// Int32 view: [0] deciding (0/1), [1] game index, [2] side, [3] kind length; Float64 [2]: start (ms);
// bytes 24..55: the decision kind's name.
const KIND_BYTES = 32;
const BYTES = 24 + KIND_BYTES;

export type Watch = SharedArrayBuffer;

export function createWatch(): Watch {
  return new SharedArrayBuffer(BYTES);
}

/** `policy` (a user module named `name`) reporting each decision to the watch. */
export function watchedPolicy(policy: Policy, watch: Watch, game: number, side: number): Policy {
  const i32 = new Int32Array(watch, 0, 4),
    f64 = new Float64Array(watch, 16, 1),
    kind_b = new Uint8Array(watch, 24, KIND_BYTES);
  const encoder = new TextEncoder();
  return {
    name: policy.name,
    decide<D extends Decision>(decision: D, view: Parameters<Policy['decide']>[1]) {
      const { written } = encoder.encodeInto(decision.kind, kind_b);
      i32[1] = game;
      i32[2] = side;
      i32[3] = written;
      f64[0] = Date.now();
      Atomics.store(i32, 0, 1);
      try {
        return policy.decide(decision, view);
      } finally {
        Atomics.store(i32, 0, 0);
      }
    },
  };
}

export interface Overdue {
  readonly game: number;
  readonly side: number;
  readonly kind: string;
  readonly ms: number;
}

/** The decision in progress if it has taken longer than `limitMs` by `now`, else null. */
export function overdue(watch: Watch, limitMs: number, now: number): Overdue | null {
  const i32 = new Int32Array(watch, 0, 4),
    f64 = new Float64Array(watch, 16, 1);
  if (Atomics.load(i32, 0) !== 1) return null;
  const ms = now - f64[0]!;
  if (ms <= limitMs) return null;
  const kind = new TextDecoder().decode(new Uint8Array(watch, 24, Math.min(KIND_BYTES, i32[3]!)).slice());
  return { game: i32[1]!, side: i32[2]!, kind, ms };
}
