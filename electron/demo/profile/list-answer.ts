// How a profile answers with a list: bare or in an envelope, whole or a page at a time (page/size,
// offset/limit, a Link header, or a cursor). The default profile streams the bare array as always.
import { badRequest } from '../http/errors.ts';
import { etagOf, matchesIfNoneMatch, sendJson, streamJsonArray } from '../http/respond.ts';
import type { RequestContext } from '../http/router.ts';
import type { RecordShape } from './record-shape.ts';
import type { ServerProfile } from './server-profile.ts';

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
      return { offset: intParam(url, 'offset', 0, 0), size: Math.min(max, intParam(url, 'limit', max, 1)) };
    case 'link': {
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

function nextLink(ctx: RequestContext, baseUrl: string, page: number, size: number): string {
  const next = new URL(ctx.url.pathname + ctx.url.search, baseUrl);
  next.searchParams.set('page', String(page));
  next.searchParams.set('per_page', String(size));
  return `<${next.toString()}>; rel="next"`;
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
  source: Iterable<unknown> | (() => Iterable<unknown>);
  etag: string;
  shape: RecordShape | null;
}

export async function sendList(ctx: RequestContext, profile: ServerProfile, baseUrl: string, answer: ListAnswer): Promise<void> {
  const { req, res } = ctx;
  const envelope = profile.envelope;
  if (profile.paging === 'none') {
    const wrapping = envelope === 'bare' ? (answer.shape ? { open: '[', close: ']', map: answer.shape } : undefined) : { open: `{${JSON.stringify(envelope)}:[`, close: ']}', map: answer.shape };
    return streamJsonArray(req, res, answer.source, answer.etag, wrapping);
  }
  const window = windowOf(profile, ctx.url);
  // a page's ETag is known before its records: an unchanged page is answered 304 without them
  const etag = etagOf([answer.etag, window.offset, window.size]);
  if (matchesIfNoneMatch(req, etag)) return sendJson(req, res, null, { etag });
  const rows: unknown[] = [];
  let total = 0;
  // Pages are for the small data sets a profile test serves: counting walks the whole list.
  for (const record of typeof answer.source === 'function' ? answer.source() : answer.source) {
    if (total >= window.offset && total < window.offset + window.size) rows.push(answer.shape ? answer.shape(record) : record);
    total++;
  }
  const more = window.offset + rows.length < total;
  const headers: Record<string, string> = {};
  let body: unknown;
  if (envelope === 'spring-page') body = springPage(rows, window, total);
  else if (profile.paging === 'link') {
    body = envelope === 'bare' ? rows : { [envelope]: rows };
    headers['X-Total-Count'] = String(total);
    if (more) headers.Link = nextLink(ctx, baseUrl, Math.floor(window.offset / window.size) + 2, window.size);
  } else if (profile.paging === 'page-size') {
    body = { [envelope]: rows, page: Math.floor(window.offset / window.size), size: window.size, totalElements: total, totalPages: Math.ceil(total / window.size) };
  } else if (profile.paging === 'offset-limit') {
    body = { [envelope]: rows, offset: window.offset, limit: window.size, total };
  } else {
    body = { [envelope]: rows, nextCursor: more ? cursorOf(window.offset + rows.length) : null };
  }
  sendJson(req, res, body, { etag, headers });
}
