// Checking and compiling a scenario file (17.x) against the map, the counters and the charts.
import { z } from 'zod';
import { DIRECTIONS, NO_HEX, hexLabel, neighbour } from '../core/hex.js';
import { ARTILLERY, CAVALRY, INFANTRY, ENGINEER, type Counters } from '../core/counters.js';
import { MARSH, OUTSIDE, WORKS_NONE, type GameMap } from '../core/map.js';
import { NO_CONTROL, type DeployGroup, type DeployUnit, type Scenario, type SideSetup } from '../core/scenario.js';
import { sideFromCode, type Side, type SideCode } from '../core/side.js';
import type { Tables } from '../core/tables.js';
import { HexResolver } from './compile-map.js';
import { parseFactors } from './compile-counters.js';
import { Issues, type IssuePath } from './issues.js';
import { checkOptionValue, type RulesOptions } from '../core/options.js';
import { about, count, hexLabel as hexLabelSchema, month, monthIndex, sideCode } from './schema-common.js';

const deployUnit = z.union([z.string().min(1), z.strictObject({ id: z.string().min(1), reduced: z.boolean() })]);

const deployGroupSchema = z.strictObject({
  at: z.array(hexLabelSchema).min(1, { message: 'a group needs at least one hex' }),
  within: z.number().int().min(0).max(3).optional(),
  leaders: z.array(z.string()).optional(),
  units: z.array(deployUnit).optional(),
  draw: count.optional(),
  drawReduced: count.optional(),
  ghq: z.boolean().optional(),
  trucks: count.optional(),
  csp: count.optional(),
  entrenched: z.boolean().optional(),
  note: z.string().optional(),
});

const sideSchema = z.strictObject({
  vp: z.number().int().min(0, { message: 'starting VP must be 0 or more: a side below 0 VP loses at once (16.4 sudden death)' }),
  supplyRadius: z.number().int().positive().optional(),
  armyCommander: z.string(),
  cup: z.array(z.string().regex(/^\d+x \S+$/, { message: 'a cup entry is "<count>x <values>", e.g. "2x 5-4-5"' })).optional(),
  entrenchmentMarkers: count.optional(),
  deploy: z.array(deployGroupSchema),
  note: z.string().optional(),
});

const controlRule = z.union([
  z.strictObject({ southOfDemarcation: z.literal(true), side: sideCode }),
  z.strictObject({ rowAtLeast: z.number().int(), side: sideCode }),
  z.strictObject({ hexes: z.array(hexLabelSchema), side: sideCode }),
]);

const header = {
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'an id is lower-case letters, digits and dashes' }),
  name: z.string().min(1),
  rule: z.string().min(1),
  start: month,
  turns: z.number().int().positive(),
  about,
  /** Rules options the scenario sets (17.6: the campaign uses every optional rule); the command line overrides them. */
  options: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).optional(),
};

export const scenarioSchema = z.union([
  z.strictObject({
    ...header,
    sides: z.strictObject({ BOL: sideSchema, PAR: sideSchema }),
    control: z.strictObject({ default: sideCode, rules: z.array(controlRule) }),
  }),
  z.strictObject({ ...header, setupFrom: z.string().min(1) }),
]);

export type ScenarioFile = z.infer<typeof scenarioSchema>;
type FullScenarioFile = Extract<ScenarioFile, { sides: unknown }>;
type SideFile = z.infer<typeof sideSchema>;

export interface GameData {
  readonly map: GameMap;
  readonly counters: Counters;
  readonly tables: Tables;
}

/** Parses only the header fields, for files that set up from another scenario. */
export function parseScenario(raw: unknown, issues: Issues): ScenarioFile | null {
  const parsed = scenarioSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Report against the shape the file was aiming at: with `setupFrom` the short form, else the full one.
  const aimsShort = typeof raw === 'object' && raw !== null && 'setupFrom' in raw;
  const again = (aimsShort ? scenarioSchema.options[1] : scenarioSchema.options[0]).safeParse(raw);
  if (!again.success) issues.addZod(again.error);
  else issues.addZod(parsed.error);
  return null;
}

