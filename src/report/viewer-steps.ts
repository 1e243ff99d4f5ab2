// The steps of a replay viewer: an observer that cuts the game's events into steps (the set-up, a turn's
// Weather & Truce Check, each phase, each move, each combat or barrage) and takes the position at the end
// of each step as a list of drawn pieces. Pieces (a stack, a settlement's control ring, works) are drawn
// once by replay-svg.ts, the code of the replay's maps, and kept in a table; a step names the pieces on
// the map by their index, so the viewer redraws only what changed.
import type { GameEvent, GameObserver } from '../core/events.js';
import { WORKS_ENTRENCHMENT, WORKS_FORTIFICATION } from '../core/map.js';
import { BOL, PAR, otherSide, type Side } from '../core/side.js';
import type { GameState } from '../core/state.js';
import { hexLabel } from '../core/hex.js';
import { weatherOrTruce } from './replay-record.js';
import { controlRing, drawStack, stacksOf, worksMarker } from './replay-svg.js';
import { HexGeometry } from './svg.js';

/** A drawn piece: its layer (0 control ring, 1 works, 2 Paraguay's stack, 3 Bolivia's stack), hex and SVG. */
export interface ViewerPiece {
  readonly layer: 0 | 1 | 2 | 3;
  readonly hex: number;
  readonly svg: string;
}

export type StepKind = 'setup' | 'weather' | 'phase' | 'move' | 'combat' | 'barrage' | 'other';

export interface ViewerStep {
  /** The step's events: events[from..to). */
  readonly from: number;
  to: number;
  readonly kind: StepKind;
  /** 0-based game turn (state.turn: 0 for the set-up; a Weather & Truce Check's own turn) and the side whose player turn it is (-1: none yet). */
  readonly turn: number;
  readonly side: Side | -1;
  /** The phase it falls in ('set-up', 'weather' or a phase of 4.2 II). */
  readonly phase: string;
  /** The pieces on the map at the end of the step (indices into the piece table, ascending). */
  pieces: number[];
  /** Each side's VP at the end of the step. */
  vp: [number, number];
  /** Hexes holding units out of General Supply by their side's last Supply Phase (8.3), ascending. */
  outOfSupply: number[];
  /** Each side's GHQ hex (negative: off the map, 8.5). */
  ghq: [number, number];
}

export interface StepRecorder {
  readonly observer: GameObserver;
  /** The steps and the piece table, once the game watched has ended. */
  finish(): { readonly steps: readonly ViewerStep[]; readonly pieces: readonly ViewerPiece[]; readonly geo: HexGeometry };
}

const MOVEMENT_PHASES = new Set(['movement', 'reaction movement']);

