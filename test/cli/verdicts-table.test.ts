// The verdicts study's decisions (scripts/verdicts.mjs): a reply joins the pool when its check's gain is beyond
// its interval, in wins or at the fair bid; it joins under a label of its own; verdicts.csv and the terminal's line
// say which checks ran and what they found.
import { describe, expect, test } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  beatenChecks,
  replyName,
  verdictLine,
  verdictsCsv,
  verdictsMarkdown,
  type CheckRow,
  type VerdictResult,
} from '../../src/cli/verdicts-table.js';

const check = (name: string, gain_lo: number, margin_gain_lo = -1): CheckRow => ({
  name,
  gain: gain_lo + 0.05,
  gain_lo,
  gain_hi: gain_lo + 0.1,
  margin_gain: margin_gain_lo + 2,
  margin_gain_lo,
  margin_gain_hi: margin_gain_lo + 4,
  reply_file: `out/${name}/best.json`,
});

const equilibrium = {
  value: '0.99',
  lo: '0.97',
  hi: '0.995',
  fair_bid: '-70.7',
  fair_bid_lo: '-73.6',
  fair_bid_hi: '-68',
  par_mix: 'cautious 1',
  bol_mix: 'historical 0.4; best 0.6',
  par_mix_at_bid: 'balanced 1',
  bol_mix_at_bid: 'best 1',
};

describe('the verdicts study', () => {
  test('a side is beaten when a check’s gain is wholly above zero, in wins or at the bid; a gain in VP alone does not beat it', () => {
    const checks = {
      PAR: check('round-0-par', 0),
      PAR_bid: check('round-0-par-bid', -0.02, 3),
      BOL: check('round-0-bol', -0.01, 5),
      BOL_bid: check('round-0-bol-bid', 0.03),
    };
    expect(beatenChecks(checks).map((c) => c.name)).toEqual(['round-0-bol-bid']);
    expect(beatenChecks({ PAR: check('round-1-par', 0.001) }).map((c) => c.name)).toEqual(['round-1-par']);
  });

  test('each check’s reply joins the pool under the side and the check: two replies of one side keep distinct labels', () => {
    expect(replyName('round-0-bol-bid')).toBe('bol-round-0-bid');
    expect(replyName('round-2-par')).toBe('par-round-2');
    expect(new Set(['round-0-bol', 'round-0-bol-bid', 'round-1-bol'].map(replyName)).size).toBe(3);
    expect(() => replyName('round-0')).toThrow("not a check's folder name");
  });

  test('verdicts.csv gives the equilibrium, both mixes at the bid and each check’s gains, empty where a check did not run', () => {
    const results: VerdictResult[] = [
      {
        scenario: 'campaign',
        round: 1,
        converged: true,
        study: 'out/campaign/round-1',
        equilibrium,
        checks: { PAR: check('round-1-par', -0.01), BOL: check('round-1-bol', -0.02, 1), BOL_bid: check('round-1-bol-bid', -0.03, 1) },
      },
    ];
    const [row] = parse(verdictsCsv(results), { columns: true }) as Record<string, string>[];
    expect(row!.rounds).toBe('2');
    expect(row!.converged).toBe('true');
    expect(row!.bol_mix).toBe('historical 0.4; best 0.6');
    expect(row!.bol_mix_at_bid).toBe('best 1');
    expect(row!.fair_bid).toBe('-70.7');
    expect([row!.par_bid_gain, row!.par_bid_gain_lo, row!.par_bid_gain_hi]).toEqual(['', '', '']);
    expect(Number(row!.bol_bid_gain_lo)).toBe(-0.03);
    expect(Number(row!.bol_bid_vp_gain_lo)).toBe(1);
    expect(Number(row!.bol_vp_gain_lo)).toBe(1);
    expect(row!.par_bid_vp_gain).toBe('');
    expect(Number(row!.par_gain_lo)).toBe(-0.01);
  });

  test('the line names a reply that gains VP only: the bid in doubt without the check at the bid, the bid holding with it', () => {
    const base = { scenario: 'boqueron', round: 0, converged: true, study: 'x', equilibrium };
    const withoutBid = verdictLine({ ...base, checks: { PAR: check('round-0-par', -0.1), BOL: check('round-0-bol', -0.1, 2) } });
    expect(withoutBid).toBe(
      "boqueron: Paraguay wins 99.0% (97.0%–99.5%) at equilibrium, fair bid Bolivia +70.7 VP; no side beaten by a reply (round 1); Bolivia's best reply gains 4 VP a game, not wins: the bid may be off (check it at the bid)",
    );
    const withBid = verdictLine({
      ...base,
      checks: { PAR: check('round-0-par', -0.1), BOL: check('round-0-bol', -0.1, 2), BOL_bid: check('round-0-bol-bid', -0.1, 1) },
    });
    expect(withBid).toContain("Bolivia's best reply at the bid gains 3 VP a game that do not turn games there");
    // At the bid with no VP gained, nothing is said of the gain at the equilibrium: the bid check answers for the bid.
    const heldAtBid = verdictLine({
      ...base,
      checks: { BOL: check('round-0-bol', -0.1, 2), BOL_bid: check('round-0-bol-bid', -0.1, -1) },
    });
    expect(heldAtBid).not.toContain('gains');
    expect(verdictLine({ ...base, converged: false, checks: {} })).toContain('a side still beaten when the rounds ran out (round 1)');
  });

  test('verdicts.md states each verdict with its interval, its bid in words, the rounds, convergence and the checks’ gains', () => {
    const base = { scenario: 'campaign', round: 1, converged: true, study: 'x', equilibrium };
    const md = verdictsMarkdown([
      { ...base, checks: { PAR: check('round-1-par', -0.021), BOL: check('round-1-bol', -0.1), BOL_bid: check('round-1-bol-bid', 0.01) } },
      {
        ...base,
        scenario: 'ballivian',
        converged: false,
        equilibrium: { ...equilibrium, value: '0.45', fair_bid: '4.9', fair_bid_lo: '-1', fair_bid_hi: '7.1' },
        checks: {},
      },
    ]).split('\n');
    expect(md[0]).toMatch(/^\| scenario \| Paraguay wins \(95%\) \| fair bid/);
    expect(md[2]).toBe(
      '| campaign | 99.0% (97.0%–99.5%) | Bolivia +70.7 (68–73.6) | cautious 1 / historical 0.4; best 0.6 | balanced 1 / best 1 | 2 | yes | ' +
        '+2.9 (-2.1 to +7.9); — | -5.0 (-10.0 to +0.0); +6.0 (+1.0 to +11.0) |',
    );
    // An interval across zero keeps the sign: VP to Paraguay.
    expect(md[3]).toContain('| 4.9 VP to Paraguay (-1 to 7.1) |');
    expect(md[3]).toContain('| no: a side still beaten |');
  });
});
