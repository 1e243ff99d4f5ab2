// A replay's text log (log.txt): every event as one line of English from the renderer, phases indented
// under their turn and events under their phase, so the whole game reads top to bottom and greps well.
import { Vocabulary, eventText } from './event-text.js';
import type { RecordedGame } from './replay-record.js';
import type { Scenario } from '../core/scenario.js';

export function textLog(scenario: Scenario, recorded: Pick<RecordedGame, 'events' | 'contexts'>): string {
  const v = new Vocabulary(scenario);
  const lines: string[] = ['Set-up'];
  let indent = '  ';
  recorded.events.forEach((e, i) => {
    if (e.type === 'turn') indent = '';
    else if (e.type === 'phase') indent = '  ';
    lines.push(`${indent}${eventText(e, v, recorded.contexts[i])}`);
    if (e.type === 'turn' || e.type === 'phase') indent += '  ';
  });
  return `${lines.join('\n')}\n`;
}
