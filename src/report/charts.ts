// Vega-Lite specs of the run, bid and compare reports, with their data inline (each *.vl.json stands
// alone: open it in the Vega editor, or render it with render.ts). Builders take computed figures only.
import { hexCentre } from '../core/hex.js';
import { OUTSIDE, TERRAIN_NAMES, type GameMap } from '../core/map.js';
import type { Scenario } from '../core/scenario.js';
import { monthName } from '../data/schema-common.js';
import { END_TYPES, SIDE_NAMES, type Aggregate, type AggregateShape, settlementHexes } from '../sim/aggregate.js';
import { histQuantile, histMean, wilson, type IntHist } from '../analysis/stats.js';

/** A Vega-Lite spec (checked when rendered: vega-lite's compile rejects a bad one). */
export type ChartSpec = Record<string, unknown>;

export interface Chart {
  /** File stem: <name>.vl.json and <name>.svg. */
  readonly name: string;
  readonly title: string;
  /** One or two sentences under the chart saying how to read it. */
  readonly caption: string;
  readonly spec: ChartSpec;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
/** The sides' colours on the map (setup-svg): Paraguay tan, Bolivia green. */
export const SIDE_COLOURS = ['#b5824a', '#2f7d32'] as const;
const SIDE_LABEL = ['Paraguay', 'Bolivia'] as const;
const END_LABEL: Record<string, string> = {
  scenario_end: 'scenario end',
  sudden_death: 'sudden death (16.4)',
  settlement: 'settlement (16.1)',
};
const CONFIG = {
  font: 'Helvetica, Arial, sans-serif',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12 },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 500 },
};
/** What every chart spec starts with: schema, description, background and the shared config. */
export const base = (description: string) => ({ $schema: SCHEMA, description, background: 'white', config: CONFIG });

/** Win rates of both sides with Wilson 95% intervals. */
export function winRatesChart(agg: Aggregate): Chart {
  const values = SIDE_NAMES.map((_, s) => {
    const ci = wilson(agg.wins[s]!, agg.games);
    return {
      side: SIDE_LABEL[s],
      rate: agg.games > 0 ? agg.wins[s]! / agg.games : 0,
      lo: ci.lo,
      hi: ci.hi,
      wins: agg.wins[s]!,
      label: `${(100 * (agg.wins[s]! / Math.max(1, agg.games))).toFixed(1)}%`,
    };
  });
  const colour = { field: 'side', type: 'nominal', scale: { domain: [...SIDE_LABEL], range: [...SIDE_COLOURS] }, legend: null } as const;
  return {
    name: 'win-rates',
    title: 'Win rates',
    caption: `Share of ${agg.games} games each side won, with its Wilson 95% interval; the dashed line is an even game.`,
    spec: {
      ...base('Win rate of each side with Wilson 95% intervals'),
      width: 320,
      height: 240,
      data: { values },
      layer: [
        {
          mark: { type: 'bar', width: 70 },
          encoding: {
            x: { field: 'side', type: 'nominal', title: null, sort: [...SIDE_LABEL], axis: { labelAngle: 0 } },
            y: { field: 'rate', type: 'quantitative', title: 'games won', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
            color: colour,
          },
        },
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            x: { field: 'side', type: 'nominal', sort: [...SIDE_LABEL] },
            y: { field: 'lo', type: 'quantitative' },
            y2: { field: 'hi' },
          },
        },
        {
          mark: { type: 'tick', thickness: 2, size: 18, color: 'black' },
          encoding: { x: { field: 'side', type: 'nominal', sort: [...SIDE_LABEL] }, y: { field: 'hi', type: 'quantitative' } },
        },
        {
          mark: { type: 'tick', thickness: 2, size: 18, color: 'black' },
          encoding: { x: { field: 'side', type: 'nominal', sort: [...SIDE_LABEL] }, y: { field: 'lo', type: 'quantitative' } },
        },
        {
          mark: { type: 'text', dy: -10, dx: 34, align: 'left', fontSize: 12 },
          encoding: {
            x: { field: 'side', type: 'nominal', sort: [...SIDE_LABEL] },
            y: { field: 'hi', type: 'quantitative' },
            text: { field: 'label' },
          },
        },
        {
          data: { values: [{ y: 0.5 }] },
          mark: { type: 'rule', strokeDash: [4, 4], color: '#555' },
          encoding: { y: { field: 'y', type: 'quantitative' } },
        },
      ],
    },
  };
}

