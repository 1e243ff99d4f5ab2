// `chaco best-response`: a tiny check against a tiny balance study (random and passive): the held mix and
// the reference read from its equilibrium, the best reply measured on fresh seeds as `chaco run` plays
// it, the same files with 2 workers or 1 worker cut short and resumed, and the refusals.
import { describe, expect, test } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBalanceEquilibrium } from '../../src/cli/balance-folder.js';
import { poolFor } from '../../src/cli/policy-pool.js';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

const csv = (text: string) => {
  const [head, ...rows] = lines(text);
  const cols = head!.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i]!, v])));
};

describe('chaco best-response', () => {
  test("holds the other side at the study's equilibrium mix; the best reply against the side's own mix, paired on fresh seeds; the same files with 2 workers and cut short with 1", () => {
    const balance = tmp();
    expect(
      chaco([
        'balance',
        'boqueron',
        '--pool',
        'random,passive',
        '--max-games',
        '6',
        '--batch',
        '6',
        '--restrictions',
        'none',
        '--replicates',
        '100',
        '--seed',
        'br',
        '--workers',
        '2',
        '--out',
        balance,
        '--quiet',
      ]).code,
    ).toBe(0);
    const eq = csv(read(balance, 'equilibrium.csv'))[0]!;
    const checkArgs = (out: string, workers: string) => [
      'best-response',
      'boqueron',
      '--side',
      'PAR',
      '--balance',
      balance,
      '--candidates',
      '3',
      '--games',
      '3',
      '--final-games',
      '4',
      '--seed',
      'br',
      '--workers',
      workers,
      '--out',
      out,
    ];
    const check = (out: string, workers: string) => chaco(checkArgs(out, workers));
    const whole = tmp();
    const r = check(whole, '2');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      /^Boquerón.*, Paraguay against Bolivia's equilibrium mix \(.+\): (no reply found in 3 evaluations gains more than|a reply found in 3 evaluations gains)/m,
    );
    const row = csv(read(whole, 'best-response.csv'))[0]!;
    expect(row.held).toBe(`equilibrium mix (${eq.bol_mix!.replace(/ 1$/, '')})`);
    expect(row.reference).toBe(`its equilibrium mix (${eq.par_mix!.replace(/ 1$/, '')})`);
    expect([row.evaluations, row.games, row.final_games, row.equilibrium_value]).toEqual(['3', '3', '4', eq.value]);
    expect(Number(row.gain)).toBeCloseTo(Number(row.reply_score) - Number(row.reference_score), 3);
    expect(Number(row.gain_lo)).toBeLessThanOrEqual(Number(row.gain));
    expect(csv(read(whole, 'candidates.csv')).map((c) => c.candidate)).toEqual(['c000', 'c001', 'c002']);

    // The best reply against the held policy, game for game the run of best.json on the final seeds.
    const held = eq.bol_mix!.split(' ')[0]!;
    const run = tmp();
    expect(
      chaco([
        'run',
        'boqueron',
        '--par',
        join(whole, 'best.json'),
        '--bol',
        held,
        '--games',
        '4',
        '--seed',
        'br:final',
        '--workers',
        '1',
        '--no-replays',
        '--out',
        run,
      ]).code,
    ).toBe(0);
    const margins = csv(read(run, 'games.csv')).map((g) => Number(g.margin));
    const kept = readFileSync(join(whole, 'cells', 'boqueron', 'final', `reply__${held}.txt`), 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(',')[0]));
    expect(kept).toEqual(margins);
    // A held mix of one policy: the reply's mean margin is that run's; the VP gain is reply minus reference.
    if (/ 1$/.test(eq.bol_mix!)) expect(Number(row.reply_margin)).toBeCloseTo(margins.reduce((a, b) => a + b, 0) / margins.length, 2);
    expect(Number(row.margin_gain)).toBeCloseTo(Number(row.reply_margin) - Number(row.reference_margin), 1);
    expect(Number(row.margin_gain_lo)).toBeLessThanOrEqual(Number(row.margin_gain));

    // One worker, cut short after the first candidate, resumed: the same files.
    const cut = tmp();
    expect(check(cut, '1').code).toBe(0);
    const stateFile = join(cut, 'best-response-state.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { games: Record<string, number>; blunders?: unknown };
    for (const k of Object.keys(state.games)) if (!k.includes('/c000__')) state.games[k] = 0;
    delete state.blunders;
    writeFileSync(stateFile, JSON.stringify(state));
    const resumed = check(cut, '1');
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toContain('resuming the best-response check');
    for (const f of ['best-response.csv', 'candidates.csv', 'best.json'])
      expect(read(cut, f).replaceAll(cut, 'OUT'), f).toBe(read(whole, f).replaceAll(whole, 'OUT'));

    // --at-bid: both sides at their mixes at the study's fair bid, every game won on its margin shifted by the bid.
    const atBid = tmp();
    const b = chaco([...checkArgs(atBid, '1'), '--at-bid']);
    expect(b.code, b.err).toBe(0);
    const rb = csv(read(atBid, 'best-response.csv'))[0]!;
    expect(Number(rb.bid)).toBe(Number(eq.fair_bid));
    expect(rb.equilibrium_value).toBe('');
    expect(rb.held).toBe(`equilibrium mix at the fair bid (${eq.bol_mix_at_bid!.replace(/ 1$/, '')})`);
    expect(rb.reference).toBe(`its equilibrium mix at the fair bid (${eq.par_mix_at_bid!.replace(/ 1$/, '')})`);
    if (/ 1$/.test(eq.par_mix_at_bid!) && / 1$/.test(eq.bol_mix_at_bid!)) {
      const [ref, hold] = [eq.par_mix_at_bid!, eq.bol_mix_at_bid!].map((m) => m.split(' ')[0]!);
      const shifted = readFileSync(join(atBid, 'cells', 'boqueron', 'final', `ref-${ref}__${hold}.txt`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => Number(l.split(',')[0]) + Number(rb.bid));
      const score = shifted.reduce((a, m) => a + (m > 0 ? 1 : m === 0 ? 0.5 : 0), 0) / shifted.length;
      expect(Number(rb.reference_score)).toBeCloseTo(score, 3);
    }
  });

  test('--balance and --hold together are refused in one line; so is a folder that holds no balance study', () => {
    const both = chaco(['best-response', 'boqueron', '--side', 'BOL', '--balance', tmp(), '--hold', 'random', '--out', tmp()]);
    expect(both.code).toBe(2);
    expect(lines(both.err)).toHaveLength(1);
    expect(both.err).toContain('give --balance <folder>');
    const none = chaco(['best-response', 'boqueron', '--side', 'BOL', '--balance', tmp(), '--out', tmp()]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('no balance.json and equilibrium.csv there');
    const hold = chaco(['best-response', 'boqueron', '--side', 'BOL', '--hold', 'random', '--at-bid', '--out', tmp()]);
    expect(hold.code).toBe(2);
    expect(hold.err).toContain('--at-bid needs --balance <folder>');
  });

  test("a mix names its policies by label: a Paraguayan and a Bolivian plan file of one name each resolve to their own side's file; two of one name for one side are refused", () => {
    const dir = tmp();
    const file = (side: string, folder: string) => {
      mkdirSync(join(dir, folder), { recursive: true });
      const to = join(dir, folder, 'reply.json');
      copyFileSync(`policies/boqueron-${side}-historical.json`, to);
      return to;
    };
    const par = file('par', 'a'),
      bol = file('bol', 'b');
    const pool = ['balanced', bol, par];
    writeFileSync(
      join(dir, 'balance.json'),
      JSON.stringify({ command: 'balance', status: 'complete', identity: { scenarios: ['boqueron'], pool, options: [] } }),
    );
    writeFileSync(
      join(dir, 'equilibrium.csv'),
      'scenario,value,lo,hi,par_mix,bol_mix\nboqueron,0.5,0.4,0.6,reply 0.75;balanced 0.25,reply 1\n',
    );
    const eq = readBalanceEquilibrium(dir, 'boqueron', 'boqueron');
    // Bolivia's file comes first in the pool; Paraguay's mix still plays Paraguay's file.
    expect(eq.mixes.PAR).toEqual([
      { label: 'reply', par, bol: null, weight: 0.75 },
      { label: 'balanced', par: 'balanced', bol: 'balanced', weight: 0.25 },
    ]);
    expect(eq.mixes.BOL).toEqual([{ label: 'reply', par: null, bol, weight: 1 }]);
    const again = file('par', 'c');
    expect(() => poolFor([par, again], 'boqueron')).toThrow(
      `--pool: ${par} and ${again} are both named reply and both play Paraguay; give the files distinct names`,
    );
  });
});
