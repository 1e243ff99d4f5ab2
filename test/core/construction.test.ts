import { describe, expect, test } from 'vitest';
import { cancelConstruction, constructionPhase, startConstruction } from '../../src/core/construction.js';
import { BOL, PAR } from '../../src/core/side.js';
import { BUILD_ENTRENCHMENT, BUILD_FORTIFICATION, BUILD_TRAIL, BUILD_WELL } from '../../src/core/state.js';
import { WORKS_ENTRENCHMENT, WORKS_FORTIFICATION, WORKS_NONE } from '../../src/core/map.js';
import { position } from '../helpers/position.js';
import { scripted, testGame } from '../helpers/game.js';

const builds = (what: number) =>
  scripted('side', { build: (d) => d.engineers.map((engineer) => ({ engineer, what })), trailPermission: () => false });

describe('14 engineers', () => {
  test('14.2 14.3 an engineer that stays on its building side entrenches its hex in the Construction Phase', () => {
    const p = position();
    const e = p.place('B-E1', '1505');
    const g = testGame(p.state, [], undefined, builds(BUILD_ENTRENCHMENT));
    startConstruction(g, BOL);
    expect(p.state.building_u[e]).toBe(BUILD_ENTRENCHMENT);
    constructionPhase(g, BOL);
    expect(p.state.works_h[p.hex('1505')]).toBe(WORKS_ENTRENCHMENT);
    expect(p.state.building_u[e]).toBe(0);
  });

  test('14.2 an engineer that moved or fought builds nothing', () => {
    const p = position();
    const e = p.place('B-E1', '1505');
    const g = testGame(p.state, [], undefined, builds(BUILD_ENTRENCHMENT));
    startConstruction(g, BOL);
    cancelConstruction(p.state, e);
    constructionPhase(g, BOL);
    expect(p.state.works_h[p.hex('1505')]).toBe(WORKS_NONE);
  });

  test('14.3 no entrenchment in Marsh', () => {
    const p = position({ terrain: { '1505': 'marsh' } });
    p.place('B-E1', '1505');
    expect(() => startConstruction(testGame(p.state, [], undefined, builds(BUILD_ENTRENCHMENT)), BOL)).toThrow(/Marsh \(14\.3\)/);
  });

  test('14.5 I-74 trails in Bush, Hill or Mountain (the English text), not in Marsh or Clear', () => {
    for (const terrain of ['marsh', 'clear'] as const) {
      const p = position({ terrain: { '1505': terrain } });
      p.place('B-E1', '1505');
      expect(() => startConstruction(testGame(p.state, [], undefined, builds(BUILD_TRAIL)), BOL), terrain).toThrow(
        /Bush, Hill or Mountain \(14\.5, reading I-74\)/,
      );
    }
    for (const terrain of ['bush', 'hill', 'mountain'] as const) {
      const p = position({ terrain: { '1505': terrain } });
      const e = p.place('B-E1', '1505');
      startConstruction(testGame(p.state, [], undefined, builds(BUILD_TRAIL)), BOL);
      expect(p.state.building_u[e], terrain).toBe(BUILD_TRAIL);
    }
  });

  test('14.4 a fortification upgrades an entrenchment, and only an entrenchment', () => {
    const p = position();
    p.place('B-E1', '1505');
    expect(() => startConstruction(testGame(p.state, [], undefined, builds(BUILD_FORTIFICATION)), BOL)).toThrow(/14\.4/);
    p.state.works_h[p.hex('1505')] = WORKS_ENTRENCHMENT;
    const g = testGame(p.state, [], undefined, builds(BUILD_FORTIFICATION));
    startConstruction(g, BOL);
    constructionPhase(g, BOL);
    expect(p.state.works_h[p.hex('1505')]).toBe(WORKS_FORTIFICATION);
  });

  test('14.5 a trail is kept while an engineer is in or next to its hex, and lost when none is', () => {
    const p = position();
    const e = p.place('B-E1', '1505');
    const g = testGame(p.state, [], undefined, builds(BUILD_TRAIL));
    startConstruction(g, BOL);
    constructionPhase(g, BOL);
    expect(p.state.trail_h[p.hex('1505')]).toBe(1);
    expect(g.events).toEqual([{ type: 'build', side: BOL, hex: p.hex('1505'), what: 'trail', unit: e }]);
    p.place('B-E1', '1506');
    constructionPhase(testGame(p.state, []), BOL);
    expect(p.state.trail_h[p.hex('1505')]).toBe(1);
    p.place('B-E1', '1509');
    const lost = testGame(p.state, []);
    constructionPhase(lost, BOL);
    expect(p.state.trail_h[p.hex('1505')]).toBe(0);
    expect(lost.events).toEqual([{ type: 'trailLost', hex: p.hex('1505'), rule: '14.5' }]);
  });

  test("14.5 I-38 in an unnegated enemy ZOC a trail needs the enemy's permission", () => {
    const p = position();
    p.place('B-E1', '1506');
    p.state.trail_h[p.hex('1505')] = 1;
    p.place('P-I1', '1504');
    const refuse = scripted('PAR', { trailPermission: () => false });
    constructionPhase(testGame(p.state, [], refuse), BOL);
    expect(p.state.trail_h[p.hex('1505')]).toBe(0);
    p.state.trail_h[p.hex('1505')] = 1;
    const allow = scripted('PAR', { trailPermission: () => true });
    constructionPhase(testGame(p.state, [], allow), BOL);
    expect(p.state.trail_h[p.hex('1505')]).toBe(1);
  });

  test('14.6 only Paraguayan engineers dig wells: 1-3 succeeds', () => {
    const p = position();
    p.place('P-E1', '1505');
    p.place('B-E1', '1705');
    expect(() => startConstruction(testGame(p.state, [], undefined, builds(BUILD_WELL)), BOL)).toThrow(/Paraguayan/);
    const g = testGame(p.state, [4], builds(BUILD_WELL));
    startConstruction(g, PAR);
    constructionPhase(g, PAR);
    expect(p.state.well_h[p.hex('1505')]).toBe(0);
    const g2 = testGame(p.state, [3], builds(BUILD_WELL));
    startConstruction(g2, PAR);
    constructionPhase(g2, PAR);
    expect(p.state.well_h[p.hex('1505')]).toBe(1);
  });

  test('14.6 I-38 at most two wells on the map', () => {
    const p = position();
    p.state.well_h[p.hex('1101')] = 1;
    p.state.well_h[p.hex('1102')] = 1;
    p.place('P-E1', '1505');
    const g = testGame(p.state, [1], builds(BUILD_WELL));
    startConstruction(g, PAR);
    constructionPhase(g, PAR);
    expect(p.state.well_h[p.hex('1505')]).toBe(0);
  });
});
