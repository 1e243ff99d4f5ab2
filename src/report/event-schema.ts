// The schema of the event records (src/core/events.ts) in zod: checked against the TypeScript types when
// this compiles, and written out as JSON Schema (src/report/events.schema.json, `npm run events-schema`)
// for whoever reads a replay's events.json without TypeScript.
import { z } from 'zod';
import type { GameEvent } from '../core/events.js';

const int = z.number().int();
const unit = int.describe('a unit: its position in scenarios/counters.json "units"');
const leader = int.describe('a leader: his position in scenarios/counters.json "leaders"');
const truck = int.describe("a truck: Paraguay's trucks first, then Bolivia's");
const hex = int.describe(
  'a hex: (column - first column) x rows + (row - first row) on the map of scenarios/map.json; off the map: ' +
    '-1 the pile or Available box, -2 the dead pile or Replaced Leaders box, -3 out of the game, -5 a GHQ off the map, -10 - b off-map box b',
);
const side = z.union([z.literal(0), z.literal(1)]).meta({ id: 'side', description: '0 Paraguay, 1 Bolivia' });
const rule = z.string().describe('the rule sections and rulings that apply, e.g. "12.6" or "10.3, I-35"');
const crt = z
  .strictObject({
    loss: z
      .union([z.literal(0), z.literal(10), z.literal(25), z.literal(50), z.literal(100)])
      .describe('share of steps lost in percent; 100 is E'),
    retreat: z.boolean().describe('R: a retreat check follows'),
  })
  .meta({ id: 'crtOutcome', description: "one side's CRT result (12.5)" });
const units = z.array(unit);

const modifier = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.enum(['defenderTerrain', 'attackFromClear', 'attackerAir', 'defenderAir', 'mountedCavalry']),
      value: int,
      rule,
    }),
    z.strictObject({ kind: z.literal('leader'), leader, value: int, rule }),
  ])
  .meta({ id: 'combatModifier', description: 'a modifier of the combat roll (12.13, 12.14, 13.3, 10.13)' });

const roll = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S, description: string) =>
  z.strictObject({ type: z.literal('roll'), kind: z.literal(kind), roll: int, rule, ...shape }).describe(description);

const rolls = z.discriminatedUnion('kind', [
  roll('weather', { rainy: z.boolean() }, "5.0: December's weather"),
  roll('truce', { truce: z.boolean() }, '6.1: the second truce roll'),
  roll('truceContinues', { truce: z.boolean() }, '6.4: whether a truce continues'),
  roll('supplyTable', { side, modified: int }, '8.2: the Supply Table; modified is the row read'),
  roll(
    'attrition',
    { side, unit, modified: int, effect: z.enum(['none', 'step', 'eliminated', 'surrendered']) },
    "8.12: a unit's attrition roll",
  ),
  roll('callUp', { side }, '9.5: a call-up; the roll is the number of extra units'),
  roll('retreat', { side, unit, rout: z.boolean(), modified: int }, "12.7: a unit's retreat check"),
  roll('barrage', { side, hex, column: int, steps: int, modified: int }, '13.2: a barrage on hex; column 0: less than one artillery unit'),
  roll('well', { side, unit, hex, found: z.boolean() }, '14.6: an engineer digging a well'),
  roll('challenge', { side, leader, modified: int }, '15.3: a challenge to the army commander by leader'),
  roll('replaceCommander', { side, leader, modified: int }, '15.4: an attempt to replace the army commander leader'),
  roll('replaceLeader', { side, leader, modified: int }, '15.5: an attempt to replace the subordinate leader'),
]);

const vpBase = { type: z.literal('vp'), side, delta: int, total: int, rule };
const vp = z
  .discriminatedUnion('cause', [
    z.strictObject({ ...vpBase, cause: z.enum(['unitEliminated', 'unitSurrendered', 'unitExited']), unit }),
    z.strictObject({
      ...vpBase,
      cause: z.enum(['leaderDisplaced', 'leaderLostWithStack', 'commanderNotReplaced', 'leaderNotReplaced']),
      leader,
    }),
    z.strictObject({ ...vpBase, cause: z.enum(['settlementByMovement', 'settlementByAdvance']), hex }),
    z.strictObject({ ...vpBase, cause: z.literal('cspCaptured'), csp: int }),
    z.strictObject({ ...vpBase, cause: z.enum(['callUp', 'truceRefused', 'challengeModifier', 'replacementModifier']) }),
  ])
  .describe("16.2: a change of a side's VP, its cause and what it concerns; total is the side's VP after it");

const lossBase = { type: z.literal('loss'), side, unit, result: z.enum(['reduced', 'eliminated', 'surrendered']), rule };
const loss = z
  .discriminatedUnion('cause', [
    z.strictObject({ ...lossBase, cause: z.literal('combat'), crt }),
    z.strictObject({ ...lossBase, cause: z.enum(['noRetreat', 'routCutShort', 'furtherCombat', 'barrage', 'attrition', 'overstack']) }),
  ])
  .describe('a unit reduced or removed, and why');

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S, description: string) =>
  z.strictObject({ type: z.literal(type), ...shape }).describe(description);

