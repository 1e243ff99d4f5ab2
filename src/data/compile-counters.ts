// Checking and compiling scenarios/counters.json, the counter manifest (2.1-2.21).
import { z } from 'zod';
import {
  ARTILLERY,
  ARMOR,
  ENGINEER,
  UNIT_TYPE_NAMES,
  type CombatUnitDef,
  type Counters,
  type Factors,
  type LeaderDef,
  type UnitType,
} from '../core/counters.js';
import { sideFromCode } from '../core/side.js';
import { Issues, type IssuePath } from './issues.js';
import { about, count, estimated, sideCode } from './schema-common.js';

const source = z.string().optional();
const note = z.string().optional();

export const countersSchema = z.strictObject({
  about,
  units: z.array(
    z.strictObject({
      id: z.string().min(1),
      side: sideCode,
      type: z.enum(UNIT_TYPE_NAMES),
      name: z.string().min(1),
      full: z.string(),
      reduced: z.string().nullable(),
      source,
      estimated,
      note,
    }),
  ),
  leaders: z.array(
    z.strictObject({
      id: z.string().min(1),
      side: sideCode,
      name: z.string().min(1),
      abbrev: z.string().optional(),
      named: z.boolean(),
      political: z.number().int().min(0).max(9),
      command: z.number().int().min(-5).max(5),
      move: z.number().int().positive(),
      source,
      estimated,
      note,
    }),
  ),
  ghqs: z.array(z.strictObject({ id: z.string().min(1), side: sideCode, move: z.number().int().positive(), source, estimated, note })),
  trucks: z.array(z.strictObject({ side: sideCode, count, move: z.number().int().positive(), source, estimated, note })),
  air: z.array(z.strictObject({ side: sideCode, count, source, estimated, note })),
  supplyUnits: z.strictObject({ move: z.number().int().positive(), counters: count, source, estimated, note }),
  markers: z.array(z.strictObject({ name: z.string().min(1), count, source, estimated, note })),
  totalCounters: count,
});

const PLAIN = /^(\d+)-(\d+)(?:-(\d+))?$/;
const ARTY = /^(\d+)-\((\d+)\)-(\d+)$/;

/**
 * Parses counter notation (2.5, 2.10): "5-4-6" attack-defence-move, "6-5" factor-move (the one
 * number is both attack and defence), artillery "4-(2)-5" with its parenthesised defence.
 */
export function parseFactors(text: string, artillery: boolean): Factors | string {
  if (artillery) {
    const m = ARTY.exec(text);
    if (!m) return `"${text}": artillery values are "attack-(defence)-move", e.g. "4-(2)-5" (2.10)`;
    return { attack: Number(m[1]), defence: Number(m[2]), move: Number(m[3]) };
  }
  const m = PLAIN.exec(text);
  if (!m) return `"${text}": values are "attack-defence-move" ("5-4-6") or "factor-move" ("6-5") (2.10)`;
  if (m[3] === undefined) return { attack: Number(m[1]), defence: Number(m[1]), move: Number(m[2]) };
  return { attack: Number(m[1]), defence: Number(m[2]), move: Number(m[3]) };
}

