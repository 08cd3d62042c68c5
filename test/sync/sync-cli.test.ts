// `aisle sync` and `aisle status` against the demo server over loopback, in a temp data folder.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { tempDir } from '../support/temp-dir.ts';

let server: DemoServer;
let dir: ReturnType<typeof tempDir>;

function io(env: NodeJS.ProcessEnv = { AISLE_PASSWORD: 'demo1234' }) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env, promptPassword: async () => Promise.reject(new Error('no terminal')) };
  return { value, out, err };
}

beforeAll(async () => {
  server = await startDemoServer({ port: 0, items: 400, facilities: 1, accounts: 2, seed: 3 });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

describe('aisle sync / aisle status', () => {
  it('syncs every dataset into the data folder, picking the first enabled license and saying so', async () => {
    const run = io();
    const code = await main(['sync', '--server', server.url, '--email', 'demo@example.com', '--data', dir.path], run.value);
    expect(run.err.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(code).toBe(0);
    expect(run.err.some((l) => l.startsWith('using license') && l.includes('first enabled'))).toBe(true);
    expect(run.out.at(-1)).toMatch(/^synced \d+ datasets? in [\d.]+ s: 0 failed, 0 held\.$/);
    const files = readdirSync(path.join(dir.path, 'mirrors')).filter((f) => f.endsWith('.sqlite'));
    expect(files).toHaveLength(1);
    expect(statSync(path.join(dir.path, 'mirrors', files[0])).mode & 0o777).toBe(0o600);
  });

  it('a second sync is all unchanged; --json reports the round and the status', async () => {
    const run = io();
    expect(await main(['sync', '--server', server.url, '--email', 'demo@example.com', '--data', dir.path, '--json'], run.value)).toBe(0);
    const report = JSON.parse(run.out.join('\n')) as { round: { phase: string }[]; status: { datasets: { rows: number; list: string }[] } };
    expect(report.round.length).toBeGreaterThan(5);
    expect(report.round.every((p) => p.phase === 'unchanged')).toBe(true);
    expect(report.status.datasets.filter((d) => d.list === 'items').reduce((n, d) => n + d.rows, 0)).toBe(400);
  });

  it('status lists the mirror with its identity and datasets, as text and JSON', async () => {
    const text = io({});
    expect(await main(['status', '--data', dir.path], text.value)).toBe(0);
    // the summary line first, then the mirror's identity and datasets
    expect(text.out[0]).toMatch(/^127\.0\.0\.1:\d+ · demo@example\.com · up to date \d\d:\d\d · [\d,]+ items · no problems$/);
    expect(text.out.some((l) => l.startsWith('demo@example.com on ' + server.url))).toBe(true);
    expect(text.out.some((l) => /Items .* 200 rows\s+just now\s+ok/.test(l))).toBe(true);
    const json = io({});
    expect(await main(['status', '--data', dir.path, '--json'], json.value)).toBe(0);
    const parsed = JSON.parse(json.out.join('\n')) as { mirrors: { identity: { email: string }; datasets: { key: string; stale: boolean }[] }[] };
    expect(parsed.mirrors).toHaveLength(1);
    expect(parsed.mirrors[0].identity.email).toBe('demo@example.com');
    expect(parsed.mirrors[0].datasets.every((d) => !d.stale)).toBe(true);
  });

  it('wrong password fails clearly without creating a mirror', async () => {
    const other = tempDir();
    const run = io({ AISLE_PASSWORD: 'nope' });
    expect(await main(['sync', '--server', server.url, '--email', 'demo@example.com', '--data', other.path], run.value)).not.toBe(0);
    expect(run.err.join('\n')).toMatch(/wrong_credentials|password/i);
    other.remove();
  });

  it('a sync that fails before any list leaves a trace: the next status says it failed and why, not "no problems"', async () => {
    const wrong = io({ AISLE_PASSWORD: 'nope' });
    expect(await main(['sync', '--server', server.url, '--email', 'demo@example.com', '--data', dir.path], wrong.value)).not.toBe(0);
    const after = io({});
    expect(await main(['status', '--data', dir.path], after.value)).toBe(0);
    expect(after.out[0]).toMatch(/^127\.0\.0\.1:\d+ · demo@example\.com · last sync failed, data of \d\d:\d\d · [\d,]+ items · 1 problem$/);
    expect(after.out.some((l) => /^ {2}last sync failed at \d\d:\d\d before reading any list: .+ \(wrong_credentials\)$/.test(l))).toBe(true);
    // a sync that reads the lists again clears it
    expect(await main(['sync', '--server', server.url, '--email', 'demo@example.com', '--data', dir.path], io().value)).toBe(0);
    const again = io({});
    expect(await main(['status', '--data', dir.path], again.value)).toBe(0);
    expect(again.out[0]).toMatch(/ · up to date \d\d:\d\d · [\d,]+ items · no problems$/);
  });
});
