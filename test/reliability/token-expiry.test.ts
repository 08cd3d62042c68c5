// Point 1, "a token that expires mid-round", for real: the demo server issues access tokens that
// live two seconds, and the proxy holds the inventory query back longer than that (once). The
// server refuses the stale token; the round refreshes and completes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { recordFigures } from './support/figures.ts';
import { createWorkstation, type Workstation } from './support/workstation.ts';

let dir: ReturnType<typeof tempDir>;
let demo: DemoServer;
let proxy: FaultProxy;
let ws: Workstation;

beforeAll(async () => {
  dir = tempDir('aisle-expiry-');
  demo = await startDemoServer({ seed: 13, items: 200, facilities: 1, accounts: 2, historyDays: 2, rateLimit: 0, accessTtlSeconds: 2 });
  proxy = await startFaultProxy(demo.url);
  ws = createWorkstation({ dataDir: dir.path });
});
afterAll(async () => {
  await ws?.close();
  await proxy?.close();
  await demo?.close();
  dir?.remove();
});

describe('an access token that expires in the middle of a round (point 1)', () => {
  it('the server refuses it, the round refreshes and completes', async () => {
    await ws.signIn(proxy.url, 'solo@example.com', DEMO_PASSWORD);
    proxy.setFault({ kind: 'latency', delayMs: 2_500, times: 1, match: (_m, p) => p.endsWith('/inv/query') });
    const start = proxy.log.length;
    const status = await ws.syncNow();
    proxy.setFault(null);
    const round = proxy.log.slice(start);
    const refused = round.filter((e) => e.status === 401 && e.path.startsWith('/v1/api/pub/')).length;
    const refreshes = round.filter((e) => e.path.endsWith('/user/session/refresh')).length;
    recordFigures('token-expiry', { accessTtlSeconds: 2, refusedByServer: refused, refreshes, datasetErrors: status.datasets.filter((d) => d.lastError).length });
    expect(refused, 'the server saw the expired token').toBeGreaterThan(0);
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(refreshes, 'never more refreshes than refusals').toBeLessThanOrEqual(refused);
    expect(status.datasets.filter((d) => d.lastError !== null).map((d) => `${d.key}: ${d.lastError!.message}`)).toEqual([]);
    expect(status.datasets.every((d) => d.lastSuccessAt !== null && (d.list !== 'items' || d.rows > 0))).toBe(true);
  });
});
