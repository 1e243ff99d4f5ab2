// `chaco validate [file...]`: checks data files; exit 0 when all are valid, 1 with every error otherwise.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { formatIssue } from '../data/issues.js';
import { DEFAULT_DATA_DIR, validateFiles } from '../data/load.js';

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check data files (map, counters, charts, scenarios); with no files, every file of the data folder')
    .argument('[files...]', 'JSON files to check')
    .option('--data <dir>', 'folder whose map, counters and charts the scenarios are checked against', DEFAULT_DATA_DIR)
    .action((files: string[], opts: { data: string }) => {
      const targets =
        files.length > 0
          ? files
          : readdirSync(opts.data)
              .filter((f) => f.endsWith('.json'))
              .sort()
              .map((f) => join(opts.data, f));
      const issues = validateFiles(targets, opts.data);
      if (issues.length === 0) {
        process.stdout.write(`ok: ${targets.length} file${targets.length === 1 ? '' : 's'} valid\n`);
        return;
      }
      process.stderr.write(`${issues.map(formatIssue).join('\n')}\n${issues.length} error${issues.length === 1 ? '' : 's'}\n`);
      process.exitCode = 1;
    });
}
