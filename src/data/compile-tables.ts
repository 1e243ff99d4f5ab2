// Checking and compiling scenarios/tables.json, the game's charts (TABLES.md), into core Tables.
import { z } from 'zod';
import {
  CRT_MIN_ROLL,
  CRT_MAX_ROLL,
  CRT_ROWS,
  ELIMINATED,
  LOSS_NONE,
  LOSS_10,
  LOSS_25,
  LOSS_50,
  RETREAT_CHECK,
  PROHIBITED,
  type CostPair,
  type SupplyResult,
  type Tables,
  type TerrainRow,
} from '../core/tables.js';
import { TERRAIN_NAMES } from '../core/map.js';
import { PAR, BOL } from '../core/side.js';
import { Issues, type IssuePath } from './issues.js';
import { about, month, monthIndex } from './schema-common.js';

const mp = z.union([z.number().nonnegative(), z.string().regex(/^\d+\/\d+$/, { message: 'a fraction is "1/2"' }), z.null()]);
const mpPair = z.tuple([mp, mp]);
const reconstructed = z.array(z.record(z.string(), z.string())).optional();
const rule = z.string().optional();
const note = z.string().optional();
const rolls = z.array(z.number().int().min(1).max(6));
const crtCell = z.string().regex(/^(-|E|10|25|50)R?\/(-|E|10|25|50)R?$/, {
  message: 'a CRT cell is "attacker/defender", each "-", "E", "10", "25" or "50", optionally followed by R, e.g. "25R/10"',
});
const supplyCell = z.string().regex(/^\d+\/\d+(\/T)?$/, { message: 'a supply cell is "CSP/replacements" or "CSP/replacements/T"' });
const sidePair = <T extends z.ZodTypeAny>(t: T) => z.strictObject({ BOL: t, PAR: t });

