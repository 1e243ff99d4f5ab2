// The game's result: the sentence that opens and closes the narrative, the turn-by-turn figures, and the
// closing section (the last blow of a sudden death, losses, captures, truces and rain).
import { BOL, PAR, otherSide } from '../../core/side.js';
import { monthName } from '../../data/schema-common.js';
import { SIDE_NAME, signed, vpText } from '../event-text.js';
import type { Writer } from './writer.js';

/** Who won, how and when (16.1, 16.3, 16.4), with the final VP and the victory level. */
export function resultSentence(w: Writer): string {
  const r = w.input.recorded.result;
  const winner = r.winner === 'PAR' ? PAR : BOL;
  const loser = otherSide(winner);
  const when = `turn ${r.endTurn} (${w.n.month(r.endTurn - 1)})`;
  const level = r.level === 'tie' ? 'a tie on VP, decided by a coin flip (16.3)' : `a ${r.level} victory`;
  const vp = `VP ${r.vpPar} to ${r.vpBol} (margin ${signed(r.margin)}, Paraguay minus Bolivia)`;
  switch (r.end) {
    case 'sudden_death':
      return `${SIDE_NAME[winner]} wins by sudden death in ${when}: ${SIDE_NAME[loser]}'s VP fell below 0 (16.4). Final ${vp}: ${level}.`;
    case 'settlement':
      return `${SIDE_NAME[winner]} wins by a negotiated settlement at the end of truce ${when}, leading by 50 VP or more (16.1). Final ${vp}: ${level}.`;
    case 'scenario_end':
      return `${SIDE_NAME[winner]} wins at the end of the scenario, ${when}. Final ${vp}: ${level}.`;
  }
}

/** One row per turn played: weather, VP, settlements held, steps lost. */
export function turnTable(w: Writer): void {
  w.line('| Turn | Month | Weather | VP PAR | VP BOL | Settlements PAR / BOL | Steps lost PAR / BOL |');
  w.line('|---:|---|---|---:|---:|---|---|');
  for (const t of w.input.recorded.result.turns) {
    w.line(
      `| ${t.turn + 1} | ${monthName(t.month)} | ${t.rainy ? 'rainy' : 'dry'}${t.truce ? ', truce' : ''} | ${t.vp[0]} | ${t.vp[1]} | ${t.settlementsHeld[0]} / ${t.settlementsHeld[1]} | ${t.stepsLost[0]} / ${t.stepsLost[1]} |`,
    );
  }
}

export function endSection(w: Writer): void {
  const r = w.input.recorded.result;
  const events = w.input.recorded.events;
  w.line();
  w.line('## The end');
  w.line();
  w.line(resultSentence(w));
  const endAt = events.findIndex((e) => e.type === 'end');
  if (r.end === 'sudden_death' && endAt > 0) {
    const last = events[endAt - 1];
    if (last?.type === 'vp') w.line(`The last blow: ${vpText(last, w.n)}.`);
  }
  w.line();
  w.line(`- Steps lost: Paraguay ${r.stepsLost[0]}, Bolivia ${r.stepsLost[1]}`);
  w.line(`- Units eliminated: Paraguay ${r.eliminated[0]}, Bolivia ${r.eliminated[1]}`);
  w.line(`- Settlements captured: Paraguay ${r.captured[0]}, Bolivia ${r.captured[1]}`);
  w.line(`- Turns of truce: ${r.truceTurns}; rainy turns: ${r.rainTurns}`);
}
