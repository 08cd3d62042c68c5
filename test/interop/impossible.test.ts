// A server no client can use: it opens the session but hands out no token anywhere. The sync must
// fail with an error naming the call, and a mirror made earlier must stay as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { DEFAULT_PROFILE } from '../../electron/demo/profile/server-profile.ts';
import { tempDir } from '../support/temp-dir.ts';
import { EMAIL, SIZES, readMirror, runCli } from './support/profile-check.ts';

describe('no token anywhere', () => {
  const dir = tempDir('aisle-interop-');
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ ...SIZES, rateLimit: 0 });
  });
  afterAll(async () => {
    await server.close();
    dir.remove();
  });

  it('fails naming the session call and leaves the earlier mirror intact', async () => {
    const first = await runCli(['sync', '--server', server.url, '--email', EMAIL, '--data', dir.path]);
    expect(first.code).toBe(0);
    const before = readMirror(dir.path);
    expect(before?.some((d) => d.records.size > 0)).toBe(true);
    // the same server address, now a server that delivers no token
    const { port } = server;
    await server.close();
    server = await startDemoServer({ ...SIZES, rateLimit: 0, port, profile: { ...DEFAULT_PROFILE, token: { kind: 'none' } } });
    const second = await runCli(['sync', '--server', server.url, '--email', EMAIL, '--data', dir.path]);
    expect(second.code).not.toBe(0);
    expect(second.err.join('\n')).toMatch(/opening the session/);
    expect(second.err.join('\n')).toMatch(/token/i);
    const after = readMirror(dir.path);
    expect(after?.map((d) => [d.key, [...d.records.keys()].sort()])).toEqual(before?.map((d) => [d.key, [...d.records.keys()].sort()]));
  });
});
