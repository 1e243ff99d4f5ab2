// The map as SVG: terrain, roads, rivers, railroad, clearings, border, demarcation line,
// settlements with names, supply sources and off-map boxes; optionally a scenario's set-up on top.
import { DIRECTIONS, NO_HEX, hexLabel, neighbour } from '../core/hex.js';
import { MARSH, OUTSIDE, WORKS_FORTIFICATION, WORKS_ENTRENCHMENT, type GameMap } from '../core/map.js';
import type { Scenario } from '../core/scenario.js';
import { BOL } from '../core/side.js';
import { HexGeometry, esc, num } from './svg.js';
import { renderSetup, SIDE_FILL } from './setup-svg.js';

const TERRAIN_FILL = ['#f2ebbf', '#c4d69a', '#9ccbd0', '#dcbb83', '#a88a60', '#dddddd'];
const TERRAIN_LABEL = ['Clear', 'Bush', 'Marsh', 'Hill', 'Mountain', 'Outside (Argentina)'];

export interface MapSvgOptions {
  /** Pixels per hex row. */
  readonly scale?: number;
  readonly scenario?: Scenario;
  readonly title?: string;
}

export function renderMapSvg(map: GameMap, opts: MapSvgOptions = {}): string {
  const scale = opts.scale ?? 30;
  const geo = new HexGeometry(map.grid, scale, scale * 2.2);
  const legendWidth = scale * 9;
  const width = geo.width + legendWidth;
  const height = geo.height;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" font-family="Helvetica, Arial, sans-serif">`,
  );
  out.push(
    '<defs><pattern id="marsh" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 6 h3 M5 2 h3" stroke="#3d7f8a" stroke-width="0.8"/></pattern></defs>',
  );
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  out.push(terrainLayer(map, geo));
  out.push(hexNumbers(map, geo));
  out.push(sideLayer(map, geo, map.clearing_s, '#f7f0a0', scale * 0.16, 'clearings'));
  out.push(demarcationLayer(map, geo));
  out.push(sideLayer(map, geo, map.border_s, '#7a2d8c', scale * 0.09, 'border', '6 3'));
  out.push(riverLayer(map, geo));
  out.push(roadLayer(map, geo));
  out.push(railroadLayer(map, geo));
  out.push(sourcesLayer(map, geo));
  out.push(placesLayer(map, geo));
  out.push(boxesLayer(map, geo));
  if (opts.scenario) out.push(renderSetup(opts.scenario, geo));
  out.push(legend(geo.width, scale, opts));
  out.push('</svg>');
  return out.join('\n');
}

function terrainLayer(map: GameMap, geo: HexGeometry): string {
  const parts: string[] = ['<g id="terrain" stroke="#8a8a7a" stroke-width="0.4">'];
  for (let h = 0; h < map.grid.size; h++) {
    const t = map.terrain_h[h]!;
    parts.push(`<polygon points="${geo.polygon(h)}" fill="${TERRAIN_FILL[t]}"/>`);
    if (t === MARSH) parts.push(`<polygon points="${geo.polygon(h)}" fill="url(#marsh)" stroke="none"/>`);
  }
  parts.push('</g>');
  return parts.join('');
}

function hexNumbers(map: GameMap, geo: HexGeometry): string {
  const parts: string[] = [`<g id="hex-numbers" font-size="${num(geo.scale * 0.2)}" fill="#6b6b5f" text-anchor="middle">`];
  for (let h = 0; h < map.grid.size; h++) {
    if (map.terrain_h[h] === OUTSIDE) continue;
    const [x, y] = geo.centre(h);
    parts.push(`<text x="${num(x)}" y="${num(y - geo.scale * 0.3)}">${hexLabel(map.grid, h)}</text>`);
  }
  parts.push('</g>');
  return parts.join('');
}

/** Draws every hexside whose id is flagged in flags_s once. */
function sideLayer(map: GameMap, geo: HexGeometry, flags_s: Uint8Array, colour: string, width: number, id: string, dash?: string): string {
  const parts: string[] = [
    `<g id="${id}" stroke="${colour}" stroke-width="${num(width)}" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ''}>`,
  ];
  const drawn = new Set<number>();
  for (let h = 0; h < map.grid.size; h++) {
    for (let d = 0; d < DIRECTIONS; d++) {
      const s = map.grid.side_hd[h * DIRECTIONS + d]!;
      if (!flags_s[s] || drawn.has(s)) continue;
      drawn.add(s);
      const [x1, y1, x2, y2] = geo.side(h, d);
      parts.push(`<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}"/>`);
    }
  }
  parts.push('</g>');
  return parts.join('');
}

