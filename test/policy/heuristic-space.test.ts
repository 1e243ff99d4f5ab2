// The space `chaco tune` and `chaco best-response` search (NTBEA): every dimension holds the balanced preset's value,
// so the searches start from it; and the parameters the presets leave off because they cost a side somewhere
// (docs/blunders.md: garrisons marched to, leaders covered, the GHQ's weak screens) are in it, so the searches can
// switch them on where they pay.
import { describe, expect, test } from 'vitest';
import { PRESETS } from '../../src/policy/heuristic-params.js';
import { BALANCED_POINT, paramsOf, SPACE, SPACE_SIZES } from '../../src/policy/heuristic-space.js';

describe('the parameter space of tune and best-response', () => {
  test('the balanced point is the balanced preset, dimension by dimension', () => {
    const missing = Object.entries(SPACE).filter(
      ([k, values]) => !(values as readonly unknown[]).includes(PRESETS.balanced[k as keyof typeof PRESETS.balanced]),
    );
    expect(missing.map(([k]) => k)).toEqual([]);
    const params = paramsOf(BALANCED_POINT);
    for (const [k, v] of Object.entries(params)) expect([k, v]).toEqual([k, PRESETS.balanced[k as keyof typeof PRESETS.balanced]]);
    expect(SPACE_SIZES).toHaveLength(Object.keys(SPACE).length);
  });

  test('the parameters left off in the presets for the searches to decide are in the space, both ways', () => {
    for (const k of ['garrisonMarch', 'garrisonCover', 'ghqCover', 'ghqReactionLeave', 'leaderPocket', 'leaderSpread'] as const) {
      const values = SPACE[k] as readonly unknown[] | undefined;
      expect([k, (values?.length ?? 0) >= 2]).toEqual([k, true]);
      expect(values).toContain(PRESETS.balanced[k]);
    }
  });
});
