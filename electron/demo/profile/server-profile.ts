// A server profile: one choice for every point the spec leaves open (design.md section 3), so the
// demo server can play servers we did not write. The default profile is the demo server itself;
// named profiles are fixed, documented ones (docs/demo-server.md); tests draw others at random.
import type { ServerLies } from './server-lies.ts';
export type TokenDelivery =
  | { kind: 'cookie'; name: string }
  /** `Authorization: Bearer <jwt>`, or the raw JWT in a header of another name. */
  | { kind: 'header'; name: string }
  | { kind: 'redirect-query'; param: string }
  | { kind: 'redirect-fragment'; param: string }
  | { kind: 'body'; field: string }
  /**
   * OAuth2's form: `{access_token, token_type, expires_in, refresh_token}` in the body, and a refresh
   * that takes the refresh token alone (`refresh_token`, no password).
   */
  | { kind: 'oauth2' }
  /** No token anywhere: a server no client can use (tests that the failure is clear). */
  | { kind: 'none' };

/**
 * How a list's records are wrapped: bare, under a field, Spring's Page, HAL (`_embedded.<list>`),
 * JSON:API (`data` of `{type, id, attributes}`), OData (`value`), or one level down (`{data: {items}}`).
 */
export const ENVELOPES = ['bare', 'content', 'data', 'items', 'results', 'records', 'rows', 'list', 'spring-page', 'hal', 'jsonapi', 'odata', 'nested'] as const;
export type Envelope = (typeof ENVELOPES)[number];

/**
 * How a list is paged: page/size, offset/limit, a Link header (with its total as `X-Total-Count`
 * or `Content-Range` in two of them), a cursor, Laravel's and Django's paginators, OData's nextLink.
 */
export const PAGINGS = ['none', 'page-size', 'offset-limit', 'link', 'cursor', 'x-total-count', 'content-range', 'laravel', 'django', 'odata-next'] as const;
export type Paging = (typeof PAGINGS)[number];

/**
 * Ways a server's pages lie about a list (tests of a client that must not believe them): the last
 * page short of the total, an empty page before the end, a total higher than the records, or the
 * next page under a name no client knows while the page says `last: false`. `list` limits the lie
 * to one list (default every paged one).
 */
export interface PageLies {
  lastPageShort?: boolean;
  emptyPageBeforeEnd?: boolean;
  totalTooHigh?: boolean;
  unknownNext?: boolean;
  list?: string;
}

/**
 * How times are written. `iso-micros`: six fraction digits; `epoch-decimal`: seconds with a
 * fraction (`1700000000.123`); `dotnet-date`: `/Date(ms+0100)/`; `jackson-array`: Java's
 * `[y, m, d, h, min, s, nanos]`; `day-month-year`: `29/11/2026 10:42:05`, a form no client can read
 * soundly (it could be either of two days), for tests that such a time is refused in words.
 */
