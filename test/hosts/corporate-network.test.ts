// `aisle sync` on a corporate network, as a spawned process: the demo warehouse on HTTPS with a
// certificate from a private CA made here, reached through a real CONNECT proxy on loopback named by
// HTTPS_PROXY. The CA is trusted from NODE_EXTRA_CA_CERTS or from the policy's caBundleFile; NO_PROXY
// sends the server direct; a certificate from another CA, and a proxy that refuses, are said in words.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { makePrivateCa, type PrivateCa } from '../support/private-ca.ts';
import { tempDir } from '../support/temp-dir.ts';
import { BIN, NODE } from './cli-fixture.ts';

let server: DemoServer;
let proxy: ConnectProxy;
let dir: ReturnType<typeof tempDir>;
let ca: PrivateCa;
let otherCa: PrivateCa;

beforeAll(async () => {
  dir = tempDir();
  ca = makePrivateCa(dir.path, 'company');
  otherCa = makePrivateCa(dir.path, 'other');
  server = await startDemoServer({ port: 0, items: 300, facilities: 1, accounts: 1, seed: 5, tls: { key: ca.key, cert: ca.cert } });
  proxy = await startConnectProxy();
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  dir.remove();
});

/** `aisle sync` in a fresh data folder, with only the environment given (no proxy or CA inherited from this one). */
async function sync(name: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string; mirrors: string[] }> {
  const data = path.join(dir.path, name);
  const base = { PATH: process.env.PATH ?? '', HOME: dir.path, NO_COLOR: '1', AISLE_PASSWORD: 'demo1234', AISLE_CLI_BUNDLE_DIR: dir.path, AISLE_POLICY_FILE: path.join(dir.path, 'no-policy.json') };
  try {
    const { stdout, stderr } = await promisify(execFile)(NODE, [BIN, 'sync', '--server', server.url, '--email', 'demo@example.com', '--data', data], { env: { ...base, ...env }, encoding: 'utf8' });
    return { code: 0, stdout, stderr, mirrors: mirrorsIn(data) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr, mirrors: mirrorsIn(data) };
  }
}
const mirrorsIn = (data: string) => (existsSync(path.join(data, 'mirrors')) ? readdirSync(path.join(data, 'mirrors'), { withFileTypes: true }).filter((f) => f.name.endsWith('.sqlite')).map((f) => f.name) : []);
const target = () => new URL(server.url).host;

describe('the CLI on a corporate network', () => {
  it('signs in and syncs through HTTPS_PROXY, trusting the CA in NODE_EXTRA_CA_CERTS', async () => {
    const before = proxy.tunnels.length;
    const run = await sync('extra-ca', { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile });
    expect(run.stderr).not.toMatch(/^error/m);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^synced \d+ datasets? in [\d.]+ s: 0 failed, 0 held\.$/m);
    expect(run.mirrors).toHaveLength(1);
    // the sign-in (main thread) and the round (sync worker) both went through the tunnel
    expect(proxy.tunnels.slice(before).filter((t) => t === target()).length).toBeGreaterThanOrEqual(2);
  });

  it('trusts the CA bundle the machine policy names (caBundleFile), without NODE_EXTRA_CA_CERTS', async () => {
    const policy = path.join(dir.path, 'policy.json');
    writeFileSync(policy, JSON.stringify({ caBundleFile: ca.caFile }));
    const before = proxy.tunnels.length;
    const run = await sync('policy-ca', { https_proxy: proxy.url, AISLE_POLICY_FILE: policy });
    expect(run.stderr).not.toMatch(/^error/m);
    expect(run.code).toBe(0);
    expect(run.mirrors).toHaveLength(1);
    expect(proxy.tunnels.length).toBeGreaterThan(before);
  });

  it('goes direct to a host NO_PROXY names', async () => {
    const before = proxy.tunnels.length;
    const run = await sync('no-proxy', { HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1', NODE_EXTRA_CA_CERTS: ca.caFile });
    expect(run.code).toBe(0);
    expect(run.mirrors).toHaveLength(1);
    expect(proxy.tunnels.length).toBe(before);
  });

  it('refuses a server whose certificate no trusted CA signed, saying so and what IT can do', async () => {
    const run = await sync('wrong-ca', { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: otherCa.caFile });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/certificate is not trusted/);
    expect(run.stderr).toMatch(/caBundleFile|NODE_EXTRA_CA_CERTS/);
    expect(run.mirrors).toEqual([]);
  });

  it('says when the proxy refuses the tunnel', async () => {
    proxy.refuse = true;
    try {
      const run = await sync('refused', { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/proxy 127\.0\.0\.1:\d+ refused to open a tunnel to 127\.0\.0\.1:\d+: HTTP\/1\.1 403 Forbidden/);
    } finally {
      proxy.refuse = false;
    }
  });
});
