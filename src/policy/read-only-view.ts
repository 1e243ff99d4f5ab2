// The read-only view of the game a policy decides in: the game state (and the decision) behind a Proxy
// that answers every read and refuses every write with an error naming the policy, the decision and the
// field. User modules always decide through it. Built-in policies read the state itself (a Proxy costs
// on every read); --check compares their view before and after each decision instead (view-check.ts).
// Typed arrays (the state's hot data) cannot be frozen, so the guard is a wrapper, not a frozen copy.
import type { Decision, Policy } from '../core/decisions.js';
import type { Side } from '../core/side.js';

/** A policy wrote to its view: the game fails, naming the policy, its decision and the field. */
export class ViewWriteError extends Error {
  override name = 'ViewWriteError';
}

/** The message of a ViewWriteError: `who` (e.g. "policy module my.mjs"), the side, what it was doing ("move decision") and the field. */
export function viewWriteMessage(who: string, side: Side, doing: string, field: string): string {
  return `${who} (${side === 0 ? 'PAR' : 'BOL'}): its ${doing} wrote to ${field}: a policy reads the game through its view and answers; only the engine changes the game`;
}

/** Each guard and what it guards, so that answers and trusted code get the real objects back. */
const guarded = new WeakMap<object, object>();

/** The object a guard stands for (itself when it is not a guard). */
export function unguarded<T>(value: T): T {
  return typeof value === 'object' && value !== null ? ((guarded.get(value) as T | undefined) ?? value) : value;
}

/** What the guarded policy is doing, for the error; `wrote` stays set once a write was refused, even if the policy caught it. */
interface Deciding {
  readonly who: string;
  side: Side;
  doing: string;
  wrote: string | null;
}

export type TypedArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/** Typed-array methods that write into the array. */
const WRITES_ARRAY = new Set<PropertyKey>(['set', 'fill', 'copyWithin', 'reverse', 'sort']);
/** Map and Set methods that change the collection. */
const WRITES_COLLECTION = new Set<PropertyKey>(['set', 'add', 'delete', 'clear']);

function childPath(path: string, key: PropertyKey): string {
  if (typeof key === 'symbol') return path;
  return /^\d+$/.test(String(key)) ? `${path}[${String(key)}]` : `${path}.${String(key)}`;
}

/** A guard maker for one policy: the same object always gets the same guard (so a policy may key its caches on the view). */
function guardMaker(ctx: Deciding): (value: unknown, path: string) => unknown {
  const made = new WeakMap<object, object>();

  const refuse = (path: string): never => {
    const message = viewWriteMessage(ctx.who, ctx.side, ctx.doing, path);
    ctx.wrote ??= message;
    throw new ViewWriteError(message);
  };
  const refuser = (path: string) => ({
    set: (_t: object, key: PropertyKey) => refuse(childPath(path, key)),
    defineProperty: (_t: object, key: PropertyKey) => refuse(childPath(path, key)),
    deleteProperty: (_t: object, key: PropertyKey) => refuse(childPath(path, key)),
    setPrototypeOf: () => refuse(`${path}'s prototype`),
    preventExtensions: () => refuse(path),
  });

  function guard(value: unknown, path: string): unknown {
    if (typeof value !== 'object' || value === null) return value;
    let g = made.get(value);
    if (g === undefined) {
      g = ArrayBuffer.isView(value)
        ? typedArray(value as TypedArray, path)
        : value instanceof Map || value instanceof Set
          ? collection(value, path)
          : plain(value, path);
      made.set(value, g);
      guarded.set(g, value);
    }
    return g;
  }

  /** A typed array: reads go straight to it; its methods run on the array itself, those that write refuse. */
  function typedArray(array: TypedArray, path: string): object {
    const methods = new Map<PropertyKey, unknown>();
    const self: object = new Proxy<TypedArray>(array, {
      ...refuser(path),
      get(t, key) {
        const v: unknown = Reflect.get(t, key, t);
        if (typeof v !== 'function' || key === 'constructor') {
          if (key === 'buffer') refuse(`${path}.buffer (the memory behind the array; copy it with slice())`);
          return v;
        }
        let m = methods.get(key);
        if (m === undefined) {
          if (WRITES_ARRAY.has(key)) m = () => refuse(`${childPath(path, key)}()`);
          else if (key === 'subarray') m = (...args: [number?, number?]) => guard(t.subarray(...args), path);
          // Callbacks (map, forEach, reduce...) are handed the guard, not the array, as their array argument.
          else
            m = (...args: unknown[]) =>
              Reflect.apply(
                v,
                t,
                args.map((a) =>
                  typeof a === 'function'
                    ? function (this: unknown, ...xs: unknown[]) {
                        return Reflect.apply(
                          a,
                          this,
                          xs.map((x) => (x === t ? self : x)),
                        );
                      }
                    : a,
                ),
              );
          methods.set(key, m);
        }
        return m;
      },
    });
    return self;
  }

  /** A Map or Set (the counters' id index): read methods on the collection itself, values guarded. */
  function collection(c: Map<unknown, unknown> | Set<unknown>, path: string): object {
    const self: object = new Proxy(Object.create(Object.getPrototypeOf(c) as object) as object, {
      ...refuser(path),
      get(_t, key) {
        if (key === 'size') return c.size;
        if (WRITES_COLLECTION.has(key)) return () => refuse(`${childPath(path, key)}()`);
        if (key === 'get') return (k: unknown) => guard((c as Map<unknown, unknown>).get(k), `${path}.get(${String(k)})`);
        if (key === 'forEach')
          return (cb: (v: unknown, k: unknown, s: object) => void, thisArg?: unknown) =>
            c.forEach((v, k) => cb.call(thisArg, guard(v, path), k, self));
        if (key === 'values' || key === 'entries' || key === Symbol.iterator) {
          const entries = key === 'entries' || (key === Symbol.iterator && c instanceof Map);
          return function* () {
            for (const [k, v] of c.entries()) yield entries ? [k, guard(v, path)] : guard(v, path);
          };
        }
        const v: unknown = Reflect.get(c, key, c);
        return typeof v === 'function' ? (...args: unknown[]) => Reflect.apply(v, c, args) : v;
      },
      has: (_t, key) => Reflect.has(c, key),
    });
    return self;
  }

  /**
   * An object or array: every property read through the guard. The Proxy stands on an empty stand-in
   * (the scenario and its parts are frozen, and a Proxy must report a frozen target's own values as they are).
   */
  function plain(o: object, path: string): object {
    const standIn: object = Array.isArray(o) ? [] : (Object.create(Object.getPrototypeOf(o) as object | null) as object);
    return new Proxy(standIn, {
      ...refuser(path),
      get: (_t, key) => guard(Reflect.get(o, key, o), childPath(path, key)),
      has: (_t, key) => Reflect.has(o, key),
      ownKeys: () => Reflect.ownKeys(o),
      getPrototypeOf: () => Reflect.getPrototypeOf(o),
      getOwnPropertyDescriptor(_t, key) {
        const d = Reflect.getOwnPropertyDescriptor(o, key);
        if (d === undefined) return undefined;
        // An array's length is the stand-in's own non-configurable property: report it so, with the real value.
        if (Array.isArray(o) && key === 'length') return { value: o.length, writable: true, enumerable: false, configurable: false };
        return {
          value: guard(Reflect.get(o, key, o), childPath(path, key)),
          writable: false,
          enumerable: d.enumerable ?? false,
          configurable: true,
        };
      },
    });
  }

  return guard;
}

