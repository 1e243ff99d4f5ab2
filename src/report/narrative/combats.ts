// Combat phases told from their records: each barrage (13.2) and attack (12.1-12.5) with its odds,
// modifiers, roll and result, then what followed it: losses, retreat checks joined to their retreats
// and routs (12.7, 12.8), advances and occupations (12.11, 12.9), captures and VP.
import type { EventOf, GameEvent } from '../../core/events.js';
import { SIDE_ADJ, SIDE_NAME, combatResult, list, plural, rollFigures, signed } from '../event-text.js';
import type { EventContext } from '../replay-record.js';
import type { Item, Writer } from './writer.js';

/** An attack: who attacked from where (values then), against whom, the odds, modifiers, roll and result. */
function combat(w: Writer, e: EventOf<'combat'>, ctx: EventContext | undefined): void {
  const { n } = w;
  const c = ctx?.type === 'combat' ? ctx : null;
  const byHex = new Map<number, string[]>();
  e.attackers.forEach((u, i) => {
    const h = c ? c.attackerHexes[i]! : -1;
    const names = byHex.get(h) ?? [];
    names.push(n.unit(u, c?.attackerValues[i]));
    byHex.set(h, names);
  });
  const attackers = [...byHex].map(([h, names]) => (h === -1 ? list(names) : `${list(names)} from ${n.hex(h)}`)).join('; ');
  const defenders = list(e.defenders.map((u, i) => n.unit(u, c?.defenderValues[i])));
  const target = list(e.hexes.map((h) => n.hex(h)));
  w.line(`- **${SIDE_NAME[e.side]} attacks ${target}** with ${attackers}, against ${defenders || 'no combat units'}.`);
  const mods = e.modifiers.map((m) => `${n.modifier(m)} ${signed(m.value)} (${m.rule})`);
  const total = e.modifiers.reduce((a, m) => a + m.value, 0);
  const modText = mods.length === 0 ? 'no modifiers' : `modifiers ${mods.join(', ')}${mods.length > 1 ? `, net ${signed(total)}` : ''}`;
  w.line(
    `  Attack ${e.attack} against defence ${e.defence}: odds ${n.odds(e.column, e.belowLowest)}; ${modText}. Roll ${e.roll}, modified ${e.modified}: **${combatResult(e)}**.`,
  );
}

/** What followed a combat (or a barrage): retreat checks joined to their retreats, advances, losses, VP. */
function consequences(w: Writer, items: readonly Item[], indent: string): void {
  const { n } = w;
  const done = new Set<number>();
  for (let i = 0; i < items.length; i++) {
    if (done.has(i)) continue;
    const { e } = items[i]!;
    if (e.type === 'roll' && e.kind === 'retreat') {
      // 12.7: the check, with the retreat or rout it caused when the unit could move.
      const check = `${e.rout ? 'rout' : 'retreat'} check ${rollFigures(e.roll, e.modified)}`;
      const next = items[i + 1]?.e;
      if (next?.type === 'retreat' && next.unit === e.unit) {
        w.line(
          `${indent}- ${SIDE_ADJ[next.side]} ${n.unit(next.unit)} ${next.rout ? 'routs' : 'retreats'} from ${n.hex(next.from)} to ${n.hex(next.to)} (${check}; ${e.rule})`,
        );
        done.add(i + 1);
      } else {
        w.line(`${indent}- ${n.unit(e.unit)}: ${check} (${e.rule})`);
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
        leg.units.push(n.unit(x.unit));
        legs.set(`${x.from}>${x.to}`, leg);
      }
      w.line(
        `${indent}- ${SIDE_NAME[e.side]} ${e.attacker ? 'advances' : 'occupies'}: ${[...legs.values()].map((l) => `${list(l.units)} from ${n.hex(l.from)} into ${n.hex(l.to)}`).join('; ')}`,
      );
      continue;
    }
    w.line(`${indent}- ${w.event(items[i]!)}`);
  }
}

const isHead = (e: GameEvent) => e.type === 'combat' || (e.type === 'roll' && e.kind === 'barrage');

/** A combat phase: its barrages and attacks, each with what followed it. */
export function combatPhase(w: Writer, items: readonly Item[]): void {
  let i = 0;
  const lead: Item[] = [];
  while (i < items.length && !isHead(items[i]!.e)) lead.push(items[i++]!);
  w.bullets(lead);
  while (i < items.length) {
    const head = items[i++]!;
    const rest: Item[] = [];
    while (i < items.length && !isHead(items[i]!.e)) rest.push(items[i++]!);
    if (head.e.type === 'combat') combat(w, head.e, head.ctx);
    else if (head.e.type === 'roll' && head.e.kind === 'barrage') {
      const b = head.e;
      w.line(
        `- **Barrage** by ${SIDE_NAME[b.side]} (${b.rule}): ${b.column === 0 ? 'less than one artillery unit, no column' : `${b.column}-artillery column`}; ` +
          `${rollFigures(b.roll, b.modified)}: ${plural(b.steps, 'step')} lost`,
      );
    }
    consequences(w, rest, '  ');
  }
}
