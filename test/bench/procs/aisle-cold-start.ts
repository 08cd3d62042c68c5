// Cold start to the first offline answer: a fresh process loads the lookup code, opens the mirror
// and answers one scanned SKU. The runner times it from spawn; this prints when the answer exists.
//   node test/bench/procs/aisle-cold-start.ts <mirror file> <sku>
import { lookupExact } from '../../../electron/core/lookup/search.ts';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings/settings-store.ts';
import { peakRssMb, printResult } from '../support/child.ts';

const [file, sku] = process.argv.slice(2);
const db = openMirror(file, { readonly: true });
const hits = lookupExact(db, sku, { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, limit: 50 });
const answeredAt = Date.now();
const uptimeMs = process.uptime() * 1000;
db.close();
printResult({ bench: 'aisle-cold-start', hits: hits.length, answeredAt, uptimeMs, peakRssMb: peakRssMb() });
