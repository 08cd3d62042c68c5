// Point 6, first half: the demo server and the browser host under a bounded load on loopback
// (autocannon, 10 connections) keep answering with no errors, and their memory stays flat.
// Each runs in its own process; its resident memory is sampled from /proc during the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { isFull, recordFigures } from './support/figures.ts';
import { createWorkstation } from './support/workstation.ts';

const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? (isFull ? 60 : 10));
const CONNECTIONS = 10;
const TARGET = path.resolve(import.meta.dirname, 'support/load-target.ts');

const children: ChildProcess[] = [];
let dir: ReturnType<typeof tempDir>;
let demo: { url: string; ids: { accounts: string[]; facilities: string[] }; pid: number };
const figures: Record<string, unknown> = {};

function start(args: string[]): Promise<{ info: Record<string, unknown>; pid: number }> {
  const child = spawn(process.execPath, [TARGET, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ info: JSON.parse(line) as Record<string, unknown>, pid: child.pid! });
    });
    child.on('exit', (code) => reject(new Error(`load target exited (${code}) before it was ready`)));
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Runs autocannon while sampling the target's memory every second. */
async function load(pid: number, options: Options) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(rssMb(pid)), 1_000);
  try {
    const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
    return { result, samples };
  } finally {
    clearInterval(timer);
  }
}

function summarise(result: Result, samples: number[]) {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const early = avg(samples.slice(0, third));
  const late = avg(samples.slice(-third));
  return {
    seconds: SECONDS,
    connections: CONNECTIONS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    status2xx: result['2xx'],
    status304: result['3xx'],
    status4xx5xx: result['4xx'] + result['5xx'],
    rssEarlyMb: Math.round(early),
    rssLateMb: Math.round(late),
    rssMaxMb: Math.round(Math.max(...samples)),
  };
}

/** A run with no errors, timeouts or error statuses, of some volume, whose memory stays flat; its figures kept as `name`. */
function expectSteady(name: string, result: Result, samples: number[]): void {
  const summary = summarise(result, samples);
  figures[name] = summary;
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result['4xx'] + result['5xx']).toBe(0);
  expect(result.requests.total).toBeGreaterThan(SECONDS * 10);
  expect(summary.rssLateMb, 'memory stays flat').toBeLessThan(summary.rssEarlyMb * 1.5 + 50);
}

beforeAll(async () => {
  dir = tempDir('aisle-load-');
  const started = await start(['demo']);
  demo = { ...(started.info as { url: string; ids: { accounts: string[]; facilities: string[] } }), pid: started.pid };
});
afterAll(async () => {
  // Wait for each child to exit before removing the folder they write into.
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
    ),
  );
  recordFigures('load', figures);
  dir?.remove();
});

describe(`bounded load for ${SECONDS} s (point 6)`, () => {
  it('the demo server: lists (conditional and not) and inventory queries, no errors, flat memory', async () => {
    const ws = createWorkstation({ dataDir: path.join(dir.path, 'token') });
    await ws.signIn(demo.url, 'solo@example.com', DEMO_PASSWORD);
    const token = await ws.session.accessToken();
    await ws.close();
    const items = `/v1/api/pub/lists/accounts/${demo.ids.accounts[0]}/items/query`;
    const etag = (await fetch(demo.url + items, { headers: { Authorization: `Bearer ${token}` } })).headers.get('etag')!;
    const { result, samples } = await load(demo.pid, {
      url: demo.url,
      headers: { Authorization: `Bearer ${token}` },
      requests: [
        { method: 'GET', path: items, headers: { Authorization: `Bearer ${token}`, 'If-None-Match': etag } },
        { method: 'GET', path: '/v1/api/pub/lists/facilities/query', headers: { Authorization: `Bearer ${token}` } },
        { method: 'POST', path: '/v1/api/pub/inv/query', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ facilityId: demo.ids.facilities[0], skus: ['nothing'] }) },
        { method: 'GET', path: items, headers: { Authorization: `Bearer ${token}` } },
      ],
    });
    expectSteady('demoServer', result, samples);
  });

  it('the browser host: searches, lookups and status over its contract, no errors, flat memory', async () => {
    const started = await start(['browser', demo.url, path.join(dir.path, 'browser')]);
    const { url, secret } = started.info as { url: string; secret: string };
    const headers = { 'X-Aisle-Key': secret, Origin: url, 'Content-Type': 'application/json' };
    const { result, samples } = await load(started.pid, {
      url,
      requests: [
        { method: 'POST', path: '/api/call/search.query', headers, body: JSON.stringify({ q: 'a', limit: 50 }) },
        { method: 'POST', path: '/api/call/search.query', headers, body: JSON.stringify({ q: 'A-0', limit: 20 }) },
        { method: 'POST', path: '/api/call/sync.status', headers, body: '{}' },
        { method: 'POST', path: '/api/call/lists.catalog', headers, body: '{}' },
      ],
    });
    expectSteady('browserHost', result, samples);
  });
});
