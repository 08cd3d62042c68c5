// Reading an unknown server's answers: where the records sit, how it pages, which fields are
// probably the id, the code and the barcode, and where the JWT came from.
import { looksLikeJwt } from '../api/token-capture.ts';

const ENVELOPE_KEYS = ['content', 'data', 'items', 'results', 'records', 'rows', 'list', 'value', 'elements', 'entries', 'hits'];

export interface Found {
  envelope: string;
  records: unknown[];
}

/** The record array of a list answer: bare, in a common envelope, a Spring Page, or HAL's `_embedded`. */
export function findRecords(body: unknown): Found | null {
  if (Array.isArray(body)) return { envelope: 'bare', records: body };
  if (body === null || typeof body !== 'object') return null;
  const object = body as Record<string, unknown>;
  if (Array.isArray(object.content) && ('pageable' in object || 'totalPages' in object || 'last' in object)) return { envelope: 'spring-page', records: object.content };
  for (const key of ENVELOPE_KEYS) if (Array.isArray(object[key])) return { envelope: key, records: object[key] };
  const embedded = object._embedded;
  if (embedded && typeof embedded === 'object') {
    const inner = Object.entries(embedded as Record<string, unknown>).find(([, v]) => Array.isArray(v));
    if (inner) return { envelope: `_embedded.${inner[0]}`, records: inner[1] as unknown[] };
  }
  const any = Object.entries(object).find(([, v]) => Array.isArray(v) && v.every((x) => x !== null && typeof x === 'object'));
  return any ? { envelope: any[0], records: any[1] as unknown[] } : null;
}

/** How the answer says there is more (or `none seen`), with the figures it gave. */
export function pagingOf(body: unknown, headers: Headers | null, found: Found): { style: string; note: string } {
  const link = headers?.get('link') ?? '';
  if (/rel="?next"?/i.test(link)) return { style: 'link', note: 'a Link header with rel="next"' };
  const object = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (found.envelope === 'spring-page') return { style: 'page-size', note: `Spring Page: page ${String(object.number)} of ${String(object.totalPages)}, size ${String(object.size)}, ${String(object.totalElements)} in all` };
  for (const key of ['nextCursor', 'next_cursor', 'cursor', 'next', 'nextPageToken', 'continuationToken']) {
    if (key in object && (typeof object[key] === 'string' || object[key] === null)) return { style: 'cursor', note: `a cursor in "${key}"${object[key] === null ? ' (no next page)' : ''}` };
  }
  if ('offset' in object && ('limit' in object || 'total' in object)) return { style: 'offset-limit', note: `offset ${String(object.offset)}, limit ${String(object.limit)}, total ${String(object.total)}` };
  const page = ['page', 'pageNumber', 'number'].find((k) => k in object);
  if (page && ['size', 'pageSize', 'totalPages', 'totalElements', 'total'].some((k) => k in object)) return { style: 'page-size', note: `page ${String(object[page])}, size ${String(object.size ?? object.pageSize)}, ${String(object.totalElements ?? object.total)} in all` };
  const total = Number(headers?.get('x-total-count'));
  if (Number.isFinite(total) && total > found.records.length) return { style: 'unknown', note: `X-Total-Count ${total} but ${found.records.length} records and no way to the next page seen` };
  return { style: 'none', note: 'no paging seen: the whole list in one answer' };
}

const CODE_FIELDS: Record<string, string[]> = {
  items: ['sku', 'itemNumber', 'item_number', 'itemCode', 'item_code', 'partNumber', 'articleNumber', 'code', 'number'],
  locations: ['code', 'locationCode', 'location_code', 'name', 'label'],
};
const DEFAULT_CODE_FIELDS = ['code', 'accountid', 'accountId', 'number', 'ncode', 'name', 'email', 'alias'];
const BARCODE_FIELDS = ['upc', 'ean', 'gtin', 'barcode', 'ean13', 'upcCode', 'upc_code', 'gtin14'];
const ID_FIELDS = ['id', 'uuid', '_id', 'ID', 'Id', 'key'];

function present(records: Record<string, unknown>[], field: string, unique: boolean): boolean {
  const values = records.map((r) => r[field]).filter((v) => (typeof v === 'string' && v !== '') || typeof v === 'number');
  if (values.length < records.length * 0.9) return false;
  return !unique || new Set(values.map(String)).size === values.length;
}

export interface Fields {
  fields: string[];
  idField: string | null;
  codeField: string | null;
  barcodeField: string | null;
}

export function likelyFields(list: string, raw: unknown[]): Fields {
  const records = raw.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r)).slice(0, 500);
  const fields = [...new Set(records.flatMap((r) => Object.keys(r)))];
  if (records.length === 0) return { fields, idField: null, codeField: null, barcodeField: null };
  const idField = ID_FIELDS.find((f) => present(records, f, true)) ?? fields.find((f) => /(^|_)id$|Id$/.test(f) && present(records, f, true)) ?? null;
  const codeField = (CODE_FIELDS[list] ?? DEFAULT_CODE_FIELDS).find((f) => f !== idField && present(records, f, false)) ?? null;
  const barcodeField = BARCODE_FIELDS.find((f) => present(records, f, false)) ?? null;
  return { fields, idField, codeField, barcodeField };
}

/** Where a session answer put the JWT: a response header, a cookie, redirectURL's query or fragment, or a body field. */
export function tokenOf(headers: Headers | null, body: unknown): { token: string; delivery: string } | null {
  if (headers) {
    for (const [name, value] of headers) {
      if (name === 'set-cookie') continue;
      const candidate = value.replace(/^Bearer\s+/i, '').trim();
      if (looksLikeJwt(candidate)) return { token: candidate, delivery: `header ${name}` };
    }
    for (const cookie of headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (eq > 0 && looksLikeJwt(value)) return { token: value, delivery: `cookie ${pair.slice(0, eq).trim()}` };
    }
  }
  if (body === null || typeof body !== 'object') return null;
  const object = body as Record<string, unknown>;
  if (typeof object.redirectURL === 'string') {
    try {
      const url = new URL(object.redirectURL, 'http://redirect.invalid');
      for (const [where, params] of [['query', url.searchParams], ['fragment', new URLSearchParams(url.hash.replace(/^#/, ''))]] as const) {
        for (const [name, value] of params) if (looksLikeJwt(value)) return { token: value, delivery: `redirectURL ${where} ${name}` };
      }
    } catch {
      // not a URL: nothing to find in it
    }
  }
  for (const [name, value] of Object.entries(object)) {
    if (name !== 'refreshToken' && typeof value === 'string' && looksLikeJwt(value)) return { token: value, delivery: `body field ${name}` };
  }
  return null;
}

/** The cookies a Set-Cookie list sets, as one Cookie header ('' for none). */
export function cookieHeader(headers: Headers | null): string {
  if (!headers) return '';
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0].trim())
    .filter((pair) => pair.indexOf('=') > 0 && pair.slice(pair.indexOf('=') + 1) !== '')
    .join('; ');
}
