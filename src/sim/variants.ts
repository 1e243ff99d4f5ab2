// Variants for `chaco compare`: "name:key=value,key=value" on top of the common settings. Keys are
// par / bol (policies, in any form --par and --bol take: policy-ref.ts), handicap (PAR+5, BOL=+3:
// handicap.ts) and anything --option takes (rules options, tables.*).
import type { Scenario } from '../core/scenario.js';
import { parseHandicap } from './handicap.js';
import { parsePolicyRef } from './policy-ref.js';
import { SpecError, type RunSpec } from './spec.js';

export interface Variant {
  readonly name: string;
  /** The pairs as written. */
  readonly settings: readonly string[];
  readonly spec: RunSpec;
}

/** Splits on `sep` outside brackets, braces and quotes (a chart override's JSON may hold commas). */
export function splitTopLevel(text: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0,
    quote = false,
    start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === '"') quote = false;
      continue;
    }
    if (c === '"') quote = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** A variant of `base` (whose scenario is `scenario`); names what is wrong with a bad one. */
export function parseVariant(text: string, base: RunSpec, scenario: Scenario): Variant {
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  if (!NAME.test(name)) {
    throw new SpecError(
      `--variant "${text}": write name:key=value,key=value (a name of letters, digits, _ . -), e.g. cav:mountedCavalry=true or hard:bol=passive,handicap=PAR+5`,
    );
  }
  if (name === 'base')
    throw new SpecError(`--variant ${text}: "base" is the baseline's name (the common settings); give the variant its own name`);
  const pairs = colon < 0 ? [] : splitTopLevel(text.slice(colon + 1));
  if (pairs.length === 0)
    throw new SpecError(
      `--variant ${text}: give at least one setting, e.g. ${name}:mountedCavalry=true (a variant with none plays the baseline again)`,
    );
  let par = base.par,
    bol = base.bol;
  let handicap = base.handicap;
  const options = [...base.options];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      throw new SpecError(`--variant ${name}: "${pair}": write key=value (keys: par, bol, handicap, a rules option or tables.<path>)`);
    const key = pair.slice(0, eq).trim(),
      value = pair.slice(eq + 1).trim();
    if (key === 'par' || key === 'bol') {
      if (value === '') throw new SpecError(`--variant ${name}: ${key}= needs a policy name`);
      const { policy } = parsePolicyRef(`--variant ${name}: ${key}=`, value, scenario, key, base.seed);
      if (key === 'par') par = policy;
      else bol = policy;
    } else if (key === 'handicap') {
      try {
        handicap = parseHandicap(value, handicap);
      } catch (err) {
        throw new SpecError(`--variant ${name}: ${(err as Error).message}`);
      }
    } else options.push(`${key}=${value}`);
  }
  return { name, settings: pairs, spec: { ...base, par, bol, handicap, options } };
}

/** The variants to compare, baseline first: the common settings as "base". Names must be unique. */
export function parseVariants(texts: readonly string[], base: RunSpec, scenario: Scenario): Variant[] {
  if (texts.length === 0) throw new SpecError('give at least one --variant name:key=value,... to compare with the common settings');
  const variants = texts.map((t) => parseVariant(t, base, scenario));
  const seen = new Set<string>();
  for (const v of variants) {
    if (seen.has(v.name)) throw new SpecError(`--variant ${v.name}: the name is used twice; give each variant its own name`);
    seen.add(v.name);
  }
  return [{ name: 'base', settings: [], spec: base }, ...variants];
}
