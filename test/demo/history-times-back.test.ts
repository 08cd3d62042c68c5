// The demo takes a history page's `from`/`to` back in the form its profile writes times (a client
// asks for older pages with the oldest time it was served); what is no time in any form is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../../electron/demo/profile/server-profile.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { demoToken } from '../sync/demo-token.ts';

let server: DemoServer;
let token: string;
let facilityId: string;
beforeAll(async () => {
  server = await startDemoServer({ port: 0, items: 50, accounts: 1, facilities: 1, rateLimit: 0, today: '2026-11-01', profile: { ...DEFAULT_PROFILE, dates: 'jackson-array' } });
  const signedIn = await demoToken(server);
  token = signedIn.token;
  facilityId = signedIn.facilities[0]!.id;
});
afterAll(() => server.close());

const history = (to: unknown) =>
  fetch(`${server.url}/v1/api/pub/inv/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ facilityId, to, limit: 5 }),
  });

describe('history times sent back in the profile\'s form', () => {
  it('reads a Jackson array as the time it names, and refuses what is no time with a 400', async () => {
    const page = await history([2026, 10, 20, 12, 0, 0, 0]);
    expect(page.status).toBe(200);
    const events = (await page.json()) as { createdon: number[] }[];
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(Date.UTC(e.createdon[0]!, e.createdon[1]! - 1, e.createdon[2]!, e.createdon[3], e.createdon[4], e.createdon[5])).toBeLessThanOrEqual(Date.UTC(2026, 9, 20, 12));
    for (const bad of [[1e20, 1, 1], 1e300, 'yesterday']) expect((await history(bad)).status, JSON.stringify(bad)).toBe(400);
  });
});
