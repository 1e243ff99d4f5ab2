// A scenario's set-up drawn over the map: each deployment group as a counter with a label.
import type { Counters } from '../core/counters.js';
import { ARTILLERY } from '../core/counters.js';
import { hexLabel } from '../core/hex.js';
import type { DeployGroup, Scenario } from '../core/scenario.js';
import { HexGeometry, esc, num } from './svg.js';

/** Counter colours (2.6): Bolivia green, Paraguay light brown; indexed by side (PAR 0, BOL 1). */
export const SIDE_FILL = ['#b5824a', '#2f7d32'] as const;

/** "3-4-5", or "4-(2)-5" for artillery, of a unit's current side. */
export function unitValues(counters: Counters, u: number, reduced: boolean): string {
  const k = u * 2 + (reduced ? 1 : 0);
  const a = counters.attack_u[k]!,
    d = counters.defence_u[k]!,
    m = counters.move_u[k]!;
  if (counters.type_u[u] === ARTILLERY) return `${a}-(${d})-${m}`;
  return a === d ? `${a}-${m}` : `${a}-${d}-${m}`;
}

function groupLines(s: Scenario, side: 0 | 1, g: DeployGroup): string[] {
  const c = s.counters;
  const lines: string[] = [];
  const ac = s.sides[side].armyCommander;
  if (g.leaders.length > 0) lines.push(g.leaders.map((l) => (l === ac ? '★' : '') + c.leaders[l]!.name).join(', '));
  const units = g.units.map((d) => `${c.units[d.unit]!.name} ${unitValues(c, d.unit, d.reduced)}${d.reduced ? ' r' : ''}`);
  for (let i = 0; i < units.length; i += 2) lines.push(units.slice(i, i + 2).join(', '));
  const extras: string[] = [];
  if (g.draw > 0) extras.push(`${g.draw} drawn`);
  if (g.drawReduced > 0) extras.push(`${g.drawReduced} drawn r`);
  if (g.ghq) extras.push('GHQ');
  if (g.trucks > 0) extras.push(`${g.trucks} truck${g.trucks > 1 ? 's' : ''}`);
  if (g.csp > 0) extras.push(`${g.csp} CSP`);
  if (g.entrenched) extras.push('entrenched');
  if (extras.length > 0) lines.push(extras.join(', '));
  if (g.hexes.length > 1) {
    const where =
      g.within > 0
        ? `within ${g.within} of ${g.named.map((h) => hexLabel(s.map.grid, h)).join('/')}`
        : `and/or ${g.named.map((h) => hexLabel(s.map.grid, h)).join(', ')}`;
    lines.push(`(${where})`);
  }
  return lines;
}

export function renderSetup(s: Scenario, geo: HexGeometry): string {
  const scale = geo.scale;
  const parts: string[] = ['<g id="setup">'];
  const outlines: string[] = [];
  const counters: string[] = [];
  for (const side of [0, 1] as const) {
    s.sides[side].deploy.forEach((g) => {
      if (g.hexes.length > 1) {
        for (const h of g.hexes)
          outlines.push(
            `<polygon points="${geo.polygon(h)}" fill="${SIDE_FILL[side]}" fill-opacity="0.18" stroke="${SIDE_FILL[side]}" stroke-width="1.5" stroke-dasharray="4 2"/>`,
          );
      }
      const h = g.named[0]!;
      const [x, y] = geo.centre(h);
      const k = scale * 0.27;
      const combat = g.units.length + g.draw + g.drawReduced;
      counters.push(
        `<rect x="${num(x - k)}" y="${num(y - k)}" width="${num(2 * k)}" height="${num(2 * k)}" rx="2" fill="${SIDE_FILL[side]}" stroke="#000" stroke-width="1"/>` +
          `<text x="${num(x)}" y="${num(y + k * 0.4)}" text-anchor="middle" font-size="${num(scale * 0.32)}" font-weight="bold" fill="#fff">${combat > 0 ? combat : g.ghq ? 'H' : g.leaders.length > 0 ? 'L' : '·'}</text>`,
      );
      const lines = groupLines(s, side, g);
      const fs = scale * 0.27;
      const tx = x + k + 3,
        ty = y - k + fs * 0.6;
      counters.push(
        `<text x="${num(tx)}" y="${num(ty)}" font-size="${num(fs)}" fill="${SIDE_FILL[side]}" stroke="#fff" stroke-width="3" paint-order="stroke" font-weight="bold">` +
          lines.map((line, i) => `<tspan x="${num(tx)}" dy="${i === 0 ? 0 : num(fs * 1.15)}">${esc(line)}</tspan>`).join('') +
          '</text>',
      );
    });
  }
  parts.push(...outlines, ...counters, '</g>');
  return parts.join('');
}
