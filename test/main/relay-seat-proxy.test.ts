// On the Electron host a seat's round reaches its site relay through the proxy Chromium chooses for
// the relay's address and trusts the CA the machine policy names: the sync service resolves the
// relay's proxy in main and hands it to the round in its worker, where the seat's requests to the
// relay take it. The fake `electron`'s session answers per origin, as a PAC file does; a real
// CONNECT proxy on loopback counts its tunnels; an HTTPS server on loopback with a certificate from a
// private CA made by openssl answers as the relay (its info, catalog and a dataset whole).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_NETWORK, useNetwork } from '../../electron/core/api/network.ts';
import { chromiumProxyResolver } from '../../electron/main/network.ts';
import { resetFakeElectronIn, session } from '../fakes/electron.ts';
import { firstRoundOnElectronHost } from './first-round-on-electron-host.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { makePrivateCa, type PrivateCa } from '../support/private-ca.ts';
import { STAND_IN_ITEMS as ITEMS, STAND_IN_LICENSE as LICENSE, startStandInRelay, type StandInRelay } from '../support/relay/stand-in-relay.ts';
import { tempDir } from '../support/temp-dir.ts';

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

    const status = await firstRoundOnElectronHost({ dataDir: dir.path, settings: { siteRelay: true }, server: relayUrl, email: 'seat@example.com', license: LICENSE });
    expect(relayAsked).toEqual(['/relay/v1/info', '/relay/v1/catalog', `/relay/v1/whole/${LICENSE}/${ITEMS}/1`]);
    expect(status.datasets.find((d) => d.key === ITEMS)).toMatchObject({ rows: 12, lastError: null });
    const tunnels = proxy.tunnels.slice(tunnelsBefore);
    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([new URL(relayUrl).host]));
  });
});
