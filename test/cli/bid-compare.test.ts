import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chaco, lines, read, tmp } from '../helpers/cli.js';

/** chaco compare of Boquerón into `out`, `games` a variant, two workers, the variants given. */
const compareVariants = (out: string, games: number, ...variants: string[]) =>
  chaco(['compare', 'boqueron', '--games', String(games), '--workers', '2', '--out', out, ...variants.flatMap((v) => ['--variant', v])]);

describe('chaco bid', () => {
  test('gives both estimates with intervals, a chart and the grid it played', () => {
    const out = tmp();
    const r = chaco([
      'bid',
      'boqueron',
      '--games',
      '40',
      '--points',
      '3',
      '--step',
      '5',
      '--extend',
      '1',
      '--bootstrap',
      '200',
      '--workers',
      '2',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    // The published bid is the exact one; the quick estimate is a first guess; the verdict on the two is stated.
    expect(r.out).toMatch(/first guess +((Paraguay|Bolivia) \+[\d.]+ VP|no handicap)/);
    expect(r.out).toMatch(/fair bid +((Paraguay|Bolivia) \+[\d.]+ VP|no handicap|outside the grid)/);
    expect(r.out).toMatch(/the two (agree \(each lies inside|disagree \(one lies outside)/);
    const bid = JSON.parse(read(out, 'bid.json'));
    expect(bid).toMatchObject({
      status: 'complete',
      gamesPerBid: 40,
      quick: { bid: expect.any(Number), lo: expect.any(Number), hi: expect.any(Number) },
    });
    expect(bid.grid.length).toBeGreaterThanOrEqual(3);
    expect(bid.grid.map((g: { bid: number }) => g.bid)).toContain(0); // the scenario as printed is always in the table
    expect(lines(read(out, 'bid.csv'))[0]).toBe(
      'bid,vp_par,vp_bol,games,par_wins,par_win_rate,par_win_lo,par_win_hi,fitted_win_rate,quick_win_rate',
    );
    for (const f of ['bid.vl.json', 'bid.svg', 'index.html']) expect(existsSync(join(out, f))).toBe(true);
  });

  test('an answer that cannot be acted on says so and why, and its status is "unreliable" (issue 31)', () => {
    const out = tmp();
    const r = chaco([
      'bid',
      'boqueron',
      '--games',
      '20',
      '--points',
      '3',
      '--step',
      '1',
      '--extend',
      '0',
      '--bootstrap',
      '200',
      '--workers',
      '0',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const bid = JSON.parse(read(out, 'bid.json')) as {
      status: string;
      reliability: { reliable: boolean; reasons: string[] };
      reproduce: string;
    };
    expect(bid.status).toBe('unreliable');
    expect(bid.reliability.reliable).toBe(false);
    expect(bid.reliability.reasons.length).toBeGreaterThan(0);
    expect(r.out).toContain('  UNRELIABLE   this answer is not one to act on as it stands:\n');
    for (const reason of bid.reliability.reasons) expect(r.out).toContain(`    - ${reason}\n`);
    expect(read(out, 'index.html')).toContain('<b>This answer is unreliable</b>');
    expect(bid.reproduce).toContain('--extend 0');
  });
});

describe('chaco compare', () => {
  test('plays the same seeds under each variant; a variant that sets the default differs by nothing', () => {
    const out = tmp();
    const r = compareVariants(out, 30, 'same:mountedCavalry=false', 'easy:handicap=PAR+10');
    expect(r.out).toMatch(/same +PAR wins [\d.]+% \(\+0\.0%, 95% -[\d.]+% to \+[\d.]+%\), mean margin \+0\.00 VP/);
    expect(r.code).toBe(0);
    expect(read(out, 'games-same.csv')).toBe(read(out, 'games-base.csv'));
    const rows = lines(read(out, 'compare.csv'));
    expect(rows[0]).toMatch(/^variant,settings,games,par_win_rate,par_win_lo,par_win_hi,margin_mean,/);
    expect(rows[2]).toMatch(/^same,mountedCavalry=false,30,.*,30,0,[-\d.]+,[\d.]+,0,0,0,/);
    expect(rows[3]).toMatch(/^easy,handicap=PAR\+10,30,/);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  test("each variant carries both sides' blunder counts (docs/blunders.md): blunders.csv per variant, the summed rate in compare.csv", () => {
    const out = tmp();
    const r = compareVariants(out, 12, 'same:mountedCavalry=false', 'rnd:par=random');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/rnd +PAR wins .*; blunder rate PAR [\d.]+, BOL [\d.]+/);
    const blunders = lines(read(out, 'blunders.csv'));
    expect(blunders[0]).toMatch(/^variant,side,blunder,games,share_of_games,/);
    const of = (variant: string) => blunders.slice(1).filter((l) => l.startsWith(`${variant},`));
    // The same games give the same blunders; the rows differ by the variant's name alone.
    expect(of('same').map((l) => l.slice(5))).toEqual(of('base').map((l) => l.slice(5)));
    const header = lines(read(out, 'compare.csv'))[0]!.split(',');
    for (const row of lines(read(out, 'compare.csv')).slice(1)) {
      const cells = row.split(',');
      const variant = cells[0]!;
      for (const [side, column] of [
        ['PAR', 'par_blunder_rate'],
        ['BOL', 'bol_blunder_rate'],
      ] as const) {
        const rated = of(variant)
          .map((l) => l.split(','))
          .filter((c) => c[1] === side && c[2] !== 'attrition_steps' && c[2] !== 'overstack_losses');
        const sum = rated.reduce((a, c) => a + Number(c[4]), 0);
        expect(Number(cells[header.indexOf(column)]), `${variant} ${side}`).toBeCloseTo(sum, 3);
      }
    }
  });

  test('a variant that changes the settlements (unnamedSettlements, I-60) is compared with the baseline', () => {
    const out = tmp();
    const r = chaco([
      'compare',
      'villa-montes',
      '--games',
      '6',
      '--workers',
      '2',
      '--out',
      out,
      '--variant',
      'unnamed:unnamedSettlements=true',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(lines(read(out, 'compare.csv'))[2]).toMatch(/^unnamed,unnamedSettlements=true,6,/);
  });

  test('a bad variant is refused', () => {
    const r = chaco(['compare', 'boqueron', '--out', join(tmp(), 'x'), '--variant', 'v:handicap=10']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--variant v: handicap "10": write SIDE=VP \(or SIDE\+VP\) with SIDE PAR or BOL/);
  });
});
