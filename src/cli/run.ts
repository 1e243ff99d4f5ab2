// `chaco run <scenario>`: plays games with the given policies and prints a summary (the full runner,
// with workers and reports, is its own piece of work; this plays them one after another).
import type { Command } from 'commander';
import { streamSeed } from '../core/dice.js';
import { playGame, type GameResult } from '../core/play.js';
import { parseOptions } from '../core/options.js';
import { DEFAULT_DATA_DIR, loadGameData, loadScenario } from '../data/load.js';
import { createPolicy } from '../policy/index.js';
import { UsageError } from './usage-error.js';

interface RunOpts { par: string; bol: string; games: string; seed: string; workers: string; option: string[]; data: string; check?: boolean }

export function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} ${text}: give a whole number of at least 1`);
  return n;
}

/** Plays games `from`..`to`-1 of a run; game i uses seeds derived from (seed, i) alone (I-41). */
export function playRange(scenarioId: string, opts: RunOpts, from: number, to: number, onGame: (r: GameResult, i: number) => void): void {
  const data = loadGameData(opts.data);
  const scenario = loadScenario(scenarioId, data, opts.data);
  const options = parseOptions(opts.option);
  for (let i = from; i < to; i++) {
    const seed = streamSeed(opts.seed, i, 'game');
    const policies = [createPolicy(opts.par, `${seed}:PAR`, scenario), createPolicy(opts.bol, `${seed}:BOL`, scenario)] as const;
    let r: GameResult;
    try {
      r = playGame(scenario, options, policies, seed, { checkInvariants: opts.check === true });
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      throw new Error(`game ${i} failed (reproduce: chaco run ${scenarioId} --par ${opts.par} --bol ${opts.bol} --seed ${opts.seed} --games ${i + 1}; game index ${i}): ${msg}`, { cause: err });
    }
    onGame(r, i);
  }
}

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('play games of a scenario with the given policies and print who won and how')
    .argument('<scenario>', 'scenario id (chaco scenarios) or file')
    .option('--par <policy>', 'Paraguayan policy (random, passive)', 'random')
    .option('--bol <policy>', 'Bolivian policy (random, passive)', 'random')
    .option('--games <n>', 'number of games', '2000')
    .option('--seed <seed>', 'run seed: game i plays with seeds derived from (seed, i)', '1')
    .option('--workers <n>', 'worker threads (this version plays on one)', '1')
    .option('--option <key=value>', 'a rules option (chaco options); repeatable', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--check', 'check the game invariants after every phase (slower)')
    .option('--data <dir>', 'folder with the map, counters, charts and scenarios', DEFAULT_DATA_DIR)
    .action((scenario: string, opts: RunOpts) => {
      const games = positiveInt(opts.games, '--games');
      const workers = positiveInt(opts.workers, '--workers');
      if (workers !== 1) process.stderr.write(`chaco: --workers ${workers}: this version plays on one thread\n`);
      try { parseOptions(opts.option); } catch (err) { throw new UsageError((err as Error).message); }
      const wins = { PAR: 0, BOL: 0 };
      const ends: Record<string, number> = {};
      let margin = 0, turns = 0;
      const t0 = performance.now();
      playRange(scenario, opts, 0, games, (r) => {
        wins[r.winner]++;
        ends[r.end] = (ends[r.end] ?? 0) + 1;
        margin += r.margin;
        turns += r.endTurn;
      });
      const seconds = (performance.now() - t0) / 1000;
      const pct = (n: number) => `${((100 * n) / games).toFixed(1)}%`;
      process.stdout.write([
        `${scenario}: ${games} games, PAR ${opts.par} vs BOL ${opts.bol}, seed ${opts.seed}`,
        `wins        PAR ${wins.PAR} (${pct(wins.PAR)})  BOL ${wins.BOL} (${pct(wins.BOL)})`,
        `end         ${Object.entries(ends).map(([k, v]) => `${k} ${v} (${pct(v)})`).join('  ')}`,
        `mean margin ${(margin / games).toFixed(2)} VP (PAR - BOL), mean end turn ${(turns / games).toFixed(2)}`,
        `time        ${seconds.toFixed(1)} s (${(games / seconds).toFixed(0)} games/s)`,
      ].join('\n') + '\n');
    });
}
