// `aisle status`: a summary line per mirror first, counts in the right number, and the mirror of an
// in-process demo (nobody syncs it once its process is gone) never listed as needing attention.
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStatus } from '../../electron/contract/types.ts';
import { mirrorPath, writeMirrorIdentity } from '../../electron/core/mirror/mirror-manager.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { mirrorSummary, needingAttention, problemLines } from '../../electron/hosts/cli/commands/status-format.ts';
import { count, grouped } from '../../electron/hosts/cli/plural.ts';
import { buildFloorMirror } from '../lookup/floor-data.ts';
import { tempDir } from '../support/temp-dir.ts';
import { FIXTURE_IDENTITY, writeSyncedDataDir } from './cli-fixture.ts';

const NOW = new Date(2026, 10, 26, 12, 0);
const at = (hours: number, minutes: number) => new Date(2026, 10, 26, hours, minutes).toISOString();

function dataset(list: string, rows: number, patch: Partial<DatasetStatus> = {}): DatasetStatus {
  return {
    key: list,
    list,
    label: list,
    scope: { kind: 'account', id: null, name: null },
    lastSuccessAt: at(11, 0),
    lastAttemptAt: at(11, 0),
    etag: null,
    rows,
    lastError: null,
    stale: false,
    staleAfterMinutes: 1440,
    fullCheckAt: null,
    held: null,
    syncing: false,
    ...patch,
  };
}

