// On the Electron host a seat's round reaches its site relay through the proxy Chromium chooses for
// the relay's address and trusts the CA the machine policy names: the sync service resolves the
// relay's proxy in main and hands it to the round in its worker, where the seat's requests to the
// relay take it. The fake `electron`'s session answers per origin, as a PAC file does; a real
// CONNECT proxy on loopback counts its tunnels; an HTTPS server on loopback with a certificate from a
// private CA made by openssl answers as the relay (its info, catalog and a dataset whole).
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
import { STAND_IN_ITEMS as ITEMS, STAND_IN_LICENSE as LICENSE, startStandInRelay, type StandInRelay } from '../support/relay/stand-in-relay.ts';
import { tempDir } from '../support/temp-dir.ts';
import { sessionStub } from '../sync/session-stub.ts';

let proxy: ConnectProxy;
let ca: PrivateCa;
let relay: StandInRelay;
let relayUrl: string;
let relayAsked: string[];
const dir = tempDir();

beforeAll(async () => {
  ca = makePrivateCa(dir.path, 'site');
  proxy = await startConnectProxy();
  relay = await startStandInRelay(ca, 12, 'https://wms.example.com');
  ({ url: relayUrl, asked: relayAsked } = relay);
});
afterAll(async () => {
  useNetwork(ENV_NETWORK);
  await relay.close();
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
