// What every column of every CSV file chaco writes means: the one table docs/columns.md is generated
// from (npm run columns), and that test/report/columns.test.ts holds against the headers the commands
// really write, so a column without a description fails the tests. The run and compare files are here,
// the study commands' in columns-studies.ts.
import { COMMON, type CsvFile } from './columns-common.js';
import { STUDY_CSV_FILES } from './columns-studies.js';

/** summary.csv: a row per side (PAR, BOL) and a row "all"; every share is of all games of the run. */
const SIDE_STATS = {
  side: 'PAR (Paraguay) or BOL (Bolivia): the games that side won; all: every game, whoever won',
  games: 'all games of the run (the same in every row)',
  wins: 'games this side won (all: every game)',
  win_rate: 'wins / games (empty in the all row)',
  win_rate_lo: 'Wilson 95% interval of win_rate, lower end (empty in the all row)',
  win_rate_hi: 'Wilson 95% interval of win_rate, upper end (empty in the all row)',
  level_decisive:
    "share of all games that this side won decisively, by 50+ VP (16.3 victory levels); all: share of all games won decisively. A side's level_* add up to its win_rate, the all row's to 1",
  level_substantive: 'share of all games that this side won substantively, by 20-49 VP (16.3); all: share of all games won so',
  level_marginal: 'share of all games that this side won marginally, by 1-19 VP (16.3); all: share of all games won so',
  level_tie:
    'share of all games that ended on equal VP and this side won on the coin flip (16.3); all: share of all games ending on equal VP',
  end_scenario_end:
    "share of all games that this side won at the scenario's end (16.3); all: share of all games ended so. A side's end_* add up to its win_rate, the all row's to 1",
  end_sudden_death:
    "share of all games that this side won by sudden death, the enemy's VP below 0 (16.4); all: share of all games ended so",
  end_settlement:
    'share of all games that this side won by a negotiated settlement, a 50-VP lead at the end of a truce turn (16.1); all: share of all games ended so',
  margin_mean: "mean over all games of this side's VP minus the enemy's at the end; all: of PAR VP - BOL VP",
  margin_sd: 'standard deviation of that margin',
  margin_q05: '5th percentile of that margin',
  margin_q25: '25th percentile of that margin',
  margin_median: 'median of that margin',
  margin_q75: '75th percentile of that margin',
  margin_q95: '95th percentile of that margin',
  end_turn_mean: 'mean turn on which the games this side won ended; all: over all games',
};

const GAMES = {
  game: 'game index in the run (seeds derive from the run seed and this index)',
  seed: "the game's seed (replay it with chaco replay)",
  winner: 'PAR or BOL: the side with more VP, or on equal VP the winner of the coin flip (16.3; level is then tie)',
  vp_par: "Paraguay's VP at the end",
  vp_bol: "Bolivia's VP at the end",
  margin: 'vp_par - vp_bol',
  level: 'victory level (16.3): decisive (margin 50+), substantive (20-49), marginal (1-19) or tie (equal VP)',
  end: 'how the game ended: scenario_end (16.3), sudden_death (16.4) or settlement (16.1)',
  end_turn: 'turn on which it ended',
  truce_turns: 'turns spent in truce (6.1)',
  rain_turns: 'rainy-season turns played',
  steps_lost_par: 'steps Paraguay lost',
  steps_lost_bol: 'steps Bolivia lost',
  eliminated_par: 'Paraguayan units eliminated',
  eliminated_bol: 'Bolivian units eliminated',
  captured_par: 'settlements Paraguay captured',
  captured_bol: 'settlements Bolivia captured',
  ghq_moves_par: "moves of Paraguay's GHQ (8.5), counted by the Movement Phase",
  ghq_moves_bol: "moves of Bolivia's GHQ (8.5)",
  supply_moves_par: 'Paraguayan move orders that moved CSP or drove a truck (8.15, 10.11), one per order',
  supply_moves_bol: 'the same for Bolivia',
};

