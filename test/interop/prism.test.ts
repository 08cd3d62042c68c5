// A server we did not write: Prism, in dynamic mode, serving docs/interface.openapi.yaml (answers
// generated from the document's schemas). The real CLI, spawned, must sync from it, report the
// mirror's status, find a code it read back from the mirror, and probe it. PRISM_SEED replays a run.
// Its stock and history records name random facilities, not the one asked for: nothing proves them
// that facility's, so the sync and the probe both refuse them, in the same words.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../electron/contract/types.ts';
import { tempDir } from '../support/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENT = path.join(ROOT, 'docs/interface.openapi.yaml');
const SEED = process.env.PRISM_SEED ?? 'aisle';
const EMAIL = 'it@example.com';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts Prism itself (never through npx, whose child could outlive it) and waits until it listens. */
async function startPrism(port: number): Promise<{ child: ChildProcess; log: string[] }> {
  const log: string[] = [];
  const child = spawn(path.join(ROOT, 'node_modules/.bin/prism'), ['mock', '--dynamic', '--seed', SEED, '--host', '127.0.0.1', '--port', String(port), DOCUMENT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.join('').includes('Prism is listening')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`prism exited ${code} before listening:\n${log.join('')}`)));
  });
  return { child, log };
}

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** The real CLI entry in a child process, on this Node. */
function aisle(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'electron/hosts/cli/bin.mjs'), ...args], { cwd: ROOT, env: { ...process.env, AISLE_PASSWORD: 'any-password', NO_COLOR: '1' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('close', (code) => resolve({ code, out, err }));
  });
}

/** A code read back from the mirror: an item's sku, else a location's code. */
function codeFromMirror(dataDir: string): { code: string; id: string } | null {
  const folder = path.join(dataDir, 'mirrors');
  const file = existsSync(folder) ? readdirSync(folder).find((f) => f.endsWith('.sqlite')) : undefined;
  if (!file) return null;
  const db = new Database(path.join(folder, file), { readonly: true });
  try {
    const row = (db.prepare("SELECT sku AS code, id FROM items WHERE sku IS NOT NULL AND sku <> '' LIMIT 1").get() ??
      db.prepare("SELECT code, id FROM locations WHERE code IS NOT NULL AND code <> '' LIMIT 1").get()) as { code: string; id: string } | undefined;
    return row ?? null;
  } finally {
    db.close();
  }
}

describe(`Prism serving docs/interface.openapi.yaml (dynamic, seed ${SEED})`, () => {
  const dir = tempDir('aisle-prism-');
  let prism: { child: ChildProcess; log: string[] };
  let url = '';

  beforeAll(async () => {
    const port = await freePort();
    prism = await startPrism(port);
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (prism?.child.exitCode === null) {
      const exited = new Promise((resolve) => prism.child.once('exit', resolve));
      prism.child.kill('SIGTERM');
      await exited;
    }
    dir.remove();
  });

  it('aisle sync mirrors every list whose records it can prove, aisle status says so, aisle find finds a code read back from the mirror', async () => {
    const sync = await aisle(['sync', '--server', url, '--email', EMAIL, '--data', dir.path]);
    // stock and history alone fail: their records name other facilities than the one asked for
    expect(sync.code, `aisle sync:\n${sync.err}\n${sync.out}`).toBe(1);
    const status = await aisle(['status', '--data', dir.path, '--json']);
    expect(status.code).toBe(0);
    const mirrors = (JSON.parse(status.out) as { mirrors: { datasets: { list: string; rows: number; lastError: unknown }[] }[] }).mirrors;
    expect(mirrors).toHaveLength(1);
    const datasets = mirrors[0].datasets;
    const failed = datasets.filter((d) => d.lastError !== null);
    expect(failed.map((d) => d.list).sort()).toEqual(['history', 'history', 'inventory', 'inventory']);
    // said once, of the facility by its id (the mock names none): "Inventory of <id>: the server's answer ..."
    for (const d of failed) expect(JSON.stringify(d.lastError)).toMatch(/"(Inventory|Inventory history) of [0-9a-f-]{36}: the server's answer holds records of another facility/);
    expect(datasets.find((d) => d.list === 'items' && d.rows > 0)).toBeTruthy();
    const record = codeFromMirror(dir.path);
    expect(record).not.toBeNull();
    const find = await aisle(['find', record?.code ?? '', '--data', dir.path, '--json']);
    expect(find.code, find.err).toBe(0);
    const hits = (JSON.parse(find.out) as { hits: { id: string }[] }).hits;
    expect(hits.map((h) => h.id)).toContain(record?.id);
  });

  it('aisle probe: the token from the Authorization header, every list read as the sync reads it', async () => {
    const probe = await aisle(['probe', '--server', url, '--email', EMAIL, '--json']);
    const report = JSON.parse(probe.out) as ProbeReport;
    expect(report.signIn?.tokenDelivery).toEqual({ source: 'header', name: 'authorization' });
    expect(report.lists.find((l) => l.list === 'items')).toMatchObject({ outcome: 'ok', paging: null });
    expect(report.fields.find((f) => f.list === 'items')?.fields.find((f) => f.column === 'sku')?.field).toBe('sku');
    // the sync's own refusal of stock that names other facilities: not ready, per facility
    expect(report.blockers.map((b) => (b.code === 'list_failed' ? `${b.list.list}: ${b.error.message.includes("holds records of another facility")}` : b.code))).toEqual(['inventory: true', 'inventory: true']);
    expect(report.ready).toBe(false);
    expect(probe.code).toBe(1);
  });
});
