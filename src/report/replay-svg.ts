// A position of a replayed game as SVG: the map (renderMapSvg, untouched, as a nested <svg>) under the
// pieces: combat units as counters with their current values, leaders, GHQ, trucks and CSP, settlement
// control rings, entrenchments and fortifications, units out of General Supply outlined in red; a title
// band with the turn, the month and the VP; a key and each side's off-board state in the legend column.
import { defenceFactor } from '../core/combat-odds.js';
import { ARTILLERY, ARMOR, CAVALRY, ENGINEER, INFANTRY } from '../core/counters.js';
import { hexLabel } from '../core/hex.js';
import { WORKS_ENTRENCHMENT, WORKS_FORTIFICATION } from '../core/map.js';
import { BOL, PAR, type Side } from '../core/side.js';
import { IN_DEAD, boxOf, isBox, type GameState } from '../core/state.js';
import { renderMapSvg } from './map-svg.js';
import { SIDE_FILL, unitValues } from './setup-svg.js';
import { HexGeometry, esc, num } from './svg.js';

export interface PositionSvgOptions {
  /** Pixels per hex row (default 36). */
  readonly scale?: number;
  /**
   * Units to mark out of General Supply: those found so in their side's last Supply Phase. Default: the
   * units on the map with state.inSupply_u 0 (which also holds units placed since, never traced).
   */
  readonly outOfSupply?: ReadonlySet<number>;
  /** First line of the title band, e.g. "Turn 3 of 6 · November 1932 · end of the Paraguayan player turn". */
  readonly title: string;
  /** Second line, e.g. the scenario and the weather. */
  readonly subtitle?: string;
  /** A highlighted line under the title (how the game ended). */
  readonly banner?: string;
}

/** Lighter counter fills for reduced units (2.12), by side. */
export const REDUCED_FILL = ['#e2cbb1', '#a9cfa9'] as const;
const TEXT_ON_FULL = ['#1b1205', '#ffffff'] as const;
const TEXT_ON_REDUCED = '#1b1b1b';
const OUT_OF_SUPPLY = '#e0001b';
const SIDE_NAME = ['Paraguay', 'Bolivia'] as const;
/** The legend column renderMapSvg draws (its width is 9 scale); our key starts below its items. */
const MAP_LEGEND_WIDTH = 9;
const KEY_TOP = 17.2;

export interface Stack {
  readonly units: number[];
  readonly leaders: number[];
  ghq: boolean;
  trucks: number;
  csp: number;
}

export function stacksOf(state: GameState, side: Side): Map<number, Stack> {
  const out = new Map<number, Stack>();
  const at = (h: number): Stack => {
    let s = out.get(h);
    if (!s) {
      s = { units: [], leaders: [], ghq: false, trucks: 0, csp: 0 };
      out.set(h, s);
    }
    return s;
  };
  const c = state.counters;
  for (let u = 0; u < state.loc_u.length; u++) if (c.side_u[u] === side && state.loc_u[u]! >= 0) at(state.loc_u[u]!).units.push(u);
  for (let l = 0; l < state.loc_l.length; l++) if (c.side_l[l] === side && state.loc_l[l]! >= 0) at(state.loc_l[l]!).leaders.push(l);
  if (state.ghq_s[side]! >= 0) at(state.ghq_s[side]!).ghq = true;
  for (let t = 0; t < state.loc_t.length; t++) if (state.side_t[t] === side && state.loc_t[t]! >= 0) at(state.loc_t[t]!).trucks++;
  for (let h = 0; h < state.map.grid.size; h++) if (state.csp_hs[h * 2 + side]! > 0) at(h).csp += state.csp_hs[h * 2 + side]!;
  // Strongest first: the top counter shows its type.
  for (const s of out.values())
    s.units.sort((a, b) => c.attack_u[b * 2 + state.reduced_u[b]!]! - c.attack_u[a * 2 + state.reduced_u[a]!]! || a - b);
  return out;
}

/** The values a stack shows: a single unit's own ("3-4-5"), or the stack's total attack and defence ("9-11"). */
export function stackValues(state: GameState, units: readonly number[]): string {
  const c = state.counters;
  if (units.length === 1) return unitValues(c, units[0]!, state.reduced_u[units[0]!] === 1);
  let a = 0,
    d = 0;
  for (const u of units) {
    a += c.attack_u[u * 2 + state.reduced_u[u]!]!;
    d += defenceFactor(state, u);
  }
  return `${a}-${d}`;
}

