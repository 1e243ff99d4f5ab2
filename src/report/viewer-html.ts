// viewer.html of a replay: one offline page holding the game's records (events.json's records, checked
// against the events schema), the map drawn by map-svg.ts, every piece drawn by replay-svg.ts, each
// event in the narrative's English (event-text.ts), and the script of viewer-client.ts. No network, no
// clock: the same game gives the same bytes.
import { z } from 'zod';
import type { GameEvent } from '../core/events.js';
import type { Scenario } from '../core/scenario.js';
import { eventsFileSchema } from './event-schema.js';
import { SIDE_ADJ, SIDE_NAME, Vocabulary, eventText, signed } from './event-text.js';
import { renderMapSvg } from './map-svg.js';
import type { RecordedGame } from './replay-record.js';
import { SIDE_FILL } from './setup-svg.js';
import { HexGeometry, esc, num } from './svg.js';
import { VIEWER_SCRIPT } from './viewer-client.js';
import { overlayDefs, stepOverlay } from './viewer-overlay.js';
import type { ViewerPiece, ViewerStep } from './viewer-steps.js';
import { VIEWER_CSS, VIEWER_BODY } from './viewer-page.js';
import { vpStrip } from './viewer-strip.js';

export interface ViewerInput {
  readonly scenario: Scenario;
  readonly recorded: RecordedGame;
  readonly steps: readonly ViewerStep[];
  readonly pieces: readonly ViewerPiece[];
  readonly geo: HexGeometry;
  /** Game turns of the scenario with its options. */
  readonly turns: number;
  /** "Boquerón: The First Paraguayan Offensive · seed 1 · game 0 · PAR balanced vs BOL balanced". */
  readonly caption: string;
  /** Base of exported file names, e.g. "boqueron-seed1-game0". */
  readonly file: string;
  /** The line under the title: how the game ended. */
  readonly result: string;
}

/** The rule sections of events whose record names none: the rules the record type stands for. */
const RULE_OF_TYPE: Partial<Record<GameEvent['type'], string>> = {
  turn: '4.2 I',
  phase: '4.2 II',
  setup: '17.1',
  move: '10',
  combat: '12.1-12.5',
  retreat: '12.7',
  capture: '3.2, 16.2',
  control: '3.2',
  supply: '8',
  reinforcement: '9',
  truce: '6',
  build: '14',
  end: '16',
};

function ruleOf(e: GameEvent): string {
  if ('rule' in e && typeof e.rule === 'string') return e.rule;
  if (e.type === 'advance') return e.attacker ? '12.11' : '12.9';
  return RULE_OF_TYPE[e.type] ?? '';
}

/** A combat's figures beyond its line: strengths, each modifier with its rule. */
function combatDetail(e: Extract<GameEvent, { type: 'combat' }>, v: Vocabulary): string {
  const mods = e.modifiers.map((m) => `${v.modifier(m)} ${signed(m.value)} (${m.rule})`);
  return `attack ${e.attack} against defence ${e.defence}; modifiers: ${mods.length > 0 ? mods.join(', ') : 'none'}; die ${e.roll}, modified ${e.modified}`;
}

