// What a step of the replay viewer draws over the pieces: each move's path as an arrow, each combat as
// arrows from the attacking hexes to the defenders with the odds and result, retreats and advances as
// dashed arrows, barrages as a burst on their hex. Records only (src/core/events.ts), drawn with the
// maps' geometry (svg.ts), so the arrows sit on the very hexes of the counters.
import type { EventContext } from './replay-record.js';
import type { GameEvent } from '../core/events.js';
import { SIDE_FILL } from './setup-svg.js';
import { combatResult, type Vocabulary } from './event-text.js';
import { HexGeometry, esc, num } from './svg.js';

const COMBAT_INK = '#c00018';
/** Move arrows: each side's counter colour, darkened to read over the terrain. */
const MOVE_INK = ['#6b3f12', '#174d1a'] as const;

/** The arrowhead markers the overlay uses, one per side and one for combat (for the map's <defs>). */
export function overlayDefs(): string {
  const head = (id: string, colour: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${colour}"/></marker>`;
  return `<defs>${head('arrow-0', MOVE_INK[0])}${head('arrow-1', MOVE_INK[1])}${head('arrow-c', COMBAT_INK)}</defs>`;
}

function polyline(geo: HexGeometry, hexes: readonly number[], colour: string, marker: string, width: number, dash = ''): string {
  const pts = hexes.filter((h) => h >= 0).map((h) => geo.centre(h).map(num).join(','));
  if (pts.length < 2) return '';
  return (
    `<polyline points="${pts.join(' ')}" fill="none" stroke="${colour}" stroke-width="${num(width)}" stroke-linejoin="round" stroke-linecap="round"` +
    `${dash ? ` stroke-dasharray="${dash}"` : ''} marker-end="url(#${marker})" opacity="0.85"/>`
  );
}

/** The overlay of events[from..to): an SVG fragment in map coordinates (empty when nothing moved or fought). */
export function stepOverlay(
  events: readonly GameEvent[],
  contexts: readonly (EventContext | undefined)[],
  from: number,
  to: number,
  geo: HexGeometry,
  v: Vocabulary,
): string {
  const k = geo.scale;
  const out: string[] = [];
  for (let i = from; i < to; i++) {
    const e = events[i]!;
    switch (e.type) {
      case 'move': {
        // Halo under the path so it reads over any terrain.
        out.push(polyline(geo, e.path, '#ffffff', `arrow-${e.side}`, k * 0.2));
        out.push(polyline(geo, e.path, MOVE_INK[e.side], `arrow-${e.side}`, k * 0.11));
        break;
      }
      case 'combat': {
        const ctx = contexts[i];
        const target = e.hexes[0]!;
        const [tx, ty] = geo.centre(target);
        const from = ctx?.type === 'combat' ? [...new Set(ctx.attackerHexes)] : [];
        for (const h of from) if (h >= 0 && h !== target) out.push(polyline(geo, [h, target], COMBAT_INK, 'arrow-c', k * 0.12));
        for (const h of e.hexes) {
          const [x, y] = geo.centre(h);
          out.push(
            `<circle cx="${num(x)}" cy="${num(y)}" r="${num(k * 0.55)}" fill="none" stroke="${COMBAT_INK}" stroke-width="${num(k * 0.08)}"/>`,
          );
        }
        const label = `${v.odds(e.column, e.belowLowest)} · ${e.roll}${e.modified !== e.roll ? `→${e.modified}` : ''} · ${combatResult(e).replace(/ \(.*$/, '')}`;
        out.push(
          `<text x="${num(tx)}" y="${num(ty - k * 0.62)}" text-anchor="middle" font-size="${num(k * 0.34)}" font-weight="bold" fill="${COMBAT_INK}" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(label)}</text>`,
        );
        break;
      }
      case 'retreat':
      case 'advance':
        out.push(
          polyline(
            geo,
            [e.from, e.to],
            e.type === 'retreat' ? COMBAT_INK : SIDE_FILL[e.side],
            e.type === 'retreat' ? 'arrow-c' : `arrow-${e.side}`,
            k * 0.09,
            `${num(k * 0.15)} ${num(k * 0.1)}`,
          ),
        );
        break;
      case 'roll':
        if (e.kind === 'barrage') {
          const [x, y] = geo.centre(e.hex);
          out.push(
            `<circle cx="${num(x)}" cy="${num(y)}" r="${num(k * 0.55)}" fill="${COMBAT_INK}" fill-opacity="0.18" stroke="${COMBAT_INK}" stroke-width="${num(k * 0.06)}" stroke-dasharray="${num(k * 0.1)} ${num(k * 0.08)}"/>`,
          );
        }
        break;
      default:
        break;
    }
  }
  return out.join('');
}
