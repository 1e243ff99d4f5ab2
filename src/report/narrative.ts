// A replayed game told turn by turn in Markdown, for a wargamer: names rather than indices, every combat
// with its odds, modifiers, roll and result, losses, retreats, captures, VP with their reasons, the end.
import { hexLabel } from '../core/hex.js';
import type { GameEvent } from '../core/events.js';
import { DEFAULT_OPTIONS, OPTION_DEFS, effectiveTurns, type RulesOptions } from '../core/options.js';
import type { Scenario } from '../core/scenario.js';
import { BOL, PAR, otherSide, type Side } from '../core/side.js';
import { GONE, IN_CUP, IN_DEAD, IN_PILE, OFF_MAP, boxOf, isBox, type GameState } from '../core/state.js';
import { monthName } from '../data/schema-common.js';
import type { EventContext, RecordedGame } from './replay-record.js';
import { unitValues } from './setup-svg.js';

export interface NarrativeInput {
  readonly scenario: Scenario;
  readonly options: RulesOptions;
  /** The run seed and the game's index in the run (games.csv `game`). */
  readonly runSeed: string;
  readonly game: number;
  readonly par: string;
  readonly bol: string;
  /** Starting VP added to each side, [PAR, BOL]. */
  readonly handicap?: readonly [number, number];
  readonly recorded: RecordedGame;
  /** The map file of each player turn, keyed `${turn}:${side}` (0-based turn). */
  readonly maps?: ReadonlyMap<string, string>;
  readonly setupMap?: string;
  /** The command that replays this game, shown in the heading. */
  readonly command?: string;
}

const SIDE_NAME = ['Paraguay', 'Bolivia'] as const;
/** The rule of each kind of engineer work (construction.ts BUILD_NAMES). */
const BUILD_RULE: Record<string, string> = { entrenchment: '14.3', fortification: '14.4', trail: '14.5', well: '14.6' };
const SIDE_ADJ = ['Paraguayan', 'Bolivian'] as const;

/** The rule of each combat modifier the engine lists (combat-odds.ts combatModifiers). */
function modifierRule(reason: string): string | null {
  if (reason === 'defender terrain' || reason === 'attacking from Clear') return '12.13';
  if (reason.startsWith('leader ')) return '12.14';
  if (reason === 'attacker air' || reason === 'defender air') return '13.3';
  if (reason === 'mounted cavalry') return '10.13';
  return null;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Names and places of one game: the vocabulary of the narrative. */
class Names {
  private readonly unitsByName: [Map<string, number>, Map<string, number>] = [new Map(), new Map()];
  private readonly leadersByName: [Map<string, number>, Map<string, number>] = [new Map(), new Map()];

  constructor(readonly scenario: Scenario) {
    scenario.counters.units.forEach((d, u) => this.unitsByName[d.side].set(d.name, u));
    scenario.counters.leaders.forEach((d, l) => this.leadersByName[d.side].set(d.name, l));
  }

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
      case GONE: return 'off the map';
      case IN_DEAD: return 'the dead pile';
      case IN_PILE: return 'the pile';
      case IN_CUP: return 'the cup';
      case OFF_MAP: return 'off the map';
      default: return 'a clearing hexside';
    }
  }

  place(h: number): string {
    const p = this.scenario.map.place_h[h]!;
    return p >= 0 ? this.scenario.map.places[p]!.name : hexLabel(this.scenario.map.grid, h);
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

  leader(l: number): string {
    const d = this.scenario.counters.leaders[l];
    if (!d) return `leader ${l}`;
    return d.named ? d.name : `leader ${d.name}`;
  }

  unitNamed(side: Side, name: string): number {
    return this.unitsByName[side].get(name) ?? -1;
  }

  leaderNamed(side: Side, name: string): number {
    return this.leadersByName[side].get(name) ?? -1;
  }

  /** "leader P-FERNA" -> "leader Fernández". */
  modifier(reason: string): string {
    if (!reason.startsWith('leader ')) return reason;
    const id = reason.slice('leader '.length);
    const l = this.scenario.counters.leaderIndex.get(id);
    return l === undefined ? reason : `leader ${this.scenario.counters.leaders[l]!.name}`;
  }

  /** The log names leaders by name; an unnamed one ("A", "B") reads better as "leader A". */
  leaderText(text: string): string {
    let out = text;
    for (const d of this.scenario.counters.leaders) {
      if (d.named) continue;
      const n = d.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      out = out.replace(new RegExp(`\\b(replace|by|displaced) ${n}\\b`, 'g'), `$1 leader ${d.name}`).replace(new RegExp(`^${n} displaced`), `Leader ${d.name} displaced`);
    }
    return out;
  }

  month(turn: number): string {
    return monthName(this.scenario.startMonth + turn);
  }
}

// ---------------------------------------------------------------------------------------------
// The game's structure: set-up, then turns of two player turns of phases.

