// Telling games of a run, for articles: the closest, the biggest win for each side, the first sudden
// death and the first negotiated settlement. Picked from the shards in game order, so the choice is the
// same for any number of workers (ties: the earliest game).
import { parse } from 'csv-parse/sync';
import { END_TYPES } from './aggregate.js';
import { GAME_COLUMNS } from './game-row.js';
import type { ChunkResult } from './shard.js';

export interface TellingGame {
  readonly game: number;
  readonly why: string;
  readonly winner: 'PAR' | 'BOL';
  readonly margin: number;
  readonly end: string;
  readonly endTurn: number;
}

/** A games.csv row as text, by column. */
type GameRecord = { readonly [K in (typeof GAME_COLUMNS)[number]]: string };

const ORDER = [
  'the closest game',
  'the biggest Paraguayan win',
  'the biggest Bolivian win',
  'a sudden death (16.4)',
  'a negotiated settlement (16.1)',
];

export class TellingGames {
  private readonly best = new Map<string, { score: number; pick: TellingGame }>();

  /** Reads the games of a shard (shards come in game order). */
  add(c: Pick<ChunkResult<unknown>, 'from' | 'margin_g' | 'winner_g' | 'end_g' | 'endTurn_g'>): void {
    for (let k = 0; k < c.margin_g.length; k++) {
      const game = c.from + k,
        margin = c.margin_g[k]!,
        winner = c.winner_g[k] === 0 ? 'PAR' : 'BOL';
      const end = END_TYPES[c.end_g[k]!]!,
        endTurn = c.endTurn_g[k]!;
      const offer = (why: string, score: number) => {
        const b = this.best.get(why);
        if (!b || score > b.score) this.best.set(why, { score, pick: { game, why, winner, margin, end, endTurn } });
      };
      offer(ORDER[0]!, -Math.abs(margin));
      if (winner === 'PAR') offer(ORDER[1]!, margin);
      else offer(ORDER[2]!, -margin);
      if (end === 'sudden_death') offer(ORDER[3]!, -game);
      if (end === 'settlement') offer(ORDER[4]!, -game);
    }
  }

  /** Reads games.csv rows (no header), in game order: a resumed or merged run picks from the games it kept exactly as from their shards. */
  addRows(rows: readonly string[]): void {
    if (rows.length === 0) return;
    const records = parse(rows.join('\n'), { columns: [...GAME_COLUMNS] }) as GameRecord[];
    const n = records.length;
    const margin_g = new Int32Array(n),
      winner_g = new Uint8Array(n),
      end_g = new Uint8Array(n),
      endTurn_g = new Uint8Array(n);
    const from = Number(records[0]!.game);
    records.forEach((r, k) => {
      if (Number(r.game) !== from + k) throw new Error(`games.csv: row ${k + 1} is game ${r.game}, expected ${from + k} (games in order)`);
      margin_g[k] = Number(r.margin);
      winner_g[k] = r.winner === 'PAR' ? 0 : 1;
      end_g[k] = END_TYPES.indexOf(r.end as (typeof END_TYPES)[number]);
      endTurn_g[k] = Number(r.end_turn);
    });
    this.add({ from, margin_g, winner_g, end_g, endTurn_g });
  }

  /** One pick per reason, in a fixed order. */
  picks(): TellingGame[] {
    return ORDER.filter((why) => this.best.has(why)).map((why) => this.best.get(why)!.pick);
  }
}
