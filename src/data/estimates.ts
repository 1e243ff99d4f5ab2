// Moving the estimated data by a stated step: `--option estimate.<group>=<step>` edits the map or the
// counters as read from disk (only the values their `estimated` marks name), before they are compiled.
// `chaco sensitivity` plays each group's step against the data as shipped; any run can reproduce one.
import { createGrid, distance, hexAt, NO_HEX, parseHex, type Grid } from '../core/hex.js';
import { DataError } from './issues.js';

export type EstimateFile = 'map' | 'counters';

export interface EstimateGroup {
  /** The key after "estimate.". */
  readonly name: string;
  readonly file: EstimateFile;
  /** The estimated data the group moves, as the data files mark it. */
  readonly what: string;
  /** Allowed steps, as written after "=". */
  readonly values: readonly string[];
  /** The step `chaco sensitivity` plays. */
  readonly step: string;
  /** What a step does, in words. */
  readonly describe: (step: string) => string;
  /** Edits the raw file content (a copy) in place. */
  readonly apply: (raw: Raw, step: string) => void;
}

/** What the data files hold, loosely typed: the transforms run before the schema checks. */
type Raw = Record<string, unknown>;
type Item = Record<string, unknown>;

const SIDES = ['PAR', 'BOL'] as const;
const SIDE_NAME = { PAR: 'Paraguayan', BOL: 'Bolivian' } as const;
const DELTAS = ['-2', '-1', '+1', '+2'];

const list = (raw: Raw, key: string): Item[] => (Array.isArray(raw[key]) ? (raw[key] as Item[]) : []);
const marks = (x: Item): readonly unknown[] | boolean => (Array.isArray(x.estimated) ? x.estimated : x.estimated === true);
/** Whether field `f` of an item is marked estimated (a whole-item mark covers every field). */
const estimatedField = (x: Item, f: string): boolean => {
  const m = marks(x);
  return m === true || (Array.isArray(m) && m.includes(f));
};
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

const PLAIN = /^(\d+)-(\d+)(?:-(\d+))?$/;
const ARTY = /^(\d+)-\((\d+)\)-(\d+)$/;

/** Counter notation (2.10) with attack and defence moved by d (at least 1, at most `cap`'s when given); move kept. */
export function shiftFactors(text: string, d: number, cap?: string): string {
  const arty = ARTY.exec(text);
  const m = arty ?? PLAIN.exec(text);
  if (!m) return text; // the schema check names a malformed value
  const pair = arty
    ? [Number(m[1]), Number(m[2]), Number(m[3])]
    : m[3] === undefined
      ? [Number(m[1]), Number(m[1]), Number(m[2])]
      : [Number(m[1]), Number(m[2]), Number(m[3])];
  let [a, df] = [Math.max(1, pair[0]! + d), Math.max(1, pair[1]! + d)];
  if (cap !== undefined) {
    const c = ARTY.exec(cap) ?? PLAIN.exec(cap);
    if (c) {
      const ca = Number(c[1]),
        cd = c[3] === undefined && !ARTY.test(cap) ? Number(c[1]) : Number(c[2]);
      a = Math.min(a, ca);
      df = Math.min(df, cd);
    }
  }
  const move = pair[2]!;
  if (arty) return `${a}-(${df})-${move}`;
  return a === df ? `${a}-${move}` : `${a}-${df}-${move}`;
}

function perSide(
  name: string,
  what: (s: string) => string,
  describe: (s: string, d: string) => string,
  apply: (raw: Raw, side: string, d: number) => void,
): EstimateGroup[] {
  return SIDES.map((side) => ({
    name: `${name}.${side}`,
    file: 'counters',
    what: what(SIDE_NAME[side]),
    values: DELTAS,
    step: '+1',
    describe: (step) => describe(SIDE_NAME[side], step),
    apply: (raw, step) => apply(raw, side, Number(step)),
  }));
}

const leaderRating = (field: 'command' | 'political', lo: number, hi: number) => (raw: Raw, side: string, d: number) => {
  for (const l of list(raw, 'leaders')) {
    if (l.side === side && estimatedField(l, field) && typeof l[field] === 'number') l[field] = clamp((l[field] as number) + d, lo, hi);
  }
};