interface Item {
  readonly e: GameEvent;
  readonly ctx: EventContext | undefined;
  readonly index: number;
}

interface PhaseBlock {
  readonly name: string;
  readonly items: Item[];
}

interface PlayerTurnBlock {
  readonly side: Side;
  readonly phases: PhaseBlock[];
}

interface TurnBlock {
  readonly turn: number;
  readonly rainy: boolean;
  readonly truce: boolean;
  /** The Weather & Truce Check: rolls, truce events, a refusal's VP. */
  readonly before: Item[];
  readonly playerTurns: PlayerTurnBlock[];
}

interface Structure {
  readonly setup: Item[];
  readonly turns: TurnBlock[];
  /** Weather & Truce events of a turn that never began (the game ended in the check). */
  readonly trailing: Item[];
}

const WEATHER_TRUCE_RULES = new Set(['5.0', '6.1', '6.4']);

function structure(events: readonly GameEvent[], contexts: readonly (EventContext | undefined)[]): Structure {
  const setup: Item[] = [];
  const turns: TurnBlock[] = [];
  let pending: Item[] = [];
  let stage: 'setup' | 'check' | 'play' = 'setup';
  let phase: PhaseBlock | null = null;
  events.forEach((e, index) => {
    const item = { e, ctx: contexts[index], index };
    const checkEvent = e.type === 'truce' || (e.type === 'roll' && WEATHER_TRUCE_RULES.has(e.rule));
    if (e.type === 'turn') {
      turns.push({ turn: e.turn, rainy: e.rainy, truce: e.truce, before: pending, playerTurns: [] });
      pending = [];
      stage = 'play';
      phase = null;
      return;
    }
    if (checkEvent) stage = 'check';
    if (stage === 'setup') { setup.push(item); return; }
    if (stage === 'check') { pending.push(item); return; }
    const turn = turns[turns.length - 1]!;
    if (e.type === 'phase') {
      if (e.phase === 'supply' || turn.playerTurns.length === 0) turn.playerTurns.push({ side: e.side, phases: [] });
      phase = { name: e.phase, items: [] };
      turn.playerTurns[turn.playerTurns.length - 1]!.phases.push(phase);
      return;
    }
    if (phase) phase.items.push(item);
    else pending.push(item);
  });
  return { setup, turns, trailing: pending };
}

// ---------------------------------------------------------------------------------------------
// Rendering.

class Narrator {
  readonly out: string[] = [];
  readonly n: Names;

  constructor(readonly input: NarrativeInput) {
    this.n = new Names(input.scenario);
  }

  line(text = ''): void {
    this.out.push(text);
  }

  // --- single events, as the text of a bullet ---

  vp(e: Extract<GameEvent, { type: 'vp' }>): string {
    return `${SIDE_NAME[e.side]} ${signed(e.delta)} VP: ${this.n.leaderText(e.reason)} (${e.rule}); now ${e.total}`;
  }

  loss(e: Extract<GameEvent, { type: 'loss' }>): string {
    const who = `${SIDE_ADJ[e.side]} ${this.n.unit(e.unit)}`;
    const why = `${e.reason}, ${e.rule}`;
    switch (e.result) {
      case 'reduced': return `${who} reduced to ${this.n.reducedValues(e.unit)} (${why})`;
      case 'eliminated': return `${who} eliminated (${why})`;
      case 'surrendered': return `${who} surrenders (${why})`;
    }
  }

  capture(e: Extract<GameEvent, { type: 'capture' }>): string {
    const how = e.how === 'movement' ? ' by movement' : e.how === 'advance' ? ' by advance after combat' : '';
    return `${SIDE_NAME[e.side]} takes ${this.n.hex(e.hex)}${how}`;
  }

  leader(e: Extract<GameEvent, { type: 'leader' }>): string {
    const who = `${SIDE_ADJ[e.side]} ${this.n.leader(e.leader)}`;
    if (e.reason === 'new leader') return `New ${SIDE_ADJ[e.side]} leader: ${this.n.leader(e.leader)} arrives at ${this.n.hex(e.to)} (${e.rule})`;
    if (e.reason.startsWith('displaced')) return `${who} is displaced to ${this.n.hex(e.to)} (${e.reason.replace(/^displaced \((.*)\)$/, 'by $1')}; ${e.rule})`;
    if (e.to === IN_DEAD) return `${who} leaves the front: ${e.reason} (${e.rule})`;
    return `${who}: ${e.reason}, to ${this.n.hex(e.to)} (${e.rule})`;
  }

