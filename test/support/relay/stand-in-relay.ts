// A stand-in for a site relay's HTTP side on loopback, over HTTPS with a certificate a private CA
// signed (what a site's IT puts on nginx): it answers the info, the catalog of one items dataset at
// generation 1, and that dataset whole, and notes every path it was asked for. For tests of how a
// seat reaches its relay (proxies, CAs), where the relay's own parts are not what is tested.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { PrivateCa } from '../private-ca.ts';

export const STAND_IN_LICENSE = 'lic-1';
export const STAND_IN_ITEMS = 'items@account:A';

export interface StandInRelay {
  url: string;
  /** Every path asked, decoded, in order. */
  asked: string[];
  close(): Promise<void>;
}

const element = (n: number) => JSON.stringify({ id: `id-${n}`, hash: 1, generation: 1, record: { id: `id-${n}`, sku: `SKU-${n}`, description: `Widget ${n}` } });

/** Serves `items` items as the dataset whole; the info names `server` as the relay's warehouse server. */
export async function startStandInRelay(ca: PrivateCa, items: number, server: string): Promise<StandInRelay> {
  const asked: string[] = [];
  const relay = https.createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const send = (body: string) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    const p = decodeURIComponent(req.url ?? '');
    asked.push(p);
    if (p === '/relay/v1/info') return send(JSON.stringify({ relay: 'aisle', api: 1, server }));
    if (p === '/relay/v1/catalog') {
      return send(JSON.stringify({ datasets: [{ key: STAND_IN_ITEMS, list: 'items', license: STAND_IN_LICENSE, scopeKind: 'account', scopeId: 'A', generation: 1, horizon: 0, readAt: '2026-11-29T10:00:00.000Z' }] }));
    }
    if (p === `/relay/v1/whole/${STAND_IN_LICENSE}/${STAND_IN_ITEMS}/1`) return send(`[${Array.from({ length: items }, (_, n) => element(n)).join(',')}]`);
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    asked,
    close: async () => {
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