describe('status summary line', () => {
  const identity = { server: 'https://warehouse.example.com', email: 'demo@example.com', licenseId: 'lic-1' };

  it('says server, e-mail, how current (the oldest dataset), items and problems', () => {
    const datasets = [
      dataset('items', 12_000),
      dataset('items', 345, { lastSuccessAt: at(10, 43) }),
      dataset('locations', 10, { lastError: { code: 'server_error', message: 'The server answered 500.' } }),
      dataset('inventory', 10, { held: { currentRows: 10, incomingRows: 1, wouldDelete: 9, receivedAt: at(11, 0) } }),
    ];
    expect(mirrorSummary(identity, datasets, NOW)).toBe('warehouse.example.com · demo@example.com · not up to date, oldest data of 10:43 · 12,345 items · 2 problems');
    expect(mirrorSummary(identity, [dataset('items', 1), dataset('inventory', 3, { stale: true })], NOW)).toBe(
      'warehouse.example.com · demo@example.com · out of date since 11:00 · 1 item · no problems',
    );
    expect(mirrorSummary(identity, [dataset('items', 0, { lastSuccessAt: null })], NOW)).toContain('· never synced · 0 items ·');
    expect(mirrorSummary(identity, [dataset('items', 2, { lastSuccessAt: new Date(2026, 10, 24, 9, 5).toISOString(), lastError: { code: 'offline', message: 'x' } })], NOW)).toBe(
      'warehouse.example.com · demo@example.com · last sync failed, data of 2026-11-24 09:05 · 2 items',
    );
  });

  it("says a site relay's data as the relay's reading, only when every list came from it", () => {
    const relayed = [dataset('items', 3, { viaRelay: true, lastSuccessAt: at(10, 43) }), dataset('locations', 2, { viaRelay: true })];
    expect(mirrorSummary(identity, relayed, NOW)).toBe('warehouse.example.com · demo@example.com · up to date, as of 10:43 via site relay · 3 items · no problems');
    const failed = relayed.map((d) => ({ ...d, lastError: { code: 'offline', message: 'x' } }));
    expect(mirrorSummary(identity, failed, NOW)).toContain('· last sync failed, data of 11:00 via site relay ·');
    // a list read from the warehouse server itself (a fallback round): the times are no longer the relay's
    expect(mirrorSummary(identity, [relayed[0], dataset('locations', 2)], NOW)).toContain('· up to date 10:43 ·');
  });

  it('never says up to date beside a problem; groups the problems by cause; says a sync that failed before any list', () => {
    const expired = { code: 'unauthorized', message: 'The server refused the session (401).' };
    const all = Array.from({ length: 32 }, (_, i) => dataset(`list-${i}`, 1, { lastAttemptAt: at(11, 30), lastError: expired }));
    const summary = mirrorSummary(identity, all, NOW);
    expect(summary).toBe('warehouse.example.com · demo@example.com · last sync failed, data of 11:00 · 0 items · 1 problem');
    expect(summary).not.toContain('up to date');
    const lines = problemLines(identity, all, null, NOW);
    expect(lines).toEqual(['problem: The server refused the session (401). (unauthorized) — 32 lists: list-0, list-1, list-2, list-3, list-4, list-5 and 26 more']);
    // a failure recorded in the data folder, newer than every list's attempt: said first
    const failure = { at: at(11, 45), code: 'offline', message: 'The server cannot be reached.' };
    const fine = [dataset('items', 3)];
    // the network's: it passes by itself and the state says it, so no count (as the window's line)
    expect(mirrorSummary(identity, fine, NOW, failure)).toBe('warehouse.example.com · demo@example.com · last sync failed, data of 11:00 · 3 items');
    expect(problemLines(identity, fine, failure, NOW)).toEqual(['last sync failed at 11:45 before reading any list: The server cannot be reached. (offline)']);
    // a round since has read the lists: the old failure says nothing more
    expect(mirrorSummary(identity, [dataset('items', 3, { lastAttemptAt: at(11, 50), lastSuccessAt: at(11, 50) })], NOW, failure)).toBe('warehouse.example.com · demo@example.com · up to date 11:50 · 3 items · no problems');
  });

  it('does not count a stale in-process demo mirror as needing attention', () => {
    const demo = { server: 'demo', email: 'demo@example.com', licenseId: 'lic-1' };
    const stale = [dataset('items', 400, { stale: true }), dataset('inventory', 50, { stale: true })];
    expect(needingAttention(demo, stale)).toEqual([]);
    expect(needingAttention(identity, stale)).toHaveLength(2);
    // nor one whose process ended mid-round, leaving a failure or a held snapshot behind
    const leftBehind = [dataset('items', 400, { lastError: { code: 'offline', message: 'The demo warehouse did not start.' } }), dataset('inventory', 50, { held: { currentRows: 50, incomingRows: 1, wouldDelete: 49, receivedAt: at(11, 0) } })];
    expect(needingAttention(demo, leftBehind)).toEqual([]);
    expect(needingAttention(identity, leftBehind)).toHaveLength(2);
    expect(mirrorSummary(demo, leftBehind, NOW)).toBe('demo warehouse · demo@example.com · demo data of 11:00 · 400 items · no problems');
    expect(mirrorSummary(identity, leftBehind, NOW)).toBe('warehouse.example.com · demo@example.com · not up to date, oldest data of 11:00 · 400 items · 1 problem');
    expect(mirrorSummary(demo, stale, NOW)).toBe('demo warehouse · demo@example.com · demo data of 11:00 · 400 items · no problems');
  });

  it('counts in the right number', () => {
    expect(count(1, 'location')).toBe('1 location');
    expect(count(0, 'location')).toBe('0 locations');
    expect(count(12345, 'item')).toBe('12,345 items');
  });

  it("groups thousands as en-US's toLocaleString does", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.double({ noNaN: true })), (n) => {
        expect(grouped(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});

describe('aisle status and find output', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeAll(() => {
    dir = tempDir();
    writeSyncedDataDir(dir.path);
    const demo = { server: 'demo', email: 'demo@example.com', licenseId: 'lic-9' };
    const db = buildFloorMirror(dir.path, mirrorPath(dir.path, demo));
    writeMirrorIdentity(db, demo);
    db.close();
  });
  afterAll(() => dir.remove());

  function io() {
    const out: string[] = [];
    const err: string[] = [];
    const value: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, promptPassword: () => Promise.reject(new Error('no terminal')) };
    return { value, out, err };
  }

  it('prints a summary line per mirror first, the real warehouse before the demo', async () => {
    const run = io();
    expect(await main(['status', '--data', dir.path], run.value)).toBe(0);
    expect(run.out[0]).toMatch(/^warehouse\.example\.com · pat@example\.com · out of date since [\d: -]+ · 5 items · no problems$/);
    expect(run.out[1]).toMatch(/^demo warehouse · demo@example\.com · demo data of [\d: -]+ · 5 items · no problems$/);
    expect(run.out[2]).toBe('');
    const real = run.out.indexOf(`${FIXTURE_IDENTITY.email} on ${FIXTURE_IDENTITY.server} (license lic-1)  ${mirrorPath(dir.path, FIXTURE_IDENTITY)}`);
    expect(real).toBe(3);
    expect(run.out).toContain('  11 datasets, 11 need attention.');
    expect(run.out.at(-1)).toBe('  11 datasets, none needs attention.');
    expect(run.out.some((l) => /^ {2}Carriers Acme Foods\s+1 row\s/.test(l))).toBe(true);
    expect(run.out.some((l) => /\b1 rows\b/.test(l))).toBe(false);
  });

  it('find says "1 location" for a single one', async () => {
    const run = io();
    expect(await main(['find', 'A03', '02B', '--data', dir.path, '--email', FIXTURE_IDENTITY.email], run.value)).toBe(0);
    expect(run.out.at(-1)).toMatch(/ in 1 location$/);
    expect(path.basename(dir.path)).toMatch(/^aisle-test-/);
  });
});
