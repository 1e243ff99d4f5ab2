// A replayed game told turn by turn in Markdown, for a wargamer: names rather than indices, every combat
// with its odds, modifiers, roll and result, losses, retreats, captures, VP with their reasons, the end.
import type { EventOf, GameEvent, RollEvent } from '../core/events.js';
import { DEFAULT_OPTIONS, OPTION_DEFS, effectiveTurns, type RulesOptions } from '../core/options.js';
import type { Scenario } from '../core/scenario.js';
import { BOL, PAR, otherSide, type Side } from '../core/side.js';
import { isBox, type GameState } from '../core/state.js';
import { monthName } from '../data/schema-common.js';
import {
  SIDE_ADJ, SIDE_NAME, Vocabulary, capital, combatResult, eventText, list, lossOutcome, moveText, plural, rollFigures, signed, vpText,
} from './event-text.js';
import { weatherOrTruce, type EventContext, type RecordedGame } from './replay-record.js';
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

/** The rule of each kind of engineer work. */
const BUILD_RULE: Record<EventOf<'build'>['what'], string> = { entrenchment: '14.3', fortification: '14.4', trail: '14.5', well: '14.6' };

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

function structure(events: readonly GameEvent[], contexts: readonly (EventContext | undefined)[]): Structure {
  const setup: Item[] = [];
  const turns: TurnBlock[] = [];
  let pending: Item[] = [];
  let stage: 'setup' | 'check' | 'play' = 'setup';
  let phase: PhaseBlock | null = null;
  events.forEach((e, index) => {
    const item = { e, ctx: contexts[index], index };
    const checkEvent = weatherOrTruce(e);
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
  readonly n: Vocabulary;

  constructor(readonly input: NarrativeInput) {
    this.n = new Vocabulary(input.scenario);
  }

  line(text = ''): void {
    this.out.push(text);
  }

  event(item: Item): string {
    return eventText(item.e, this.n, item.ctx);
  }

  bullets(items: readonly Item[], indent = ''): void {
    for (const item of items) this.line(`${indent}- ${this.event(item)}`);
  }

  /** Movement and reaction movement: a bullet per move, with what the move caused (logged before it) under it. */
  movementPhase(items: readonly Item[]): void {
    let caused: Item[] = [];
    let trucks = 0, csp = 0;
    let moves = 0;
    for (const item of items) {
      const e = item.e;
      if (e.type !== 'move') { caused.push(item); continue; }
      const onlySupply = e.units.length === 0 && e.leaders.length === 0 && !e.ghq;
      if (onlySupply && caused.length === 0) {
        trucks += e.trucks.length;
        csp += e.csp;
        continue;
      }
      moves++;
      this.line(`- ${moveText(e, this.n, item.ctx)}`);
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

  combat(e: EventOf<'combat'>, ctx: EventContext | undefined): void {
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
    const mods = e.modifiers.map((m) => `${this.n.modifier(m)} ${signed(m.value)} (${m.rule})`);
    const total = e.modifiers.reduce((a, m) => a + m.value, 0);
    const modText = mods.length === 0 ? 'no modifiers' : `modifiers ${mods.join(', ')}${mods.length > 1 ? `, net ${signed(total)}` : ''}`;
    this.line(`  Attack ${e.attack} against defence ${e.defence}: odds ${this.n.odds(e.column, e.belowLowest)}; ${modText}. Roll ${e.roll}, modified ${e.modified}: **${combatResult(e)}**.`);
  }

  /** What followed a combat (or a barrage): retreat checks joined to their retreats, advances, losses, VP. */
  consequences(items: readonly Item[], indent: string): void {
    const done = new Set<number>();
    for (let i = 0; i < items.length; i++) {
      if (done.has(i)) continue;
      const { e } = items[i]!;
      if (e.type === 'roll' && e.kind === 'retreat') {
        // 12.7: the check, with the retreat or rout it caused when the unit could move.
        const check = `${e.rout ? 'rout' : 'retreat'} check ${rollFigures(e.roll, e.modified)}`;
        const next = items[i + 1]?.e;
        if (next?.type === 'retreat' && next.unit === e.unit) {
          this.line(`${indent}- ${SIDE_ADJ[next.side]} ${this.n.unit(next.unit)} ${next.rout ? 'routs' : 'retreats'} from ${this.n.hex(next.from)} to ${this.n.hex(next.to)} (${check}; ${e.rule})`);
          done.add(i + 1);
        } else {
          this.line(`${indent}- ${this.n.unit(e.unit)}: ${check} (${e.rule})`);
        }
        continue;
      }
      if (e.type === 'advance') {
        // 12.11, 12.9: the side's moves after this combat, one line grouped by leg.
        const legs = new Map<string, { from: number; to: number; units: string[] }>();
        for (let j = i; j < items.length; j++) {
          const x = items[j]!.e;
          if (x.type !== 'advance' || x.side !== e.side) continue;
          done.add(j);
          const leg = legs.get(`${x.from}>${x.to}`) ?? { from: x.from, to: x.to, units: [] };
          leg.units.push(this.n.unit(x.unit));
          legs.set(`${x.from}>${x.to}`, leg);
        }
        this.line(`${indent}- ${SIDE_NAME[e.side]} ${e.attacker ? 'advances' : 'occupies'}: ${[...legs.values()].map((l) => `${list(l.units)} from ${this.n.hex(l.from)} into ${this.n.hex(l.to)}`).join('; ')}`);
        continue;
      }
      this.line(`${indent}- ${this.event(items[i]!)}`);
    }
  }

  /** A combat phase: its barrages and attacks, each with what followed it. */
  combatPhase(items: readonly Item[]): void {
    const isHead = (e: GameEvent) => e.type === 'combat' || (e.type === 'roll' && e.kind === 'barrage');
    let i = 0;
    const lead: Item[] = [];
    while (i < items.length && !isHead(items[i]!.e)) lead.push(items[i++]!);
    this.bullets(lead);
    while (i < items.length) {
      const head = items[i++]!;
      const rest: Item[] = [];
      while (i < items.length && !isHead(items[i]!.e)) rest.push(items[i++]!);
      if (head.e.type === 'combat') this.combat(head.e, head.ctx);
      else if (head.e.type === 'roll' && head.e.kind === 'barrage') {
        const b = head.e;
        this.line(`- **Barrage** by ${SIDE_NAME[b.side]} (${b.rule}): ${b.column === 0 ? 'less than one artillery unit, no column' : `${b.column}-artillery column`}; `
          + `${rollFigures(b.roll, b.modified)}: ${plural(b.steps, 'step')} lost`);
      }
      this.consequences(rest, '  ');
    }
  }

  // --- supply and new units ---

  supplyPhase(items: readonly Item[]): void {
    let table: Extract<RollEvent, { kind: 'supplyTable' }> | null = null;
    // Attrition rolls without effect are folded into one line; the rest are bullets, in order.
    const quiet: string[] = [];
    const rest: (Item | string)[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!, e = item.e;
      if (e.type === 'roll' && e.kind === 'supplyTable') { table = e; continue; }
      if (e.type === 'supply') {
        const parts: string[] = [];
        parts.push(e.locLength >= 0 ? `LOC ${plural(e.locLength, 'hex', 'hexes')}, supply radius ${e.radius}` : `no LOC, supply radius ${e.radius}`);
        if (table) {
          const won: string[] = [];
          if (e.csp > 0) won.push(`${e.csp} CSP`);
          if (e.replacements > 0) won.push(plural(e.replacements, 'replacement'));
          if (e.truck) won.push('a truck');
          parts.push(`Supply Table roll ${table.roll}, row ${table.modified}: ${won.length > 0 ? list(won) : 'nothing'}`);
        }
        const hexes = item.ctx?.type === 'supply' ? item.ctx.hexes : null;
        const out = e.outOfSupply.map((u, k) => `${this.n.unit(u)}${hexes ? ` at ${this.n.hex(hexes[k]!)}` : ''}`);
        if (out.length === 0) parts.push('every unit in General Supply');
        else parts.push(`${plural(out.length, 'unit')} out of General Supply: ${list(out)}`);
        this.line(`- **Supply** (8): ${parts.join('; ')}.`);
        table = null;
        continue;
      }
      if (e.type === 'roll' && e.kind === 'attrition') {
        const next = items[i + 1]?.e;
        const figures = `${this.n.unit(e.unit)} ${rollFigures(e.roll, e.modified)}`;
        if (next?.type === 'loss' && next.unit === e.unit) {
          rest.push(`Attrition: ${figures}: ${lossOutcome(next, this.n)} (${e.rule})`);
          i++;
        } else quiet.push(figures);
        continue;
      }
      rest.push(item);
    }
    if (quiet.length > 0) this.line(`- Attrition (8.12) without effect: ${quiet.join('; ')}`);
    for (const x of rest) this.line(`- ${typeof x === 'string' ? x : this.event(x)}`);
  }

  newUnitPhase(items: readonly Item[]): void {
    const reinforcements: string[] = [];
    const replacements: string[] = [];
    const rest: Item[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!, e = item.e;
      if (e.type === 'reinforcement') {
        reinforcements.push(`${this.n.unit(e.unit, item.ctx?.type === 'reinforcement' ? item.ctx.values : this.n.fullValues(e.unit))} at ${this.n.hex(e.hex)}`);
        continue;
      }
      if (e.type === 'replacement') {
        replacements.push(`${this.n.unit(e.unit)} (back to ${this.n.fullValues(e.unit)})`);
        continue;
      }
      if (e.type === 'vp' && e.cause === 'callUp') {
        const next = items[i + 1]?.e;
        const roll = next?.type === 'roll' && next.kind === 'callUp' ? next : null;
        if (roll) i++;
        this.line(`- **Call-up** (${e.rule}): ${signed(e.delta)} VP, now ${e.total}${roll ? `; roll ${roll.roll}: ${plural(roll.roll, 'extra unit')}` : ''}`);
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
    const rest: (Item | string)[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!, e = item.e;
      if (e.type === 'roll' && e.kind === 'well') {
        const b = items[i + 1]?.e;
        if (e.found && b?.type === 'build' && b.hex === e.hex) {
          built.push(`a well at ${this.n.hex(b.hex)} (roll ${e.roll}; ${e.rule})`);
          i++;
        } else if (!e.found) rest.push(`No water found (roll ${e.roll}) (${e.rule})`);
        else rest.push(item);
        continue;
      }
      if (e.type === 'build') { built.push(`${e.what === 'entrenchment' ? 'an' : 'a'} ${e.what} at ${this.n.hex(e.hex)} (${BUILD_RULE[e.what]})`); continue; }
      rest.push(item);
    }
    if (built.length > 0) this.line(`- Engineers complete ${list(built)}`);
    for (const x of rest) this.line(`- ${typeof x === 'string' ? x : this.event(x)}`);
  }

  // --- the whole document ---

  phase(p: PhaseBlock, side: Side): void {
    if (p.items.length === 0 && p.name !== 'supply') return;
    const enemy = SIDE_NAME[otherSide(side)];
    switch (p.name) {
      case 'supply': this.supplyPhase(p.items); return;
      case 'new units':
        this.sub('New units');
        this.newUnitPhase(p.items);
        return;
      case 'movement':
        this.sub(`Movement (${plural(p.items.filter((x) => x.e.type === 'move').length, 'move')})`);
        this.movementPhase(p.items);
        return;
      case 'reaction movement':
        this.sub(`Reaction movement by ${enemy} (${plural(p.items.filter((x) => x.e.type === 'move').length, 'move')})`);
        this.movementPhase(p.items);
        return;
      case 'first combat': this.sub('First combat'); this.combatPhase(p.items); return;
      case 'reaction combat': this.sub(`Reaction combat by ${enemy}`); this.combatPhase(p.items); return;
      case 'second combat': this.sub('Second combat'); this.combatPhase(p.items); return;
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
    const s = this.input.recorded.setup;
    this.line();
    this.line('## Set-up');
    if (this.input.setupMap) {
      this.line();
      this.line(`Map: [${this.input.setupMap}](${this.input.setupMap})`);
    }
    for (const side of [PAR, BOL] as const) {
      this.line();
      this.line(`**${SIDE_NAME[side]}** starts with ${s.vp_s[side]} VP; army commander ${this.n.leader(s.armyCommander_s[side]!)}.`);
      this.line();
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
    const december = t.before.find((x) => x.e.type === 'roll' && x.e.kind === 'weather');
    const truceText = t.truce ? ' A truce is in effect this turn.' : '';
    this.line(`${weather}${december && december.e.type === 'roll' ? ` after the December roll of ${december.e.roll}` : ''}.${truceText}`);
    // A truce roll says what the truce event repeats: keep the roll, drop the echo (a refusal stays).
    const rolled = t.before.some((x) => x.e.type === 'roll' && (x.e.kind === 'truce' || x.e.kind === 'truceContinues'));
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
      if (last?.type === 'vp') this.line(`The last blow: ${vpText(last, this.n)}.`);
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
