// The one renderer of game events into English: a line per record (src/core/events.ts), for the replay's
// text log and the narrative's bullets, with the game's vocabulary (names, places, values) beside it.
// Records carry indices and causes, never words; every word a reader sees is written here or in the
// narrative, which reads the records' fields and nothing else.
import type { CombatModifier, CrtOutcome, EventOf, GameEvent, LossEvent, RollEvent, VpEvent } from '../core/events.js';
import { hexLabel } from '../core/hex.js';
import type { Scenario } from '../core/scenario.js';
import { PAR } from '../core/side.js';
import { GONE, IN_CUP, IN_DEAD, IN_PILE, OFF_MAP, boxOf, isBox } from '../core/state.js';
import { monthName } from '../data/schema-common.js';
import type { EventContext } from './replay-record.js';
import { unitValues } from './setup-svg.js';

export const SIDE_NAME = ['Paraguay', 'Bolivia'] as const;
export const SIDE_ADJ = ['Paraguayan', 'Bolivian'] as const;

export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** "a, b and c". */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Names, places and values of one game: the vocabulary of its text. */
export class Vocabulary {
  constructor(readonly scenario: Scenario) {}

  /** "2011 (Boquerón)", an off-map box, or where a piece off the map is. */
  hex(h: number): string {
    const map = this.scenario.map;
    if (h >= 0) {
      const p = map.place_h[h]!;
      const label = hexLabel(map.grid, h);
      return p >= 0 ? `${label} (${map.places[p]!.name})` : label;
    }
    if (isBox(h)) return `off-map box ${map.boxes[boxOf(h)]?.id ?? '?'}`;
    switch (h) {
      case GONE:
        return 'off the map';
      case IN_DEAD:
        return 'the dead pile';
      case IN_PILE:
        return 'the pile';
      case IN_CUP:
        return 'the cup';
      case OFF_MAP:
        return 'off the map';
      default:
        return 'a clearing hexside';
    }
  }

  /** The place's name, else "a settlement" (VP are scored for settlements). */
  settlement(h: number): string {
    return this.scenario.map.places[this.scenario.map.place_h[h]!]?.name ?? 'a settlement';
  }

  unit(u: number, values?: string | null): string {
    const name = this.scenario.counters.units[u]?.name ?? `unit ${u}`;
    return values ? `${name} ${values}` : name;
  }

  fullValues(u: number): string {
    return unitValues(this.scenario.counters, u, false);
  }

  reducedValues(u: number): string {
    return unitValues(this.scenario.counters, u, true);
  }

  /** A named leader by his name; an unnamed one ("A", "B") as "leader A". */
  leader(l: number): string {
    const d = this.scenario.counters.leaders[l];
    if (!d) return `leader ${l}`;
    return d.named ? d.name : `leader ${d.name}`;
  }

  month(turn: number): string {
    return monthName(this.scenario.startMonth + turn);
  }

  /** The CRT column's label (12.4); "<1-2" below the lowest. */
  odds(column: number, belowLowest: boolean): string {
    const columns = this.scenario.tables.crtColumns;
    return belowLowest ? `<${columns[0]}` : (columns[column] ?? `column ${column}`);
  }

  /** "defender terrain", "leader Fernández" (the counter's name, also for "leader A"). */
  modifier(m: CombatModifier): string {
    switch (m.kind) {
      case 'defenderTerrain':
        return 'defender terrain';
      case 'attackFromClear':
        return 'attacking from Clear';
      case 'leader':
        return `leader ${this.scenario.counters.leaders[m.leader]?.name ?? m.leader}`;
      case 'attackerAir':
        return 'attacker air';
      case 'defenderAir':
        return 'defender air';
      case 'mountedCavalry':
        return 'mounted cavalry';
    }
  }
}

/** A CRT result as printed: "-", "10", "25R", "E". */
export function crtLabel(r: CrtOutcome): string {
  const loss = r.loss === 0 ? '-' : r.loss === 100 ? 'E' : String(r.loss);
  return r.retreat ? `${loss}R` : loss;
}

