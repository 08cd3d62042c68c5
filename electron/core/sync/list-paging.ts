// Paging of a list, learned from the server's first answer and remembered per dataset: Spring's
// `Page` (`content`, `number`, `totalPages`, `last`) and any `page`/`size` paging, `offset`/`limit`,
// a `Link: <...>; rel="next"` header, a next URL under any common name (Django's `next`, Laravel's
// `next_page_url`, `@odata.nextLink`, `_links.next.href`, `links.next`) or a cursor (`nextPageToken`,
// `next_cursor`, `meta.next_cursor`, `cursor.next`...). A dataset's snapshot is all of its pages, and
// only when proven whole: every total (in the body, or `X-Total-Count`/`Content-Range`), page count
// and last/hasMore flag the server gives must agree with what came. When they do not (fewer records
// than announced, an empty or short page before the announced end, "more" with no way to ask for
// it, the total changed while they were read, a record came twice, more records than announced, a
// page other than the one asked for, more pages than MAX_PAGES), the reading fails in words and
// nothing of it is applied. Each page is asked with its own ETag where the last complete reading kept one
// (page-etags.ts): a page answered 304 is rebuilt from the stored records, and when every page is,
// the list is unchanged.
import { AisleError } from '../../contract/errors.ts';
import type { StreamResponse } from '../api/json-stream-request.ts';
import type { ReadDb, WriteDb } from '../db/handles.ts';
import { listReading } from '../db/read/datasets.ts';
import { markListReading } from '../db/write/datasets.ts';
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

/** What a dataset's last complete reading learned (kept with its data by db/write/datasets.ts: markListReading). */
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
  /** The envelope field its records came in (`content`, `data.items`), null for a bare array; absent when not known. */
  envelope?: string | null;
}

export function readMemory(db: ReadDb, datasetId: number, key: string): ReadingMemory | null {
  const text = listReading(db, datasetId);
  if (!text) return null;
  try {
    const memory = JSON.parse(text) as ReadingMemory;
    return memory.key === key ? memory : null;
  } catch {
    return null;
  }
}

export function writeMemory(db: WriteDb, datasetId: number, memory: ReadingMemory): void {
  markListReading(db, datasetId, JSON.stringify(memory));
}

/** One page as read: the envelope's fields, how many records it had, its Link header. */
export interface PageAnswer {
  fields: Readonly<Record<string, unknown>>;
  received: number;
  link: string | null;
  /** The total its headers gave (`X-Total-Count`, `Content-Range: items 0-99/1234`), when they gave one. */
  headerTotal?: number | null;
  /** The envelope field its records came in, null for a bare array (a page kept to be rebuilt needs it). */
  recordsField?: string | null;
  /** Where its records came, one level down too (`data.items`), null for a bare array: what the probe reports. */
  envelope?: string | null;
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

/** A field of an object by its path (`meta.pagination.total`), or undefined. */
function at(fields: Readonly<Record<string, unknown>>, path: string): unknown {
  // a name with a dot in it (`@odata.nextLink`) is a field of its own
  if (Object.hasOwn(fields, path)) return fields[path];
  let value: unknown = fields;
  for (const name of path.split('.')) {
    const o = obj(value);
    if (o === null || !Object.hasOwn(o, name)) return undefined;
    value = o[name];
  }
  return value;
}

/** The first of the paths that holds a value `pick` accepts: that value and the path it was under. */
function first<T>(fields: Readonly<Record<string, unknown>>, paths: readonly string[], pick: (value: unknown) => T | null): { value: T; name: string } | null {
  for (const name of paths) {
    const value = pick(at(fields, name));
    if (value !== null) return { value, name };
  }
  return null;
}

/** A whole number of at least 0 (a count), also as a string of digits: some servers quote their totals. */
const count = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : num(value);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
};