/** The NATO type symbol of unit type `type` in a box of w x h at (x, y). */
function typeSymbol(type: number, x: number, y: number, w: number, h: number, colour: string, sw: number): string {
  const box = `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="none" stroke="${colour}" stroke-width="${num(sw)}"/>`;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="${colour}" stroke-width="${num(sw)}"/>`;
  switch (type) {
    case INFANTRY:
      return box + line(x, y, x + w, y + h) + line(x, y + h, x + w, y);
    case CAVALRY:
      return box + line(x, y + h, x + w, y);
    case ARTILLERY:
      return box + `<circle cx="${num(x + w / 2)}" cy="${num(y + h / 2)}" r="${num(h * 0.22)}" fill="${colour}"/>`;
    case ENGINEER: {
      const m = y + h * 0.4,
        b = y + h * 0.72;
      return (
        box +
        line(x + w * 0.2, m, x + w * 0.8, m) +
        line(x + w * 0.2, m, x + w * 0.2, b) +
        line(x + w * 0.5, m, x + w * 0.5, b) +
        line(x + w * 0.8, m, x + w * 0.8, b)
      );
    }
    case ARMOR:
      return (
        box +
        `<rect x="${num(x + w * 0.15)}" y="${num(y + h * 0.22)}" width="${num(w * 0.7)}" height="${num(h * 0.56)}" rx="${num(h * 0.28)}" fill="none" stroke="${colour}" stroke-width="${num(sw)}"/>`
      );
    default:
      return box;
  }
}

function badge(x: number, y: number, r: number, text: string, side: Side, k: number): string {
  return (
    `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="#fff" stroke="${SIDE_FILL[side]}" stroke-width="${num(k * 0.03)}"/>` +
    `<text x="${num(x)}" y="${num(y + r * 0.42)}" text-anchor="middle" font-size="${num(r * 1.2)}" font-weight="bold" fill="#000">${esc(text)}</text>`
  );
}

function stackTooltip(state: GameState, h: number, side: Side, s: Stack, oos: ReadonlySet<number>): string {
  const c = state.counters;
  const lines = [
    `${hexLabel(state.map.grid, h)}${state.map.place_h[h]! >= 0 ? ` ${state.map.places[state.map.place_h[h]!]!.name}` : ''} (${SIDE_NAME[side]})`,
  ];
  for (const l of s.leaders)
    lines.push(
      `${l === state.armyCommander_s[side] ? '★ ' : ''}${c.leaders[l]!.named ? c.leaders[l]!.name : `leader ${c.leaders[l]!.name}`}`,
    );
  for (const u of s.units)
    lines.push(
      `${c.units[u]!.name} ${unitValues(c, u, state.reduced_u[u] === 1)}${state.reduced_u[u] ? ' reduced' : ''}${oos.has(u) ? ', out of supply' : ''}`,
    );
  if (s.ghq) lines.push('GHQ');
  if (s.trucks > 0) lines.push(`${s.trucks} truck${s.trucks > 1 ? 's' : ''}`);
  if (s.csp > 0) lines.push(`${s.csp} CSP`);
  return `<title>${esc(lines.join('\n'))}</title>`;
}

/** GHQ, trucks and CSP as the counter's bottom line: "HQ 2T 6C". */
function extrasLine(s: Stack): string {
  return [s.ghq ? 'HQ' : '', s.trucks > 0 ? `${s.trucks}T` : '', s.csp > 0 ? `${s.csp}C` : ''].filter(Boolean).join(' ');
}

interface CounterLook {
  readonly side: Side;
  readonly type: number;
  readonly values: string;
  readonly reduced: boolean;
  readonly outOfSupply: boolean;
  readonly units: number;
  readonly extras: string;
  /** '★', 'L', '★2', '3'...: the leaders' badge, or ''. */
  readonly leaders: string;
}

/** A counter (0.72 scale square) with its top-left corner at (x0, y0). */
function counter(x0: number, y0: number, k: number, look: CounterLook): string {
  const size = k * 0.72;
  const fill = look.reduced ? REDUCED_FILL[look.side] : SIDE_FILL[look.side];
  const ink = look.reduced ? TEXT_ON_REDUCED : TEXT_ON_FULL[look.side];
  const out: string[] = [];
  for (let i = Math.min(2, look.units - 1); i >= 1; i--) {
    const d = i * k * 0.05;
    out.push(
      `<rect x="${num(x0 + d)}" y="${num(y0 + d)}" width="${num(size)}" height="${num(size)}" rx="${num(k * 0.05)}" fill="${fill}" stroke="#000" stroke-width="${num(k * 0.02)}"/>`,
    );
  }
  out.push(
    `<rect x="${num(x0)}" y="${num(y0)}" width="${num(size)}" height="${num(size)}" rx="${num(k * 0.05)}" fill="${fill}" stroke="#000" stroke-width="${num(k * 0.02)}"/>`,
  );
  if (look.outOfSupply) {
    const i = k * 0.04;
    out.push(
      `<rect x="${num(x0 - i)}" y="${num(y0 - i)}" width="${num(size + 2 * i)}" height="${num(size + 2 * i)}" rx="${num(k * 0.08)}" fill="none" stroke="${OUT_OF_SUPPLY}" stroke-width="${num(k * 0.08)}"/>`,
    );
  }
  const cx = x0 + size / 2;
  out.push(typeSymbol(look.type, cx - k * 0.15, y0 + k * 0.07, k * 0.3, k * 0.17, ink, k * 0.025));
  const fs = k * (look.values.length > 6 ? 0.21 : 0.25);
  out.push(
    `<text x="${num(cx)}" y="${num(y0 + k * 0.47)}" text-anchor="middle" font-size="${num(fs)}" font-weight="bold" fill="${ink}">${esc(look.values)}</text>`,
  );
  if (look.extras)
    out.push(
      `<text x="${num(cx)}" y="${num(y0 + k * 0.66)}" text-anchor="middle" font-size="${num(k * 0.16)}" font-weight="bold" fill="${ink}">${esc(look.extras)}</text>`,
    );
  if (look.units > 1) out.push(badge(x0 + size - k * 0.04, y0 + k * 0.02, k * 0.14, String(look.units), look.side, k));
  if (look.leaders) out.push(badge(x0 + k * 0.04, y0 + k * 0.02, k * 0.14, look.leaders, look.side, k));
  return out.join('');
}

/** One hex's pieces of one side: a counter, or a dashed disc when only non-combat pieces are there. */
export function drawStack(state: GameState, geo: HexGeometry, h: number, side: Side, s: Stack, oos: ReadonlySet<number>): string {
  const k = geo.scale;
  const [cx, cy] = geo.centre(h);
  const ac = s.leaders.includes(state.armyCommander_s[side]!);
  const leaders = s.leaders.length === 0 ? '' : s.leaders.length === 1 ? (ac ? '★' : 'L') : `${ac ? '★' : ''}${s.leaders.length}`;
  const out: string[] = [`<g class="stack">${stackTooltip(state, h, side, s, oos)}`];
  if (s.units.length > 0) {
    out.push(
      counter(cx - k * 0.36, cy - k * 0.47, k, {
        side,
        type: state.counters.type_u[s.units[0]!]!,
        values: stackValues(state, s.units),
        reduced: s.units.every((u) => state.reduced_u[u] === 1),
        outOfSupply: s.units.some((u) => oos.has(u)),
        units: s.units.length,
        extras: extrasLine(s),
        leaders,
      }),
    );
  } else {
    // Non-combat pieces alone: a dashed token, leaders and GHQ on top, trucks and CSP under.
    const top = [leaders, s.ghq ? 'HQ' : ''].filter(Boolean).join(' ');
    const bottom = [s.trucks > 0 ? `${s.trucks}T` : '', s.csp > 0 ? `${s.csp}C` : ''].filter(Boolean).join(' ');
    const lines = [top, bottom].filter(Boolean);
    const w = k * 0.56,
      hgt = k * (lines.length > 1 ? 0.46 : 0.3),
      y = cy - k * 0.1 - hgt / 2;
    out.push(
      `<rect x="${num(cx - w / 2)}" y="${num(y)}" width="${num(w)}" height="${num(hgt)}" rx="${num(k * 0.12)}" fill="${SIDE_FILL[side]}" stroke="#000" stroke-width="${num(k * 0.02)}" stroke-dasharray="${num(k * 0.05)} ${num(k * 0.03)}"/>`,
    );
    lines.forEach((line, i) => {
      out.push(
        `<text x="${num(cx)}" y="${num(y + k * (0.22 + i * 0.19))}" text-anchor="middle" font-size="${num(k * (line === top ? 0.19 : 0.16))}" font-weight="bold" fill="${TEXT_ON_FULL[side]}">${esc(line)}</text>`,
      );
    });
  }
  out.push('</g>');
  return out.join('');
}

/** An entrenchment (E) or fortification (F) marker with its top-left corner at (x, y). */
export function worksMarker(x: number, y: number, k: number, works: number, title: string): string {
  const s = k * 0.2;
  const fort = works === WORKS_FORTIFICATION;
  return (
    `<g><title>${esc(title)}</title>` +
    `<rect x="${num(x)}" y="${num(y)}" width="${num(s)}" height="${num(s)}" fill="${fort ? '#333' : '#fff'}" stroke="#333" stroke-width="${num(k * 0.025)}"/>` +
    `<text x="${num(x + s / 2)}" y="${num(y + s * 0.8)}" text-anchor="middle" font-size="${num(s * 0.9)}" font-weight="bold" fill="${fort ? '#fff' : '#333'}">${fort ? 'F' : 'E'}</text></g>`
  );
}

/** The map's place names again, above rings and counters (white halo, as the map draws them). */
export function placeNames(state: GameState, geo: HexGeometry): string {
  const parts: string[] = [`<g id="place-names" font-size="${num(geo.scale * 0.3)}">`];
  for (const p of state.map.places) {
    const [x, y] = geo.centre(p.hex);
    const style = p.settlement ? '' : ' font-style="italic"';
    parts.push(
      `<text x="${num(x)}" y="${num(y + geo.scale * 0.45)}" text-anchor="middle" font-weight="${p.bigFour ? 'bold' : 'normal'}"${style} stroke="#fff" stroke-width="2.5" paint-order="stroke">${esc(p.name)}</text>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

/** The ring of a settlement held by `side`: dashed when taken in this game. */
export function controlRing(state: GameState, geo: HexGeometry, h: number, name: string, side: Side): string {
  const k = geo.scale;
  const [x, y] = geo.centre(h);
  const captured = state.scenario.control_h[h] !== side;
  return (
    `<circle cx="${num(x)}" cy="${num(y)}" r="${num(k * 0.45)}" fill="none" stroke="${SIDE_FILL[side]}" stroke-width="${num(k * 0.075)}"${captured ? ` stroke-dasharray="${num(k * 0.16)} ${num(k * 0.06)}"` : ''}>` +
    `<title>${esc(name)}: ${SIDE_NAME[side]}${captured ? ' (taken in this game)' : ''}</title></circle>`
  );
}

function controlRings(state: GameState, geo: HexGeometry): string {
  const parts: string[] = ['<g id="control">'];
  for (const p of state.map.places) {
    if (!p.settlement) continue;
    const side = state.control_h[p.hex]!;
    if (side !== PAR && side !== BOL) continue;
    parts.push(controlRing(state, geo, p.hex, p.name, side));
  }
  parts.push('</g>');
  return parts.join('');
}

function text(x: number, y: number, size: number, content: string, extra = ''): string {
  return `<text x="${num(x)}" y="${num(y)}" font-size="${num(size)}"${extra}>${esc(content)}</text>`;
}

/** Wraps `words` into lines of at most `width` characters. */
function wrap(words: string, width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of words.split(' ')) {
    if (cur && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** The key to the pieces and, per side, what the map does not show: leaders, boxes, losses. */
function keyPanel(state: GameState, oos: ReadonlySet<number>, x: number, y0: number, k: number): string {
  const fs = k * 0.34;
  const parts: string[] = ['<g id="replay-key">'];
  let y = y0;
  parts.push(text(x, y, fs * 1.2, 'Pieces', ' font-weight="bold"'));
  y += fs * 0.9;
  // Each sample is drawn at (x, y) in a strip 2 counters wide; its label follows.
  const demo = (draw: (x0: number, y0: number) => string, label: string) => {
    parts.push(draw(x + k * 0.1, y), text(x + k * 1.75, y + k * 0.42, fs, label));
    y += k * 0.95;
  };
  const look = (side: Side, values: string, more: Partial<CounterLook> = {}): CounterLook => ({
    side,
    type: INFANTRY,
    values,
    reduced: false,
    outOfSupply: false,
    units: 1,
    extras: '',
    leaders: '',
    ...more,
  });
  demo(
    (x0, y1) => counter(x0, y1, k, look(PAR, '3-4-5')) + counter(x0 + k * 0.8, y1, k, look(BOL, '3-4-5')),
    'Paraguay, Bolivia: attack-defence-move',
  );
  demo(
    (x0, y1) =>
      counter(x0, y1, k, look(PAR, '1-2-5', { reduced: true })) + counter(x0 + k * 0.8, y1, k, look(BOL, '1-2-5', { reduced: true })),
    'reduced units (lighter)',
  );
  demo((x0, y1) => counter(x0, y1, k, look(BOL, '9-11', { units: 3 })), 'a stack of 3: total attack-defence');
  demo((x0, y1) => counter(x0, y1, k, look(BOL, '3-4-5', { outOfSupply: true })), 'out of General Supply');
  demo(
    (x0, y1) =>
      counter(x0, y1, k, look(PAR, '4-6', { leaders: '★', extras: 'HQ 2T 3C' })) +
      counter(x0 + k * 0.8, y1, k, look(PAR, '3-4-5', { leaders: 'L' })),
    '★ army commander, L leader(s);',
  );
  parts.push(text(x + k * 1.75, y - k * 0.95 + k * 0.42 + fs * 1.2, fs, 'GHQ, trucks (T), CSP (C)'));
  demo(
    (x0, y1) =>
      worksMarker(x0 + k * 0.1, y1 + k * 0.25, k, WORKS_ENTRENCHMENT, 'Entrenchment') +
      worksMarker(x0 + k * 0.5, y1 + k * 0.25, k, WORKS_FORTIFICATION, 'Fortification'),
    'entrenchment, fortification',
  );
  demo(
    (x0, y1) =>
      `<circle cx="${num(x0 + k * 0.32)}" cy="${num(y1 + k * 0.32)}" r="${num(k * 0.28)}" fill="none" stroke="${SIDE_FILL[PAR]}" stroke-width="${num(k * 0.075)}"/>` +
      `<circle cx="${num(x0 + k * 1.1)}" cy="${num(y1 + k * 0.32)}" r="${num(k * 0.28)}" fill="none" stroke="${SIDE_FILL[BOL]}" stroke-width="${num(k * 0.075)}" stroke-dasharray="${num(k * 0.16)} ${num(k * 0.06)}"/>`,
    'settlement control (dashed: taken)',
  );
  y += fs * 0.8;
  const c = state.counters;
  for (const side of [PAR, BOL] as const) {
    parts.push(text(x, y, fs * 1.2, `${SIDE_NAME[side]}: ${state.vp_s[side]} VP`, ` font-weight="bold" fill="${SIDE_FILL[side]}"`));
    y += fs * 1.5;
    const lines: string[] = [];
    const leaders: string[] = [];
    for (let l = 0; l < state.loc_l.length; l++) {
      if (c.side_l[l] !== side || state.loc_l[l]! < 0) continue;
      const name = c.leaders[l]!.named ? c.leaders[l]!.name : `leader ${c.leaders[l]!.name}`;
      leaders.push(`${l === state.armyCommander_s[side] ? '★' : ''}${name} ${hexLabel(state.map.grid, state.loc_l[l]!)}`);
    }
    lines.push(`Leaders: ${leaders.length > 0 ? leaders.join(', ') : 'none on the map'}`);
    const ghq = state.ghq_s[side]!;
    let trucks = 0,
      csp = 0;
    for (let t = 0; t < state.loc_t.length; t++) if (state.side_t[t] === side && state.loc_t[t]! >= 0) trucks++;
    for (let h = 0; h < state.map.grid.size; h++) csp += state.csp_hs[h * 2 + side]!;
    lines.push(
      `GHQ ${ghq >= 0 ? hexLabel(state.map.grid, ghq) : 'off the map'}; ${trucks} truck${trucks === 1 ? '' : 's'}, ${csp} CSP on the map`,
    );
    let onMap = 0,
      out = 0,
      reduced = 0,
      dead = 0;
    const boxes = new Map<string, string[]>();
    for (let u = 0; u < state.loc_u.length; u++) {
      if (c.side_u[u] !== side) continue;
      const loc = state.loc_u[u]!;
      if (loc >= 0) {
        onMap++;
        if (oos.has(u)) out++;
        if (state.reduced_u[u]) reduced++;
      }
      if (loc === IN_DEAD) dead++;
      if (isBox(loc)) {
        const id = state.map.boxes[boxOf(loc)]?.id ?? '?';
        boxes.set(id, [...(boxes.get(id) ?? []), `${c.units[u]!.name} ${unitValues(c, u, state.reduced_u[u] === 1)}`]);
      }
    }
    lines.push(`${onMap} units on the map: ${reduced} reduced, ${out} out of supply`);
    lines.push(
      `Dead pile ${dead}; steps lost ${state.stepsLost_s[side]}, units eliminated ${state.eliminated_s[side]}; settlements taken ${state.captured_s[side]}`,
    );
    for (const [id, names] of boxes) lines.push(`Box ${id}: ${names.join(', ')}`);
    for (const l of lines) {
      for (const w of wrap(l, 52)) {
        parts.push(text(x, y, fs * 0.85, w));
        y += fs * 1.15;
      }
    }
    y += fs * 0.8;
  }
  parts.push('</g>');
  return parts.join('');
}

/** The map under every position of a replay: the same document for a map and scale, drawn once. */
const mapKeys = new WeakMap<GameState['map'], Map<number, string>>();
function mapKey(map: GameState['map'], k: number): string {
  let byScale = mapKeys.get(map);
  if (!byScale) mapKeys.set(map, (byScale = new Map()));
  let svg = byScale.get(k);
  if (svg === undefined) byScale.set(k, (svg = renderMapSvg(map, { scale: k, title: 'Map key' })));
  return svg;
}

/** The position as a standalone SVG document. */
export function renderPositionSvg(state: GameState, opts: PositionSvgOptions): string {
  const k = opts.scale ?? 36;
  const geo = new HexGeometry(state.map.grid, k, k * 2.2); // renderMapSvg's geometry
  const map = mapKey(state.map, k);
  const mapWidth = geo.width + k * MAP_LEGEND_WIDTH;
  const m = /^<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(map);
  if (!m || m[1] !== num(mapWidth) || m[2] !== num(geo.height)) {
    throw new Error(
      'replay SVG: renderMapSvg no longer draws the geometry this overlay assumes (HexGeometry margin 2.2 scale, legend 9 scale)',
    );
  }
  const oos =
    opts.outOfSupply ?? new Set(state.loc_u.reduce<number[]>((a, loc, u) => (loc >= 0 && state.inSupply_u[u] === 0 ? [...a, u] : a), []));
  const band = k * (opts.banner ? 2.6 : 1.9);
  const width = mapWidth,
    height = band + geo.height;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" font-family="Helvetica, Arial, sans-serif">`,
  );
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  // Title band: what the position is, and the VP of each side.
  out.push(`<g id="title">`);
  out.push(text(k * 0.6, k * 0.85, k * 0.62, opts.title, ' font-weight="bold"'));
  if (opts.subtitle) out.push(text(k * 0.6, k * 1.5, k * 0.4, opts.subtitle, ' fill="#444"'));
  if (opts.banner) out.push(text(k * 0.6, k * 2.2, k * 0.45, opts.banner, ' font-weight="bold" fill="#a00000"'));
  const vpX = width - k * 0.6;
  out.push(
    `<text x="${num(vpX)}" y="${num(k * 0.85)}" text-anchor="end" font-size="${num(k * 0.62)}" font-weight="bold">` +
      `<tspan fill="${SIDE_FILL[PAR]}">Paraguay ${state.vp_s[PAR]} VP</tspan><tspan fill="#444" dx="${num(k * 0.3)}">·</tspan><tspan fill="${SIDE_FILL[BOL]}" dx="${num(k * 0.3)}">Bolivia ${state.vp_s[BOL]} VP</tspan></text>`,
  );
  out.push('</g>');
  out.push(map.replace(/^<svg /, `<svg x="0" y="${num(band)}" `));
  out.push(`<g id="position" transform="translate(0 ${num(band)})">`);
  out.push(controlRings(state, geo));
  const works: string[] = ['<g id="works">'];
  for (let h = 0; h < state.map.grid.size; h++) {
    const w = state.works_h[h]!;
    if (w !== WORKS_ENTRENCHMENT && w !== WORKS_FORTIFICATION) continue;
    const [cx, cy] = geo.centre(h);
    works.push(
      worksMarker(
        cx - k * 0.56,
        cy - k * 0.18,
        k,
        w,
        `${w === WORKS_FORTIFICATION ? 'Fortification' : 'Entrenchment'} ${hexLabel(state.map.grid, h)}`,
      ),
    );
  }
  works.push('</g>');
  out.push(works.join(''));
  out.push(placeNames(state, geo));
  for (const side of [PAR, BOL] as const) {
    const stacks = stacksOf(state, side);
    out.push(`<g id="${side === PAR ? 'paraguay' : 'bolivia'}">`);
    for (const [h, s] of stacks) out.push(drawStack(state, geo, h, side, s, oos));
    out.push('</g>');
  }
  out.push(keyPanel(state, oos, geo.width + k * 0.5, KEY_TOP * k, k));
  out.push('</g>');
  out.push('</svg>');
  return out.join('\n');
}
