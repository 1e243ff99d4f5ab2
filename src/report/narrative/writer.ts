// What every part of the narrative shares: its input, the vocabulary, the lines written so far, and the
// game's events as items (an event with what the replay recorded of the position it happened in).
import type { GameEvent } from '../../core/events.js';
import type { RulesOptions } from '../../core/options.js';
import type { Scenario } from '../../core/scenario.js';
import { Vocabulary, eventText } from '../event-text.js';
import type { EventContext, RecordedGame } from '../replay-record.js';
import type { Handicap } from '../../sim/handicap.js';

export interface NarrativeInput {
  readonly scenario: Scenario;
  readonly options: RulesOptions;
  /** The run seed and the game's index in the run (games.csv `game`). */
  readonly runSeed: string;
  readonly game: number;
  readonly par: string;
  readonly bol: string;
  /** Starting VP added to each side, [PAR, BOL]. */
  readonly handicap?: Handicap;
  readonly recorded: RecordedGame;
  /** The map file of each player turn, keyed `${turn}:${side}` (0-based turn). */
  readonly maps?: ReadonlyMap<string, string>;
  readonly setupMap?: string;
  /** The command that replays this game, shown in the heading. */
  readonly command?: string;
}

export interface Item {
  readonly e: GameEvent;
  readonly ctx: EventContext | undefined;
  readonly index: number;
}

/** The Markdown being written, line by line. */
export class Writer {
  readonly out: string[] = [];
  readonly n: Vocabulary;

  constructor(readonly input: NarrativeInput) {
    this.n = new Vocabulary(input.scenario);
  }

  line(text = ''): void {
    this.out.push(text);
  }

  /** A phase's heading: "*First combat*" between blank lines. */
  sub(title: string): void {
    this.line();
    this.line(`*${title}*`);
    this.line();
  }

  /** An item as one line of English (src/report/event-text.ts). */
  event(item: Item): string {
    return eventText(item.e, this.n, item.ctx);
  }

  /** Each item (or a line already written) as a bullet. */
  bullets(items: readonly (Item | string)[], indent = ''): void {
    for (const x of items) this.line(`${indent}- ${typeof x === 'string' ? x : this.event(x)}`);
  }
}
