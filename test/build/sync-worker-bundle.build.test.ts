// The built sync worker (out/main/sync-worker.js) finds its full-text helper beside it
// (out/main/search-index-worker.js) and a first sync's index comes from that helper, as from source.
import { afterAll, describe, it } from 'vitest';
import { expectFirstLoadIndexedByHelper } from '../support/first-load-index.ts';
import { tempDir } from '../support/temp-dir.ts';

const built = new URL('../../out/main/sync-worker.js', import.meta.url);

describe('the built sync worker', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('builds a large first load’s full-text index on the helper thread built beside it', async () => {
    await expectFirstLoadIndexedByHelper(built, dir.path);
  });
});
