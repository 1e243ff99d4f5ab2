// Combat losses (12.6, I-29, I-25; 13.2 step losses): what a result requires, what an allocation is
// worth, whether an owner's allocation is legal, and a default cheapest allocation policies can use.
import { ARTILLERY } from './counters.js';
import type { GameState } from './state.js';
import { ELIMINATED, LOSS_NONE, LOSS_PERCENT, lossRequired } from './tables.js';

/** One unit's loss: flip it to its reduced side, or eliminate it (the `losses` answer of decisions.ts). */
export interface LossStep {
  readonly unit: number;
  readonly eliminate: boolean;
}

/**
 * 12.6, I-25, I-29: the printed factor unit u counts for losses on side `reduced` (0 full, 1 reduced):
 * the attack factor when attacking, the defence factor when defending; artillery always its parenthesised one.
 */
export function lossFactor(state: GameState, u: number, reduced: number, attacking: boolean): number {
  const { counters } = state;
  const table = attacking && counters.type_u[u] !== ARTILLERY ? counters.attack_u : counters.defence_u;
  return table[u * 2 + reduced]!;
}

/** 2.12: can unit u be flipped (a two-step unit on its full side)? */
export function canFlip(state: GameState, u: number): boolean {
  return state.counters.steps_u[u] === 2 && state.reduced_u[u] === 0;
}

/** 2.12: steps unit u has left (2 for a full two-step unit, else 1). */
export function stepsLeft(state: GameState, u: number): number {
  return canFlip(state, u) ? 2 : 1;
}

/** 12.6, I-29: the total printed factors of the involved units (their current sides), the base of a percentage loss. */
export function lossBase(state: GameState, units: readonly number[], attacking: boolean): number {
  let total = 0;
  for (const u of units) total += lossFactor(state, u, state.reduced_u[u]!, attacking);
  return total;
}

/** 12.6, Loss Reference Chart: factors a loss code requires (ceil of percent x base); E requires the whole base. */
export function lossRequirement(state: GameState, units: readonly number[], attacking: boolean, lossCode: number): number {
  if (lossCode === LOSS_NONE) return 0;
  const base = lossBase(state, units, attacking);
  return lossCode === ELIMINATED ? base : lossRequired(base, LOSS_PERCENT[lossCode]!);
}

/** 12.6, I-29: what one loss counts: flipping the difference of the two sides, eliminating the current side's factor. */
export function lossValue(state: GameState, u: number, eliminate: boolean, attacking: boolean): number {
  const current = lossFactor(state, u, state.reduced_u[u]!, attacking);
  return eliminate ? current : current - lossFactor(state, u, 1, attacking);
}

/**
 * 12.6, I-29: null when the allocation meets `required` from the involved `units`, else why not.
 * Not absurd: only involved units, none twice, flips only of full two-step units (engineers and armor
 * are one-step: 2.12), and no losses at all when nothing is required.
 */
export function checkLosses(
  state: GameState,
  units: readonly number[],
  attacking: boolean,
  required: number,
  allocation: readonly LossStep[],
): string | null {
  if (required <= 0) return allocation.length === 0 ? null : '12.5: the result requires no losses';
  let total = 0;
  for (let i = 0; i < allocation.length; i++) {
    const { unit, eliminate } = allocation[i]!;
    const name = state.counters.units[unit]?.id ?? `unit ${unit}`;
    if (!units.includes(unit)) return `12.6: ${name} is not one of the units involved in the combat`;
    for (let j = 0; j < i; j++) if (allocation[j]!.unit === unit) return `12.6: ${name} is named twice`;
    if (!eliminate && !canFlip(state, unit)) {
      return `2.12: ${name} cannot be flipped (${state.counters.steps_u[unit] === 1 ? 'a one-step unit' : 'already reduced'}); eliminate it instead`;
    }
    total += lossValue(state, unit, eliminate, attacking);
  }
  if (total < required) return `12.6: the losses count ${total} combat factors; the result requires at least ${required}`;
  return null;
}

/**
 * 12.6, I-29: must meeting `required` eliminate every involved unit? True when even keeping the single
 * best unit (flipped if it can be) while eliminating all others falls short.
 */
export function lossForcesElimination(state: GameState, units: readonly number[], attacking: boolean, required: number): boolean {
  if (required <= 0 || units.length === 0) return false;
  const total = lossBase(state, units, attacking);
  let bestKept = -1;
  for (const u of units) {
    const kept = total - lossValue(state, u, true, attacking) + (canFlip(state, u) ? lossValue(state, u, false, attacking) : 0);
    if (kept > bestKept) bestKept = kept;
  }
  return required > bestKept;
}

