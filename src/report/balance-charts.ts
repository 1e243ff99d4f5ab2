// Vega-Lite charts of `chaco balance`: the policy matrix as a heat map and each side's optimal mix.
import type { Chart } from './charts.js';
import { SIDE_COLOURS } from './charts.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const CONFIG = {
  font: 'Helvetica, Arial, sans-serif',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12 },
  legend: { labelFontSize: 11, titleFontSize: 12 },
};

export interface MatrixCell {
  readonly par: string;
  readonly bol: string;
  readonly rate: number;
  readonly lo: number;
  readonly hi: number;
  readonly games: number;
}

/** Paraguay's win rate in every cell: rows Paraguay's policies, columns Bolivia's. */
export function matrixChart(
  id: string,
  name: string,
  cells: readonly MatrixCell[],
  parOrder: readonly string[],
  bolOrder: readonly string[],
): Chart {
  const values = cells.map((c) => ({
    ...c,
    label: `${(100 * c.rate).toFixed(0)}%`,
    range: `${(100 * c.lo).toFixed(0)}–${(100 * c.hi).toFixed(0)}%`,
  }));
  const x = { field: 'bol', type: 'nominal', sort: [...bolOrder], title: 'Bolivian policy', axis: { labelAngle: 0 } };
  const y = { field: 'par', type: 'nominal', sort: [...parOrder], title: 'Paraguayan policy' };
  return {
    name: `matrix-${id}`,
    title: `${name}: Paraguay's win rate by pair of policies`,
    caption:
      "Each cell: Paraguay's share of the games that Paraguayan policy (row) won against that Bolivian policy (column), all cells on the same seeds, with its Wilson 95% interval; brown favours Paraguay, green Bolivia.",
    spec: {
      $schema: SCHEMA,
      description: `Policy matrix of ${name}`,
      background: 'white',
      config: CONFIG,
      width: Math.max(200, 110 * bolOrder.length),
      height: Math.max(120, 60 * parOrder.length),
      data: { values },
      encoding: { x, y },
      layer: [
        {
          mark: 'rect',
          encoding: {
            color: {
              field: 'rate',
              type: 'quantitative',
              title: 'PAR wins',
              scale: { domain: [0, 0.5, 1], range: [SIDE_COLOURS[1], '#f7f7f7', SIDE_COLOURS[0]] },
              legend: { format: '.0%' },
            },
          },
        },
        { mark: { type: 'text', fontSize: 13, dy: -7 }, encoding: { text: { field: 'label' } } },
        { mark: { type: 'text', fontSize: 9, dy: 9, color: '#333' }, encoding: { text: { field: 'range' } } },
      ],
    },
  };
}

/** Each side's weight on each of its policies at the equilibrium of the matrix game. */
export function mixesChart(id: string, name: string, mixes: readonly { side: string; policy: string; weight: number }[]): Chart {
  return {
    name: `mixes-${id}`,
    title: `${name}: optimal mixes of policies`,
    caption:
      'How often each side plays each policy when both mix optimally against each other (the equilibrium of the zero-sum game on the matrix); a policy with no weight never helps its side against the best reply.',
    spec: {
      $schema: SCHEMA,
      description: `Equilibrium mixes of ${name}`,
      background: 'white',
      config: CONFIG,
      data: { values: mixes.map((m) => ({ ...m, label: `${(100 * m.weight).toFixed(0)}%` })) },
      facet: { row: { field: 'side', type: 'nominal', title: null, sort: ['Paraguay', 'Bolivia'] } },
      spec: {
        width: 300,
        height: { step: 20 },
        layer: [
          {
            mark: 'bar',
            encoding: {
              y: { field: 'policy', type: 'nominal', title: null },
              x: {
                field: 'weight',
                type: 'quantitative',
                title: 'weight at equilibrium',
                scale: { domain: [0, 1] },
                axis: { format: '.0%' },
              },
              color: { field: 'side', type: 'nominal', scale: { domain: ['Paraguay', 'Bolivia'], range: [...SIDE_COLOURS] }, legend: null },
            },
          },
          {
            mark: { type: 'text', align: 'left', dx: 4 },
            encoding: { y: { field: 'policy', type: 'nominal' }, x: { field: 'weight', type: 'quantitative' }, text: { field: 'label' } },
          },
        ],
      },
      resolve: { scale: { y: 'independent' } },
    },
  };
}
