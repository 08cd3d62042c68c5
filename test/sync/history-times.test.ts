// History read from demo servers that write their times in other forms: every form a server sends
// lands as the same stored instants, and a form Aisle cannot read fails the reading in words with
// the events kept before, instead of being kept as text that sorts before the window and pruned.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { DEFAULT_PROFILE, type DateFormat } from '../../electron/demo/profile/server-profile.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from './demo-token.ts';

const NOW = new Date('2026-11-01T12:00:00Z');
const OPTIONS = { port: 0, items: 300, accounts: 1, facilities: 1, seed: 7, rateLimit: 0, today: '2026-11-01', historyDays: 60 } as const;

let iso: DemoServer;
let dir: ReturnType<typeof tempDir>;

beforeAll(async () => {
  iso = await startDemoServer(OPTIONS);
  dir = tempDir();
});
afterAll(async () => {
  await iso.close();
  dir.remove();
});

async function syncHistory(db: WriteDb, server: DemoServer) {
  const signedIn = await demoToken(server);
  const result = await runRound(db, {
    baseUrl: server.url,
    accessToken: async () => signedIn.token,
    refreshAfterUnauthorized: async () => signedIn.token,
    plan: { offlineLists: ['history'], offlineFacilities: [], userFacilities: signedIn.facilities, historyDays: 30, historyPageSize: 50, now: NOW },
  });
  return result.datasets.find((d) => d.key.startsWith('history@'))!;
}

const times = (db: WriteDb) => new Map(db.prepare('SELECT id, created_on FROM history').raw().all() as [string, string][]);

function withDates(dates: DateFormat): Promise<DemoServer> {
  return startDemoServer({ ...OPTIONS, profile: { ...DEFAULT_PROFILE, dates } });
}

describe('history times in every form', () => {
  it('stores the same instants whatever form the server writes them in, and pages by them', async () => {
    const reference = openMirror(path.join(dir.path, 'iso.sqlite'));
    let expected: Map<string, string>;
    try {
      expect((await syncHistory(reference, iso)).outcome).toBe('applied');
      expected = times(reference);
      expect(expected.size).toBeGreaterThan(150); // several pages of 50
    } finally {
      reference.close();
    }
    for (const dates of ['epoch-decimal', 'dotnet-date', 'jackson-array', 'iso-micros', 'iso-offset'] as const) {
      const server = await withDates(dates);
      const db = openMirror(path.join(dir.path, `${dates}.sqlite`));
      try {
        expect(await syncHistory(db, server), dates).toMatchObject({ outcome: 'applied', rows: expected.size });
        expect(times(db), dates).toEqual(expected);
      } finally {
        db.close();
        await server.close();
      }
    }
  });

  it('fails a history whose times it cannot read, naming the list, the field and the value, and keeps the events it had', async () => {
    const db = openMirror(path.join(dir.path, 'kept.sqlite'));
    const unreadable = await withDates('day-month-year');
    try {
      expect((await syncHistory(db, iso)).outcome).toBe('applied');
      const before = times(db);
      expect(before.size).toBeGreaterThan(0);
      // new events, so the reading is not answered "unchanged"
      unreadable.setRevision(1);
      const failed = await syncHistory(db, unreadable);
      expect(failed.outcome).toBe('error');
      expect(failed.error?.code).toBe('bad_response');
      expect(failed.error?.message).toMatch(/^Inventory history of .*: POST \/v1\/api\/pub\/inv\/history: the field `createdon` \(read as created_on\) holds "\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}", which is not a time Aisle can read/);
      expect(failed.error?.message).toContain('the mirror keeps what it had');
      expect(times(db)).toEqual(before);
    } finally {
      db.close();
      await unreadable.close();
    }
  });
});
