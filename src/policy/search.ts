// The search policy: before each of its player turns it looks ahead. Each candidate plan for the turn
// (the heuristic with each preset's parameters, and the scenario's tuned ones when given) is played to
// the end of the game turn on copies of the game, `rollouts` times with the same dice for every
// candidate (common random numbers), the opponent modelled by the balanced heuristic; the candidate
// with the best mean score plays the turn. Deterministic for its seed. `search` or `search:<rollouts>`.
import { IllegalDecision, type Answers, type Decision, type GameView, type Lookahead, type Policy } from '../core/decisions.js';
import { otherSide, type Side } from '../core/side.js';
import { heuristicPolicy } from './heuristic.js';
import { PRESET_NAMES, type HeuristicParams, type PresetName } from './heuristic-params.js';

export const DEFAULT_ROLLOUTS = 2;

/** 'search' or 'search:4' → rollouts per candidate and turn, or null when the name is not a search. */
export function parseSearch(name: string): number | null {
  const m = /^search(?::(\d+))?$/.exec(name);
  if (!m) return null;
  const r = m[1] === undefined ? DEFAULT_ROLLOUTS : Number(m[1]);
  if (!Number.isInteger(r) || r < 1 || r > 64) throw new Error(`policy "${name}": rollouts from 1 to 64, e.g. search:4`);
  return r;
}

/** A position's worth to `side`: VP lead, a decided game above all, and steps lost as a tie-break. */
export function scorePosition(view: GameView, side: Side): number {
  const enemy = otherSide(side);
  if (view.ended) return view.ended.winner === side ? 1000 : -1000;
  return view.vp_s[side]! - view.vp_s[enemy]! + 0.5 * (view.stepsLost_s[enemy]! - view.stepsLost_s[side]!);
}

interface Candidate {
  readonly name: string;
  readonly preset: PresetName;
  readonly params: Partial<HeuristicParams>;
  /** The instance that plays the game's own decisions when this candidate is chosen. */
  readonly player: Policy;
}

export function searchPolicy(opts: {
  seed: string; rollouts?: number; tuned?: Partial<HeuristicParams>;
  /** Told, before each player turn, the candidate chosen and every candidate's mean score (for replays and tests). */
  onChoice?: (chosen: string, scores: Readonly<Record<string, number>>) => void;
}): Policy {
  const rollouts = opts.rollouts ?? DEFAULT_ROLLOUTS;
  const specs: { name: string; preset: PresetName; params: Partial<HeuristicParams> }[] = PRESET_NAMES.map((p) => ({ name: p, preset: p, params: {} }));
  if (opts.tuned) specs.push({ name: 'tuned', preset: 'balanced', params: opts.tuned });
  const candidates: Candidate[] = specs.map((c) => ({ ...c, player: heuristicPolicy({ preset: c.preset, params: c.params, seed: `${opts.seed}:${c.name}` }) }));
  let chosen = candidates.find((c) => c.name === 'balanced')!;
  let turns = 0;
  return {
    name: rollouts === DEFAULT_ROLLOUTS ? 'search' : `search:${rollouts}`,
    decide<D extends Decision>(d: D, view: GameView): Answers[D['kind']] {
      return chosen.player.decide(d, view);
    },
    startTurn(_view: GameView, side: Side, lookahead: Lookahead): void {
      const turn = turns++;
      let best = chosen, bestScore = -Infinity;
      const scores: Record<string, number> = {};
      for (const c of candidates) {
        let total = 0;
        for (let r = 0; r < rollouts; r++) {
          // Fresh players per rollout (their memories stay out of the game); the same dice for every candidate.
          const stream = `${opts.seed}:look:${turn}:${r}`;
          const own = heuristicPolicy({ preset: c.preset, params: c.params, seed: `${stream}:own` });
          const opponent = heuristicPolicy({ preset: 'balanced', seed: `${stream}:opponent` });
          // A rollout whose imagined play breaks a rule counts as the worst outcome for that candidate
          // (it never touches the game: the copy is thrown away).
          try {
            const after = lookahead.simulate(side === 0 ? [own, opponent] : [opponent, own], `${stream}:dice`);
            total += scorePosition(after, side);
          } catch (err) {
            if (!(err instanceof IllegalDecision)) throw err;
            total -= 1000;
          }
        }
        scores[c.name] = total / rollouts;
        if (total / rollouts > bestScore) { best = c; bestScore = total / rollouts; }
      }
      chosen = best;
      opts.onChoice?.(best.name, scores);
    },
  };
}
