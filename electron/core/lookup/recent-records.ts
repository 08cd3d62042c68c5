// The records a user opened lately on this workstation, so that the one they come back to is a tap
// away (the search box, empty, and the start screen list them). Kept per (server, e-mail) in
// `recent-records.json` (mode 0600) as list and id only: what is shown is read from the mirror each
// time, so it is as fresh as the mirror, and a record the server deleted drops out. The main thread
// never writes the mirror (sync does, from its worker), hence a file beside it.
import path from 'node:path';
import { z } from 'zod';
import { AisleError } from '../../contract/errors.ts';
import type { RecentRecord } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import type { MirrorIdentity } from '../ports.ts';
import { readUsersFile, userKey, writeJsonFile } from '../shared/json-file.ts';
import { listDef } from './list-registry.ts';
import { hitsOfRecords, type RecordRef, type SearchOptions } from './search.ts';

export const RECENT_FILE = 'recent-records.json';
/** Kept per user: what the search box shows without scrolling. */
export const RECENT_KEPT = 12;
/** Someone who opened nothing here for this long is forgotten: the file does not keep everyone who ever signed in. */
export const RECENT_FORGOTTEN_AFTER_DAYS = 90;

const openedSchema = z.strictObject({ list: z.string().min(1).max(64), id: z.string().min(1).max(200), at: z.iso.datetime({ offset: true }) });
type Opened = z.infer<typeof openedSchema>;

export interface RecentRecords {
  list(db: ReadDb, identity: MirrorIdentity, options: SearchOptions): RecentRecord[];
  /** Puts the record first; refuses one that is not in the mirror, or of a list with no page of its own. */
  add(db: ReadDb, identity: MirrorIdentity, record: { list: string; id: string }, options: SearchOptions): RecentRecord[];
  clear(identity: MirrorIdentity): RecentRecord[];
}

export function createRecentRecords(dataDir: string): RecentRecords {
  const file = path.join(dataDir, RECENT_FILE);
  const key = (identity: MirrorIdentity) => userKey(identity.server, identity.email);
  /** The user's entries as stored; entries of a damaged or hand-edited file that do not parse are left out. */
  const load = (identity: MirrorIdentity): Opened[] => {
    const stored = readUsersFile<unknown>(file).users[key(identity)];
    return Array.isArray(stored) ? stored.flatMap((entry) => (openedSchema.safeParse(entry).success ? [entry as Opened] : [])) : [];
  };
  const save = (identity: MirrorIdentity, entries: Opened[], now: Date) => {
    const data = readUsersFile<unknown>(file);
    const since = now.getTime() - RECENT_FORGOTTEN_AFTER_DAYS * 86_400_000;
    for (const [user, stored] of Object.entries(data.users)) if (!openedSince(stored, since)) delete data.users[user];
    if (entries.length) data.users[key(identity)] = entries;
    else delete data.users[key(identity)];
    writeJsonFile(file, data);
  };
  const shown = (db: ReadDb, entries: Opened[], options: SearchOptions): RecentRecord[] => {
    const refs = entries.flatMap((e) => {
      const table = tableOf(e.list);
      return table ? [{ table, list: e.list, id: e.id, at: e.at }] : [];
    });
    return hitsOfRecords(db, refs, options).flatMap((hit, i) => {
      if (!hit) return [];
      const { match: _match, field: _field, ...shownHit } = hit;
      return [{ ...shownHit, openedAt: refs[i]!.at }];
    });
  };

  return {
    list: (db, identity, options) => shown(db, load(identity), options),

    add(db, identity, record, options) {
      const table = tableOf(record.list);
      if (!table) throw new AisleError('invalid_argument', `A record of ${record.list} has no page to come back to.`);
      const [hit] = hitsOfRecords(db, [{ table, list: record.list, id: record.id }], options);
      if (!hit) throw new AisleError('not_found', `No such record in the offline data (${record.list}).`);
      const at = (options.now ?? new Date()).toISOString();
      const others = load(identity).filter((e) => !(e.list === record.list && e.id === record.id));
      const entries = [{ list: record.list, id: record.id, at }, ...others].slice(0, RECENT_KEPT);
      save(identity, entries, options.now ?? new Date());
      return shown(db, entries, options);
    },

    clear(identity) {
      if (readUsersFile<unknown>(file).users[key(identity)] !== undefined) save(identity, [], new Date());
      return [];
    },
  };
}

/** Whether a user's stored entries hold one opened at `since` or later (a damaged list holds none). */
function openedSince(stored: unknown, since: number): boolean {
  return Array.isArray(stored) && stored.some((entry) => openedSchema.safeParse(entry).success && Date.parse((entry as Opened).at) >= since);
}

/** The table of a list whose records have a page (items, locations, other lists); null for stock and history rows. */
function tableOf(list: string): RecordRef['table'] | null {
  const table = listDef(list).table;
  return table === 'items' || table === 'locations' || table === 'records' ? table : null;
}
