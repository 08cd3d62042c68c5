// A busy history log on the site relay: a mirror keeps only the newest `historyMaxEvents` of a
// facility's history, so an event pushed out that way must leave the relay's generation too, or the
// seats' history grows past every workstation's. A private PostgreSQL and the demo server; the
// relay's round is the core's own round into a mirror, then the publish into PostgreSQL.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { allDatasets } from '../../electron/core/db/read/datasets.ts';
import { ensureRelaySchema, publishMirror } from '../../electron/core/entrances/relay.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { startTestPostgres, type TestPostgres } from '../support/relay/postgres.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from '../sync/demo-token.ts';

const MAX_EVENTS = 100;
const SCOPE = 'license-a';

let postgres: TestPostgres;
let pool: pg.Pool;
let server: DemoServer;
let token: string;
let facility: { id: string; code: string; name: string };
const folder = tempDir('aisle-relay-log-');

beforeAll(async () => {
  postgres = await startTestPostgres();
  pool = new pg.Pool({ connectionString: postgres.url });
  pool.on('error', () => undefined); // a connection still closing when PostgreSQL stops at the end
  await ensureRelaySchema(pool);
  server = await startDemoServer({ port: 0, items: 400, accounts: 1, facilities: 1, seed: 5, rateLimit: 0, today: '2026-11-01', historyDays: 90 });
  const signedIn = await demoToken(server);
  token = signedIn.token;
  facility = signedIn.facilities[0]!;
}, 120_000);

afterAll(async () => {
  try {
    await pool?.end();
    await server?.close();
  } finally {
    await postgres?.remove();
    folder.remove();
  }
});

/** The relay's round: the core's sync of the history log, keeping at most MAX_EVENTS, then the publish. */
async function relayRound(db: WriteDb): Promise<void> {
  await runRound(db, {
    baseUrl: server.url,
    accessToken: async () => token,
    refreshAfterUnauthorized: async () => token,
    plan: { offlineLists: ['history'], offlineFacilities: [], userFacilities: [facility], historyDays: 30, historyPageSize: 40, historyMaxEvents: MAX_EVENTS, now: new Date('2026-11-01T12:00:00Z') },
  });
  await publishMirror(db, pool, { scope: SCOPE, historyMaxEvents: MAX_EVENTS });
}

const mirrorEvents = (db: WriteDb) => (db.prepare('SELECT id FROM history').pluck().all() as string[]).sort();

async function generationEvents(key: string): Promise<string[]> {
  const r = await pool.query<{ id: string }>('SELECT id FROM relay_rows WHERE scope = $1 AND key = $2 AND raw IS NOT NULL', [SCOPE, key]);
  return r.rows.map((x) => x.id).sort();
}

describe('a history log fuller than the mirror keeps, on the relay', () => {
  it("holds, generation after generation, exactly the events the relay's mirror keeps: those its cap pushed out become tombstones", async () => {
    const db = openMirror(path.join(folder.path, 'relay.sqlite'));
    try {
      server.setRevision(0);
      await relayRound(db);
      const key = allDatasets(db).find((d) => d.key.startsWith('history@'))!.key;
      expect(mirrorEvents(db)).toHaveLength(MAX_EVENTS);
      expect(await generationEvents(key)).toEqual(mirrorEvents(db));
      const first = new Set(mirrorEvents(db));

      for (const revision of [1, 2, 3]) {
        server.setRevision(revision);
        await relayRound(db);
        expect(mirrorEvents(db), `revision ${revision}`).toHaveLength(MAX_EVENTS);
        expect(await generationEvents(key), `revision ${revision}`).toEqual(mirrorEvents(db));
      }
      // the new events pushed older ones out of the mirror, and so out of the generation
      expect(mirrorEvents(db).filter((id) => !first.has(id)).length).toBeGreaterThan(0);
      const tombstones = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM relay_rows WHERE scope = $1 AND key = $2 AND raw IS NULL', [SCOPE, key]);
      expect(tombstones.rows[0].n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });
});
