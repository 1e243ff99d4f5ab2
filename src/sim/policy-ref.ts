// A policy as every command takes it, parsed in one place: a built-in name (random, passive, a preset,
// search, search:N, search:N:pool, search:N:turn or search:N:decisions), a preset or plan file with +restrictions (balanced+noAir), historical or tuned (the
// scenario's files for the side, with restrictions too), a plan file (.json) or a module (.mjs/.js).
// What it stands for in a scenario and for a side is what the games play (createPolicy's name).
import { existsSync } from 'node:fs';
import type { Scenario } from '../core/scenario.js';
import { DataError } from '../data/issues.js';
import { ALIASES, resolveAlias } from '../policy/aliases.js';
import { createPolicy, isBuiltinPolicy, isPlanFile, isPolicyModule, POLICY_NAMES } from '../policy/index.js';
import { readPlanFile } from '../policy/plan.js';
import { prepareRun, SpecError, type RunSpec } from './spec.js';

export type PolicySide = 'par' | 'bol';

/** A policy as written and what it stands for in one scenario, for one side. */
export interface PolicyRef {
  /** As the command was given it: "historical+noAir". */
  readonly text: string;
  /** What the games play (createPolicy's name): "policies/boqueron-par-historical.json+noAir". */
  readonly policy: string;
}

/** Every form a policy may take, for messages. */
export const POLICY_FORMS = `${POLICY_NAMES.join(', ')}, search:N, search:N:pool, search:N:turn, search:N:decisions, ${ALIASES.join(', ')}, a preset, plan or alias with +restrictions (e.g. balanced+noAir), a plan file (.json) or a module (.mjs/.js)`;

const SIDE_NAME = { par: 'Paraguay', bol: 'Bolivia' } as const;

/** Where a policy was given and the text: "--par clever", "--variant x: bol=clever". */
const given = (flag: string, text: string) => (flag.endsWith('=') ? `${flag}${text}` : `${flag} ${text}`);

/** What kind of policy a text is, or null when it is none (its validity beyond the form is createPolicy's to judge). */
export function policyForm(text: string): 'module' | 'alias' | 'plan' | 'builtin' | null {
  if (isPolicyModule(text)) return 'module';
  const base = text.split('+')[0]!;
  if ((ALIASES as readonly string[]).includes(base)) return 'alias';
  if (isPlanFile(base)) return 'plan';
  if (isBuiltinPolicy(base)) return 'builtin';
  return null;
}

/** The side a plan file states (plan.ts): it plays that side alone. */
export function planSide(text: string): PolicySide {
  return readPlanFile(text.split('+')[0]!).side === 'PAR' ? 'par' : 'bol';
}

/**
 * What `text` stands for in the scenario `scenarioId` for `side`: the alias's file (with its
 * restrictions) or the text itself; null when the scenario has no such file for the side, or the plan
 * is the other side's. `flag` names where it was given, for the error when it is no policy.
 */
export function resolvePolicy(flag: string, text: string, scenarioId: string, side: PolicySide): string | null {
  const form = policyForm(text);
  if (form === null) throw new SpecError(`${given(flag, text)}: no policy "${text}" (policies: ${POLICY_FORMS})`);
  if (form === 'alias') return resolveAlias(text, scenarioId, side);
  if (form === 'plan' && planSide(text) !== side) return null;
  return text;
}

/**
 * Checks that the games can make the policy (createPolicy decides: names, restrictions and plan files,
 * which it compiles; a module only needs to exist here: each worker loads it, and a bad one fails the
 * first game), and that a plan is this side's and this scenario's.
 */
export function checkPolicy(flag: string, policy: string, scenario: Scenario, side: PolicySide, seed: string): void {
  try {
    if (isPolicyModule(policy)) {
      if (!existsSync(policy)) throw new Error('no such file (a policy module is a path to a .mjs or .js file)');
      return;
    }
    createPolicy(policy, `${seed}:check:${flag}`, scenario);
  } catch (err) {
    if (err instanceof DataError) throw err;
    throw new SpecError(`${given(flag, policy)}: ${(err as Error).message}`);
  }
  const plan = policy.split('+')[0]!;
  if (isPlanFile(plan)) checkPlanFits(plan, side === 'par' ? 'PAR' : 'BOL', scenario.id);
}

/** A plan states its side and scenario (plan.ts): refused for the other side or another scenario. */
export function checkPlanFits(file: string, side: 'PAR' | 'BOL', scenarioId: string): void {
  const plan = readPlanFile(file);
  const flag = side === 'PAR' ? '--par' : '--bol';
  if (plan.side !== side)
    throw new SpecError(
      `${file}: side: "${plan.side}": this is ${plan.side === 'PAR' ? 'Paraguay' : 'Bolivia'}'s plan; give it to --${plan.side.toLowerCase()}, not ${flag}`,
    );
  if (plan.scenario !== undefined && plan.scenario !== scenarioId)
    throw new SpecError(`${file}: scenario: "${plan.scenario}": the plan is written for ${plan.scenario}, not ${scenarioId}`);
}

/**
 * A policy given for one side of a scenario, parsed and checked: what it stands for, or a SpecError
 * naming `flag`, the text and what is wrong (no such policy, no such file of the scenario, a plan of
 * the other side or scenario, a restriction that does not apply).
 */
export function parsePolicyRef(flag: string, text: string, scenario: Scenario, side: PolicySide, seed = 'check'): PolicyRef {
  const form = policyForm(text);
  let policy = resolvePolicy(flag, text, scenario.id, side);
  if (policy === null && form === 'plan') policy = text; // checkPolicy names the plan's side
  if (policy === null) {
    const alias = text.split('+')[0]!;
    throw new SpecError(
      `${given(flag, text)}: ${scenario.id} has no ${alias} policy for ${SIDE_NAME[side]}${alias === 'tuned' ? ` (make one: chaco tune ${scenario.id} --side ${side.toUpperCase()})` : ''}`,
    );
  }
  checkPolicy(flag, policy, scenario, side, seed);
  return { text, policy };
}

/** Checks both policies of a run (a cell of a study, a variant) against its scenario. */
export function checkPolicies(spec: RunSpec): void {
  const { scenario } = prepareRun(spec);
  checkPolicy('--par', spec.par, scenario, 'par', spec.seed);
  checkPolicy('--bol', spec.bol, scenario, 'bol', spec.seed);
}
