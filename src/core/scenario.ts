// A compiled scenario (17.x): calendar, each side's set-up, control, and the data it plays on.
import type { Counters } from './counters.js';
import type { GameMap } from './map.js';
import type { RulesOptions } from './options.js';
import type { Side } from './side.js';
import type { Tables } from './tables.js';

/** No side controls the hex (not a settlement). */
export const NO_CONTROL = 255;

export interface DeployUnit {
  readonly unit: number;
  readonly reduced: boolean;
}

/** One deployment group of 17.x: pieces placed together on one of `hexes` (I-40). */
export interface DeployGroup {
  /** Hexes the group may be spread over: the "and/or" hexes, widened by `within`. */
  readonly hexes: readonly number[];
  /** The hexes the scenario names (before widening). */
  readonly named: readonly number[];
  readonly within: number;
  readonly leaders: readonly number[];
  readonly units: readonly DeployUnit[];
  /** Counters drawn from the side's cup at set-up (I-40), full strength and reduced. */
  readonly draw: number;
  readonly drawReduced: number;
  readonly ghq: boolean;
  readonly trucks: number;
  readonly csp: number;
  /** An entrenchment marker on the first named hex (17.2, hex 2837). */
  readonly entrenched: boolean;
}

export interface SideSetup {
  readonly vp: number;
  /** Starting supply radius (Bolivia, 17.1; I-17), or -1 when the scenario gives none. */
  readonly supplyRadius: number;
  readonly armyCommander: number;
  /** Unit indices in the cup (17.3-17.5). */
  readonly cup: readonly number[];
  readonly entrenchmentMarkers: number;
  /**
   * Hexes over-stacked at set-up unless they get one of the side's entrenchment markers (11.2: 6 units
   * in an entrenched hex). 17.3 sets up 5 Paraguayan units in Arce; the set-up places markers here first.
   */
  readonly mustEntrench: readonly number[];
  readonly deploy: readonly DeployGroup[];
  /** Every combat unit of the side neither deployed nor in the cup (3.1). */
  readonly reinforcementPile: readonly number[];
}

export interface Scenario {
  readonly id: string;
  readonly name: string;
  readonly rule: string;
  /** Months since year 0 of the first turn (see data/schema-common monthIndex). */
  readonly startMonth: number;
  readonly turns: number;
  readonly about: readonly string[];
  readonly map: GameMap;
  readonly counters: Counters;
  readonly tables: Tables;
  /** Indexed by side (PAR 0, BOL 1). */
  readonly sides: readonly [SideSetup, SideSetup];
  /** Settlement control at set-up: a Side, or NO_CONTROL for hexes that are not settlements. */
  readonly control_h: Uint8Array;
  /** Rules options the scenario file sets (17.6); a run's command line overrides them. */
  readonly options: Partial<RulesOptions>;
}

export type { Side };
