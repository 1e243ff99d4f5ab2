// Scripted plans: data files in policies/ giving a side, per range of turns, a posture, objectives and
// force assignments, which the heuristic policy carries out. Loaded and checked with clear errors.
import { z } from 'zod';
import { parseHex, NO_HEX } from '../core/hex.js';
import type { Counters } from '../core/counters.js';
import type { GameMap } from '../core/map.js';
import { PAR, BOL, type Side } from '../core/side.js';
import { Issues } from '../data/issues.js';
import { readJson } from '../data/read-json.js';
import { paramsSchema, PRESET_NAMES, type HeuristicParams, type PresetName } from './heuristic-params.js';

const hex = z.string().regex(/^\d{4}$/, { message: 'a hex is four digits "XXYY"' });

export const planSchema = z
  .strictObject({
    name: z.string().min(1),
    about: z.union([z.string(), z.array(z.string())]).optional(),
    scenario: z.string().optional(),
    side: z.enum(['PAR', 'BOL'], { message: 'side is "PAR" or "BOL"' }),
    preset: z.enum(PRESET_NAMES as [PresetName, ...PresetName[]]).optional(),
    /** The heuristic's parameters over the preset's (tuned files, chaco tune). */
    params: paramsSchema.optional(),
    /** What made the file and what it measured (tuned files): kept for people, not read by the policy. */
    tuned: z.record(z.string(), z.unknown()).optional(),
    phases: z.array(
      z.strictObject({
        turns: z.tuple([z.number().int().min(1), z.number().int().min(1)], { message: 'turns is [first, last], 1-based' }),
        posture: z.enum(['attack', 'hold', 'delay'], { message: 'posture is "attack", "hold" or "delay"' }),
        objectives: z.array(z.strictObject({ hex, weight: z.number().positive() })).default([]),
        forces: z.array(z.strictObject({ leader: z.string(), objective: hex })).default([]),
        note: z.string().optional(),
      }),
    ),
  })
  .refine((p) => p.phases.length > 0 || p.params !== undefined, {
    message: 'a plan has at least one phase, or params (a tuned heuristic)',
    path: ['phases'],
  });

export interface PlanPhase {
  readonly from: number;
  readonly to: number;
  readonly posture: 'attack' | 'hold' | 'delay';
  readonly objectives: readonly { readonly hex: number; readonly weight: number }[];
  /** Leader index -> objective hex. */
  readonly forces: ReadonlyMap<number, number>;
}

export interface Plan {
  readonly name: string;
  readonly file: string;
  readonly side: Side;
  readonly scenario: string | undefined;
  readonly preset: PresetName;
  readonly params: Partial<HeuristicParams>;
  readonly phases: readonly PlanPhase[];
}

/** The raw plan file, checked for shape (file and path named in every error). */
export function readPlanFile(file: string): z.infer<typeof planSchema> {
  const issues = new Issues(file);
  const plan = issues.parse(planSchema, readJson(file));
  issues.throwIfAny();
  return plan!;
}

/** Resolves a plan's hexes and leaders against the map and counters; every problem names file and path. */
export function compilePlan(file: string, map: GameMap, counters: Counters): Plan {
  const raw = readPlanFile(file);
  const issues = new Issues(file);
  const side = raw.side === 'PAR' ? PAR : BOL;
  const at = (label: string, path: (string | number)[]) => {
    const h = parseHex(map.grid, label);
    if (h === NO_HEX) issues.add(path, `"${label}": no such hex on the map`);
    return h;
  };
  const phases = raw.phases.map((p, i) => {
    if (p.turns[0] > p.turns[1]) issues.add(['phases', i, 'turns'], `first turn ${p.turns[0]} is after the last ${p.turns[1]}`);
    const objectives = p.objectives.map((o, k) => ({ hex: at(o.hex, ['phases', i, 'objectives', k, 'hex']), weight: o.weight }));
    const forces = new Map<number, number>();
    p.forces.forEach((f, k) => {
      const l = counters.leaderIndex.get(f.leader);
      if (l === undefined || counters.side_l[l] !== side) {
        const ours = counters.leaders
          .filter((x) => x.side === side)
          .map((x) => x.id)
          .join(', ');
        issues.add(['phases', i, 'forces', k, 'leader'], `"${f.leader}": no such ${raw.side} leader (${ours})`);
        return;
      }
      forces.set(l, at(f.objective, ['phases', i, 'forces', k, 'objective']));
    });
    return { from: p.turns[0], to: p.turns[1], posture: p.posture, objectives, forces };
  });
  issues.throwIfAny();
  return { name: raw.name, file, side, scenario: raw.scenario, preset: raw.preset ?? 'balanced', params: raw.params ?? {}, phases };
}

/** The plan's phase for 1-based game turn `turn`, if any. */
export function planPhase(plan: Plan, turn: number): PlanPhase | undefined {
  return plan.phases.find((p) => turn >= p.from && turn <= p.to);
}
