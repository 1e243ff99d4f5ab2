// One row of games.csv per game: the columns every report, replay and comparison reads.
import type { GameResult } from '../core/play.js';

export const GAME_COLUMNS = [
  'game',
  'seed',
  'winner',
  'vp_par',
  'vp_bol',
  'margin',
  'level',
  'end',
  'end_turn',
  'truce_turns',
  'rain_turns',
  'steps_lost_par',
  'steps_lost_bol',
  'eliminated_par',
  'eliminated_bol',
  'captured_par',
  'captured_bol',
  'ghq_moves_par',
  'ghq_moves_bol',
  'supply_moves_par',
  'supply_moves_bol',
] as const;

export type GameRow = { readonly [K in (typeof GAME_COLUMNS)[number]]: string | number };

/** The games.csv row of game `index` (its seed is in the result). */
export function gameRow(index: number, r: GameResult): GameRow {
  return {
    game: index,
    seed: r.seed,
    winner: r.winner,
    vp_par: r.vpPar,
    vp_bol: r.vpBol,
    margin: r.margin,
    level: r.level,
    end: r.end,
    end_turn: r.endTurn,
    truce_turns: r.truceTurns,
    rain_turns: r.rainTurns,
    steps_lost_par: r.stepsLost[0],
    steps_lost_bol: r.stepsLost[1],
    eliminated_par: r.eliminated[0],
    eliminated_bol: r.eliminated[1],
    captured_par: r.captured[0],
    captured_bol: r.captured[1],
    ghq_moves_par: r.ghqMoves[0],
    ghq_moves_bol: r.ghqMoves[1],
    supply_moves_par: r.supplyMoves[0],
    supply_moves_bol: r.supplyMoves[1],
  };
}