/** `strict` (the game's manifest) also checks 10 leaders a side and the 190-counter total; rule tests pass false. */
export function compileCounters(raw: unknown, issues: Issues, strict = true): Counters | null {
  const file = issues.parse(countersSchema, raw);
  if (!file) return null;
  const ids = new Map<string, IssuePath>();
  const unique = (id: string, path: IssuePath) => {
    const first = ids.get(id);
    if (first) issues.add(path, `id "${id}" is already used at ${first.join('.')}; ids must be unique`);
    else ids.set(id, path);
  };

  const units: CombatUnitDef[] = [];
  file.units.forEach((u, i) => {
    unique(u.id, ['units', i, 'id']);
    const type = UNIT_TYPE_NAMES.indexOf(u.type) as UnitType;
    const artillery = type === ARTILLERY;
    const oneStep = type === ENGINEER || type === ARMOR;
    const full = parseFactors(u.full, artillery);
    if (typeof full === 'string') issues.add(['units', i, 'full'], full);
    let reduced: Factors | null = null;
    if (oneStep) {
      if (u.reduced !== null) issues.add(['units', i, 'reduced'], `${u.type} units have one step (2.12): reduced must be null`);
    } else if (u.reduced === null) {
      issues.add(['units', i, 'reduced'], `${u.type} units have two steps (2.12): give the reduced side's values`);
    } else {
      const r = parseFactors(u.reduced, artillery);
      if (typeof r === 'string') issues.add(['units', i, 'reduced'], r);
      else reduced = r;
    }
    if (type === ARMOR && u.side !== 'BOL') issues.add(['units', i, 'side'], 'only Bolivia has armor (13.1)');
    if (typeof full !== 'string') {
      units.push({ id: u.id, side: sideFromCode(u.side), type, name: u.name, full, reduced, estimated: u.estimated ?? false });
    }
  });

  const leaders: LeaderDef[] = file.leaders.map((l, i) => {
    unique(l.id, ['leaders', i, 'id']);
    return {
      id: l.id,
      side: sideFromCode(l.side),
      name: l.name,
      abbrev: l.abbrev ?? l.name,
      named: l.named,
      political: l.political,
      command: l.command,
      move: l.move,
      estimated: l.estimated ?? false,
    };
  });
  for (const code of ['PAR', 'BOL'] as const) {
    const n = file.leaders.filter((l) => l.side === code).length;
    if (strict && n !== 10) issues.add(['leaders'], `${code} has ${n} leaders; each side has 10 (15.1)`);
  }

  const perSide = <T extends { side: 'BOL' | 'PAR' }>(list: readonly T[], key: string, what: (x: T) => number): [number, number] => {
    const out: [number, number] = [0, 0];
    for (const code of ['PAR', 'BOL'] as const) {
      const found = list.filter((x) => x.side === code);
      if (found.length !== 1) issues.add([key], `needs exactly one entry for ${code}; found ${found.length}`);
      else out[sideFromCode(code)] = what(found[0]!);
    }
    return out;
  };
  file.ghqs.forEach((g, i) => unique(g.id, ['ghqs', i, 'id']));
  const ghqMove = perSide(file.ghqs, 'ghqs', (g) => g.move);
  const trucks = perSide(file.trucks, 'trucks', (t) => t.count);
  const truckMoves = new Set(file.trucks.map((t) => t.move));
  if (truckMoves.size > 1) issues.add(['trucks'], 'all trucks have one movement factor (2.19)');
  const air = perSide(file.air, 'air', (a) => a.count);

  const total =
    file.units.length +
    file.leaders.length +
    file.ghqs.length +
    file.trucks.reduce((s, t) => s + t.count, 0) +
    file.air.reduce((s, a) => s + a.count, 0) +
    file.supplyUnits.counters +
    file.markers.reduce((s, m) => s + m.count, 0);
  if (strict && total !== file.totalCounters) {
    issues.add(
      ['totalCounters'],
      `the counts add up to ${total}, not ${file.totalCounters} (units ${file.units.length}, leaders ${file.leaders.length}, GHQs ${file.ghqs.length}, trucks, air, supply units and markers)`,
    );
  }
  if (!issues.ok) return null;

  const n = units.length;
  const side_u = new Uint8Array(n),
    type_u = new Uint8Array(n),
    steps_u = new Uint8Array(n);
  const attack_u = new Uint8Array(n * 2),
    defence_u = new Uint8Array(n * 2),
    move_u = new Uint8Array(n * 2);
  units.forEach((u, i) => {
    side_u[i] = u.side;
    type_u[i] = u.type;
    steps_u[i] = u.reduced ? 2 : 1;
    const r = u.reduced ?? u.full;
    attack_u[i * 2] = u.full.attack;
    attack_u[i * 2 + 1] = r.attack;
    defence_u[i * 2] = u.full.defence;
    defence_u[i * 2 + 1] = r.defence;
    move_u[i * 2] = u.full.move;
    move_u[i * 2 + 1] = r.move;
  });
  const m = leaders.length;
  const side_l = new Uint8Array(m),
    political_l = new Int8Array(m),
    command_l = new Int8Array(m);
  const move_l = new Uint8Array(m),
    named_l = new Uint8Array(m);
  leaders.forEach((l, i) => {
    side_l[i] = l.side;
    political_l[i] = l.political;
    command_l[i] = l.command;
    move_l[i] = l.move;
    named_l[i] = l.named ? 1 : 0;
  });
  return Object.freeze({
    units,
    leaders,
    side_u,
    type_u,
    steps_u,
    attack_u,
    defence_u,
    move_u,
    side_l,
    political_l,
    command_l,
    move_l,
    named_l,
    ghqMove,
    trucks,
    truckMove: file.trucks[0]?.move ?? 8,
    air,
    supplyUnitMove: file.supplyUnits.move,
    unitIndex: new Map(units.map((u, i) => [u.id, i])),
    leaderIndex: new Map(leaders.map((l, i) => [l.id, i])),
  });
}
