// The blunder audit against a direct count: the games of a small run played again one by one with a
// recording observer, each kind counted from the whole record (events, snapshots of the map at every
// phase, the final state) by plain code of its own, and compared with the run's blunders.csv and with
// the aggregate of its shards merged; and the games a shard plays with the audit attached are the
// games played with no observer at all.
import { describe, expect, test } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { crtCell } from '../../src/core/combat.js';
import { modifiedCombatRoll } from '../../src/core/combat-odds.js';
import type { GameEvent, GameObserver } from '../../src/core/events.js';
import { effectiveTurns } from '../../src/core/options.js';
import { playGame } from '../../src/core/play.js';
import type { GameState } from '../../src/core/state.js';
import { createPolicy } from '../../src/policy/index.js';
import { mergeAggregates } from '../../src/sim/aggregate.js';
import { maxHexesPerPhase, MOVING_PHASES_PER_PLAYER_TURN } from '../../src/sim/blunder-reach.js';
import { BLUNDERS, type BlunderCounts } from '../../src/sim/blunders.js';
import { GAME_COLUMNS, gameRow } from '../../src/sim/game-row.js';
import { replayRunGame } from '../../src/sim/logged-games.js';
import { gameSeed, playChunk } from '../../src/sim/chaco-game.js';
import { prepareRun, type RunSpec } from '../../src/sim/spec.js';
import { chaco, read, tmp } from '../helpers/cli.js';
import { randomSpec } from '../helpers/spec.js';

/** Every event with the turn it came in, a copy of the per-hex unit counts at each phase and turn, and the state to read at the end. */
class Recorder implements GameObserver {
  state!: GameState;
  readonly events: GameEvent[] = [];
  readonly turnAt: number[] = [];
  readonly combatAt: (Uint8Array | null)[] = [];
  worksAtSetUp: Uint8Array | null = null;
  /** reduced_u of the unit at its attrition roll, by event index. */
  readonly reducedAtRoll = new Map<number, number>();
  /** [side]: the side's GHQ stood on the map when its Supply Phase began. */
  readonly ghqOnMapAtSupply = [false, false];
  /** By the index of a supply record: the side's GHQ was cut off in that Supply Phase. */
  readonly cutOffAt = new Map<number, boolean>();
  start(state: GameState) {
    this.state = state;
  }
  event(e: GameEvent) {
    const i = this.events.push(e) - 1;
    this.turnAt.push(this.state.turn);
    this.combatAt.push(e.type === 'phase' || e.type === 'turn' ? this.state.combat_hs.slice() : null);
    if (e.type === 'turn' && this.worksAtSetUp === null) this.worksAtSetUp = this.state.works_h.slice();
    if (e.type === 'roll' && e.kind === 'attrition') this.reducedAtRoll.set(i, this.state.reduced_u[e.unit]!);
    if (e.type === 'phase' && e.phase === 'supply') this.ghqOnMapAtSupply[e.side] = this.state.ghq_s[e.side]! >= 0;
    // 8.5: on the map when its Supply Phase began and with no LOC when it ends (taken off, or left there).
    if (e.type === 'supply') this.cutOffAt.set(i, this.ghqOnMapAtSupply[e.side]! && e.locLength < 0);
  }
}

const KIND = Object.fromEntries(BLUNDERS.map((b, k) => [b.id, k])) as Record<string, number>;

