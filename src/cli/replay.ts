// `chaco replay <scenario> --seed S --game i`: one game of a run played again and written out for a
// writer: viewer.html, narrative.md, events.json, log.txt, result.json (its games.csv row) and a map per player turn.
import { join } from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_DATA_DIR } from '../data/load.js';
import { loadPolicyModules } from '../policy/index.js';
import { replayOptions, writeReplay } from '../report/replay.js';
import { REPLAY_LINE } from '../sim/command-line.js';
import { SpecError } from '../sim/spec.js';
import { declareLine } from './declared-lines.js';
import { specFromFlags } from './flags.js';
import { UsageError } from './usage-error.js';

interface ReplayCliOpts {
  seed: string;
  game: string;
  par: string;
  bol: string;
  option: string[];
  handicap: string[];
  out?: string;
  scale: string;
  data: string;
}

const collect = (v: string, acc: string[]) => [...acc, v];

/** The scenario's name for the default folder: its id, or a file's base name. */
function scenarioName(scenario: string): string {
  return scenario
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
}

export function registerReplay(program: Command): void {
  const cmd = program
    .command('replay')
    .description(
      'play one game of a run again and write its viewer (viewer.html), narrative, events (records and a text log), result row and a map per player turn',
    )
    .argument('<scenario>', 'scenario id (chaco scenarios) or file')
    .requiredOption('--game <i>', "the game's index in the run (games.csv column game, from 0)")
    .option('--seed <seed>', 'the run seed (chaco run --seed)', '1')
    .option(
      '--par <policy>',
      'Paraguayan policy: random, passive, cautious, balanced, aggressive, a plan file (.json) or a module (.mjs) (as in the run)',
      'balanced',
    )
    .option(
      '--bol <policy>',
      'Bolivian policy: random, passive, cautious, balanced, aggressive, a plan file (.json) or a module (.mjs) (as in the run)',
      'balanced',
    )
    .option('--option <key=value>', 'a rules option of the run (chaco options); repeatable', collect, [] as string[])
    .option('--handicap <SIDE=VP>', 'starting VP added to a side, e.g. PAR=+5; repeatable', collect, [] as string[])
    .option('--out <dir>', 'folder to write (default reports/out/<scenario>/replay-<seed>-<game>)')
    .option('--scale <pixels>', 'map pixels per hex row', '36')
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR)
    .action(async (scenario: string, opts: ReplayCliOpts) => {
      const game = Number(opts.game);
      if (!/^\d+$/.test(opts.game) || !Number.isSafeInteger(game))
        throw new UsageError(`--game ${opts.game}: give the game's index in the run, a whole number from 0`);
      const scale = Number(opts.scale);
      if (!Number.isFinite(scale) || scale < 8 || scale > 200)
        throw new UsageError(`--scale ${opts.scale}: give a number of pixels from 8 to 200`);
      // The run's spec, parsed as chaco run parses it: every policy form, the handicap, the options.
      const { spec } = specFromFlags(scenario, { ...opts, check: false });
      const out = opts.out ?? join('reports', 'out', scenarioName(scenario), `replay-${opts.seed.replace(/[^\w.-]/g, '_')}-${game}`);
      await loadPolicyModules([spec.par, spec.bol]);
      let summary: ReturnType<typeof writeReplay>;
      try {
        summary = writeReplay({ ...replayOptions(spec, game, out), scenario, scale });
      } catch (err) {
        if (err instanceof SpecError) throw new UsageError(err.message);
        throw err;
      }
      const r = summary.row;
      process.stdout.write(
        [
          `${scenario} game ${game} of seed ${opts.seed} (game seed ${summary.gameSeed}): ${r.winner} wins, ${r.level}, ${r.end} in turn ${r.end_turn}; VP PAR ${r.vp_par}, BOL ${r.vp_bol}`,
          `wrote ${summary.dir}: viewer.html, narrative.md, events.json, log.txt, result.json, ${summary.setupMap ? 'setup.svg and ' : ''}${summary.maps.length} map${summary.maps.length === 1 ? '' : 's'} (${summary.maps[0]?.file ?? '-'} .. ${summary.maps[summary.maps.length - 1]?.file ?? '-'})`,
        ].join('\n') + '\n',
      );
    });
  declareLine(cmd, REPLAY_LINE);
}