/** A URL of a next page: absolute, a path or a query; `{href}` (HAL, JSON:API links) too. */
const url = (value: unknown): string | null => {
  const text = str(value) ?? str(obj(value)?.href);
  return text !== null && /^(https?:\/\/|\/|\?)/i.test(text) ? text : null;
};

/** Names of the total count of records: in the body, as the usual paginators name it. */
const TOTAL_FIELDS = ['totalElements', 'total', 'totalCount', 'total_count', 'totalResults', 'total_results', '@odata.count', 'odata.count', 'meta.total', 'meta.totalCount', 'meta.total_count', 'meta.pagination.total', 'meta.page.total', 'page.totalElements', 'pagination.total', 'pagination.totalCount'];
/** Names of the number of pages (counted from the first, whatever it is numbered). */
const PAGES_FIELDS = ['totalPages', 'total_pages', 'pageCount', 'page_count', 'last_page', 'lastPage', 'meta.last_page', 'meta.totalPages', 'meta.total_pages', 'meta.pagination.total_pages', 'meta.pagination.last_page', 'page.totalPages', 'pagination.totalPages', 'pagination.total_pages', 'pagination.last_page'];
const NUMBER_FIELDS = ['number', 'page.number', 'page', 'pageNumber', 'page_number', 'current_page', 'currentPage', 'meta.current_page', 'meta.pagination.current_page', 'pagination.page', 'pagination.current_page'];
const SIZE_FIELDS = ['size', 'page.size', 'pageSize', 'page_size', 'per_page', 'perPage', 'meta.per_page', 'meta.pagination.per_page', 'pagination.per_page', 'pagination.pageSize'];
/** A URL of the next page. */
const NEXT_URL_FIELDS = ['next', 'next_page_url', 'nextPageUrl', '@odata.nextLink', 'odata.nextLink', '_links.next', 'links.next', 'meta.next', 'pagination.next', 'paging.next'];
/** A token or cursor of the next page, and the query parameter it goes back in. */
const CURSOR_FIELDS: readonly (readonly [string, string])[] = [
  ['nextPageToken', 'pageToken'],
  ['next_page_token', 'page_token'],
  ['nextCursor', 'cursor'],
  ['next_cursor', 'cursor'],
  ['meta.next_cursor', 'cursor'],
  ['meta.nextCursor', 'cursor'],
  ['cursor.next', 'cursor'],
  ['cursors.next', 'cursor'],
  ['paging.cursors.after', 'after'],
];
/** Flags: true when this is the last page (`last`), or when more follow (`hasMore`...). */
const LAST_FIELDS = ['last', 'isLast', 'is_last', 'page.last'];
const MORE_FIELDS = ['hasMore', 'has_more', 'hasNext', 'has_next', 'hasNextPage', 'has_next_page', 'more', 'meta.has_more', 'meta.hasMore', 'meta.pagination.has_more', 'pagination.hasMore', 'pagination.has_more', 'pageInfo.hasNextPage'];

