// The blunder audit's bar (scripts/audit.mjs, docs/blunders.md#the-bar): works left empty (17, 12.13) and hopeless
// call-ups (9.5) miss it in a single game; GHQs lost (10.3, 8.5), leaders lost with their stacks (15, I-35), bases
// left open (16.2) and hopeless attacks (12.4) at 5% of games; a player's blunder rate above balanced's is named, with
// the kinds worse beyond both intervals.
import { describe, expect, test } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  AUDIT_BARS,
  auditCsv,
  auditMarkdown,
  cellRate,
  clears,
  rateChecks,
  type AuditCell,
  type BlunderRow,
} from '../../src/cli/audit-table.js';
import { BLUNDERS } from '../../src/sim/blunders.js';

const KINDS = ['empty_works', 'hopeless_call_up', 'ghq_overrun', 'attrition_steps', 'leader_lost_with_stack', 'open_base'];

/** A cell of 200 games whose `shares` (kind → share of games, each side the same) are given; every other kind 0. */
function cell(player: string, shares: Record<string, number>, halfWidth = 0.02): AuditCell {
  const rows: BlunderRow[] = [];
  for (const side of ['PAR', 'BOL'])
    for (const blunder of KINDS) {
      const share = shares[blunder] ?? 0;
      rows.push({
        side,
        blunder,
        games: String(Math.round(share * 200)),
        share_of_games: String(share),
        share_of_games_lo: String(Math.max(0, share - halfWidth)),
        share_of_games_hi: String(share + halfWidth),
      });
    }
  return { scenario: 'boqueron', player, games: 200, rows };
}

describe('the bar of each kind', () => {
  test('every kind held to a bar is one the audit of every run counts (docs/blunders.md)', () => {
    const ids = BLUNDERS.map((b) => b.id);
    expect(Object.keys(AUDIT_BARS).filter((k) => !ids.includes(k))).toEqual([]);
    expect(Object.keys(AUDIT_BARS)).toHaveLength(7);
  });

  test('17, 9.5: works left empty and hopeless call-ups miss it in one game of 200', () => {
    expect(clears('empty_works', 0, 0)).toBe(true);
    expect(clears('empty_works', 1, 0.005)).toBe(false);
    expect(clears('hopeless_call_up', 1, 0.005)).toBe(false);
  });

  test('15, 10.3, 16.2: leaders lost, GHQs overrun and open bases clear it under 5% of games, not at 5%', () => {
    expect(clears('leader_lost_with_stack', 9, 0.045)).toBe(true);
    expect(clears('leader_lost_with_stack', 10, 0.05)).toBe(false);
    expect(clears('ghq_overrun', 12, 0.06)).toBe(false);
    expect(clears('open_base', 4, 0.02)).toBe(true);
  });

  test('8.12: attrition has no bar and counts in no rate', () => {
    expect(clears('attrition_steps', 200, 1)).toBe(true);
    expect(cellRate(cell('balanced', { attrition_steps: 1 }), 'PAR')).toBe(0);
    expect(cellRate(cell('balanced', { attrition_steps: 1, open_base: 0.02, leader_lost_with_stack: 0.03 }), 'BOL')).toBeCloseTo(0.05);
  });
});

describe('the table', () => {
  const cells = [
    cell('balanced', { leader_lost_with_stack: 0.1, attrition_steps: 1 }),
    cell('tuned', { leader_lost_with_stack: 0.02, open_base: 0.01 }),
    cell('search', { leader_lost_with_stack: 0.04, open_base: 0.09, empty_works: 0.005 }, 0.01),
  ];

  test('audit.csv: a row per cell, side and barred kind, attrition left out, each with its bar and verdict', () => {
    const rows = parse(auditCsv(cells), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3 * 2 * 5);
    expect(rows.some((r) => r.blunder === 'attrition_steps')).toBe(false);
    const miss = rows.filter((r) => r.clears === 'no').map((r) => `${r.player} ${r.side} ${r.blunder}`);
    expect(miss).toEqual([
      'balanced PAR leader_lost_with_stack',
      'balanced BOL leader_lost_with_stack',
      'search PAR empty_works',
      'search PAR open_base',
      'search BOL empty_works',
      'search BOL open_base',
    ]);
  });

  test('a rate above balanced is named, with the kinds beyond both intervals (open bases), not the ones within them', () => {
    const search = rateChecks(cells).find((r) => r.player === 'search' && r.side === 'PAR')!;
    expect(search.rate).toBeCloseTo(0.135);
    expect(search.balanced).toBeCloseTo(0.1);
    expect(search.noWorse).toBe(false);
    expect(search.worseKinds).toEqual(['open_base']);
    const tuned = rateChecks(cells).find((r) => r.player === 'tuned' && r.side === 'BOL')!;
    expect(tuned.noWorse).toBe(true);
    expect(rateChecks(cells).find((r) => r.player === 'balanced')!.noWorse).toBeNull();
  });

  test('audit.md bolds what misses the bar and lists it; a clean audit says every cell clears it', () => {
    const md = auditMarkdown(cells);
    expect(md).toContain('**leader_lost_with_stack 10%**');
    expect(md).toContain('leader_lost_with_stack 2%');
    expect(md).toContain("- boqueron, search, PAR: rate 0.135 above balanced's 0.100 (worse beyond the intervals in open_base)");
    expect(auditMarkdown([cell('balanced', { leader_lost_with_stack: 0.02 })])).toContain('Every cell clears the bar.');
    const oneFile = { ...cell('tuned', {}), note: 'Paraguay balanced, Bolivia tuned' };
    expect(auditMarkdown([oneFile])).toContain('| boqueron | tuned (Paraguay balanced, Bolivia tuned) | 200 |');
  });
});
