// What the user sees when a command stops with an error, and its exit code: 2 for anything the user can
// fix (arguments, data and plan files, policy modules, output folders), one line per problem with the
// file and the path inside it; 1 for chaco's own faults, with a line asking to report them. A stack
// trace only with --debug.
import { CommanderError } from 'commander';
import { DataError } from '../data/issues.js';
import { PolicyModuleError } from '../policy/index.js';
import { QueueError } from '../sim/queue/errors.js';
import { SpecError } from '../sim/spec.js';
import { UsageError } from './usage-error.js';

/** File-system failures a user causes and can fix (a path that is a file, not writable, missing...). */
const FILE_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'is a folder, not a file',
  EROFS: 'the file system is read-only',
  EEXIST: 'already exists',
  EINVAL: 'not a place chaco can write to',
  ENOSPC: 'no space left on the device; free space there (or write to another disk) and run the same command again',
  EDQUOT: 'your disk quota is used up; free space within it (or write to another disk) and run the same command again',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
};

/** A full disk or quota is the user's to fix even where Node's error names no file (a write to an open file). */
const WITHOUT_PATH = new Set(['ENOSPC', 'EDQUOT']);

/** "path: what went wrong (CODE on syscall)" for a file-system failure the user can fix, or null for any other error. */
export function fileErrorText(err: unknown): string | null {
  const sys = err as NodeJS.ErrnoException;
  if (!(sys instanceof Error) || typeof sys.code !== 'string' || FILE_ERRORS[sys.code] === undefined) return null;
  if (typeof sys.path !== 'string' && !WITHOUT_PATH.has(sys.code)) return null;
  const where = typeof sys.path === 'string' ? `${sys.path}: ` : 'writing the output: ';
  return `${where}${FILE_ERRORS[sys.code]} (${sys.code}${sys.syscall ? ` on ${sys.syscall}` : ''})`;
}

export interface Reported {
  readonly code: number;
  /** What to print on stderr, ending with a newline (empty: commander printed it). */
  readonly text: string;
}

/** How an error thrown by a command is reported. */
export function reportError(err: unknown, debug: boolean): Reported {
  const stack = debug && err instanceof Error && err.stack ? `${err.stack}\n` : '';
  if (err instanceof CommanderError) {
    // --help and --version end with code 0; unknown options, commands and missing arguments are usage errors.
    return { code: err.exitCode === 0 ? 0 : 2, text: '' };
  }
  if (err instanceof DataError) return { code: 2, text: `${err.message}\n${stack}` };
  if (err instanceof UsageError || err instanceof SpecError || err instanceof PolicyModuleError || err instanceof QueueError) {
    return { code: 2, text: `chaco: ${err.message}\n${stack}` };
  }
  const file = fileErrorText(err);
  if (file !== null) return { code: 2, text: `chaco: ${file}\n${stack}` };
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return {
    code: 1,
    text: `chaco: internal error: ${message}\n  this is a fault in chaco, not in your input: please report it with the command you ran${debug ? '' : ' (add --debug for the stack trace)'}\n${stack}`,
  };
}