/** What an answer says of its paging, whatever names it uses. */
function describe(answer: PageAnswer) {
  // the fields beside records nested a level down (`{"data": {"items": [...], "total": 5}}`) count as the envelope's
  const f = { ...obj(answer.fields.result), ...obj(answer.fields.response), ...obj(answer.fields.data), ...answer.fields };
  const header = nextLink(answer.link);
  const nextField = first(f, NEXT_URL_FIELDS, url);
  const nextUrl = header ?? nextField?.value ?? null;
  // a `next` that is no URL is a cursor (some servers name their cursor `next`)
  const cursorField = first(f, CURSOR_FIELDS.map(([name]) => name), str) ?? (nextUrl === null && str(f.next) !== null ? { value: str(f.next)!, name: 'next' } : null);
  const cursorParam = CURSOR_FIELDS.find(([name]) => name === cursorField?.name)?.[1] ?? 'cursor';
  // Django's `count` (beside `next`/`previous`) is its total; elsewhere a `count` may be the page's own
  const django = Object.hasOwn(f, 'next') || Object.hasOwn(f, 'previous');
  const total = first(f, django ? [...TOTAL_FIELDS, 'count'] : TOTAL_FIELDS, count) ?? (answer.headerTotal != null ? { value: answer.headerTotal, name: 'the total in its headers' } : null);
  const lastFlag = first(f, LAST_FIELDS, bool);
  const moreFlag = first(f, MORE_FIELDS, bool);
  return {
    via: header !== null ? ('link' as const) : nextUrl !== null ? ('next' as const) : cursorField !== null ? ('cursor' as const) : null,
    nextUrl,
    cursor: cursorField?.value ?? null,
    cursorParam,
    total: total?.value ?? null,
    totalName: total?.name ?? null,
    number: first(f, NUMBER_FIELDS, count)?.value ?? null,
    totalPages: first(f, PAGES_FIELDS, count),
    size: first(f, SIZE_FIELDS, count)?.value ?? null,
    last: lastFlag?.value ?? null,
    hasMore: moreFlag?.value ?? null,
    /** The flag that says more pages follow, in the server's words (`last: false`), or null. */
    saysMore: moreFlag?.value === true ? `${moreFlag.name}: true` : lastFlag?.value === false ? `${lastFlag.name}: false` : null,
    offset: num(f.offset) ?? num(at(f, 'meta.offset')) ?? num(at(f, 'pagination.offset')),
    limit: num(f.limit) ?? num(at(f, 'meta.limit')) ?? num(at(f, 'pagination.limit')),
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
  /** A record's id, as the list names it (record-id.ts); `id` alone when not given. */
  idOf?: (bytes: Buffer) => string | null;
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
  /** Where the total was said (`totalElements`, `meta.total`, the headers), for the words of a failure. */
  #totalName: string | null = null;
  /** Records on the first page: the page size a server that does not say it pages by. */
  #firstCount = 0;
  /** The first page's envelope field, as PageAnswer.envelope; undefined when not told. */
  #envelope: string | null | undefined = undefined;
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

  /** Where that total was said (`totalElements`, `X-Total-Count`...), for the words of a failure; null while none was. */
  get announcedTotalName(): string | null {
    return this.#totalName;
  }

  /** Records read so far, on every page. */
  get received(): number {
    return this.#received;
  }

  /** Pages read so far. */
  get pages(): number {
    return this.#pages;
  }

  /** What to remember once the reading is applied. */
  memory(key: string, bytes: number): ReadingMemory {
    const kept = this.#pages > 1 && this.#read !== null && this.#read.length === this.#pages ? { kept: this.#read } : {};
    const envelope = this.#envelope === undefined ? {} : { envelope: this.#envelope };
    return { key, paging: this.#paging, pages: this.#pages, bytes, ...kept, ...envelope };
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
    const id = (this.#options.idOf ?? recordId)(bytes);
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

  /**
   * After a page was read whole: the next page's path (or absolute URL on the same server), or null
   * after the last. Every figure the server gave must agree with what came: a reading that ends
   * short of its announced total, on an empty or short page while more are announced, or where the
   * server says there is more and gives no way to ask for it, fails in words.
   */
  next(answer: PageAnswer): string | null {
    this.#keep(answer);
    const d = describe(answer);
    const pageNo = this.#pages++;
    this.#received += answer.received;
    if (pageNo === 0) {
      this.#total = d.total;
      this.#totalName = d.totalName;
      this.#firstCount = answer.received;
      this.#envelope = answer.envelope;
      if (d.via !== null) this.#paging = { style: d.via };
      else if (d.number !== null && (d.totalPages !== null || d.size !== null || d.last !== null || d.total !== null)) this.#paging = { style: 'page', first: d.number };
      else if (d.offset !== null && d.limit !== null) this.#paging = { style: 'offset' };
      else this.#paging = null;
    } else {
      if (d.total !== null && this.#total !== null && d.total !== this.#total) throw this.#fail(`the total changed from ${this.#total} to ${d.total} between pages: the list changed while it was read page by page`);
      if (this.#total === null && d.total !== null) {
        this.#total = d.total;
        this.#totalName = d.totalName;
      }
      if (this.#expectNumber !== null && d.number !== null && d.number !== this.#expectNumber) throw this.#fail(`page ${this.#expectNumber} was asked for and the server answered page ${d.number}`);
    }
    if (this.#total !== null && this.#received > this.#total) throw this.#fail(`${this.#received} records came where the server announced ${this.#total} (${this.#totalName})`);
    const next = this.#nextPath(d, answer.received);
    if (next === null) this.#checkWhole(d, answer.received);
    if (next !== null && this.#pages >= this.#maxPages) throw this.#fail(`the server still had more after ${this.#maxPages} pages (Aisle reads at most that many)`);
    return next;
  }

  /** The reading ends here: whole only when nothing the server said announces more. */
  #checkWhole(d: ReturnType<typeof describe>, received: number): void {
    const page = `page ${this.#pages}`;
    if (this.#total !== null && this.#received < this.#total) {
      const how = received === 0 && this.#pages > 1 ? `${page} came empty` : `the pages ended at ${page}`;
      throw this.#fail(`${how} with ${this.#received} records where the server announced ${this.#total} (${this.#totalName})`);
    }
    if (d.saysMore !== null) {
      throw this.#fail(`${page} says more records follow (${d.saysMore}) but gives no next page Aisle knows how to ask for (no Link rel=next, next URL, page number or cursor)`);
    }
    const pages = d.totalPages;
    if (pages !== null && this.#paging?.style === 'page' && d.number !== null) {
      const read = d.number + 1 - this.#paging.first;
      if (read < pages.value) throw this.#fail(`the pages ended at ${page} (${page} ${received === 0 ? 'came empty' : `held ${received} records`}) where the server announced ${pages.value} pages (${pages.name})`);
    }
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
    this.#read.push({ path: current.path, etag: current.etag, fields: { ...answer.fields }, recordsField: answer.recordsField, link: answer.link, total: answer.headerTotal ?? null, ids: current.ids });
  }

  #nextPath(d: ReturnType<typeof describe>, received: number): string | null {
    const paging = this.#paging;
    if (paging === null) return null;
    // the total reached while a flag says more: the two disagree, and the next page settles it
    // (records on it are more than announced; an empty one ends the list)
    const reached = this.#total !== null && this.#received >= this.#total;
    const done = d.last === true || d.hasMore === false || (reached && d.saysMore === null);
    if (paging.style === 'link' || paging.style === 'next' || paging.style === 'cursor') {
      // a next page the server offers is asked for even when the total is reached: a total misread
      // (a page's own count) then shows as more records than announced, never as a list cut short
      if (d.last === true || d.hasMore === false || (received === 0 && reached)) return null;
      if (paging.style === 'cursor') return d.cursor === null ? null : withQuery(this.#base, { [d.cursorParam]: d.cursor });
      return d.nextUrl === null ? null : this.#sameServer(d.nextUrl);
    }
    // counted pages: an empty page, or one shorter than the page size, is the last too (then
    // checked against what the server announced)
    if (done || received === 0) return null;
    if (paging.style === 'page') {
      const number = d.number ?? this.#expectNumber ?? paging.first;
      if (d.totalPages !== null && number + 1 - paging.first >= d.totalPages.value) return null;
      const size = d.size ?? this.#pageSize;
      if (d.totalPages === null && this.#total === null && d.last === null && received < size) return null;
      // a short page before the last one announced: the records between it and the next page are skipped
      const pageSize = d.size ?? this.#firstCount;
      if (received < pageSize && !reached) throw this.#fail(`page ${this.#pages} held ${received} records where a page holds ${pageSize}, and the server says more pages follow`);
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
