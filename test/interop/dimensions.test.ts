// Each open point of the spec on its own: the demo server's default answers with one choice
// changed, end to end. A failing test's name says which choice the client does not take yet.
import { describe, expect, it } from 'vitest';
import { coherent, DEFAULT_PROFILE, type ServerProfile } from '../../electron/demo/profile/server-profile.ts';
import { checkProfile, report } from './support/profile-check.ts';

const VARIANTS: [string, Partial<ServerProfile>][] = [
  ['default (the demo server as it is)', {}],
  ['token: cookie named JWT', { token: { kind: 'cookie', name: 'JWT' } }],
  ['token: cookie named SESSION', { token: { kind: 'cookie', name: 'SESSION' } }],
  ['token: Authorization response header', { token: { kind: 'header', name: 'Authorization' } }],
  ['token: X-Auth-Token response header', { token: { kind: 'header', name: 'X-Auth-Token' } }],
  ['token: redirectURL query access_token', { token: { kind: 'redirect-query', param: 'access_token' } }],
  ['token: redirectURL fragment jwt', { token: { kind: 'redirect-fragment', param: 'jwt' } }],
  ['token: body field accessToken', { token: { kind: 'body', field: 'accessToken' } }],
  ['token: body field token', { token: { kind: 'body', field: 'token' } }],
  ['token: OAuth2 body (access_token, expires_in, refresh_token)', { token: { kind: 'oauth2' } }],
  ...(['content', 'data', 'items', 'results', 'records', 'rows', 'list'] as const).map((envelope): [string, Partial<ServerProfile>] => [`envelope: ${envelope}`, { envelope }]),
  ['envelope: Spring Page (page/size paging)', { envelope: 'spring-page', paging: 'page-size', pageSize: 20 }],
  ['paging: Link header on a bare array', { paging: 'link', pageSize: 20 }],
  ['paging: page/size in a data envelope', { envelope: 'data', paging: 'page-size', pageSize: 20 }],
  ['paging: offset/limit in a data envelope', { envelope: 'data', paging: 'offset-limit', pageSize: 20 }],
  ['paging: cursor in an items envelope', { envelope: 'items', paging: 'cursor', pageSize: 20 }],
  ['envelope: HAL _embedded, whole', { envelope: 'hal' }],
  ['envelope: JSON:API resources, whole', { envelope: 'jsonapi' }],
  ['envelope: OData value, whole', { envelope: 'odata' }],
  ['envelope: nested {data: {items}}, whole', { envelope: 'nested' }],
  ['paging: HAL with page/size', { envelope: 'hal', paging: 'page-size', pageSize: 20 }],
  ['paging: JSON:API with offset/limit', { envelope: 'jsonapi', paging: 'offset-limit', pageSize: 20 }],
  ['paging: nested envelope with page/size', { envelope: 'nested', paging: 'page-size', pageSize: 20 }],
  ['paging: X-Total-Count and Link on a bare array', { paging: 'x-total-count', pageSize: 20 }],
  ['paging: Content-Range and Link on a bare array', { paging: 'content-range', pageSize: 20 }],
  ["paging: Laravel's paginator", { paging: 'laravel', pageSize: 20 }],
  ["paging: Django's paginator", { paging: 'django', pageSize: 20 }],
  ["paging: OData's nextLink", { paging: 'odata-next', pageSize: 20 }],
  ['fields: camelCase', { fieldCase: 'camel' }],
  ['fields: aliases (itemNumber, ean, locationCode, qtyOnHand)', { aliases: true }],
  ['ids: numbers', { ids: 'number' }],
  ['ids: short strings', { ids: 'short' }],
  ['dates: ISO without fraction', { dates: 'iso-no-fraction' }],
  ['dates: ISO with offset', { dates: 'iso-offset' }],
  ['dates: epoch seconds', { dates: 'epoch-s' }],
  ['dates: epoch milliseconds', { dates: 'epoch-ms' }],
  ['dates: ISO with microseconds', { dates: 'iso-micros' }],
  ['dates: epoch seconds with a fraction', { dates: 'epoch-decimal' }],
  ['dates: .NET /Date(ms+0100)/', { dates: 'dotnet-date' }],
  ['dates: Jackson arrays', { dates: 'jackson-array' }],
  ['optional fields omitted', { omitOptional: true }],
  ['one list fails: hazmat 403', { failingList: { list: 'hazmat', status: 403 } }],
  ['one list fails: carriers 404, RFC 9457 body', { failingList: { list: 'carriers', status: 404 }, errors: 'rfc9457' }],
  ['one list fails: users 500, HTML body', { failingList: { list: 'users', status: 500 }, errors: 'html' }],
  ['one list fails: sequences 403, text body', { failingList: { list: 'sequences', status: 403 }, errors: 'text' }],
  ['one list fails: schedules 404, Spring body', { failingList: { list: 'schedules', status: 404 }, errors: 'spring' }],
  ['one list fails: carriers 403, ASP.NET body', { failingList: { list: 'carriers', status: 403 }, errors: 'aspnet' }],
];

describe('one open point at a time', () => {
  for (const [name, change] of VARIANTS) {
    it(name, async () => {
      const check = await checkProfile(coherent({ ...DEFAULT_PROFILE, ...change }));
      expect(check.findings, report(check)).toEqual([]);
    });
  }
});
