// The fallback to the warehouse server reaches it through the proxy Chromium chooses for that server,
// not the one it chose for the relay: the relay on the LAN goes DIRECT, the warehouse server through
// the corporate proxy (the fake `electron`'s session answers per origin, as a PAC file does). The sync
// service runs the round in its worker, which asks main for the warehouse server's proxy. A real
// CONNECT proxy on loopback counts its tunnels; the demo warehouse on HTTPS (private CA); a loopback
// server stands in for nginx whose relay stopped (its info answered, the catalog 502).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_NETWORK, useNetwork } from '../../electron/core/api/network.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { chromiumProxyResolver } from '../../electron/main/network.ts';
import { resetFakeElectronIn, session } from '../fakes/electron.ts';
import { firstRoundOnElectronHost } from './first-round-on-electron-host.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { makePrivateCa, type PrivateCa } from '../support/private-ca.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from '../sync/demo-token.ts';

let warehouse: DemoServer;
let proxy: ConnectProxy;
let ca: PrivateCa;
let nginx: http.Server;
let relayUrl: string;
const relayAsked: string[] = [];
const dir = tempDir();

beforeAll(async () => {
  ca = makePrivateCa(dir.path, 'company');
  warehouse = await startDemoServer({ port: 0, items: 30, facilities: 1, accounts: 1, seed: 3, tls: { key: ca.key, cert: ca.cert } });
  proxy = await startConnectProxy();
  nginx = http.createServer((req, res) => {
    relayAsked.push(req.url ?? '');
    if (req.url === '/relay/v1/info') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ relay: 'aisle', api: 1, server: warehouse.url }));
    res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>502 Bad Gateway</html>');
  });
  await new Promise<void>((resolve) => nginx.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(nginx.address() as AddressInfo).port}`;
});
afterAll(async () => {
  useNetwork(ENV_NETWORK);
  await new Promise<void>((resolve) => nginx.close(() => resolve()));
  await proxy.close();
  await warehouse.close();
  dir.remove();
});

describe("siteRelayFallback 'vendor' on the Electron host", () => {
  it("reads the warehouse server through the proxy Chromium names for it, while the relay's address goes direct", async () => {
    resetFakeElectronIn(dir.path);
    session.defaultSession.proxyList = 'DIRECT';
    session.defaultSession.proxyListByOrigin = { [new URL(warehouse.url).origin]: `PROXY ${new URL(proxy.url).host}; DIRECT` };
    // as the Electron host sets main's network: Chromium's proxy per server, the policy's CA bundle
    useNetwork({ proxy: null, caBundleFile: ca.caFile, systemCa: false }, chromiumProxyResolver(session.defaultSession));
    const { token, facilities } = await demoToken(warehouse);
    const tunnelsBefore = proxy.tunnels.length;

    const status = await firstRoundOnElectronHost({
      dataDir: dir.path,
      settings: { siteRelay: true, siteRelayFallback: 'vendor' },
      server: relayUrl,
      facilities,
      token,
      email: 'demo@example.com',
      license: 'lic-1',
    });
    expect(relayAsked).toEqual(['/relay/v1/info', '/relay/v1/catalog']);
    expect(status.notices).toContainEqual(expect.objectContaining({ code: 'relay_fallback', relay: relayUrl, server: warehouse.url }));
    expect(status.datasets.some((d) => d.key === 'items@account:' + warehouse.ids().accounts[0] && d.lastSuccessAt !== null)).toBe(true);
    // the fallback's requests went through the warehouse server's proxy, asked of Chromium for that server
    expect(proxy.tunnels.slice(tunnelsBefore)).toContain(new URL(warehouse.url).host);
    expect(session.defaultSession.proxyAsked.some((u) => new URL(u).origin === new URL(warehouse.url).origin)).toBe(true);
  });
});
