// Inventory history is a log read in pages against the real demo server (`/inv/history`: newest
// first, `limit` a call, `to` for older pages): the whole window on the first read, only new events
// after it, 304 when nothing happened, the newest `historyMaxEvents` when the window holds more, and
// a full read again when the window is made longer.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { PlanOptions } from '../../electron/core/sync/dataset-registry.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from './demo-token.ts';

let server: DemoServer;
let dir: ReturnType<typeof tempDir>;
let token: string;
let facility: { id: string; code: string; name: string };
const NOW = new Date('2026-11-01T12:00:00Z');

beforeAll(async () => {
  server = await startDemoServer({ port: 0, items: 400, accounts: 1, facilities: 1, seed: 5, rateLimit: 0, today: '2026-11-01', historyDays: 90 });
  dir = tempDir();
  const signedIn = await demoToken(server);
  token = signedIn.token;
  facility = signedIn.facilities[0]!;
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

/** The window's events as the server has them (one call: the demo's windows here hold fewer than 10,000). */
async function serverHistory(days: number, limit = 10_000): Promise<string[]> {
  const from = new Date(NOW.getTime() - days * 86_400_000);
  from.setUTCHours(0, 0, 0, 0);
  const response = await fetch(`${server.url}/v1/api/pub/inv/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ facilityId: facility.id, from: from.toISOString(), limit }),
  });
  return ((await response.json()) as { id: string }[]).map((e) => e.id);
}

function sync(db: WriteDb, plan: Partial<PlanOptions>) {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => token,
    refreshAfterUnauthorized: async () => token,
    plan: { offlineLists: ['history'], offlineFacilities: [], userFacilities: [facility], historyDays: 30, historyPageSize: 40, now: NOW, ...plan },
  });
}
const historyOf = (result: Awaited<ReturnType<typeof sync>>) => result.datasets.find((d) => d.key.startsWith('history@'))!;
const keptIds = (db: WriteDb) => (db.prepare('SELECT id FROM history ORDER BY id').pluck().all() as string[]).sort();

describe('inventory history, read in pages', () => {
  it('reads the whole window, then only what is new, answers 304 when nothing happened, and reads again a longer window', async () => {
    const db = openMirror(path.join(dir.path, 'log.sqlite'));
    try {
      server.setRevision(0);
      const window = await serverHistory(30);
      expect(window.length).toBeGreaterThan(40 * 3); // several pages of 40
      expect(window.length).toBeLessThan(10_000);
      const first = historyOf(await sync(db, {}));
      expect(first).toMatchObject({ outcome: 'applied', rows: window.length });
      expect(keptIds(db)).toEqual([...window].sort());

      expect(historyOf(await sync(db, {})).outcome).toBe('unchanged');

      server.setRevision(1);
      const after = await serverHistory(30);
      expect(after.length).toBeGreaterThan(window.length);
      const update = historyOf(await sync(db, {}));
      expect(update.outcome).toBe('applied');
      // only the pages down to the newest event kept were read
      expect(update.bytes).toBeLessThan(first.bytes / 3);
      // a log only grows: every event of the window is kept, and the only others are events the
      // server no longer lists (the demo drops the history of the items it deletes)
      const kept = keptIds(db);
      expect(kept).toEqual(expect.arrayContaining(after));
      const dropped = new Set(window.filter((id) => !after.includes(id)));
      expect(kept.filter((id) => !after.includes(id)).every((id) => dropped.has(id))).toBe(true);

      // a longer window is read whole again (what the server no longer lists goes then)
      const longer = await serverHistory(60);
      expect(longer.length).toBeGreaterThan(after.length);
      expect(historyOf(await sync(db, { historyDays: 60 })).outcome).toBe('applied');
      expect(keptIds(db)).toEqual([...longer].sort());
      // and back to 30 days: the events before the window leave
      expect(historyOf(await sync(db, { historyDays: 30 })).outcome).toBe('applied');
      expect(keptIds(db)).toEqual([...after].sort());
    } finally {
      db.close();
      server.setRevision(0);
    }
  });

  it('keeps the times of a server west of UTC in UTC: the window keeps its first hours, and only what is new is read after', async () => {
    // -05:00: an event at the window's first hour is written as the day before; kept as written,
    // it sorted before the window's start (UTC) and left the mirror at the end of every read
    const west = await startDemoServer({ port: 0, items: 400, accounts: 1, facilities: 1, seed: 5, rateLimit: 0, today: '2026-11-01', historyDays: 90, historyOffsetMinutes: -300 });
    const db = openMirror(path.join(dir.path, 'west.sqlite'));
    try {
      const westToken = (await demoToken(west)).token;
      const syncWest = () =>
        runRound(db, {
          baseUrl: west.url,
          accessToken: async () => westToken,
          refreshAfterUnauthorized: async () => westToken,
          plan: { offlineLists: ['history'], offlineFacilities: [], userFacilities: [facility], historyDays: 30, historyPageSize: 40, now: NOW },
        });
      const utcTimes = async () => {
        const start = new Date(NOW.getTime() - 30 * 86_400_000);
        start.setUTCHours(0, 0, 0, 0);
        const from = start.toISOString();
        const response = await fetch(`${server.url}/v1/api/pub/inv/history`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ facilityId: facility.id, from, limit: 10_000 }),
        });
        const events = (await response.json()) as { id: string; createdon: string }[];
        return { from, times: new Map(events.map((e) => [e.id, e.createdon])) };
      };
      const kept = () => new Map(db.prepare('SELECT id, created_on FROM history').raw().all() as [string, string][]);
      server.setRevision(0);
      west.setRevision(0);
      const { from, times } = await utcTimes();
      // the case that failed: events in the window's first five hours, written the day before
      const early = [...times.values()].filter((t) => Date.parse(t) - Date.parse(from) < 5 * 3_600_000);
      expect(early.length).toBeGreaterThan(0);
      const first = historyOf(await syncWest());
      expect(first.outcome).toBe('applied');
      // the same events as the UTC server's, at the same instants, in its form
      expect(kept()).toEqual(times);

      server.setRevision(1);
      west.setRevision(1);
      const update = historyOf(await syncWest());
      expect(update.outcome).toBe('applied');
      expect(update.bytes).toBeLessThan(first.bytes / 3);
      const after = await utcTimes();
      for (const [id, time] of after.times) expect(kept().get(id), id).toBe(time);
    } finally {
      db.close();
      server.setRevision(0);
      await west.close();
    }
  });

  it('keeps the newest events when the window holds more than historyMaxEvents', async () => {
    const db = openMirror(path.join(dir.path, 'capped.sqlite'));
    try {
      const newest = await serverHistory(30, 100);
      expect(historyOf(await sync(db, { historyMaxEvents: 100 }))).toMatchObject({ outcome: 'applied', rows: 100 });
      expect(keptIds(db)).toEqual([...newest].sort());
    } finally {
      db.close();
    }
  });
});
