// A user's own policy as a JavaScript module loaded by path (--par ./my-policy.mjs). The module's
// default export is a function from { seed, side, lib } to a Policy; `lib` hands it the built-in
// policies and the helpers every policy shares, so the module needs no import paths into chaco.
// A module decides through the read-only view (read-only-view.ts): a write to the game fails the game.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Policy } from '../core/decisions.js';
import * as movement from '../core/movement.js';
import * as combat from '../core/combat.js';
import * as losses from '../core/combat-losses.js';
import * as supply from '../core/supply.js';
import * as hex from '../core/hex.js';
import { heuristicPolicy } from './heuristic.js';
import { PRESETS } from './heuristic-params.js';
import { passivePolicy } from './passive.js';
import { randomPolicy } from './random.js';
import { attackOutlook, supplyFlags } from './outlook.js';
import type { Side } from '../core/side.js';
import { readOnlyPolicy, trustedPolicy, ViewWriteError } from './read-only-view.js';

/**
 * What a module gets as `lib`. The built-in policies in it read the state itself, as when the engine
 * asks them (a module handing them its view costs nothing); the helpers read through the module's view.
 */
export const policyLib = {
  heuristicPolicy: (...args: Parameters<typeof heuristicPolicy>) => trustedPolicy(heuristicPolicy(...args)),
  passivePolicy: () => trustedPolicy(passivePolicy()),
  randomPolicy: (seed: string) => trustedPolicy(randomPolicy(seed)),
  PRESETS,
  attackOutlook,
  supplyFlags,
  movement,
  combat,
  losses,
  supply,
  hex,
};
export type PolicyLib = typeof policyLib;

export interface PolicyModuleContext {
  /** This game's stream for this side: seed a Dice with it (lib: no Math.random, I-41). */
  readonly seed: string;
  readonly lib: PolicyLib;
}

export type PolicyFactory = (ctx: PolicyModuleContext) => Policy;

const factories = new Map<string, PolicyFactory>();

/** A policy module that cannot be used (missing, broken, wrong export): the user's file, exit 2. */
export class PolicyModuleError extends Error {
  override name = 'PolicyModuleError';
}

export function isPolicyModule(name: string): boolean {
  return /\.(m?js|cjs)$/.test(name);
}

/** Loads every module among `names` (once per process); an error names the file and what is wrong. */
export async function loadPolicyModules(names: readonly string[]): Promise<void> {
  for (const name of names) {
    if (!isPolicyModule(name) || factories.has(name)) continue;
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(resolve(name)).href)) as { default?: unknown };
    } catch (err) {
      throw new PolicyModuleError(`policy module ${name}: cannot load it (${(err as Error).message.split('\n')[0]})`);
    }
    if (typeof mod.default !== 'function')
      throw new PolicyModuleError(`policy module ${name}: its default export must be a function ({ seed, side, lib }) => policy`);
    factories.set(name, mod.default as PolicyFactory);
  }
}

/** `err`, thrown while the module decided, as an error naming the module, the side and what it was doing (a refused write names them already). */
function fault(err: unknown, name: string, side: Side, doing: string): Error {
  if (err instanceof ViewWriteError) return err;
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return new Error(`policy module ${name} (${side === 0 ? 'PAR' : 'BOL'}): its ${doing} threw: ${message}`, { cause: err });
}

/** A policy from a loaded module; it must answer `decide` and have a name. */
export function createModulePolicy(name: string, seed: string): Policy {
  const factory = factories.get(name);
  if (!factory) throw new Error(`policy module ${name} was not loaded (call loadPolicyModules first)`);
  const policy = factory({ seed, lib: policyLib });
  if (!policy || typeof policy.decide !== 'function')
    throw new Error(`policy module ${name}: the factory must return an object with decide(decision, view)`);
  const guarded = readOnlyPolicy(policy, `policy module ${name}`);
  return {
    name: guarded.name,
    decide(decision, view) {
      try {
        return guarded.decide(decision, view);
      } catch (err) {
        throw fault(err, name, decision.side as Side, `${decision.kind} decision`);
      }
    },
    ...(guarded.startTurn
      ? {
          startTurn(
            view: Parameters<NonNullable<Policy['startTurn']>>[0],
            side: Side,
            lookahead: Parameters<NonNullable<Policy['startTurn']>>[2],
          ) {
            try {
              guarded.startTurn!(view, side, lookahead);
            } catch (err) {
              throw fault(err, name, side, 'look-ahead at the start of its turn');
            }
          },
        }
      : {}),
  };
}