/** The rules options a scenario file sets, each checked against the option's allowed values. */
export function compileScenarioOptions(options: Record<string, unknown> | undefined, issues: Issues): Partial<RulesOptions> {
  const out: Record<string, boolean | number | string> = {};
  for (const [key, value] of Object.entries(options ?? {})) {
    const checked = checkOptionValue(key, value);
    if ('problem' in checked) issues.add(['options', key], checked.problem);
    else out[key] = checked.value;
  }
  return Object.freeze(out) as Partial<RulesOptions>;
}

/**
 * Compiles a scenario. `base` is the file named by `setupFrom` (already parsed), when there is one;
 * its issues are reported against its own file by the caller.
 */
export function compileScenario(file: ScenarioFile, base: FullScenarioFile | null, data: GameData, issues: Issues): Scenario | null {
  const setup: FullScenarioFile | null = 'sides' in file ? file : base;
  if (!setup) {
    issues.add(
      ['setupFrom'],
      `scenario "${(file as { setupFrom: string }).setupFrom}" cannot be used for the set-up (it must exist and have sides)`,
    );
    return null;
  }
  const sidesPath: IssuePath = 'sides' in file ? ['sides'] : ['setupFrom'];
  const r = new HexResolver(data.map.grid, issues, data.map.terrain_h);
  const sideSetups: SideSetup[] = [];
  for (const code of ['PAR', 'BOL'] as const) {
    sideSetups.push(compileSide(setup.sides[code], code, [...sidesPath, ...(sidesPath[0] === 'sides' ? [code] : [])], data, r));
  }
  const mustEntrench = checkStacking(sideSetups, data, issues, sidesPath);
  sideSetups.forEach((setup, side) => {
    (setup as { mustEntrench: readonly number[] }).mustEntrench = mustEntrench[side]!;
  });
  const control_h = compileControl(setup, data.map, r, 'sides' in file ? ['control'] : ['setupFrom']);
  const options = compileScenarioOptions(file.options, issues);
  if (!issues.ok) return null;
  const aboutLines = file.about === undefined ? [] : typeof file.about === 'string' ? [file.about] : file.about;
  return Object.freeze({
    id: file.id,
    name: file.name,
    rule: file.rule,
    startMonth: monthIndex(file.start),
    turns: file.turns,
    about: aboutLines,
    map: data.map,
    counters: data.counters,
    tables: data.tables,
    sides: [sideSetups[0]!, sideSetups[1]!] as const,
    control_h,
    options,
  });
}

