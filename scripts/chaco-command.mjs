// What the study scripts share (verdicts.mjs, audit.mjs): the checkout's root, reading a step's JSON, and a chaco command played to its end
// with --quiet; when it fails, the script stops with the command and how to go on (every study here resumes).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A JSON file's content, or null when there is none (a step not played yet). */
export const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** `node bin/chaco.js <argv> --quiet` from the root, told on stderr as `<script>: <command>`; exits the script as it failed. */
export function chaco(script, argv) {
  const line = `node bin/chaco.js ${argv.join(' ')}`;
  console.error(`${script}: ${line}`);
  const r = spawnSync(process.execPath, [join(root, 'bin/chaco.js'), ...argv, '--quiet'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) {
    // Exit 2 is chaco's for input it refuses (the line above it says what): running again would stop there again.
    const next = r.status === 2 ? 'its input is refused (above)' : `run the same ${script} command again to resume from there`;
    console.error(`${script}: stopped at: ${line}\n${next}`);
    process.exit(r.status ?? 1);
  }
}
