// Reading a JSON data file, with a clear error naming the file and the place of a syntax error.
import { readFileSync } from 'node:fs';
import { DataError } from './issues.js';

export function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new DataError([{ file, path: [], message: code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? String(err)})` }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    let where = '';
    if (pos) {
      const offset = Number(pos[1]);
      const before = text.slice(0, offset);
      const line = before.split('\n').length;
      const column = offset - before.lastIndexOf('\n');
      where = ` at line ${line}, column ${column}`;
    }
    throw new DataError([{ file, path: [], message: `not valid JSON${where}: ${message}` }]);
  }
}
