// A replayed game told turn by turn in Markdown, for a wargamer: names rather than indices, every combat
// with its odds, modifiers, roll and result, losses, retreats, captures, VP with their reasons, the end.
// Built from the event records alone (src/core/events.ts), one topic per file under narrative/.
import { BOL, PAR, otherSide, type Side } from '../core/side.js';
import { SIDE_ADJ, SIDE_NAME, plural, signed } from './event-text.js';
import { combatPhase } from './narrative/combats.js';
import { constructionPhase, movementPhase } from './narrative/moves.js';
import { header, setupSection } from './narrative/openings.js';
import { afterTheLastTurn, politicalPhase, weatherAndTruce } from './narrative/politics.js';
import { structure, type PhaseBlock, type TurnBlock } from './narrative/structure.js';
import { endSection } from './narrative/summary.js';
import { newUnitPhase, supplyPhase } from './narrative/supply.js';
import { Writer, type Item, type NarrativeInput } from './narrative/writer.js';

export type { NarrativeInput } from './narrative/writer.js';

function phase(w: Writer, p: PhaseBlock, side: Side): void {
  if (p.items.length === 0 && p.name !== 'supply') return;
  const enemy = SIDE_NAME[otherSide(side)];
  const moves = () => plural(p.items.filter((x) => x.e.type === 'move').length, 'move');
  switch (p.name) {
    case 'supply':
      supplyPhase(w, p.items);
      return;
    case 'new units':
      w.sub('New units');
      newUnitPhase(w, p.items);
      return;
    case 'movement':
      w.sub(`Movement (${moves()})`);
      movementPhase(w, p.items);
      return;
    case 'reaction movement':
      w.sub(`Reaction movement by ${enemy} (${moves()})`);
      movementPhase(w, p.items);
      return;
    case 'first combat':
      w.sub('First combat');
      combatPhase(w, p.items);
      return;
    case 'reaction combat':
      w.sub(`Reaction combat by ${enemy}`);
      combatPhase(w, p.items);
      return;
    case 'second combat':
      w.sub('Second combat');
      combatPhase(w, p.items);
      return;
    case 'construction':
      w.sub('Construction');
      constructionPhase(w, p.items);
      return;
    case 'political':
      w.sub('Political');
      politicalPhase(w, p.items);
      return;
  }
}

/** A turn: its Weather & Truce Check, then each player turn's phases and where it left the VP. */
function turnSection(w: Writer, t: TurnBlock): void {
  w.line();
  w.line(`## Turn ${t.turn + 1}: ${w.n.month(t.turn)}`);
  w.line();
  weatherAndTruce(w, t);
  for (const pt of t.playerTurns) {
    w.line();
    w.line(`### ${SIDE_ADJ[pt.side]} player turn`);
    w.line();
    // The end at the scenario's close or by settlement comes after the player turn, not in its last phase.
    const closing: Item[] = [];
    for (const p of pt.phases) {
      const last = p.items[p.items.length - 1];
      if (last?.e.type === 'end' && last.e.how !== 'sudden_death') closing.push(p.items.pop()!);
    }
    for (const p of pt.phases) phase(w, p, pt.side);
    if (closing.length > 0) {
      w.line();
      w.bullets(closing);
    }
    const snaps = w.input.recorded.snapshots;
    const k = snaps.findIndex((s) => s.turn === t.turn && s.side === pt.side);
    const snap = snaps[k];
    const before = k > 0 ? snaps[k - 1]!.state : w.input.recorded.setup;
    const vpOf = (side: Side) => {
      const now = snap!.state.vp_s[side]!;
      const delta = now - before.vp_s[side]!;
      return `${SIDE_NAME[side]} ${now}${delta !== 0 ? ` (${signed(delta)})` : ''}`;
    };
    w.line();
    const vp = snap ? ` VP: ${vpOf(PAR)}, ${vpOf(BOL)}.` : '';
    const file = w.input.maps?.get(`${t.turn}:${pt.side}`);
    w.line(`End of the ${SIDE_ADJ[pt.side]} player turn.${vp}${file ? ` Map: [${file}](${file})` : ''}`);
  }
}

/** The narrative of a recorded game, as Markdown. */
export function narrate(input: NarrativeInput): string {
  const w = new Writer(input);
  const st = structure(input.recorded.events, input.recorded.contexts);
  header(w);
  setupSection(w, st.setup);
  for (const t of st.turns) turnSection(w, t);
  afterTheLastTurn(w, st.trailing);
  endSection(w);
  return `${w.out.join('\n')}\n`;
}