export const DATE_FORMATS = ['iso', 'iso-no-fraction', 'iso-offset', 'iso-micros', 'epoch-s', 'epoch-ms', 'epoch-decimal', 'dotnet-date', 'jackson-array', 'day-month-year'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const ERROR_SHAPES = ['demo', 'spring', 'rfc9457', 'aspnet', 'text', 'html'] as const;
export type ErrorShape = (typeof ERROR_SHAPES)[number];

export const ID_FORMATS = ['uuid', 'number', 'short'] as const;
export type IdFormat = (typeof ID_FORMATS)[number];

export interface ServerProfile {
  token: TokenDelivery;
  envelope: Envelope;
  paging: Paging;
  /** Records per page (the largest page the server gives) when paging is not 'none'. */
  pageSize: number;
  fieldCase: 'snake' | 'camel';
  /** Common other names for the key fields: itemNumber, ean, locationCode, qtyOnHand. */
  aliases: boolean;
  ids: IdFormat;
  dates: DateFormat;
  errors: ErrorShape;
  /** Records leave out empty fields and their modified/created times. */
  omitOptional: boolean;
  /** One list that always fails with this status. */
  failingList: { list: string; status: 403 | 404 | 500 } | null;
  /** Answers that change or bend (server-lies.ts); absent: none. A test may change them between rounds (DemoServer.setLies). */
  lies?: Partial<ServerLies>;
  /** How its pages lie (none when absent); a test may change them between rounds (DemoServer.setPageLies). */
  pageLies?: PageLies;
}

/** Exactly the demo server as it always was. */
export const DEFAULT_PROFILE: ServerProfile = {
  token: { kind: 'cookie', name: 'access_token' },
  envelope: 'bare',
  paging: 'none',
  pageSize: 0,
  fieldCase: 'snake',
  aliases: false,
  ids: 'uuid',
  dates: 'iso',
  errors: 'demo',
  omitOptional: false,
  failingList: null,
};

export const NAMED_PROFILES: Record<string, ServerProfile> = {
  default: DEFAULT_PROFILE,
  /** A Spring Boot server: Page bodies with page/size paging, a JWT cookie, camelCase, Spring errors. */
  spring: {
    ...DEFAULT_PROFILE,
    token: { kind: 'cookie', name: 'JWT' },
    envelope: 'spring-page',
    paging: 'page-size',
    pageSize: 100,
    fieldCase: 'camel',
    errors: 'spring',
  },
  /** An ASP.NET-style server: Bearer header, `data` envelopes with offset/limit, RFC 9457 problems, epoch-ms times. */
  dotnet: {
    ...DEFAULT_PROFILE,
    token: { kind: 'header', name: 'Authorization' },
    envelope: 'data',
    paging: 'offset-limit',
    pageSize: 200,
    fieldCase: 'camel',
    dates: 'epoch-ms',
    errors: 'rfc9457',
  },
  /** A hand-written server: token in the body, bare arrays with Link paging, numeric ids, text errors. */
  handmade: {
    ...DEFAULT_PROFILE,
    token: { kind: 'body', field: 'accessToken' },
    envelope: 'bare',
    paging: 'link',
    pageSize: 250,
    aliases: true,
    ids: 'number',
    dates: 'iso-no-fraction',
    errors: 'text',
    omitOptional: true,
  },
};

/**
 * Makes a drawn profile one a server could be: a Spring Page pages by page/size, a bare array
 * carries no paging fields (only a Link header can say there is more), and a cursor needs a body to
 * carry it.
 */
export function coherent(profile: ServerProfile): ServerProfile {
  let { paging, envelope } = profile;
  // the paginators with a body of their own give the envelope
  if (paging === 'laravel') envelope = 'data';
  else if (paging === 'django') envelope = 'results';
  else if (paging === 'odata-next') envelope = 'odata';
  if (envelope === 'spring-page') paging = 'page-size';
  else if (envelope === 'bare' && !LINK_PAGINGS.has(paging)) paging = 'link';
  // a lie is told by a server that pages and says how many records it has
  if (profile.pageLies && (paging === 'none' || paging === 'link' || paging === 'cursor')) paging = 'page-size';
  if (envelope === 'bare' && profile.pageLies) envelope = 'data';
  const pageSize = paging === 'none' ? 0 : Math.max(1, profile.pageSize || 100);
  return { ...profile, envelope, paging, pageSize };
}

/** Pagings a bare array can carry: all in the headers. */
const LINK_PAGINGS: ReadonlySet<Paging> = new Set(['none', 'link', 'x-total-count', 'content-range']);

export function resolveProfile(profile: string | ServerProfile | undefined): ServerProfile {
  if (profile === undefined) return DEFAULT_PROFILE;
  if (typeof profile !== 'string') return coherent(profile);
  const named = Object.hasOwn(NAMED_PROFILES, profile) ? NAMED_PROFILES[profile] : undefined;
  if (!named) throw new RangeError(`demo server: unknown profile "${profile}" (known: ${Object.keys(NAMED_PROFILES).join(', ')}).`);
  return named;
}

/** One line a person can read: what the profile chose. */
export function describeProfile(p: ServerProfile): string {
  const token = p.token.kind === 'none' ? 'no token' : p.token.kind === 'oauth2' ? 'OAuth2 body with refresh_token' : p.token.kind === 'cookie' ? `cookie ${p.token.name}` : p.token.kind === 'header' ? `header ${p.token.name}` : p.token.kind === 'body' ? `body field ${p.token.field}` : `${p.token.kind} ${p.token.param}`;
  const paging = p.paging === 'none' ? 'no paging' : `${p.paging} paging of ${p.pageSize}`;
  const failing = p.failingList ? `, ${p.failingList.list} fails ${p.failingList.status}` : '';
  const lies = Object.entries(p.lies ?? {}).filter(([, on]) => on).map(([name]) => name);
  const pageLies = p.pageLies ? `; page lies: ${Object.entries(p.pageLies).filter(([, v]) => v).map(([k, v]) => (k === 'list' ? `on ${String(v)}` : k)).join(', ')}` : '';
  return `token: ${token}; envelope: ${p.envelope}; ${paging}; fields: ${p.fieldCase}${p.aliases ? ' + aliases' : ''}; ids: ${p.ids}; dates: ${p.dates}; errors: ${p.errors}${p.omitOptional ? '; optional fields omitted' : ''}${failing}${lies.length ? `; lies: ${lies.join(', ')}` : ''}${pageLies}`;
}
