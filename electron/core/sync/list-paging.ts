// Paging of a list, learned from the server's first answer and remembered per dataset: Spring's
// `Page` (`content`, `number`, `totalPages`, `last`) and any `page`/`size` paging, `offset`/`limit`,
// a `Link: <...>; rel="next"` header, a `next` URL (`next`, `_links.next.href`, `links.next`) or a
// cursor (`nextPageToken`, `nextCursor`). A dataset's snapshot is all of its pages: when they do not
// add up (the total changed while they were read, a record came twice, more records than announced,
// a page other than the one asked for, more pages than MAX_PAGES), the reading fails and nothing of
// it is applied. Each page is asked with its own ETag where the last complete reading kept one
// (page-etags.ts): a page answered 304 is rebuilt from the stored records, and when every page is,
// the list is unchanged.
import { AisleError } from '../../contract/errors.ts';
import type { StreamResponse } from '../api/json-stream-request.ts';
import type { ReadDb, WriteDb } from '../db/connection.ts';
import { getMeta } from '../db/read/meta.ts';
import { putMeta } from '../db/write/meta.ts';
import { rebuiltAnswer, type AskPage, type KeptPage, type RebuildPage } from './page-etags.ts';

export const DEFAULT_PAGE_SIZE = 1000;
/** A guard against a server whose pages never end: far past any real list at the usual page sizes. */
export const DEFAULT_MAX_PAGES = 10_000;

export type Paging =
  /** `page` (0- or 1-based, as the server counts: `first`) and `size` query parameters. */
  | { style: 'page'; first: number }
  | { style: 'offset' }
  /** The server says where the next page is: a Link header, a `next` URL, or a cursor. */
  | { style: 'link' | 'next' | 'cursor' };

/** What a dataset's last complete reading learned (meta `list_reading:<dataset_id>`, written with its data). */
export interface ReadingMemory {
  /** The dataset it was learned for: a dataset id used again for another never inherits it. */
  key: string;
  paging: Paging | null;
  /** Pages the last complete reading had. */
  pages: number;
  /** Bytes of its bodies (the deadline of a request grows with them). */
  bytes: number;
  /** Its pages, each with its ETag, when it had several and every one gave an ETag (page-etags.ts). */
  kept?: KeptPage[];
}

const memoryKey = (datasetId: number) => `list_reading:${datasetId}`;

export function readMemory(db: ReadDb, datasetId: number, key: string): ReadingMemory | null {
  const text = getMeta(db, memoryKey(datasetId));
  if (!text) return null;
  try {
    const memory = JSON.parse(text) as ReadingMemory;
    return memory.key === key ? memory : null;
  } catch {
    return null;
  }
}

export function writeMemory(db: WriteDb, datasetId: number, memory: ReadingMemory): void {
  putMeta(db, memoryKey(datasetId), JSON.stringify(memory));
}

/** One page as read: the envelope's fields, how many records it had, its Link header. */
export interface PageAnswer {
  fields: Readonly<Record<string, unknown>>;
  received: number;
  link: string | null;
  /** The envelope field its records came in, null for a bare array (a page kept to be rebuilt needs it). */
  recordsField?: string | null;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const obj = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** The URL of `rel="next"` in a Link header, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2])) return match[1];
  }
  return null;
}

/** What an answer says of its paging, whatever names it uses. */
function describe(answer: PageAnswer) {
  const f = answer.fields;
  const page = obj(f.page); // Spring HATEOAS: page: { size, totalElements, totalPages, number }
  const links = obj(f.links);
  const nextUrl =
    nextLink(answer.link) ??
    (typeof f.next === 'string' && /^(https?:\/\/|\/|\?)/i.test(f.next) ? f.next : null) ??
    str(obj(obj(f._links)?.next)?.href) ??
    str(links?.next) ??
    str(obj(links?.next)?.href);
  const cursor = str(f.nextPageToken) ?? str(f.nextCursor) ?? str(f.next_cursor) ?? (typeof f.next === 'string' && nextUrl === null ? str(f.next) : null);
  return {
    via: nextLink(answer.link) !== null ? ('link' as const) : nextUrl !== null ? ('next' as const) : cursor !== null ? ('cursor' as const) : null,
    nextUrl,
    cursor,
    cursorParam: str(f.nextPageToken) ? 'pageToken' : 'cursor',
    total: num(f.totalElements) ?? num(f.total) ?? num(f.totalCount) ?? num(f.total_count) ?? num(f.totalResults) ?? num(page?.totalElements) ?? (nextUrl !== null ? num(f.count) : null),
    number: num(f.number) ?? num(page?.number) ?? num(f.page) ?? num(f.pageNumber),
    totalPages: num(f.totalPages) ?? num(page?.totalPages),
    size: num(f.size) ?? num(page?.size) ?? num(f.pageSize) ?? num(f.per_page),
    last: bool(f.last),
    hasMore: bool(f.hasMore) ?? bool(f.has_more),
    offset: num(f.offset),
    limit: num(f.limit),
  };
}

