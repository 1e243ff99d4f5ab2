// Collecting and reporting data errors as "file: path.inside: what is wrong (what would be right)".
import type { z } from 'zod';

export type IssuePath = readonly (string | number)[];

export interface Issue {
  readonly file: string;
  readonly path: IssuePath;
  readonly message: string;
}

/** `deploy[3].at[0]` from ['deploy', 3, 'at', 0]. */
export function formatPath(path: IssuePath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

export function formatIssue(issue: Issue): string {
  const where = issue.path.length > 0 ? `${issue.file}: ${formatPath(issue.path)}: ` : `${issue.file}: `;
  return where + issue.message;
}

/** Thrown when one or more data files are invalid; carries every issue found. */
export class DataError extends Error {
  readonly issues: readonly Issue[];
  constructor(issues: readonly Issue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'DataError';
    this.issues = issues;
  }
}

/** Gathers the issues of one file. */
export class Issues {
  readonly list: Issue[] = [];
  constructor(readonly file: string) {}

  add(path: IssuePath, message: string): void {
    this.list.push({ file: this.file, path, message });
  }

  get ok(): boolean {
    return this.list.length === 0;
  }

  /** Adds zod's issues, prefixed by `base`. */
  addZod(error: z.ZodError, base: IssuePath = []): void {
    for (const issue of error.issues) {
      this.add([...base, ...(issue.path as (string | number)[])], issue.message);
    }
  }

  /** The data checked against `schema`, or null after adding zod's issues. */
  parse<T>(schema: z.ZodType<T>, raw: unknown): T | null {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.addZod(parsed.error);
    return null;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new DataError(this.list);
  }
}
