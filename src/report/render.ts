// Rendering a Vega-Lite spec to SVG in Node: compile to Vega, run a headless View (renderer 'none'),
// toSVG. No browser, no canvas, no network; warnings are collected, not printed.
import type * as Vega from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import type { ChartSpec } from './charts.js';

export interface Rendered {
  readonly svg: string;
  readonly warnings: readonly string[];
}

/** Vega and Vega-Lite, loaded at the first chart (about half a second): commands that draw none start without them. */
let libraries: Promise<[typeof Vega, typeof import('vega-lite')]> | undefined;

function collectingLogger(vega: typeof Vega, warnings: string[]) {
  let level = vega.Warn;
  const logger = {
    level(l?: number) {
      if (l === undefined) return level;
      level = l;
      return logger;
    },
    error(...args: unknown[]) {
      throw new Error(args.map(String).join(' '));
    },
    warn(...args: unknown[]) {
      warnings.push(args.map(String).join(' '));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
  };
  return logger as unknown as Vega.LoggerInterface;
}

export async function renderSvg(spec: ChartSpec): Promise<Rendered> {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]);
  const [vega, vl] = await libraries;
  const warnings: string[] = [];
  const logger = collectingLogger(vega, warnings);
  const compiled = vl.compile(spec as unknown as TopLevelSpec, { logger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger });
  try {
    vega.resetSVGDefIds(); // ids from 1 in every file: the same spec gives the same bytes
    const svg = await view.toSVG();
    return { svg, warnings };
  } finally {
    view.finalize();
  }
}

/** Prefixes the ids of an SVG (clip paths, gradients) so several can sit in one HTML page. */
export function prefixSvgIds(svg: string, prefix: string): string {
  return svg
    .replace(/\bid="([^"]+)"/g, (_, id: string) => `id="${prefix}-${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${prefix}-${id})`)
    .replace(/href="#([^"]+)"/g, (_, id: string) => `href="#${prefix}-${id}"`);
}
