// ETags per page of a list that pages. A page's ETag vouches for that page only (a server that
// pages usually hashes each page's body: Spring's ShallowEtagHeaderFilter does), so each page of a
// list's last complete reading is kept with what asked for it (its path: page number, offset or
// cursor), its ETag, and what rebuilds it: its envelope's fields, its Link header and the ids of its
// records in order. Records are stored raw, so a page the server answers 304 is rebuilt from the
// stored records, byte for byte as they came, and goes through the same reading as a downloaded
// one: a snapshot stays every page or nothing, applied in one transaction.
import { Readable } from 'node:stream';
import type { StreamResponse } from '../api/json-stream-request.ts';
import type { ReadDb } from '../db/handles.ts';
import { storedRaw } from '../db/read/list-rows.ts';
import { TABLES, type TableName } from '../mirror/record-tables.ts';

/** One page of a list's last complete reading, kept to be asked with its ETag and rebuilt on a 304. */
export interface KeptPage {
  /** What asked for it (path and query, or an absolute URL on the same server). */
  path: string;
  etag: string;
  /** The envelope's fields other than the records (paging); empty for a bare array. */
  fields: Record<string, unknown>;
  /** The envelope field the records came in; null for a bare array. */
  recordsField: string | null;
  link: string | null;
  /** The total its headers gave. */
  total?: number | null;
  /** Its records' ids, in the order they came. */
  ids: string[];
}

/** Asks for one page, with an ETag or without. */
export type AskPage = (path: string, etag: string | null) => Promise<StreamResponse>;

/** Rebuilds a kept page from its stored records; null when one of them is no longer stored as it came. */
export type RebuildPage = (page: KeptPage) => Buffer | null;

/**
 * A page's body made again from a dataset's stored records: null when a record is missing or is
 * stored under that id from another record (the page is then read from the server again).
 */
export function pageRebuilder(db: ReadDb, table: TableName, datasetId: number, idOf: (raw: Buffer) => string | null): RebuildPage {
  return (page) => {
    const records: string[] = [];
    for (const id of page.ids) {
      const text = storedRaw(db, TABLES[table].name, datasetId, id);
      if (typeof text !== 'string' || idOf(Buffer.from(text)) !== id) return null;
      records.push(text);
    }
    const array = `[${records.join(',')}]`;
    if (page.recordsField === null) return Buffer.from(array);
    const fields = JSON.stringify(page.fields).slice(1, -1);
    return Buffer.from(`{${JSON.stringify(page.recordsField)}:${array}${fields ? `,${fields}` : ''}}`);
  };
}

/** A page rebuilt from the mirror, as an answer of the server's: the body it sent when its ETag was given. */
export function rebuiltAnswer(page: KeptPage, body: Buffer): StreamResponse {
  return { status: 200, etag: page.etag, body: Readable.from([body]), contentLength: body.length, serverDate: null, link: page.link, total: page.total ?? null };
}
