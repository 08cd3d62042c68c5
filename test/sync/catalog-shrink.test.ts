// A catalog list that shrinks by more than a small share (setting shrinkHoldPercent, 5 % by
// default), where the server announced no total that proves the reading whole, is held for
// confirmation as a mass deletion is: the mirror keeps what it had until the user confirms. A total
// the reading agrees with proves it; a shrink within the share applies; stock and history, which
// move by nature, are never held for it.
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUnprovenShrink } from '../../electron/core/mirror/mass-delete-guard.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-defaults.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { tempDir } from '../support/temp-dir.ts';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';

const USERS = '/v1/api/pub/lists/users/query';

/** The users list as the server answers it: its first `count` users, bare or with their total. */
let users: { count: number; announced: boolean };
let dir: ReturnType<typeof tempDir>;
let db: WriteDb;
let server: Server;
let url: string;

beforeEach(async () => {
  dir = tempDir();
  db = openMirror(path.join(dir.path, 'm.sqlite'));
  users = { count: 300, announced: false };
  server = createServer((req, res) => {
    const isUsers = req.url?.split('?')[0] === USERS;
    const records = isUsers ? Array.from({ length: users.count }, (_, n) => ({ id: String(n + 1), email: `user${n + 1}@example.com` })) : [];
    const body = users.announced && isUsers ? { content: records, number: 0, size: 1000, totalElements: records.length, totalPages: 1, last: true } : records;
    res.writeHead(200, { 'content-type': 'application/json', etag: `"${req.url}-${users.count}-${users.announced}"` });
    res.end(JSON.stringify(body));
  });
  url = await listenOnLoopback(server);
});
afterEach(async () => {
  db.close();
  await closeServer(server);
  dir.remove();
});

const round = (o: { allowMassDelete?: string[]; shrinkHoldPercent?: number } = {}) =>
  runRound(db, {
    baseUrl: url,
    accessToken: async () => 't',
    refreshAfterUnauthorized: async () => 't',
    plan: { offlineLists: ['users'], offlineFacilities: [], userFacilities: [], historyDays: 30 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    ...o,
  });
const outcome = async (o?: Parameters<typeof round>[0]) => (await round(o)).datasets.find((d) => d.key === 'users');
const usersKept = () => db.prepare(`SELECT count(*) FROM records WHERE list = 'users'`).pluck().get() as number;

describe('a catalog that shrinks with no total to prove it', () => {
  it('a third of the list gone (under the mass-delete guard\'s half) is held, the mirror intact; confirmed, it applies', async () => {
    expect(await outcome()).toMatchObject({ outcome: 'applied', rows: 300 });
    users = { count: 200, announced: false };
    expect(await outcome()).toMatchObject({ outcome: 'held', rows: 300 });
    expect(usersKept()).toBe(300);
    expect(datasetByKey(db, 'users')).toMatchObject({ rows: 300, held_rows: 200, held_would_delete: 100 });
    // the user confirms, as for a mass deletion (sync.confirmHeld)
    expect(await outcome({ allowMassDelete: ['users'] })).toMatchObject({ outcome: 'applied', rows: 200 });
    expect(usersKept()).toBe(200);
    expect(datasetByKey(db, 'users')).toMatchObject({ held_at: null });
  });

  it('a 2 % shrink applies', async () => {
    await round();
    users = { count: 294, announced: false };
    expect(await outcome()).toMatchObject({ outcome: 'applied', rows: 294 });
    expect(usersKept()).toBe(294);
  });

  it("the share is the setting's", async () => {
    expect(DEFAULT_SETTINGS.shrinkHoldPercent).toBe(5);
    await round();
    users = { count: 270, announced: false };
    expect(await outcome({ shrinkHoldPercent: 15 })).toMatchObject({ outcome: 'applied', rows: 270 });
    users = { count: 240, announced: false };
    expect(await outcome({ shrinkHoldPercent: 5 })).toMatchObject({ outcome: 'held', rows: 270 });
    expect(usersKept()).toBe(270);
  });

  it("the same shrink with the server's total, which the reading agrees with, applies: the reading is proven whole", async () => {
    users = { count: 300, announced: true };
    await round();
    users = { count: 200, announced: true };
    expect(await outcome()).toMatchObject({ outcome: 'applied', rows: 200 });
    expect(usersKept()).toBe(200);
  });

  it('stock and history move by nature: never held for a shrink; a handful gone from a short list is ordinary', () => {
    expect(isUnprovenShrink('items', 300, 200, 5)).toBe(true);
    expect(isUnprovenShrink('locations', 1000, 900, 5)).toBe(true);
    expect(isUnprovenShrink('inventory', 300, 200, 5)).toBe(false);
    expect(isUnprovenShrink('history', 300, 200, 5)).toBe(false);
    expect(isUnprovenShrink('carriers', 12, 7, 5)).toBe(false);
  });
});
