// Set-up (3.1, 17.1-17.6, I-40): cup draws, deployment groups placed by the side's policy, markers.
import { IllegalDecision, type SetupPiece } from './decisions.js';
import { ask, type Game } from './game.js';
import { shuffle } from './dice.js';
import { hexLabel } from './hex.js';
import { WORKS_ENTRENCHMENT, WORKS_NONE } from './map.js';
import { stackingLimit } from './combat-odds.js';
import { PAR, BOL, type Side } from './side.js';
import { OFF_MAP, IN_PILE, setLeaderLoc, setUnitLoc } from './state.js';
import { NO_CONTROL } from './scenario.js';
import { attachTrucks } from './supply-phase.js';

/** Places both sides' pieces as the scenario says; Paraguay first (4.2 order), then Bolivia. */
export function setUp(game: Game): void {
  const { state } = game;
  for (const side of [PAR, BOL] as const) setUpSide(game, side);
  // 3.2, I-57: a settlement occupied by one side's combat units at set-up is controlled by that side.
  for (let h = 0; h < state.map.grid.size; h++) {
    if (state.control_h[h] === NO_CONTROL) continue;
    const par = state.combat_hs[h * 2 + PAR]! > 0,
      bol = state.combat_hs[h * 2 + BOL]! > 0;
    if (par !== bol) {
      const side: Side = par ? PAR : BOL;
      if (state.control_h[h] !== side) {
        state.control_h[h] = side;
        game.observer?.event({ type: 'control', side, hex: h });
      }
    }
  }
}

function setUpSide(game: Game, side: Side): void {
  const { state } = game;
  const setup = state.scenario.sides[side];
  const drawn = shuffle(game.dice, setup.cup); // 17.3-17.5, I-40: the cup's draw order
  let next = 0;
  let truck = side === PAR ? 0 : state.counters.trucks[PAR];
  const truckEnd = side === PAR ? state.counters.trucks[PAR] : state.side_t.length;
  setup.deploy.forEach((g, gi) => {
    const pieces: SetupPiece[] = [];
    const reduced: boolean[] = [];
    for (const d of g.units) {
      pieces.push({ type: 'unit', id: d.unit });
      reduced.push(d.reduced);
    }
    for (let i = 0; i < g.draw + g.drawReduced; i++) {
      pieces.push({ type: 'unit', id: drawn[next++]! });
      reduced.push(i >= g.draw);
    }
    for (const l of g.leaders) {
      pieces.push({ type: 'leader', id: l });
      reduced.push(false);
    }
    if (g.ghq) {
      pieces.push({ type: 'ghq', id: -1 });
      reduced.push(false);
    }
    for (let i = 0; i < g.trucks; i++) {
      pieces.push({ type: 'truck', id: -1 });
      reduced.push(false);
    }
    for (let i = 0; i < g.csp; i++) {
      pieces.push({ type: 'csp', id: -1 });
      reduced.push(false);
    }
    let hexes: readonly number[];
    if (g.hexes.length === 1) hexes = pieces.map(() => g.hexes[0]!);
    else {
      const decision = { kind: 'setupGroup', side, group: gi, pieces, hexes: g.hexes } as const;
      hexes = ask(game, decision);
      if (!Array.isArray(hexes) || hexes.length !== pieces.length) {
        throw new IllegalDecision(decision, `answer one hex per piece (${pieces.length})`, game.where);
      }
      hexes.forEach((h, i) => {
        if (!g.hexes.includes(h))
          throw new IllegalDecision(decision, `piece ${i}: hex ${h} is not one of the group's hexes (I-40)`, game.where);
      });
    }
    pieces.forEach((p, i) => {
      const h = hexes[i]!;
      switch (p.type) {
        case 'unit':
          setUnitLoc(state, p.id, h);
          state.reduced_u[p.id] = reduced[i] ? 1 : 0;
          break;
        case 'leader':
          setLeaderLoc(state, p.id, h);
          break;
        case 'ghq':
          state.ghq_s[side] = h;
          break;
        case 'truck':
          if (truck >= truckEnd) throw new Error(`${game.where}: the scenario sets up more trucks than the side has`);
          state.loc_t[truck++] = h;
          break;
        case 'csp':
          state.csp_hs[h * 2 + side]!++;
          break;
      }
      game.observer?.event({ type: 'setup', side, piece: p.type, id: p.type === 'truck' ? truck - 1 : p.id, hex: h });
    });
    if (g.entrenched && state.works_h[g.named[0]!] === WORKS_NONE) state.works_h[g.named[0]!] = WORKS_ENTRENCHMENT;
  });
  placeSetupEntrenchments(game, side);
  for (let h = 0; h < state.map.grid.size; h++) {
    const n = state.stacking_hs[h * 2 + side]!;
    if (n > stackingLimit(state, h)) {
      throw new IllegalDecision(
        { kind: 'setupGroup', side, group: -1, pieces: [], hexes: [h] },
        `${n} units in ${hexLabel(state.map.grid, h)} exceed its stacking limit ${stackingLimit(state, h)} (11.2)`,
        game.where,
      );
    }
  }
  if (state.ghq_s[side] === IN_PILE) state.ghq_s[side] = OFF_MAP;
  attachTrucks(game, side); // 17.1: "trucks may be attached or not, as desired" (8.11: where a radius is projected)
}

/** 17.x: markers on the hexes that need them to hold their units, then where the policy says. */
function placeSetupEntrenchments(game: Game, side: Side): void {
  const { state } = game;
  const setup = state.scenario.sides[side];
  let left = setup.entrenchmentMarkers;
  for (const h of setup.mustEntrench) {
    if (left > 0 && state.works_h[h] === WORKS_NONE) {
      state.works_h[h] = WORKS_ENTRENCHMENT;
      left--;
    }
  }
  if (left <= 0) return;
  const hexes: number[] = [];
  for (let h = 0; h < state.map.grid.size; h++) {
    if (state.combat_hs[h * 2 + side]! > 0 && state.works_h[h] === WORKS_NONE && state.tables.terrain[state.map.terrain_h[h]!]!.entrench)
      hexes.push(h);
  }
  if (hexes.length === 0) return;
  const decision = { kind: 'setupEntrenchments', side, count: left, hexes } as const;
  const chosen = ask(game, decision);
  if (!Array.isArray(chosen) || chosen.length > left || new Set(chosen).size !== chosen.length || chosen.some((h) => !hexes.includes(h))) {
    throw new IllegalDecision(
      decision,
      `answer at most ${left} different hexes among the friendly-occupied ones that can be entrenched`,
      game.where,
    );
  }
  for (const h of chosen) {
    state.works_h[h] = WORKS_ENTRENCHMENT;
    game.observer?.event({ type: 'build', side, hex: h, what: 'entrenchment', unit: -1 });
  }
}
