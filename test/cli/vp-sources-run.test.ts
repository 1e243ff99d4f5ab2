// vp-sources.csv and decided.csv of a small real run: their sums agree with games.csv and with each
// other, they match a direct count over the games played again with an event log, and they are the
// same files whatever the number of workers. No figure of the simulation is written into the test.
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameEvent } from '../../src/core/events.js';
import { replayRunGame } from '../../src/sim/logged-games.js';
import { chaco, lines, read, tmp } from '../helpers/cli.js';
import { randomSpec } from '../helpers/spec.js';

type Csv = Record<string, string>[];

/** One CSV line's fields (quoted fields may hold commas and doubled quotes, never a line break here). */
function fields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      for (i++; i < line.length; i++) {
        if (line[i] === '"' && line[i + 1] === '"') {
          v += '"';
          i++;
        } else if (line[i] === '"') break;
        else v += line[i];
      }
      out.push(v);
      i += 2;
    } else {
      const j = line.indexOf(',', i);
      out.push(line.slice(i, j < 0 ? line.length : j));
      i = j < 0 ? line.length + 1 : j + 1;
    }
  }
  return out;
}

function csv(dir: string, file: string): Csv {
  const [header, ...rows] = read(dir, file).trim().split('\n').map(fields);
  return rows.map((r) => Object.fromEntries(header!.map((h, k) => [h, r[k] ?? ''])));
}
const sum = (rows: Csv, col: string) => rows.reduce((a, r) => a + Number(r[col]), 0);

const GAMES = 12;
const spec = randomSpec('vpsrc');

