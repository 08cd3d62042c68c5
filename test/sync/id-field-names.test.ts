// A record whose id is `_id` (MongoDB and the APIs over it) or `@id` (JSON-LD) is stored under that
// id, read in pages whose duplicates are found by it, and mapped as the list's id field.
import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { sendJson, eachTestListServer, USERS, users, usersRound, type ListServer } from './list-server.ts';

let db: WriteDb;
let server: ListServer;

eachTestListServer((opened, started) => {
  db = opened;
  server = started;
});

/** The users with their id under another name. */
const renamedIds = (name: string) => users(5).map(({ id, ...rest }) => ({ [name]: id, ...rest }));

describe('a record id named _id or @id', () => {
  for (const name of ['_id', '@id']) {
    it(`stores every record under its \`${name}\``, async () => {
      server.handle(USERS, (_q, res) => sendJson(res, renamedIds(name)));
      expect(await usersRound(db, server)).toMatchObject({ outcome: 'applied', rows: 5 });
      expect(db.prepare(`SELECT id FROM records WHERE list = 'users' ORDER BY id`).pluck().all()).toEqual(['u-0', 'u-1', 'u-2', 'u-3', 'u-4']);
    });
  }
});