/** JSON for inside a <script> element: "</" cannot close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/<\//g, '<\\/')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The viewer page of one replayed game. */
export function viewerHtml(input: ViewerInput): string {
  const { scenario, recorded, steps, pieces, geo } = input;
  // Every record is checked against the schema events.json is documented by (src/report/events.schema.json).
  const checked = eventsFileSchema.safeParse(recorded.events);
  if (!checked.success)
    throw new Error(`viewer: the game's events do not match src/report/events.schema.json:\n${z.prettifyError(checked.error)}`);
  const v = new Vocabulary(scenario);
  const k = geo.scale;
  const events = recorded.events;
  const text = events.map((e, i) => eventText(e, v, recorded.contexts[i]).replace(/\*\*/g, ''));
  const more: Record<number, string> = {};
  events.forEach((e, i) => {
    if (e.type === 'combat') more[i] = combatDetail(e, v);
  });
  const centres: number[] = [];
  for (let h = 0; h < scenario.map.grid.size; h++) {
    const [x, y] = geo.centre(h);
    centres.push(Number(num(x)), Number(num(y)));
  }
  let previous = new Set<number>();
  const stepData = steps.map((s) => {
    const now = new Set(s.pieces);
    const add = s.pieces.filter((p) => !previous.has(p)),
      del = [...previous].filter((p) => !now.has(p)).sort((a, b) => a - b);
    previous = now;
    return {
      f: s.from,
      t: s.to,
      turn: s.turn,
      side: s.side,
      phase: s.phase,
      add,
      del,
      vp: s.vp,
      oos: s.outOfSupply,
      ghq: s.ghq,
      ov: stepOverlay(events, recorded.contexts, s.from, s.to, geo, v),
    };
  });
  const strip = vpStrip(steps, [SIDE_FILL[0], SIDE_FILL[1]]);
  const data = {
    caption: input.caption,
    file: input.file,
    turns: input.turns,
    scale: k,
    months: Array.from({ length: input.turns + 1 }, (_, t) => v.month(t)),
    sides: SIDE_NAME,
    adjectives: SIDE_ADJ,
    codes: ['PAR', 'BOL'],
    centres,
    pieces: pieces.map((p) => [p.layer, p.hex, p.svg]),
    steps: stepData,
    events,
    text,
    more,
    rules: events.map(ruleOf),
    stripX: strip.x,
    stripWidth: strip.width,
  };
  // The view: a caption band (what exports carry) over the map, then the layers the script fills.
  const map = renderMapSvg(scenario.map, { scale: k, title: 'Map key' });
  const m = /^<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(map);
  if (!m) throw new Error('viewer: renderMapSvg no longer opens with its width and height');
  const band = k * 1.5,
    width = Number(m[1]),
    height = Number(m[2]) + band;
  const view = [
    `<svg id="view" xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" font-family="Helvetica, Arial, sans-serif">`,
    '<style>.changed{fill:#ffd400;fill-opacity:0.35;stroke:#e0a000;stroke-width:2}.oos{fill:none;stroke:#e0001b;stroke-width:3;stroke-dasharray:6 3}.ghq{fill:none;stroke:#1f4fbf;stroke-width:3}.ghq-text{fill:#1f4fbf;font-weight:bold;paint-order:stroke;stroke:#fff;stroke-width:3}</style>',
    overlayDefs(),
    `<rect width="100%" height="${num(band)}" fill="#ffffff"/>`,
    `<text id="caption" x="${num(k * 0.5)}" y="${num(k * 0.65)}" font-size="${num(k * 0.42)}" font-weight="bold">${esc(input.caption)}</text>`,
    `<text id="vp-text" x="${num(k * 0.5)}" y="${num(k * 1.25)}" font-size="${num(k * 0.36)}" fill="#444"></text>`,
    map.replace(/^<svg /, `<svg x="0" y="${num(band)}" `),
    `<g id="position" transform="translate(0 ${num(band)})"><g id="changes"></g><g id="layer-0"></g><g id="layer-1"></g>`,
    `<g id="layer-2"></g><g id="layer-3"></g><g id="supply"></g><g id="overlay"></g></g>`,
    '</svg>',
  ].join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${esc(`${scenario.name}: replay viewer`)}</title>`,
    `<style>${VIEWER_CSS}</style></head><body>`,
    VIEWER_BODY.replace('{title}', () => esc(`${scenario.name} (${scenario.rule})`))
      .replace('{result}', () => esc(input.result))
      .replace('{view}', () => view)
      .replace('{strip}', () => strip.svg),
    `<script type="application/json" id="chaco-data">${scriptJson(data)}</script>`,
    `<script>${VIEWER_SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
