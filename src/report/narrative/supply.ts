// The Supply Phase (8: LOC, radius, the Supply Table, General Supply, attrition) and the New Unit Phase
// (9: replacements, reinforcements, call-ups) told from their records.
import type { RollEvent } from '../../core/events.js';
import { list, lossOutcome, plural, rollFigures, signed } from '../event-text.js';
import type { Item, Writer } from './writer.js';

/** 8: one line for the LOC, radius, Supply Table and General Supply; attrition without effect on one line. */
export function supplyPhase(w: Writer, items: readonly Item[]): void {
  const { n } = w;
  let table: Extract<RollEvent, { kind: 'supplyTable' }> | null = null;
  const quiet: string[] = [];
  const rest: (Item | string)[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!,
      e = item.e;
    if (e.type === 'roll' && e.kind === 'supplyTable') {
      table = e;
      continue;
    }
    if (e.type === 'supply') {
      const parts: string[] = [];
      parts.push(
        e.locLength >= 0 ? `LOC ${plural(e.locLength, 'hex', 'hexes')}, supply radius ${e.radius}` : `no LOC, supply radius ${e.radius}`,
      );
      if (table) {
        const won: string[] = [];
        if (e.csp > 0) won.push(`${e.csp} CSP`);
        if (e.replacements > 0) won.push(plural(e.replacements, 'replacement'));
        if (e.truck) won.push('a truck');
        parts.push(`Supply Table roll ${table.roll}, row ${table.modified}: ${won.length > 0 ? list(won) : 'nothing'}`);
      }
      const hexes = item.ctx?.type === 'supply' ? item.ctx.hexes : null;
      const out = e.outOfSupply.map((u, k) => `${n.unit(u)}${hexes ? ` at ${n.hex(hexes[k]!)}` : ''}`);
      if (out.length === 0) parts.push('every unit in General Supply');
      else parts.push(`${plural(out.length, 'unit')} out of General Supply: ${list(out)}`);
      w.line(`- **Supply** (8): ${parts.join('; ')}.`);
      table = null;
      continue;
    }
    if (e.type === 'roll' && e.kind === 'attrition') {
      // 8.12: the roll with the loss it caused (the next record, for that unit), if any.
      const next = items[i + 1]?.e;
      const figures = `${n.unit(e.unit)} ${rollFigures(e.roll, e.modified)}`;
      if (next?.type === 'loss' && next.unit === e.unit) {
        rest.push(`Attrition: ${figures}: ${lossOutcome(next, n)} (${e.rule})`);
        i++;
      } else quiet.push(figures);
      continue;
    }
    rest.push(item);
  }
  if (quiet.length > 0) w.line(`- Attrition (8.12) without effect: ${quiet.join('; ')}`);
  w.bullets(rest);
}

/** 9: replacements and reinforcements on a line each, every call-up with its roll. */
export function newUnitPhase(w: Writer, items: readonly Item[]): void {
  const { n } = w;
  const reinforcements: string[] = [];
  const replacements: string[] = [];
  const rest: Item[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!,
      e = item.e;
    if (e.type === 'reinforcement') {
      reinforcements.push(
        `${n.unit(e.unit, item.ctx?.type === 'reinforcement' ? item.ctx.values : n.fullValues(e.unit))} at ${n.hex(e.hex)}`,
      );
      continue;
    }
    if (e.type === 'replacement') {
      replacements.push(`${n.unit(e.unit)} (back to ${n.fullValues(e.unit)})`);
      continue;
    }
    if (e.type === 'vp' && e.cause === 'callUp') {
      const next = items[i + 1]?.e;
      const roll = next?.type === 'roll' && next.kind === 'callUp' ? next : null;
      if (roll) i++;
      w.line(
        `- **Call-up** (${e.rule}): ${signed(e.delta)} VP, now ${e.total}${roll ? `; roll ${roll.roll}: ${plural(roll.roll, 'extra unit')}` : ''}`,
      );
      continue;
    }
    rest.push(item);
  }
  if (replacements.length > 0) w.line(`- **Replacements** (9.3): ${list(replacements)}`);
  if (reinforcements.length > 0) w.line(`- **Reinforcements** (9.4): ${list(reinforcements)}`);
  w.bullets(rest);
}