export const CSV_FILES: readonly CsvFile[] = [
  { file: 'games.csv', by: 'run (and compare as games-<variant>.csv)', columns: GAMES },
  {
    file: 'summary.csv',
    by: 'run; compare adds a first column variant',
    columns: { variant: 'compare: the variant (base is the common settings)', ...SIDE_STATS },
  },
  {
    file: 'turns.csv',
    by: 'run',
    columns: {
      turn: "game turn (1 = the scenario's first month)",
      month: 'the month of that turn',
      games_playing: 'games still being played at the start of the turn',
      ended_scenario_end: 'games that ended this turn by the last turn',
      ended_sudden_death: 'games that ended this turn by sudden death',
      ended_settlement: 'games that ended this turn by settlement',
      rainy_share: 'share of the games playing that had the rainy season this turn',
      truce_share: 'share of the games playing in truce this turn',
      ...Object.fromEntries(
        ['vp_par', 'vp_bol', 'margin'].flatMap((k) =>
          [
            ['mean', 'mean'],
            ['sd', 'standard deviation'],
            ['q05', '5th percentile'],
            ['q25', '25th percentile'],
            ['median', 'median'],
            ['q75', '75th percentile'],
            ['q95', '95th percentile'],
          ].map(([s, w]) => [
            `${k}_${s}`,
            `${w} of ${k === 'margin' ? 'the margin (PAR VP - BOL VP)' : `${k === 'vp_par' ? 'Paraguay' : 'Bolivia'}'s VP`} at the end of the turn, over the games playing`,
          ]),
        ),
      ),
      par_leads_share: 'share of the games playing in which Paraguay leads on VP at the end of the turn',
      steps_lost_par_mean: 'mean steps Paraguay has lost so far',
      steps_lost_bol_mean: 'mean steps Bolivia has lost so far',
      eliminated_par_mean: 'mean Paraguayan units eliminated so far',
      eliminated_bol_mean: 'mean Bolivian units eliminated so far',
      settlements_par_mean: 'mean settlements Paraguay holds',
      settlements_bol_mean: 'mean settlements Bolivia holds',
    },
  },
  {
    file: 'settlements.csv',
    by: 'run',
    columns: {
      settlement: 'settlement name (only those the rules name, unless unnamedSettlements)',
      hex: 'its hex (XXYY)',
      big_four: 'true for the four of 16.2 (more VP)',
      held_at_start: 'who controls it at set-up',
      changes_per_game: 'mean changes of control a game',
      captures_par_per_game: 'mean Paraguayan captures a game',
      captures_bol_per_game: 'mean Bolivian captures a game',
      changed_share: 'share of games in which it changed hands at least once',
      held_par_end_share: 'share of games ending with Paraguay holding it',
      held_bol_end_share: 'share of games ending with Bolivia holding it',
    },
  },
  {
    file: 'blunders.csv',
    by: 'run (and merge); compare, a block of rows per variant with a variant column first',
    columns: {
      variant: 'compare only: the variant whose games the row counts',
      side: 'the side that made the blunder: PAR or BOL',
      blunder: 'its kind (docs/blunders.md defines each and says how it is found)',
      games: 'games in which the side made it at least once',
      share_of_games: 'games / all games of the run',
      share_of_games_lo: 'Wilson 95% interval of share_of_games, lower end',
      share_of_games_hi: 'Wilson 95% interval of share_of_games, upper end',
      total: 'occurrences over all games, in the unit the column counts names',
      mean_per_game: 'total / all games of the run',
      counts: 'what one occurrence is: hexes, call-ups, removals, Supply Phases, steps, leaders, captures, attacks or units',
      rule: 'the rule sections the blunder goes against',
      description: 'the kind in one sentence',
    },
  },
  {
    file: 'vp-sources.csv',
    by: "run (and merge); balance, for each scenario's equilibrium cell, as vp-sources-<scenario>.csv",
    columns: {
      by: "the row's grain: cause (a row per side and cause, always written: a side's rows add up to its VP at the end), settlement (the VP for taking each settlement, by movement or by advance, 16.2) or turn (the VP changes made in that turn, by cause); settlement and turn rows only where some game had such an event",
      side: 'the side whose VP changed: PAR or BOL',
      cause:
        "why (docs/vp-sources.md): start (the starting VP, with any handicap) or the cause of the engine's vp events, such as settlementByMovement, unitEliminated, callUp, leaderLostWithStack",
      settlement: 'settlement rows: the settlement taken',
      hex: 'settlement rows: its hex (XXYY)',
      turn: "turn rows: the game turn of the change (1 = the scenario's first month; a change during the set-up counts in turn 1)",
      vp_total:
        "the VP change summed over all games of the run (the starting VP summed, in the start row); a side's cause rows add up to the sum of its vp_par or vp_bol in games.csv",
      vp_per_game: 'vp_total / all games of the run: the mean VP a game from it',
      events: 'vp events over all games (empty in the start row)',
      events_per_game: 'events / all games of the run',
      games_share:
        'share of all games with at least one such event (in that turn, or at that settlement taken that way; empty in the start row)',
      label: 'the cause in a few words',
      rule: 'the rule sections that give or take the VP',
    },
  },
  {
    file: 'decided.csv',
    by: "run (and merge); balance, for each scenario's equilibrium cell, as decided-<scenario>.csv",
    columns: {
      turn: "game turn (1 = the scenario's first month); a game already over counts with its final VP",
      month: 'the month of that turn',
      games: 'all games of the run (balance: of the equilibrium cell)',
      games_with_leader: 'games with one side ahead on VP at the end of the turn',
      leader_wins: 'of those, games the side then ahead went on to win',
      leader_wins_share: 'leader_wins / games_with_leader: how often the side ahead at the end of the turn wins',
      decided_in_turn:
        'games decided in this turn: from its end on the side ahead on VP is always the final winner, the lead no longer changes hands (a game ending on equal VP is decided at its end, by the coin flip of 16.3)',
      share_decided_by_turn: 'share of all games decided by the end of the turn (the running sum of decided_in_turn over games)',
    },
  },
  {
    file: 'compare.csv',
    by: 'compare',
    columns: {
      variant: 'variant name (base: the common settings)',
      settings: "the variant's settings as written",
      games: COMMON.games!,
      par_win_rate: "Paraguay's win rate",
      par_win_lo: 'Wilson 95% interval, lower end',
      par_win_hi: 'Wilson 95% interval, upper end',
      margin_mean: 'mean of PAR VP - BOL VP at the end',
      margin_sd: 'its standard deviation',
      margin_median: 'its median',
      end_scenario_end: "share of all games ended at the scenario's end (16.3)",
      end_sudden_death: 'share of all games ended by sudden death (16.4)',
      end_settlement: 'share of all games ended by a negotiated settlement (16.1)',
      end_turn_mean: 'mean turn on which the games ended',
      paired_games: 'games played by both this variant and base (the same seeds)',
      diff_par_win_rate: "Paraguay's win rate minus base's, on the paired games",
      diff_par_win_lo: 'Newcombe paired 95% interval of the difference, lower end',
      diff_par_win_hi: 'its upper end',
      diff_margin_mean: 'mean of the game-by-game margin differences against base',
      diff_margin_lo: '95% interval of that mean, lower end',
      diff_margin_hi: 'its upper end',
      diff_margin_halfwidth_if_independent: 'the half-width the interval would have without pairing (what common seeds save)',
      changed_winner_share: "share of paired games whose winner differs from base's",
      par_blunder_rate:
        "Paraguay's blunder rate: its share of games with each kind of blunder (docs/blunders.md; attrition and over-stacking aside), summed",
      bol_blunder_rate: "Bolivia's, the same",
    },
  },
  ...STUDY_CSV_FILES,
];

/** docs/columns.md. */
export function columnsMarkdown(): string {
  const parts = [
    "# The columns of chaco's CSV files",
    '',
    'Generated from `src/report/columns.ts` by `npm run columns`; a test fails when a file chaco writes has a column not described here.',
    '',
  ];
  for (const f of CSV_FILES) {
    parts.push(`## ${f.file}`, '', `Written by: ${f.by}.`, '', '| column | meaning |', '|---|---|');
    for (const [c, d] of Object.entries(f.columns)) parts.push(`| \`${c}\` | ${d.replace(/\|/g, '\\|')} |`);
    parts.push('');
  }
  return `${parts.join('\n')}`;
}
