// Compiling scenarios/map.json into the core GameMap, checking every reference as it goes.
import { createGrid, parseHex, sideBetween, NO_HEX, DIRECTIONS, type Grid } from '../core/hex.js';
import {
  OUTSIDE,
  MARSH,
  TERRAIN_NAMES,
  WORKS_NAMES,
  type GameMap,
  type Place,
  type SupplySource,
  type OffMapBox,
  type River,
  type TerrainCode,
} from '../core/map.js';
import { BOL, PAR, sideFromCode } from '../core/side.js';
import { Issues, type IssuePath } from './issues.js';
import { mapSchema, type MapFile } from './map-schema.js';

const BIG_FOUR = ['2807', '4404', '2741', '1845'];

/** Resolves hex labels against the grid, reporting bad ones with the grid's bounds. */
export class HexResolver {
  constructor(
    readonly grid: Grid,
    readonly issues: Issues,
    readonly terrain_h?: Uint8Array,
  ) {}

  bounds(): string {
    const g = this.grid;
    const two = (n: number) => String(n).padStart(2, '0');
    return `columns ${two(g.firstColumn)}-${two(g.lastColumn)}, rows ${two(g.firstRow)}-${two(g.lastRow)}`;
  }

  /** The hex index of label, or NO_HEX after reporting it. `allowOutside` accepts hexes beyond the border. */
  hex(path: IssuePath, label: string, allowOutside = false): number {
    const h = parseHex(this.grid, label);
    if (h === NO_HEX) {
      this.issues.add(path, `"${label}": no such hex on the map (${this.bounds()})`);
      return NO_HEX;
    }
    if (!allowOutside && this.terrain_h && this.terrain_h[h] === OUTSIDE) {
      this.issues.add(path, `"${label}": that hex is outside the playing area (beyond the international border); use a hex inside it`);
      return NO_HEX;
    }
    return h;
  }

  /** The hexside id of "XXYY/XXYY", or -1 after reporting it. */
  side(path: IssuePath, label: string, allowOutside = false): number {
    const [a, b] = label.split('/') as [string, string];
    const ha = this.hex(path, a, true),
      hb = this.hex(path, b, true);
    if (ha === NO_HEX || hb === NO_HEX) return -1;
    const s = sideBetween(this.grid, ha, hb);
    if (s < 0) {
      this.issues.add(path, `"${label}": ${a} and ${b} are not adjacent (a hexside separates two neighbouring hexes)`);
      return -1;
    }
    if (!allowOutside && this.terrain_h && this.terrain_h[ha] === OUTSIDE && this.terrain_h[hb] === OUTSIDE) {
      this.issues.add(path, `"${label}": both hexes are outside the playing area`);
      return -1;
    }
    return s;
  }

  /** The hexes of a path "XXYY XXYY ...", each adjacent to the next; [] after reporting a problem. */
  path(path: IssuePath, text: string): number[] {
    const labels = text.trim().split(/ +/);
    const hexes: number[] = [];
    for (let i = 0; i < labels.length; i++) {
      const h = this.hex(path, labels[i]!);
      if (h === NO_HEX) return [];
      const prev = hexes[hexes.length - 1];
      if (prev !== undefined && sideBetween(this.grid, prev, h) < 0) {
        this.issues.add(
          path,
          `${labels[i - 1]} and ${labels[i]} (hexes ${i} and ${i + 1} of the path) are not adjacent; insert the hex between them`,
        );
        return [];
      }
      hexes.push(h);
    }
    return hexes;
  }
}

/** Choices that change the compiled map: the places marked "unnamed" count as settlements (I-60). */
export interface MapVariant {
  readonly unnamedSettlements?: boolean;
}

/**
 * Validates and compiles a parsed map file. Issues are reported into `issues`; the map is null when
 * any was found. `strict` (the game's map) also requires the big four, the railhead and Villa Montes;
 * rule tests pass false to build small maps.
 */
