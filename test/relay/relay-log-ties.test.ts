// A history log whose newest `historyMaxEvents` end inside a run of events of one instant (a server's
// times may be coarse: whole seconds, whole days): a workstation's mirror and a site relay's
// generation keep the same events of that instant, the ones with the greatest ids, whatever order
// the server sent them in. A relay that took over with a new mirror cannot know in which order a
// workstation received them, so arrival order cannot be what decides. A history stand-in on
// loopback that sends one instant's events in its own order (another one each revision), real
// SQLite mirrors synced by the core's round, a private PostgreSQL, the relay's own publish.
import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { allDatasets } from '../../electron/core/db/read/datasets.ts';
import { publishMirror } from '../../electron/core/entrances/relay.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';
import { relayPostgresForFile } from '../support/relay/pg-pool.ts';
import { tempDir } from '../support/temp-dir.ts';

const FACILITY = { id: '7d0c0a3e-5b1f-4c8e-9a61-2f3b4c5d6e70', code: 'F1', name: 'Main' };
const NOW = new Date('2026-11-01T12:00:00Z');
/** The instant many events share: older than every other event, so the cut falls among them. */
const TIED = '2026-10-25T00:00:00.000Z';
const MAX_EVENTS = 25;

interface Event {
  id: string;
  createdon: string;
}

/** A revision's events: `newer` at times of their own, after 30 events all at TIED. */
function eventsOf(newer: number): Event[] {
  const tied = Array.from({ length: 30 }, (_, n) => ({ id: `ev-${String(n).padStart(3, '0')}`, createdon: TIED }));
  const own = Array.from({ length: newer }, (_, n) => ({ id: `ev-new-${n}`, createdon: new Date(Date.parse('2026-10-28T08:00:00Z') + n * 60_000).toISOString() }));
  return [...tied, ...own];
}

/** One instant's events in an order of the server's own, another for each revision (a fixed shuffle). */
function serverOrder(events: Event[], revision: number): Event[] {
  const out = [...events];
  let seed = 17 + revision * 7919;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

let revision = 0;
let events = eventsOf(10);
let serverUrl: string;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    if (req.url !== '/v1/api/pub/inv/history') {
      res.writeHead(404).end();
      return;
    }
    const ask = JSON.parse(body) as { from: string; to?: string; limit: number };
    // newest first; events of one instant in the server's order of this revision
    const answer = serverOrder(events, revision)
      .filter((e) => e.createdon >= ask.from && (ask.to === undefined || e.createdon <= ask.to))
      .sort((a, b) => (a.createdon < b.createdon ? 1 : a.createdon > b.createdon ? -1 : 0))
      .slice(0, ask.limit)
      .map((e) => ({ ...e, facility_id: FACILITY.id, item_id: `item-${e.id}`, sku: `SKU-${e.id}`, type: 'COUNT', qty: 1 }));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  });
});
const folder = tempDir('aisle-relay-ties-');

const relayPg = relayPostgresForFile();

beforeAll(async () => {
  serverUrl = await listenOnLoopback(server);
});

afterAll(async () => {
  try {
    await closeServer(server);
  } finally {
    folder.remove();
  }
});

/** One round of the history log into a mirror file, the mirror keeping at most `maxEvents`. */
async function syncHistory(file: string, maxEvents: number): Promise<WriteDb> {
  const db = openMirror(path.join(folder.path, file));
  const result = await runRound(db, {
    baseUrl: serverUrl,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: ['history'], offlineFacilities: [], userFacilities: [FACILITY], historyDays: 30, historyMaxEvents: maxEvents, now: NOW },
  });
  // (the lists every plan holds are not served here: only the history is read)
  expect(result.datasets.find((d) => d.key.startsWith('history@'))!.outcome).toBe('applied');
  return db;
}

const mirrorEvents = (db: WriteDb) => (db.prepare('SELECT id FROM history').pluck().all() as string[]).sort();

async function generationEvents(scope: string, db: WriteDb): Promise<string[]> {
  const key = allDatasets(db).find((d) => d.key.startsWith('history@'))!.key;
  const r = await relayPg.pool.query<{ id: string }>('SELECT id FROM relay_rows WHERE scope = $1 AND key = $2 AND raw IS NOT NULL', [scope, key]);
  return r.rows.map((x) => x.id).sort();
}

/** The newest `max` of the server's events: by time, and among one instant's by the greater id. */
function newestByTimeThenId(max: number): string[] {
  const order = [...events].sort((a, b) => (a.createdon !== b.createdon ? (a.createdon < b.createdon ? 1 : -1) : a.id < b.id ? 1 : -1));
  return order.slice(0, max).map((e) => e.id).sort();
}

describe("a history log whose newest events end among events of one instant", () => {
  it("a workstation's mirror and the relay's generation, fed the same events, keep the same ones of that instant: those with the greatest ids", async () => {
    revision = 0;
    events = eventsOf(10);
    const workstation = await syncHistory('same-workstation.sqlite', MAX_EVENTS);
    // the relay's mirror here holds every event: the generation's own cut decides
    const relay = await syncHistory('same-relay.sqlite', 1_000);
    try {
      expect(mirrorEvents(relay)).toHaveLength(events.length);
      await publishMirror(relay, relayPg.pool, { scope: 'same', historyMaxEvents: MAX_EVENTS });
      const expected = newestByTimeThenId(MAX_EVENTS);
      // the cut falls among the events of one instant: 10 newer, then 15 of the 30 tied
      expect(expected.filter((id) => id.startsWith('ev-new-'))).toHaveLength(10);
      expect(mirrorEvents(workstation)).toEqual(expected);
      expect(await generationEvents('same', relay)).toEqual(expected);
    } finally {
      workstation.close();
      relay.close();
    }
  });

  it('a relay that takes over with a new mirror gives its seats the events a workstation that read every round keeps', async () => {
    revision = 0;
    events = eventsOf(10);
    const workstation = await syncHistory('takeover-workstation.sqlite', MAX_EVENTS);
    const first = await syncHistory('takeover-relay-1.sqlite', MAX_EVENTS);
    try {
      await publishMirror(first, relayPg.pool, { scope: 'takeover', historyMaxEvents: MAX_EVENTS });
      expect(await generationEvents('takeover', first)).toEqual(mirrorEvents(workstation));
    } finally {
      first.close();
    }
    // the next revision: five new events push five more of the tied ones out, and the server sends
    // the tied ones in another order
    revision = 1;
    events = eventsOf(15);
    workstation.close();
    const again = await syncHistory('takeover-workstation.sqlite', MAX_EVENTS);
    const taken = await syncHistory('takeover-relay-2.sqlite', MAX_EVENTS);
    try {
      await publishMirror(taken, relayPg.pool, { scope: 'takeover', historyMaxEvents: MAX_EVENTS });
      expect(mirrorEvents(again)).toEqual(newestByTimeThenId(MAX_EVENTS));
      expect(await generationEvents('takeover', taken)).toEqual(mirrorEvents(again));
    } finally {
      again.close();
      taken.close();
    }
  });
});
