// Replays one game of a run and writes it out for a writer: narrative.md, events.json (the records),
// log.txt (a line of English per record), result.json (the game's games.csv row), an SVG of the
// position at the end of every player turn (plus the set-up) and viewer.html (the game in a browser).
// sim/logged-games.ts plays game i of the run seeded as `chaco run` seeds it (I-41), so the replay is
// that very game; this file only formats what the recorders saw.
import { makeFolder } from './make-folder.js';
import { writeFileAtomic } from './write-file.js';
import { join } from 'node:path';
import { allObservers, type GameObserver } from '../core/events.js';
import type { GameResult } from '../core/play.js';
import { effectiveTurns, type RulesOptions } from '../core/options.js';
import type { Scenario } from '../core/scenario.js';
import { BOL, PAR, type Side } from '../core/side.js';
import { monthName } from '../data/schema-common.js';
import { DEFAULT_DATA_DIR } from '../data/load.js';
import { replayRunGame } from '../sim/logged-games.js';
import { gameRow, type GameRow } from '../sim/game-row.js';
import { replayCommand } from '../sim/command-line.js';
import { NO_HANDICAP, type Handicap } from '../sim/handicap.js';
import type { RunSpec } from '../sim/spec.js';
import { narrate } from './narrative.js';
import { gameRecorder, type RecordedGame } from './replay-record.js';
import { renderPositionSvg } from './replay-svg.js';
import { textLog } from './text-log.js';
import { viewerHtml } from './viewer-html.js';
import { stepRecorder } from './viewer-steps.js';

export interface ReplayOptions {
  /** Scenario id (or a scenario file). */
  readonly scenario: string;
  /** The run seed (chaco run --seed). */
  readonly seed: string;
  /** The game's index in the run: games.csv `game`, from 0. */
  readonly game: number;
  readonly par: string;
  readonly bol: string;
  /** Rules options as key=value (chaco run --option). */
  readonly options: readonly string[];
  /** VP added to each side's starting VP, as the run played it. */
  readonly handicap?: Handicap;
  /** Folder with the map, counters, tables and scenarios (default: the package's scenarios/). */
  readonly dataDir?: string;
  /** Folder to write into (created if needed). */
  readonly out: string;
  /** SVG pixels per hex row (default 36). */
  readonly scale?: number;
}

export interface ReplayMap {
  /** 1-based turn, as in the file name and the narrative. */
  readonly turn: number;
  readonly side: 'PAR' | 'BOL';
  readonly file: string;
}

export interface ReplaySummary {
  readonly dir: string;
  readonly narrative: string;
  readonly events: string;
  readonly log: string;
  readonly result: string;
  /** viewer.html: the game stepped through in a browser, offline. */
  readonly viewer: string;
  /** The set-up position, when the replay could take it. */
  readonly setupMap: string | null;
  /** One per player turn played, in order: turn-NN-PAR.svg, turn-NN-BOL.svg. */
  readonly maps: readonly ReplayMap[];
  /** What result.json holds: the game's games.csv row. */
  readonly row: GameRow;
  readonly gameSeed: string;
}

const SIDE_CODE = ['PAR', 'BOL'] as const;
const SIDE_NAME = ['Paraguay', 'Bolivia'] as const;
const SIDE_ADJ = ['Paraguayan', 'Bolivian'] as const;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The file of the position at the end of a player turn (0-based turn). */
export function mapFileName(turn: number, side: Side): string {
  return `turn-${pad(turn + 1)}-${SIDE_CODE[side]}.svg`;
}

function endBanner(result: GameResult): string {
  const how =
    result.end === 'sudden_death'
      ? 'by sudden death'
      : result.end === 'settlement'
        ? 'by a negotiated settlement'
        : 'at the end of the scenario';
  const winner = SIDE_NAME[result.winner === 'PAR' ? PAR : BOL];
  return `Game over: ${winner} wins ${how}, ${result.level === 'tie' ? 'on a coin flip after equal VP' : `a ${result.level} victory`} (margin ${result.margin > 0 ? '+' : ''}${result.margin}).`;
}

/**
 * The units out of General Supply in a position taken after `at` events: those found so in their side's
 * last Supply Phase, less any that re-entered as reinforcements since (never traced, 9.4).
 */
export function outOfSupplyAt(recorded: RecordedGame, at: number): Set<number> {
  const out = new Set<number>();
  for (const side of [PAR, BOL] as const) {
    let i = at - 1;
    while (i >= 0 && !(recorded.events[i]!.type === 'supply' && (recorded.events[i] as { side: Side }).side === side)) i--;
    const supply = recorded.events[i];
    if (supply?.type !== 'supply') continue;
    const since = new Set<number>();
    for (let j = i + 1; j < at; j++) {
      const e = recorded.events[j]!;
      if (e.type === 'reinforcement') since.add(e.unit);
    }
    for (const u of supply.outOfSupply) if (!since.has(u)) out.add(u);
  }
  return out;
}

/** The run the replayed game belongs to. */
function replaySpec(opts: Omit<ReplayOptions, 'out'>): RunSpec {
  return {
    scenario: opts.scenario,
    dataDir: opts.dataDir ?? DEFAULT_DATA_DIR,
    options: opts.options,
    par: opts.par,
    bol: opts.bol,
    handicap: opts.handicap ?? NO_HANDICAP,
    seed: opts.seed,
    check: false,
  };
}

