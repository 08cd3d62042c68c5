// A 1,000,000-item list streams with bounded memory: the server runs in a child process and its
// peak RSS is compared with the size of the body it sent.
import { fork, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ITEMS = 1_000_000;
let child: ChildProcess | null = null;
afterAll(() => {
  child?.send('stop');
});

function next<T>(proc: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve(m as T));
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

describe('streaming', () => {
  it(`serves ${ITEMS.toLocaleString('en')} items in one list without holding the body`, async () => {
    child = fork(fileURLToPath(new URL('./fixtures/big-server.ts', import.meta.url)), [String(ITEMS)], { execPath: process.execPath, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const { url, maxRssKb: startRssKb } = await next<{ url: string; maxRssKb: number }>(child);
    const licenses = await fetch(`${url}/v1/auth/pub/user/licenses`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }) }).then((r) => r.json() as Promise<{ id: string }[]>);
    const signIn = await fetch(`${url}/v1/auth/pub/user/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234', licenseId: licenses[0].id }) });
    const jwt = /access_token=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')![1];
    const accounts = await fetch(`${url}/v1/api/pub/lists/accounts/query`, { headers: { authorization: `Bearer ${jwt}` } }).then((r) => r.json() as Promise<{ id: string }[]>);

    const { bytes, records, tail } = await new Promise<{ bytes: number; records: number; tail: string }>((resolve, reject) => {
      get(`${url}/v1/api/pub/lists/accounts/${accounts[0].id}/items/query`, { headers: { authorization: `Bearer ${jwt}`, 'accept-encoding': 'identity' } }, (res) => {
        let bytes = 0;
        let records = 0;
        let tail = '';
        let carry = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // every item has exactly one "sku" key: count them without parsing (a key may straddle chunks)
          const text = Buffer.concat([carry, chunk]);
          for (let at = text.indexOf('"sku":'); at >= 0; at = text.indexOf('"sku":', at + 1)) records++;
          carry = text.subarray(-5);
          tail = text.subarray(-2).toString();
        });
        res.on('end', () => resolve({ bytes, records, tail }));
        res.on('error', reject);
      }).on('error', reject);
    });
    child.send('report');
    const { maxRssKb } = await next<{ maxRssKb: number }>(child);

    console.info(`streamed ${(bytes / 1e6).toFixed(0)} MB; server peak RSS ${(maxRssKb / 1024).toFixed(0)} MB (at start ${(startRssKb / 1024).toFixed(0)} MB)`);
    expect(records).toBe(ITEMS);
    expect(tail.endsWith(']')).toBe(true);
    const bodyMb = bytes / 1e6;
    const grewMb = (maxRssKb - startRssKb) / 1024;
    expect(bodyMb).toBeGreaterThan(300);
    // the whole body would be > 300 MB (and far more as JS strings); streaming stays far below
    expect(grewMb).toBeLessThan(120);
    expect(maxRssKb / 1024).toBeLessThan(300);
  }, 60_000);
});
