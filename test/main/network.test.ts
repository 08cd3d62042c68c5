// The Electron host's network: the proxy Chromium resolves for the server (system settings, PAC,
// WPAD), asked through the fake `electron`'s session, and the OS certificate store, applied to the
// requests the core makes: a sign-in to the demo warehouse on HTTPS (private CA) through a real
// CONNECT proxy on loopback that only Chromium's answer names.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { ENV_NETWORK, networkFor, useNetwork } from '../../electron/core/api/network.ts';
import { silentLogger } from '../../electron/core/context.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { startElectronHost } from '../../electron/main/electron-host.ts';
import { chromiumProxyResolver, proxyFromChromium } from '../../electron/main/network.ts';
import { resetFakeElectronIn, session } from '../fakes/electron.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { makePrivateCa, type PrivateCa } from '../support/private-ca.ts';
import { tempDir } from '../support/temp-dir.ts';

let server: DemoServer;
let proxy: ConnectProxy;
let ca: PrivateCa;
const dir = tempDir();

beforeAll(async () => {
  ca = makePrivateCa(dir.path, 'company');
  server = await startDemoServer({ port: 0, items: 50, facilities: 1, accounts: 1, seed: 2, tls: { key: ca.key, cert: ca.cert } });
  proxy = await startConnectProxy();
});
afterEach(() => useNetwork(ENV_NETWORK));
afterAll(async () => {
  await proxy.close();
  await server.close();
  dir.remove();
});

describe("Chromium's proxy list", () => {
  it('is read as its first HTTP proxy, or direct', () => {
    expect(proxyFromChromium('PROXY proxy.corp.example:3128; DIRECT')).toBe('http://proxy.corp.example:3128');
    expect(proxyFromChromium('DIRECT')).toBeNull();
    expect(proxyFromChromium('')).toBeNull();
  });

  it('goes direct, and logs why, for a kind Aisle cannot tunnel through', () => {
    const warned: unknown[] = [];
    const log = { info: () => undefined, warn: (message: string, fields?: unknown) => warned.push([message, fields]), error: () => undefined };
    expect(proxyFromChromium('SOCKS5 socks.corp.example:1080; DIRECT', log)).toBeNull();
    expect(warned).toEqual([['network: proxy kind not supported, going direct', { proxy: 'SOCKS5 socks.corp.example:1080' }]]);
  });

  it('is asked once a minute per server, not per request', async () => {
    let now = 0;
    const resolve = chromiumProxyResolver(session.defaultSession, undefined, () => now);
    session.defaultSession.proxyList = 'PROXY a.example:8080';
    await resolve('https://wh.example/api/x');
    await resolve('https://wh.example/api/y');
    expect(session.defaultSession.proxyAsked).toEqual(['https://wh.example/api/x']);
    now = 61_000;
    session.defaultSession.proxyList = 'DIRECT';
    expect(await resolve('https://wh.example/api/z')).toBeNull();
  });
});

describe('the Electron host', () => {
  it("sends the server's requests through the proxy Chromium names, ignoring HTTPS_PROXY, and trusts the OS store and the policy's CA bundle", async () => {
    resetFakeElectronIn(dir.path);
    session.defaultSession.proxyList = `PROXY ${new URL(proxy.url).host}; DIRECT`;
    const env = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = 'http://127.0.0.1:9';
    const policy = { file: path.join(dir.path, 'policy.json'), source: 'file' as const, problem: null, settings: {}, locked: [], allowedServers: null, demoAllowed: true, updateFeed: null, caBundleFile: ca.caFile, kiosk: null, fieldMap: null };
    const host = await startElectronHost({ appUrl: 'file:///app/index.html', log: silentLogger, overrides: { policy } });
    try {
      expect(await networkFor(server.url)).toEqual({ proxy: proxy.url, caBundleFile: ca.caFile, systemCa: true });
      const before = proxy.tunnels.length;
      const licenses = await createAuthApi({ baseUrl: server.url }).licenses({ email: 'demo@example.com', password: 'demo1234' });
      expect(licenses.some((l) => l.enabled)).toBe(true);
      expect(proxy.tunnels.slice(before)).toContain(new URL(server.url).host);
      expect(session.defaultSession.proxyAsked).toContain(server.url);
    } finally {
      if (env === undefined) delete process.env.HTTPS_PROXY;
      else process.env.HTTPS_PROXY = env;
      await host?.core.close();
    }
  });
});