  roll(e: Extract<GameEvent, { type: 'roll' }>): string {
    const r = `roll ${e.roll}${e.modified !== undefined && e.modified !== e.roll ? `, modified ${e.modified}` : ''}`;
    if (e.rule === '6.1') return e.what.endsWith(': truce') ? `A truce is declared: second truce roll ${e.roll} (6.1)` : `No truce: second truce roll ${e.roll} (6.1)`;
    if (e.rule === '6.4') return e.what.endsWith(': yes') ? `The truce continues: roll ${e.roll} (6.4)` : `The truce ends: roll ${e.roll} (6.4)`;
    let what = this.n.leaderText(e.what);
    if (what.startsWith('replace ')) what = `attempt to replace ${what.slice('replace '.length)}`;
    else if (what === 'voluntary replacement of the army commander') what = 'attempt to replace the army commander';
    return `${capital(what)}: ${r} (${e.rule})`;
  }

  truce(e: Extract<GameEvent, { type: 'truce' }>): string {
    switch (e.state) {
      case 'started': return 'A truce is declared (6.1)';
      case 'continued': return 'The truce continues (6.4)';
      case 'ended': return 'The truce ends (6.4)';
      case 'refused': return `${SIDE_NAME[e.side ?? PAR]} refuses the truce (6.2, I-6)`;
    }
  }

  end(e: Extract<GameEvent, { type: 'end' }>): string {
    const how = e.how === 'sudden_death' ? 'by sudden death (16.4)' : e.how === 'settlement' ? 'by a negotiated settlement (16.1)' : 'at the end of the scenario (16.3)';
    return `**The game ends: ${SIDE_NAME[e.winner]} wins ${how}.**`;
  }

  event(item: Item): string {
    const e = item.e;
    switch (e.type) {
      case 'vp': return this.vp(e);
      case 'loss': return this.loss(e);
      case 'capture': return this.capture(e);
      case 'control': return `${SIDE_NAME[e.side]} takes control of ${this.n.hex(e.hex)}`;
      case 'leader': return this.leader(e);
      case 'roll': return this.roll(e);
      case 'truce': return this.truce(e);
      case 'end': return this.end(e);
      case 'note': return `${capital(e.text)}${e.rule ? ` (${e.rule.replace(/ \((.*)\)$/, ', $1')})` : ''}`;
      case 'build': return `${SIDE_ADJ[e.side]} ${e.what} at ${this.n.hex(e.hex)}`;
      case 'reinforcement': return `${SIDE_ADJ[e.side]} reinforcement: ${this.n.unit(e.unit, item.ctx?.type === 'reinforcement' ? item.ctx.values : this.n.fullValues(e.unit))} at ${this.n.hex(e.hex)}`;
      case 'retreat': return `${SIDE_ADJ[e.side]} ${this.n.unit(e.unit)} ${e.rout ? 'routs' : 'moves'} from ${this.n.hex(e.from)} to ${this.n.hex(e.to)}`;
      case 'move': return this.move(e, item.ctx);
      case 'combat': return `${SIDE_NAME[e.side]} attacks ${e.hexes.map((h) => this.n.hex(h)).join(', ')}: odds ${e.odds}, roll ${e.roll}, modified ${e.modified}: ${e.result}`;
      case 'supply': return `${SIDE_ADJ[e.side]} supply: LOC ${e.locLength}, radius ${e.radius}`;
      case 'setup': return `${SIDE_ADJ[e.side]} ${e.piece} sets up at ${this.n.hex(e.hex)}`;
      case 'turn': return `Turn ${e.turn + 1}`;
      case 'phase': return `${SIDE_ADJ[e.side]} ${e.phase} phase`;
    }
  }

  bullets(items: readonly Item[], indent = ''): void {
    for (const item of items) this.line(`${indent}- ${this.event(item)}`);
  }

  // --- moves ---

  pieces(e: Extract<GameEvent, { type: 'move' }>, ctx: EventContext | undefined): string {
    const values = ctx?.type === 'move' ? ctx.values : [];
    return list(e.pieces.map((p, i) => {
      const v = values[i];
      if (v) return `${p} ${v}`;
      const l = this.n.leaderNamed(e.side, p);
      if (l >= 0) return this.n.leader(l);
      const u = this.n.unitNamed(e.side, p);
      return u >= 0 ? this.n.unit(u) : p;
    }));
  }

  move(e: Extract<GameEvent, { type: 'move' }>, ctx: EventContext | undefined): string {
    const steps = e.path.filter((h) => h !== -1).length - 1;
    const from = e.path[0]!, to = e.path[e.path.length - 1]!;
    return `${this.pieces(e, ctx)}: ${this.n.hex(from)} → ${this.n.hex(to)}${steps > 1 ? ` (${steps} hexes)` : ''}`;
  }

