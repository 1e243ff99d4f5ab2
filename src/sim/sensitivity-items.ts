// The arms of a sensitivity study: every rules option with two readings flipped from the run's value,
// every group of estimated data moved by its stated step, and every chart cell reconstructed from the
// scan read the other way (src/data/estimates.ts).
import { OPTION_DEFS } from '../core/options.js';
import { CHART_READINGS, ESTIMATE_GROUPS, ESTIMATE_PREFIX } from '../data/estimates.js';
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

export type ItemKind = 'readings' | 'estimates' | 'all';

export interface SensitivityPlan {
  readonly items: readonly SensitivityItem[];
  /** Items that cannot be played for this scenario, and why. */
  readonly skipped: readonly { readonly what: string; readonly why: string }[];
}

/** The items of one scenario: each plays `base` with its setting added; checked to prepare. */
export function sensitivityItems(base: RunSpec, prepared: PreparedRun, kind: ItemKind): SensitivityPlan {
  const items: SensitivityItem[] = [], skipped: { what: string; why: string }[] = [];
  if (kind !== 'estimates') {
    for (const def of OPTION_DEFS) {
      if (def.values.length !== 2) continue;
      // 17.4: the length of the Ballivián scenario changes nothing elsewhere
      if (def.name === 'ballivianLength' && prepared.scenario.id !== 'ballivian') continue;
      const now = prepared.options[def.name], other = (def.values as readonly (string | number | boolean)[]).find((v) => v !== now)!;
      const item: SensitivityItem = { name: def.name, kind: 'reading', change: `${String(now)} -> ${String(other)}`, setting: `${def.name}=${String(other)}` };
      const why = unplayable({ ...base, options: [...base.options.filter((o) => !o.startsWith(`${def.name}=`)), item.setting] });
      if (why) skipped.push({ what: `${def.name}=${String(other)}`, why }); else items.push(item);
    }
  }
  if (kind !== 'readings') {
    for (const g of ESTIMATE_GROUPS) {
      if (base.options.some((o) => o.startsWith(`${ESTIMATE_PREFIX}${g.name}=`))) continue; // the run already moves it
      const item: SensitivityItem = { name: g.name, kind: 'estimate', change: g.describe(g.step), setting: `${ESTIMATE_PREFIX}${g.name}=${g.step}` };
      const why = unplayable({ ...base, options: [...base.options, item.setting] });
      if (why) skipped.push({ what: item.setting, why }); else items.push(item);
    }
  }
  if (kind !== 'readings') {
    for (const c of CHART_READINGS) {
      const key = c.setting.slice(0, c.setting.indexOf('='));
      if (base.options.some((o) => o.startsWith(`${key}=`))) continue;
      const item: SensitivityItem = { name: c.name, kind: 'estimate', change: c.change, setting: c.setting };
      const why = unplayable({ ...base, options: [...base.options, item.setting] });
      if (why) skipped.push({ what: item.setting, why }); else items.push(item);
    }
  }
  return { items, skipped };
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
