// A seat reading one dataset whole from a relay, in a process of its own so that its memory is its
// own: prints the rows applied and its private memory (RssAnon) before and at most during the read,
// sampled every 10 ms. Args: relay URL, mirror file, the catalog entry as JSON.
import { readFileSync } from 'node:fs';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { syncDatasetFromRelay, type CatalogEntry } from '../../../electron/core/sync/relay-seat.ts';

const [relayUrl, file, entryJson] = process.argv.slice(2);
const privateMb = () => Number(/^RssAnon:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const db = openMirror(file);
global.gc?.();
const baselineMb = privateMb();
let peakMb = baselineMb;
const timer = setInterval(() => (peakMb = Math.max(peakMb, privateMb())), 10);
const outcome = await syncDatasetFromRelay(db, JSON.parse(entryJson) as CatalogEntry, { relayUrl, token: 'seat-token' });
clearInterval(timer);
peakMb = Math.max(peakMb, privateMb());
db.close();
process.stdout.write(`${JSON.stringify({ rows: outcome.rows, baselineMb, peakMb })}\n`);