  /** Movement and reaction movement: a bullet per move, with what the move caused (logged before it) under it. */
  movementPhase(items: readonly Item[]): void {
    let caused: Item[] = [];
    let trucks = 0, csp = 0;
    let moves = 0;
    for (const item of items) {
      const e = item.e;
      if (e.type !== 'move') { caused.push(item); continue; }
      const onlySupply = e.pieces.every((p) => p === 'truck' || /^\d+ CSP$/.test(p));
      if (onlySupply && caused.length === 0) {
        for (const p of e.pieces) { if (p === 'truck') trucks++; else csp += Number(p.split(' ')[0]); }
        continue;
      }
      moves++;
      this.line(`- ${this.move(e, item.ctx)}`);
      this.bullets(caused, '  ');
      caused = [];
    }
    this.bullets(caused);
    const other: string[] = [];
    if (trucks > 0) other.push(`${plural(trucks, 'truck move')}`);
    if (csp > 0) other.push(`${csp} CSP moved`);
    if (other.length > 0) this.line(`- ${moves > 0 ? 'Also ' : ''}${list(other)}`);
  }

  // --- combat ---

  combat(e: Extract<GameEvent, { type: 'combat' }>, ctx: EventContext | undefined): void {
    const c = ctx?.type === 'combat' ? ctx : null;
    const byHex = new Map<number, string[]>();
    e.attackers.forEach((u, i) => {
      const h = c ? c.attackerHexes[i]! : -1;
      const names = byHex.get(h) ?? [];
      names.push(this.n.unit(u, c?.attackerValues[i]));
      byHex.set(h, names);
    });
    const attackers = [...byHex].map(([h, names]) => (h === -1 ? list(names) : `${list(names)} from ${this.n.hex(h)}`)).join('; ');
    const defenders = list(e.defenders.map((u, i) => this.n.unit(u, c?.defenderValues[i])));
    const target = list(e.hexes.map((h) => this.n.hex(h)));
    this.line(`- **${SIDE_NAME[e.side]} attacks ${target}** with ${attackers}, against ${defenders || 'no combat units'}.`);
    const mods = e.modifiers.map((m) => {
      const rule = modifierRule(m.reason);
      return `${this.n.modifier(m.reason)} ${signed(m.value)}${rule ? ` (${rule})` : ''}`;
    });
    const total = e.modifiers.reduce((a, m) => a + m.value, 0);
    const modText = mods.length === 0 ? 'no modifiers' : `modifiers ${mods.join(', ')}${mods.length > 1 ? `, net ${signed(total)}` : ''}`;
    this.line(`  Attack ${e.attack} against defence ${e.defence}: odds ${e.odds}; ${modText}. Roll ${e.roll}, modified ${e.modified}: **${e.result}**.`);
  }

  /** What followed a combat (or a barrage): retreat checks joined to their retreats, advances, losses, VP. */
  consequences(items: readonly Item[], attacker: Side | null, indent: string): void {
    // A retreat event without a retreat check just before it is a move after combat: an advance (12.11),
    // or the defender occupying the attacker's emptied hex (12.9).
    const checked = (i: number) => {
      const e = items[i]!.e, prev = items[i - 1]?.e;
      return e.type === 'retreat' && prev?.type === 'roll' && prev.rule === '12.7' && prev.what === `${this.n.unit(e.unit)}: ${e.rout ? 'rout' : 'retreat'}`;
    };
    const isAdvance = (i: number) => items[i]!.e.type === 'retreat' && !checked(i);
    const done = new Set<number>();
    for (let i = 0; i < items.length; i++) {
      if (done.has(i)) continue;
      const { e } = items[i]!;
      if (e.type === 'roll' && e.rule === '12.7') {
        const check = `${e.what.split(': ').pop()} check roll ${e.roll}${e.modified !== undefined && e.modified !== e.roll ? `, modified ${e.modified}` : ''}`;
        const next = items[i + 1]?.e;
        if (next?.type === 'retreat' && checked(i + 1)) {
          this.line(`${indent}- ${SIDE_ADJ[next.side]} ${this.n.unit(next.unit)} ${next.rout ? 'routs' : 'retreats'} from ${this.n.hex(next.from)} to ${this.n.hex(next.to)} (${check}; 12.7)`);
          done.add(i + 1);
        } else {
          this.line(`${indent}- ${e.what.replace(/: (rout|retreat)$/, '')}: ${check} (12.7)`);
        }
        continue;
      }
      if (e.type === 'retreat' && isAdvance(i)) {
        const group: Extract<GameEvent, { type: 'retreat' }>[] = [];
        for (let j = i; j < items.length; j++) {
          const x = items[j]!.e;
          if (x.type === 'retreat' && x.side === e.side && isAdvance(j)) { group.push(x); done.add(j); }
        }
        const verb = attacker === null || e.side === attacker ? 'advances' : 'occupies';
        const legs = new Map<string, { from: number; to: number; units: string[] }>();
        for (const x of group) {
          const leg = legs.get(`${x.from}>${x.to}`) ?? { from: x.from, to: x.to, units: [] };
          leg.units.push(this.n.unit(x.unit));
          legs.set(`${x.from}>${x.to}`, leg);
        }
        this.line(`${indent}- ${SIDE_NAME[e.side]} ${verb}: ${[...legs.values()].map((l) => `${list(l.units)} from ${this.n.hex(l.from)} into ${this.n.hex(l.to)}`).join('; ')}`);
        continue;
      }
      this.line(`${indent}- ${this.event(items[i]!)}`);
    }
  }

