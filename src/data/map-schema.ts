// The shape of scenarios/map.json (docs/DATA-FORMATS.md), checked with zod before compiling.
import { z } from 'zod';
import { about, estimated, hexLabel, hexPath, hexsideLabel, sideCode } from './schema-common.js';
import { TERRAIN_NAMES, WORKS_NAMES } from '../core/map.js';

const gridSchema = z.strictObject({
  firstColumn: z.number().int().min(1).max(99),
  lastColumn: z.number().int().min(1).max(99),
  firstRow: z.number().int().min(1).max(99),
  lastRow: z.number().int().min(1).max(99),
});

export const placeSchema = z.strictObject({
  hex: hexLabel,
  name: z.string().min(1),
  /** true: a settlement (3.2, 16.2); "unnamed": a real place the rules never name, a settlement only under the unnamedSettlements option (I-60). */
  settlement: z.union([z.boolean(), z.literal('unnamed')]),
  bigFour: z.boolean().optional(),
  wet: z.boolean().optional(),
  works: z.enum(WORKS_NAMES).optional(),
  source: z.string().optional(),
  estimated,
  note: z.string().optional(),
});

const named = { name: z.string().min(1), estimated, source: z.string().optional(), note: z.string().optional() };

export const mapSchema = z.strictObject({
  about,
  grid: gridSchema,
  terrainKey: z.record(z.string().length(1, { message: 'a terrain key is one character' }), z.enum(TERRAIN_NAMES)),
  terrainEstimated: z.boolean(),
  terrain: z.record(z.string().regex(/^\d\d$/, { message: 'terrain rows are two digits, "01"' }), z.string()),
  places: z.array(placeSchema),
  roads: z.array(z.strictObject({ ...named, hexes: hexPath })),
  railroad: z.strictObject({ hexes: hexPath, railhead: hexLabel, estimated, source: z.string().optional() }),
  rivers: z.array(z.strictObject({ id: z.string().min(1), ...named, hexsides: z.array(hexsideLabel).min(1) })),
  ferry: z.strictObject({ hexside: hexsideLabel, river: z.string(), source: z.string().optional() }),
  villaMontesRiver: z.string(),
  clearings: z.array(z.strictObject({ ...named, hexsides: z.array(hexsideLabel).min(1) })),
  border: z.strictObject({ hexsides: z.array(hexsideLabel), estimated, note: z.string().optional() }),
  demarcation: z.strictObject({
    firstRowSouthByColumn: z.record(z.string().regex(/^\d\d$/), z.number().int()),
    estimated,
    note: z.string().optional(),
  }),
  supplySources: z.array(
    z.strictObject({
      hex: hexLabel,
      side: sideCode,
      kind: z.enum(['edge', 'railhead', 'villa-montes']),
      source: z.string().optional(),
      estimated,
      note: z.string().optional(),
    }),
  ),
  offMapBoxes: z.array(
    z.strictObject({
      id: z.string().min(1),
      side: sideCode,
      cost: z.enum(['mp', 'turn']),
      connects: z.array(z.string()).length(2, { message: 'a box connects exactly two things: entrance hexes or other boxes' }),
      estimated,
      note: z.string().optional(),
    }),
  ),
});

export type MapFile = z.infer<typeof mapSchema>;