const INF = 0x7fff;

/**
 * 12.6, I-29: a default allocation: meets `required` losing the fewest combat factors; ties: the fewest
 * steps, then losses on units earlier in `units` (a flip before an elimination). Exact, by dynamic
 * programming over the exact loss value (values are small: a combat has at most a few dozen factors).
 */
export function cheapestLosses(state: GameState, units: readonly number[], attacking: boolean, required: number): LossStep[] {
  if (required <= 0) return [];
  const n = units.length;
  const V = lossBase(state, units, attacking);
  const width = V + 1;
  // steps_iv[i * width + v]: fewest steps to lose exactly v factors from units i..n-1; choice: 0 flip, 1 eliminate, 2 none.
  const steps_iv = new Int16Array((n + 1) * width).fill(INF);
  const choice_iv = new Uint8Array(n * width);
  steps_iv[n * width] = 0;
  for (let i = n - 1; i >= 0; i--) {
    const u = units[i]!;
    const flippable = canFlip(state, u);
    const flipV = flippable ? lossValue(state, u, false, attacking) : 0;
    const elimV = lossValue(state, u, true, attacking);
    const elimSteps = stepsLeft(state, u);
    const next = (i + 1) * width,
      here = i * width;
    for (let v = 0; v <= V; v++) {
      let best = INF,
        pick = 2;
      if (flippable && v >= flipV && steps_iv[next + v - flipV]! < INF) {
        best = 1 + steps_iv[next + v - flipV]!;
        pick = 0;
      }
      if (v >= elimV && steps_iv[next + v - elimV]! < INF && elimSteps + steps_iv[next + v - elimV]! < best) {
        best = elimSteps + steps_iv[next + v - elimV]!;
        pick = 1;
      }
      if (steps_iv[next + v]! < best) {
        best = steps_iv[next + v]!;
        pick = 2;
      }
      steps_iv[here + v] = best;
      choice_iv[here + v] = pick;
    }
  }
  let v = required;
  while (v <= V && steps_iv[v]! >= INF) v++;
  if (v > V) throw new Error(`12.6: ${required} factors cannot be lost from units worth ${V}`);
  const out: LossStep[] = [];
  for (let i = 0; i < n; i++) {
    const u = units[i]!;
    const pick = choice_iv[i * width + v]!;
    if (pick === 0) {
      out.push({ unit: u, eliminate: false });
      v -= lossValue(state, u, false, attacking);
    } else if (pick === 1) {
      out.push({ unit: u, eliminate: true });
      v -= lossValue(state, u, true, attacking);
    }
  }
  return out;
}

/**
 * 13.2, 12.8, 7.5: null when the allocation loses exactly `steps` steps from `units` (all of them when
 * they have fewer), else why not. A flip is one step; an elimination is the steps the unit has left.
 */
export function checkStepLosses(state: GameState, units: readonly number[], steps: number, allocation: readonly LossStep[]): string | null {
  let available = 0;
  for (const u of units) available += stepsLeft(state, u);
  const due = Math.min(steps, available);
  let lost = 0;
  for (let i = 0; i < allocation.length; i++) {
    const { unit, eliminate } = allocation[i]!;
    const name = state.counters.units[unit]?.id ?? `unit ${unit}`;
    if (!units.includes(unit)) return `13.2: ${name} is not one of the units that must lose steps`;
    for (let j = 0; j < i; j++) if (allocation[j]!.unit === unit) return `13.2: ${name} is named twice`;
    if (!eliminate && !canFlip(state, unit)) return `2.12: ${name} cannot be flipped; eliminate it instead`;
    lost += eliminate ? stepsLeft(state, unit) : 1;
  }
  if (lost !== due) return `13.2: the allocation loses ${lost} steps; exactly ${due} must be lost`;
  return null;
}

/** 13.2: a default step-loss allocation: flips first (units in order), then reduced or one-step units eliminated, then flipped units eliminated. */
export function defaultStepLosses(state: GameState, units: readonly number[], steps: number): LossStep[] {
  const out: LossStep[] = [];
  let left = steps;
  for (const u of units) {
    if (left === 0) break;
    if (canFlip(state, u)) {
      out.push({ unit: u, eliminate: false });
      left--;
    }
  }
  const flips = out.length;
  for (const u of units) {
    if (left === 0) break;
    if (!canFlip(state, u)) {
      out.push({ unit: u, eliminate: true });
      left--;
    }
  }
  for (let k = 0; k < flips && left > 0; k++) {
    out[k] = { unit: out[k]!.unit, eliminate: true };
    left--;
  }
  return out;
}