  /** A combat phase; `side` attacks in it (barrages name no side in the log). */
  combatPhase(items: readonly Item[], side: Side | null = null): void {
    let i = 0;
    const lead: Item[] = [];
    while (i < items.length && items[i]!.e.type !== 'combat' && !(items[i]!.e.type === 'roll' && (items[i]!.e as { rule: string }).rule === '13.2')) lead.push(items[i++]!);
    this.bullets(lead);
    while (i < items.length) {
      const head = items[i++]!;
      const rest: Item[] = [];
      while (i < items.length && items[i]!.e.type !== 'combat' && !(items[i]!.e.type === 'roll' && (items[i]!.e as { rule: string }).rule === '13.2')) rest.push(items[i++]!);
      if (head.e.type === 'combat') {
        this.combat(head.e, head.ctx);
        this.consequences(rest, head.e.side, '  ');
      } else {
        const r = head.e as Extract<GameEvent, { type: 'roll' }>;
        const m = /^barrage of (\d+) artillery: (\d+) steps lost$/.exec(r.what);
        const roll = `roll ${r.roll}${r.modified !== undefined && r.modified !== r.roll ? `, modified ${r.modified}` : ''}`;
        const by = side === null ? '' : ` by ${SIDE_NAME[side]}`;
        this.line(m
          ? `- **Barrage**${by} (13.2): ${m[1] === '0' ? 'less than one artillery unit, no column' : `${m[1]}-artillery column`}; ${roll}: ${plural(Number(m[2]), 'step')} lost`
          : `- **Barrage**${by}: ${this.roll(r)}`);
        this.consequences(rest, null, '  ');
      }
    }
  }

  // --- supply and new units ---

  supplyPhase(items: readonly Item[], side: Side): void {
    let i = 0;
    let table: Extract<GameEvent, { type: 'roll' }> | null = null;
    const rest: Item[] = [];
    for (; i < items.length; i++) {
      const item = items[i]!, e = item.e;
      if (e.type === 'roll' && e.rule === '8.2') { table = e; continue; }
      if (e.type === 'supply') {
        const parts: string[] = [];
        parts.push(e.locLength >= 0 ? `LOC ${plural(e.locLength, 'hex', 'hexes')}, supply radius ${e.radius}` : `no LOC, supply radius ${e.radius}`);
        if (table) {
          const won: string[] = [];
          if (e.csp > 0) won.push(`${e.csp} CSP`);
          if (e.replacements > 0) won.push(plural(e.replacements, 'replacement'));
          if (e.truck) won.push('a truck');
          parts.push(`Supply Table roll ${table.roll}, row ${table.modified ?? table.roll}: ${won.length > 0 ? list(won) : 'nothing'}`);
        }
        const out = item.ctx?.type === 'supply' ? item.ctx.outOfSupply : null;
        if (e.outOfSupply === 0) parts.push('every unit in General Supply');
        else parts.push(`${plural(e.outOfSupply, 'unit')} out of General Supply${out ? `: ${list(out.map((u, k) => `${this.n.unit(u)} at ${this.n.hex(item.ctx?.type === 'supply' ? item.ctx.hexes[k]! : -1)}`))}` : ''}`);
        this.line(`- **Supply** (8): ${parts.join('; ')}.`);
        table = null;
        continue;
      }
      if (e.type === 'roll' && e.rule === '8.12') {
        const name = e.what.replace(/^attrition: /, '');
        const u = this.n.unitNamed(side, name);
        const next = items[i + 1]?.e;
        let outcome = 'no effect';
        if (next?.type === 'loss' && next.unit === u) {
          outcome = next.result === 'reduced' ? `reduced to ${this.n.reducedValues(u)}` : next.result === 'surrendered' ? 'surrenders' : 'eliminated';
          i++;
        }
        rest.push({ e: { type: 'note', text: `attrition: ${name} roll ${e.roll}${e.modified !== undefined && e.modified !== e.roll ? `, modified ${e.modified}` : ''}: ${outcome}`, rule: '8.12' }, ctx: undefined, index: item.index });
        continue;
      }
      rest.push(item);
    }
    // Attrition without effect is folded into one line; the rest as bullets.
    const quiet = rest.filter((x) => x.e.type === 'note' && x.e.rule === '8.12' && x.e.text.endsWith(': no effect'));
    const loud = rest.filter((x) => !quiet.includes(x));
    if (quiet.length > 0) {
      this.line(`- Attrition (8.12) without effect: ${quiet.map((x) => (x.e as { text: string }).text.replace(/^attrition: /, '').replace(/: no effect$/, '')).join('; ')}`);
    }
    this.bullets(loud);
  }

