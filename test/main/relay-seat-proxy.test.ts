// On the Electron host a seat's round reaches its site relay through the proxy Chromium chooses for
// the relay's address and trusts the CA the machine policy names: the sync service resolves the
// relay's proxy in main and hands it to the round in its worker, where the seat's requests to the
// relay take it. The fake `electron`'s session answers per origin, as a PAC file does; a real
// CONNECT proxy on loopback counts its tunnels; an HTTPS server on loopback with a certificate from a
// private CA made by openssl answers as the relay (its info, catalog and a dataset whole).
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../electron/contract/types.ts';
import { createRequestLog } from '../../electron/core/api/request-log.ts';
import { ENV_NETWORK, useNetwork } from '../../electron/core/api/network.ts';
import { silentLogger, type CoreContext } from '../../electron/core/context.ts';
import { CoreEvents } from '../../electron/core/events.ts';
import { createMirrorManager } from '../../electron/core/mirror/mirror-manager.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { createSyncService } from '../../electron/core/sync/sync-service.ts';
import { chromiumProxyResolver } from '../../electron/main/network.ts';
import { resetFakeElectronIn, session } from '../fakes/electron.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { makePrivateCa, type PrivateCa } from '../support/private-ca.ts';
import { tempDir } from '../support/temp-dir.ts';
import { sessionStub } from '../sync/session-stub.ts';

const LICENSE = 'lic-1';
const ITEMS = 'items@account:A';
const element = (n: number) => JSON.stringify({ id: `id-${n}`, hash: 1, generation: 1, record: { id: `id-${n}`, sku: `SKU-${n}`, description: `Widget ${n}` } });

let proxy: ConnectProxy;
let ca: PrivateCa;
let relay: https.Server;
let relayUrl: string;
const relayAsked: string[] = [];
const dir = tempDir();

beforeAll(async () => {
  ca = makePrivateCa(dir.path, 'site');
  proxy = await startConnectProxy();
  relay = https.createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const send = (body: string) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    const p = decodeURIComponent(req.url ?? '');
    relayAsked.push(p);
    if (p === '/relay/v1/info') return send(JSON.stringify({ relay: 'aisle', api: 1, server: 'https://wms.example.com' }));
    if (p === '/relay/v1/catalog') return send(JSON.stringify({ datasets: [{ key: ITEMS, list: 'items', license: LICENSE, scopeKind: 'account', scopeId: 'A', generation: 1, horizon: 0, readAt: '2026-11-29T10:00:00.000Z' }] }));
    if (p === `/relay/v1/whole/${LICENSE}/${ITEMS}/1`) return send(`[${Array.from({ length: 12 }, (_, n) => element(n)).join(',')}]`);
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `https://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});
afterAll(async () => {
  useNetwork(ENV_NETWORK);
  relay.closeAllConnections();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
  await proxy.close();
  dir.remove();
});

describe('a seat on the Electron host', () => {
  it('reaches its HTTPS relay through the proxy Chromium names for it, trusting the policy CA', async () => {
    resetFakeElectronIn(dir.path);
    session.defaultSession.proxyList = 'DIRECT';
    session.defaultSession.proxyListByOrigin = { [new URL(relayUrl).origin]: `PROXY ${new URL(proxy.url).host}; DIRECT` };
    // as the Electron host sets main's network: Chromium's proxy per server, the policy's CA bundle
    useNetwork({ proxy: null, caBundleFile: ca.caFile, systemCa: false }, chromiumProxyResolver(session.defaultSession));
    const tunnelsBefore = proxy.tunnels.length;

    const ctx: CoreContext = {
      deps: { host: 'cli', version: '0', dataDir: dir.path, settings: createMemorySettingsStore({ siteRelay: true }) },
      events: new CoreEvents(),
      log: silentLogger,
      requests: createRequestLog(),
    };
    const stub = sessionStub(ctx.events, { url: relayUrl }, []);
    const mirrors = createMirrorManager(ctx, stub.port);
    const sync = createSyncService(ctx, { session: stub.port, mirrors });
    try {
      const ended = new Promise<SyncStatus>((resolve) => {
        const off = ctx.events.on('sync.status', (next) => {
          if (!next.running && next.lastRoundFinishedAt !== null) {
            off();
            resolve(next);
          }
        });
      });
      // signing in starts the mirror's first round, as on a workstation
      stub.signIn('seat@example.com', LICENSE);
      const status = await ended;
      expect(relayAsked).toEqual(['/relay/v1/info', '/relay/v1/catalog', `/relay/v1/whole/${LICENSE}/${ITEMS}/1`]);
      expect(status.datasets.find((d) => d.key === ITEMS)).toMatchObject({ rows: 12, lastError: null });
      const tunnels = proxy.tunnels.slice(tunnelsBefore);
      expect(tunnels.length).toBeGreaterThan(0);
      expect(new Set(tunnels)).toEqual(new Set([new URL(relayUrl).host]));
    } finally {
      await sync.close();
      await mirrors.close();
    }
  });
});
