// The VP strip under the replay viewer's map: both sides' VP at the end of every step, a tick and label
// per game turn, and a marker line (id vp-mark) the viewer's script moves to the current step.
import { num, esc } from './svg.js';
import type { ViewerStep } from './viewer-steps.js';

const WIDTH = 1000,
  HEIGHT = 90,
  TOP = 8,
  BOTTOM = 20;

/** The strip's SVG and the x of each step in its viewBox (WIDTH wide). */
export function vpStrip(steps: readonly ViewerStep[], colours: readonly [string, string]): { svg: string; x: number[]; width: number } {
  const n = steps.length;
  const x = steps.map((_, i) => Number(num(n > 1 ? 4 + (i / (n - 1)) * (WIDTH - 8) : WIDTH / 2)));
  let lo = 0,
    hi = 1;
  for (const s of steps)
    for (const vp of s.vp) {
      lo = Math.min(lo, vp);
      hi = Math.max(hi, vp);
    }
  const y = (vp: number) => num(TOP + (1 - (vp - lo) / (hi - lo)) * (HEIGHT - TOP - BOTTOM));
  const out: string[] = [
    `<svg id="vp-strip" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" font-family="Helvetica, Arial, sans-serif" font-size="10">`,
  ];
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#fafafa"/>`);
  // A tick where each game turn begins.
  let last = -1;
  steps.forEach((s, i) => {
    if (s.turn === last || s.phase === 'set-up') return;
    last = s.turn;
    out.push(
      `<line x1="${x[i]}" y1="${TOP}" x2="${x[i]}" y2="${HEIGHT - BOTTOM}" stroke="#ddd"/>` +
        `<text x="${num(x[i]! + 2)}" y="${HEIGHT - 6}" fill="#666">${esc(`T${s.turn + 1}`)}</text>`,
    );
  });
  if (lo < 0) out.push(`<line x1="0" y1="${y(0)}" x2="${WIDTH}" y2="${y(0)}" stroke="#bbb" stroke-dasharray="3 3"/>`);
  for (const side of [0, 1] as const) {
    out.push(
      `<polyline fill="none" stroke="${colours[side]}" stroke-width="2" vector-effect="non-scaling-stroke" points="${steps.map((s, i) => `${x[i]},${y(s.vp[side])}`).join(' ')}"/>`,
    );
  }
  out.push(`<text x="4" y="${TOP + 9}" fill="#666">VP ${hi}</text><text x="4" y="${HEIGHT - BOTTOM - 2}" fill="#666">${lo}</text>`);
  out.push(`<line id="vp-mark" x1="0" y1="0" x2="0" y2="${HEIGHT}" stroke="#000" stroke-width="2" vector-effect="non-scaling-stroke"/>`);
  out.push('</svg>');
  return { svg: out.join(''), x, width: WIDTH };
}
