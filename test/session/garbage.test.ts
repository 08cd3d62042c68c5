// A server that answers garbage: every step the sign-in needs gives its typed error, nothing
// crashes, and a session that was there stays as it was. The profile and the session information
// are not needed: garbage there costs what they would have given, never the sign-in.
import { afterEach, describe, expect, it } from 'vitest';
import type { AisleError } from '../../electron/contract/errors.ts';
import { fakeJwt, json, localServer, type LocalServer } from '../api/local-server.ts';
import { harness } from './harness.ts';

let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
const codeOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: AisleError) => e.code);

const license = { id: 'lic-1', license_type: 'COMMUNITY', enabled: true, description: 'Main' };
const session = { refreshToken: 'r1', expiresAt: new Date(Date.now() + 900_000).toISOString(), redirectURL: '/' };
const info = { userEmail: 'a@example.com', licenseId: 'lic-1', sn: 'sn-1', expiresAt: session.expiresAt, zoneIdStr: 'UTC' };
const user = { id: 'u1', email: 'a@example.com', name: 'Ann', locale: 'en_US', facilities: [{ id: 'f1', code: 'F1', name: 'One' }], roles: [] };

type Step = 'licenses' | 'session' | 'profile' | 'info';
const garbage = {
  html: (res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Sign in</title>');
  },
  truncated: (res: import('node:http').ServerResponse) => json(res, 200, '{"id":"u1","email":'),
  wrongTypes: (res: import('node:http').ServerResponse) => json(res, 200, { id: 7, email: false, facilities: 'all', refreshToken: [], userEmail: 1 }),
};

function scripted(broken: Step | null, answer: (res: import('node:http').ServerResponse) => void) {
  const script = { broken };
  return localServer((req, res) => {
    const { broken } = script;
    const url = req.url ?? '';
    const step: Step = url.includes('/user/licenses') ? 'licenses' : url.includes('/user/session') ? 'session' : url.includes('/jwt/list') ? 'profile' : 'info';
    if (step === broken) return answer(res);
    if (step === 'licenses') return json(res, 200, [license]);
    if (step === 'session') return json(res, 200, session, { 'Set-Cookie': `access_token=${fakeJwt()}; HttpOnly; Path=/` });
    if (step === 'profile') return json(res, 200, user);
    return json(res, 200, info);
  }).then((s) => Object.assign(s, { script }));
}

describe('a server that answers garbage', () => {
  for (const step of ['licenses', 'session'] as const) {
    for (const [kind, answer] of Object.entries(garbage)) {
      it(`${kind} at the ${step} step → bad_response, still signed out`, async () => {
        server = await scripted(step, answer);
        const h = harness();
        try {
          const code = await codeOf(h.service.handlers['session.signIn']({ server: server.url, email: 'a@example.com', password: 'pw', rememberMe: false }));
          expect(code).toBe('bad_response');
          expect(h.service.view().state).toBe('signed-out');
          expect(h.service.identity()).toBeNull();
        } finally {
          await h.close();
        }
      });
    }
  }

  for (const step of ['profile', 'info'] as const) {
    for (const [kind, answer] of Object.entries(garbage)) {
      it(`${kind} at the ${step} step → signed in without what it would have given`, async () => {
        server = await scripted(step, answer);
        const h = harness();
        try {
          const result = await h.service.handlers['session.signIn']({ server: server.url, email: 'a@example.com', password: 'pw', rememberMe: false });
          expect(result.status === 'signed-in' && result.session.state).toBe('signed-in');
          if (step === 'profile') expect(h.service.view()).toMatchObject({ userName: null, facilities: [], sessionId: 'sn-1' });
          else expect(h.service.view()).toMatchObject({ userName: 'Ann', sessionId: null });
        } finally {
          await h.close();
        }
      });
    }
  }

  it('the same server answering properly signs in (the script is sound)', async () => {
    const scriptedServer = await scripted(null, garbage.html);
    server = scriptedServer;
    const h = harness();
    try {
      const result = await h.service.handlers['session.signIn']({ server: server.url, email: 'a@example.com', password: 'pw', rememberMe: false });
      expect(result.status === 'signed-in' && result.session).toMatchObject({ state: 'signed-in', sessionId: 'sn-1', userName: 'Ann' });
      // Garbage after sign-in (session info) is typed too and leaves the session alone.
      scriptedServer.script.broken = 'info';
      expect(await codeOf(h.service.handlers['session.info']({}))).toBe('bad_response');
      expect(h.service.view().state).toBe('signed-in');
    } finally {
      await h.close();
    }
  });
});