function withQuery(path: string, query: Record<string, string | number>): string {
  const url = new URL(path, 'http://list.invalid');
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return `${url.pathname}${url.search}`;
}

export interface ListPagesOptions {
  baseUrl: string;
  path: string;
  memory: ReadingMemory | null;
  pageSize?: number;
  maxPages?: number;
  /** Rebuilds a page kept with its ETag from the stored records; without it, no page is asked with its ETag. */
  rebuild?: RebuildPage;
}

/**
 * The pages of one reading of a dataset: the first request's path, and after each page the next
 * one's, or null after the last.
 */
export class ListPages {
  #pages = 0;
  #received = 0;
  #paging: Paging | null;
  #total: number | null = null;
  #expectNumber: number | null = null;
  #ids = new Map<string, number>();
  readonly #base: string;
  readonly #baseUrl: string;
  readonly #origin: string;
  readonly #pageSize: number;
  readonly #maxPages: number;
  readonly #options: ListPagesOptions;
  /** The last complete reading's pages with their ETags, when they can be rebuilt; else null. */
  readonly #kept: KeptPage[] | null;
  readonly #rebuild: RebuildPage | null;
  /** Pages the server answered 304 while the first one's 304 was checked: rebuilt without asking again. */
  #unchanged = new Set<number>();
  #reused = 0;
  /** The page being read: what asked for it, its ETag, its records' ids (null once one has none). */
  #current: { path: string; etag: string | null; ids: string[] | null } | null = null;
  /** This reading's pages, to be kept; null once one of them cannot be. */
  #read: KeptPage[] | null = [];

  constructor(o: ListPagesOptions) {
    this.#options = o;
    this.#base = o.path;
    this.#baseUrl = o.baseUrl.replace(/\/+$/, '');
    this.#origin = new URL(o.baseUrl).origin;
    this.#paging = o.memory?.paging ?? null;
    this.#pageSize = o.pageSize ?? DEFAULT_PAGE_SIZE;
    this.#maxPages = o.maxPages ?? DEFAULT_MAX_PAGES;
    this.#rebuild = o.rebuild ?? null;
    this.#kept = this.#rebuild && o.memory?.kept && o.memory.kept.length > 1 ? o.memory.kept : null;
  }

