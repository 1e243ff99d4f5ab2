// The flags every Monte Carlo command shares (run, bid, compare, and the studies built on them), parsed
// at the edge with zod: one UsageError naming every bad flag, and the checked run spec they describe.
import type { Command } from 'commander';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from '../data/load.js';
import { defaultWorkers, threadCount } from '../sim/pool.js';
import { prepareRun, SpecError, type PreparedRun, type RunSpec } from '../sim/spec.js';
import { parseHandicap } from '../sim/handicap.js';
import { parsePolicyRef } from '../sim/policy-ref.js';
import { CONFIRM_HOURS } from './run-size.js';
import { UsageError } from './usage-error.js';

/** A whole-number flag given as text, checked at the edge with a message naming the flag. */
export const intFlag = (flag: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().transform((text, ctx) => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({
        code: 'custom',
        message: `${flag} ${text}: give a whole number ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}`,
      });
      return z.NEVER;
    }
    return n;
  });

/** The options every Monte Carlo command takes (run, bid, compare). */
/** A switch (--check, --quiet...): on when given, else off. */
export const switchFlag = () =>
  z
    .boolean()
    .optional()
    .transform((b) => b === true);

/**
 * --workers: a whole number from `min` to 256 (`why` says what the bounds mean), or when not given
 * CHACO_WORKERS, else every core (at least `min`).
 */
export const workersFlag = (min: 0 | 1, why: string) =>
  z
    .string()
    .optional()
    .transform((t, ctx) => {
      if (t === undefined) {
        try {
          return Math.max(min, defaultWorkers());
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
          return z.NEVER;
        }
      }
      const n = threadCount(t, min);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: `--workers ${t}: give a whole number from 1 to 256 (${why})` });
        return z.NEVER;
      }
      return n;
    });

export const commonSchema = z.object({
  seed: z.string().min(1, { message: '--seed: give a seed (any text, e.g. 1)' }),
  par: z.string().min(1, { message: '--par: name a policy' }),
  bol: z.string().min(1, { message: '--bol: name a policy' }),
  option: z.array(z.string()),
  handicap: z.array(z.string()),
  workers: workersFlag(0, '0 plays in the main thread'),
  data: z.string(),
  out: z.string().optional(),
  check: switchFlag(),
  quiet: switchFlag(),
  progress: switchFlag(),
  force: switchFlag(),
  yes: switchFlag(),
  decisionTimeout: z.string().transform((text, ctx) => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 86_400) {
      ctx.addIssue({ code: 'custom', message: `--decision-timeout ${text}: give seconds from 0 (no limit) to 86400` });
      return z.NEVER;
    }
    return n;
  }),
});

/** Parses commander's options with `schema`; every problem in one UsageError. */
export function parseFlags<T extends z.ZodTypeAny>(schema: T, raw: unknown): z.infer<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new UsageError(r.error.issues.map((i) => i.message).join('\n'));
  return r.data as z.infer<T>;
}

/** Runs `fn`, turning a SpecError (bad option, handicap or policy) into a UsageError. */
export function asUsage<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SpecError) throw new UsageError(err.message);
    throw err;
  }
}

const collect = (v: string, acc: string[]) => [...acc, v];

/**
 * The options of a study over many cells (balance, ladder): threads, its folder (`noun`, under
 * reports/out/`dir`), the checks, the terminal and the data.
 */
export function addStudyOptions(cmd: Command, noun: string, dir: string, quietHelp: string): Command {
  return cmd
    .option('--workers <n>', 'worker threads (default: all cores; 0: the main thread)')
    .option('--out <dir>', `folder for the ${noun} (default reports/out/${dir}/<run id>); the same command into the same folder resumes`)
    .option('--check', 'check the game invariants after every phase, and that no policy changes the game it decides in (slower)')
    .option('--quiet', quietHelp)
    .option('--decision-timeout <seconds>', 'longest a policy module may take over one decision (0: no limit)', '10')
    .option('--force', 'replace the files chaco wrote in an existing --out folder that holds another study')
    .option('--progress', 'progress lines on stderr every 5 s even when stderr is not a terminal')
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR);
}

/** Adds the common options to a command. */
export function addCommonOptions(cmd: Command, gamesDefault: string, gamesHelp: string): Command {
  return cmd
    .option('--games <n>', gamesHelp, gamesDefault)
    .option('--seed <seed>', 'run seed: game i plays with seeds derived from (seed, i) alone', '1')
    .option(
      '--par <policy>',
      'Paraguayan policy: random, passive, cautious, balanced, aggressive, a plan file (.json) or a module (.mjs)',
      'balanced',
    )
    .option(
      '--bol <policy>',
      'Bolivian policy: random, passive, cautious, balanced, aggressive, a plan file (.json) or a module (.mjs)',
      'balanced',
    )
    .option(
      '--option <key=value>',
      'a rules option (chaco options) or a chart override tables.<path>=<JSON>; repeatable',
      collect,
      [] as string[],
    )
    .option('--handicap <SIDE=VP>', "VP added to a side's starting VP, e.g. PAR=+5; repeatable", collect, [] as string[])
    .option('--workers <n>', 'worker threads (default: all cores; 0: the main thread)')
    .option('--out <dir>', 'folder for the report (default reports/out/<scenario>/<run id>)')
    .option('--check', 'check the game invariants after every phase, and that no policy changes the game it decides in (slower)')
    .option('--quiet', 'no progress and no summary on the terminal (prints the report folder only)')
    .option(
      '--decision-timeout <seconds>',
      'longest a policy module may take over one decision; past it the game fails and the run stops (0: no limit; needs worker threads)',
      '10',
    )
    .option('--force', 'replace the files chaco wrote in an existing --out folder that holds another run (other files stay)')
    .option('--progress', 'progress lines on stderr every 5 s even when stderr is not a terminal (a log file)')
    .option('--yes', `play a run estimated at more than ${CONFIRM_HOURS} hours on this machine (refused without it)`)
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR);
}

export type CommonFlags = z.infer<typeof commonSchema>;

/**
 * The spec the flags describe, checked: the handicap parsed (handicap.ts), the policies parsed for the
 * scenario (policy-ref.ts: historical and tuned stand for its files), options valid, scenario loads
 * (DataError otherwise).
 */
export function specFromFlags(
  scenario: string,
  f: Pick<CommonFlags, 'data' | 'option' | 'par' | 'bol' | 'handicap' | 'seed' | 'check'>,
): { spec: RunSpec; prepared: PreparedRun } {
  return asUsage(() => {
    const given: RunSpec = {
      scenario,
      dataDir: f.data,
      options: f.option,
      par: f.par,
      bol: f.bol,
      handicap: parseHandicap(f.handicap),
      seed: f.seed,
      check: f.check,
    };
    const prepared = prepareRun(given);
    const par = parsePolicyRef('--par', f.par, prepared.scenario, 'par', f.seed),
      bol = parsePolicyRef('--bol', f.bol, prepared.scenario, 'bol', f.seed);
    return { spec: { ...given, par: par.policy, bol: bol.policy }, prepared };
  });
}
