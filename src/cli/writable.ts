// Checking, before any game is played, that a file a command will write at its end can be written there:
// a long search must not end in an error a second's check would have found.
import { existsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeFolder } from '../report/make-folder.js';
import { fileErrorText } from './errors.js';
import { UsageError } from './usage-error.js';

/** Throws a UsageError naming `flag` when `file` cannot be written: its folder cannot be made, it is a folder, or writing beside it fails. */
export function assertWritableFile(flag: string, file: string): void {
  if (file.trim() === '') throw new UsageError(`${flag} "": give a file name`);
  try {
    if (existsSync(file) && statSync(file).isDirectory())
      throw new UsageError(`${flag} ${file}: is a folder; give a file name (e.g. ${file.replace(/\/+$/, '')}/tuned.json)`);
    makeFolder(dirname(file));
    const probe = `${file}.tmp-${process.pid}`;
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const text = fileErrorText(err);
    if (text === null) throw err;
    throw new UsageError(`${flag} ${file}: cannot be written: ${text}; give a file in a folder you can write to`);
  }
}
