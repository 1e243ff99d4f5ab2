// Every rules option in one place: the optional rules (10.13, 13.2, 16.5) and each ruling of
// docs/rulings.md that a designer may switch. Defaults are the rulings' readings; each ruling says
// what the other value means and what it was measured to do to the balance.

export interface OptionDef<T extends boolean | number | string> {
  readonly name: string;
  readonly default: T;
  /** Allowed values (booleans: true/false). */
  readonly values: readonly T[];
  /** Rule sections and rulings (I-n, docs/rulings.md) this option implements; `chaco options` prints them. */
  readonly refs: string;
  readonly description: string;
}

export const OPTION_DEFS = [
  {
    name: 'ballivianLength',
    default: 9,
    values: [9, 10],
    refs: '17.4, I-4',
    description:
      'Turns of the Ballivián scenario: 9 (May 1934 - January 1935, chaining into Villa Montes) or 10 (to February 1935, as 17.4 prints it).',
  },
  {
    name: 'mountedCavalry',
    default: false,
    values: [false, true],
    refs: '10.13, I-61',
    description:
      'Optional rule: all cavalry is mounted (MF 8, -1 to the attack roll when half or more of the attackers are cavalry, always rolls attrition, -1 more when out of General Supply).',
  },
  {
    name: 'artilleryBarrage',
    default: false,
    values: [false, true],
    refs: '13.2, I-61',
    description: 'Optional rule: artillery may barrage adjacent enemy hexes before regular combat (Artillery Barrage Table).',
  },
  {
    name: 'fixedSettlementVP',
    default: false,
    values: [false, true],
    refs: '16.5, I-33, I-61',
    description: 'Optional rule: fixed VP for captured settlements (advance +3, big four +5; movement +6, big four +10) instead of dice.',
  },
  {
    name: 'overstackScoresVP',
    default: false,
    values: [false, true],
    refs: '11.1, I-14',
    description: 'Whether units removed for over-stacking give the enemy VP as eliminated units.',
  },
  {
    name: 'artilleryStackedDefence',
    default: 'attack',
    values: ['attack', 'parenthesised'],
    refs: '2.10, 12.6, I-25',
    description:
      'What artillery defends with when stacked with other combat unit types: its attack factor, or its parenthesised factor as when alone.',
  },
  {
    name: 'maxOddsColumn',
    default: 6,
    values: [6, 8],
    refs: '12.4, I-26',
    description:
      'Highest odds column: odds above it use it. The chart stops at 6-1; 8 (the rule text) needs 7-1 and 8-1 columns added to the CRT in tables.json.',
  },
  {
    name: 'unnamedSettlements',
    default: false,
    values: [false, true],
    refs: '3.2, 16.2, I-60',
    description:
      'Whether the real places the rules never name as settlements (map.json "settlement": "unnamed": Carlos A. López, Guachalla, Esmeralda, Pozo Hondo, Infante Rivarola, Picuiba, Camiri, Macharetí) count as settlements for control and VP. Off: they are labels that keep their water, roads and terrain.',
  },
  {
    name: 'reactionCaptureScores',
    default: true,
    values: [true, false],
    refs: '16.2, I-34',
    description: 'Whether a settlement captured in Reaction Movement scores the movement VP (2 x 1d6, big four 2 x 2d6).',
  },
] as const satisfies readonly OptionDef<boolean | number | string>[];

type Defs = typeof OPTION_DEFS;
export type OptionName = Defs[number]['name'];
export type RulesOptions = { readonly [D in Defs[number] as D['name']]: D['values'][number] };

export const DEFAULT_OPTIONS: RulesOptions = Object.freeze(
  Object.fromEntries(OPTION_DEFS.map((d) => [d.name, d.default])) as unknown as RulesOptions,
);

/**
 * The rules the booklet marks "(Optional)": 10.13 and 13.2; the campaign's "all rules" (17.6) turns
 * them on. 16.5's fixed VP is an alternative to 16.2's dice, not an extra rule, so it is not here (I-61).
 */
export const OPTIONAL_RULES: readonly OptionName[] = ['mountedCavalry', 'artilleryBarrage'];

/** Where an option's value came from: the command line overrides the scenario file, which overrides the default. */
export type OptionSource = 'default' | 'scenario' | 'command line';
export type OptionSources = { readonly [K in OptionName]: OptionSource };

/** One option's value checked against its definition: the value, or a message saying what is allowed. */
export function checkOptionValue(key: string, value: unknown): { value: boolean | number | string } | { problem: string } {
  const def = OPTION_DEFS.find((d) => d.name === key);
  if (!def) return { problem: `no such option "${key}" (options: ${OPTION_DEFS.map((d) => d.name).join(', ')})` };
  const found = (def.values as readonly (boolean | number | string)[]).find((v) => v === value);
  if (found === undefined)
    return { problem: `${key}: ${JSON.stringify(value)} is not allowed; allowed values are ${def.values.join(', ')}` };
  return { value: found };
}

/**
 * The options of a run: the defaults, then the scenario file's, then the command line's "key=value"
 * pairs, each over the one before; with where each value came from.
 */
export function resolveOptions(
  scenario: Partial<RulesOptions>,
  pairs: readonly string[],
): { options: RulesOptions; sources: OptionSources } {
  const fromFile = Object.freeze({ ...DEFAULT_OPTIONS, ...scenario }) as RulesOptions;
  const options = parseOptions(pairs, fromFile);
  const given = new Set(pairs.map((p) => p.slice(0, Math.max(0, p.indexOf('=')))));
  const sources = Object.fromEntries(
    OPTION_DEFS.map((d) => [d.name, given.has(d.name) ? 'command line' : Object.hasOwn(scenario, d.name) ? 'scenario' : 'default']),
  ) as unknown as OptionSources;
  return { options, sources };
}

/** Parses "key=value" strings into options over the defaults; throws with every problem found. */
export function parseOptions(pairs: readonly string[], base: RulesOptions = DEFAULT_OPTIONS): RulesOptions {
  const out: Record<string, boolean | number | string> = { ...base };
  const problems: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) {
      problems.push(`option "${pair}": write key=value, e.g. mountedCavalry=true`);
      continue;
    }
    const key = pair.slice(0, eq),
      text = pair.slice(eq + 1);
    const def = OPTION_DEFS.find((d) => d.name === key);
    if (!def) {
      problems.push(`option "${key}": no such option (options: ${OPTION_DEFS.map((d) => d.name).join(', ')})`);
      continue;
    }
    const value = (def.values as readonly (boolean | number | string)[]).find((v) => String(v) === text);
    if (value === undefined) {
      problems.push(`option ${key}=${text}: allowed values are ${def.values.join(', ')}`);
      continue;
    }
    out[key] = value;
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return Object.freeze(out) as unknown as RulesOptions;
}

/** The scenario's length under the options (I-4 applies to Ballivián). */
export function effectiveTurns(scenario: { readonly id: string; readonly turns: number }, options: RulesOptions): number {
  return scenario.id === 'ballivian' ? options.ballivianLength : scenario.turns;
}
