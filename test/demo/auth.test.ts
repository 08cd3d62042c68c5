// The ten authentication operations over real HTTP: sign-in, refresh rotation and reuse, session end,
// token delivery modes, persistence across a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { AUTH, API, PASSWORD, errorBody, getJson, licensesOf, postJson, signIn, start, tokenFrom } from './support.ts';

let server: DemoServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => server.close());

const cookie = (jwt: string) => ({ cookie: `access_token=${jwt}` });

describe('licenses, validate, ping', () => {
  it('lists the demo user two enabled licenses, one COMMUNITY, with every field of table 2.6', async () => {
    const licenses = await licensesOf(server, 'demo@example.com');
    expect(licenses).toHaveLength(2);
    expect(licenses.every((l) => l.enabled)).toBe(true);
    expect(licenses.map((l) => l.license_type)).toContain('COMMUNITY');
    expect(Object.keys(licenses[0]).sort()).toEqual(
      ['customer_id', 'customer_name', 'description', 'enabled', 'id', 'license_type', 'msg', 'number_facilities', 'number_full_users', 'number_integrations', 'number_ro_users', 'number_rf_users', 'number_transactions', 'production'].sort(),
    );
  });

  it('solo has exactly one license; lapsed holds only a disabled one', async () => {
    expect(await licensesOf(server, 'solo@example.com')).toHaveLength(1);
    const lapsed = await licensesOf(server, 'lapsed@example.com');
    expect(lapsed.map((l) => l.enabled)).toEqual([false]);
  });

  it('wrong credentials are 401 with the error body; a disabled user is 403', async () => {
    const wrong = await postJson(server, `${AUTH}/user/licenses`, { email: 'demo@example.com', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect((await errorBody(wrong)).path).toBe(`${AUTH}/user/licenses`);
    const unknown = await postJson(server, `${AUTH}/user/validate`, { email: 'who@example.com', password: PASSWORD });
    expect(unknown.status).toBe(401);
    const disabled = await postJson(server, `${AUTH}/user/validate`, { email: 'disabled@example.com', password: PASSWORD });
    expect(disabled.status).toBe(403);
    expect((await errorBody(disabled)).message).toMatch(/disabled/);
  });

  it('validate answers the JSON string "VALID"', async () => {
    const response = await postJson(server, `${AUTH}/user/validate`, { email: 'demo@example.com', password: PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe('VALID');
  });

  it('ping answers without a session', async () => {
    const response = await fetch(`${server.url}${AUTH}/ping`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe('UP');
  });
});

describe('sessions', () => {
  it('signs in with a cookie; GET /jwt and /jwt/list know the caller by cookie or Bearer', async () => {
    const session = await signIn(server);
    const [, payload] = session.jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ email: 'demo@example.com', lic: session.licenseId });
    expect(claims.exp - claims.iat).toBe(900);
    expect(typeof claims.sid).toBe('string');

    const info = await getJson<Record<string, string>>(server, `${AUTH}/jwt`, cookie(session.jwt));
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ userEmail: 'demo@example.com', licenseId: session.licenseId, sn: claims.sid, expiresAt: session.expiresAt, zoneIdStr: expect.any(String) });

    const me = await getJson<{ email: string; locale: string; facilities: { id: string; code: string; name: string }[]; roles: { id: string; name: string }[] }>(server, `${AUTH}/jwt/list`, session.bearer);
    expect(me.body.email).toBe('demo@example.com');
    expect(me.body.locale).toBe('en_US');
    expect(me.body.facilities).toHaveLength(2);
    expect(Object.keys(me.body.facilities[0]).sort()).toEqual(['code', 'id', 'name']);
    expect(Object.keys(me.body.roles[0]).sort()).toEqual(['id', 'name']);
  });

  it('solo@example.com is es_ES with one facility', async () => {
    const session = await signIn(server, 'solo@example.com');
    const me = await getJson<{ locale: string; facilities: unknown[] }>(server, `${AUTH}/jwt/list`, cookie(session.jwt));
    expect(me.body.locale).toBe('es_ES');
    expect(me.body.facilities).toHaveLength(1);
  });

  it('refuses a disabled license, a license the user does not hold, a disabled user, a bad license id', async () => {
    const [lapsed] = await licensesOf(server, 'lapsed@example.com');
    const disabledLicense = await postJson(server, `${AUTH}/user/session`, { email: 'lapsed@example.com', password: PASSWORD, licenseId: lapsed.id, snType: 'SYSTEM' });
    expect(disabledLicense.status).toBe(403);
    const notHeld = await postJson(server, `${AUTH}/user/session`, { email: 'demo@example.com', password: PASSWORD, licenseId: lapsed.id, snType: 'SYSTEM' });
    expect(notHeld.status).toBe(403);
    const [demoLicense] = await licensesOf(server, 'demo@example.com');
    const disabledUser = await postJson(server, `${AUTH}/user/session`, { email: 'disabled@example.com', password: PASSWORD, licenseId: demoLicense.id, snType: 'SYSTEM' });
    expect(disabledUser.status).toBe(403);
    const badId = await postJson(server, `${AUTH}/user/session`, { email: 'demo@example.com', password: PASSWORD, licenseId: 'not-a-uuid' });
    expect(badId.status).toBe(400);
    expect((await errorBody(badId)).details).toEqual([expect.objectContaining({ field: 'licenseId' })]);
  });

  it('refresh rotates: the new token works, the old one is dead and reusing it ends the session family', async () => {
    const first = await signIn(server);
    const refresh = (token: string) => postJson(server, `${AUTH}/user/session/refresh?sn_type=SYSTEM&locale=en_US`, { email: 'demo@example.com', password: PASSWORD, refreshToken: token });
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { refreshToken: string; redirectURL: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const secondJwt = tokenFrom(rotated, second.redirectURL);
    expect((await getJson(server, `${AUTH}/jwt`, cookie(secondJwt))).status).toBe(200);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect((await errorBody(reuse)).message).toMatch(/already used/);
    // the whole family is over: the rotated token and both JWTs are refused
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await getJson(server, `${AUTH}/jwt`, cookie(secondJwt))).status).toBe(401);
    expect((await getJson(server, `${API}/lists/hazmat/query`, first.bearer)).status).toBe(401);
  });

  it('refresh needs the right password and a known token', async () => {
    const session = await signIn(server);
    expect((await postJson(server, `${AUTH}/user/session/refresh`, { email: 'demo@example.com', password: 'wrong', refreshToken: session.refreshToken })).status).toBe(401);
    expect((await postJson(server, `${AUTH}/user/session/refresh`, { email: 'demo@example.com', password: PASSWORD, refreshToken: 'made-up' })).status).toBe(401);
    expect((await postJson(server, `${AUTH}/user/session/refresh`, { email: 'solo@example.com', password: PASSWORD, refreshToken: session.refreshToken })).status).toBe(401);
    // the refused attempts did not spend it
    expect((await postJson(server, `${AUTH}/user/session/refresh`, { email: 'demo@example.com', password: PASSWORD, refreshToken: session.refreshToken })).status).toBe(200);
  });

  it('DELETE /jwt ends the session for real and clears the cookie', async () => {
    const session = await signIn(server);
    const response = await fetch(`${server.url}${AUTH}/jwt`, { method: 'DELETE', headers: cookie(session.jwt) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { userEmail: string }).userEmail).toBe('demo@example.com');
    expect(response.headers.get('set-cookie')).toMatch(/access_token=;.*Max-Age=0/);
    expect((await getJson(server, `${AUTH}/jwt`, cookie(session.jwt))).status).toBe(401);
    expect((await getJson(server, `${API}/lists/hazmat/query`, session.bearer)).status).toBe(401);
    expect((await postJson(server, `${AUTH}/user/session/refresh`, { email: 'demo@example.com', password: PASSWORD, refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('DELETE /jwt/{userSession}: own sessions yes, others only with a high security level', async () => {
    const mine = await signIn(server);
    const other = await signIn(server);
    const sid = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sid as string;
    const solo = await signIn(server, 'solo@example.com');
    const admin = await signIn(server, 'admin@example.com');

    const forbidden = await fetch(`${server.url}${AUTH}/jwt/${sid(other.jwt)}`, { method: 'DELETE', headers: cookie(solo.jwt) });
    expect(forbidden.status).toBe(403);
    expect((await getJson(server, `${AUTH}/jwt`, cookie(other.jwt))).status).toBe(200);

    const own = await fetch(`${server.url}${AUTH}/jwt/${sid(other.jwt)}`, { method: 'DELETE', headers: cookie(mine.jwt) });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { sn: string }).sn).toBe(sid(other.jwt));
    expect((await getJson(server, `${AUTH}/jwt`, cookie(other.jwt))).status).toBe(401);
    expect((await getJson(server, `${AUTH}/jwt`, cookie(mine.jwt))).status).toBe(200);

    const byAdmin = await fetch(`${server.url}${AUTH}/jwt/${sid(solo.jwt)}`, { method: 'DELETE', headers: cookie(admin.jwt) });
    expect(byAdmin.status).toBe(200);
    expect((await getJson(server, `${AUTH}/jwt`, cookie(solo.jwt))).status).toBe(401);

    const unknown = await fetch(`${server.url}${AUTH}/jwt/no-such-session`, { method: 'DELETE', headers: cookie(admin.jwt) });
    expect(unknown.status).toBe(404);
  });

  it('/jwt/list also lists the caller\'s open sessions (not other users\', not ended ones), newest first', async () => {
    const sid = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sid as string;
    const first = await signIn(server);
    const second = await signIn(server);
    const solo = await signIn(server, 'solo@example.com');
    type Listed = { sessions: { sn: string; userEmail: string; licenseId: string; expiresAt: string; createdAt: string }[] };
    const before = (await getJson<Listed>(server, `${AUTH}/jwt/list`, cookie(first.jwt))).body.sessions;
    const sns = before.map((s) => s.sn);
    expect(sns).toEqual(expect.arrayContaining([sid(first.jwt), sid(second.jwt)]));
    expect(sns).not.toContain(sid(solo.jwt));
    expect(before.every((s) => s.userEmail === 'demo@example.com')).toBe(true);
    expect(sns.indexOf(sid(second.jwt))).toBeLessThan(sns.indexOf(sid(first.jwt)));
    expect(before.find((s) => s.sn === sid(first.jwt))).toMatchObject({ licenseId: first.licenseId, expiresAt: first.expiresAt, createdAt: expect.any(String) });

    await fetch(`${server.url}${AUTH}/jwt/${sid(second.jwt)}`, { method: 'DELETE', headers: cookie(first.jwt) });
    const after = (await getJson<Listed>(server, `${AUTH}/jwt/list`, cookie(first.jwt))).body.sessions.map((s) => s.sn);
    expect(after).toContain(sid(first.jwt));
    expect(after).not.toContain(sid(second.jwt));
  });

  it('users/email/{email} finds users, hides disabled ones unless includeDisabled=true', async () => {
    const session = await signIn(server);
    const solo = await getJson<{ email: string; enabled: boolean }>(server, `${AUTH}/users/email/solo%40example.com`, cookie(session.jwt));
    expect(solo.body.email).toBe('solo@example.com');
    expect((await getJson(server, `${AUTH}/users/email/disabled@example.com`, cookie(session.jwt))).status).toBe(404);
    const disabled = await getJson<{ enabled: boolean }>(server, `${AUTH}/users/email/disabled@example.com?includeDisabled=true`, cookie(session.jwt));
    expect(disabled.body.enabled).toBe(false);
    expect((await getJson(server, `${AUTH}/users/email/nobody@example.com`, cookie(session.jwt))).status).toBe(404);
    expect((await getJson(server, `${AUTH}/users/email/solo@example.com?includeDisabled=maybe`, cookie(session.jwt))).status).toBe(400);
    expect((await getJson(server, `${AUTH}/users/email/solo@example.com`, {})).status).toBe(401);
  });

  it('an expired access token is refused', async () => {
    // The token's life is counted from the whole second it was issued in, so a one-second token can be
    // dead a few milliseconds after sign-in; three seconds leaves at least two for the first call.
    const short = await start({ accessTtlSeconds: 3 });
    try {
      const session = await signIn(short);
      expect((await getJson(short, `${AUTH}/jwt`, cookie(session.jwt))).status).toBe(200);
      const deadline = Date.now() + 8000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await getJson(short, `${AUTH}/jwt`, cookie(session.jwt))).status;
      }
      expect(status).toBe(401);
      // the refresh token still opens a fresh access token
      expect((await postJson(short, `${AUTH}/user/session/refresh`, { email: 'demo@example.com', password: PASSWORD, refreshToken: session.refreshToken })).status).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('token delivery modes', () => {
  it.each(['cookie', 'header', 'redirect'] as const)('%s: the JWT arrives only that way and works', async (mode) => {
    const modal = await start({ tokenDelivery: mode, items: 100 });
    try {
      const [license] = await licensesOf(modal, 'demo@example.com');
      const response = await postJson(modal, `${AUTH}/user/session`, { email: 'demo@example.com', password: PASSWORD, licenseId: license.id, snType: 'SYSTEM' });
      const body = (await response.json()) as { redirectURL: string; refreshToken: string; expiresAt: string };
      expect(Object.keys(body).sort()).toEqual(['expiresAt', 'redirectURL', 'refreshToken']);
      const setCookie = response.headers.get('set-cookie');
      const authorization = response.headers.get('authorization');
      const token = new URL(body.redirectURL).searchParams.get('token');
      expect([Boolean(setCookie), Boolean(authorization), Boolean(token)]).toEqual([mode === 'cookie', mode === 'header', mode === 'redirect']);
      if (setCookie) expect(setCookie).toMatch(/^access_token=[\w-]+\.[\w-]+\.[\w-]+; HttpOnly; SameSite=Strict; Path=\//);
      const jwt = tokenFrom(response, body.redirectURL);
      expect((await getJson(modal, `${API}/lists/hazmat/query`, { authorization: `Bearer ${jwt}` })).status).toBe(200);
    } finally {
      await modal.close();
    }
  });
});

describe('persistence', () => {
  it('a restart with the same data file keeps sessions and refresh tokens; a fresh start does not', async () => {
    const dir = tempDir();
    const dataFile = path.join(dir.path, 'sessions.sqlite');
    try {
      const first = await start({ dataFile, items: 100 });
      const session = await signIn(first);
      await first.close();
      const again = await start({ dataFile, items: 100 });
      try {
        expect((await getJson(again, `${AUTH}/jwt`, cookie(session.jwt))).status).toBe(200);
        expect((await postJson(again, `${AUTH}/user/session/refresh`, { email: 'demo@example.com', password: PASSWORD, refreshToken: session.refreshToken })).status).toBe(200);
      } finally {
        await again.close();
      }
      const fresh = await start({ items: 100 });
      try {
        expect((await getJson(fresh, `${AUTH}/jwt`, cookie(session.jwt))).status).toBe(401);
      } finally {
        await fresh.close();
      }
      const { readFileSync, statSync } = await import('node:fs');
      expect(statSync(dataFile).mode & 0o777).toBe(0o600);
      const bytes = readFileSync(dataFile).toString('latin1');
      expect(bytes).not.toContain(session.refreshToken);
      expect(bytes).not.toContain(PASSWORD);
    } finally {
      dir.remove();
    }
  });
});