/** "25R/E", with the note of 12.6 when both sides were eliminated. */
export function combatResult(e: EventOf<'combat'>): string {
  return `${crtLabel(e.attacker)}/${crtLabel(e.defender)}${e.cancelled ? ' (both eliminated: no effect, 12.6)' : ''}`;
}

/** "roll 4" or "roll 4, modified 6". */
export function rollFigures(roll: number, modified?: number): string {
  return `roll ${roll}${modified !== undefined && modified !== roll ? `, modified ${modified}` : ''}`;
}

/** Why VP changed, in words. */
export function vpReason(e: VpEvent, v: Vocabulary): string {
  switch (e.cause) {
    case 'unitEliminated':
      return `elimination of ${v.unit(e.unit)}`;
    case 'unitSurrendered':
      return `surrender of ${v.unit(e.unit)}`;
    case 'unitExited':
      return `${v.unit(e.unit)} exited the map`;
    case 'leaderDisplaced':
      return `displaced ${v.leader(e.leader)}`;
    case 'leaderLostWithStack':
      return `${v.leader(e.leader)} displaced by the loss of his stack`;
    case 'commanderNotReplaced':
      return 'failed to replace the army commander';
    case 'leaderNotReplaced':
      return `failed to replace ${v.leader(e.leader)}`;
    case 'settlementByMovement':
      return `took ${v.settlement(e.hex)} by movement`;
    case 'settlementByAdvance':
      return `took ${v.settlement(e.hex)} by advance`;
    case 'cspCaptured':
      return `captured ${e.csp} CSP`;
    case 'callUp':
      return 'call-up';
    case 'truceRefused':
      return 'refused the truce';
    case 'challengeModifier':
      return 'bought a challenge die modifier';
    case 'replacementModifier':
      return 'bought a replacement die modifier';
  }
}

export function vpText(e: VpEvent, v: Vocabulary): string {
  return `${SIDE_NAME[e.side]} ${signed(e.delta)} VP: ${vpReason(e, v)} (${e.rule}); now ${e.total}`;
}

/** Why a unit lost a step or was removed, in words. */
export function lossReason(e: LossEvent): string {
  switch (e.cause) {
    case 'combat':
      return `${crtLabel(e.crt)} result`;
    case 'noRetreat':
      return 'unable to retreat';
    case 'routCutShort':
      return 'rout cut short by enemy zones of control';
    case 'furtherCombat':
      return 'caught again after retreating (further combat)';
    case 'barrage':
      return 'barrage';
    case 'attrition':
      return e.result === 'surrendered' ? 'attrition while isolated' : 'attrition';
    case 'overstack':
      return 'over-stacked';
  }
}

/** What a reduced unit became, or that it was removed: "reduced to 2-6", "eliminated", "surrenders". */
export function lossOutcome(e: LossEvent, v: Vocabulary): string {
  switch (e.result) {
    case 'reduced':
      return `reduced to ${v.reducedValues(e.unit)}`;
    case 'eliminated':
      return 'eliminated';
    case 'surrendered':
      return 'surrenders';
  }
}

function lossText(e: LossEvent, v: Vocabulary): string {
  const who = `${SIDE_ADJ[e.side]} ${v.unit(e.unit)}`;
  const why = `${lossReason(e)}, ${e.rule}`;
  return e.result === 'surrendered' ? `${who} surrenders (${why})` : `${who} ${lossOutcome(e, v)} (${why})`;
}

const RETIRED: Partial<Record<EventOf<'leader'>['cause'], string>> = {
  commanderReplaced: 'army commander replaced',
  challengerReplaced: 'challenger replaced',
  subordinateReplaced: 'subordinate replaced',
};
const DISPLACED_BY: Partial<Record<EventOf<'leader'>['cause'], string>> = {
  displacedByEnemy: 'enemy',
  displacedByElimination: 'elimination',
  displacedByRetreat: 'retreat',
};

function leaderText(e: EventOf<'leader'>, v: Vocabulary): string {
  const who = `${SIDE_ADJ[e.side]} ${v.leader(e.leader)}`;
  if (e.cause === 'new') return `New ${SIDE_ADJ[e.side]} leader: ${v.leader(e.leader)} arrives at ${v.hex(e.to)} (${e.rule})`;
  const by = DISPLACED_BY[e.cause];
  if (by) return `${who} is displaced to ${v.hex(e.to)} (by ${by}; ${e.rule})`;
  return `${who} leaves the front: ${RETIRED[e.cause]} (${e.rule})`;
}

