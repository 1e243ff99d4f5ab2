// A run far larger than the machine plays in hours (--games 1e9 is accepted as a whole number) is refused
// unless --yes confirms it, with the estimate; confirmed, it is played with a warning naming the estimate.
// The estimate is deliberately a fast one (docs/performance.md, Speed on one machine: Boquerón at about 450 games/s per core with
// random, 100 with balanced, 1 with search; a longer scenario by the square root of its turns over
// Boquerón's, less than the measured slow-down: campaign 2.4 against 2.8-4.4), so a run it stops is
// surely that long.
import type { RunSpec } from '../sim/spec.js';
import { UsageError } from './usage-error.js';

/** Hours past which a run needs --yes. */
export const CONFIRM_HOURS = 2;
/** Boquerón's length, the turns the per-game costs below were measured over. */
const MEASURED_TURNS = 6;

/** Seconds of one core one side's policy adds to a Boquerón game, at the fast end of what was measured. */
function sideSeconds(policy: string): number {
  const name = policy.split('+')[0]!;
  if (name === 'search' || name.startsWith('search:')) return 0.5;
  if (name === 'random' || name === 'passive') return 0.001;
  return 0.004; // presets, plans and modules: the heuristic's cost or more
}

/** Hours `games` games of `spec` take at least on `threads` threads for a scenario of `turns` turns. */
export function estimatedHours(spec: Pick<RunSpec, 'par' | 'bol'>, games: number, turns: number, threads: number): number {
  const perGame = (sideSeconds(spec.par) + sideSeconds(spec.bol)) * Math.sqrt(Math.max(1, turns / MEASURED_TURNS));
  return (games * perGame) / Math.max(1, threads) / 3600;
}

/**
 * Refuses (UsageError) a run estimated over CONFIRM_HOURS unless `yes`; with `yes`, tells it on stderr.
 * `what` names the size as given, e.g. "--games 1000000000".
 */
export function confirmRunSize(o: {
  what: string;
  spec: Pick<RunSpec, 'par' | 'bol'>;
  games: number;
  turns: number;
  threads: number;
  yes: boolean;
  quiet: boolean;
}): void {
  const hours = estimatedHours(o.spec, o.games, o.turns, o.threads);
  if (hours <= CONFIRM_HOURS) return;
  const estimate = `${o.what}: ${o.games.toLocaleString('en-US')} games of ${o.spec.par} against ${o.spec.bol} take at least ${hours >= 48 ? `${Math.round(hours / 24).toLocaleString('en-US')} days` : `${Math.round(hours)} hours`} on ${Math.max(1, o.threads)} thread${o.threads > 1 ? 's' : ''}`;
  if (!o.yes) throw new UsageError(`${estimate}; add --yes to play them anyway, or ask for fewer games`);
  if (!o.quiet) process.stderr.write(`chaco: ${estimate} (--yes given)\n`);
}
