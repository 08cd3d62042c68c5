// How requests to the warehouse server leave this machine on a corporate network: through the proxy
// the environment names (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, as curl reads them) or the one Chromium
// resolved for the server (the Electron host: system settings, PAC, WPAD), trusting Node's CAs
// (NODE_EXTRA_CA_CERTS included), the OS store where the host asks for it, and a CA bundle file IT
// names in the machine policy. One setup per thread: the host sets it at start, the sync worker
// receives it, resolved for the server, with each round, and asks main for the proxy of any other
// server it must reach (sync-worker.ts). The CAs are the same for every server.
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { AxiosProxyConfig } from 'axios';
import { AisleError } from '../../contract/errors.ts';

/** Chromium's answer for a URL, as a proxy URL (`http://host:port`), or null for a direct connection. */
export type ProxyResolver = (url: string) => Promise<string | null>;

export interface NetworkSetup {
  /** 'env': HTTPS_PROXY/HTTP_PROXY/NO_PROXY; else the proxy to use (null: none). */
  proxy: 'env' | string | null;
  /** A PEM file of CAs trusted besides Node's own (the policy's `caBundleFile`). */
  caBundleFile: string | null;
  /** Trust the operating system's certificate store too (the Electron host). */
  systemCa: boolean;
}

export const ENV_NETWORK: NetworkSetup = { proxy: 'env', caBundleFile: null, systemCa: false };

let setup: NetworkSetup = ENV_NETWORK;
let resolver: ProxyResolver | null = null;
/** HTTPS agents by proxy ('direct' for none), made on first use (reading the bundle file then). */
const agents = new Map<string, https.Agent>();

/** Sets this thread's network; a resolver (main's, or the worker's asking main) answers the proxy per server instead of `setup.proxy`. */
export function useNetwork(next: NetworkSetup, resolveProxy: ProxyResolver | null = null): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
  setup = next;
  resolver = resolveProxy;
}

/** The setup for requests to `baseUrl`, the proxy resolved: plain data for the sync worker. */
export async function networkFor(baseUrl: string): Promise<NetworkSetup> {
  return { ...setup, proxy: await proxyFor(baseUrl) };
}

/** The proxy a request to `url` goes through, or null. */
export async function proxyFor(url: string): Promise<string | null> {
  if (resolver) return resolver(url);
  if (setup.proxy === 'env') return proxyFromEnv(url, process.env);
  return setup.proxy;
}

/** As curl reads the environment: https_proxy/HTTPS_PROXY for https, http_proxy/HTTP_PROXY for http, unless NO_PROXY names the host. */
export function proxyFromEnv(url: string, env: NodeJS.ProcessEnv): string | null {
  const target = new URL(url);
  const scheme = target.protocol === 'https:' ? 'https' : 'http';
  const proxy = env[`${scheme}_proxy`] || env[`${scheme.toUpperCase()}_PROXY`] || env.all_proxy || env.ALL_PROXY;
  if (!proxy) return null;
  if (bypassed(target, env.no_proxy || env.NO_PROXY || '')) return null;
  return proxy.includes('://') ? proxy : `http://${proxy}`;
}

/** NO_PROXY: `*`, or a comma list of hosts, domains (`.corp.example`, `corp.example`) and host:port. */
function bypassed(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const [name, onlyPort] = hostAndPort(entry.toLowerCase().replace(/^\*/, ''));
      if (onlyPort && onlyPort !== port) return false;
      const domain = name.replace(/^\./, '');
      return host === domain || host.endsWith(`.${domain}`);
    });
}

/** `host:port`, `[v6]:port`, or a bare host or IPv6 address (whose colons are no port). */
function hostAndPort(entry: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return [bracketed[1], bracketed[2]];
  const colons = entry.split(':').length - 1;
  if (colons !== 1) return [entry, undefined];
  const [name, port] = entry.split(':');
  return /^\d+$/.test(port) ? [name, port] : [entry, undefined];
}