/** The map's grid, for the transforms that look at distances. */
function gridOf(raw: Raw): Grid | null {
  const g = raw.grid as { firstColumn?: number; lastColumn?: number; firstRow?: number; lastRow?: number } | undefined;
  if (!g || [g.firstColumn, g.lastColumn, g.firstRow, g.lastRow].some((v) => typeof v !== 'number')) return null;
  return createGrid(g.firstColumn!, g.lastColumn!, g.firstRow!, g.lastRow!);
}

/** Rewrites terrain characters: `to(ch, col, row)` gives the new character. */
function editTerrain(raw: Raw, to: (ch: string, col: number, row: number) => string): void {
  const terrain = raw.terrain as Record<string, string> | undefined;
  const g = raw.grid as { firstColumn?: number } | undefined;
  if (!terrain || typeof g?.firstColumn !== 'number') return;
  for (const [key, line] of Object.entries(terrain)) {
    if (typeof line !== 'string') continue;
    terrain[key] = [...line].map((ch, i) => to(ch, g.firstColumn! + i, Number(key))).join('');
  }
}

/** The key character of a terrain name in this map's terrainKey. */
const keyOf = (raw: Raw, name: string): string | undefined =>
  Object.entries((raw.terrainKey ?? {}) as Record<string, string>).find(([, n]) => n === name)?.[0];

export const CLEAR_RADIUS = 2;

export const ESTIMATE_GROUPS: readonly EstimateGroup[] = [
  ...perSide(
    'leaderCommand',
    (s) => `${s} leaders' command ratings marked estimated`,
    (s, d) => `${d} to every estimated ${s} command rating`,
    leaderRating('command', -5, 5),
  ),
  ...perSide(
    'leaderPolitical',
    (s) => `${s} leaders' political ratings marked estimated`,
    (s, d) => `${d} to every estimated ${s} political rating`,
    leaderRating('political', 0, 9),
  ),
  ...perSide(
    'reducedSides',
    (s) => `${s} reduced sides marked estimated (half the full value, rounded down)`,
    (s, d) => `${d} attack and defence on every estimated ${s} reduced side (at least 1; at most the full value)`,
    (raw, side, d) => {
      for (const u of list(raw, 'units')) {
        if (u.side === side && typeof u.reduced === 'string' && estimatedField(u, 'reduced'))
          u.reduced = shiftFactors(u.reduced, d, typeof u.full === 'string' ? String(u.full) : undefined);
      }
    },
  ),
  ...perSide(
    'unitValues',
    (s) => `${s} combat units whose full value is estimated`,
    (s, d) => `${d} attack and defence on the full side of every ${s} unit whose value is estimated (reduced side moved alike)`,
    (raw, side, d) => {
      for (const u of list(raw, 'units')) {
        if (u.side !== side || typeof u.full !== 'string' || !estimatedField(u, 'full')) continue;
        const full = shiftFactors(u.full, d);
        u.full = full;
        if (typeof u.reduced === 'string') u.reduced = shiftFactors(u.reduced, d, full);
      }
    },
  ),
  {
    name: 'ghqMove',
    file: 'counters',
    what: "the GHQs' movement allowance (6, estimated)",
    values: DELTAS.map((d) => (d.startsWith('+') ? `+${2 * Number(d)}` : `${2 * Number(d)}`)),
    step: '+2',
    describe: (d) => `${d} to both GHQs' movement allowance`,
    apply: (raw, step) => {
      for (const g of list(raw, 'ghqs'))
        if (estimatedField(g, 'move') && typeof g.move === 'number') g.move = Math.max(1, g.move + Number(step));
    },
  },
  {
    name: 'terrain',
    file: 'map',
    what: 'the terrain of every hex (the printed map is not available)',
    values: ['clearNearSettlements', 'noMarsh'],
    step: 'clearNearSettlements',
    describe: (v) =>
      v === 'noMarsh' ? 'every Marsh hex becomes Bush' : `every Bush hex within ${CLEAR_RADIUS} hexes of a settlement becomes Clear`,
    apply: (raw, v) => {
      const bush = keyOf(raw, 'bush'),
        clear = keyOf(raw, 'clear'),
        marsh = keyOf(raw, 'marsh');
      if (v === 'noMarsh') {
        if (marsh && bush) editTerrain(raw, (ch) => (ch === marsh ? bush : ch));
        return;
      }
      const grid = gridOf(raw);
      if (!grid || !bush || !clear) return;
      const settled: number[] = [];
      for (const p of list(raw, 'places')) {
        const h = p.settlement === true && typeof p.hex === 'string' ? parseHex(grid, p.hex) : NO_HEX;
        if (h !== NO_HEX) settled.push(h);
      }
      editTerrain(raw, (ch, col, row) => {
        if (ch !== bush) return ch;
        const h = hexAt(grid, col, row);
        return h !== NO_HEX && settled.some((s) => distance(grid, s, h) <= CLEAR_RADIUS) ? clear : ch;
      });
    },
  },
  {
    name: 'wells',
    file: 'map',
    what: 'which places have water (14.6), where marked estimated',
    values: ['dry', 'wet'],
    step: 'dry',
    describe: (v) => `every place whose water is estimated is ${v}`,
    apply: (raw, v) => {
      for (const p of list(raw, 'places')) if (estimatedField(p, 'wet')) p.wet = v === 'wet';
    },
  },
  {
    name: 'clearings',
    file: 'map',
    what: 'the clearings (cañadas) and where they lie',
    values: ['none'],
    step: 'none',
    describe: () => 'no clearings on the map',
    apply: (raw) => {
      raw.clearings = list(raw, 'clearings').filter((c) => !estimatedField(c, 'hexsides'));
    },
  },
];

