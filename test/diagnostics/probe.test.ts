// The probe obeys what sign-in obeys, and its own deadline: a plain http:// address elsewhere is
// refused before any request when `allowPlainHttp` is off; a kiosk signs in to its pinned server
// only; a server that stops answering (at sign-in, or during the round) ends the probe by its
// deadline, in words. Real HTTP servers on loopback, the probe through the contract's dispatch.
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { ProbeReport, Settings } from '../../electron/contract/types.ts';
import type { KioskPolicy } from '../../electron/core/context.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { probeLines } from '../../electron/hosts/cli/commands/probe.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';
import { tempDir } from '../support/temp-dir.ts';

const EMAIL = 'demo@example.com';
const PASSWORD = 'demo1234';
const SMALL = { items: 30, accounts: 1, facilities: 1, rateLimit: 0 } as const;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A core over a temp data folder with these settings (and kiosk policy), as a host builds it. */
function workstation(settings: Partial<Settings> = {}, kiosk?: KioskPolicy) {
  const dir = tempDir();
  cleanup.push(() => dir.remove());
  const core = Object.assign(createNodeCore({
    host: 'browser',
    dataDir: dir.path,
    overrides: { autoSync: false, settings: createMemorySettingsStore(settings), ...(kiosk ? { kiosk: { policy: kiosk, leave() {} } } : {}) },
  }), { dataDir: dir.path });
  cleanup.push(() => core.close());
  return core;
}

async function probe(core: ReturnType<typeof workstation>, args: { server: string; deadlineSeconds?: number }): Promise<ProbeReport> {
  const answer = await dispatch(core.handlers, 'diagnostics.probe', { email: EMAIL, password: PASSWORD, ...args });
  if (!answer.ok) throw new Error(`diagnostics.probe: ${answer.error.code} ${answer.error.message}`);
  return answer.value as ProbeReport;
}

/** A server on loopback that counts the requests it gets and hands each to `handle`. */
async function countingServer(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  const url = await listenOnLoopback(server);
  cleanup.push(() => closeServer(server));
  return { url, seen };
}

/** Forwards every request to `target`, except those `stall` names, which are never answered. */
function forwardTo(target: string, stall: (path: string) => boolean) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (stall(req.url ?? '')) return;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void forward(target, req, chunks, res));
  };
}

/** One request passed on; when the target resets or is gone, the connection is dropped, as a proxy drops it. */
async function forward(target: string, req: IncomingMessage, chunks: Buffer[], res: ServerResponse): Promise<void> {
  try {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length').map(([k, v]) => [k, String(v)]));
    const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, redirect: 'manual' });
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((v, k) => {
      if (k !== 'set-cookie' && k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
    });
    if (answer.headers.getSetCookie().length) out['set-cookie'] = answer.headers.getSetCookie();
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  } catch {
    res.destroy();
  }
}