function compileSide(s: SideFile, code: SideCode, base: IssuePath, data: GameData, r: HexResolver): SideSetup {
  const { counters, map, tables } = data;
  const issues = r.issues;
  const side = sideFromCode(code);
  const used = new Map<number, IssuePath>();
  const claim = (u: number, path: IssuePath) => {
    const first = used.get(u);
    if (first) issues.add(path, `${counters.units[u]!.id} is already used at ${first.join('.')}: a counter is set up once`);
    else used.set(u, path);
  };

  const leaderRef = (id: string, path: IssuePath): number => {
    const l = counters.leaderIndex.get(id);
    if (l === undefined) {
      const ours = counters.leaders
        .filter((x) => x.side === side)
        .map((x) => x.id)
        .join(', ');
      issues.add(path, `"${id}": no such leader (${code} leaders: ${ours})`);
      return -1;
    }
    if (counters.side_l[l] !== side) issues.add(path, `"${id}" is a leader of the other side`);
    return l;
  };
  const unitRef = (id: string, path: IssuePath): number => {
    const u = counters.unitIndex.get(id);
    if (u === undefined) {
      issues.add(path, `"${id}": no such combat unit in counters.json`);
      return -1;
    }
    if (counters.side_u[u] !== side) issues.add(path, `"${id}" is a unit of the other side`);
    return u;
  };

  const deploy: DeployGroup[] = [];
  const leadersOnMap = new Set<number>();
  let trucks = 0;
  s.deploy.forEach((g, gi) => {
    const gp: IssuePath = [...base, 'deploy', gi];
    const named = g.at.map((label, k) => r.hex([...gp, 'at', k], label)).filter((h) => h !== NO_HEX);
    const within = g.within ?? 0;
    const hexes = widen(map, named, within);
    const leaders = (g.leaders ?? [])
      .map((id, k) => {
        const l = leaderRef(id, [...gp, 'leaders', k]);
        if (l >= 0) {
          if (leadersOnMap.has(l)) issues.add([...gp, 'leaders', k], `leader "${id}" is set up twice`);
          leadersOnMap.add(l);
        }
        return l;
      })
      .filter((l) => l >= 0);
    const units: DeployUnit[] = [];
    (g.units ?? []).forEach((entry, k) => {
      const id = typeof entry === 'string' ? entry : entry.id;
      const reduced = typeof entry === 'string' ? false : entry.reduced;
      const u = unitRef(id, [...gp, 'units', k]);
      if (u < 0) return;
      claim(u, [...gp, 'units', k]);
      if (reduced && counters.steps_u[u] === 1) issues.add([...gp, 'units', k], `"${id}" has one step and no reduced side (2.12)`);
      if (counters.type_u[u] === ARTILLERY && hexes.length > 0 && hexes.every((h) => map.terrain_h[h] === MARSH)) {
        issues.add([...gp, 'units', k], `"${id}" is artillery and may not be in a Marsh hex (10.9)`);
      }
      units.push({ unit: u, reduced });
    });
    trucks += g.trucks ?? 0;
    deploy.push({
      hexes,
      named,
      within,
      leaders,
      units,
      draw: g.draw ?? 0,
      drawReduced: g.drawReduced ?? 0,
      ghq: g.ghq ?? false,
      trucks: g.trucks ?? 0,
      csp: g.csp ?? 0,
      entrenched: g.entrenched ?? false,
    });
  });

  const ghqs = s.deploy.filter((g) => g.ghq).length;
  if (ghqs > 1) issues.add([...base, 'deploy'], `${ghqs} groups hold the GHQ; a side has one (2.18)`);
  if (trucks > counters.trucks[side])
    issues.add([...base, 'deploy'], `sets up ${trucks} trucks; ${code} has ${counters.trucks[side]} truck counters (9.6)`);
  if (leadersOnMap.size > tables.leaders.maxOnMap) {
    issues.add([...base, 'deploy'], `sets up ${leadersOnMap.size} leaders; at most ${tables.leaders.maxOnMap} may be on the map (15.1)`);
  }
  const ac = leaderRef(s.armyCommander, [...base, 'armyCommander']);
  if (ac >= 0) {
    if (!counters.leaders[ac]!.named) issues.add([...base, 'armyCommander'], 'the army commander can never be an unnamed leader (15.1)');
    if (!leadersOnMap.has(ac))
      issues.add(
        [...base, 'armyCommander'],
        `${s.armyCommander} is not set up on the map; the army commander must be one of the deployed leaders (15.1)`,
      );
  }

  const cup = compileCup(s, side, code, base, counters, used, issues);
  const drawn = deploy.reduce((n, g) => n + g.draw + g.drawReduced, 0);
  if (s.cup && drawn !== cup.length) {
    issues.add(
      [...base, 'deploy'],
      `the groups draw ${drawn} counters but the cup holds ${cup.length}; every cup counter is drawn (17.3-17.5)`,
    );
  }
  if (!s.cup && drawn > 0) issues.add([...base, 'deploy'], `the groups draw ${drawn} counters but the side has no cup`);
  const inCup = new Set(cup);
  const reinforcementPile: number[] = [];
  for (let u = 0; u < counters.units.length; u++) {
    if (counters.side_u[u] === side && !used.has(u) && !inCup.has(u)) reinforcementPile.push(u);
  }
  return {
    vp: s.vp,
    supplyRadius: s.supplyRadius ?? -1,
    armyCommander: ac,
    cup,
    entrenchmentMarkers: s.entrenchmentMarkers ?? 0,
    mustEntrench: [],
    deploy,
    reinforcementPile,
  };
}

