// The heuristic's attacks: every enemy hex it can reach with leaders, weighed by its exact outlook.
import { checkAttack, type Attack } from '../core/combat.js';
import type { AttackOrder, Decision } from '../core/decisions.js';
import { DIRECTIONS, NO_HEX } from '../core/hex.js';
import { otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import type { HeuristicParams } from './heuristic-params.js';
import { adjacent } from './geometry.js';
import { attackOutlook, CombatSupplyMemo, phaseLog, supplyFlags, type AttackOutlook } from './outlook.js';

/** VP a settlement is worth to its taker by movement (16.2: 2 x 1d6, big four 2 x 2d6, means). */
export function settlementValue(view: GameState, h: number): number {
  if (!view.map.settlement_h[h]) return 0;
  return view.map.bigFour_h[h] ? 14 : 7;
}

/** Greedy cover of the attackers by CSP hexes: one CSP per hex chosen (12.12). */
function chooseCsp(view: GameState, side: Side, attackers: readonly number[], memo: CombatSupplyMemo): number[] {
  const from = attackers.map((u) => memo.hexes(side, view.loc_u[u]!));
  const chosen: number[] = [];
  const covered = new Set<number>();
  while (covered.size < attackers.length) {
    let best = -1,
      bestCount = 0;
    const counts = new Map<number, number>();
    from.forEach((hexes, i) => {
      if (!covered.has(i)) for (const h of hexes) counts.set(h, (counts.get(h) ?? 0) + 1);
    });
    for (const [h, n] of counts)
      if (n > bestCount && view.csp_hs[h * 2 + side]! > chosen.filter((x) => x === h).length) {
        best = h;
        bestCount = n;
      }
    if (best < 0) break;
    chosen.push(best);
    from.forEach((hexes, i) => {
      if (hexes.includes(best)) covered.add(i);
    });
  }
  return chosen;
}

/** The value of an outlook to the attacker: expected factors and VP won minus lost, own losses scaled by risk tolerance. */
function score(view: GameState, o: AttackOutlook, target: number, params: HeuristicParams): number {
  const defenders = o.setup.defenders.length,
    attackers = o.setup.attack.attackers.length;
  const gain =
    o.defenderLoss + o.defenderEliminated * defenders * 2 + o.vacate * settlementValue(view, target) * 0.5 * params.settlementWeight;
  const loss = o.attackerLoss + o.attackerEliminated * attackers * 2;
  return gain - loss / params.riskTolerance;
}

/**
 * 12.1-12.4: the best attack this phase by outlook, or none when nothing reaches the minimum odds and a positive value;
 * the hex `spared` (a search's alternative, heuristic-alt.ts) is not attacked.
 */
export function chooseAttack(
  d: Extract<Decision, { kind: 'attack' }>,
  view: GameState,
  params: HeuristicParams,
  minOdds: number,
  spared = -1,
): AttackOrder | null {
  const side = d.side,
    enemy = otherSide(side);
  const { grid } = view.map;
  const log = phaseLog(view, d);
  const memo = new CombatSupplyMemo(view);
  const ready: number[] = [];
  for (let u = 0; u < view.loc_u.length; u++)
    if (view.counters.side_u[u] === side && view.loc_u[u]! >= 0 && !d.attacked_u[u]) ready.push(u);
  const leaders: number[] = [];
  for (let l = 0; l < view.loc_l.length; l++) if (view.counters.side_l[l] === side && view.loc_l[l]! >= 0) leaders.push(l);
  const targets = new Set<number>();
  for (const u of ready) {
    const h = view.loc_u[u]!;
    for (let k = 0; k < DIRECTIONS; k++) {
      const n = grid.neighbour_hd[h * DIRECTIONS + k]!;
      if (n !== NO_HEX && n !== spared && view.combat_hs[n * 2 + enemy]! > 0 && !d.defended_h[n]) targets.add(n);
    }
  }
  let best: { order: AttackOrder; value: number } | null = null;
  const airLeft = view.airUsed_s[side]! < view.counters.air[side]!;
  for (const target of targets) {
    const near = ready.filter((u) => adjacent(view, view.loc_u[u]!, target));
    const named = leaders.filter((l) =>
      near.some((u) => view.loc_l[l] === view.loc_u[u] || adjacent(view, view.loc_l[l]!, view.loc_u[u]!)),
    );
    const attackers = near.filter((u) =>
      named.some((l) => view.loc_l[l] === view.loc_u[u] || adjacent(view, view.loc_l[l]!, view.loc_u[u]!)),
    );
    if (attackers.length === 0) continue;
    const cspHexes = params.useCsp ? chooseCsp(view, side, attackers, memo) : [];
    for (const air of params.useAir && airLeft ? [false, true] : [false]) {
      const draft: Attack = {
        side,
        attackers,
        hexes: [target],
        leaders: named,
        combatSupply_u: new Uint8Array(view.loc_u.length),
        attackerAir: air,
        defenderAir: false,
      };
      if (checkAttack(view, draft, log) !== null) continue;
      const defenders = [];
      for (let u = 0; u < view.loc_u.length; u++)
        if (view.loc_u[u] === target && view.counters.side_u[u] === enemy && !d.displaced_u[u]) defenders.push(u);
      const flags = supplyFlags(view, side, attackers, cspHexes, defenders, memo);
      const o = attackOutlook(view, { ...draft, combatSupply_u: flags }, log);
      if (o.setup.odds.column < minOdds || o.setup.odds.belowLowest) continue;
      const value = score(view, o, target, params) - (air ? 0.5 : 0) - cspHexes.length * 0.3;
      if (value > 0 && (!best || value > best.value))
        best = { order: { attackers, hexes: [target], leaders: named, cspHexes, air }, value };
    }
  }
  return best?.order ?? null;
}
