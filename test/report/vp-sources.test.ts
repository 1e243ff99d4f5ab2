// vp-sources.csv, decided.csv, their charts and terminal lines from hand-built counts whose rows are
// known in advance; every chart validates against the Vega-Lite schema.
import { describe, expect, test } from 'vitest';
import { decidedChart, decidedLine, decidedTable } from '../../src/report/decided.js';
import { vpSourcesChart, vpSourcesLines, vpSourcesTable } from '../../src/report/vp-sources.js';
import { addDecided, emptyDecided } from '../../src/sim/decided.js';
import { emptyVpSources, VP_CAUSES } from '../../src/sim/vp-sources.js';
import { vegaLiteErrors } from '../helpers/vega-lite.js';

const k = (id: string) => VP_CAUSES.findIndex((c) => c.id === id);

/** Two games, 2 turns, 2 settlements: PAR starts 20+20, BOL 15+15; PAR takes Alpha by movement in turn 1 of both games (+12, +6); BOL calls up once in turn 2 (-5). */
function twoGames() {
  const v = emptyVpSources(2, 2);
  v.vp[0]![k('start')] = [40, 30];
  v.vp[0]![k('settlementByMovement')] = [18, 0];
  v.events[0]![k('settlementByMovement')] = [2, 0];
  v.gamesInTurn[0]![k('settlementByMovement')] = [2, 0];
  v.games[k('settlementByMovement')] = [2, 0];
  v.settlementVp[0]![0] = [18, 0];
  v.settlementEvents[0]![0] = [2, 0];
  v.settlementGames[0]![0] = [2, 0];
  v.vp[1]![k('callUp')] = [0, -5];
  v.events[1]![k('callUp')] = [0, 1];
  v.gamesInTurn[1]![k('callUp')] = [0, 1];
  v.games[k('callUp')] = [0, 1];
  return { games: 2, vpSources: v };
}
const labels = [
  { name: 'Alpha', hex: '2030' },
  { name: 'Beta', hex: '2131' },
];

describe('vp-sources.csv (16.2)', () => {
  const table = vpSourcesTable(twoGames(), labels);
  const rows = (by: string) => table.rows.filter((r) => r.by === by);

  test("a cause row per side and cause, whose vp_total add up to the side's VP over all games", () => {
    expect(rows('cause').length).toBe(2 * VP_CAUSES.length);
    const sum = (side: string) =>
      rows('cause')
        .filter((r) => r.side === side)
        .reduce((a, r) => a + Number(r.vp_total), 0);
    expect(sum('PAR')).toBe(40 + 18);
    expect(sum('BOL')).toBe(30 - 5);
    const move = rows('cause').find((r) => r.side === 'PAR' && r.cause === 'settlementByMovement')!;
    expect(move).toMatchObject({ vp_total: 18, vp_per_game: 9, events: 2, events_per_game: 1, games_share: 1 });
    expect(rows('cause').find((r) => r.side === 'PAR' && r.cause === 'start')).toMatchObject({
      vp_total: 40,
      vp_per_game: 20,
      events: '',
      games_share: '',
    });
  });

  test('settlement and turn rows only where some game had such an event', () => {
    expect(rows('settlement')).toEqual([
      expect.objectContaining({
        side: 'PAR',
        cause: 'settlementByMovement',
        settlement: 'Alpha',
        hex: '2030',
        vp_total: 18,
        vp_per_game: 9,
        games_share: 1,
      }),
    ]);
    expect(rows('turn').map((r) => [r.side, r.cause, r.turn, r.vp_total])).toEqual([
      ['PAR', 'settlementByMovement', 1, 18],
      ['BOL', 'callUp', 2, -5],
    ]);
  });

  test("the terminal lines give each side's mean final VP and its largest causes", () => {
    expect(vpSourcesLines(twoGames())).toEqual([
      'vp PAR      29.0 a game = start 20.0, settlements by movement +9.0',
      'vp BOL      12.5 a game = start 15.0, call-ups -2.5',
    ]);
  });

  test('the diverging bar validates against the Vega-Lite schema, with a bar part per side and cause that moved it', () => {
    const chart = vpSourcesChart(twoGames());
    expect(vegaLiteErrors(chart.spec)).toEqual([]);
    const bars = (chart.spec.layer as { data: { values: { side: string; vp: number }[] } }[])[0]!.data.values;
    expect(bars.map((b) => [b.side, b.vp])).toEqual([
      ['Paraguay', 20],
      ['Paraguay', 9],
      ['Bolivia', 15],
      ['Bolivia', -2.5],
    ]);
  });
});

describe('decided.csv', () => {
  const d = emptyDecided(3);
  addDecided(d, [{ vp: [10, 5] }, { vp: [12, 5] }], 0); // decided in 1, over after turn 2
  addDecided(d, [{ vp: [10, 5] }, { vp: [5, 12] }, { vp: [5, 14] }], 1); // decided in 2

  test('a row per turn with the leaders, their wins and the running share decided', () => {
    const t = decidedTable(d, 12 * 1932 + 8);
    expect(
      t.rows.map((r) => [
        r.turn,
        r.games,
        r.games_with_leader,
        r.leader_wins,
        r.leader_wins_share,
        r.decided_in_turn,
        r.share_decided_by_turn,
      ]),
    ).toEqual([
      [1, 2, 2, 1, 0.5, 1, 0.5],
      [2, 2, 2, 2, 1, 1, 1],
      [3, 2, 2, 2, 1, 0, 1],
    ]);
  });

  test('the terminal line names the first turn by which 90% of games were decided', () => {
    expect(decidedLine(d)).toBe(
      'decided     by turn 2 in 100% of games (from then on the side ahead on VP is the winner; median turn 1, mean 1.5); the leader after turn 1 wins 50%',
    );
    expect(decidedLine(emptyDecided(3))).toBeNull();
  });

  test('its chart validates against the Vega-Lite schema', () => {
    expect(vegaLiteErrors(decidedChart(d).spec)).toEqual([]);
  });
});
