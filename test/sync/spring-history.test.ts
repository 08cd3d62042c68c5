// History under the project's own `spring` profile: the server splits each history request into
// Spring Pages of 100 (`totalElements`, `last: false`). Every page is read and proven whole, so the
// mirror holds every event of the facility's window, not the first hundred.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from './demo-token.ts';

let server: DemoServer;
let dir: ReturnType<typeof tempDir>;
const NOW = new Date('2026-11-01T12:00:00Z');

beforeAll(async () => {
  server = await startDemoServer({ port: 0, items: 400, accounts: 1, facilities: 1, seed: 5, rateLimit: 0, today: '2026-11-01', historyDays: 90, profile: 'spring' });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

/** Every event of the window as the server pages it: page after page until `last`. */
async function serverEvents(token: string, facilityId: string, from: string): Promise<{ ids: string[]; firstPage: { totalElements: number; last: boolean; size: number } }> {
  const ids: string[] = [];
  let firstPage: { totalElements: number; last: boolean; size: number } | null = null;
  for (let page = 0; ; page++) {
    const response = await fetch(`${server.url}/v1/api/pub/inv/history?page=${page}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cookie: `JWT=${token}` },
      body: JSON.stringify({ facilityId, from, limit: 10_000 }),
    });
    const body = (await response.json()) as { content: { id: string }[]; totalElements: number; last: boolean; size: number };
    firstPage ??= body;
    ids.push(...body.content.map((e) => e.id));
    if (body.last) return { ids, firstPage };
  }
}

it('reads every page of a facility history the spring profile splits in pages of 100', async () => {
  const { token, facilities } = await demoToken(server);
  const facility = facilities[0]!;
  const db = openMirror(path.join(dir.path, 'spring.sqlite'));
  try {
    const result = await runRound(db, {
      baseUrl: server.url,
      accessToken: async () => token,
      refreshAfterUnauthorized: async () => token,
      plan: { offlineLists: ['history'], offlineFacilities: [], userFacilities: [facility], historyDays: 30, now: NOW },
    });
    const history = result.datasets.find((d) => d.key.startsWith('history@'))!;
    const from = new Date(NOW.getTime() - 30 * 86_400_000);
    from.setUTCHours(0, 0, 0, 0);
    const { ids, firstPage } = await serverEvents(token, facility.id, from.toISOString());
    // the server's own first page says there is more than one page
    expect(firstPage.size).toBe(100);
    expect(firstPage.last).toBe(false);
    expect(firstPage.totalElements).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(250);
    expect(history).toMatchObject({ outcome: 'applied', rows: ids.length, error: null });
    expect((db.prepare('SELECT id FROM history').pluck().all() as string[]).sort()).toEqual([...ids].sort());
  } finally {
    db.close();
  }
});
