// The session through the core and the contract, as every host calls it.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { SessionView } from '../../electron/contract/types.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { tempDir } from '../support/temp-dir.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

describe('session through the contract', () => {
  it("signs in to 'demo', reports events, validates arguments, and signs out", async () => {
    const server = await startDemoServer({ port: 0 });
    cleanup.push(() => server.close());
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const core = createNodeCore({ host: 'cli', dataDir: dir.path, overrides: { startDemoServer: async () => ({ url: server.url }) } });
    cleanup.push(() => core.close());
    const views: SessionView[] = [];
    core.events.on('session.changed', (v) => views.push(v));

    const missing = await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    const wrong = await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'x' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'wrong_credentials', status: 401 } });
    const badUrl = await dispatch(core.handlers, 'session.signIn', { server: 'file:///etc', email: 'solo@example.com', password: 'x' });
    expect(badUrl).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });

    const signedIn = await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'demo1234' });
    expect(signedIn).toMatchObject({ ok: true, value: { status: 'signed-in', session: { state: 'signed-in', server: 'demo' } } });
    expect(views.at(-1)?.state).toBe('signed-in');
    expect(await dispatch(core.handlers, 'session.current', {})).toMatchObject({ ok: true, value: { email: 'solo@example.com' } });
    expect(await dispatch(core.handlers, 'connectivity.get', {})).toMatchObject({ ok: true, value: { state: expect.any(String) } });
    expect(core.handlers['settings.get']({})).toMatchObject({ server: 'demo', lastEmail: 'solo@example.com' });
    expect(JSON.stringify(views)).not.toContain('demo1234');

    expect(await dispatch(core.handlers, 'session.signOut', {})).toMatchObject({ ok: true, value: { state: 'signed-out' } });
    expect(views.at(-1)?.state).toBe('signed-out');
    expect(await dispatch(core.handlers, 'session.info', {})).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });
});
