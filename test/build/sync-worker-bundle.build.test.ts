// The built sync worker (out/main/sync-worker.js) finds its full-text helper beside it
// (out/main/search-index-worker.js) and a first sync's index comes from that helper, as from source.
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_ITEMS, firstLoadThroughWorker, HINGE_ITEM } from '../support/first-load-index.ts';
import { tempDir } from '../support/temp-dir.ts';

const built = new URL('../../out/main/sync-worker.js', import.meta.url);

describe('the built sync worker', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('builds a large first load’s full-text index on the helper thread built beside it', async () => {
    const load = await firstLoadThroughWorker(built, dir.path);
    expect(load.items).toEqual({ outcome: 'applied', rows: FIRST_LOAD_ITEMS });
    expect(load.hingeIds).toEqual([HINGE_ITEM]);
    // a writer that built the index itself would have switched the mirror's merging off and on
    expect(load.automerge).toBeUndefined();
  });
});
