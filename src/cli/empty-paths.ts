// An empty path flag (--out "", --data "", --write "") is refused before any command runs, naming the flag
// and what it takes: an empty name would otherwise reach the file system as "no such file or folder".
import type { Command } from 'commander';
import { UsageError } from './usage-error.js';

/** Every command of `program`: a <dir> or <file> option given as "" (or only spaces) is a usage error. */
export function refuseEmptyPaths(program: Command): void {
  program.hook('preAction', (_root, action) => {
    const given = action.opts<Record<string, unknown>>();
    for (const o of action.options) {
      const kind = /<(dir|file)>/.exec(o.flags)?.[1];
      const value = given[o.attributeName()];
      if (kind !== undefined && typeof value === 'string' && value.trim() === '') {
        throw new UsageError(
          `${o.long ?? o.flags} "${value}": the name is empty; give a ${kind === 'dir' ? 'folder' : 'file'} (${o.description})`,
        );
      }
    }
  });
}