/** An observer cutting the game into steps; draws pieces at `scale` pixels a hex row, in renderMapSvg's geometry. */
export function stepRecorder(scale: number): StepRecorder {
  let geo: HexGeometry;
  const pieces: ViewerPiece[] = [];
  const pieceOf = new Map<string, number>();
  const steps: ViewerStep[] = [];
  const oos: [Set<number>, Set<number>] = [new Set(), new Set()];
  const at = { live: null as GameState | null, events: 0, side: -1 as Side | -1, phase: 'set-up', closeNext: false };

  const piece = (key: string, layer: ViewerPiece['layer'], hex: number, draw: () => string): number => {
    let id = pieceOf.get(key);
    if (id === undefined) {
      id = pieces.length;
      pieces.push({ layer, hex, svg: draw() });
      pieceOf.set(key, id);
    }
    return id;
  };

  /**
   * The position now, as pieces; the VP; the hexes out of supply. `before`: a hex whose control the
   * engine changed just before logging the event that opens the next step, with its owner until then.
   */
  function capture(step: ViewerStep, state: GameState, before: { hex: number; owner: Side } | null): void {
    const ids: number[] = [];
    for (const p of state.map.places) {
      const side = before?.hex === p.hex ? before.owner : state.control_h[p.hex]!;
      if (!p.settlement || (side !== PAR && side !== BOL)) continue;
      ids.push(
        piece(
          `c${p.hex}:${side}`,
          0,
          p.hex,
          () =>
            `<g class="control" data-hex="${hexLabel(state.map.grid, p.hex)}" data-side="${side}">${controlRing(state, geo, p.hex, p.name, side)}</g>`,
        ),
      );
    }
    for (let h = 0; h < state.map.grid.size; h++) {
      const w = state.works_h[h]!;
      if (w !== WORKS_ENTRENCHMENT && w !== WORKS_FORTIFICATION) continue;
      const [cx, cy] = geo.centre(h);
      const k = geo.scale;
      ids.push(
        piece(`w${h}:${w}`, 1, h, () =>
          worksMarker(
            cx - k * 0.56,
            cy - k * 0.18,
            k,
            w,
            `${w === WORKS_FORTIFICATION ? 'Fortification' : 'Entrenchment'} ${hexLabel(state.map.grid, h)}`,
          ),
        ),
      );
    }
    const none = new Set<number>();
    for (const side of [PAR, BOL] as const) {
      for (const [h, s] of stacksOf(state, side)) {
        const units = s.units.map((u) => `${u}${state.reduced_u[u] ? 'r' : ''}`).join(',');
        const ac = s.leaders.includes(state.armyCommander_s[side]!) ? '*' : '';
        const key = `s${side}:${h}:${units}:${s.leaders.join(',')}${ac}:${s.ghq ? 1 : 0}:${s.trucks}:${s.csp}`;
        ids.push(
          piece(key, side === PAR ? 2 : 3, h, () =>
            drawStack(state, geo, h, side, s, none).replace(
              '<g class="stack">',
              `<g class="stack" data-hex="${hexLabel(state.map.grid, h)}" data-side="${side}" data-units="${units}" data-leaders="${s.leaders.join(',')}" data-ghq="${s.ghq ? 1 : 0}" data-trucks="${s.trucks}" data-csp="${s.csp}">`,
            ),
          ),
        );
      }
    }
    step.pieces = ids.sort((a, b) => a - b);
    step.vp = [state.vp_s[PAR]!, state.vp_s[BOL]!];
    step.ghq = [state.ghq_s[PAR]!, state.ghq_s[BOL]!];
    const hexes = new Set<number>();
    for (const side of [PAR, BOL] as const) for (const u of oos[side]) if (state.loc_u[u]! >= 0) hexes.add(state.loc_u[u]!);
    step.outOfSupply = [...hexes].sort((a, b) => a - b);
  }

  function kindOf(e: GameEvent): StepKind {
    if (e.type === 'setup') return 'setup';
    if (e.type === 'turn' || weatherOrTruce(e)) return 'weather';
    if (e.type === 'phase') return 'phase';
    if (e.type === 'combat') return 'combat';
    if (e.type === 'roll' && e.kind === 'barrage') return 'barrage';
    return 'other';
  }

  /** Whether `e` opens a new step after the open one. */
  function opens(e: GameEvent, open: ViewerStep | undefined): boolean {
    if (!open) return true;
    if (e.type === 'end') return false;
    if (at.closeNext) return true;
    const kind = kindOf(e);
    if (kind === 'setup' || kind === 'weather') return open.kind !== kind;
    return kind !== 'other';
  }

  const observer: GameObserver = {
    start(state) {
      at.live = state;
      geo = new HexGeometry(state.map.grid, scale, scale * 2.2);
    },
    event(e) {
      const open = steps[steps.length - 1];
      if (e.type === 'phase') {
        at.side = e.side;
        at.phase = e.phase;
      }
      if (e.type === 'turn' || weatherOrTruce(e)) {
        at.phase = 'weather';
        at.side = -1;
      }
      if (opens(e, open)) {
        // 3.2, I-34: a unit entering an enemy-controlled hex takes it and the capture is logged at once,
        // before the move order itself: the hex was the enemy's until then.
        const taken = MOVEMENT_PHASES.has(at.phase) && (e.type === 'capture' || e.type === 'control');
        if (open) capture(open, at.live!, taken ? { hex: e.hex, owner: otherSide(e.side) } : null);
        // In a movement phase a step is one move order and what it set off before it was logged (3.2, 10.3).
        const kind = e.type === 'move' ? 'move' : kindOf(e);
        steps.push({
          from: at.events,
          to: at.events,
          kind,
          turn: at.live!.turn,
          side: at.side,
          phase: at.phase,
          pieces: [],
          vp: [0, 0],
          outOfSupply: [],
          ghq: [-1, -1],
        });
      } else if (e.type === 'move' && open) (open as { kind: StepKind }).kind = 'move';
      at.closeNext = MOVEMENT_PHASES.has(at.phase) && (e.type === 'move' || e.type === 'phase');
      if (e.type === 'supply') {
        oos[e.side] = new Set(e.outOfSupply);
      }
      if (e.type === 'reinforcement') oos[e.side].delete(e.unit); // 9.4: never traced since
      at.events++;
      steps[steps.length - 1]!.to = at.events;
    },
  };
  return {
    observer,
    finish() {
      if (at.live === null) throw new Error('the step recorder was never attached to a game');
      const last = steps[steps.length - 1];
      if (last) capture(last, at.live, null);
      return { steps, pieces, geo };
    },
  };
}