/** The cup of 17.3-17.5: for each "Nx values", the first N unused infantry/cavalry counters with those full values. */
function compileCup(
  s: SideFile,
  side: Side,
  code: SideCode,
  base: IssuePath,
  counters: Counters,
  used: ReadonlyMap<number, IssuePath>,
  issues: Issues,
): number[] {
  const cup: number[] = [];
  const taken = new Set<number>();
  (s.cup ?? []).forEach((entry, k) => {
    const path = [...base, 'cup', k];
    const m = /^(\d+)x (\S+)$/.exec(entry)!;
    const want = Number(m[1]);
    const f = parseFactors(m[2]!, false);
    if (typeof f === 'string') {
      issues.add(path, f);
      return;
    }
    const found: number[] = [];
    for (let u = 0; u < counters.units.length && found.length < want; u++) {
      const t = counters.type_u[u];
      if (counters.side_u[u] !== side || (t !== INFANTRY && t !== CAVALRY) || used.has(u) || taken.has(u)) continue;
      if (counters.attack_u[u * 2] === f.attack && counters.defence_u[u * 2] === f.defence && counters.move_u[u * 2] === f.move)
        found.push(u);
    }
    if (found.length < want) {
      issues.add(
        path,
        `"${entry}": counters.json has only ${found.length} unused ${code} infantry/cavalry counters of ${m[2]}; add counters or lower the count`,
      );
    }
    for (const u of found) {
      taken.add(u);
      cup.push(u);
    }
  });
  return cup;
}