/** One game's occurrences, [kind][side], counted from its record. */
function directCount(r: Recorder): number[][] {
  const out = BLUNDERS.map(() => [0, 0]);
  const add = (id: string, side: number, n = 1) => {
    out[KIND[id]!]![side]! += n;
  };
  const { state, events } = r;
  const { map, counters, scenario } = state;
  const first = events.findIndex((e) => e.type === 'turn');
  const last = effectiveTurns(scenario, state.options) - 1;
  for (const side of [0, 1]) {
    const hexes = new Set(scenario.sides[side]!.deploy.flatMap((g) => g.hexes));
    for (const h of hexes) if (r.worksAtSetUp![h] !== 0 && r.combatAt[first]![h * 2 + side] === 0) add('empty_works', side);
  }
  const active = new Set<number>();
  const moved = new Set<number>();
  events.forEach((e, i) => {
    if (e.type === 'roll' && e.kind === 'callUp' && r.turnAt[i] === last) add('hopeless_call_up', e.side);
    if (e.type === 'vp' && e.cause === 'callUp' && e.total < 0) add('hopeless_call_up', e.side);
    if (e.type === 'ghqRemoved' && e.cause === 'overrun') add('ghq_overrun', e.side);
    if (e.type === 'supply' && r.cutOffAt.get(i)) add('ghq_cut_off', e.side);
    if (e.type === 'roll' && e.kind === 'attrition' && e.effect !== 'none') {
      add('attrition_steps', e.side, e.effect === 'step' || r.reducedAtRoll.get(i) === 1 ? 1 : counters.steps_u[e.unit]!);
    }
    if (e.type === 'phase' && e.phase === 'movement') moved.add(e.side);
    if (e.type === 'vp' && e.cause === 'leaderLostWithStack' && moved.has(e.side)) add('leader_lost_with_stack', e.side);
    if (e.type === 'vp' && e.cause === 'leaderDisplaced' && moved.has(1 - e.side)) add('leader_displaced', 1 - e.side);
    if (e.type === 'capture' && e.how === 'movement' && map.bigFour_h[e.hex] === 1) {
      const owner = 1 - e.side;
      let j = i - 1;
      while (
        j >= 0 &&
        !(
          events[j]!.type === 'phase' &&
          (events[j] as { side: number }).side === owner &&
          (events[j] as { phase: string }).phase === 'movement'
        )
      )
        j--;
      let k = j < 0 ? first : j + 1;
      while (j >= 0 && r.combatAt[k] === null) k++;
      if (r.combatAt[k]![e.hex * 2 + owner] === 0) add('open_base', owner);
    }
    if (e.type === 'combat' && !e.cancelled) {
      const drm = e.modifiers.reduce((s, m) => s + m.value, 0);
      expect(modifiedCombatRoll(e.roll, drm)).toBe(e.modified); // the modifiers listed are the ones applied
      const odds = { column: e.column, belowLowest: e.belowLowest, label: '' };
      if ([1, 2, 3, 4, 5, 6].every((roll) => crtCell(state, odds, modifiedCombatRoll(roll, drm))[1] === 0)) add('hopeless_attack', e.side);
    }
    if (e.type === 'loss' && e.cause === 'overstack') add('overstack_losses', e.side);
    if (e.type === 'move') for (const u of e.units) active.add(u);
    if (e.type === 'retreat' || e.type === 'advance') active.add(e.unit);
    if (e.type === 'combat') for (const u of e.attackers) active.add(u);
    if (e.type === 'build' && e.unit >= 0) active.add(e.unit);
    if (e.type === 'roll' && e.kind === 'well') active.add(e.unit);
  });
  state.loc_u.forEach((h, u) => {
    if (h >= 0 && !active.has(u) && map.settlement_h[h] === 0 && state.works_h[h] === 0) add('idle_units', counters.side_u[u]!);
  });
  return out;
}

/** The counts of games 0..games-1 of `spec`, each played again with a recorder. */
function countRun(spec: RunSpec, games: number): BlunderCounts {
  const counts: BlunderCounts = { games: BLUNDERS.map(() => [0, 0]), total: BLUNDERS.map(() => [0, 0]) };
  for (let i = 0; i < games; i++) {
    const r = new Recorder();
    replayRunGame(spec, i, r);
    // The reach bound of a call-up before the last turn covers the whole map here, so only the last turn's (and sudden death) count.
    expect(3 * MOVING_PHASES_PER_PLAYER_TURN * maxHexesPerPhase(r.state)).toBeGreaterThan(r.state.map.grid.columns + r.state.map.grid.rows);
    directCount(r).forEach((sides, k) =>
      sides.forEach((n, s) => {
        counts.total[k]![s]! += n;
        if (n > 0) counts.games[k]![s]!++;
      }),
    );
  }
  return counts;
}