describe('the probe obeys sign-in’s policy and its own deadline', () => {
  it('allowPlainHttp off: a plain http:// address elsewhere is refused before any request, in sign-in’s words', async () => {
    const demo = await startDemoServer(SMALL);
    cleanup.push(() => demo.close());
    const { url, seen } = await countingServer(forwardTo(demo.url, () => false));
    // the same loopback server, under an address that is not "this machine" by its name
    const elsewhere = url.replace('127.0.0.1', '[::ffff:127.0.0.1]');

    const refused = await probe(workstation({ allowPlainHttp: false }), { server: elsewhere });
    expect(refused.ready).toBe(false);
    expect(refused.blockers).toEqual([{ code: 'sign_in_failed', error: { code: 'forbidden', message: expect.stringContaining('plain http://') } }]);
    expect(seen).toEqual([]);

    // allowed, the same address reaches the server: the refusal above was the policy's
    const allowed = await probe(workstation({ allowPlainHttp: true }), { server: elsewhere });
    expect(seen.length).toBeGreaterThan(0);
    expect(allowed.ready).toBe(true);
    expect(allowed.signIn?.notices).toEqual([{ code: 'plain_http', host: expect.any(String) }]);
  });

  it('a kiosk probes its pinned server only', async () => {
    const pinned = await startDemoServer(SMALL);
    cleanup.push(() => pinned.close());
    const other = await countingServer((_, res) => res.end());
    const kiosk = workstation({}, { enabled: true, exit: null, server: pinned.url });

    const elsewhere = await probe(kiosk, { server: other.url });
    expect(elsewhere.blockers).toEqual([{ code: 'sign_in_failed', error: { code: 'forbidden', message: expect.stringContaining(pinned.url) } }]);
    expect(other.seen).toEqual([]);

    // a temporary folder of this test's own: other processes on the machine probe too
    const ownTmp = tempDir();
    cleanup.push(() => ownTmp.remove());
    const sharedTmp = process.env.TMPDIR;
    process.env.TMPDIR = ownTmp.path;
    cleanup.push(() => {
      if (sharedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = sharedTmp;
    });
    const probeFolders = () => new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('aisle-probe-')));
    const before = probeFolders();
    const there = await probe(kiosk, { server: pinned.url });
    expect(there.blockers).toEqual([]);
    expect(there.ready).toBe(true);
    expect(there.lists.filter((l) => l.list === 'items').map((l) => l.rows)).toEqual([30]);
    // its mirror was thrown away, and the workstation's data folder and settings are as they were
    expect([...probeFolders()].filter((f) => !before.has(f))).toEqual([]);
    expect(existsSync(path.join(kiosk.dataDir, 'mirrors'))).toBe(false);
    expect(kiosk.handlers['settings.get']({})).toMatchObject({ server: 'demo', lastEmail: '' });
  });

  it('a server that never answers sign-in ends the probe by its deadline, not by the longer auth deadline', async () => {
    const stuck = await countingServer(() => undefined);
    const started = Date.now();
    const report = await probe(workstation({ authDeadlineSeconds: 120 }), { server: stuck.url, deadlineSeconds: 2 });
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(stuck.seen.length).toBeGreaterThan(0);
    expect(report.blockers).toEqual([{ code: 'deadline_passed', seconds: 2, during: 'sign-in' }]);
    expect(report.ready).toBe(false);
  });

  it('a list that never comes ends the round by the deadline: that list failed in the round’s words, not ready', async () => {
    const demo = await startDemoServer(SMALL);
    cleanup.push(() => demo.close());
    const { url } = await countingServer(forwardTo(demo.url, (path) => path.startsWith('/v1/api/pub/lists/items/')));
    const started = Date.now();
    const report = await probe(workstation(), { server: url, deadlineSeconds: 4 });
    expect(Date.now() - started).toBeLessThan(4_000 + 8_000);
    expect(report.signIn).not.toBeNull();
    expect(report.ready).toBe(false);
    expect(report.blockers).toContainEqual({ code: 'deadline_passed', seconds: 4, during: 'sync' });
    const items = report.lists.filter((l) => l.list === 'items');
    expect(items.length).toBeGreaterThan(0);
    for (const list of items) expect(list.outcome).toBe('failed');
    expect(report.lists.find((l) => l.list === 'accounts')?.outcome).toBe('ok');
  });
});

describe('the probe says which envelope each list came in', () => {
  it.each([
    ['spring', '`content`', 'content'],
    ['dotnet', '`data`', 'data'],
    ['default', 'a bare array', null],
  ] as const)('the %s profile: items in %s, in the report and in the CLI’s words', async (profile, _, field) => {
    const demo = await startDemoServer({ ...SMALL, profile });
    cleanup.push(() => demo.close());
    const report = await probe(workstation(), { server: demo.url });
    expect(report.ready).toBe(true);
    const items = report.lists.filter((l) => l.list === 'items');
    expect(items.length).toBeGreaterThan(0);
    for (const list of items) expect(list.envelope).toEqual({ field });
    const line = probeLines(report).find((l) => /^\s+items\b/.test(l));
    expect(line).toContain(field === null ? 'records in a bare array' : `records in \`${field}\``);
    // a list read in one page says so in the singular
    if (profile === 'spring') expect(line).toMatch(/paging page \(1 page\)$/);
  });
});