export function compileMap(raw: unknown, issues: Issues, strict = true, variant: MapVariant = {}): GameMap | null {
  const file = issues.parse(mapSchema, raw);
  if (!file) return null;
  const g = file.grid;
  if (g.firstColumn > g.lastColumn || g.firstRow > g.lastRow) {
    issues.add(['grid'], 'first column/row must not be after the last');
    return null;
  }
  const grid = createGrid(g.firstColumn, g.lastColumn, g.firstRow, g.lastRow);
  const terrain_h = compileTerrain(file, grid, issues);
  if (!terrain_h) return null;
  const r = new HexResolver(grid, issues, terrain_h);

  const places = compilePlaces(file, r, strict, variant.unnamedSettlements === true);
  const place_h = new Int16Array(grid.size).fill(-1);
  const settlement_h = new Uint8Array(grid.size);
  const bigFour_h = new Uint8Array(grid.size);
  const wet_h = new Uint8Array(grid.size);
  const works_h = new Uint8Array(grid.size);
  places.forEach((p, i) => {
    place_h[p.hex] = i;
    settlement_h[p.hex] = p.settlement ? 1 : 0;
    bigFour_h[p.hex] = p.bigFour ? 1 : 0;
    wet_h[p.hex] = p.wet ? 1 : 0;
    works_h[p.hex] = p.works;
  });

  const road_s = new Uint8Array(grid.sideCount);
  const roads = file.roads.map((road, i) => {
    const hexes = r.path(['roads', i, 'hexes'], road.hexes);
    for (let k = 1; k < hexes.length; k++) road_s[sideBetween(grid, hexes[k - 1]!, hexes[k]!)] = 1;
    return { name: road.name, hexes, estimated: road.estimated ?? false };
  });

  const railroad = r.path(['railroad', 'hexes'], file.railroad.hexes);
  const railhead = r.hex(['railroad', 'railhead'], file.railroad.railhead);
  const railroad_h = new Uint8Array(grid.size);
  for (const h of railroad) railroad_h[h] = 1;
  if (railroad.length > 0 && railhead !== NO_HEX) {
    if (railroad[0] !== railhead) issues.add(['railroad', 'hexes'], `the railroad must start at the railhead ${file.railroad.railhead}`);
    if (grid.row_h[railroad[railroad.length - 1]!] !== grid.lastRow) {
      issues.add(['railroad', 'hexes'], `the railroad must end on the south edge (row ${grid.lastRow}) (8.4)`);
    }
  }

  const river_s = new Uint8Array(grid.sideCount);
  const riverIds = new Map<string, number>();
  const rivers: River[] = file.rivers.map((river, i) => {
    if (riverIds.has(river.id)) issues.add(['rivers', i, 'id'], `river id "${river.id}" is used twice`);
    riverIds.set(river.id, i);
    const sides: number[] = [];
    river.hexsides.forEach((label, k) => {
      const s = r.side(['rivers', i, 'hexsides', k], label, true);
      if (s < 0) return;
      if (river_s[s] !== 0) issues.add(['rivers', i, 'hexsides', k], `"${label}" is already a river hexside`);
      river_s[s] = i + 1;
      sides.push(s);
    });
    return { id: river.id, name: river.name, sides };
  });

  let ferrySide = -1;
  const ferryRiver = riverIds.get(file.ferry.river);
  if (!strict && file.ferry.river === '') {
    /* a test map without a ferry */
  } else if (ferryRiver === undefined)
    issues.add(['ferry', 'river'], `no river with id "${file.ferry.river}" (rivers: ${[...riverIds.keys()].join(', ')})`);
  else {
    ferrySide = r.side(['ferry', 'hexside'], file.ferry.hexside);
    if (ferrySide >= 0 && river_s[ferrySide] !== ferryRiver + 1) {
      issues.add(['ferry', 'hexside'], `"${file.ferry.hexside}" is not a hexside of river "${file.ferry.river}"`);
    }
  }

  const clearing_s = new Uint8Array(grid.sideCount);
  const clearings = file.clearings.map((c, i) => {
    const sides: number[] = [];
    c.hexsides.forEach((label, k) => {
      const s = r.side(['clearings', i, 'hexsides', k], label);
      if (s < 0) return;
      if (river_s[s] !== 0) issues.add(['clearings', i, 'hexsides', k], `"${label}" is a river hexside; a clearing cannot be one`);
      clearing_s[s] = 1;
      sides.push(s);
    });
    return { name: c.name, sides };
  });

  const border_s = new Uint8Array(grid.sideCount);
  file.border.hexsides.forEach((label, k) => {
    const s = r.side(['border', 'hexsides', k], label, true);
    if (s >= 0) border_s[s] = 1;
  });

  const southOfDemarcation_h = new Uint8Array(grid.size);
  for (let col = grid.firstColumn; col <= grid.lastColumn; col++) {
    const key = String(col).padStart(2, '0');
    const first = file.demarcation.firstRowSouthByColumn[key];
    if (first === undefined) {
      issues.add(
        ['demarcation', 'firstRowSouthByColumn'],
        `column "${key}" is missing (every column ${r.bounds()} needs its first row south of the line)`,
      );
      continue;
    }
    for (let row = Math.max(first, grid.firstRow); row <= grid.lastRow; row++) {
      southOfDemarcation_h[(col - grid.firstColumn) * grid.rows + (row - grid.firstRow)] = 1;
    }
  }

  const supplySources = compileSources(file, grid, r, strict);
  const villaMontes = supplySources.find((s) => s.kind === 'villa-montes')?.hex ?? NO_HEX;
  const vmRiver = riverIds.get(file.villaMontesRiver);
  if (vmRiver === undefined && (strict || file.villaMontesRiver !== ''))
    issues.add(['villaMontesRiver'], `no river with id "${file.villaMontesRiver}" (rivers: ${[...riverIds.keys()].join(', ')})`);
  const villaMontesRiverHexes = vmRiver === undefined ? [] : hexesAlongSides(grid, new Set(rivers[vmRiver]!.sides), terrain_h);
  if (strict && railhead !== NO_HEX && !supplySources.some((s) => s.kind === 'railhead' && s.hex === railhead)) {
    issues.add(['supplySources'], `the railhead ${file.railroad.railhead} must be listed as a PAR supply source of kind "railhead" (8.4)`);
  }

  const boxes = compileBoxes(file, grid, r);

  if (!issues.ok) return null;
  return Object.freeze({
    grid,
    terrain_h,
    place_h,
    places,
    settlement_h,
    bigFour_h,
    wet_h,
    works_h,
    southOfDemarcation_h,
    railroad_h,
    railroad,
    railhead,
    road_s,
    river_s,
    clearing_s,
    border_s,
    rivers,
    ferrySide,
    villaMontesRiverHexes,
    villaMontes,
    supplySources,
    boxes,
    roads,
    clearings,
  });
}

