// A seat reaches the real relay through nginx listening with HTTPS, its certificate signed by a
// private CA made by openssl (as a site's IT sets it up with the shipped build/relay/aisle-relay.conf),
// through a CONNECT proxy the seat's network setup names: the CA from the policy's caBundleFile, the
// seat's round brings the relay's datasets and the proxy counts the tunnels; without the CA, the round
// fails in words naming the certificate and the mirror is kept. Real PostgreSQL (a private one), the
// relay's real HTTP side, nginx, real SQLite files for the relay's mirror and the seat's.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_NETWORK, useNetwork } from '../../electron/core/api/network.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { ensureRelaySchema } from '../../electron/core/db/relay-pg/schema.ts';
import { publishMirror } from '../../electron/core/relay/publish-round.ts';
import type { SeatChecker } from '../../electron/core/relay/seat-scope.ts';
import { relayRound } from '../../electron/core/sync/relay-round.ts';
import { startRelayHttp, type RelayHttp } from '../../electron/hosts/relay/relay-http.ts';
import { loadDataset } from '../lookup/mirror-fixture.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { makePrivateCa, type PrivateCa } from '../support/private-ca.ts';
import { freePort } from '../support/relay/free-port.ts';
import { startTestNginx, type TestNginx } from '../support/relay/nginx.ts';
import { startTestPostgres, type TestPostgres } from '../support/relay/postgres.ts';
import { tempDir } from '../support/temp-dir.ts';

const LICENSE = 'lic-1';
const KEY = 'items@account:A';
/** The seat's checker: every token is a seat of the relay's license. */
const seats: SeatChecker = { check: async () => ({ email: 'seat@example.com', licenseId: LICENSE, facilities: [], expiresAt: Date.now() + 60_000 }), vendorCalls: 0 };
const token = async () => 'seat-token';

let postgres: TestPostgres;
let pool: pg.Pool;
let relay: RelayHttp;
let nginx: TestNginx;
let proxy: ConnectProxy;
let ca: PrivateCa;
const dir = tempDir('aisle-relay-tls-');

beforeAll(async () => {
  ca = makePrivateCa(dir.path, 'site');
  postgres = await startTestPostgres();
  pool = new pg.Pool({ connectionString: postgres.url });
  await ensureRelaySchema(pool);
  relay = await startRelayHttp({ pool, seats, host: '127.0.0.1', port: await freePort(), version: 'test', server: 'https://wms.example.com' });
  // the relay's round as far as the mirror goes: one account's items, published as generation 1
  const relayDb = openMirror(path.join(dir.path, 'relay.sqlite'));
  try {
    loadDataset(relayDb, { list: 'items', scopeKind: 'account', scopeId: 'A', syncedAt: '2026-11-29T10:00:00.000Z' }, Array.from({ length: 8 }, (_, n) => ({ id: `A-${n}`, sku: `SKU-${n}`, description: `Widget ${n}` })));
    await publishMirror(relayDb, pool, { scope: LICENSE });
  } finally {
    relayDb.close();
  }
  nginx = await startTestNginx({ relays: [relay.url], vendor: 'http://127.0.0.1:9', tls: { key: ca.key, cert: ca.cert } });
  proxy = await startConnectProxy();
}, 120_000);
afterAll(async () => {
  useNetwork(ENV_NETWORK);
  await proxy?.close();
  await nginx?.stop();
  await relay?.close();
  await pool?.end();
  await postgres?.remove();
  dir.remove();
});

describe('a seat of a relay behind nginx on HTTPS with a private CA', () => {
  it("syncs through the proxy its network setup names, trusting the CA the policy's caBundleFile names", async () => {
    useNetwork({ proxy: proxy.url, caBundleFile: ca.caFile, systemCa: false });
    const before = proxy.tunnels.length;
    const seat = openMirror(path.join(dir.path, 'seat-a.sqlite'));
    try {
      const round = await relayRound(seat, { baseUrl: nginx.url, accessToken: token, refreshAfterUnauthorized: token });
      expect(round?.datasets).toEqual([{ key: KEY, outcome: 'applied', rows: 8, bytes: 0, error: null }]);
      expect(datasetByKey(seat, KEY)?.rows).toBe(8);
    } finally {
      seat.close();
    }
    const tunnels = proxy.tunnels.slice(before);
    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([new URL(nginx.url).host]));
  });

  it('without the CA: the round fails offline in words naming the certificate, and the mirror keeps what it had', async () => {
    useNetwork({ proxy: proxy.url, caBundleFile: ca.caFile, systemCa: false });
    const seat = openMirror(path.join(dir.path, 'seat-b.sqlite'));
    try {
      await relayRound(seat, { baseUrl: nginx.url, accessToken: token, refreshAfterUnauthorized: token });
      useNetwork({ proxy: proxy.url, caBundleFile: null, systemCa: false });
      const failed = relayRound(seat, { baseUrl: nginx.url, accessToken: token, refreshAfterUnauthorized: token });
      await expect(failed).rejects.toMatchObject({ code: 'offline' });
      await expect(failed).rejects.toThrow(`The site relay at ${nginx.url} does not answer (GET /relay/v1/info). The relay's certificate is not trusted`);
      await expect(failed).rejects.toThrow(/IT names its CA bundle in the machine policy \(caBundleFile\)/);
      expect(datasetByKey(seat, KEY)?.rows).toBe(8);
    } finally {
      seat.close();
    }
  });
});