describe('VP sources and decision turns of a real run (boqueron, random against random)', () => {
  const out = tmp(),
    two = tmp();
  const run = (dir: string, workers: string) =>
    chaco([
      'run',
      'boqueron',
      '--games',
      String(GAMES),
      '--seed',
      spec.seed,
      '--workers',
      workers,
      '--no-replays',
      '--quiet',
      '--out',
      dir,
    ]);

  test("16.2 each side's causes add up to its VP in games.csv; settlements and turns add up to their causes", () => {
    const r = run(out, '0');
    expect(r.code, r.err).toBe(0);
    const games = csv(out, 'games.csv'),
      vp = csv(out, 'vp-sources.csv');
    expect(games.length).toBe(GAMES);
    for (const [side, col] of [
      ['PAR', 'vp_par'],
      ['BOL', 'vp_bol'],
    ] as const) {
      const causes = vp.filter((x) => x.by === 'cause' && x.side === side);
      expect(sum(causes, 'vp_total')).toBe(sum(games, col));
      expect(sum(causes, 'vp_per_game')).toBeCloseTo(sum(games, col) / GAMES, 1);
      for (const c of causes) {
        const turns = vp.filter((x) => x.by === 'turn' && x.side === side && x.cause === c.cause);
        if (c.cause !== 'start') {
          expect(sum(turns, 'vp_total'), `${side} ${c.cause} by turn`).toBe(Number(c.vp_total));
          expect(sum(turns, 'events'), `${side} ${c.cause} events by turn`).toBe(Number(c.events));
        }
        if (c.cause === 'settlementByMovement' || c.cause === 'settlementByAdvance') {
          const places = vp.filter((x) => x.by === 'settlement' && x.side === side && x.cause === c.cause);
          expect(sum(places, 'vp_total'), `${side} ${c.cause} by settlement`).toBe(Number(c.vp_total));
        }
      }
    }
    // games.csv's captures are the settlement vp events (16.2: a capture by movement or advance scores).
    const captures = (side: string) =>
      sum(
        vp.filter((x) => x.by === 'cause' && x.side === side && x.cause!.startsWith('settlementBy')),
        'events',
      );
    expect(captures('PAR')).toBeLessThanOrEqual(sum(games, 'captured_par'));
    expect(captures('BOL')).toBeLessThanOrEqual(sum(games, 'captured_bol'));
  });

  test('the cause totals are those of the games played again with their event log', () => {
    const direct = new Map<string, number>();
    for (let i = 0; i < GAMES; i++) {
      const events: GameEvent[] = [];
      const { result } = replayRunGame(spec, i, {
        event: (e) => {
          events.push(e);
        },
      });
      expect(result.seed).toBe(csv(out, 'games.csv')[i]!.seed);
      for (const e of events)
        if (e.type === 'vp')
          direct.set(
            `${e.side === 0 ? 'PAR' : 'BOL'} ${e.cause}`,
            (direct.get(`${e.side === 0 ? 'PAR' : 'BOL'} ${e.cause}`) ?? 0) + e.delta,
          );
    }
    const fromCsv = new Map(
      csv(out, 'vp-sources.csv')
        .filter((x) => x.by === 'cause' && x.cause !== 'start' && Number(x.events) > 0)
        .map((x) => [`${x.side} ${x.cause}`, Number(x.vp_total)]),
    );
    expect(fromCsv).toEqual(direct);
  });

  test('decided.csv: every game is decided once, by its last turn, and agrees with the games played again', () => {
    const games = csv(out, 'games.csv'),
      decided = csv(out, 'decided.csv');
    expect(sum(decided, 'decided_in_turn')).toBe(GAMES);
    expect(Number(decided.at(-1)!.share_decided_by_turn)).toBe(1);
    // At the last turn every game is over: the side ahead is the winner, and games level have no leader.
    const level = games.filter((g) => Number(g.margin) === 0).length;
    expect(Number(decided.at(-1)!.games_with_leader)).toBe(GAMES - level);
    expect(Number(decided.at(-1)!.leader_wins)).toBe(GAMES - level);
    // A direct count: the turn after the last one that ended without the winner strictly ahead.
    const turns = decided.length;
    const decidedIn = new Array<number>(turns).fill(0),
      withLeader = new Array<number>(turns).fill(0),
      leaderWins = new Array<number>(turns).fill(0);
    for (let i = 0; i < GAMES; i++) {
      const { result } = replayRunGame(spec, i, { event: () => {} });
      const w = result.winner === 'PAR' ? 0 : 1;
      const ahead = result.turns.map((f) => (f.vp[0] > f.vp[1] ? 0 : f.vp[1] > f.vp[0] ? 1 : -1));
      let last = -1;
      ahead.forEach((a, t) => {
        if (a !== w) last = t;
      });
      decidedIn[Math.min(ahead.length, last + 2) - 1]!++;
      for (let t = 0; t < turns; t++) {
        const a = ahead[Math.min(t, ahead.length - 1)]!;
        if (a >= 0) {
          withLeader[t]!++;
          if (a === w) leaderWins[t]!++;
        }
      }
    }
    expect(decided.map((d) => Number(d.decided_in_turn))).toEqual(decidedIn);
    expect(decided.map((d) => Number(d.games_with_leader))).toEqual(withLeader);
    expect(decided.map((d) => Number(d.leader_wins))).toEqual(leaderWins);
  });

  test('the files are the same whatever the number of workers', () => {
    const r = run(two, '2');
    expect(r.code, r.err).toBe(0);
    for (const f of ['games.csv', 'vp-sources.csv', 'decided.csv', 'vp-sources.vl.json', 'decided.vl.json'])
      expect(read(two, f), f).toBe(read(out, f));
  });
});

describe('a run folder written before the VP sources', () => {
  test('resuming it is refused in one line that says to play it again with --force (exit 2); --force does', () => {
    const out = tmp();
    const args = ['run', 'boqueron', '--games', '3', '--seed', 'old', '--workers', '0', '--no-replays', '--out', out];
    expect(chaco(args).code).toBe(0);
    const file = JSON.parse(read(out, 'aggregate.json')) as { aggregate: Record<string, unknown> };
    delete file.aggregate.vpSources; // as an older chaco wrote it
    delete file.aggregate.decided;
    writeFileSync(join(out, 'aggregate.json'), JSON.stringify(file));
    const resumed = chaco(args);
    expect(resumed.code).toBe(2);
    expect(lines(resumed.err)).toEqual([
      `chaco: ${out}: aggregate.json was written by an older chaco that did not count VP sources and decision turns; play the run again with --force`,
    ]);
    const forced = chaco([...args, '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(read(out, 'vp-sources.csv')).toMatch(/^by,side,cause,/);
  });
});
