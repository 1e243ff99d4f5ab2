// `chaco scenarios`: lists the scenarios with their rule, length and dates.
import type { Command } from 'commander';
import { monthName } from '../data/schema-common.js';
import { DEFAULT_DATA_DIR, listScenarioIds, loadGameData, loadScenario } from '../data/load.js';
import { DEFAULT_OPTIONS, effectiveTurns } from '../core/options.js';

export function registerScenarios(program: Command): void {
  program
    .command('scenarios')
    .description('list the scenarios with their length and dates')
    .option('--data <dir>', 'folder with map.json, counters.json, tables.json and the scenarios', DEFAULT_DATA_DIR)
    .action((opts: { data: string }) => {
      const data = loadGameData(opts.data);
      const rows = listScenarioIds(opts.data).map((id) => {
        const s = loadScenario(id, data, opts.data);
        const turns = effectiveTurns(s, DEFAULT_OPTIONS);
        return [
          s.id,
          s.rule,
          String(turns),
          `${monthName(s.startMonth)} – ${monthName(s.startMonth + turns - 1)}`,
          `${s.sides[1].vp}/${s.sides[0].vp}`,
          s.name,
        ];
      });
      const head = ['scenario', 'rule', 'turns', 'dates', 'VP BOL/PAR', 'name'];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
      process.stdout.write(`${line(head)}\n${rows.map(line).join('\n')}\n`);
    });
}
