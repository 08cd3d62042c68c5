// How a profile answers with a list: bare or in an envelope, whole or a page at a time (page/size,
// offset/limit, a Link header, or a cursor). The default profile streams the bare array as always.
import { badRequest } from '../http/errors.ts';
import { etagOf, matchesIfNoneMatch, sendJson, streamJsonArray } from '../http/respond.ts';
import type { RequestContext } from '../http/router.ts';
import type { RecordShape } from './record-shape.ts';
import type { Envelope, ServerProfile } from './server-profile.ts';

interface Window {
  offset: number;
  size: number;
}

function intParam(url: URL, name: string, fallback: number, min: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw badRequest(`The query parameter ${name} must be a whole number of at least ${min} (got "${raw.slice(0, 40)}").`, [{ field: name, message: `expected an integer >= ${min}` }]);
  return Number(raw);
}

function cursorOf(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function offsetOfCursor(cursor: string): number {
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badRequest('The cursor is not one this server gave.', [{ field: 'cursor', message: 'unknown cursor' }]);
  return Number(m[1]);
}

/** The records the request asks for, by the profile's paging style; the page size is capped at the profile's. */
function windowOf(profile: ServerProfile, url: URL): Window {
  const max = profile.pageSize;
  switch (profile.paging) {
    case 'page-size': {
      const size = Math.min(max, intParam(url, 'size', max, 1));
      return { offset: intParam(url, 'page', 0, 0) * size, size };
    }
    case 'offset-limit':
    case 'django':
      return { offset: intParam(url, 'offset', 0, 0), size: Math.min(max, intParam(url, 'limit', max, 1)) };
    case 'odata-next':
      return { offset: intParam(url, '$skip', 0, 0), size: Math.min(max, intParam(url, '$top', max, 1)) };
    case 'x-total-count': {
      // json-server's: `_page` (1-based) and `_limit`
      const size = Math.min(max, intParam(url, '_limit', max, 1));
      return { offset: (intParam(url, '_page', 1, 1) - 1) * size, size };
    }
    case 'link':
    case 'content-range':
    case 'laravel': {
      const size = Math.min(max, intParam(url, 'per_page', max, 1));
      return { offset: (intParam(url, 'page', 1, 1) - 1) * size, size };
    }
    case 'cursor': {
      const cursor = url.searchParams.get('cursor');
      return { offset: cursor ? offsetOfCursor(cursor) : 0, size: Math.min(max, intParam(url, 'limit', max, 1)) };
    }
    default:
      return { offset: 0, size: Number.MAX_SAFE_INTEGER };
  }
}

/** This request's URL with other query parameters: a next page's. */
function withParams(ctx: RequestContext, baseUrl: string, params: Record<string, number>): string {
  const next = new URL(ctx.url.pathname + ctx.url.search, baseUrl);
  for (const [name, value] of Object.entries(params)) next.searchParams.set(name, String(value));
  return next.toString();
}

function nextLink(ctx: RequestContext, baseUrl: string, page: number, size: number): string {
  return `<${withParams(ctx, baseUrl, { page, per_page: size })}>; rel="next"`;
}

/** A record as a JSON:API resource: its id, and every other field an attribute. */
function resource(type: string, record: unknown): unknown {
  if (typeof record !== 'object' || record === null) return record;
  const { id, ...attributes } = record as Record<string, unknown>;
  return { type, id, attributes };
}

/** The records in the profile's envelope, with the paging fields beside them (one level down for `nested`). */
function wrap(envelope: Envelope, list: string, rows: unknown[], paging: Record<string, unknown>): unknown {
  switch (envelope) {
    case 'bare':
      return rows;
    case 'hal':
      return { _embedded: { [list]: rows }, ...paging };
    case 'jsonapi':
      return { jsonapi: { version: '1.1' }, data: rows.map((r) => resource(list, r)), ...paging };
    case 'odata':
      return { '@odata.context': `$metadata#${list}`, value: rows, ...paging };
    case 'nested':
      return { status: 'ok', data: { items: rows, ...paging } };
    default:
      return { [envelope]: rows, ...paging };
  }
}

/** How the whole (unpaged) array is opened and closed in the profile's envelope. */
function streamWrapping(envelope: Envelope, list: string): { open: string; close: string; resource: boolean } {
  switch (envelope) {
    case 'hal':
      return { open: `{"_embedded":{${JSON.stringify(list)}:[`, close: ']}}', resource: false };
    case 'jsonapi':
      return { open: '{"jsonapi":{"version":"1.1"},"data":[', close: ']}', resource: true };
    case 'odata':
      return { open: `{"@odata.context":${JSON.stringify(`$metadata#${list}`)},"value":[`, close: ']}', resource: false };
    case 'nested':
      return { open: '{"status":"ok","data":{"items":[', close: ']}}', resource: false };
    default:
      return { open: `{${JSON.stringify(envelope)}:[`, close: ']}', resource: false };
  }
}

function springPage(rows: unknown[], window: Window, total: number): Record<string, unknown> {
  const number = Math.floor(window.offset / window.size);
  const totalPages = Math.ceil(total / window.size);
  const sort = { empty: true, sorted: false, unsorted: true };
  return {
    content: rows,
    pageable: { pageNumber: number, pageSize: window.size, offset: window.offset, sort, paged: true, unpaged: false },
    last: number >= totalPages - 1,
    totalElements: total,
    totalPages,
    first: number === 0,
    size: window.size,
    number,
    sort,
    numberOfElements: rows.length,
    empty: rows.length === 0,
  };
}

export interface ListAnswer {
  /** Which list (items, history...): a lie may be told of one only. */
  list?: string;
  source: Iterable<unknown> | (() => Iterable<unknown>);
  etag: string;
  shape: RecordShape | null;
}

export async function sendList(ctx: RequestContext, profile: ServerProfile, baseUrl: string, answer: ListAnswer): Promise<void> {
  const { req, res } = ctx;
  const envelope = profile.envelope;
  const list = answer.list ?? 'records';
  if (profile.paging === 'none') {
    if (envelope === 'bare') return streamJsonArray(req, res, answer.source, answer.etag, answer.shape ? { open: '[', close: ']', map: answer.shape } : undefined);
    const w = streamWrapping(envelope, list);
    const shape = answer.shape;
    const map = w.resource ? (record: unknown) => resource(list, shape ? shape(record) : record) : shape;
    return streamJsonArray(req, res, answer.source, answer.etag, { open: w.open, close: w.close, map: map ?? null });
  }
  const window = windowOf(profile, ctx.url);
  const lies = profile.pageLies && (profile.pageLies.list === undefined || profile.pageLies.list === list) ? profile.pageLies : null;
  // a page's ETag is known before its records: an unchanged page is answered 304 without them
  const etag = etagOf(lies ? [answer.etag, window.offset, window.size, lies] : [answer.etag, window.offset, window.size]);
  if (matchesIfNoneMatch(req, etag)) return sendJson(req, res, null, { etag });
  let rows: unknown[] = [];
  let total = 0;
  // Pages are for the small data sets a profile test serves: counting walks the whole list.
  for (const record of typeof answer.source === 'function' ? answer.source() : answer.source) {
    if (total >= window.offset && total < window.offset + window.size) rows.push(answer.shape ? answer.shape(record) : record);
    total++;
  }
  const more = window.offset + rows.length < total;
  const pageNo = Math.floor(window.offset / window.size);
  if (lies?.lastPageShort && !more && rows.length > 0) rows = rows.slice(0, -1);
  if (lies?.emptyPageBeforeEnd && pageNo === 1 && more) rows = [];
  if (lies?.totalTooHigh) total += 1;
  const headers: Record<string, string> = {};
  const next = window.offset + window.size;
  let body: unknown;
  if (lies?.unknownNext) {
    // the way on under a name no client knows
    body = wrap(envelope, list, rows, { last: !more, continueWith: more ? withParams(ctx, baseUrl, { page: pageNo + 1, size: window.size }) : null });
  } else if (envelope === 'spring-page') body = springPage(rows, window, total);
  else if (profile.paging === 'link' || profile.paging === 'x-total-count' || profile.paging === 'content-range') {
    body = wrap(envelope, list, rows, {});
    if (profile.paging !== 'content-range') headers['X-Total-Count'] = String(total);
    if (profile.paging === 'content-range') headers['Content-Range'] = rows.length ? `items ${window.offset}-${window.offset + rows.length - 1}/${total}` : `items */${total}`;
    if (more) headers.Link = profile.paging === 'x-total-count' ? `<${withParams(ctx, baseUrl, { _page: pageNo + 2, _limit: window.size })}>; rel="next"` : nextLink(ctx, baseUrl, pageNo + 2, window.size);
  } else if (profile.paging === 'page-size') {
    body = wrap(envelope, list, rows, { page: pageNo, size: window.size, totalElements: total, totalPages: Math.ceil(total / window.size) });
  } else if (profile.paging === 'offset-limit') {
    body = wrap(envelope, list, rows, { offset: window.offset, limit: window.size, total });
  } else if (profile.paging === 'laravel') {
    const lastPage = Math.max(1, Math.ceil(total / window.size));
    body = wrap(envelope, list, rows, { current_page: pageNo + 1, per_page: window.size, total, last_page: lastPage, from: rows.length ? window.offset + 1 : null, to: rows.length ? window.offset + rows.length : null, next_page_url: more ? withParams(ctx, baseUrl, { page: pageNo + 2, per_page: window.size }) : null, prev_page_url: null });
  } else if (profile.paging === 'django') {
    body = wrap(envelope, list, rows, { count: total, next: more ? withParams(ctx, baseUrl, { offset: next, limit: window.size }) : null, previous: null });
  } else if (profile.paging === 'odata-next') {
    body = wrap(envelope, list, rows, { '@odata.count': total, ...(more ? { '@odata.nextLink': withParams(ctx, baseUrl, { $skip: next, $top: window.size }) } : {}) });
  } else {
    body = wrap(envelope, list, rows, { nextCursor: more ? cursorOf(window.offset + rows.length) : null });
  }
  sendJson(req, res, body, { etag, headers });
}
