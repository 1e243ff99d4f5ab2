// A replay's events.json against the JSON Schema committed beside the code (src/report/events.schema.json):
// the records carry structured fields and nothing else; what the schema does not describe is refused.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameEvent } from '../../src/core/events.js';
import { eventsFileSchema, eventsJsonSchema } from '../../src/report/event-schema.js';
import { writeReplay } from '../../src/report/replay.js';
import { Ajv2020 } from 'ajv/dist/2020.js';

const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/report/events.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** The committed schema compiled by ajv in strict mode (an unknown keyword or a bad $ref fails here). */
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

/** What ajv finds wrong with `value`, one line an error: the path inside it, the message and its parameters. */
function schemaErrors(value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** events.json of a replay written as `chaco replay` writes it. */
function replayEvents(o: { scenario: string; seed: string; game: number; par: string; bol: string; options?: string[] }): GameEvent[] {
  const out = mkdtempSync(join(tmpdir(), 'chaco-events-'));
  writeReplay({ options: [], ...o, out });
  return JSON.parse(readFileSync(join(out, 'events.json'), 'utf8')) as GameEvent[];
}

/** Every string the schema allows as a value (consts and enums), besides `rule`. */
function schemaWords(s: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(s)) for (const x of s) schemaWords(x, out);
  else if (s && typeof s === 'object') {
    const o = s as Record<string, unknown>;
    if (typeof o.const === 'string') out.add(o.const);
    if (Array.isArray(o.enum)) for (const x of o.enum) if (typeof x === 'string') out.add(x);
    for (const v of Object.values(o)) schemaWords(v, out);
  }
  return out;
}

function strings(x: unknown, key = '', out: [string, string][] = []): [string, string][] {
  if (typeof x === 'string') out.push([key, x]);
  else if (Array.isArray(x)) for (const v of x) strings(v, key, out);
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) strings(v, k, out);
  return out;
}

describe('events.json and src/report/events.schema.json', () => {
  // The guidance's example game, and random play with barrages and mounted cavalry (many kinds of record).
  const balanced = replayEvents({ scenario: 'boqueron', seed: '2', game: 0, par: 'balanced', bol: 'balanced' });
  const random = replayEvents({
    scenario: 'alihuata',
    seed: '5',
    game: 0,
    par: 'random',
    bol: 'random',
    options: ['artilleryBarrage=true', 'mountedCavalry=true'],
  });

  test('the committed schema is the one the event types give (npm run events-schema)', () => {
    expect(schema).toEqual(eventsJsonSchema());
  });

  test("a replay's events.json validates against the schema", () => {
    for (const events of [balanced, random]) {
      expect(events.length).toBeGreaterThan(200);
      expect(schemaErrors(events)).toEqual([]);
      expect(eventsFileSchema.safeParse(events).success).toBe(true);
    }
  });

  test("its records carry structured fields: indices, sides, kinds and causes, and no words but the schema's", () => {
    const types = new Set([...balanced, ...random].map((e) => e.type));
    for (const t of [
      'turn',
      'phase',
      'roll',
      'vp',
      'setup',
      'move',
      'combat',
      'loss',
      'retreat',
      'advance',
      'capture',
      'supply',
      'reinforcement',
      'build',
      'end',
    ]) {
      expect(types, t).toContain(t);
    }
    const words = schemaWords(schema);
    for (const [key, value] of strings([...balanced, ...random])) {
      if (key === 'rule') expect(value).toMatch(/^(\d+(\.\d+)?|I-\d+)(, (\d+(\.\d+)?|I-\d+))*$/);
      else expect(words, `${key}: "${value}"`).toContain(value);
    }
    const combat = balanced.find((e) => e.type === 'combat')!;
    expect(combat).toMatchObject({ column: expect.any(Number), attacker: { loss: expect.any(Number), retreat: expect.any(Boolean) } });
    const barrage = random.find((e) => e.type === 'roll' && e.kind === 'barrage');
    expect(barrage).toMatchObject({
      side: expect.any(Number),
      hex: expect.any(Number),
      column: expect.any(Number),
      steps: expect.any(Number),
    });
  });

  test('what the schema does not describe is refused: free text, a missing or extra field, an unknown cause, a name for an index', () => {
    const combat = balanced.find((e) => e.type === 'combat')!;
    const { column: _column, ...noColumn } = combat;
    const vp = balanced.find((e) => e.type === 'vp')!;
    const move = balanced.find((e) => e.type === 'move')!;
    const bad: [unknown, RegExp][] = [
      [{ type: 'note', text: 'a truck is destroyed', rule: '10.3' }, /^\/0\/type must be equal to constant \{"allowedValue":"turn"\}/m],
      [noColumn, /^\/0 must have required property 'column'/m],
      [{ ...combat, what: 'an attack' }, /^\/0 must NOT have additional properties \{"additionalProperty":"what"\}/m],
      [{ ...vp, cause: 'bought a challenge die modifier' }, /^\/0\/cause must be equal to/m],
      [{ ...move, units: ['1st Infantry'] }, /^\/0\/units\/0 must be integer/m],
      [{ ...move, side: 2 }, /^\/0\/side must be equal to constant/m],
    ];
    for (const [record, why] of bad) {
      const errors = schemaErrors([record]);
      expect(errors.join('\n'), JSON.stringify(record)).toMatch(why);
      expect(eventsFileSchema.safeParse([record]).success).toBe(false);
    }
    expect(schemaErrors([combat, vp, move])).toEqual([]);
  });
});
