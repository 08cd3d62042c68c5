// A round of a relay's mirror when the relay does not answer: with siteRelayFallback 'none' it fails
// in words and reads nothing; with 'vendor' it reads the warehouse server the relay named (only one
// the machine policy allows), says so, and the datasets that round brought hold no relay generation
// any more. A relay that refuses the seat is not "down": no fallback. Real SQLite file, a real HTTP
// server on loopback standing in for nginx; the warehouse server's round is the worker's seam.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEntries } from '../../electron/core/db/read/meta.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { putMeta } from '../../electron/core/db/write/meta.ts';
import { relayRound } from '../../electron/core/sync/relay-round.ts';
import type { RoundResult } from '../../electron/core/sync/round/types.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

/** nginx in front of a relay: 'down' answers 502 for everything (the relay stopped), 'refusing' knows the relay and refuses the seat's token. */
let mode: 'down' | 'refusing' = 'down';
let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (mode === 'refusing' && req.url === '/relay/v1/info') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ relay: 'aisle', api: 1, server: 'https://wms.example.com' }));
    const status = mode === 'down' ? 502 : 401;
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: mode === 'down' ? 'Bad Gateway' : 'The token was refused.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const WAREHOUSE = 'https://wms.example.com';

/** A mirror that synced from the relay at `url`, which named WAREHOUSE, holding two datasets' generations. */
function relayMirror(): void {
  putMeta(db, 'relay_url', url);
  putMeta(db, 'relay_server', WAREHOUSE);
  putMeta(db, 'relay_generation:lic-1:items@account:a', '3');
  putMeta(db, 'relay_generation:lic-1:carriers@account:a', '2');
}

function serverRound(asked: string[]): (baseUrl: string) => Promise<RoundResult> {
  return async (baseUrl) => {
    asked.push(baseUrl);
    return {
      startedAt: '2026-11-29T10:00:00.000Z',
      finishedAt: '2026-11-29T10:00:01.000Z',
      datasets: [
        { key: 'items@account:a', outcome: 'applied', rows: 10, bytes: 100, error: null },
        { key: 'carriers@account:a', outcome: 'error', rows: 0, bytes: 0, error: { code: 'server_error', message: 'HTTP 500' } },
      ],
      notices: [],
    };
  };
}

const token = async () => 'seat-token';
const down = (u: string) => `The site relay at ${u} does not answer (GET /relay/v1/info); the mirror is kept as it was.`;

describe('a relay that does not answer', () => {
  it("with siteRelayFallback 'none': the round fails naming the call, and the warehouse server is not asked", async () => {
    mode = 'down';
    relayMirror();
    const asked: string[] = [];
    await expect(relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token, fallback: 'none', serverRound: serverRound(asked) })).rejects.toThrow(down(url));
    expect(asked).toEqual([]);
    expect(metaEntries(db, 'relay_generation:').size).toBe(2);
  });

  it("with 'vendor': the round reads the server the relay named, says so, and forgets the generation of what it brought", async () => {
    mode = 'down';
    relayMirror();
    const asked: string[] = [];
    const result = await relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token, fallback: 'vendor', serverRound: serverRound(asked), allowedServers: [WAREHOUSE] });
    expect(asked).toEqual([WAREHOUSE]);
    expect(result!.notices).toEqual([{ code: 'relay_fallback', relay: url, server: WAREHOUSE, detail: down(url) }]);
    // the dataset the server brought is no longer a relay generation; the one that failed still is
    expect([...metaEntries(db, 'relay_generation:').keys()]).toEqual(['relay_generation:lic-1:carriers@account:a']);
  });

  it("with 'vendor' and a machine policy that does not list the server the relay named: no fallback, in words IT can act on", async () => {
    mode = 'down';
    relayMirror();
    const asked: string[] = [];
    const round = relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token, fallback: 'vendor', serverRound: serverRound(asked), allowedServers: ['https://other.example.com'] });
    await expect(round).rejects.toThrow(`${down(url)} The relay names the warehouse server ${WAREHOUSE}, which the machine policy's allowedServers (https://other.example.com) does not list, so the siteRelayFallback setting does not turn to it.`);
    expect(asked).toEqual([]);
  });

  it("a relay that refuses the seat's token is not down: no fallback", async () => {
    mode = 'refusing';
    relayMirror();
    const asked: string[] = [];
    const round = relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token, fallback: 'vendor', serverRound: serverRound(asked) });
    await expect(round).rejects.toMatchObject({ code: 'unauthorized' });
    expect(asked).toEqual([]);
  });
});
