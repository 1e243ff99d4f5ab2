// Every user error ends with exit code 2 and one line naming the file (and the path inside it) and what
// is wrong, before any game and without a stack trace; chaco's own faults end with exit code 1 and a
// line asking to report them; --debug adds the stack.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { reportError } from '../../src/cli/errors.js';
import { chaco, lines, tmp } from '../helpers/cli.js';

const oneLine = (r: { code: number | null; err: string }, text: string | RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(lines(r.err), r.err).toHaveLength(1);
  expect(r.err).not.toMatch(/\n\s+at /);
  if (typeof text === 'string') expect(r.err).toContain(text);
  else expect(r.err).toMatch(text);
};

describe('user errors: exit 2, one line', () => {
  test('plan.ts: a plan is refused for the other side and for another scenario, naming the file and the field', () => {
    oneLine(
      chaco(['run', 'boqueron', '--games', '1', '--par', 'random', '--bol', 'policies/boqueron-par-historical.json', '--out', tmp()]),
      'policies/boqueron-par-historical.json: side: "PAR": this is Paraguay\'s plan; give it to --par, not --bol',
    );
    oneLine(
      chaco(['run', 'boqueron', '--games', '1', '--par', 'policies/alihuata-par-historical.json', '--bol', 'random', '--out', tmp()]),
      'policies/alihuata-par-historical.json: scenario: "alihuata": the plan is written for alihuata, not boqueron',
    );
  });

  test('unknown scenarios, options, policies, commands and flags list what exists', () => {
    oneLine(
      chaco(['run', 'nowhere', '--games', '1']),
      /no scenario "nowhere" \(scenarios: alihuata, ballivian, boqueron, campaign, villa-montes\)/,
    );
    oneLine(chaco(['run', 'boqueron', '--games', '1', '--par', 'clever']), 'no policy "clever" (policies: random, passive');
    oneLine(chaco(['run', 'boqueron', '--bogus']), "chaco: unknown option '--bogus'");
    oneLine(chaco(['run']), "chaco: missing required argument 'scenario'");
    oneLine(chaco(['nope']), /chaco: unknown command 'nope'/);
    const opt = chaco(['run', 'boqueron', '--games', '1', '--option', 'foo=1']);
    expect(opt.code).toBe(2);
    expect(opt.err).toContain('option "foo": no such option (options: ballivianLength');
  });

  test('compare: a variant may not be named base nor change nothing', () => {
    oneLine(
      chaco(['compare', 'boqueron', '--games', '2', '--variant', 'base:mountedCavalry=true', '--out', tmp()]),
      '"base" is the baseline\'s name',
    );
    oneLine(
      chaco(['compare', 'boqueron', '--games', '2', '--variant', 'same', '--out', tmp()]),
      '--variant same: give at least one setting',
    );
  });

  test('a broken policy module is refused before any game, and nothing is written', () => {
    const dir = tmp(),
      out = join(dir, 'out');
    writeFileSync(join(dir, 'broken.mjs'), 'export default { decide() {');
    oneLine(
      chaco(['run', 'boqueron', '--games', '1', '--par', join(dir, 'broken.mjs'), '--bol', 'random', '--out', out]),
      `policy module ${join(dir, 'broken.mjs')}: cannot load it`,
    );
    expect(existsSync(out)).toBe(false);
    writeFileSync(join(dir, 'nofactory.mjs'), 'export default 3;');
    oneLine(
      chaco(['run', 'boqueron', '--games', '1', '--par', join(dir, 'nofactory.mjs'), '--bol', 'random', '--out', out]),
      'its default export must be a function',
    );
  });

  test('--out that cannot be a folder: under a file, under /proc; ends at once with the reason', () => {
    const dir = tmp(),
      file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    oneLine(chaco(['run', 'boqueron', '--games', '1', '--out', file]), 'this is a file, not a folder');
    oneLine(
      chaco(['run', 'boqueron', '--games', '1', '--out', join(file, 'sub')]),
      `${file}: a part of the path is a file, not a folder (ENOTDIR`,
    );
    if (existsSync('/proc/self'))
      oneLine(
        chaco(['run', 'boqueron', '--games', '1', '--out', '/proc/chaco-test/out']),
        /\/proc\/chaco-test: .*\((ENOENT|EACCES|EPERM) on mkdir\)/,
      );
  });

  test('CHACO_WORKERS sets the worker threads when --workers is not given; a bad value is refused in one line', () => {
    const out = tmp();
    const r = chaco(['run', 'boqueron', '--games', '2', '--no-replays', '--quiet', '--out', out], { CHACO_WORKERS: '0' });
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).workers).toBe(0);
    oneLine(
      chaco(['run', 'boqueron', '--games', '2', '--no-replays', '--out', tmp()], { CHACO_WORKERS: 'many' }),
      /^chaco: CHACO_WORKERS=many: give a whole number/,
    );
  });

  test('--debug adds the stack trace to a user error', () => {
    const r = chaco([
      'run',
      'boqueron',
      '--games',
      '1',
      '--par',
      'policies/boqueron-bol-historical.json',
      '--bol',
      'random',
      '--debug',
      '--out',
      tmp(),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("this is Bolivia's plan");
    expect(r.err).toMatch(/\n\s+at /);
  });
});

describe('how an error is reported', () => {
  test('a fault in chaco is exit 1, one line and a request to report it; --debug adds the stack', () => {
    const plain = reportError(new TypeError('x is undefined'), false);
    expect(plain.code).toBe(1);
    expect(plain.text).toBe(
      'chaco: internal error: x is undefined\n  this is a fault in chaco, not in your input: please report it with the command you ran (add --debug for the stack trace)\n',
    );
    expect(reportError(new TypeError('x'), true).text).toMatch(/\n\s+at /);
  });

  test("file-system errors with a path are the user's; --help is not an error", () => {
    const e = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/x'"), { code: 'EACCES', path: '/srv/x', syscall: 'mkdir' });
    expect(reportError(e, false)).toEqual({ code: 2, text: 'chaco: /srv/x: permission denied (EACCES on mkdir)\n' });
    expect(reportError(new CommanderError(0, 'commander.helpDisplayed', ''), false).code).toBe(0);
    expect(reportError(new CommanderError(1, 'commander.unknownOption', ''), false).code).toBe(2);
  });
});