export const tablesSchema = z.strictObject({
  about,
  crt: z.strictObject({
    rule,
    columns: z.array(z.string()).min(1),
    rows: z.record(z.string(), z.array(crtCell)),
    belowLowestColumn: z.string().optional(),
    reconstructed,
  }),
  lossPercentRounding: z.literal('ceil'),
  retreatRout: z.strictObject({ rule, routAtOrBelow: sidePair(z.number().int()), armorModifier: z.number().int() }),
  attrition: z.strictObject({
    rule,
    noEffectAtLeast: z.number().int(),
    stepLossAtLeast: z.number().int(),
    modifiers: z.strictObject({
      noWater: z.number().int(),
      isolated: z.number().int(),
      airSupply: z.number().int(),
      mountedCavalryUnsupplied: z.number().int(),
    }),
  }),
  supplyTable: z.strictObject({
    rule,
    columns: z
      .array(z.strictObject({ label: z.string(), maxLoc: z.number().int().nullable(), radius: z.number().int().positive() }))
      .min(1),
    noLocRadius: z.number().int().positive(),
    minRoll: z.number().int(),
    maxRoll: z.number().int(),
    modifiers: z.strictObject({ notStackedWithGhq: z.number().int(), cutOffFromGhq: z.number().int() }),
    PAR: z.record(z.string(), z.array(supplyCell)),
    BOL: z.record(z.string(), z.array(supplyCell)),
    reconstructed,
  }),
  terrain: z.strictObject({
    rule,
    types: z.record(
      z.string(),
      z.strictObject({
        mp: mpPair,
        mechMp: mpPair,
        loc: mpPair,
        defenderDrm: z.number().int(),
        stacking: z.number().int().positive(),
        entrench: z.boolean(),
      }),
    ),
    road: z.strictObject({ mp: mpPair, mechMp: mpPair, loc: mpPair }),
    river: z.strictObject({ mp: mpPair, mechMp: mpPair, loc: mpPair }),
    ferry: z.strictObject({ mp: mpPair, mechMp: mpPair }),
    riverWithEngineer: z.strictObject({ mp: mpPair, mechMp: mpPair, loc: mpPair, note }),
    attackerFromClearDrm: z.number().int(),
    stackingWorks: z.number().int().positive(),
    reconstructed,
  }),
  barrage: z.strictObject({
    rule,
    columns: z.array(z.number().int().positive()).length(4),
    rows: z.record(z.string(), z.array(z.number().int().nonnegative()).length(4)),
    worksModifier: z.number().int(),
    reconstructed,
  }),
  reinforcements: z.strictObject({
    rule,
    BOL: z.strictObject({
      default: z.number().int().nonnegative(),
      periods: z.array(z.strictObject({ from: month, to: month, units: z.number().int().nonnegative() })),
    }),
    PAR: z.strictObject({
      default: z.number().int().nonnegative(),
      periods: z.array(z.strictObject({ from: month, to: month, units: z.number().int().nonnegative() })),
    }),
  }),
  callUps: z.strictObject({ rule, vpCost: z.number().int().nonnegative(), limit: sidePair(z.number().int().nonnegative().nullable()) }),
  replacements: z.strictObject({ rule, maxKept: z.number().int().nonnegative() }),
  stacking: z.strictObject({ rule, note }),
  weather: z.strictObject({
    rule,
    rainyMonths: z.array(z.number().int().min(1).max(12)),
    maybeRainy: z.strictObject({ month: z.number().int().min(1).max(12), rainyOn: rolls }),
  }),
  truce: z.strictObject({ rule, firstRoll: rolls, secondRoll: rolls, continueRoll: rolls, refusalVp: z.number().int().nonnegative() }),
  cspCapture: z.strictObject({ rule, capturedOn: rolls }),
  wells: z.strictObject({ rule, successOn: rolls, maxOnMap: z.number().int().nonnegative() }),
  leaders: z.strictObject({
    rule,
    maxOnMap: z.number().int().positive(),
    armyCommanderDrmVpCost: z.number().int().nonnegative(),
    armyCommanderDrmMaxVp: z.number().int().nonnegative(),
    subordinateDrmVpCost: z.number().int().nonnegative(),
    subordinateDrmMaxVp: z.number().int().nonnegative(),
  }),
  victoryPoints: z.strictObject({
    rule,
    unitEliminated: z.number().int(),
    unitSurrendered: z.number().int(),
    cspCaptured: z.number().int(),
    unitExited: z.number().int(),
    callUp: z.number().int(),
    settlementByAdvanceDice: z.strictObject({ settlement: z.number().int().nonnegative(), bigFour: z.number().int().nonnegative() }),
    movementMultiplier: z.number().int().nonnegative(),
    fixed: z.strictObject({
      advance: z.strictObject({ settlement: z.number().int(), bigFour: z.number().int() }),
      movement: z.strictObject({ settlement: z.number().int(), bigFour: z.number().int() }),
    }),
  }),
  victoryLevels: z.strictObject({
    rule,
    levels: z.array(z.strictObject({ level: z.string(), marginAtLeast: z.number().int() })).min(1),
    settlementMargin: z.number().int().positive(),
  }),
});

/** "1/2" MP -> 3 sixths; null -> PROHIBITED. Reports fractions that are not whole sixths. */
function sixths(value: number | string | null, path: IssuePath, issues: Issues): number {
  if (value === null) return PROHIBITED;
  let v: number;
  if (typeof value === 'string') {
    const [a, b] = value.split('/').map(Number) as [number, number];
    v = (a * 6) / b;
  } else v = value * 6;
  if (!Number.isInteger(v)) {
    issues.add(path, `${value} MP is not a whole number of sixths of an MP (I-10: costs are counted in sixths)`);
    return PROHIBITED;
  }
  return v;
}

function pair(values: readonly [number | string | null, number | string | null], path: IssuePath, issues: Issues, scale = true): CostPair {
  if (!scale) {
    // LOC costs are whole points, not MP: no sixths.
    return [values[0] === null ? PROHIBITED : Number(values[0]), values[1] === null ? PROHIBITED : Number(values[1])];
  }
  return [sixths(values[0], [...path, 0], issues), sixths(values[1], [...path, 1], issues)];
}

const LOSS: Record<string, number> = { '-': LOSS_NONE, '10': LOSS_10, '25': LOSS_25, '50': LOSS_50, E: ELIMINATED };

