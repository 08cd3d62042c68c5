// The Electron host's network: the proxy Chromium chooses for the server (system settings, PAC,
// WPAD: session.resolveProxy) and the OS certificate store, besides the policy's CA bundle.
import type { Session } from 'electron';
import type { Logger, ProxyResolver } from '../core/index.ts';

/**
 * Chromium's proxy list for a URL ("PROXY host:port; DIRECT") as the proxy to use: its first HTTP
 * proxy, or null for DIRECT. A list that starts with a kind Aisle cannot tunnel through (SOCKS,
 * HTTPS to the proxy) is logged and tried direct, so IT reads why in the log.
 */
export function proxyFromChromium(list: string, log?: Logger): string | null {
  const first = list.split(';').map((entry) => entry.trim()).find(Boolean) ?? 'DIRECT';
  const [kind, where] = first.split(/\s+/);
  if (kind.toUpperCase() === 'DIRECT' || !where) return null;
  if (kind.toUpperCase() === 'PROXY') return `http://${where}`;
  log?.warn('network: proxy kind not supported, going direct', { proxy: first });
  return null;
}

/** A resolver asking Chromium, once per server origin a minute (a PAC file may change with the network). */
export function chromiumProxyResolver(session: Pick<Session, 'resolveProxy'>, log?: Logger, now = Date.now): ProxyResolver {
  const known = new Map<string, { at: number; proxy: string | null }>();
  return async (url) => {
    const origin = new URL(url).origin;
    const hit = known.get(origin);
    if (hit && now() - hit.at < 60_000) return hit.proxy;
    const proxy = proxyFromChromium(await session.resolveProxy(url), log);
    if (hit?.proxy !== proxy) log?.info('network: proxy for the server', { server: origin, proxy: proxy ?? 'DIRECT' });
    known.set(origin, { at: now(), proxy });
    return proxy;
  };
}