export const gameEventSchema = z.discriminatedUnion('type', [
  event(
    'turn',
    { turn: int, month: int, rainy: z.boolean(), truce: z.boolean() },
    '4.2: a game turn begins (turn from 0; month: year x 12 + month - 1, September 1932 is 23192)',
  ),
  event(
    'phase',
    {
      side,
      phase: z.enum([
        'supply',
        'new units',
        'movement',
        'reaction movement',
        'first combat',
        'reaction combat',
        'second combat',
        'construction',
        'political',
      ]),
    },
    "4.2 II: a phase of side's player turn begins",
  ),
  rolls,
  vp,
  event(
    'setup',
    { side, piece: z.enum(['unit', 'leader', 'ghq', 'truck', 'csp']), id: int, hex },
    '17.1: a piece set up; id is the unit, leader or truck index, -1 for the GHQ and a CSP',
  ),
  event(
    'move',
    {
      side,
      units,
      leaders: z.array(leader),
      trucks: z.array(truck),
      ghq: z.boolean(),
      csp: int,
      carrier: int,
      path: z.array(hex),
      phase: z.enum(['movement', 'reaction']),
    },
    "10: one move order; path is the cargo's, from its pickup when the truck carrier (-1: none) carries it",
  ),
  event(
    'combat',
    {
      side,
      phase: z.enum(['first', 'reaction', 'second']),
      attackers: units,
      defenders: units,
      hexes: z.array(hex),
      attack: int,
      defence: int,
      column: int,
      belowLowest: z.boolean(),
      modifiers: z.array(modifier),
      roll: int,
      modified: int,
      attacker: crt,
      defender: crt,
      cancelled: z.boolean(),
    },
    "12.1-12.5: an attack: strengths, the odds column (0 = 1-2), modifiers, the roll and each side's result (cancelled: both eliminated, 12.6)",
  ),
  loss,
  event('retreat', { side, unit, from: hex, to: hex, rout: z.boolean() }, '12.7, 12.8: a unit retreats or routs after its check'),
  event(
    'advance',
    { side, unit, from: hex, to: hex, attacker: z.boolean() },
    '12.11: the attacker advances; 12.9 (attacker false): the defender occupies',
  ),
  event('capture', { side, hex, how: z.enum(['movement', 'advance', 'other']) }, '3.2, 16.2: an enemy-controlled settlement taken'),
  event('control', { side, hex }, '3.2: control of a hex that is not a settlement (or of a settlement at set-up, I-57)'),
  event(
    'supply',
    { side, locLength: int, radius: int, csp: int, replacements: int, truck: z.boolean(), outOfSupply: units },
    '8: the Supply Phase: LOC length (-1: none), radius, what the Supply Table gave, the units out of General Supply',
  ),
  event('reinforcement', { side, unit, hex }, '9.4: a reinforcement placed'),
  event('replacement', { side, unit, rule }, '9.3: a reduced unit flipped back'),
  event('unplaced', { side, unit, rule }, 'I-36: a reinforcement with nowhere to go returns to the pile'),
  event('pileRefilled', { side, rule }, '9.4: the dead pile becomes the reinforcement pile'),
  event(
    'leader',
    {
      side,
      leader,
      to: hex,
      cause: z.enum([
        'new',
        'displacedByEnemy',
        'displacedByElimination',
        'displacedByRetreat',
        'commanderReplaced',
        'challengerReplaced',
        'subordinateReplaced',
      ]),
      rule,
    },
    '15.6, I-35, 15.3-15.5: a leader arrives, is displaced or retires',
  ),
  event(
    'truce',
    { state: z.enum(['started', 'continued', 'ended', 'refused']), side: side.optional() },
    '6.1-6.4: the truce; side: who refused',
  ),
  event(
    'build',
    { side, hex, what: z.enum(['entrenchment', 'fortification', 'trail', 'well']), unit: int },
    '14.3-14.6: works completed by the engineer unit (-1: a marker placed at set-up)',
  ),
  event('trailLost', { hex, rule }, '14.5: a trail reverts to its terrain'),
  event('wellDestroyed', { side, hex, rule }, '14.6: a well destroyed by a unit of side'),
  event('truckLost', { side, truck, hex, rule }, "10.3: side's truck destroyed by an enemy entering its hex"),
  event(
    'cspCaptured',
    { side, hex, captured: int, lost: int, rule },
    '10.3: side overruns enemy CSP: captured become its own, lost are destroyed',
  ),
  event('ghqRemoved', { side, cause: z.enum(['overrun', 'voluntary']), rule }, "10.3, 8.5: side's GHQ leaves the map"),
  event('end', { how: z.enum(['scenario_end', 'sudden_death', 'settlement']), winner: side, turn: int }, '16: the game ends'),
]);

/** A replay's events.json: the records in the order they happened. */
export const eventsFileSchema = z.array(gameEventSchema);

// The schema and the types describe the same records (readonly aside): this fails to compile otherwise.
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Parsed = z.infer<typeof gameEventSchema>;
export const typesAgree: [(e: Parsed) => GameEvent, (e: Writable<GameEvent>) => Parsed] = [(e) => e, (e) => e];

/** The JSON Schema of events.json, as committed in src/report/events.schema.json. */
export function eventsJsonSchema(): object {
  const schema = z.toJSONSchema(eventsFileSchema, {
    // Integers are small: drop zod's safe-integer bounds.
    override: (ctx) => {
      const s = ctx.jsonSchema as { minimum?: number; maximum?: number };
      if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
      if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
    },
  });
  return { ...schema, title: 'chaco replay events.json', description: 'The events of one game in order (src/core/events.ts).' };
}