function compileTerrain(file: MapFile, grid: Grid, issues: Issues): Uint8Array | null {
  const code = new Map<string, TerrainCode>();
  for (const [ch, name] of Object.entries(file.terrainKey)) code.set(ch, TERRAIN_NAMES.indexOf(name) as TerrainCode);
  const terrain_h = new Uint8Array(grid.size);
  const keys = [...code.keys()].map((k) => `"${k}"`).join(' ');
  let ok = true;
  for (let row = grid.firstRow; row <= grid.lastRow; row++) {
    const key = String(row).padStart(2, '0');
    const line = file.terrain[key];
    if (line === undefined) {
      issues.add(['terrain'], `row "${key}" is missing (rows ${grid.firstRow}-${grid.lastRow} each need a line)`);
      ok = false;
      continue;
    }
    if (line.length !== grid.columns) {
      issues.add(
        ['terrain', key],
        `has ${line.length} characters; it needs ${grid.columns}, one per column ${grid.firstColumn}-${grid.lastColumn}`,
      );
      ok = false;
      continue;
    }
    for (let i = 0; i < line.length; i++) {
      const t = code.get(line[i]!);
      if (t === undefined) {
        issues.add(['terrain', key], `column ${grid.firstColumn + i}: "${line[i]}" is not a terrain key (use one of ${keys})`);
        ok = false;
        continue;
      }
      terrain_h[i * grid.rows + (row - grid.firstRow)] = t;
    }
  }
  for (const key of Object.keys(file.terrain)) {
    const row = Number(key);
    if (row < grid.firstRow || row > grid.lastRow) {
      issues.add(['terrain', key], `row ${key} is outside the grid (rows ${grid.firstRow}-${grid.lastRow})`);
      ok = false;
    }
  }
  return ok ? terrain_h : null;
}

function compilePlaces(file: MapFile, r: HexResolver, strict: boolean, unnamedSettlements: boolean): Place[] {
  const seen = new Map<number, number>();
  const places: Place[] = [];
  file.places.forEach((p, i) => {
    const h = r.hex(['places', i, 'hex'], p.hex);
    if (h === NO_HEX) return;
    const other = seen.get(h);
    if (other !== undefined) {
      r.issues.add(['places', i, 'hex'], `"${p.hex}" already holds ${file.places[other]!.name} (places[${other}]); one place per hex`);
      return;
    }
    seen.set(h, i);
    if (p.bigFour && p.settlement !== true)
      r.issues.add(['places', i, 'bigFour'], `${p.name} is marked bigFour but is not a settlement named by the rules (16.2)`);
    if (p.settlement !== false && r.terrain_h![h] === MARSH)
      r.issues.add(['places', i, 'hex'], `${p.name}: a settlement cannot be in a Marsh hex`);
    // I-60: a place the rules never name is a settlement only when the option asks for it.
    const unnamed = p.settlement === 'unnamed';
    places.push({
      hex: h,
      name: p.name,
      settlement: p.settlement === true || (unnamed && unnamedSettlements),
      unnamedSettlement: unnamed,
      bigFour: p.bigFour ?? false,
      wet: p.wet ?? false,
      works: WORKS_NAMES.indexOf(p.works ?? 'none') as 0 | 1 | 2,
      estimated: p.estimated ?? false,
    });
  });
  const bigFour = file.places
    .filter((p) => p.bigFour)
    .map((p) => p.hex)
    .sort();
  if (strict && bigFour.join() !== [...BIG_FOUR].sort().join()) {
    r.issues.add(
      ['places'],
      `the bigFour settlements must be Villa Montes 2807, Charagua 4404, Isla Poí 2741 and Nanawa 1845 (16.2); found ${bigFour.join(', ') || 'none'}`,
    );
  }
  return places;
}