/** Replays the game in memory (sim plays it, with the recorder): the recorded game and what the files are made of, written by writeReplay. */
export function replayGame(
  opts: Omit<ReplayOptions, 'out'>,
  also?: GameObserver,
): { scenario: Scenario; options: RulesOptions; recorded: RecordedGame; gameSeed: string } {
  if (!Number.isInteger(opts.game) || opts.game < 0)
    throw new Error(`game ${opts.game}: give the game's index in the run, a whole number from 0`);
  const recorder = gameRecorder();
  const { scenario, options, gameSeed, result } = replayRunGame(
    replaySpec(opts),
    opts.game,
    also ? allObservers([recorder.observer, also])! : recorder.observer,
  );
  return { scenario, options, recorded: recorder.finish(result), gameSeed };
}

/** Replays game `game` of the run and writes narrative.md, events.json, log.txt, result.json and the maps into `out`. */
/** The replay of game `game` of the run `spec` describes, written into `out`. */
export function replayOptions(spec: RunSpec, game: number, out: string): ReplayOptions {
  const { scenario, seed, par, bol, options, handicap, dataDir } = spec;
  return { scenario, seed, game, par, bol, options, handicap, dataDir, out };
}

export function writeReplay(opts: ReplayOptions): ReplaySummary {
  const stepper = stepRecorder(opts.scale ?? 36);
  const { scenario, options, recorded, gameSeed } = replayGame(opts, stepper.observer);
  const { result } = recorded;
  const dir = opts.out;
  makeFolder(dir);
  const turns = effectiveTurns(scenario, options);

  const maps: ReplayMap[] = [];
  const mapByTurn = new Map<string, string>();
  recorded.snapshots.forEach((snap, i) => {
    const file = mapFileName(snap.turn, snap.side);
    const figures = result.turns[snap.turn];
    const weather = figures ? `${figures.rainy ? 'rainy season' : 'dry season'}${figures.truce ? ', truce' : ''}` : '';
    const last = i === recorded.snapshots.length - 1;
    const svg = renderPositionSvg(snap.state, {
      ...(opts.scale ? { scale: opts.scale } : {}),
      outOfSupply: outOfSupplyAt(recorded, snap.at),
      title: `Turn ${snap.turn + 1} of ${turns} · ${monthName(scenario.startMonth + snap.turn)} · end of the ${SIDE_ADJ[snap.side]} player turn`,
      subtitle: `${scenario.name} (${scenario.rule}) · game ${opts.game} of run seed ${opts.seed} · PAR ${opts.par} vs BOL ${opts.bol}${weather ? ` · ${weather}` : ''}`,
      ...(last ? { banner: endBanner(result) } : {}),
    });
    writeFileAtomic(join(dir, file), svg);
    maps.push({ turn: snap.turn + 1, side: SIDE_CODE[snap.side], file });
    mapByTurn.set(`${snap.turn}:${snap.side}`, file);
  });
  let setupMap: string | null = null;
  if (recorded.setup) {
    setupMap = 'setup.svg';
    writeFileAtomic(
      join(dir, setupMap),
      renderPositionSvg(recorded.setup, {
        ...(opts.scale ? { scale: opts.scale } : {}),
        outOfSupply: new Set(),
        title: `Set-up · ${monthName(scenario.startMonth)}`,
        subtitle: `${scenario.name} (${scenario.rule}) · game ${opts.game} of run seed ${opts.seed} · PAR ${opts.par} vs BOL ${opts.bol}`,
      }),
    );
  }

  const row = gameRow(opts.game, result);
  const narrative = narrate({
    scenario,
    options,
    runSeed: opts.seed,
    game: opts.game,
    par: opts.par,
    bol: opts.bol,
    handicap: opts.handicap ?? NO_HANDICAP,
    recorded,
    maps: mapByTurn,
    ...(setupMap ? { setupMap } : {}),
    command: replayCommand(replaySpec(opts), opts.game, opts.scale),
  });
  writeFileAtomic(join(dir, 'narrative.md'), narrative);
  // One record a line, as the engine emitted it (units, leaders and hexes by index; src/report/events.schema.json).
  writeFileAtomic(join(dir, 'events.json'), `[\n${recorded.events.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
  writeFileAtomic(join(dir, 'log.txt'), textLog(scenario, recorded));
  writeFileAtomic(join(dir, 'result.json'), `${JSON.stringify(row, null, 2)}\n`);
  const { steps, pieces, geo } = stepper.finish();
  writeFileAtomic(
    join(dir, 'viewer.html'),
    viewerHtml({
      scenario,
      recorded,
      steps,
      pieces,
      geo,
      turns,
      caption: `${scenario.name} · seed ${opts.seed} · game ${opts.game} · PAR ${opts.par} vs BOL ${opts.bol}`,
      file: `${scenario.id}-seed${opts.seed.replace(/[^\w.-]/g, '_')}-game${opts.game}`,
      result: endBanner(result),
    }),
  );
  return {
    dir,
    narrative: join(dir, 'narrative.md'),
    events: join(dir, 'events.json'),
    log: join(dir, 'log.txt'),
    result: join(dir, 'result.json'),
    viewer: join(dir, 'viewer.html'),
    setupMap: setupMap ? join(dir, setupMap) : null,
    maps,
    row,
    gameSeed,
  };
}
