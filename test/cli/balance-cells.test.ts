// A balance study's cell files: one per pair of policies under the scenario's folder, named so that every system can hold
// them (a search's label, search:2:pool, has colons).
import { describe, expect, test } from 'vitest';
import { cellKey, cellPath } from '../../src/cli/balance-cells.js';

describe("a balance study's cell files", () => {
  test('a label with colons is written with dashes; the scenario folder, plan names and restrictions are kept', () => {
    expect(cellPath(cellKey('villa-montes', 'search:race', 'search:2:pool:decisions'))).toBe(
      'villa-montes/search-race__search-2-pool-decisions',
    );
    expect(cellPath(cellKey('boqueron', 'balanced+noAir', 'bol-round-0-bid-2'))).toBe('boqueron/balanced+noAir__bol-round-0-bid-2');
    expect(cellPath('boqueron/restricted/balanced__v1.2')).toBe('boqueron/restricted/balanced__v1.2');
    // A sensitivity item's cell keeps its '=' (Windows holds it): the committed studies' files are read as they were named.
    expect(cellPath('alihuata/around.alihuata=bush')).toBe('alihuata/around.alihuata=bush');
  });
});