/** blunders.csv as counts (its first seven columns hold no comma or quote; rule and description come later). */
function csvCounts(text: string): BlunderCounts {
  const [header, ...rows] = text
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  expect(header!.slice(0, 7)).toEqual(['side', 'blunder', 'games', 'share_of_games', 'share_of_games_lo', 'share_of_games_hi', 'total']);
  const counts: BlunderCounts = { games: BLUNDERS.map(() => [0, 0]), total: BLUNDERS.map(() => [0, 0]) };
  for (const [side, blunder, games, , , , total] of rows) {
    const k = KIND[blunder!]!,
      s = side === 'PAR' ? 0 : 1;
    counts.games[k]![s] = Number(games);
    counts.total[k]![s] = Number(total);
  }
  expect(rows.length).toBe(2 * BLUNDERS.length);
  return counts;
}

const spec = (scenario: string, seed: string): RunSpec => randomSpec(seed, { scenario });

describe('blunders.csv of a run equals a direct count over its games played again', () => {
  const runs = [
    ['boqueron', 'audit', 10],
    ['ballivian', 'audit', 8],
  ] as const;
  const seen = new Set<string>();
  for (const [scenario, seed, games] of runs) {
    test(`${scenario}: ${games} games of random against random, every kind and side`, async () => {
      const out = tmp();
      const r = chaco([
        'run',
        scenario,
        '--seed',
        seed,
        '--games',
        String(games),
        '--workers',
        '0',
        '--no-replays',
        '--quiet',
        '--out',
        out,
      ]);
      expect(r.code, r.err).toBe(0);
      const direct = countRun(spec(scenario, seed), games);
      expect(csvCounts(read(out, 'blunders.csv'))).toEqual(direct);
      // The shards of the same games, merged, hold the same counts.
      const parts = await Promise.all(
        [
          [0, 3],
          [3, games],
        ].map(([from, to]) => playChunk({ spec: spec(scenario, seed), from: from!, to: to! })),
      );
      expect(mergeAggregates(parts[0]!.aggregate, parts[1]!.aggregate).blunders).toEqual(direct);
      BLUNDERS.forEach((b, k) => {
        if (direct.total[k]![0]! + direct.total[k]![1]! > 0) seen.add(b.id);
      });
    });
  }
  test('the comparison is not empty: most kinds occur in these games', () => {
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['attrition_steps', 'empty_works', 'ghq_cut_off', 'idle_units', 'leader_lost_with_stack']),
    );
    expect(seen.size).toBeGreaterThanOrEqual(6);
  });
});

describe('the audit changes no game', () => {
  test("a shard's games.csv rows (audit attached) equal the same games played with no observer", async () => {
    for (const [scenario, par, bol] of [
      ['boqueron', 'balanced', 'balanced'],
      ['alihuata', 'random', 'aggressive'],
    ] as const) {
      const s: RunSpec = { ...spec(scenario, 'same'), par, bol };
      const chunk = await playChunk({ spec: s, from: 0, to: 4 });
      const { scenario: sc, options } = prepareRun(s);
      const rows = [0, 1, 2, 3].map((i) => {
        const seed = gameSeed(s.seed, i);
        return gameRow(i, playGame(sc, options, [createPolicy(par, `${seed}:PAR`, sc), createPolicy(bol, `${seed}:BOL`, sc)], seed));
      });
      expect(chunk.csv).toBe(stringify(rows, { columns: [...GAME_COLUMNS] }));
    }
  });
});