function compileSources(file: MapFile, grid: Grid, r: HexResolver, strict: boolean): SupplySource[] {
  const out: SupplySource[] = [];
  file.supplySources.forEach((s, i) => {
    const h = r.hex(['supplySources', i, 'hex'], s.hex);
    if (h === NO_HEX) return;
    const side = sideFromCode(s.side);
    if (s.kind === 'edge') {
      const edgeRow = side === BOL ? grid.firstRow : grid.lastRow;
      if (grid.row_h[h] !== edgeRow) {
        r.issues.add(
          ['supplySources', i, 'hex'],
          `"${s.hex}": a ${s.side} edge source must be on row ${edgeRow} (${side === BOL ? 'north' : 'south'} edge, 8.4)`,
        );
      }
    }
    if (s.kind === 'railhead' && side !== PAR) r.issues.add(['supplySources', i, 'side'], 'the railhead is Paraguayan (8.4)');
    if (s.kind === 'villa-montes' && side !== BOL) r.issues.add(['supplySources', i, 'side'], 'Villa Montes is Bolivian (8.4)');
    out.push({ hex: h, side, kind: s.kind });
  });
  for (const kind of ['railhead', 'villa-montes'] as const) {
    const n = out.filter((s) => s.kind === kind).length;
    if (n > 1 || (strict && n !== 1)) r.issues.add(['supplySources'], `needs exactly one source of kind "${kind}" (8.4); found ${n}`);
  }
  return out;
}

function compileBoxes(file: MapFile, grid: Grid, r: HexResolver): OffMapBox[] {
  const index = new Map<string, number>();
  file.offMapBoxes.forEach((b, i) => {
    if (index.has(b.id)) r.issues.add(['offMapBoxes', i, 'id'], `box id "${b.id}" is used twice`);
    index.set(b.id, i);
  });
  return file.offMapBoxes.map((b, i) => {
    const side = sideFromCode(b.side);
    const hexes: number[] = [];
    const boxes: number[] = [];
    b.connects.forEach((ref, k) => {
      const path = ['offMapBoxes', i, 'connects', k];
      const other = index.get(ref);
      if (other !== undefined) {
        if (file.offMapBoxes[other]!.side !== b.side)
          r.issues.add(path, `"${ref}" is a box of the other side (10.12: no use of enemy boxes)`);
        boxes.push(other);
        return;
      }
      if (!/^\d{4}$/.test(ref)) {
        r.issues.add(path, `"${ref}": neither a box id (${[...index.keys()].join(', ')}) nor a hex "XXYY"`);
        return;
      }
      const h = r.hex(path, ref);
      if (h === NO_HEX) return;
      const edgeRow = side === BOL ? grid.firstRow : grid.lastRow;
      if (grid.row_h[h] !== edgeRow)
        r.issues.add(path, `"${ref}": a ${b.side} entrance hex must be on row ${edgeRow}, the side's own map edge (10.12)`);
      hexes.push(h);
    });
    return { id: b.id, side, cost: b.cost, hexes, boxes };
  });
}

/** Every inside hex that has one of `sides` as a hexside. */
function hexesAlongSides(grid: Grid, sides: ReadonlySet<number>, terrain_h: Uint8Array): number[] {
  const out: number[] = [];
  for (let h = 0; h < grid.size; h++) {
    if (terrain_h[h] === OUTSIDE) continue;
    for (let d = 0; d < DIRECTIONS; d++) {
      if (sides.has(grid.side_hd[h * DIRECTIONS + d]!)) {
        out.push(h);
        break;
      }
    }
  }
  return out;
}
