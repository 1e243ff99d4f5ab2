// Policy names that stand for a file of the scenario: `historical` (its plan for the side, policies/) and
// `tuned` (chaco tune's result, policies/tuned/). Resolved once per run, before the games are played.
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { DEFAULT_DATA_DIR } from '../data/load.js';

export const POLICIES_DIR = join(dirname(DEFAULT_DATA_DIR), 'policies');
export const ALIASES = ['historical', 'tuned'] as const;

/** The file an alias names for a scenario and side (may not exist). */
export function aliasFile(alias: (typeof ALIASES)[number], scenarioId: string, side: 'par' | 'bol'): string {
  return alias === 'historical'
    ? join(POLICIES_DIR, `${scenarioId}-${side}-historical.json`)
    : join(POLICIES_DIR, 'tuned', `${scenarioId}-${side}.json`);
}

/** A path as short as it can be written from here (relative when inside the working folder). */
function shortPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

/**
 * The policy `name` stands for: the alias's file when it exists, null when it does not (the scenario
 * has no such plan or tuned file), or the name itself when it is no alias.
 */
export function resolveAlias(name: string, scenarioId: string, side: 'par' | 'bol'): string | null {
  const [base, ...restrictions] = name.split('+');
  if (!(ALIASES as readonly string[]).includes(base!)) return name;
  const file = aliasFile(base as (typeof ALIASES)[number], scenarioId, side);
  return existsSync(file) ? [shortPath(file), ...restrictions].join('+') : null;
}