/** An answer with every guard in it replaced by what it guards (a policy may answer with arrays of its view). */
function unguardAnswer(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const real = guarded.get(value);
  if (real !== undefined) return real;
  if (depth >= 3) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    value.forEach((v, i) => {
      const u = unguardAnswer(v, depth + 1);
      if (u !== v) (out ??= value.slice())[i] = u;
    });
    return out ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(value)) {
    const u = unguardAnswer(v, depth + 1);
    if (u !== v) (out ??= { ...value })[k] = u;
  }
  return out ?? value;
}

/**
 * `policy` deciding through the read-only view: every decision and the look-ahead at the start of its
 * turn get the state and the decision behind a guard; a write fails the decision with a ViewWriteError
 * naming `who` (e.g. "policy module my.mjs"), the side, the decision and the field, even when the policy
 * catches it. Answers go back to the engine with the real objects in place of any guard.
 */
export function readOnlyPolicy(policy: Policy, who: string): Policy {
  const ctx: Deciding = { who, side: 0, doing: '', wrote: null };
  const guard = guardMaker(ctx);
  const done = <T>(answer: T): T => {
    if (ctx.wrote !== null) throw new ViewWriteError(ctx.wrote);
    return unguardAnswer(answer) as T;
  };
  return {
    name: policy.name,
    decide<D extends Decision>(decision: D, view: Parameters<Policy['decide']>[1]) {
      ctx.side = decision.side;
      ctx.doing = `${decision.kind} decision`;
      return done(policy.decide(guard(decision, 'decision') as D, guard(view, 'view') as typeof view));
    },
    ...(policy.startTurn
      ? {
          startTurn(
            view: Parameters<NonNullable<Policy['startTurn']>>[0],
            side: Side,
            lookahead: Parameters<NonNullable<Policy['startTurn']>>[2],
          ) {
            ctx.side = side;
            ctx.doing = 'look-ahead at the start of its turn';
            policy.startTurn!(guard(view, 'view') as typeof view, side, lookahead);
            done(undefined);
          },
        }
      : {}),
  };
}

/** A built-in policy a module builds on (lib.heuristicPolicy...): it reads the state itself, as it does when the engine asks it. */
export function trustedPolicy(policy: Policy): Policy {
  return {
    name: policy.name,
    decide: (decision, view) => policy.decide(unguarded(decision), unguarded(view)),
    ...(policy.startTurn ? { startTurn: (view, side, lookahead) => policy.startTurn!(unguarded(view), side, lookahead) } : {}),
  } as Policy;
}