/** A name as an option key: letters without accents, lower case, other characters as hyphens ("Ballivián – Cañada Strongest" -> "ballivian-canada-strongest"). */
export function featureSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The map's features moved one at a time: `road.<slug>` (an estimated road) and `around.<slug>` (the terrain near a settlement). */
export const ROAD_KEY = 'road.',
  AROUND_KEY = 'around.';

/** A feature the option names that map.json does not hold: refused when the data are loaded, naming the features it does hold. */
function noFeature(kind: string, slug: string, names: readonly string[]): never {
  throw new DataError([
    {
      file: 'map.json',
      path: [kind === 'road' ? 'roads' : 'places'],
      message: `option "estimate.${kind}.${slug}": no ${kind === 'road' ? 'estimated road' : 'settlement'} "${slug}" (${kind === 'road' ? 'roads' : 'settlements'}: ${names.join(', ')})`,
    },
  ]);
}

/**
 * One estimated map feature as a group (MAP-FACTS: the printed map is not available): `road.<slug>=none` takes
 * an estimated road stretch off the map; `around.<slug>=clear|bush` makes the Bush (clear) or Clear (bush) hexes
 * within CLEAR_RADIUS of one settlement the other. Null when `key` names neither kind.
 */
export function featureGroup(key: string): EstimateGroup | null {
  if (key.startsWith(ROAD_KEY) && key.length > ROAD_KEY.length) {
    const slug = key.slice(ROAD_KEY.length);
    return {
      name: key,
      file: 'map',
      what: `the estimated road "${slug}"`,
      values: ['none'],
      step: 'none',
      describe: () => `no road along the estimated stretch ${slug}`,
      apply: (raw) => {
        const roads = list(raw, 'roads').filter((r) => estimatedField(r, 'hexes') && typeof r.name === 'string');
        if (!roads.some((r) => featureSlug(r.name as string) === slug))
          noFeature(
            'road',
            slug,
            roads.map((r) => featureSlug(r.name as string)),
          );
        raw.roads = list(raw, 'roads').filter((r) => !(typeof r.name === 'string' && featureSlug(r.name) === slug));
      },
    };
  }
  if (key.startsWith(AROUND_KEY) && key.length > AROUND_KEY.length) {
    const slug = key.slice(AROUND_KEY.length);
    return {
      name: key,
      file: 'map',
      what: `the terrain around ${slug}`,
      values: ['clear', 'bush'],
      step: 'clear',
      describe: (v) =>
        v === 'clear'
          ? `every Bush hex within ${CLEAR_RADIUS} hexes of ${slug} becomes Clear`
          : `every Clear hex within ${CLEAR_RADIUS} hexes of ${slug} becomes Bush`,
      apply: (raw, v) => {
        const grid = gridOf(raw),
          bush = keyOf(raw, 'bush'),
          clear = keyOf(raw, 'clear');
        const places = list(raw, 'places').filter((p) => p.settlement === true && typeof p.name === 'string');
        const place = places.find((p) => featureSlug(p.name as string) === slug);
        if (!place)
          noFeature(
            'around',
            slug,
            places.map((p) => featureSlug(p.name as string)),
          );
        const at = grid && typeof place.hex === 'string' ? parseHex(grid, place.hex) : NO_HEX;
        if (!grid || !bush || !clear || at === NO_HEX || raw.terrainEstimated !== true) return;
        const [from, to] = v === 'clear' ? [bush, clear] : [clear, bush];
        editTerrain(raw, (ch, col, row) => {
          const h = ch === from ? hexAt(grid, col, row) : NO_HEX;
          return h !== NO_HEX && distance(grid, at, h) <= CLEAR_RADIUS ? to : ch;
        });
      },
    };
  }
  return null;
}

