// `chaco options`: the rules options, their values, defaults and the rules they implement.
import type { Command } from 'commander';
import { OPTION_DEFS } from '../core/options.js';

export function registerOptions(program: Command): void {
  program
    .command('options')
    .description('list the rules options (--option key=value) with their defaults')
    .action(() => {
      const out = OPTION_DEFS.map((d) => `${d.name}=${String(d.default)}  (values: ${d.values.join(' | ')}; ${d.refs})\n    ${d.description}`);
      process.stdout.write(`${out.join('\n')}\n`);
    });
}
