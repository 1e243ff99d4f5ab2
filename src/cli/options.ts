// `chaco options`: the rules options, their values, defaults and the rules and rulings
// (docs/rulings.md) they implement; with --scenario, the value each option takes in that scenario
// and where it comes from.
import type { Command } from 'commander';
import { OPTION_DEFS, resolveOptions, type OptionName } from '../core/options.js';
import { DEFAULT_DATA_DIR, scenarioFileOptions } from '../data/load.js';
import { AROUND_KEY, CLEAR_RADIUS, ESTIMATE_GROUPS, ROAD_KEY } from '../data/estimates.js';
import { UsageError } from './usage-error.js';

interface OptionsFlags {
  readonly scenario?: string;
  readonly option: string[];
  readonly data: string;
}

const collect = (v: string, acc: string[]) => [...acc, v];

const RULINGS_NOTE =
  'I-n is a ruling in docs/rulings.md: what the printed rules leave open, how chaco reads it, the other value and its measured effect.';

export function registerOptions(program: Command): void {
  program
    .command('options')
    .description(
      'list the rules options (--option key=value) with their defaults and the rules and rulings (docs/rulings.md) behind each; with --scenario, their values there and where each comes from',
    )
    .option('--scenario <id>', 'a scenario id or file: show the value each option takes there (default, scenario file or --option)')
    .option(
      '--option <key=value>',
      "with --scenario: a command-line option over the scenario's, as chaco run takes it; repeatable",
      collect,
      [] as string[],
    )
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR)
    .action((f: OptionsFlags) => {
      if (f.scenario === undefined) {
        if (f.option.length > 0) throw new UsageError('--option goes with --scenario');
        const out = OPTION_DEFS.map(
          (d) => `${d.name}=${String(d.default)}  (values: ${d.values.join(' | ')})  rules and rulings: ${d.refs}\n    ${d.description}`,
        );
        const steps = [
          ...ESTIMATE_GROUPS.map(
            (g) =>
              `estimate.${g.name}=<${g.values.join(' | ')}>  (chaco sensitivity plays ${g.step}: ${g.describe(g.step)})\n    moves: ${g.what}`,
          ),
          `estimate.${ROAD_KEY}<road>=none  (chaco sensitivity --items map plays it for each estimated road near the set-up)\n    moves: one estimated road of map.json, named as a key ("Ballivián – Cañada Strongest": ballivian-canada-strongest), taken off the map`,
          `estimate.${AROUND_KEY}<settlement>=<clear | bush>  (chaco sensitivity --items map plays clear for each settlement near the set-up)\n    moves: the terrain within ${CLEAR_RADIUS} hexes of one settlement ("Isla Poí": isla-poi), Bush made Clear or Clear made Bush`,
        ];
        process.stdout.write(
          `${out.join('\n')}\n\n${RULINGS_NOTE}\n\nEstimated data moved by a step (the data as shipped when absent; see docs/sensitivity.md):\n${steps.join('\n')}\n`,
        );
        return;
      }
      let resolved: ReturnType<typeof resolveOptions>;
      try {
        resolved = resolveOptions(scenarioFileOptions(f.scenario, f.data), f.option);
      } catch (err) {
        if (err instanceof Error && err.name !== 'DataError') throw new UsageError(err.message);
        throw err;
      }
      const rows = OPTION_DEFS.map((d) => [
        d.name,
        String(resolved.options[d.name as OptionName]),
        resolved.sources[d.name as OptionName],
        `default ${String(d.default)}; ${d.refs}`,
      ]);
      const head = ['option', 'value', 'from', 'default; rules and rulings'];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
      process.stdout.write(
        `${f.scenario}: rules options (the command line overrides the scenario file, which overrides the default)\n${line(head)}\n${rows.map(line).join('\n')}\n\n${RULINGS_NOTE}\n`,
      );
    });
}
