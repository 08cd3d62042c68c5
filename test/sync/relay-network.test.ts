// A seat reaches its site relay through the machine's network setup, as it reaches the warehouse
// server: an HTTPS relay whose certificate a private CA made by openssl signed (what a site's IT puts
// on nginx) is trusted from the policy's CA bundle, and not without it, in words naming the
// certificate; a CONNECT proxy the setup names carries the seat's requests (it counts its tunnels),
// and one that refuses is said. A relay that does not answer still turns to the warehouse server
// when siteRelayFallback allows it. Real SQLite file; a real HTTPS server on loopback answers as a
// relay does (its info, catalog and a dataset whole).
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { putMeta } from '../../electron/core/db/write/meta.ts';
import { ENV_NETWORK, useNetwork } from '../../electron/core/api/network.ts';
import { relayRound } from '../../electron/core/sync/relay-round.ts';
import { relayCatalogForSeat } from '../../electron/core/sync/relay-seat.ts';
import type { RoundResult } from '../../electron/core/sync/round/types.ts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.ts';
import { makePrivateCa, type PrivateCa } from '../support/private-ca.ts';
import { STAND_IN_ITEMS as ITEMS, STAND_IN_LICENSE as LICENSE, startStandInRelay, type StandInRelay } from '../support/relay/stand-in-relay.ts';
import { tempDir } from '../support/temp-dir.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

const WAREHOUSE = 'https://wms.example.com';

const dir = tempDir();
let ca: PrivateCa;
let proxy: ConnectProxy;
let relay: StandInRelay;
let url: string;
let asked: string[];

beforeAll(async () => {
  ca = makePrivateCa(dir.path, 'site');
  proxy = await startConnectProxy();
  relay = await startStandInRelay(ca, 20, WAREHOUSE);
  ({ url, asked } = relay);
});
afterEach(() => {
  proxy.refuse = false;
  asked.length = 0;
});
afterAll(async () => {
  useNetwork(ENV_NETWORK);
  await relay.close();
  await proxy.close();
  dir.remove();
});

const token = async () => 'seat-token';
const round = (extra: Partial<Parameters<typeof relayRound>[1]> = {}) => relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token, ...extra });
/** A mirror that synced from the relay before: its round is told why the relay does not answer. */
const knownRelay = (at = url) => {
  putMeta(db, 'relay_url', at);
  putMeta(db, 'relay_server', WAREHOUSE);
};

describe('an HTTPS relay whose certificate a private CA signed', () => {
  it("syncs the seat when the policy's caBundleFile names the CA", async () => {
    useNetwork({ proxy: null, caBundleFile: ca.caFile, systemCa: false });
    const result = await round();
    expect(result?.datasets).toEqual([{ key: ITEMS, outcome: 'applied', rows: 20, bytes: 0, error: null }]);
    expect(datasetByKey(db, ITEMS)?.rows).toBe(20);
    expect(asked).toEqual(['/relay/v1/info', '/relay/v1/catalog', `/relay/v1/whole/${LICENSE}/${ITEMS}/1`]);
  });

  it('without the CA: the round fails offline, naming the call, the address and the certificate, and keeps the mirror', async () => {
    useNetwork({ proxy: null, caBundleFile: null, systemCa: false });
    knownRelay();
    const failed = round({ fallback: 'none' });
    await expect(failed).rejects.toMatchObject({ code: 'offline' });
    await expect(failed).rejects.toThrow(`The site relay at ${url} does not answer (GET /relay/v1/info). The relay's certificate is not trusted`);
    await expect(failed).rejects.toThrow(/\((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)\)\. If a proxy or the relay uses your company's certificate authority, IT names its CA bundle in the machine policy \(caBundleFile\)/);
    expect(datasetByKey(db, ITEMS)).toBeUndefined();
  });

  it("without the CA, a dataset's call says which call, which address and the certificate", async () => {
    useNetwork({ proxy: null, caBundleFile: null, systemCa: false });
    const failed = relayCatalogForSeat({ relayUrl: url, token: 'seat-token' });
    await expect(failed).rejects.toMatchObject({ code: 'offline' });
    await expect(failed).rejects.toThrow(`GET /relay/v1/catalog of the site relay at ${url} did not answer. The relay's certificate is not trusted`);
  });

  it("without the CA and with siteRelayFallback 'vendor': the round reads the warehouse server the relay named, saying why", async () => {
    useNetwork({ proxy: null, caBundleFile: null, systemCa: false });
    knownRelay();
    const servers: string[] = [];
    const serverRound = async (baseUrl: string): Promise<RoundResult> => {
      servers.push(baseUrl);
      return { startedAt: '2026-11-29T10:00:00.000Z', finishedAt: '2026-11-29T10:00:01.000Z', datasets: [], notices: [] };
    };
    const result = await round({ fallback: 'vendor', serverRound });
    expect(servers).toEqual([WAREHOUSE]);
    expect(result?.notices).toEqual([{ code: 'relay_fallback', relay: url, server: WAREHOUSE, detail: expect.stringMatching(/^The site relay at .* does not answer \(GET \/relay\/v1\/info\)\. The relay's certificate is not trusted/) }]);
  });
});

describe('a relay behind a CONNECT proxy the network setup names', () => {
  it("goes through the proxy's tunnels", async () => {
    useNetwork({ proxy: proxy.url, caBundleFile: ca.caFile, systemCa: false });
    const before = proxy.tunnels.length;
    const result = await round();
    expect(result?.datasets.map((d) => d.outcome)).toEqual(['applied']);
    const tunnels = proxy.tunnels.slice(before);
    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([new URL(url).host]));
  });

  it('a proxy that refuses the tunnel is said, with its answer', async () => {
    useNetwork({ proxy: proxy.url, caBundleFile: ca.caFile, systemCa: false });
    proxy.refuse = true;
    knownRelay();
    const failed = round({ fallback: 'none' });
    await expect(failed).rejects.toMatchObject({ code: 'offline' });
    await expect(failed).rejects.toThrow(`The site relay at ${url} does not answer (GET /relay/v1/info). The proxy ${new URL(proxy.url).host} refused to open a tunnel to ${new URL(url).host}: HTTP/1.1 403 Forbidden.`);
    expect(asked).toEqual([]);
  });
});

describe('a relay that is not there', () => {
  it('fails offline naming the address and what the network said', async () => {
    useNetwork({ proxy: null, caBundleFile: ca.caFile, systemCa: false });
    // a port that was free a moment ago: nothing listens there
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = `https://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    knownRelay(gone);
    const failed = round({ baseUrl: gone, fallback: 'none' });
    await expect(failed).rejects.toMatchObject({ code: 'offline' });
    await expect(failed).rejects.toThrow(`The site relay at ${gone} does not answer (GET /relay/v1/info). The relay cannot be reached: connect ECONNREFUSED ${new URL(gone).host}. The mirror is kept as it was.`);
  });
});
