// chaco tune: a tuned heuristic file (parameters, the command, the measured strength) and the policy aliases.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { POLICIES_DIR, resolveAlias } from '../../src/policy/aliases.js';
import { chaco, lines, tmp } from '../helpers/cli.js';
import { selectionContenders, tunedVerdict } from '../../src/cli/tune.js';

const SMALL = [
  'tune',
  'boqueron',
  '--side',
  'BOL',
  '--opponents',
  'balanced',
  '--candidates',
  '2',
  '--games',
  '2',
  '--final-games',
  '2',
  '--seed',
  't',
  '--workers',
  '0',
];
const TUNED = join(POLICIES_DIR, 'tuned');

/** Runs body and puts every shipped tuned file back as it was, whatever body did to them. */
function keepingShippedFiles(body: (before: Map<string, string>) => void): void {
  const before = new Map(readdirSync(TUNED).map((f) => [f, readFileSync(join(TUNED, f), 'utf8')]));
  try {
    body(before);
  } finally {
    for (const [f, text] of before) if (readFileSync(join(TUNED, f), 'utf8') !== text) writeFileSync(join(TUNED, f), text);
  }
}
const shippedNow = () => new Map(readdirSync(TUNED).map((f) => [f, readFileSync(join(TUNED, f), 'utf8')]));
const candidates = (work: string) => (existsSync(join(work, 'candidates')) ? readdirSync(join(work, 'candidates')) : []);

