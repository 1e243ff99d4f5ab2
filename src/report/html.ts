// One self-contained HTML page per report: inline CSS, charts as inline SVG (rendered in Node, no
// scripts), tables from the CSV rows. Opens offline from disk, prints, and mails as one file.
import { esc } from './svg.js';
import { prefixSvgIds } from './render.js';
import type { Table } from './summary.js';

export interface PageFigure {
  readonly name: string;
  readonly title: string;
  readonly caption: string;
  readonly svg: string;
}

export type PageBlock =
  | { readonly kind: 'html'; readonly html: string }
  | { readonly kind: 'figures'; readonly heading: string; readonly figures: readonly PageFigure[] }
  | {
      readonly kind: 'table';
      readonly heading: string;
      readonly note?: string;
      readonly table: Table;
      readonly collapsed?: boolean;
      readonly file?: string;
    };

const CSS = `
body { font-family: Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
.sub { color: #555; margin-top: 0; }
.facts { border-collapse: collapse; margin: 1em 0; } .facts td { padding: 2px 12px 2px 0; vertical-align: top; } .facts td:first-child { color: #555; }
.figures { display: flex; flex-wrap: wrap; gap: 24px; }
figure { margin: 0; padding: 8px; border: 1px solid #e3e3e3; border-radius: 4px; background: #fff; display: table; }
figure h3 { margin: 0 0 6px 0; font-size: 1em; }
figcaption { display: table-caption; caption-side: bottom; font-size: 0.85em; color: #444; padding: 4px 8px 8px 8px; border: 1px solid #e3e3e3; border-top: none; border-radius: 0 0 4px 4px; background: #fff; }
figure svg { display: block; max-width: 100%; height: auto; }
table.data { border-collapse: collapse; font-size: 0.8em; margin: 0.5em 0; } table.data th, table.data td { border: 1px solid #ddd; padding: 2px 6px; text-align: right; }
table.data th { background: #f4f4f4; position: sticky; top: 0; } table.data td:first-child, table.data th:first-child { text-align: left; }
.scroll { overflow-x: auto; }
code, pre { background: #f6f6f6; padding: 1px 4px; border-radius: 3px; font-size: 0.9em; } pre { padding: 8px; white-space: pre-wrap; word-break: break-all; }
.warn { background: #fff4e0; border-left: 4px solid #e0a030; padding: 8px 12px; }
`;

export function htmlTable(table: Table): string {
  const head = `<tr>${table.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>`;
  const body = table.rows.map((r) => `<tr>${table.columns.map((c) => `<td>${esc(String(r[c] ?? ''))}</td>`).join('')}</tr>`).join('\n');
  return `<div class="scroll"><table class="data">${head}\n${body}</table></div>`;
}

/** A two-column list of facts (label, value as HTML). */
export function factsTable(facts: readonly (readonly [string, string])[]): string {
  return `<table class="facts">${facts.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${v}</td></tr>`).join('')}</table>`;
}

function figureHtml(f: PageFigure): string {
  return (
    `<figure id="${esc(f.name)}"><h3>${esc(f.title)}</h3>${prefixSvgIds(f.svg, f.name)}` +
    `<figcaption>${esc(f.caption)} <span style="color:#888">(${esc(f.name)}.vl.json, ${esc(f.name)}.svg)</span></figcaption></figure>`
  );
}

export function htmlPage(title: string, subtitle: string, blocks: readonly PageBlock[]): string {
  const parts = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${CSS}</style></head><body>`,
    `<h1>${esc(title)}</h1><p class="sub">${esc(subtitle)}</p>`,
  ];
  for (const b of blocks) {
    if (b.kind === 'html') parts.push(b.html);
    else if (b.kind === 'figures')
      parts.push(`<h2>${esc(b.heading)}</h2><div class="figures">${b.figures.map(figureHtml).join('\n')}</div>`);
    else {
      const inner = `${b.note ? `<p>${esc(b.note)}</p>` : ''}${htmlTable(b.table)}`;
      const file = b.file ? ` <span style="color:#888;font-size:0.8em">(${esc(b.file)})</span>` : '';
      parts.push(
        b.collapsed
          ? `<h2>${esc(b.heading)}${file}</h2><details><summary>show the table</summary>${inner}</details>`
          : `<h2>${esc(b.heading)}${file}</h2>${inner}`,
      );
    }
  }
  parts.push('</body></html>');
  return parts.join('\n');
}