/** Bars of the margin histogram, one bar per VP (wider when the range is large), never mixing signs. */
export function marginBins(h: IntHist, maxBars = 90): { x0: number; x1: number; count: number; outcome: string }[] {
  const hi = h.lo + h.counts.length - 1;
  const step = Math.max(1, Math.ceil((hi - h.lo + 1) / maxBars));
  const bins = new Map<number, { x0: number; x1: number; count: number; outcome: string }>();
  h.counts.forEach((c, i) => {
    if (c === 0) return;
    const m = h.lo + i;
    const start = m > 0 ? 1 + Math.floor((m - 1) / step) * step : m < 0 ? -1 - Math.floor((-m - 1) / step) * step - (step - 1) : 0;
    const width = m === 0 ? 1 : step;
    const bin = bins.get(start) ?? {
      x0: start - 0.5,
      x1: start + width - 0.5,
      count: 0,
      outcome: m > 0 ? 'Paraguay ahead' : m < 0 ? 'Bolivia ahead' : 'equal VP (coin flip)',
    };
    bin.count += c;
    bins.set(start, bin);
  });
  return [...bins.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
}

export function marginChart(agg: Aggregate): Chart {
  const bins = marginBins(agg.margin);
  const median = histQuantile(agg.margin, 0.5),
    mean = histMean(agg.margin);
  return {
    name: 'margin-histogram',
    title: 'Final margin (PAR − BOL VP)',
    caption: `How many games ended with each VP margin (Paraguay's VP minus Bolivia's). Right of zero Paraguay is ahead. Solid line: median (${median.toFixed(1)}), dashed: mean (${mean.toFixed(2)}).`,
    spec: {
      ...base('Histogram of the final VP margin, PAR - BOL'),
      width: 560,
      height: 260,
      layer: [
        {
          data: { values: bins },
          mark: { type: 'rect', stroke: 'white', strokeWidth: 0.3 },
          encoding: {
            x: { field: 'x0', type: 'quantitative', title: 'margin at the end (VP, Paraguay − Bolivia)' },
            x2: { field: 'x1' },
            y: { field: 'count', type: 'quantitative', title: 'games' },
            y2: { datum: 0 },
            color: {
              field: 'outcome',
              type: 'nominal',
              title: null,
              scale: {
                domain: ['Paraguay ahead', 'Bolivia ahead', 'equal VP (coin flip)'],
                range: [SIDE_COLOURS[0], SIDE_COLOURS[1], '#888'],
              },
              legend: { orient: 'top' },
            },
          },
        },
        {
          data: { values: [{ x: median, what: 'median' }] },
          mark: { type: 'rule', color: 'black', strokeWidth: 1.5 },
          encoding: { x: { field: 'x', type: 'quantitative' } },
        },
        {
          data: { values: [{ x: mean, what: 'mean' }] },
          mark: { type: 'rule', color: 'black', strokeDash: [4, 3] },
          encoding: { x: { field: 'x', type: 'quantitative' } },
        },
      ],
    },
  };
}

export function levelsChart(agg: Aggregate, shape: AggregateShape): Chart {
  const values = shape.levels.flatMap((level, i) =>
    SIDE_NAMES.map((_, s) => ({
      level,
      side: SIDE_LABEL[s],
      share: agg.games > 0 ? agg.levels[i]![s]! / agg.games : 0,
      games: agg.levels[i]![s]!,
    })),
  );
  return {
    name: 'victory-levels',
    title: 'Victory levels (16.3)',
    caption: 'Share of all games each side won at each level of victory (by the final margin; "tie": equal VP, won on a coin flip).',
    spec: {
      ...base('Share of games won at each victory level, by side'),
      width: 420,
      height: 240,
      data: { values },
      mark: 'bar',
      encoding: {
        x: { field: 'level', type: 'nominal', sort: [...shape.levels], title: null, axis: { labelAngle: 0 } },
        xOffset: { field: 'side', type: 'nominal', sort: [...SIDE_LABEL] },
        y: { field: 'share', type: 'quantitative', title: 'share of games', axis: { format: '.0%' } },
        color: {
          field: 'side',
          type: 'nominal',
          title: 'winner',
          scale: { domain: [...SIDE_LABEL], range: [...SIDE_COLOURS] },
          legend: { orient: 'top' },
        },
      },
    },
  };
}

export function endTypesChart(agg: Aggregate, startMonth: number): Chart {
  const turnLabel = (i: number) =>
    `${i + 1} · ${monthName(startMonth + i).slice(0, 3)} ${String(Math.floor((startMonth + i) / 12)).slice(2)}`;
  const values: { turn: string; kind: string; games: number }[] = [];
  agg.turns.forEach((t, i) => {
    END_TYPES.forEach((e, k) => {
      if (t.ended[k]! > 0) values.push({ turn: turnLabel(i), kind: END_LABEL[e]!, games: t.ended[k]! });
    });
  });
  const order = agg.turns.map((_, i) => turnLabel(i));
  return {
    name: 'end-types',
    title: 'How and when games ended',
    caption:
      "Games ending in each turn, by how they ended: at the scenario's end, by sudden death (a side below 0 VP, 16.4) or by a negotiated settlement (a 50-VP lead in a truce turn, 16.1).",
    spec: {
      ...base('Games ending per turn, by end type'),
      width: agg.turns.length <= 12 ? Math.max(300, 62 * agg.turns.length) : 24 * agg.turns.length,
      height: 240,
      data: { values },
      mark: 'bar',
      encoding: {
        x: {
          field: 'turn',
          type: 'ordinal',
          sort: order,
          scale: { domain: order },
          title: 'turn',
          axis: agg.turns.length > 12 ? { labelAngle: -60 } : { labelAngle: 0, labelExpr: "split(datum.label, ' · ')" },
        },
        y: { field: 'games', type: 'quantitative', title: 'games ending', stack: 'zero' },
        color: {
          field: 'kind',
          type: 'nominal',
          title: null,
          scale: { domain: END_TYPES.map((e) => END_LABEL[e]!), range: ['#7d8ca3', '#c0392b', '#8e44ad'] },
          legend: { orient: 'top' },
        },
      },
    },
  };
}

export function vpTurnsChart(agg: Aggregate, startMonth: number): Chart {
  const values = agg.turns.flatMap((t, i) =>
    [t.vpPar, t.vpBol].map((h, s) => ({
      turn: i + 1,
      side: SIDE_LABEL[s],
      month: monthName(startMonth + i),
      q05: histQuantile(h, 0.05),
      q25: histQuantile(h, 0.25),
      median: histQuantile(h, 0.5),
      q75: histQuantile(h, 0.75),
      q95: histQuantile(h, 0.95),
    })),
  );
  const colour = {
    field: 'side',
    type: 'nominal',
    title: null,
    scale: { domain: [...SIDE_LABEL], range: [...SIDE_COLOURS] },
    legend: { orient: 'top', symbolOpacity: 1, symbolType: 'stroke', symbolStrokeWidth: 3 },
  } as const;
  const x = {
    field: 'turn',
    type: 'quantitative',
    title: 'end of turn',
    axis: { tickMinStep: 1, format: 'd' },
    scale: { domain: [1, Math.max(2, agg.turns.length)] },
  } as const;
  return {
    name: 'vp-by-turn',
    title: 'VP over the turns',
    caption:
      "Each side's VP at the end of each turn: the line is the median, the dark band the middle 50% of games, the light band the middle 90%. A game already over keeps its final VP.",
    spec: {
      ...base('VP per side by turn with 50% and 90% quantile bands'),
      width: 560,
      height: 280,
      data: { values },
      layer: [
        {
          mark: { type: 'area', opacity: 0.15 },
          encoding: { x, y: { field: 'q05', type: 'quantitative', title: 'VP' }, y2: { field: 'q95' }, color: colour },
        },
        {
          mark: { type: 'area', opacity: 0.3 },
          encoding: { x, y: { field: 'q25', type: 'quantitative' }, y2: { field: 'q75' }, color: colour },
        },
        {
          mark: { type: 'line', point: true, strokeWidth: 2 },
          encoding: { x, y: { field: 'median', type: 'quantitative' }, color: colour },
        },
      ],
    },
  };
}

const TERRAIN_COLOURS = ['#f2ebbf', '#c4d69a', '#9ccbd0', '#dcbb83', '#a88a60', '#dddddd'];
/** A flat-topped hexagon in Vega's unit square; drawn at size (1.1547 * pixels per row)^2 it tiles the map. */
const HEXAGON = 'M-1,0L-0.5,-0.866L0.5,-0.866L1,0L0.5,0.866L-0.5,0.866Z';

/** The map's hexes (by their centres) with each settlement sized and coloured by how often it changed hands. */
export function settlementsMapChart(agg: Aggregate, scenario: Scenario): Chart {
  const map: GameMap = scenario.map;
  const px = 11; // pixels per hex row
  const hexes: { x: number; y: number; terrain: string }[] = [];
  let xMin = Infinity,
    xMax = -Infinity,
    yMin = Infinity,
    yMax = -Infinity;
  for (let h = 0; h < map.grid.size; h++) {
    const [x, y] = hexCentre(map.grid, h);
    xMin = Math.min(xMin, x);
    xMax = Math.max(xMax, x);
    yMin = Math.min(yMin, y);
    yMax = Math.max(yMax, y);
    if (map.terrain_h[h] === OUTSIDE) continue;
    hexes.push({ x: Math.round(x * 1000) / 1000, y, terrain: TERRAIN_NAMES[map.terrain_h[h]!]! });
  }
  const n = Math.max(1, agg.games);
  const a = agg.settlements;
  const settlements = settlementHexes(scenario).map((h, k) => {
    const [x, y] = hexCentre(map.grid, h);
    const place = map.places[map.place_h[h]!]!;
    const changes = (a.capturesPar[k]! + a.capturesBol[k]!) / n;
    return {
      x: Math.round(x * 1000) / 1000,
      y,
      name: place.name,
      bigFour: place.bigFour,
      start: scenario.control_h[h] === 0 ? 'Paraguay' : scenario.control_h[h] === 1 ? 'Bolivia' : 'nobody',
      changes: Math.round(changes * 1000) / 1000,
      changed: Math.round((a.gamesChanged[k]! / n) * 1000) / 1000,
      label: changes >= 0.005 ? `${place.name} ${changes.toFixed(2)}` : place.name,
    };
  });
  const pad = 0.8;
  const width = Math.round((xMax - xMin + 2 * pad) * px),
    height = Math.round((yMax - yMin + 2 * pad) * px);
  const xs = {
    field: 'x',
    type: 'quantitative',
    axis: null,
    scale: { domain: [xMin - pad, xMax + pad], nice: false, zero: false },
  } as const;
  const ys = {
    field: 'y',
    type: 'quantitative',
    axis: null,
    scale: { domain: [yMax + pad, yMin - pad], nice: false, zero: false },
  } as const;
  const maxChanges = Math.max(0.01, ...settlements.map((s) => s.changes));
  return {
    name: 'settlements-map',
    title: 'Settlements that changed hands',
    caption:
      'The map (hexes by terrain) with each settlement as a circle: its area and colour show how many times per game it was captured (by either side), the figure after its name is that number; its ring shows who held it at the start.',
    spec: {
      ...base('Map of the settlements sized by how often they changed hands'),
      width,
      height,
      layer: [
        {
          data: { values: hexes },
          mark: { type: 'point', shape: HEXAGON, filled: true, opacity: 1, size: (1.1547 * px) ** 2, stroke: '#ffffff', strokeWidth: 0.3 },
          encoding: {
            x: xs,
            y: ys,
            color: {
              field: 'terrain',
              type: 'nominal',
              title: 'terrain',
              scale: { domain: [...TERRAIN_NAMES.slice(0, 5)], range: TERRAIN_COLOURS.slice(0, 5) },
              legend: { orient: 'bottom', columns: 5, symbolType: 'square' },
            },
          },
        },
        {
          data: { values: settlements },
          mark: { type: 'circle', strokeWidth: 2, opacity: 0.95 },
          encoding: {
            x: xs,
            y: ys,
            stroke: {
              field: 'start',
              type: 'nominal',
              title: 'held at the start',
              scale: { domain: ['Paraguay', 'Bolivia', 'nobody'], range: [SIDE_COLOURS[0], SIDE_COLOURS[1], '#222'] },
              legend: { orient: 'right', symbolType: 'circle', symbolFillColor: 'white', symbolStrokeWidth: 2 },
            },
            size: {
              field: 'changes',
              type: 'quantitative',
              title: 'captures per game',
              scale: { domain: [0, maxChanges], range: [12, 420] },
              legend: { orient: 'right' },
            },
            fill: {
              field: 'changes',
              type: 'quantitative',
              title: 'captures per game',
              scale: { scheme: 'orangered', domain: [0, maxChanges] },
              legend: { orient: 'right' },
            },
          },
        },
        {
          data: { values: settlements },
          mark: { type: 'text', dy: -9, fontSize: 8, fontWeight: 'bold', stroke: 'white', strokeWidth: 2.2, strokeOpacity: 0.85 },
          encoding: { x: xs, y: ys, text: { field: 'label' } },
        },
        {
          data: { values: settlements },
          mark: { type: 'text', dy: -9, fontSize: 8, fontWeight: 'bold', color: '#222' },
          encoding: { x: xs, y: ys, text: { field: 'label' } },
        },
      ],
      resolve: { scale: { color: 'independent', stroke: 'independent' } },
    },
  };
}

/** Every chart of a run report. */
export function runCharts(agg: Aggregate, shape: AggregateShape, scenario: Scenario): Chart[] {
  return [
    winRatesChart(agg),
    marginChart(agg),
    levelsChart(agg, shape),
    endTypesChart(agg, scenario.startMonth),
    vpTurnsChart(agg, scenario.startMonth),
    settlementsMapChart(agg, scenario),
  ];
}