function riverLayer(map: GameMap, geo: HexGeometry): string {
  const base = sideLayer(map, geo, map.river_s, '#2f6fb5', geo.scale * 0.14, 'rivers');
  const ferry = new Uint8Array(map.river_s.length);
  if (map.ferrySide >= 0) ferry[map.ferrySide] = 1;
  return base + sideLayer(map, geo, ferry, '#e07b00', geo.scale * 0.2, 'ferry', '3 3');
}

function demarcationLayer(map: GameMap, geo: HexGeometry): string {
  const line = new Uint8Array(map.river_s.length);
  for (let h = 0; h < map.grid.size; h++) {
    for (let d = 0; d < DIRECTIONS; d++) {
      const n = neighbour(map.grid, h, d);
      if (n !== NO_HEX && map.southOfDemarcation_h[h] !== map.southOfDemarcation_h[n]) line[map.grid.side_hd[h * DIRECTIONS + d]!] = 1;
    }
  }
  return sideLayer(map, geo, line, '#c0202a', geo.scale * 0.07, 'demarcation', '2 4');
}

function roadLayer(map: GameMap, geo: HexGeometry): string {
  const parts: string[] = [`<g id="roads" stroke="#8b2b1a" stroke-width="${num(geo.scale * 0.09)}" fill="none" stroke-linejoin="round">`];
  for (const road of map.roads) {
    parts.push(
      `<polyline points="${road.hexes.map((h) => geo.centre(h).map(num).join(',')).join(' ')}"><title>${esc(road.name)}</title></polyline>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

function railroadLayer(map: GameMap, geo: HexGeometry): string {
  const pts = map.railroad.map((h) => geo.centre(h).map(num).join(',')).join(' ');
  return (
    `<g id="railroad" fill="none"><polyline points="${pts}" stroke="#222" stroke-width="${num(geo.scale * 0.12)}"/>` +
    `<polyline points="${pts}" stroke="#fff" stroke-width="${num(geo.scale * 0.06)}" stroke-dasharray="4 4"/></g>`
  );
}

function sourcesLayer(map: GameMap, geo: HexGeometry): string {
  const parts: string[] = ['<g id="supply-sources">'];
  for (const s of map.supplySources) {
    const [x, y] = geo.centre(s.hex);
    const r = geo.scale * 0.3;
    parts.push(
      `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="none" stroke="${SIDE_FILL[s.side]}" stroke-width="${num(geo.scale * 0.08)}"/>` +
        `<text x="${num(x + r * 0.75)}" y="${num(y + r * 1.05)}" font-size="${num(geo.scale * 0.28)}" font-weight="bold" fill="${SIDE_FILL[s.side]}">S</text>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

function placesLayer(map: GameMap, geo: HexGeometry): string {
  const parts: string[] = [`<g id="places" font-size="${num(geo.scale * 0.3)}">`];
  for (const p of map.places) {
    const [x, y] = geo.centre(p.hex);
    const r = geo.scale * (p.bigFour ? 0.17 : 0.12);
    if (p.works === WORKS_FORTIFICATION || p.works === WORKS_ENTRENCHMENT) {
      const k = geo.scale * 0.26;
      parts.push(
        `<rect x="${num(x - k)}" y="${num(y - k)}" width="${num(2 * k)}" height="${num(2 * k)}" fill="none" stroke="#000" stroke-width="${p.works === WORKS_FORTIFICATION ? 1.6 : 0.8}"/>`,
      );
    }
    if (p.settlement)
      parts.push(
        `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${p.bigFour ? '#000' : '#fff'}" stroke="#000" stroke-width="1"/>`,
      );
    else
      parts.push(
        `<path d="M${num(x - r)} ${num(y)} L${num(x)} ${num(y - r)} L${num(x + r)} ${num(y)} L${num(x)} ${num(y + r)} Z" fill="#fff" stroke="#555"/>`,
      );
    if (p.wet) parts.push(`<circle cx="${num(x + r * 1.6)}" cy="${num(y - r * 1.2)}" r="${num(geo.scale * 0.07)}" fill="#1e6fd0"/>`);
    const weight = p.bigFour ? 'bold' : p.settlement ? 'normal' : 'normal';
    const style = p.settlement ? '' : ' font-style="italic"';
    parts.push(
      `<text x="${num(x)}" y="${num(y + geo.scale * 0.45)}" text-anchor="middle" font-weight="${weight}"${style} stroke="#fff" stroke-width="2.5" paint-order="stroke">${esc(p.name)}</text>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

function boxesLayer(map: GameMap, geo: HexGeometry): string {
  const parts: string[] = [`<g id="off-map-boxes" font-size="${num(geo.scale * 0.26)}">`];
  const bw = geo.scale * 1.3,
    bh = geo.scale * 0.8;
  // A box sits beyond its side's edge, centred between the hexes it connects (or its neighbour boxes).
  const pos = new Map<number, [number, number]>();
  const place = (i: number, seen: Set<number>): [number, number] | null => {
    if (pos.has(i)) return pos.get(i)!;
    if (seen.has(i)) return null;
    seen.add(i);
    const b = map.boxes[i]!;
    const xs: number[] = b.hexes.map((h) => geo.centre(h)[0]);
    for (const o of b.boxes) {
      const p = place(o, seen);
      if (p) xs.push(p[0]);
    }
    if (xs.length === 0) return null;
    const x = xs.reduce((a, v) => a + v, 0) / xs.length;
    const y = b.side === BOL ? geo.margin * 0.45 : geo.height - geo.margin * 0.45;
    pos.set(i, [x, y]);
    return [x, y];
  };
  map.boxes.forEach((_, i) => place(i, new Set()));
  map.boxes.forEach((b, i) => {
    const p = pos.get(i);
    if (!p) return;
    const [x, y] = p;
    for (const h of b.hexes) {
      const [hx, hy] = geo.centre(h);
      parts.push(
        `<line x1="${num(x)}" y1="${num(y)}" x2="${num(hx)}" y2="${num(hy)}" stroke="${SIDE_FILL[b.side]}" stroke-width="1.5" stroke-dasharray="4 3"/>`,
      );
    }
    for (const o of b.boxes) {
      const q = pos.get(o);
      if (q && o > i)
        parts.push(
          `<line x1="${num(x)}" y1="${num(y)}" x2="${num(q[0])}" y2="${num(q[1])}" stroke="${SIDE_FILL[b.side]}" stroke-width="1.5" stroke-dasharray="4 3"/>`,
        );
    }
  });
  map.boxes.forEach((b, i) => {
    const p = pos.get(i);
    if (!p) return;
    const [x, y] = p;
    parts.push(
      `<rect x="${num(x - bw / 2)}" y="${num(y - bh / 2)}" width="${num(bw)}" height="${num(bh)}" rx="3" fill="#fff" stroke="${SIDE_FILL[b.side]}" stroke-width="1.5"/>` +
        `<text x="${num(x)}" y="${num(y - bh * 0.05)}" text-anchor="middle">${esc(b.id)}</text>` +
        `<text x="${num(x)}" y="${num(y + bh * 0.33)}" text-anchor="middle" font-weight="bold">${b.cost === 'mp' ? '1 MP' : '1 Turn'}</text>`,
    );
  });
  parts.push('</g>');
  return parts.join('');
}

function legend(x0: number, scale: number, opts: MapSvgOptions): string {
  const x = x0 + scale * 0.5;
  let y = scale * 1.5;
  const fs = scale * 0.36;
  const parts: string[] = [`<g id="legend" font-size="${num(fs)}">`];
  const title = opts.title ?? (opts.scenario ? `${opts.scenario.name} (${opts.scenario.rule}): set-up` : 'The Chaco War: map');
  parts.push(`<text x="${num(x)}" y="${num(y)}" font-size="${num(fs * 1.3)}" font-weight="bold">${esc(title)}</text>`);
  y += scale;
  parts.push(`<text x="${num(x)}" y="${num(y)}" fill="#a00">Reconstructed map: terrain, roads, rivers and</text>`);
  y += fs * 1.3;
  parts.push(`<text x="${num(x)}" y="${num(y)}" fill="#a00">features not fixed by the rules are estimated.</text>`);
  y += scale;
  TERRAIN_LABEL.forEach((label, t) => {
    parts.push(
      `<rect x="${num(x)}" y="${num(y - fs)}" width="${num(fs * 1.8)}" height="${num(fs * 1.2)}" fill="${TERRAIN_FILL[t]}" stroke="#888"/>` +
        `<text x="${num(x + fs * 2.3)}" y="${num(y)}">${label}</text>`,
    );
    y += fs * 1.6;
  });
  const lineItem = (label: string, stroke: string, w: number, dash?: string) => {
    parts.push(
      `<line x1="${num(x)}" y1="${num(y - fs * 0.4)}" x2="${num(x + fs * 1.8)}" y2="${num(y - fs * 0.4)}" stroke="${stroke}" stroke-width="${num(w)}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>` +
        `<text x="${num(x + fs * 2.3)}" y="${num(y)}">${label}</text>`,
    );
    y += fs * 1.6;
  };
  lineItem('Road', '#8b2b1a', scale * 0.09);
  lineItem('Railroad', '#222', scale * 0.12);
  lineItem('River (hexside)', '#2f6fb5', scale * 0.14);
  lineItem('Ferry 2807/2707', '#e07b00', scale * 0.2, '3 3');
  lineItem('Clearing (hexside)', '#e8dc60', scale * 0.16);
  lineItem('International border', '#7a2d8c', scale * 0.09, '6 3');
  lineItem('Demarcation line (1932)', '#c0202a', scale * 0.07, '2 4');
  const sym = (draw: string, label: string) => {
    parts.push(draw + `<text x="${num(x + fs * 2.3)}" y="${num(y)}">${label}</text>`);
    y += fs * 1.6;
  };
  const cx = x + fs * 0.9,
    cy = () => y - fs * 0.4;
  sym(`<circle cx="${num(cx)}" cy="${num(cy())}" r="${num(scale * 0.17)}" fill="#000"/>`, 'Big-four settlement (2d6 VP)');
  sym(`<circle cx="${num(cx)}" cy="${num(cy())}" r="${num(scale * 0.12)}" fill="#fff" stroke="#000"/>`, 'Settlement');
  sym(`<path d="M${num(cx - 5)} ${num(cy())} l5 -5 l5 5 l-5 5 z" fill="#fff" stroke="#555"/>`, 'Named locale (not a settlement)');
  sym(`<circle cx="${num(cx)}" cy="${num(cy())}" r="${num(scale * 0.07)}" fill="#1e6fd0"/>`, 'Water (wet settlement or well)');
  sym(
    `<rect x="${num(cx - 7)}" y="${num(cy() - 7)}" width="14" height="14" fill="none" stroke="#000" stroke-width="1.6"/>`,
    'Printed fortification',
  );
  for (const [side, name] of [
    [BOL, 'Bolivian'],
    [0, 'Paraguayan'],
  ] as const) {
    sym(
      `<circle cx="${num(cx)}" cy="${num(cy())}" r="${num(scale * 0.25)}" fill="none" stroke="${SIDE_FILL[side]}" stroke-width="2"/>`,
      `${name} supply source`,
    );
  }
  sym(
    `<rect x="${num(cx - 10)}" y="${num(cy() - 6)}" width="20" height="12" rx="2" fill="#fff" stroke="#555"/>`,
    'Off-map movement box (10.12)',
  );
  if (opts.scenario) {
    y += fs;
    parts.push(`<text x="${num(x)}" y="${num(y)}" font-weight="bold">Set-up</text>`);
    y += fs * 1.6;
    for (const [side, name] of [
      [BOL, 'Bolivia'],
      [0, 'Paraguay'],
    ] as const) {
      sym(
        `<rect x="${num(cx - 9)}" y="${num(cy() - 9)}" width="18" height="18" fill="${SIDE_FILL[side]}" stroke="#000"/>`,
        `${name}: a stack (units in it)`,
      );
    }
    sym(
      `<polygon points="${num(cx - 9)},${num(cy())} ${num(cx)},${num(cy() - 8)} ${num(cx + 9)},${num(cy())} ${num(cx)},${num(cy() + 8)}" fill="none" stroke="#000" stroke-dasharray="3 2"/>`,
      'Hexes a group may use (and/or, within 1)',
    );
    parts.push(`<text x="${num(x)}" y="${num(y)}">Labels: leaders (★ army commander), units</text>`);
    y += fs * 1.3;
    parts.push(`<text x="${num(x)}" y="${num(y)}">(r = reduced), drawn counters, GHQ, trucks, CSP.</text>`);
  }
  parts.push('</g>');
  return parts.join('');
}