  /** The same reading from its start, with no page of the last one reused. */
  withoutReuse(): ListPages {
    return new ListPages({ ...this.#options, rebuild: undefined });
  }

  /** Pages of this reading rebuilt from the mirror (the server answered 304 for them). */
  get reused(): number {
    return this.#reused;
  }

  /**
   * Asks for the next page (the first: `firstPath()`), with its own ETag when the last reading kept
   * this page asked the same way; `etag` is the first page's otherwise (a list of one page). A
   * page answered 304 is rebuilt from the stored records. When the first is, every other kept page
   * is asked with its ETag at once: all 304 and the answer is the first's 304 (the list is
   * unchanged); else the first page rebuilt, and the reading goes on page by page.
   */
  async open(path: string, ask: AskPage, etag: string | null = null): Promise<StreamResponse> {
    const index = this.#pages;
    if (index === 0) this.#unchanged.clear();
    this.#current = { path, etag: null, ids: [] };
    const kept = this.#kept?.[index]?.path === path ? this.#kept[index] : null;
    if (kept && this.#unchanged.has(index)) return this.#reuse(kept, path, ask);
    const answer = await ask(path, kept ? kept.etag : this.#kept ? null : etag);
    if (answer.status === 200) this.#current.etag = answer.etag;
    if (answer.status !== 304 || !kept) return answer;
    if (index === 0) {
      for (let i = 1; i < this.#kept!.length; i++) {
        const other = await ask(this.#kept![i].path, this.#kept![i].etag);
        if (other.status === 304) {
          this.#unchanged.add(i);
          continue;
        }
        // changed: read in its turn, after the pages before it
        other.body.destroy();
        return this.#reuse(kept, path, ask);
      }
      return answer;
    }
    return this.#reuse(kept, path, ask);
  }

  /** A page the server said is unchanged, from the mirror; asked again in full when a record of it is gone. */
  async #reuse(kept: KeptPage, path: string, ask: AskPage): Promise<StreamResponse> {
    const body = this.#rebuild!(kept);
    if (body === null) {
      const answer = await ask(path, null);
      if (answer.status === 200) this.#current!.etag = answer.etag;
      return answer;
    }
    this.#reused++;
    this.#current!.etag = kept.etag;
    return rebuiltAnswer(kept, body);
  }

  /**
   * The first page: the plain path, or with the page size when the server showed it pages (a
   * server that never paged is never sent parameters it may not know).
   */
  firstPath(): string {
    if (this.#paging?.style === 'page') return withQuery(this.#base, { page: this.#paging.first, size: this.#pageSize });
    if (this.#paging?.style === 'offset') return withQuery(this.#base, { offset: 0, limit: this.#pageSize });
    return this.#base;
  }

  /** The server's total for the list, as its first page announced it; null while none did. */
  get announcedTotal(): number | null {
    return this.#total;
  }

  /** Pages read so far. */
  get pages(): number {
    return this.#pages;
  }

  /** What to remember once the reading is applied. */
  memory(key: string, bytes: number): ReadingMemory {
    const kept = this.#pages > 1 && this.#read !== null && this.#read.length === this.#pages ? { kept: this.#read } : {};
    return { key, paging: this.#paging, pages: this.#pages, bytes, ...kept };
  }

  /**
   * A record of this page was left out as the server sent it (its last good version, if stored,
   * kept in its place): the page cannot be rebuilt from its records' ids, so it is not kept.
   */
  leftOut(): void {
    if (this.#current) this.#current.ids = null;
  }

  /** A record of the reading: one whose id came on an earlier page means the pages shifted under it. */
  seeRecord(bytes: Buffer): void {
    const id = recordId(bytes);
    if (this.#current?.ids) {
      if (id === null) this.#current.ids = null;
      else this.#current.ids.push(id);
    }
    if (id === null) return; // the applier says what is wrong with it
    const page = this.#ids.get(id);
    if (page !== undefined && page !== this.#pages) {
      throw this.#fail(`the record ${JSON.stringify(id.slice(0, 80))} came on page ${page + 1} and again on page ${this.#pages + 1}: the list changed while it was read page by page`);
    }
    this.#ids.set(id, this.#pages);
  }

  /** After a page was read whole: the next page's path (or absolute URL on the same server), or null after the last. */
  next(answer: PageAnswer): string | null {
    this.#keep(answer);
    const d = describe(answer);
    const pageNo = this.#pages++;
    this.#received += answer.received;
    if (pageNo === 0) {
      this.#total = d.total;
      if (d.via !== null) this.#paging = { style: d.via };
      else if (d.number !== null && (d.totalPages !== null || d.size !== null || d.last !== null || d.total !== null)) this.#paging = { style: 'page', first: d.number };
      else if (d.offset !== null && d.limit !== null) this.#paging = { style: 'offset' };
      else this.#paging = null;
    } else {
      if (d.total !== null && this.#total !== null && d.total !== this.#total) throw this.#fail(`the total changed from ${this.#total} to ${d.total} between pages: the list changed while it was read page by page`);
      if (this.#expectNumber !== null && d.number !== null && d.number !== this.#expectNumber) throw this.#fail(`page ${this.#expectNumber} was asked for and the server answered page ${d.number}`);
    }
    if (this.#total !== null && this.#received > this.#total) throw this.#fail(`${this.#received} records came where the server announced ${this.#total}`);
    const next = this.#nextPath(d, answer.received);
    if (next !== null && this.#pages >= this.#maxPages) throw this.#fail(`the server still had more after ${this.#maxPages} pages (Aisle reads at most that many)`);
    return next;
  }

  /** The page just read, kept for the next reading when it gave an ETag and every record of it an id. */
  #keep(answer: PageAnswer): void {
    const current = this.#current;
    this.#current = null;
    if (this.#read === null) return;
    if (!current?.etag || current.ids === null || current.ids.length !== answer.received || answer.recordsField === undefined) {
      this.#read = null;
      return;
    }
    this.#read.push({ path: current.path, etag: current.etag, fields: { ...answer.fields }, recordsField: answer.recordsField, link: answer.link, ids: current.ids });
  }

  #nextPath(d: ReturnType<typeof describe>, received: number): string | null {
    const paging = this.#paging;
    if (paging === null) {
      if (d.hasMore === true) throw this.#fail('the server says it has more records but not how to ask for them');
      return null;
    }
    const done = d.last === true || d.hasMore === false || (this.#total !== null && this.#received >= this.#total);
    if (paging.style === 'link' || paging.style === 'next' || paging.style === 'cursor') {
      if (done) return null;
      if (paging.style === 'cursor') return d.cursor === null ? null : withQuery(this.#base, { [d.cursorParam]: d.cursor });
      return d.nextUrl === null ? null : this.#sameServer(d.nextUrl);
    }
    // counted pages: an empty page, or one shorter than the page size, is the last too
    if (done || received === 0) return null;
    if (paging.style === 'page') {
      const number = d.number ?? this.#expectNumber ?? paging.first;
      if (d.totalPages !== null && number + 1 - paging.first >= d.totalPages) return null;
      const size = d.size ?? this.#pageSize;
      if (d.totalPages === null && this.#total === null && d.last === null && received < size) return null;
      this.#expectNumber = number + 1;
      return withQuery(this.#base, { page: number + 1, size });
    }
    const limit = d.limit ?? this.#pageSize;
    if (this.#total === null && d.hasMore === null && received < limit) return null;
    return withQuery(this.#base, { offset: (d.offset ?? 0) + received, limit });
  }

  /**
   * A next page on the same server only (the session's token must never go to another): as a path
   * under the base URL, as the first was asked for, or whole when it is elsewhere on that server.
   */
  #sameServer(next: string): string {
    const url = new URL(next, `${this.#baseUrl}${this.#base}`);
    if (url.origin !== this.#origin) throw this.#fail(`the next page is on another server (${url.origin}), where Aisle does not send the session`);
    return url.href.startsWith(`${this.#baseUrl}/`) ? url.href.slice(this.#baseUrl.length) : url.href;
  }

  #fail(why: string): AisleError {
    return new AisleError('bad_response', `The pages do not add up: ${why}. Nothing of this reading was applied; the data kept is the last complete one.`);
  }
}

const ID_PREFIX = Buffer.from('{"id":');

/** The id of a record that starts `{"id":"<plain characters>"`, without parsing it; else null. */
export function leadingId(record: Buffer | string): string | null {
  const bytes = typeof record === 'string' ? Buffer.from(record) : record;
  if (bytes.length > ID_PREFIX.length + 2 && bytes.compare(ID_PREFIX, 0, ID_PREFIX.length, 0, ID_PREFIX.length) === 0 && bytes[ID_PREFIX.length] === 0x22) {
    const end = bytes.indexOf(0x22, ID_PREFIX.length + 1);
    const backslash = bytes.indexOf(0x5c, ID_PREFIX.length + 1);
    if (end > 0 && (backslash === -1 || backslash > end)) return bytes.toString('utf8', ID_PREFIX.length + 1, end);
  }
  return null;
}

/** A record's id: read from its first bytes when it starts with it (the usual record), else parsed. */
export function recordId(bytes: Buffer): string | null {
  const quick = leadingId(bytes);
  if (quick !== null) return quick;
  try {
    const id = (JSON.parse(bytes.toString('utf8')) as { id?: unknown }).id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}
