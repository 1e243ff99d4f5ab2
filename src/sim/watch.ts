// A watch on the decisions of user code (policy modules), so that one that never returns cannot hang a
// run: the worker notes in a small shared buffer which game, side and decision kind user code is deciding
// and since when; the runner reads it and stops the shard (ending its worker thread) once a decision
// has taken longer than --decision-timeout. The clock is the runner's, never the game's (I-41). Nothing
// of the game: a game module wraps its players' decisions in watchedCall.

// Int32 view: [0] deciding (0/1), [1] game index, [2] side, [3] kind length; Float64 [2]: start (ms);
// bytes 24..55: the decision kind's name.
const KIND_BYTES = 32;
const BYTES = 24 + KIND_BYTES;

export type Watch = SharedArrayBuffer;

export function createWatch(): Watch {
  return new SharedArrayBuffer(BYTES);
}

/** The watch's views, made once per player: the flag and indices, the start time, the decision kind's bytes. */
export interface WatchViews {
  readonly i32: Int32Array;
  readonly f64: Float64Array;
  readonly kind_b: Uint8Array;
}

export function watchViews(watch: Watch): WatchViews {
  return { i32: new Int32Array(watch, 0, 4), f64: new Float64Array(watch, 16, 1), kind_b: new Uint8Array(watch, 24, KIND_BYTES) };
}

const encoder = new TextEncoder();

/** `call` (a decision of kind `kind` by the player of `side` in game `game`) reported to the watch while it runs. */
export function watchedCall<T>(v: WatchViews, game: number, side: number, kind: string, call: () => T): T {
  const { written } = encoder.encodeInto(kind, v.kind_b);
  v.i32[1] = game;
  v.i32[2] = side;
  v.i32[3] = written;
  v.f64[0] = Date.now();
  Atomics.store(v.i32, 0, 1);
  try {
    return call();
  } finally {
    Atomics.store(v.i32, 0, 0);
  }
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