function crtCode(half: string): number {
  const retreat = half.endsWith('R');
  return LOSS[retreat ? half.slice(0, -1) : half]! | (retreat ? RETREAT_CHECK : 0);
}

export function compileTables(raw: unknown, issues: Issues): Tables | null {
  const t = issues.parse(tablesSchema, raw);
  if (!t) return null;

  const ncol = t.crt.columns.length;
  const crtAttacker = new Uint8Array(ncol * CRT_ROWS);
  const crtDefender = new Uint8Array(ncol * CRT_ROWS);
  for (let roll = CRT_MIN_ROLL; roll <= CRT_MAX_ROLL; roll++) {
    const row = t.crt.rows[String(roll)];
    if (!row) {
      issues.add(['crt', 'rows'], `row "${roll}" is missing (rows ${CRT_MIN_ROLL} to ${CRT_MAX_ROLL})`);
      continue;
    }
    if (row.length !== ncol) {
      issues.add(['crt', 'rows', String(roll)], `has ${row.length} cells; there are ${ncol} columns`);
      continue;
    }
    row.forEach((cell, c) => {
      const [a, d] = cell.split('/') as [string, string];
      crtAttacker[c * CRT_ROWS + (roll - CRT_MIN_ROLL)] = crtCode(a);
      crtDefender[c * CRT_ROWS + (roll - CRT_MIN_ROLL)] = crtCode(d);
    });
  }

  const st = t.supplyTable;
  const results: SupplyResult[][][] = [[], []];
  for (const [code, side] of [
    ['PAR', PAR],
    ['BOL', BOL],
  ] as const) {
    const rows = st[code];
    for (let c = 0; c < st.columns.length; c++) results[side]!.push([]);
    for (let roll = st.minRoll; roll <= st.maxRoll; roll++) {
      const row = rows[String(roll)];
      if (!row) {
        issues.add(['supplyTable', code], `row "${roll}" is missing (rows ${st.minRoll} to ${st.maxRoll})`);
        continue;
      }
      if (row.length !== st.columns.length) {
        issues.add(['supplyTable', code, String(roll)], `has ${row.length} cells; there are ${st.columns.length} LOC columns`);
        continue;
      }
      row.forEach((cell, c) => {
        const [csp, repl, truck] = cell.split('/');
        results[side]![c]!.push({ csp: Number(csp), replacements: Number(repl), truck: truck === 'T' });
      });
    }
  }
  st.columns.forEach((c, i) => {
    if (c.maxLoc === null && i !== st.columns.length - 1)
      issues.add(['supplyTable', 'columns', i, 'maxLoc'], 'only the last column may be open-ended (null)');
  });

  const terrain: TerrainRow[] = TERRAIN_NAMES.map((name) => {
    if (name === 'outside') {
      return {
        mp: [PROHIBITED, PROHIBITED],
        mechMp: [PROHIBITED, PROHIBITED],
        loc: [PROHIBITED, PROHIBITED],
        defenderDrm: 0,
        stacking: 0,
        entrench: false,
      } as TerrainRow;
    }
    const row = t.terrain.types[name];
    const path = ['terrain', 'types', name];
    if (!row) {
      issues.add(['terrain', 'types'], `terrain "${name}" is missing`);
      return null as unknown as TerrainRow;
    }
    return {
      mp: pair(row.mp, [...path, 'mp'], issues),
      mechMp: pair(row.mechMp, [...path, 'mechMp'], issues),
      loc: pair(row.loc, [...path, 'loc'], issues, false),
      defenderDrm: row.defenderDrm,
      stacking: row.stacking,
      entrench: row.entrench,
    };
  });
  const tr = t.terrain;
  const road = {
    mp: pair(tr.road.mp, ['terrain', 'road', 'mp'], issues),
    mechMp: pair(tr.road.mechMp, ['terrain', 'road', 'mechMp'], issues),
    loc: pair(tr.road.loc, [], issues, false),
  };
  const river = {
    mp: pair(tr.river.mp, ['terrain', 'river', 'mp'], issues),
    mechMp: pair(tr.river.mechMp, ['terrain', 'river', 'mechMp'], issues),
    loc: pair(tr.river.loc, [], issues, false),
  };
  const ferry = {
    mp: pair(tr.ferry.mp, ['terrain', 'ferry', 'mp'], issues),
    mechMp: pair(tr.ferry.mechMp, ['terrain', 'ferry', 'mechMp'], issues),
  };
  const rwe = tr.riverWithEngineer;
  const riverWithEngineer = {
    mp: pair(rwe.mp, ['terrain', 'riverWithEngineer', 'mp'], issues),
    mechMp: pair(rwe.mechMp, ['terrain', 'riverWithEngineer', 'mechMp'], issues),
    loc: pair(rwe.loc, [], issues, false),
  };

  const barrage = new Uint8Array(6 * 4);
  for (let roll = 1; roll <= 6; roll++) {
    const row = t.barrage.rows[String(roll)];
    if (!row) {
      issues.add(['barrage', 'rows'], `row "${roll}" is missing (rows 1 to 6)`);
      continue;
    }
    row.forEach((v, c) => {
      barrage[(roll - 1) * 4 + c] = v;
    });
  }

  const reinforcements = [t.reinforcements.PAR, t.reinforcements.BOL].map((r) => ({
    default: r.default,
    periods: r.periods.map((p) => ({ from: monthIndex(p.from), to: monthIndex(p.to), units: p.units })),
  }));

  if (!issues.ok) return null;
  const vp = t.victoryPoints;
  return Object.freeze({
    crtAttacker,
    crtDefender,
    crtColumns: t.crt.columns,
    routAtOrBelow: [t.retreatRout.routAtOrBelow.PAR, t.retreatRout.routAtOrBelow.BOL] as const,
    armorRetreatModifier: t.retreatRout.armorModifier,
    attrition: { noEffectAtLeast: t.attrition.noEffectAtLeast, stepLossAtLeast: t.attrition.stepLossAtLeast, ...t.attrition.modifiers },
    supply: {
      columns: st.columns.map((c) => ({ maxLoc: c.maxLoc ?? Number.MAX_SAFE_INTEGER, radius: c.radius })),
      noLocRadius: st.noLocRadius,
      minRoll: st.minRoll,
      maxRoll: st.maxRoll,
      notStackedWithGhq: st.modifiers.notStackedWithGhq,
      cutOffFromGhq: st.modifiers.cutOffFromGhq,
      results,
    },
    terrain,
    road,
    river,
    ferry,
    riverWithEngineer,
    attackerFromClearDrm: tr.attackerFromClearDrm,
    stackingWorks: tr.stackingWorks,
    barrage,
    barrageWorksModifier: t.barrage.worksModifier,
    reinforcements,
    callUpVp: t.callUps.vpCost,
    callUpLimit: [t.callUps.limit.PAR ?? -1, t.callUps.limit.BOL ?? -1] as const,
    replacementsMax: t.replacements.maxKept,
    rainyMonths: t.weather.rainyMonths,
    maybeRainyMonth: t.weather.maybeRainy.month,
    maybeRainyOn: t.weather.maybeRainy.rainyOn,
    truce: {
      firstRoll: t.truce.firstRoll,
      secondRoll: t.truce.secondRoll,
      continueRoll: t.truce.continueRoll,
      refusalVp: t.truce.refusalVp,
    },
    cspCapturedOn: t.cspCapture.capturedOn,
    wellSuccessOn: t.wells.successOn,
    wellsMax: t.wells.maxOnMap,
    leaders: { ...t.leaders },
    vp: {
      unitEliminated: vp.unitEliminated,
      unitSurrendered: vp.unitSurrendered,
      cspCaptured: vp.cspCaptured,
      unitExited: vp.unitExited,
      callUp: vp.callUp,
      advanceDice: vp.settlementByAdvanceDice,
      movementMultiplier: vp.movementMultiplier,
      fixed: vp.fixed,
    },
    victoryLevels: t.victoryLevels.levels,
    settlementMargin: t.victoryLevels.settlementMargin,
  }) as Tables;
}