/** What a roll was for, as the head of its line ("Attempt to replace leader A"). */
export function rollSubject(e: RollEvent, v: Vocabulary): string {
  switch (e.kind) {
    case 'weather':
      return `December weather: ${e.rainy ? 'rainy season' : 'dry'}`;
    case 'truce':
      return `Truce second roll: ${e.truce ? 'truce' : 'none'}`;
    case 'truceContinues':
      return `Truce continues: ${e.truce ? 'yes' : 'no'}`;
    case 'supplyTable':
      return `${SIDE_ADJ[e.side]} Supply Table`;
    case 'attrition':
      return `Attrition: ${v.unit(e.unit)}`;
    case 'callUp':
      return `Call-up: ${e.roll} extra units`;
    case 'retreat':
      return `${v.unit(e.unit)}: ${e.rout ? 'rout' : 'retreat'}`;
    case 'barrage':
      return `Barrage of ${e.column} artillery: ${e.steps} steps lost`;
    case 'well':
      return e.found ? 'Well dug' : 'Well not found';
    case 'challenge':
      return `Challenge by ${v.leader(e.leader)}`;
    case 'replaceCommander':
      return 'Attempt to replace the army commander';
    case 'replaceLeader':
      return `Attempt to replace ${v.leader(e.leader)}`;
  }
}

export function rollText(e: RollEvent, v: Vocabulary): string {
  if (e.kind === 'truce') return `${e.truce ? 'A truce is declared' : 'No truce'}: second truce roll ${e.roll} (${e.rule})`;
  if (e.kind === 'truceContinues') return `${e.truce ? 'The truce continues' : 'The truce ends'}: roll ${e.roll} (${e.rule})`;
  if (e.kind === 'supplyTable') return `${rollSubject(e, v)}: roll ${e.roll}, row ${e.modified} (${e.rule})`;
  return `${rollSubject(e, v)}: ${rollFigures(e.roll, 'modified' in e ? e.modified : undefined)} (${e.rule})`;
}

function truceText(e: EventOf<'truce'>): string {
  switch (e.state) {
    case 'started':
      return 'A truce is declared (6.1)';
    case 'continued':
      return 'The truce continues (6.4)';
    case 'ended':
      return 'The truce ends (6.4)';
    case 'refused':
      return `${SIDE_NAME[e.side ?? PAR]} refuses the truce (6.2, I-6)`;
  }
}

export function endText(e: EventOf<'end'>): string {
  const how =
    e.how === 'sudden_death'
      ? 'by sudden death (16.4)'
      : e.how === 'settlement'
        ? 'by a negotiated settlement (16.1)'
        : 'at the end of the scenario (16.3)';
  return `**The game ends: ${SIDE_NAME[e.winner]} wins ${how}.**`;
}

/** The pieces of a move: units with their values then (when known), leaders, trucks, the GHQ, CSP. */
export function movePieces(e: EventOf<'move'>, v: Vocabulary, ctx?: EventContext): string {
  const values = ctx?.type === 'move' ? ctx.values : [];
  return list([
    ...e.units.map((u, i) => v.unit(u, values[i])),
    ...e.leaders.map((l) => v.leader(l)),
    ...e.trucks.map(() => 'truck'),
    ...(e.ghq ? ['GHQ'] : []),
    ...(e.csp > 0 ? [`${e.csp} CSP`] : []),
  ]);
}

export function moveText(e: EventOf<'move'>, v: Vocabulary, ctx?: EventContext): string {
  const steps = e.path.filter((h) => h !== -1).length - 1;
  const from = e.path[0]!,
    to = e.path[e.path.length - 1]!;
  return `${movePieces(e, v, ctx)}: ${v.hex(from)} → ${v.hex(to)}${steps > 1 ? ` (${steps} hexes)` : ''}`;
}

