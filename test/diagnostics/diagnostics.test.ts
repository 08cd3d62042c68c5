// diagnostics.get against the demo warehouse: the server, its clock against this one, and the
// requests of the sign-in and the first sync, with no credential in any of it; closed while
// locked; emptied on sign-out; a server that cannot be reached is listed as such.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { Diagnostics, SessionView } from '../../electron/contract/types.ts';
import { demoCore } from '../support/demo-core.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function diagnostics(handlers: Parameters<typeof dispatch>[0]): Promise<Diagnostics> {
  const answer = await dispatch(handlers, 'diagnostics.get', {});
  if (!answer.ok) throw new Error(`diagnostics.get: ${answer.error.code}`);
  return answer.value as Diagnostics;
}

describe('diagnostics', () => {
  it("lists the sign-in's and the sync's requests with the server's clock, and never a credential", async () => {
    const { core, server, firstRound } = await demoCore(cleanup, { clockOffsetMs: -90_000 });
    const synced = firstRound();
    await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'demo1234' });
    await synced;
    const d = await diagnostics(core.handlers);
    expect(d.server).toBe(server.url);
    expect(Math.abs(d.clockSkewMs! + 90_000)).toBeLessThanOrEqual(1500);

    const session = d.requests.filter((r) => r.by === 'session');
    expect(session.map((r) => `${r.method} ${r.url.replace(server.url, '')} ${r.status}`)).toEqual(expect.arrayContaining(['POST /v1/auth/pub/user/licenses 200', 'POST /v1/auth/pub/user/session?locale=en_US 200']));
    expect(session.every((r) => r.body === null)).toBe(true);
    const sync = d.requests.filter((r) => r.by === 'sync');
    const items = sync.find((r) => /\/lists\/accounts\/[^/]+\/items\/query$/.test(r.url));
    expect(items).toMatchObject({ method: 'GET', status: 200, error: null, body: null });
    const stock = sync.find((r) => r.url.endsWith('/v1/api/pub/inv/query') && r.method === 'POST');
    expect(JSON.parse(stock!.body!)).toHaveProperty('facilityId');
    for (const r of d.requests) {
      expect(r.url.startsWith(server.url)).toBe(true);
      expect(Date.parse(r.at)).not.toBeNaN();
      expect(r.ms).toBeGreaterThanOrEqual(0);
    }
    // the newest answer first: the oldest is the sign-in's first request
    expect(d.requests.at(-1)!.url).toBe(`${server.url}/v1/auth/pub/user/licenses`);
    // no password, no JWT, no cookie
    const text = JSON.stringify(d);
    expect(text).not.toContain('demo1234');
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(text.toLowerCase()).not.toContain('cookie');

    // a second round: its 304s are listed (counted when they repeat)
    const again = firstRound();
    await dispatch(core.handlers, 'sync.now', {});
    await again;
    expect((await diagnostics(core.handlers)).requests.some((r) => r.by === 'sync' && r.status === 304)).toBe(true);

    await dispatch(core.handlers, 'session.lock', {});
    expect(await dispatch(core.handlers, 'diagnostics.get', {})).toMatchObject({ ok: false, error: { code: 'locked' } });
    await dispatch(core.handlers, 'session.unlock', { password: 'demo1234' });
    await dispatch(core.handlers, 'session.signOut', {});
    expect((await diagnostics(core.handlers)).requests).toEqual([]);
  });

  it("shows none of one user's requests to the next, even signing in over an expired session", async () => {
    const { core, firstRound } = await demoCore(cleanup);
    const synced = firstRound();
    await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'demo1234' });
    await synced;
    const answer = await dispatch(core.handlers, 'session.current', {});
    if (!answer.ok) throw new Error('no session');
    const view = answer.value as SessionView;
    const count = async () => (await diagnostics(core.handlers)).requests.length;
    expect(await count()).toBeGreaterThan(3);
    core.events.emit('session.changed', { ...view, state: 'expired' }); // the same user's session lapsed: kept
    expect(await count()).toBeGreaterThan(3);
    core.events.emit('session.changed', { ...view, email: 'other@example.com' }); // someone else's took its place
    expect(await count()).toBe(0);
  });

  it('lists a server that cannot be reached, with no answer and why', async () => {
    const { core } = await demoCore(cleanup);
    const answer = await dispatch(core.handlers, 'session.signIn', { server: 'http://127.0.0.1:9', email: 'solo@example.com', password: 'demo1234' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } });
    const d = await diagnostics(core.handlers);
    expect(d.requests[0]).toMatchObject({ by: 'session', method: 'POST', url: 'http://127.0.0.1:9/v1/auth/pub/user/licenses', status: null, error: { code: 'offline' } });
    expect(d.clockSkewMs).toBe(null);
  });
});