  newUnitPhase(items: readonly Item[], side: Side): void {
    const reinforcements: string[] = [];
    const replacements: string[] = [];
    const rest: Item[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!, e = item.e;
      if (e.type === 'reinforcement') {
        reinforcements.push(`${this.n.unit(e.unit, item.ctx?.type === 'reinforcement' ? item.ctx.values : this.n.fullValues(e.unit))} at ${this.n.hex(e.hex)}`);
        continue;
      }
      if (e.type === 'note' && e.rule === '9.3' && e.text.endsWith(' receives a replacement')) {
        const name = e.text.slice(0, -' receives a replacement'.length);
        const u = this.n.unitNamed(side, name);
        replacements.push(u >= 0 ? `${name} (back to ${this.n.fullValues(u)})` : name);
        continue;
      }
      if (e.type === 'vp' && e.reason === 'call-up') {
        const next = items[i + 1]?.e;
        const roll = next?.type === 'roll' && next.rule === '9.5' ? next : null;
        if (roll) i++;
        this.line(`- **Call-up** (9.5): ${signed(e.delta)} VP, now ${e.total}${roll ? `; roll ${roll.roll}: ${plural(roll.roll, 'extra unit')}` : ''}`);
        continue;
      }
      rest.push(item);
    }
    if (replacements.length > 0) this.line(`- **Replacements** (9.3): ${list(replacements)}`);
    if (reinforcements.length > 0) this.line(`- **Reinforcements** (9.4): ${list(reinforcements)}`);
    this.bullets(rest);
  }

  constructionPhase(items: readonly Item[]): void {
    const built: string[] = [];
    const rest: Item[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!, e = item.e;
      if (e.type === 'roll' && e.rule === '14.6' && e.what === 'well dug' && items[i + 1]?.e.type === 'build') {
        const b = items[i + 1]!.e as Extract<GameEvent, { type: 'build' }>;
        built.push(`a well at ${this.n.hex(b.hex)} (roll ${e.roll}; 14.6)`);
        i++;
        continue;
      }
      if (e.type === 'build') { built.push(`${e.what === 'entrenchment' ? 'an' : 'a'} ${e.what} at ${this.n.hex(e.hex)}${BUILD_RULE[e.what] ? ` (${BUILD_RULE[e.what]})` : ''}`); continue; }
      if (e.type === 'roll' && e.what === 'well not found') { rest.push({ ...item, e: { type: 'note', text: `no water found (roll ${e.roll})`, rule: '14.6' } }); continue; }
      rest.push(item);
    }
    if (built.length > 0) this.line(`- Engineers complete ${list(built)}`);
    this.bullets(rest);
  }

  // --- the whole document ---

  phase(p: PhaseBlock, side: Side): void {
    if (p.items.length === 0 && p.name !== 'supply') return;
    const enemy = SIDE_NAME[otherSide(side)];
    switch (p.name) {
      case 'supply': this.supplyPhase(p.items, side); return;
      case 'new units':
        this.sub('New units');
        this.newUnitPhase(p.items, side);
        return;
      case 'movement':
        this.sub(`Movement (${plural(p.items.filter((x) => x.e.type === 'move').length, 'move')})`);
        this.movementPhase(p.items);
        return;
      case 'reaction movement':
        this.sub(`Reaction movement by ${enemy} (${plural(p.items.filter((x) => x.e.type === 'move').length, 'move')})`);
        this.movementPhase(p.items);
        return;
      case 'first combat': this.sub('First combat'); this.combatPhase(p.items, side); return;
      case 'reaction combat': this.sub(`Reaction combat by ${enemy}`); this.combatPhase(p.items, otherSide(side)); return;
      case 'second combat': this.sub('Second combat'); this.combatPhase(p.items, side); return;
      case 'construction': this.sub('Construction'); this.constructionPhase(p.items); return;
      case 'political': this.sub('Political'); this.bullets(p.items); return;
      default: this.sub(capital(p.name)); this.bullets(p.items);
    }
  }

  sub(title: string): void {
    this.line();
    this.line(`*${title}*`);
    this.line();
  }

