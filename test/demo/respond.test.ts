// streamJsonArray over real HTTP: a 304 never builds the answer (the history query scans a whole
// facility to pick the newest events, slow at the bench's sizes, which a 304 does not need).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamJsonArray } from '../../electron/demo/http/respond.ts';

let server: Server;
let url: string;
let built = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    void streamJsonArray(req, res, () => {
      built++;
      return [{ id: 'a' }, { id: 'b' }];
    }, '"tag-1"');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('streamJsonArray with a lazy source', () => {
  it('builds the records for a 200 and not for a 304', async () => {
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(built).toBe(1);
    const again = await fetch(url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
    expect(built).toBe(1);
    const stale = await fetch(url, { headers: { 'if-none-match': '"tag-0"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    expect(built).toBe(2);
  });
});
