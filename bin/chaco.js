#!/usr/bin/env node
// The chaco command: runs the compiled CLI (built into dist/ by `npm ci`/`npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('chaco: dist/ is missing; run `npm ci` (or `npm run build`) first.\n');
  process.exit(1);
}
await import(entry.href);