describe('chaco tune and the policy aliases', () => {
  test('tune writes a plan of parameters with the command that made it and its paired strength against balanced', () => {
    const dir = tmp(),
      file = join(dir, 'tuned.json');
    const r = chaco([
      'tune',
      'boqueron',
      '--side',
      'BOL',
      '--opponents',
      'balanced,historical',
      '--candidates',
      '3',
      '--games',
      '6',
      '--final-games',
      '8',
      '--seed',
      't',
      '--workers',
      '2',
      '--out',
      join(dir, 'work'),
      '--write',
      file,
    ]);
    expect(r.code, r.err).toBe(0);
    const tuned = JSON.parse(readFileSync(file, 'utf8'));
    expect(tuned).toMatchObject({ scenario: 'boqueron', side: 'BOL', phases: [] });
    expect(Object.keys(tuned.params)).toContain('aggression');
    expect(tuned.tuned.command).toBe(
      'chaco tune boqueron --side BOL --candidates 3 --games 6 --final-games 8 --seed t --opponents balanced,historical --blunder-weight 1',
    );
    expect(tuned.tuned.measured.rows.map((m: { opponent: string; games: number }) => `${m.opponent} ${m.games}`)).toEqual([
      'balanced 8',
      'historical 8',
    ]);
    for (const m of tuned.tuned.measured.rows) expect(m.diff).toBeCloseTo(m.tuned_win_rate - m.balanced_win_rate, 9);
    for (const m of tuned.tuned.measured.rows) expect(m.verdict).toBe(tunedVerdict(m.lo, m.hi));
    // The file holds the contender that scored best on the selection seeds.
    const { selection } = JSON.parse(readFileSync(join(dir, 'work', 'search.json'), 'utf8'));
    expect(selection.contenders[0].source).toBe('model');
    const top = Math.max(...selection.contenders.map((c: { fitness: number }) => c.fitness));
    expect(selection.contenders[selection.chosen].fitness).toBe(top);
    expect(tuned.params).toEqual(selection.contenders[selection.chosen].params);
    // Each row carries both players' blunder shares (docs/blunders.md) and their sum, the rate tune holds candidates to.
    expect(tuned.tuned.budget.blunderWeight).toBe(1);
    for (const m of tuned.tuned.measured.rows) {
      expect(Object.keys(m.tuned_blunders)).toContain('leader_lost_with_stack');
      expect(Object.keys(m.tuned_blunders)).not.toContain('attrition_steps');
      const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
      expect(m.tuned_blunder_rate).toBeCloseTo(sum(m.tuned_blunders), 12);
      expect(m.balanced_blunder_rate).toBeCloseTo(sum(m.balanced_blunders), 12);
    }
    // The file is a policy like any plan.
    const run = chaco([
      'run',
      'boqueron',
      '--bol',
      file,
      '--par',
      'balanced',
      '--games',
      '4',
      '--workers',
      '0',
      '--no-replays',
      '--out',
      join(dir, 'run'),
    ]);
    expect(run.code, run.err).toBe(0);
  });

  test('a candidate blundering more than balanced on the same seeds loses --blunder-weight times the excess from its fitness', () => {
    // The first candidate is proposed before any fitness is known, so both searches play the same one on the same seeds.
    const search = (weight: string) => {
      const work = join(tmp(), 'work');
      const r = chaco([...SMALL, '--games', '6', '--blunder-weight', weight, '--out', work, '--write', join(work, 'x.json')]);
      expect(r.code, r.err).toBe(0);
      return JSON.parse(readFileSync(join(work, 'search.json'), 'utf8'));
    };
    const plain = search('0'),
      held = search('40');
    expect(plain.baseline_blunder_rate).toEqual([]);
    const [base] = held.baseline_blunder_rate;
    expect(base.opponent).toBe('balanced');
    const [p] = plain.fitness,
      [h] = held.fitness;
    expect(h.params).toEqual(p.params);
    expect(h.blunder_rate).toBe(p.blunder_rate);
    expect(h.fitness).toBeCloseTo(p.fitness - 40 * Math.max(0, p.blunder_rate - base.balanced), 12);
  });

  test("the verdict on tuned against balanced is the paired interval's: above 0 stronger, below 0 weaker, else no different", () => {
    expect(tunedVerdict(0.01, 0.2)).toBe('stronger');
    expect(tunedVerdict(-0.21, -0.14)).toBe('weaker');
    expect(tunedVerdict(-0.01, 0.1)).toBe('no different');
    expect(tunedVerdict(0, 0)).toBe('no different');
  });

  test("the model's best meets the best observed candidates again: the model's first, then by fitness, distinct, top + 1 in all", () => {
    const observed = [
      { point: [0, 0], value: 0.58 }, // the start, balanced
      { point: [1, 0], value: 0.3 },
      { point: [0, 0], value: 0.5 }, // proposed again
      { point: [2, 1], value: 0.45 },
      { point: [1, 1], value: 0.45 },
    ];
    expect(selectionContenders([1, 0], observed, 2)).toEqual([
      { point: [1, 0], source: 'model' },
      { point: [0, 0], source: 'candidate 0' },
      { point: [2, 1], source: 'candidate 3' },
    ]);
    expect(selectionContenders([0, 0], observed, 5).map((c) => c.source)).toEqual(['model', 'candidate 3', 'candidate 4', 'candidate 1']);
  });

  test('--blunder-weight below 0 is refused before any game: exit 2, one line naming it', () => {
    const r = chaco([...SMALL, '--blunder-weight', '-1', '--out', join(tmp(), 'work')]);
    expect(r.code).toBe(2);
    expect(lines(r.err)).toEqual(['chaco: --blunder-weight -1: give a number of at least 0 (0 leaves blunders out of the fitness)']);
  });

  test('without --write the tuned file goes into the working folder, and the shipped tuned files stay as they are', () =>
    keepingShippedFiles((before) => {
      const work = join(tmp(), 'work');
      const r = chaco([...SMALL, '--out', work]);
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(readFileSync(join(work, 'boqueron-bol.json'), 'utf8'))).toMatchObject({ scenario: 'boqueron', side: 'BOL' });
      expect(r.out).toContain(`--bol ${join(work, 'boqueron-bol.json')}`);
      expect(shippedNow()).toEqual(before);
    }));

  test('a shipped file under policies/ is replaced only with --force; without it tune stops before any game, exit 2, one line', () => {
    // A copy of a shipped file under policies/tuned, so that tests playing the real one in parallel never read it half-replaced.
    const shipped = join(TUNED, `scratch-${process.pid}-boqueron-bol.json`);
    writeFileSync(shipped, readFileSync(join(TUNED, 'boqueron-bol.json'), 'utf8'));
    try {
      keepingShippedFiles((before) => {
        const work = join(tmp(), 'work');
        const r = chaco([...SMALL, '--out', work, '--write', shipped]);
        expect(r.code).toBe(2);
        expect(lines(r.err)).toHaveLength(1);
        expect(r.err).toMatch(/^chaco: --write .*boqueron-bol\.json: a file shipped with chaco .*add --force to replace it/);
        expect(candidates(work)).toEqual([]);
        expect(shippedNow()).toEqual(before);
        const forced = chaco([...SMALL, '--out', work, '--write', shipped, '--force']);
        expect(forced.code, forced.err).toBe(0);
        expect(JSON.parse(readFileSync(shipped, 'utf8')).tuned.command).toContain('--candidates 2');
      });
    } finally {
      rmSync(shipped, { force: true });
    }
  });

  test('a --write that cannot be written is refused before any game: exit 2, one line naming it', () => {
    const dir = tmp(),
      work = join(dir, 'work'),
      file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder\n');
    for (const [target, why] of [
      [join(file, 'tuned.json'), /a part of the path is a file, not a folder \(ENOTDIR/],
      [dir, /is a folder; give a file name/],
      ['', /the name is empty; give a file/],
    ] as const) {
      const r = chaco([...SMALL, '--out', work, '--write', target]);
      expect(r.code, target).toBe(2);
      expect(lines(r.err), target).toHaveLength(1);
      expect(r.err).toMatch(/^chaco: --write /);
      expect(r.err).toMatch(why);
      expect(candidates(work), target).toEqual([]);
    }
  });

  test("historical and tuned stand for the scenario's files; a missing one is null, restrictions carry over", () => {
    expect(resolveAlias('historical', 'boqueron', 'par')).toMatch(/policies\/boqueron-par-historical\.json$/);
    expect(resolveAlias('historical+noAir', 'boqueron', 'bol')).toMatch(/policies\/boqueron-bol-historical\.json\+noAir$/);
    expect(resolveAlias('tuned', 'nosuch', 'par')).toBeNull();
    expect(resolveAlias('balanced', 'boqueron', 'par')).toBe('balanced');
    const r = chaco([
      'run',
      'boqueron',
      '--par',
      'historical',
      '--bol',
      'balanced',
      '--games',
      '2',
      '--workers',
      '0',
      '--no-replays',
      '--out',
      tmp(),
    ]);
    expect(r.code, r.err).toBe(0);
  });
});
