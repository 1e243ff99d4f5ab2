// Small helpers for writing SVG by hand: escaping, numbers, and the hex geometry in pixels.
import { hexCentre, sideCorners, type Grid } from '../core/hex.js';

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function num(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/** Pixel geometry of a grid: one row is `scale` pixels; `margin` leaves room for off-map boxes. */
export class HexGeometry {
  readonly originX: number;
  readonly originY: number;
  constructor(
    readonly grid: Grid,
    readonly scale: number,
    readonly margin: number,
  ) {
    this.originX = margin - (grid.firstColumn * 0.8660254 - 0.58) * scale;
    this.originY = margin - (grid.firstRow - 0.5) * scale;
  }

  get width(): number {
    return (this.grid.columns - 1) * 0.8660254 * this.scale + 1.16 * this.scale + 2 * this.margin;
  }

  get height(): number {
    return (this.grid.rows + 0.5) * this.scale + 2 * this.margin;
  }

  centre(h: number): [number, number] {
    const [x, y] = hexCentre(this.grid, h);
    return [this.originX + x * this.scale, this.originY + y * this.scale];
  }

  /** The polygon points of hex h. */
  polygon(h: number): string {
    const [cx, cy] = this.centre(h);
    const r = this.scale / Math.sqrt(3);
    const pts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i;
      pts.push(`${num(cx + r * Math.cos(a))},${num(cy + r * Math.sin(a))}`);
    }
    return pts.join(' ');
  }

  /** The segment of the side of h facing d. */
  side(h: number, d: number): [number, number, number, number] {
    const [[x1, y1], [x2, y2]] = sideCorners(this.grid, h, d);
    return [this.originX + x1 * this.scale, this.originY + y1 * this.scale, this.originX + x2 * this.scale, this.originY + y2 * this.scale];
  }
}
