// `authDeadlineSeconds` bounds a whole sign-in, its retries and the waits a 429 asks for included:
// a license list that trickles forever, or that answers 429 "come back in 20 s" each time, ends the
// sign-in near the setting, in words that name the call and what the server last answered.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { silentLogger } from '../../electron/core/context.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { anyAuthServer, CREDS, type AnyAuthServer } from '../api/any-auth-server.ts';
import { tempDir } from '../support/temp-dir.ts';

const DEADLINE_SECONDS = 3;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function signInAgainst(server: AnyAuthServer) {
  const dir = tempDir('aisle-sign-in-deadline-');
  const core = createNodeCore({ host: 'cli', dataDir: dir.path, overrides: { log: silentLogger } });
  cleanups.push(() => dir.remove(), () => core.close());
  expect(await dispatch(core.handlers, 'settings.set', { authDeadlineSeconds: DEADLINE_SECONDS })).toMatchObject({ ok: true });
  const started = performance.now();
  const result = await dispatch(core.handlers, 'session.signIn', { server: server.url, ...CREDS });
  return { result, seconds: (performance.now() - started) / 1000 };
}

describe('a whole sign-in within authDeadlineSeconds', () => {
  it('ends a sign-in whose license list trickles forever near the deadline, not after three tries of it', async () => {
    const server = await anyAuthServer({ delivery: { kind: 'cookie', name: 'JWT' }, trickle: '/v1/auth/pub/user/licenses' });
    cleanups.push(() => server.close());
    const { result, seconds } = await signInAgainst(server);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: expect.stringMatching(/^Signing in to http:\/\/127\.0\.0\.1:\d+ did not finish within 3 s \(the setting authDeadlineSeconds, retries and waits included\): it was waiting for the license list/) },
    });
    expect(seconds).toBeGreaterThanOrEqual(DEADLINE_SECONDS - 0.1);
    expect(seconds).toBeLessThan(DEADLINE_SECONDS + 1.5);
  });

  it('ends a sign-in that a server keeps answering 429 near the deadline, naming the call and its status', async () => {
    const server = await anyAuthServer({
      delivery: { kind: 'cookie', name: 'JWT' },
      licenses: (res: import('node:http').ServerResponse) => {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '20' });
        res.end('{"message":"slow down"}');
      },
    });
    cleanups.push(() => server.close());
    const { result, seconds } = await signInAgainst(server);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: expect.stringContaining("it was waiting for the license list; the server's last answer: POST /v1/auth/pub/user/licenses answered 429.") },
    });
    expect(server.count('/v1/auth/pub/user/licenses')).toBe(1);
    expect(seconds).toBeGreaterThanOrEqual(DEADLINE_SECONDS - 0.1);
    expect(seconds).toBeLessThan(DEADLINE_SECONDS + 1.5);
  });
});
