// --check for the built-in policies: each decision is compared with a snapshot taken before it (the
// state, the scenario's map, counters and tables, the decision), and a policy that changed any of it
// fails the game with the same error a user module gets from its read-only view (read-only-view.ts).
// A snapshot costs a copy and a memory compare per decision, where the read-only view's Proxy costs on
// every read (the heuristic behind it takes tens of times as long: bench/view.mjs); the policy still
// reads the state itself, so the games are the very games of an unchecked run. A write undone before
// the answer goes unseen, which the read-only view would refuse.
import { Buffer } from 'node:buffer';
import type { Decision, Policy } from '../core/decisions.js';
import type { Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import { ViewWriteError, viewWriteMessage, type TypedArray } from './read-only-view.js';

/** A typed array with where it sits and a copy of it as it was; `now` and `was` are their bytes. */
interface Watched {
  readonly path: string;
  readonly array: TypedArray;
  readonly copy: TypedArray;
  readonly now: Buffer;
  readonly was: Buffer;
}

const bytes = (a: TypedArray) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function watched(path: string, array: TypedArray): Watched {
  const copy = array.slice();
  return { path, array, copy, now: bytes(array), was: bytes(copy) };
}

/** The typed arrays reachable from `root` (objects, arrays, Maps), each once, with a copy. */
function watch(root: unknown, path: string): Watched[] {
  const out: Watched[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, at: string) => {
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      out.push(watched(at, v as TypedArray));
      return;
    }
    if (v instanceof Map) {
      for (const [k, x] of v) walk(x, `${at}.get(${String(k)})`);
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, Array.isArray(v) ? `${at}[${k}]` : `${at}.${k}`);
  };
  walk(root, path);
  return out;
}

/** The scenario's arrays as they were when first seen (they never change): once per scenario. */
const scenarioArrays = new WeakMap<object, Watched[]>();

/** The first changed element of the watched arrays, as "path[i] (was → now)", or null. */
function changed(watched: readonly Watched[]): string | null {
  for (const w of watched) {
    if (w.now.equals(w.was)) continue;
    for (let i = 0; i < w.array.length; i++) if (w.array[i] !== w.copy[i]) return `${w.path}[${i}] (${w.copy[i]} → ${w.array[i]})`;
  }
  return null;
}

/** A decision's typed arrays and lists (its own, and those of the objects in it, e.g. `movable`), with copies. */
interface DecisionSnapshot {
  readonly watched: Watched[];
  readonly lists: [string, readonly unknown[], unknown[]][];
}

function snapshotOf(o: object, path: string, out: DecisionSnapshot, depth: number): void {
  for (const [k, v] of Object.entries(o)) {
    if (ArrayBuffer.isView(v)) out.watched.push(watched(`${path}.${k}`, v as TypedArray));
    else if (Array.isArray(v)) out.lists.push([`${path}.${k}`, v, v.slice()]);
    else if (typeof v === 'object' && v !== null && depth < 2) snapshotOf(v as object, `${path}.${k}`, out, depth + 1);
  }
}

const SCALARS = ['turn', 'month', 'rainy', 'truce', 'truceLastTurn', 'phasing', 'ended', 'version'] as const;

/**
 * `policy` with every decision and look-ahead checked against a snapshot: a change to the state, the
 * scenario or the decision fails it with a ViewWriteError naming `who`, the side, the decision and the
 * first field changed.
 */
export function checkedPolicy(policy: Policy, who: string): Policy {
  let state: GameState | null = null;
  let stateArrays: Watched[] = [];
  let scenario: Watched[] = [];
  const scalars: unknown[] = [];

  const before = (view: GameState) => {
    if (view !== state) {
      state = view;
      stateArrays = Object.entries(view)
        .filter(([, v]) => ArrayBuffer.isView(v))
        .map(([k, v]) => watched(`view.${k}`, v as TypedArray));
      let s = scenarioArrays.get(view.scenario);
      if (s === undefined) {
        s = watch(view.scenario, 'view.scenario');
        scenarioArrays.set(view.scenario, s);
      }
      scenario = s;
    } else {
      for (const w of stateArrays) w.copy.set(w.array);
    }
    SCALARS.forEach((k, i) => {
      scalars[i] = view[k];
    });
  };
  const after = (view: GameState, side: Side, doing: string, decision: DecisionSnapshot | null) => {
    let field = changed(stateArrays) ?? changed(scenario);
    field ??=
      SCALARS.map((k, i) => (view[k] !== scalars[i] ? `view.${k} (${String(scalars[i])} → ${String(view[k])})` : null)).find(
        (f) => f !== null,
      ) ?? null;
    if (decision) {
      field ??= changed(decision.watched);
      for (const [path, list, copy] of decision.lists) {
        if (field !== null) break;
        const i = list.length !== copy.length ? Math.min(list.length, copy.length) : list.findIndex((x, j) => x !== copy[j]);
        if (i >= 0) field = `${path}[${i}]`;
      }
    }
    if (field !== null) throw new ViewWriteError(viewWriteMessage(who, side, doing, field));
  };

  return {
    name: policy.name,
    decide<D extends Decision>(decision: D, view: Parameters<Policy['decide']>[1]) {
      before(view);
      const snapshot: DecisionSnapshot = { watched: [], lists: [] };
      snapshotOf(decision, 'decision', snapshot, 0);
      const answer = policy.decide(decision, view);
      after(view, decision.side, `${decision.kind} decision`, snapshot);
      return answer;
    },
    ...(policy.startTurn
      ? {
          startTurn(
            view: Parameters<NonNullable<Policy['startTurn']>>[0],
            side: Side,
            lookahead: Parameters<NonNullable<Policy['startTurn']>>[2],
          ) {
            before(view);
            policy.startTurn!(view, side, lookahead);
            after(view, side, 'look-ahead at the start of its turn', null);
          },
        }
      : {}),
  };
}
