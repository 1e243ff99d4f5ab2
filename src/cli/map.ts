// `chaco map --out FILE.svg [--scenario NAME]`: the map (and a scenario's set-up) as SVG.
import { makeFolder } from '../report/make-folder.js';
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_DATA_DIR, loadGameData, loadScenario } from '../data/load.js';
import { renderMapSvg } from '../report/map-svg.js';
import { UsageError } from './usage-error.js';

export function registerMap(program: Command): void {
  program
    .command('map')
    .description("draw the map as SVG, with a scenario's set-up on it when --scenario is given")
    .requiredOption('--out <file>', 'SVG file to write')
    .option('--scenario <name>', 'scenario id or file whose set-up to draw')
    .option('--scale <pixels>', 'pixels per hex row', '30')
    .option('--data <dir>', 'folder with map.json, counters.json, tables.json and the scenarios', DEFAULT_DATA_DIR)
    .action((opts: { out: string; scenario?: string; scale: string; data: string }) => {
      const scale = Number(opts.scale);
      if (!Number.isFinite(scale) || scale < 8 || scale > 200)
        throw new UsageError(`--scale ${opts.scale}: give a number of pixels from 8 to 200`);
      if (!opts.out.endsWith('.svg')) throw new UsageError(`--out ${opts.out}: the file name must end in .svg`);
      const data = loadGameData(opts.data);
      const scenario = opts.scenario ? loadScenario(opts.scenario, data, opts.data) : undefined;
      const svg = renderMapSvg(data.map, { scale, ...(scenario ? { scenario } : {}) });
      makeFolder(dirname(opts.out) || '.');
      writeFileSync(opts.out, svg);
      process.stdout.write(`wrote ${opts.out}${scenario ? ` (${scenario.name} set-up)` : ''}\n`);
    });
}
