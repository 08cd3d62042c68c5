// An OAuth2-style server (`access_token`, `expires_in`, `refresh_token` in the body; a refresh by
// the refresh token alone): the session is refreshed with the rotated refresh token, the password is
// never sent again while it works, and signing out ends the one session that was opened.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../../electron/demo/profile/server-profile.ts';
import { DEMO_PASSWORD, startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { harness } from './harness.ts';

const SOLO = { email: 'solo@example.com', password: DEMO_PASSWORD };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** The user's sessions the server holds open, seen by a session of its own (left out of the answer). */
async function openSessionsOf(server: DemoServer): Promise<string[]> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/v1/auth/pub/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const [license] = (await post('user/licenses', SOLO)) as { id: string }[];
  const opened = (await post('user/session?locale=en_US', { ...SOLO, licenseId: license.id })) as { access_token: string };
  const headers = { authorization: `Bearer ${opened.access_token}` };
  const own = ((await (await fetch(`${server.url}/v1/auth/pub/jwt`, { headers })).json()) as { sn: string }).sn;
  const user = (await (await fetch(`${server.url}/v1/auth/pub/jwt/list`, { headers })).json()) as { sessions: { sn: string }[] };
  await fetch(`${server.url}/v1/auth/pub/jwt`, { method: 'DELETE', headers });
  return user.sessions.map((s) => s.sn).filter((sn) => sn !== own);
}

describe('OAuth2-style tokens', () => {
  it('refreshes with the rotated refresh token without the password, and signing out ends the session opened', async () => {
    const server = await startDemoServer({ port: 0, items: 20, accounts: 1, facilities: 1, rateLimit: 0, profile: { ...DEFAULT_PROFILE, token: { kind: 'oauth2' } } });
    cleanup.push(() => server.close());
    const h = harness();
    cleanup.push(() => h.close());

    const signedIn = await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
    expect(signedIn.status).toBe('signed-in');
    // the license list and the session: the only two requests that carry the password
    expect(server.passwordsChecked()).toBe(2);
    const opened = await openSessionsOf(server);
    expect(opened).toHaveLength(1);
    // (looking signs in too)
    const passwords = server.passwordsChecked();
    // expires_in (900 s) is the session's life
    const life = Date.parse(h.service.view().expiresAt!) - h.clock.now();
    expect(life).toBeGreaterThan(890_000);
    expect(life).toBeLessThanOrEqual(900_000);

    const tokens = [await h.service.accessToken()];
    for (let round = 0; round < 3; round++) {
      const refreshed = h.next('session.changed', (v) => v.state === 'signed-in');
      expect(h.clock.fireNext()).toBe(true);
      await refreshed;
      tokens.push(await h.service.accessToken());
    }
    // three refreshes, each with the refresh token the one before handed out (a reused one ends the session)
    expect(new Set(tokens).size).toBe(4);
    expect(server.passwordsChecked()).toBe(passwords);
    expect(await openSessionsOf(server)).toEqual(opened);
    const looked = server.passwordsChecked();
    expect(h.service.view().state).toBe('signed-in');

    await h.service.handlers['session.signOut']({});
    expect(server.passwordsChecked()).toBe(looked);
    expect(await openSessionsOf(server)).toEqual([]);
  });
});
