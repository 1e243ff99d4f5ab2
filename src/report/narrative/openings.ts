// How the narrative opens: the heading with the scenario, policies, options, handicap and result, the
// turn-by-turn table, and the set-up (each side's VP, army commander and every stack, 17.1).
import { DEFAULT_OPTIONS, OPTION_DEFS, effectiveTurns, type RulesOptions } from '../../core/options.js';
import { BOL, PAR, type Side } from '../../core/side.js';
import { isBox, type GameState } from '../../core/state.js';
import { monthName } from '../../data/schema-common.js';
import { SIDE_NAME, list, plural, signed } from '../event-text.js';
import { unitValues } from '../setup-svg.js';
import { resultSentence, turnTable } from './summary.js';
import type { Item, Writer } from './writer.js';

export function header(w: Writer): void {
  const { scenario, recorded, runSeed, game, par, bol, options } = w.input;
  const r = recorded.result;
  w.line(`# ${scenario.name} — game ${game} of run seed ${runSeed}`);
  w.line();
  const nonDefault = OPTION_DEFS.filter((d) => options[d.name as keyof RulesOptions] !== DEFAULT_OPTIONS[d.name as keyof RulesOptions]).map(
    (d) => `${d.name}=${String(options[d.name as keyof RulesOptions])}`,
  );
  const h = w.input.handicap ?? [0, 0];
  const handicap = ([PAR, BOL] as const).filter((s) => h[s] !== 0).map((s) => `${SIDE_NAME[s]} ${signed(h[s])} VP`);
  w.line(
    `Scenario ${scenario.id} (rule ${scenario.rule}), ${effectiveTurns(scenario, options)} turns from ${monthName(scenario.startMonth)}. ` +
      `Paraguay played by the \`${par}\` policy, Bolivia by \`${bol}\`; game seed \`${r.seed}\`. ` +
      `Rules options: ${nonDefault.length > 0 ? nonDefault.join(', ') : 'the defaults'}.` +
      `${handicap.length > 0 ? ` Handicap: ${list(handicap)} at the start.` : ''}`,
  );
  if (w.input.command) {
    w.line();
    w.line(`Replay it: \`${w.input.command}\``);
  }
  w.line();
  w.line(`**Result:** ${resultSentence(w)}`);
  w.line();
  w.line(
    'Hexes are given as XXYY (column, row) with the place name when there is one; units with their current values ' +
      '(attack-defence-movement, artillery attack-(defence)-movement; one value for attack = defence). ' +
      'Combat results read attacker/defender: a number is the percentage of steps lost, R adds a retreat check, E eliminates, - is no effect.',
  );
  w.line();
  turnTable(w);
}

/** Every hex holding the side's pieces, with what is there (units, leaders, GHQ, trucks, CSP). */
function stacks(w: Writer, s: GameState, side: Side): [number, string][] {
  const c = s.counters;
  const at = new Map<number, string[]>();
  const add = (h: number, text: string) => {
    if (h >= 0 || isBox(h)) {
      const a = at.get(h) ?? [];
      a.push(text);
      at.set(h, a);
    }
  };
  for (let l = 0; l < s.loc_l.length; l++)
    if (c.side_l[l] === side) add(s.loc_l[l]!, `${l === s.armyCommander_s[side] ? '★' : ''}${w.n.leader(l)}`);
  for (let u = 0; u < s.loc_u.length; u++)
    if (c.side_u[u] === side) add(s.loc_u[u]!, w.n.unit(u, unitValues(c, u, s.reduced_u[u] === 1)) + (s.reduced_u[u] ? ' (reduced)' : ''));
  if (s.ghq_s[side]! >= 0) add(s.ghq_s[side]!, 'GHQ');
  const trucks = new Map<number, number>();
  for (let t = 0; t < s.loc_t.length; t++)
    if (s.side_t[t] === side && s.loc_t[t]! >= 0) trucks.set(s.loc_t[t]!, (trucks.get(s.loc_t[t]!) ?? 0) + 1);
  for (const [h, n] of trucks) add(h, plural(n, 'truck'));
  for (let h = 0; h < s.map.grid.size; h++) if (s.csp_hs[h * 2 + side]! > 0) add(h, `${s.csp_hs[h * 2 + side]} CSP`);
  return [...at].sort((a, b) => (a[0] < 0 ? 1e6 - a[0] : a[0]) - (b[0] < 0 ? 1e6 - b[0] : b[0])).map(([h, texts]) => [h, texts.join(', ')]);
}

/** The position after the set-up, and the entrenchment markers placed in it (the set-up's build records). */
export function setupSection(w: Writer, items: readonly Item[]): void {
  const s = w.input.recorded.setup;
  w.line();
  w.line('## Set-up');
  if (w.input.setupMap) {
    w.line();
    w.line(`Map: [${w.input.setupMap}](${w.input.setupMap})`);
  }
  for (const side of [PAR, BOL] as const) {
    w.line();
    w.line(`**${SIDE_NAME[side]}** starts with ${s.vp_s[side]} VP; army commander ${w.n.leader(s.armyCommander_s[side]!)}.`);
    w.line();
    for (const [h, text] of stacks(w, s, side)) w.line(`- ${w.n.hex(h)}: ${text}`);
  }
  const built = items.flatMap((x) => (x.e.type === 'build' ? [w.n.hex(x.e.hex)] : []));
  if (built.length > 0) {
    w.line();
    w.line(`Entrenchment markers placed at set-up: ${list(built)}.`);
  }
}