/** The hexes within `within` of any named hex, inside the playing area, in a fixed order. */
function widen(map: GameMap, named: readonly number[], within: number): number[] {
  const seen = new Set<number>(named);
  let frontier = [...named];
  for (let step = 0; step < within; step++) {
    const next: number[] = [];
    for (const h of frontier) {
      for (let d = 0; d < DIRECTIONS; d++) {
        const n = neighbour(map.grid, h, d);
        if (n !== NO_HEX && !seen.has(n) && map.terrain_h[n] !== OUTSIDE) {
          seen.add(n);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return [...seen];
}

/** Stacking limit of a hex at set-up (11.2): 6 in Clear or with works, else by terrain. */
function stackLimit(data: GameData, h: number, entrenched: boolean): number {
  const t = data.tables.terrain[data.map.terrain_h[h]!]!;
  return entrenched || data.map.works_h[h] !== WORKS_NONE ? Math.max(t.stacking, data.tables.stackingWorks) : t.stacking;
}

/** Counts for stacking (11.2, 11.3): every combat unit but engineers (reading (I-47): armor is not among 11.3's exceptions). */
function countsForStacking(counters: Counters, u: number): boolean {
  return counters.type_u[u] !== ENGINEER;
}

/**
 * Over-stacking at set-up (11.1, 11.2): fixed groups per hex, and whether "and/or" groups can fit at
 * all. A hex over its terrain's limit that an entrenchment marker would bring within the entrenched
 * limit must get one of the side's set-up markers; returns those hexes per side.
 */
function checkStacking(setups: readonly SideSetup[], data: GameData, issues: Issues, base: IssuePath): number[][] {
  const { map, counters, tables } = data;
  return setups.map((setup, side) => {
    const code = side === 0 ? 'PAR' : 'BOL';
    const groupPath = (gi: number): IssuePath => [...base, ...(base[0] === 'sides' ? [code] : []), 'deploy', gi];
    const load = new Map<number, number>();
    const firstGroup = new Map<number, number>();
    const entrenched = new Set<number>();
    setup.deploy.forEach((g) => {
      if (g.entrenched && g.named[0] !== undefined) entrenched.add(g.named[0]);
    });
    const size = (g: DeployGroup) => g.units.filter((u) => countsForStacking(counters, u.unit)).length + g.draw + g.drawReduced;
    setup.deploy.forEach((g, gi) => {
      if (g.hexes.length !== 1) return;
      const h = g.hexes[0]!;
      load.set(h, (load.get(h) ?? 0) + size(g));
      if (!firstGroup.has(h)) firstGroup.set(h, gi);
    });
    const mustEntrench: number[] = [];
    for (const [h, n] of load) {
      const limit = stackLimit(data, h, entrenched.has(h));
      if (n <= limit) continue;
      const canEntrench = tables.terrain[map.terrain_h[h]!]!.entrench && map.works_h[h] === WORKS_NONE && !entrenched.has(h);
      if (canEntrench && n <= stackLimit(data, h, true)) {
        mustEntrench.push(h);
        continue;
      }
      issues.add(
        groupPath(firstGroup.get(h)!),
        `over-stacked at set-up: ${n} units in ${hexLabel(map.grid, h)}, the limit there is ${limit} (11.2)`,
      );
    }
    if (mustEntrench.length > setup.entrenchmentMarkers) {
      const where = mustEntrench.map((h) => hexLabel(map.grid, h)).join(', ');
      issues.add(
        [...base, ...(base[0] === 'sides' ? [code] : []), 'entrenchmentMarkers'],
        `over-stacked at set-up in ${where} (11.2): each needs an entrenchment marker to hold 6 units, and the side has ${setup.entrenchmentMarkers}`,
      );
    }
    for (const h of mustEntrench) entrenched.add(h);
    setup.deploy.forEach((g, gi) => {
      if (g.hexes.length <= 1) return; // single hexes checked above; none: its bad hexes are reported already
      const room = g.hexes.reduce((n, h) => n + Math.max(0, stackLimit(data, h, entrenched.has(h)) - (load.get(h) ?? 0)), 0);
      if (size(g) > room) {
        issues.add(
          groupPath(gi),
          `${size(g)} units cannot fit in hexes ${g.hexes.map((h) => hexLabel(map.grid, h)).join(', ')} (room for ${room}; 11.2)`,
        );
      }
    });
    return mustEntrench;
  });
}

function compileControl(setup: FullScenarioFile, map: GameMap, r: HexResolver, base: IssuePath): Uint8Array {
  const control_h = new Uint8Array(map.grid.size).fill(NO_CONTROL);
  const fallback = sideFromCode(setup.control.default);
  for (let h = 0; h < map.grid.size; h++) if (map.settlement_h[h]) control_h[h] = fallback;
  setup.control.rules.forEach((rule, i) => {
    const side = sideFromCode(rule.side);
    if ('southOfDemarcation' in rule) {
      for (let h = 0; h < map.grid.size; h++) if (map.settlement_h[h] && map.southOfDemarcation_h[h]) control_h[h] = side;
    } else if ('rowAtLeast' in rule) {
      for (let h = 0; h < map.grid.size; h++) if (map.settlement_h[h] && map.grid.row_h[h]! >= rule.rowAtLeast) control_h[h] = side;
    } else {
      rule.hexes.forEach((label, k) => {
        const path = [...base, ...(base[0] === 'control' ? ['rules', i, 'hexes', k] : [])];
        const h = r.hex(path, label);
        if (h === NO_HEX) return;
        if (!map.settlement_h[h]) {
          const near = map.places.find(
            (p) =>
              p.settlement &&
              p.hex !== h &&
              Math.abs(map.grid.column_h[p.hex]! - map.grid.column_h[h]!) + Math.abs(map.grid.row_h[p.hex]! - map.grid.row_h[h]!) <= 1,
          );
          r.issues.add(
            path,
            `"${label}" is not a settlement${near ? ` (${near.name} is ${hexLabel(map.grid, near.hex)})` : ''}; control lists name settlements (17.1)`,
          );
          return;
        }
        control_h[h] = side;
      });
    }
  });
  return control_h;
}
