// Benchmark of the demo server: how fast it streams a large list (identity and gzip), how fast a
// 304 is, and how much memory the server uses while streaming. Run: `npm run bench:demo [items]`.
// The server runs in a child process so its memory is its own.
import { fork } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';

const items = Number(process.argv[2] ?? 1_000_000);
const child = fork(fileURLToPath(new URL('../demo/fixtures/big-server.ts', import.meta.url)), [String(items)], { execPath: process.execPath });
const message = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
const started = performance.now();
const { url } = await message<{ url: string }>();
console.log(`server with ${items.toLocaleString('en')} items ready in ${(performance.now() - started).toFixed(0)} ms`);

const json = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const [license] = (await (await json('/v1/auth/pub/user/licenses', { email: 'demo@example.com', password: 'demo1234' })).json()) as { id: string }[];
const session = await json('/v1/auth/pub/user/session', { email: 'demo@example.com', password: 'demo1234', licenseId: license.id });
const bearer = { authorization: `Bearer ${/access_token=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')![1]}` };
const [account] = (await (await fetch(`${url}/v1/api/pub/lists/accounts/query`, { headers: bearer })).json()) as { id: string }[];
const path = `/v1/api/pub/lists/accounts/${account.id}/items/query`;

function stream(encoding: string, etag?: string): Promise<{ ms: number; bytes: number; status: number; etag: string }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...bearer, 'accept-encoding': encoding };
    if (etag) headers['if-none-match'] = etag;
    get(url + path, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ ms: performance.now() - start, bytes, status: res.statusCode ?? 0, etag: String(res.headers.etag) }));
    }).on('error', reject);
  });
}

for (const encoding of ['identity', 'gzip']) {
  const run = await stream(encoding);
  console.log(`${encoding.padEnd(8)} ${(run.bytes / 1e6).toFixed(0)} MB on the wire in ${(run.ms / 1000).toFixed(1)} s: ${Math.round(items / (run.ms / 1000)).toLocaleString('en')} items/s`);
  const cached = await stream(encoding, run.etag);
  console.log(`${encoding.padEnd(8)} If-None-Match: ${cached.status} in ${cached.ms.toFixed(1)} ms`);
}
child.send('report');
const { maxRssKb } = await message<{ maxRssKb: number }>();
console.log(`server peak RSS ${(maxRssKb / 1024).toFixed(0)} MB`);
child.send('stop');
