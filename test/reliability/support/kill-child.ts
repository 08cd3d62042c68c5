// Runs one sync round into a mirror and exits; the kill test SIGKILLs it at a random moment.
// Usage: node kill-child.ts <mirror file> <server url> <facilities JSON> [fill]; the token comes in
// AISLE_TOKEN. With `fill`, a mirror no list was read into is filled as the sync worker fills it for
// a first sync (db/first-fill.ts).
import { openMirrorWriter } from '../../../electron/core/db/connection.ts';
import { beginFirstFill, endFirstFill, neverFilled } from '../../../electron/core/db/first-fill.ts';
import { runRound } from '../../../electron/core/sync/round/run-round.ts';

const [mirrorFile, baseUrl, facilities, mode] = process.argv.slice(2);
const token = process.env.AISLE_TOKEN ?? '';
const db = openMirrorWriter(mirrorFile);
const filling = mode === 'fill' && neverFilled(db) && beginFirstFill(db, mirrorFile);
process.stdout.write(`ready${filling ? ' filling' : ''}\n`);
const result = await runRound(db, {
  baseUrl,
  accessToken: async () => token,
  refreshAfterUnauthorized: async () => token,
  plan: { offlineLists: [], offlineFacilities: [], userFacilities: JSON.parse(facilities), historyDays: 2 },
  // the test's revisions delete a seventh of the items on purpose: the round must apply them to be killed
  // while it writes (the shrink hold has tests of its own)
  shrinkHoldPercent: 50,
});
if (filling) endFirstFill(db, mirrorFile, openMirrorWriter);
else db.close();
const failed = result.datasets.filter((d) => d.outcome === 'error');
process.stdout.write(failed.length ? `failed ${JSON.stringify(failed)}\n` : 'done\n');
