import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import type { Command, Option } from 'commander';
import { chacoProgram } from '../../src/cli/program.js';
import { declaredLine } from '../../src/cli/declared-lines.js';
import { attributeOf, commandLine, RUN_LINE, runCommand } from '../../src/sim/command-line.js';
import type { RunSpec } from '../../src/sim/spec.js';

const program = chacoProgram();
const commands = program.commands;
/** The commands that print and record no command line. */
const LINELESS = ['scenarios', 'validate', 'map', 'options', 'worker'];

/** A value for each flag of a command unlike its default: a switch on, a --no- switch off, a text, one item of a list. */
function givenValues(cmd: Command): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const o of cmd.options as readonly Option[]) {
    const key = o.attributeName();
    values[key] = o.negate ? false : !o.required ? true : Array.isArray(o.defaultValue) ? [`given-${key}`] : `given-${key}`;
  }
  return values;
}

/** The words a POSIX shell makes of a line. */
function shellWords(line: string): string[] {
  const r = spawnSync('sh', ['-c', `for a in ${line}; do printf '%s\\0' "$a"; done`], { encoding: 'utf8' });
  return r.stdout.split('\0').slice(0, -1);
}

describe("command lines are made from each command's flag schema", () => {
  test('every command that prints or records a line declares a schema; the others are named', () => {
    const withLine = commands.filter((c) => declaredLine(c) !== undefined).map((c) => c.name());
    expect(
      commands
        .map((c) => c.name())
        .filter((n) => !withLine.includes(n))
        .sort(),
    ).toEqual([...LINELESS].sort());
    expect(withLine.sort()).toEqual([
      'balance',
      'best-response',
      'bid',
      'compare',
      'errata',
      'history',
      'ladder',
      'merge',
      'replay',
      'run',
      'sensitivity',
      'skill',
      'tune',
    ]);
  });

  test.each(commands.filter((c) => declaredLine(c) !== undefined).map((c) => [c.name(), c] as const))(
    '%s: every flag is declared as changing its output or not, once',
    (_, cmd) => {
      const schema = declaredLine(cmd)!;
      const flags = (cmd.options as readonly Option[]).map((o) => o.long!);
      // A flag added to the command and not declared fails here: say whether it changes what the command writes.
      expect([...schema.changes, ...schema.same].sort()).toEqual([...flags].sort());
      expect(new Set([...schema.changes, ...schema.same]).size).toBe(flags.length);
      for (const f of schema.resume ?? []) expect(schema.same).toContain(f);
      for (const f of Object.keys(schema.silent ?? {})) expect(schema.changes).toContain(f);
      for (const o of cmd.options as readonly Option[]) expect(attributeOf(o.long!)).toBe(o.attributeName());
    },
  );

  test.each(commands.filter((c) => declaredLine(c) !== undefined).map((c) => [c.name(), c] as const))(
    '%s: every flag that changes its output is in its line, and no other',
    (_, cmd) => {
      const schema = declaredLine(cmd)!;
      const values = givenValues(cmd);
      const words = shellWords(commandLine(schema, ['arg one'], values));
      expect(words.slice(0, 3)).toEqual(['chaco', schema.command, 'arg one']);
      for (const flag of schema.changes) {
        const at = words.indexOf(flag);
        expect(at, `${flag} in ${words.join(' ')}`).toBeGreaterThan(2);
        const v = values[attributeOf(flag)];
        if (typeof v === 'string') expect(words[at + 1]).toBe(v);
        if (Array.isArray(v)) expect(words[at + 1]).toBe(v[0]);
      }
      for (const flag of schema.same) expect(words, flag).not.toContain(flag);
      const resumed = shellWords(commandLine(schema, ['arg one'], values, { resume: true }));
      for (const flag of schema.resume ?? []) expect(resumed, flag).toContain(flag);
    },
  );

  test('--replicates is in the lines of balance and ladder (their intervals depend on it)', () => {
    for (const name of ['balance', 'ladder']) {
      const cmd = commands.find((c) => c.name() === name)!;
      const words = shellWords(commandLine(declaredLine(cmd)!, ['boqueron'], { replicates: '300' }, { resume: true }));
      expect(words.slice(words.indexOf('--replicates'), words.indexOf('--replicates') + 2)).toEqual(['--replicates', '300']);
    }
  });

  test('arguments with spaces, quotes and shell characters come back from the shell as they were', () => {
    const out = "/tmp/my runs/it's $HOME & more";
    const line = commandLine(RUN_LINE, ['boqueron'], { seed: 'a b', games: '10', option: ['tables.x=[1, 2]'], out }, { resume: true });
    expect(shellWords(line)).toEqual([
      'chaco',
      'run',
      'boqueron',
      '--seed',
      'a b',
      '--option',
      'tables.x=[1, 2]',
      '--games',
      '10',
      '--out',
      out,
    ]);
  });

  test('a run line from a spec gives its handicap in the --handicap grammar, leaves out --first 0 and the default data', () => {
    const spec: RunSpec = {
      scenario: 'boqueron',
      dataDir: 'scenarios',
      options: ['mountedCavalry=true'],
      par: 'cautious',
      bol: 'balanced',
      handicap: [5, -2],
      seed: '7',
      check: true,
    };
    expect(runCommand(spec, 0, 100)).toBe(
      'chaco run boqueron --seed 7 --par cautious --bol balanced --option mountedCavalry=true --handicap PAR=+5 --handicap BOL=-2 --check --games 100',
    );
    expect(runCommand({ ...spec, dataDir: '/elsewhere/data' }, 3, 1)).toMatch(/ --data \/elsewhere\/data --games 1 --first 3$/);
  });
});