/** The CAs to trust, or undefined for Node's defaults alone (which already hold NODE_EXTRA_CA_CERTS). */
function trustedCas(): string[] | undefined {
  if (!setup.caBundleFile && !setup.systemCa) return undefined;
  // an older Node has no getCACertificates: its bundled roots then, without the OS store
  const read = typeof tls.getCACertificates === 'function' ? tls.getCACertificates : null;
  const cas = read ? [...read('default')] : [...tls.rootCertificates];
  if (setup.systemCa && read) cas.push(...read('system'));
  if (setup.caBundleFile) {
    try {
      cas.push(readFileSync(setup.caBundleFile, 'utf8'));
    } catch (error) {
      throw new AisleError('invalid_argument', `The CA bundle file ${setup.caBundleFile} named by the machine policy (caBundleFile) cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): IT must deploy it or correct the path.`);
    }
  }
  return cas;
}

/**
 * What axios needs to reach `url` through this thread's network: for HTTPS, an agent that tunnels
 * through the proxy itself (axios's own tunnel hands a proxy's refusal on as if the server had
 * answered it: a proxy's 403 would read as "this account cannot sign in"); for plain HTTP, the proxy
 * for axios, which sends it the whole URL as proxies expect.
 */
export async function transportFor(url: string): Promise<{ proxy: AxiosProxyConfig | false; httpsAgent?: https.Agent }> {
  const proxy = await proxyFor(url);
  if (new URL(url).protocol !== 'https:') return { proxy: proxy ? proxyConfig(new URL(proxy)) : false };
  const key = proxy ?? 'direct';
  let agent = agents.get(key);
  if (!agent) {
    const ca = trustedCas();
    agent = proxy ? new TunnelAgent(new URL(proxy), { keepAlive: true, ca }) : new https.Agent({ keepAlive: true, ca });
    agents.set(key, agent);
  }
  return { proxy: false, httpsAgent: agent };
}

function proxyConfig(proxy: URL): AxiosProxyConfig {
  const config: AxiosProxyConfig = { protocol: proxy.protocol.replace(':', ''), host: proxy.hostname, port: Number(proxy.port || 80) };
  if (proxy.username) config.auth = { username: decodeURIComponent(proxy.username), password: decodeURIComponent(proxy.password) };
  return config;
}

/** Longest wait for the proxy's answer to CONNECT. */
const CONNECT_TIMEOUT_MS = 30_000;

/** An HTTPS agent whose connections are tunnels through an HTTP proxy (CONNECT), TLS end to end with the server. */
class TunnelAgent extends https.Agent {
  private readonly proxy: URL;

  constructor(proxy: URL, options: https.AgentOptions) {
    super(options);
    this.proxy = proxy;
  }

  override createConnection(options: http.RequestOptions & tls.ConnectionOptions, callback?: (error: Error | null, socket: Duplex) => void): undefined {
    const done = callback ?? (() => undefined);
    const target = `${options.host}:${options.port ?? 443}`;
    const socket = net.connect(Number(this.proxy.port || 80), this.proxy.hostname);
    const auth = this.proxy.username ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(this.proxy.username)}:${decodeURIComponent(this.proxy.password)}`).toString('base64')}\r\n` : '';
    let answer = Buffer.alloc(0);
    const fail = (error: Error) => {
      socket.destroy();
      done(error, socket);
    };
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => fail(Object.assign(new Error(`The proxy ${this.proxy.host} did not answer CONNECT ${target}.`), { code: 'ETIMEDOUT' })));
    socket.once('error', fail);
    socket.once('connect', () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`));
    const onData = (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      const end = answer.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.off('error', fail);
      socket.setTimeout(0);
      const statusLine = answer.subarray(0, answer.indexOf('\r\n')).toString('latin1');
      const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine)?.[1] ?? 0);
      if (status !== 200) {
        fail(Object.assign(new Error(`The proxy ${this.proxy.host} refused to open a tunnel to ${target}: ${statusLine || 'no answer'}.`), { code: 'EPROXY', status }));
        return;
      }
      done(null, tls.connect({ ...options, socket, servername: options.servername ?? (net.isIP(options.host ?? '') ? undefined : (options.host ?? undefined)) }));
    };
    socket.on('data', onData);
    return undefined;
  }
}