/**
 * Chart cells reconstructed from the garbled scan (tables.json "reconstructed"), each with the other
 * reading the scan allows, as a chart override any command takes.
 */
export const CHART_READINGS: readonly { readonly name: string; readonly change: string; readonly setting: string }[] = [
  { name: 'chart.crt6at4-1', change: 'CRT die 6 at 4-1 reads -/E (the scan\'s "O/E"), not 10/E', setting: 'tables.crt.rows.6.4=-/E' },
  {
    name: 'chart.roadMech',
    change: 'mechanised units pay 1/2 MP along a road (the scan\'s "/.2 | /.2"), not 1/3',
    setting: 'tables.terrain.road.mechMp=["1/2",1]',
  },
  {
    name: 'chart.clearMech',
    change: 'mechanised units pay 2 MP in Clear in the rainy season too (the scan\'s "2 2"), not 4',
    setting: 'tables.terrain.types.clear.mechMp=[2,2]',
  },
  {
    name: 'chart.barrageRow1',
    change: 'Barrage Table row 1 reads 1, 1, 1, 2 (illegible in the scan), not 1, 1, 2, 2',
    setting: 'tables.barrage.rows.1=[1,1,1,2]',
  },
];

/**
 * Estimated data the sensitivity study does not move, and why: what it cannot step by a stated amount
 * or what does not change play.
 */
export const NOT_VARIED: readonly { readonly what: string; readonly why: string }[] = [
  { what: 'names of units and leaders', why: 'names do not change play' },
  {
    what: "leaders' movement allowance (12)",
    why: 'leaders move with their units; a leader alone rarely moves far enough for it to matter',
  },
  {
    what: 'counts of trucks, supply units and markers in the counter mix',
    why: 'the scenarios set what is on the map; the mix only has to add up to 190',
  },
  {
    what: 'the Supply Table cells reconstructed from the scan',
    why: 'each is the most consistent reading of its row and column (docs/DATA-FORMATS.md); move one with --option tables.supplyTable...',
  },
  {
    what: 'the railroad, rivers, the border, the 1907 demarcation, supply sources, off-map boxes and the position of places and roads',
    why: 'they are routes and positions; no single step moves them by a stated amount (each estimated road is taken off whole instead: road.<name>)',
  },
];

export const ESTIMATE_PREFIX = 'estimate.';

export interface EstimateSetting {
  readonly text: string;
  readonly group: EstimateGroup;
  readonly step: string;
}

/** Checks `estimate.<group>=<step>`; a message naming the groups or the steps otherwise. */
export function parseEstimate(pair: string): EstimateSetting | string {
  const eq = pair.indexOf('=');
  const key = (eq < 0 ? pair : pair.slice(0, eq)).slice(ESTIMATE_PREFIX.length),
    step = eq < 0 ? '' : pair.slice(eq + 1).trim();
  const group = ESTIMATE_GROUPS.find((g) => g.name === key) ?? featureGroup(key);
  if (!group)
    return `option "${pair}": no estimated-data group "${key}" (groups: ${ESTIMATE_GROUPS.map((g) => g.name).join(', ')}, ${ROAD_KEY}<road>, ${AROUND_KEY}<settlement>)`;
  if (!group.values.includes(step)) return `option "${pair}": ${key} takes ${group.values.join(', ')}`;
  return { text: pair, group, step };
}

/** Applies the settings of `file` to a copy of its raw content (the content itself when none apply). */
export function applyEstimates(file: EstimateFile, raw: unknown, settings: readonly EstimateSetting[]): unknown {
  const mine = settings.filter((s) => s.group.file === file);
  if (mine.length === 0 || raw === null || typeof raw !== 'object') return raw;
  const copy = structuredClone(raw) as Raw;
  for (const s of mine) s.group.apply(copy, s.step);
  return copy;
}
