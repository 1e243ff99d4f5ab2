// The arms of a sensitivity study: every rules option with two readings flipped from the run's value,
// every group of estimated data moved by its stated step, and every chart cell reconstructed from the
// scan read the other way (src/data/estimates.ts).
import { distance, NO_HEX } from '../core/hex.js';
import { BUSH, CLEAR } from '../core/map.js';
import { OPTION_DEFS } from '../core/options.js';
import {
  AROUND_KEY,
  CHART_READINGS,
  CLEAR_RADIUS,
  ESTIMATE_GROUPS,
  ESTIMATE_PREFIX,
  featureGroup,
  featureSlug,
  ROAD_KEY,
} from '../data/estimates.js';
import { DataError } from '../data/issues.js';
import { prepareRun, SpecError, type PreparedRun, type RunSpec } from './spec.js';

export interface SensitivityItem {
  /** A short name: the option or the estimate group. */
  readonly name: string;
  readonly kind: 'reading' | 'estimate';
  /** What the arm changes, in words ("mountedCavalry false -> true"). */
  readonly change: string;
  /** The --option pair that plays it. */
  readonly setting: string;
}

/** readings: rules options; estimates: the groups of estimated data and the chart readings; map: each estimated road and each settlement's surroundings near the scenario's set-up; all: every one. */
/** none: no item (chaco errata's starting VP alone). */
export type ItemKind = 'readings' | 'estimates' | 'map' | 'all' | 'none';

/** Hexes from a set-up hex of either side within which a road or a settlement is a feature of the scenario's play. */
export const FEATURE_REACH = 4;

export interface SensitivityPlan {
  readonly items: readonly SensitivityItem[];
  /** Items that cannot be played for this scenario, and why. */
  readonly skipped: readonly { readonly what: string; readonly why: string }[];
}

/**
 * The items of one scenario: each plays `base` with its setting added; checked to prepare. `every`: each group of
 * estimated data at every step it takes and each settlement's surroundings both ways (chaco errata), not its one step.
 */
export function sensitivityItems(base: RunSpec, prepared: PreparedRun, kind: ItemKind, every = false): SensitivityPlan {
  const items: SensitivityItem[] = [],
    skipped: { what: string; why: string }[] = [];
  if (kind === 'readings' || kind === 'all') {
    for (const def of OPTION_DEFS) {
      if (def.values.length !== 2) continue;
      // 17.4: the length of the Ballivián scenario changes nothing elsewhere
      if (def.name === 'ballivianLength' && prepared.scenario.id !== 'ballivian') continue;
      const now = prepared.options[def.name],
        other = (def.values as readonly (string | number | boolean)[]).find((v) => v !== now)!;
      const item: SensitivityItem = {
        name: def.name,
        kind: 'reading',
        change: `${String(now)} -> ${String(other)}`,
        setting: `${def.name}=${String(other)}`,
      };
      const why = unplayable({ ...base, options: [...base.options.filter((o) => !o.startsWith(`${def.name}=`)), item.setting] });
      if (why) skipped.push({ what: `${def.name}=${String(other)}`, why });
      else items.push(item);
    }
  }
  if (kind === 'estimates' || kind === 'all') {
    for (const g of ESTIMATE_GROUPS) {
      if (base.options.some((o) => o.startsWith(`${ESTIMATE_PREFIX}${g.name}=`))) continue; // the run already moves it
      for (const step of every ? g.values : [g.step]) {
        const item: SensitivityItem = {
          name: every ? `${g.name}=${step}` : g.name,
          kind: 'estimate',
          change: g.describe(step),
          setting: `${ESTIMATE_PREFIX}${g.name}=${step}`,
        };
        const why = unplayable({ ...base, options: [...base.options, item.setting] });
        if (why) skipped.push({ what: item.setting, why });
        else items.push(item);
      }
    }
  }
  if (kind === 'map' || kind === 'all') {
    for (const item of mapItems(prepared, every)) {
      if (base.options.some((o) => o.startsWith(`${item.setting.slice(0, item.setting.indexOf('='))}=`))) continue; // the run already moves it
      const why = unplayable({ ...base, options: [...base.options, item.setting] });
      if (why) skipped.push({ what: item.setting, why });
      else items.push(item);
    }
  }
  if (kind === 'estimates' || kind === 'all') {
    for (const c of CHART_READINGS) {
      const key = c.setting.slice(0, c.setting.indexOf('='));
      if (base.options.some((o) => o.startsWith(`${key}=`))) continue;
      const item: SensitivityItem = { name: c.name, kind: 'estimate', change: c.change, setting: c.setting };
      const why = unplayable({ ...base, options: [...base.options, item.setting] });
      if (why) skipped.push({ what: item.setting, why });
      else items.push(item);
    }
  }
  return { items, skipped };
}

/**
 * MAP-FACTS (the printed map is not available): each road marked estimated that passes within FEATURE_REACH of a
 * set-up hex, taken off (road.<name>=none), and each settlement within FEATURE_REACH with Bush within CLEAR_RADIUS of it,
 * its Bush made Clear (around.<name>=clear); with `every`, also one with Clear there, its Clear made Bush.
 */
function mapItems(prepared: PreparedRun, every: boolean): SensitivityItem[] {
  const { map } = prepared.scenario,
    grid = map.grid;
  const setUp = prepared.scenario.sides.flatMap((side) => side.deploy.flatMap((g) => g.hexes));
  const near = (h: number) => h !== NO_HEX && setUp.some((s) => distance(grid, s, h) <= FEATURE_REACH);
  const out: SensitivityItem[] = [];
  for (const r of map.roads) {
    if (r.estimated !== true && !(Array.isArray(r.estimated) && r.estimated.includes('hexes'))) continue;
    if (!r.hexes.some(near)) continue;
    const key = `${ROAD_KEY}${featureSlug(r.name)}`;
    out.push({ name: key, kind: 'estimate', change: `the road ${r.name} taken off the map`, setting: `${ESTIMATE_PREFIX}${key}=none` });
  }
  for (const p of map.places) {
    if (!p.settlement || !near(p.hex)) continue;
    let bush = false,
      clear = false;
    for (let h = 0; h < grid.size; h++) {
      if (distance(grid, p.hex, h) > CLEAR_RADIUS) continue;
      if (map.terrain_h[h] === BUSH) bush = true;
      else if (map.terrain_h[h] === CLEAR) clear = true;
    }
    const key = `${AROUND_KEY}${featureSlug(p.name)}`;
    for (const step of every ? ['clear', 'bush'] : ['clear']) {
      if (step === 'clear' ? !bush : !clear) continue;
      out.push({
        name: every ? `${key}=${step}` : key,
        kind: 'estimate',
        change: featureGroup(key)!.describe(step).replace(featureSlug(p.name), p.name),
        setting: `${ESTIMATE_PREFIX}${key}=${step}`,
      });
    }
  }
  return out;
}

/** Why a spec cannot be played (its options do not fit the charts, say), or null. */
function unplayable(spec: RunSpec): string | null {
  try {
    prepareRun(spec);
    return null;
  } catch (err) {
    if (err instanceof SpecError) return err.message.split('\n')[0]!;
    if (err instanceof DataError) return `the data it makes is invalid: ${err.message.split('\n')[0]!}`;
    throw err;
  }
}

/** The spec of an item's arm. */
export function itemSpec(base: RunSpec, item: SensitivityItem): RunSpec {
  const key = item.setting.slice(0, item.setting.indexOf('='));
  return { ...base, options: [...base.options.filter((o) => !o.startsWith(`${key}=`)), item.setting] };
}
