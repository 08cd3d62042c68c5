import { execFile } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, writeSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import type { SearchResult } from '../../electron/contract/types.ts';
import { createCore } from '../../electron/core/core.ts';
import { searchAll } from '../../electron/core/lookup/search.ts';
import { mirrorPath, writeMirrorIdentity } from '../../electron/core/mirror/mirror-manager.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { tempDir } from '../support/temp-dir.ts';
import { buildFloorMirror } from './floor-data.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const me = { server: 'http://127.0.0.1:9', email: 'pat@example.com', licenseId: 'lic-1' };
const other = { server: 'http://127.0.0.1:9', email: 'sam@example.com', licenseId: 'lic-1' };

let dir: ReturnType<typeof tempDir>;

beforeAll(() => {
  dir = tempDir();
  mkdirSync(path.join(dir.path, 'mirrors'), { recursive: true });
  const mine = buildFloorMirror(dir.path, mirrorPath(dir.path, me));
  writeMirrorIdentity(mine, me);
  mine.close();
  // someone else's (empty) mirror, written later: must not be chosen while settings name pat
  const theirs = openMirror(mirrorPath(dir.path, other));
  writeMirrorIdentity(theirs, other);
  theirs.close();
  createConfSettingsStore(dir.path).set({ server: me.server, lastEmail: me.email });
});
afterAll(() => dir.remove());

function io(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), env: {}, promptPassword: () => Promise.reject(new Error('no')) };
}

describe('aisle find', () => {
  it('answers from the last signed-in mirror, with the age and the stock of a single hit', async () => {
    const out = io();
    expect(await main(['find', 'A03', '02B', '--data', dir.path], out)).toBe(0);
    expect(out.errors[0]).toBe('offline data of pat@example.com on http://127.0.0.1:9');
    expect(out.lines[0]).toMatch(/^exact\s+location\s+A-03-02-B .*\[synced .*\]$/);
    // the line under it worded from the hit's facts, in English (contract/hit-subtitle.ts)
    expect(out.lines[0]).toContain('A-03-02-B (PICK · zone A · ');
    expect(out.lines.join('\n')).toMatch(/SKU-0001 Blue widget large\s+on hand 10, allocated 3, available 7\s+AVAILABLE\s+lot L100, exp \d{4}-\d{2}-\d{2} EXPIRED/);
  });

  it('narrows stock to the scanned serial and reports misreads', async () => {
    const out = io();
    expect(await main(['find', '(01)09506000134352(21)SN-1', '--data', dir.path], out)).toBe(0);
    expect(out.lines[0]).toMatch(/^GS1: \(01\) GTIN 09506000134352 {2}\(21\) SERIAL SN-1$/);
    expect(out.lines[1]).toMatch(/^exact\s+item\s+SKU-0002\s+Red widget \(GTIN 09506000134352\)\s+\[synced .*\]$/);
    expect(out.lines.filter((l) => l.includes('serial SN-1'))).toHaveLength(1);
    expect(out.lines.join('\n')).not.toContain('(scanned) is not');
    // a serial this workstation's stock does not hold: said in words, as the app's item page says it
    const missing = io();
    expect(await main(['find', '(01)09506000134352(21)SN-NOT-HERE', '--data', dir.path], missing)).toBe(0);
    expect(missing.lines).toContain("  serial SN-NOT-HERE (scanned) is not in this workstation's stock of this item");
    const bad = io();
    expect(await main(['find', '036000291453', '--data', dir.path], bad)).toBe(1);
    expect(bad.lines[0]).toMatch(/^misread: Check digit/);
  });

  it('looks up several codes, and picks a mirror by --email', async () => {
    const out = io();
    expect(await main(['find', '--lines', 'A-03-02-B', 'nothing', '--data', dir.path], out)).toBe(0);
    expect(out.lines).toContain('nothing: not found');
    const theirs = io();
    expect(await main(['find', 'A-03-02-B', '--email', other.email, '--data', dir.path], theirs)).toBe(1);
    expect(theirs.errors[0]).toContain('sam@example.com');
    expect(await main(['find', 'x', '--email', 'nobody@example.com', '--data', dir.path], io())).toBe(1);
  });

  it("meets a damaged file: says to open the app or run aisle sync, and leaves the file where it is", async () => {
    const damaged = tempDir();
    try {
      mkdirSync(path.join(damaged.path, 'mirrors'), { recursive: true });
      const file = mirrorPath(damaged.path, me);
      const db = buildFloorMirror(damaged.path, file);
      writeMirrorIdentity(db, me);
      // every page of the items table overwritten, as a bad sector would: the file still opens and says whose it is
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const pages = (db.prepare("SELECT pageno FROM dbstat WHERE name = 'items'").all() as { pageno: number }[]).map((p) => p.pageno);
      db.close();
      const fd = openSync(file, 'r+');
      for (const page of pages) writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
      closeSync(fd);

      const out = io();
      expect(await main(['find', 'SKU-0001', '--email', me.email, '--data', damaged.path], out)).not.toBe(0);
      const notice = { code: 'mirror_damaged_sync_again', file } as const;
      expect(out.errors.join('\n')).toContain(noticeInEnglish(notice));
      expect(readdirSync(path.dirname(file)).filter((f) => f.endsWith('.sqlite'))).toEqual([path.basename(file)]);
    } finally {
      damaged.remove();
    }
  });

  it('asks through the contract, so a query the contract refuses is refused in words naming the call', async () => {
    const out = io();
    expect(await main(['find', 'x'.repeat(10_001), '--data', dir.path], out)).toBe(1);
    expect(out.errors.at(-1)).toMatch(/^aisle find: Invalid q for search\.query: .+ \(invalid_argument\)$/);
    expect(out.lines).toEqual([]);
  });

  it('runs as a separate process with no server at all and prints the SearchResult the app gets', async () => {
    const { stdout } = await run(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'electron/hosts/cli/bin.mjs'), 'find', 'a-03-02-b', '--json', '--data', dir.path], { cwd: dir.path });
    const printed = JSON.parse(stdout) as SearchResult;
    const db = openMirror(mirrorPath(dir.path, me), { readonly: true });
    const inApp = searchAll(db, 'a-03-02-b', { staleAfter: createConfSettingsStore(dir.path).get().staleAfterMinutes, limit: 50 });
    db.close();
    expect({ ...printed, tookMs: 0 }).toEqual({ ...inApp, tookMs: 0 });
    expect(printed.hits[0]).toMatchObject({ kind: 'location', code: 'A-03-02-B', match: 'exact' });
  });
});

describe('lookup handlers', () => {
  it('answer not_signed_in while no mirror is open, and parse scans without one', async () => {
    const core = createCore({ host: 'cli', version: '0', dataDir: dir.path, settings: createMemorySettingsStore(), autoSync: false });
    try {
      expect(await dispatch(core.handlers, 'search.query', { q: 'A-03-02-B' })).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
      expect(await dispatch(core.handlers, 'lists.catalog', {})).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
      expect(await dispatch(core.handlers, 'scan.parse', { raw: ']C10109506000134352' })).toMatchObject({ ok: true, value: { kind: 'gs1', gtin: '09506000134352' } });
    } finally {
      await core.close();
    }
  });
});
