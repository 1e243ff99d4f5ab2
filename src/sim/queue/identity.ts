// What a worker must share with the command that put a job on the queue before it may play it: the
// code (package version, git commit and a hash of the compiled files) and the inputs the job reads
// (data files, policy files). Paths inside the package travel as `package:<path>`, so a worker
// installed elsewhere reads its own copy, whose hash must then match.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledCode, gitCommit, VERSION_OF_PACKAGE } from '../code-version.js';

/** The package root: three folders up from src/sim/queue/ or dist/sim/queue/. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CodeIdentity {
  readonly version: string;
  readonly commit: string | null;
  /** sha256 of the compiled JavaScript (dist/**\/*.js): catches a work tree built from uncommitted changes. */
  readonly code: string;
}

/** Input name → sha256 of its content (null: the input is absent on this machine). */
export type InputHashes = Readonly<Record<string, string | null>>;

/** This process's code identity. */
export function codeIdentity(root: string = PACKAGE_ROOT): CodeIdentity {
  return { version: VERSION_OF_PACKAGE, commit: gitCommit(root), code: compiledCode(root) };
}

/** sha256 of a file, or null when there is none. */
export function fileHash(file: string): string | null {
  return existsSync(file) ? `sha256:${createHash('sha256').update(readFileSync(file)).digest('hex')}` : null;
}

const PACKAGE = 'package:';

/** A path as it travels in a job: `package:<relative path>` inside the package, else as given. */
export function portablePath(path: string, root: string = PACKAGE_ROOT): string {
  const rel = relative(root, resolve(path));
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : `${PACKAGE}${rel}`;
}

/** The path a job's portable path names on this machine. */
export function localPath(path: string, root: string = PACKAGE_ROOT): string {
  return path.startsWith(PACKAGE) ? join(root, path.slice(PACKAGE.length)) : path;
}

/** The differences between the identity a job was made with and this worker's, in words; empty when they match. */
export function differences(job: { code: CodeIdentity; inputs: InputHashes }, here: { code: CodeIdentity; inputs: InputHashes }): string[] {
  const out: string[] = [];
  const short = (v: string | null) => (v === null ? 'none' : v.replace(/^sha256:/, '').slice(0, 12));
  if (job.code.version !== here.code.version) out.push(`made by chaco ${job.code.version}, this worker is chaco ${here.code.version}`);
  if (job.code.commit !== here.code.commit)
    out.push(`made by commit ${short(job.code.commit)}, this worker runs ${short(here.code.commit)}`);
  else if (job.code.code !== here.code.code)
    out.push(`compiled code ${short(job.code.code)} there, ${short(here.code.code)} here (npm run build on the same commit)`);
  for (const key of Object.keys(job.inputs)) {
    const a = job.inputs[key] ?? null,
      b = here.inputs[key] ?? null;
    if (a !== b) out.push(b === null ? `${key}: missing here` : `${key}: ${short(a)} there, ${short(b)} here`);
  }
  return out;
}