  header(): void {
    const { scenario, recorded, runSeed, game, par, bol, options } = this.input;
    const r = recorded.result;
    this.line(`# ${scenario.name} — game ${game} of run seed ${runSeed}`);
    this.line();
    const nonDefault = OPTION_DEFS.filter((d) => options[d.name as keyof RulesOptions] !== DEFAULT_OPTIONS[d.name as keyof RulesOptions])
      .map((d) => `${d.name}=${String(options[d.name as keyof RulesOptions])}`);
    const h = this.input.handicap ?? [0, 0];
    const handicap = ([PAR, BOL] as const).filter((s) => h[s] !== 0).map((s) => `${SIDE_NAME[s]} ${signed(h[s])} VP`);
    this.line(`Scenario ${scenario.id} (rule ${scenario.rule}), ${effectiveTurns(scenario, options)} turns from ${monthName(scenario.startMonth)}. `
      + `Paraguay played by the \`${par}\` policy, Bolivia by \`${bol}\`; game seed \`${r.seed}\`. `
      + `Rules options: ${nonDefault.length > 0 ? nonDefault.join(', ') : 'the defaults'}.`
      + `${handicap.length > 0 ? ` Handicap: ${list(handicap)} at the start.` : ''}`);
    if (this.input.command) {
      this.line();
      this.line(`Replay it: \`${this.input.command}\``);
    }
    this.line();
    this.line(`**Result:** ${this.resultSentence()}`);
    this.line();
    this.line('Hexes are given as XXYY (column, row) with the place name when there is one; units with their current values '
      + '(attack-defence-movement, artillery attack-(defence)-movement; one value for attack = defence). '
      + 'Combat results read attacker/defender: a number is the percentage of steps lost, R adds a retreat check, E eliminates, - is no effect.');
    this.line();
    this.line('| Turn | Month | Weather | VP PAR | VP BOL | Settlements PAR / BOL | Steps lost PAR / BOL |');
    this.line('|---:|---|---|---:|---:|---|---|');
    for (const t of r.turns) {
      this.line(`| ${t.turn + 1} | ${monthName(t.month)} | ${t.rainy ? 'rainy' : 'dry'}${t.truce ? ', truce' : ''} | ${t.vp[0]} | ${t.vp[1]} | ${t.settlementsHeld[0]} / ${t.settlementsHeld[1]} | ${t.stepsLost[0]} / ${t.stepsLost[1]} |`);
    }
  }

  resultSentence(): string {
    const r = this.input.recorded.result;
    const winner = r.winner === 'PAR' ? PAR : BOL;
    const loser = otherSide(winner);
    const when = `turn ${r.endTurn} (${this.n.month(r.endTurn - 1)})`;
    const level = r.level === 'tie' ? 'a tie on VP, decided by a coin flip (16.3)' : `a ${r.level} victory`;
    const vp = `VP ${r.vpPar} to ${r.vpBol} (margin ${signed(r.margin)}, Paraguay minus Bolivia)`;
    switch (r.end) {
      case 'sudden_death': return `${SIDE_NAME[winner]} wins by sudden death in ${when}: ${SIDE_NAME[loser]}'s VP fell below 0 (16.4). Final ${vp}: ${level}.`;
      case 'settlement': return `${SIDE_NAME[winner]} wins by a negotiated settlement at the end of truce ${when}, leading by 50 VP or more (16.1). Final ${vp}: ${level}.`;
      case 'scenario_end': return `${SIDE_NAME[winner]} wins at the end of the scenario, ${when}. Final ${vp}: ${level}.`;
    }
  }

  setupSection(items: readonly Item[]): void {
    const { scenario } = this.input;
    const s = this.input.recorded.setup;
    this.line();
    this.line('## Set-up');
    if (this.input.setupMap) {
      this.line();
      this.line(`Map: [${this.input.setupMap}](${this.input.setupMap})`);
    }
    for (const side of [PAR, BOL] as const) {
      this.line();
      const ac = s ? s.armyCommander_s[side]! : scenario.sides[side].armyCommander;
      this.line(`**${SIDE_NAME[side]}** starts with ${s ? s.vp_s[side] : scenario.sides[side].vp} VP; army commander ${this.n.leader(ac)}.`);
      this.line();
      if (!s) {
        const here = items.filter((x) => x.e.type === 'setup' && x.e.side === side);
        this.line(`- ${list(here.map((x) => this.event(x)))}`);
        continue;
      }
      for (const [h, text] of this.stacks(s, side)) this.line(`- ${this.n.hex(h)}: ${text}`);
    }
    const built = items.filter((x) => x.e.type === 'build').map((x) => (x.e.type === 'build' ? this.n.hex(x.e.hex) : ''));
    if (built.length > 0) {
      this.line();
      this.line(`Entrenchment markers placed at set-up: ${list(built)}.`);
    }
  }

  /** Every hex holding the side's pieces, with what is there (units, leaders, GHQ, trucks, CSP). */
  stacks(s: GameState, side: Side): [number, string][] {
    const c = s.counters;
    const at = new Map<number, string[]>();
    const add = (h: number, text: string) => { if (h >= 0 || isBox(h)) { const a = at.get(h) ?? []; a.push(text); at.set(h, a); } };
    for (let l = 0; l < s.loc_l.length; l++) if (c.side_l[l] === side) add(s.loc_l[l]!, `${l === s.armyCommander_s[side] ? '★' : ''}${this.n.leader(l)}`);
    for (let u = 0; u < s.loc_u.length; u++) if (c.side_u[u] === side) add(s.loc_u[u]!, this.n.unit(u, unitValues(c, u, s.reduced_u[u] === 1)) + (s.reduced_u[u] ? ' (reduced)' : ''));
    if (s.ghq_s[side]! >= 0) add(s.ghq_s[side]!, 'GHQ');
    const trucks = new Map<number, number>();
    for (let t = 0; t < s.loc_t.length; t++) if (s.side_t[t] === side && s.loc_t[t]! >= 0) trucks.set(s.loc_t[t]!, (trucks.get(s.loc_t[t]!) ?? 0) + 1);
    for (const [h, n] of trucks) add(h, plural(n, 'truck'));
    for (let h = 0; h < s.map.grid.size; h++) if (s.csp_hs[h * 2 + side]! > 0) add(h, `${s.csp_hs[h * 2 + side]} CSP`);
    return [...at].sort((a, b) => (a[0] < 0 ? 1e6 - a[0] : a[0]) - (b[0] < 0 ? 1e6 - b[0] : b[0])).map(([h, texts]) => [h, texts.join(', ')]);
  }

