// Reading a JSON data file, with a clear error naming the file and the place of a syntax error. A UTF-8
// byte-order mark at the start (some Windows editors write one) is skipped: JSON.parse refuses it.
import { readFileSync } from 'node:fs';
import { DataError } from './issues.js';
import { jsonErrorOffset } from './json-position.js';

export function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new DataError([{ file, path: [], message: code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? String(err)})` }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const offset = jsonErrorOffset(text);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const found = offset < text.length ? `unexpected ${JSON.stringify(text[offset])}` : 'the text ends too early';
    throw new DataError([
      { file, path: [], message: `not valid JSON at line ${line}, column ${column}: ${found} (${(err as Error).message.split('\n')[0]})` },
    ]);
  }
}
