// The connectivity monitor against a real server that goes down and comes back; time is a manual clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Connectivity } from '../../electron/contract/types.ts';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { createConnectivityMonitor } from '../../electron/core/session/connectivity-monitor.ts';
import { json, localServer, type LocalServer } from '../api/local-server.ts';
import { ManualClock, until } from './manual-clock.ts';

let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('connectivity monitor', () => {
  it('reports online, offline with growing backoff, refused, and online again', async () => {
    let mode: 'up' | 'down' | 'refuse' = 'up';
    server = await localServer((req, res) => {
      if (mode === 'down') req.socket.destroy();
      else if (mode === 'refuse') json(res, 401, { message: 'no' });
      else json(res, 200, '"pong"');
    });
    const api = createAuthApi({ baseUrl: server.url, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 0 } });
    const clock = new ManualClock();
    const changes: Connectivity[] = [];
    let refused = false;
    const monitor = createConnectivityMonitor({
      clock,
      ping: () => api.ping(),
      sessionRefused: () => refused,
      onChange: (c) => changes.push(c),
      onlineIntervalMs: 30_000,
      retryBaseMs: 1_000,
      retryMaxMs: 8_000,
      random: () => 1,
    });
    monitor.start();
    await until(() => monitor.current().state === 'online', 'online');
    expect(clock.pending()[0]).toBe(30_000);

    mode = 'down';
    clock.fireNext();
    await until(() => monitor.current().state === 'offline', 'offline');
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(clock.pending()[0]);
      const before = server.requests.length;
      clock.fireNext();
      await until(() => server!.requests.length > before && clock.pending().length > 0, 'next ping');
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);

    mode = 'up';
    refused = true;
    clock.fireNext();
    await until(() => monitor.current().state === 'refused', 'refused');
    refused = false;
    mode = 'refuse';
    expect(await monitor.checkNow()).toBe('refused');
    mode = 'up';
    expect(await monitor.checkNow()).toBe('online');
    expect(changes.map((c) => c.state)).toEqual(['online', 'offline', 'refused', 'online']);
    expect(changes[3].lastCheckedAt).not.toBeNull();
    monitor.stop();
    expect(monitor.current().state).toBe('unknown');
    expect(clock.pending()).toEqual([]);
  });
});