  turnSection(t: TurnBlock): void {
    this.line();
    this.line(`## Turn ${t.turn + 1}: ${this.n.month(t.turn)}`);
    this.line();
    const weather = t.rainy ? 'Rainy season (5.0)' : 'Dry season';
    const december = t.before.find((x) => x.e.type === 'roll' && x.e.rule === '5.0');
    const truceText = t.truce ? ' A truce is in effect this turn.' : '';
    this.line(`${weather}${december && december.e.type === 'roll' ? ` after the December roll of ${december.e.roll}` : ''}.${truceText}`);
    // A truce roll says what the truce event repeats: keep the roll, drop the echo (a refusal stays).
    const rolled = t.before.some((x) => x.e.type === 'roll' && (x.e.rule === '6.1' || x.e.rule === '6.4'));
    const rest = t.before.filter((x) => x !== december && !(rolled && x.e.type === 'truce' && x.e.state !== 'refused'));
    if (rest.length > 0) {
      this.line();
      this.bullets(rest);
    }
    for (const pt of t.playerTurns) {
      this.line();
      this.line(`### ${SIDE_ADJ[pt.side]} player turn`);
      this.line();
      // The end at the scenario's close or by settlement comes after the player turn, not in its last phase.
      const closing: Item[] = [];
      for (const p of pt.phases) {
        const last = p.items[p.items.length - 1];
        if (last?.e.type === 'end' && last.e.how !== 'sudden_death') closing.push(p.items.pop()!);
      }
      for (const p of pt.phases) this.phase(p, pt.side);
      if (closing.length > 0) {
        this.line();
        this.bullets(closing);
      }
      const snaps = this.input.recorded.snapshots;
      const k = snaps.findIndex((s) => s.turn === t.turn && s.side === pt.side);
      const snap = snaps[k];
      const before = k > 0 ? snaps[k - 1]!.state : this.input.recorded.setup;
      const vpOf = (side: Side) => {
        const now = snap!.state.vp_s[side]!;
        const delta = before ? now - before.vp_s[side]! : 0;
        return `${SIDE_NAME[side]} ${now}${delta !== 0 ? ` (${signed(delta)})` : ''}`;
      };
      this.line();
      const vp = snap ? ` VP: ${vpOf(PAR)}, ${vpOf(BOL)}.` : '';
      const file = this.input.maps?.get(`${t.turn}:${pt.side}`);
      this.line(`End of the ${SIDE_ADJ[pt.side]} player turn.${vp}${file ? ` Map: [${file}](${file})` : ''}`);
    }
  }

  endSection(): void {
    const r = this.input.recorded.result;
    const events = this.input.recorded.events;
    this.line();
    this.line('## The end');
    this.line();
    this.line(this.resultSentence());
    const endAt = events.findIndex((e) => e.type === 'end');
    if (r.end === 'sudden_death' && endAt > 0) {
      const last = events[endAt - 1];
      if (last?.type === 'vp') this.line(`The last blow: ${this.vp(last)}.`);
    }
    this.line();
    this.line(`- Steps lost: Paraguay ${r.stepsLost[0]}, Bolivia ${r.stepsLost[1]}`);
    this.line(`- Units eliminated: Paraguay ${r.eliminated[0]}, Bolivia ${r.eliminated[1]}`);
    this.line(`- Settlements captured: Paraguay ${r.captured[0]}, Bolivia ${r.captured[1]}`);
    this.line(`- Turns of truce: ${r.truceTurns}; rainy turns: ${r.rainTurns}`);
  }
}

/** The narrative of a recorded game, as Markdown. */
export function narrate(input: NarrativeInput): string {
  const nr = new Narrator(input);
  const st = structure(input.recorded.events, input.recorded.contexts);
  nr.header();
  nr.setupSection(st.setup);
  for (const t of st.turns) nr.turnSection(t);
  if (st.trailing.length > 0) {
    nr.line();
    nr.line('## After the last turn');
    nr.line();
    nr.bullets(st.trailing);
  }
  nr.endSection();
  return `${nr.out.join('\n')}\n`;
}