function setupPiece(e: EventOf<'setup'>, v: Vocabulary): string {
  switch (e.piece) {
    case 'unit':
      return v.unit(e.id);
    case 'leader':
      return v.leader(e.id);
    case 'ghq':
      return 'GHQ';
    case 'truck':
      return 'truck';
    case 'csp':
      return 'CSP';
  }
}

/** One event as a line of English; `ctx` adds what was true then (unit values) where the replay recorded it. */
export function eventText(e: GameEvent, v: Vocabulary, ctx?: EventContext): string {
  switch (e.type) {
    case 'turn':
      return `Turn ${e.turn + 1}: ${v.month(e.turn)}, ${e.rainy ? 'rainy season' : 'dry season'}${e.truce ? ', truce' : ''}`;
    case 'phase':
      return `${SIDE_ADJ[e.side]} player turn: ${e.phase} phase`;
    case 'roll':
      return rollText(e, v);
    case 'vp':
      return vpText(e, v);
    case 'setup':
      return `${SIDE_ADJ[e.side]} ${setupPiece(e, v)} sets up at ${v.hex(e.hex)}`;
    case 'move':
      return `${SIDE_NAME[e.side]}${e.phase === 'reaction' ? ' (reaction)' : ''} moves ${moveText(e, v, ctx)}`;
    case 'combat':
      return `${SIDE_NAME[e.side]} attacks ${e.hexes.map((h) => v.hex(h)).join(', ')}: odds ${v.odds(e.column, e.belowLowest)}, roll ${e.roll}, modified ${e.modified}: ${combatResult(e)}`;
    case 'loss':
      return lossText(e, v);
    case 'retreat':
      return `${SIDE_ADJ[e.side]} ${v.unit(e.unit)} ${e.rout ? 'routs' : 'retreats'} from ${v.hex(e.from)} to ${v.hex(e.to)}`;
    case 'advance':
      return `${SIDE_ADJ[e.side]} ${v.unit(e.unit)} ${e.attacker ? 'advances' : 'occupies'} from ${v.hex(e.from)} into ${v.hex(e.to)}`;
    case 'capture':
      return `${SIDE_NAME[e.side]} takes ${v.hex(e.hex)}${e.how === 'movement' ? ' by movement' : e.how === 'advance' ? ' by advance after combat' : ''}`;
    case 'control':
      return `${SIDE_NAME[e.side]} takes control of ${v.hex(e.hex)}`;
    case 'supply':
      return `${SIDE_ADJ[e.side]} supply: LOC ${e.locLength}, radius ${e.radius}`;
    case 'reinforcement':
      return `${SIDE_ADJ[e.side]} reinforcement: ${v.unit(e.unit, ctx?.type === 'reinforcement' ? ctx.values : v.fullValues(e.unit))} at ${v.hex(e.hex)}`;
    case 'replacement':
      return `${SIDE_ADJ[e.side]} ${v.unit(e.unit)} receives a replacement (${e.rule})`;
    case 'unplaced':
      return `${v.unit(e.unit)} cannot be placed and returns to the pile (${e.rule})`;
    case 'pileRefilled':
      return `${SIDE_NAME[e.side]}'s dead pile becomes its reinforcement pile (${e.rule})`;
    case 'leader':
      return leaderText(e, v);
    case 'truce':
      return truceText(e);
    case 'build':
      return `${SIDE_ADJ[e.side]} ${e.what}${e.unit < 0 ? ' (set-up)' : ''} at ${v.hex(e.hex)}`;
    case 'trailLost':
      return `A trail reverts to its terrain at ${v.hex(e.hex)} (${e.rule})`;
    case 'wellDestroyed':
      return `A well is destroyed at ${v.hex(e.hex)} (${e.rule})`;
    case 'truckLost':
      return `A ${SIDE_ADJ[e.side]} truck is destroyed at ${v.hex(e.hex)} (${e.rule})`;
    case 'cspCaptured':
      return `${e.captured} of ${e.captured + e.lost} enemy CSP captured, the rest destroyed (${e.rule})`;
    case 'ghqRemoved':
      return `${SIDE_ADJ[e.side]} GHQ removed from the map (${e.rule}${e.cause === 'voluntary' ? ', voluntary' : ''})`;
    case 'end':
      return endText(e);
  }
}
