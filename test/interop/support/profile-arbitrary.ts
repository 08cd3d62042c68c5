// Server profiles drawn at random, every choice the spec leaves open at once (the demo server's
// server-profile.ts), for tests that run a client against many servers.
import fc from 'fast-check';
import { ENVELOPES, PAGINGS, DATE_FORMATS, ERROR_SHAPES, ID_FORMATS, coherent, type ServerProfile, type TokenDelivery } from '../../../electron/demo/profile/server-profile.ts';

const tokenName = fc.constantFrom('access_token', 'token', 'jwt', 'JWT', 'accessToken', 'id_token');
const token: fc.Arbitrary<TokenDelivery> = fc.oneof(
  fc.record({ kind: fc.constant('cookie' as const), name: fc.constantFrom('access_token', 'JWT', 'jwt', 'SESSION', 'auth', 'token') }),
  fc.record({ kind: fc.constant('header' as const), name: fc.constantFrom('Authorization', 'X-Auth-Token', 'X-Access-Token') }),
  fc.record({ kind: fc.constant('redirect-query' as const), param: tokenName }),
  fc.record({ kind: fc.constant('redirect-fragment' as const), param: tokenName }),
  fc.record({ kind: fc.constant('body' as const), field: tokenName }),
  fc.constant({ kind: 'oauth2' as const }),
);

/** The lists a profile may make fail: not those the others hang off (accounts, facilities) nor items (found by code). */
const FAILABLE = ['carriers', 'channels', 'customers', 'hazmat', 'itemTemplates', 'locationTemplates', 'mobileWorkflows', 'schedules', 'sequences', 'transitLanes', 'users'];

export const serverProfile: fc.Arbitrary<ServerProfile> = fc
  .record({
    token,
    envelope: fc.constantFrom(...ENVELOPES),
    paging: fc.constantFrom(...PAGINGS),
    pageSize: fc.integer({ min: 3, max: 50 }),
    fieldCase: fc.constantFrom('snake' as const, 'camel' as const),
    aliases: fc.boolean(),
    ids: fc.constantFrom(...ID_FORMATS),
    // a form no client reads soundly has its own test (history-times.test.ts)
    dates: fc.constantFrom(...DATE_FORMATS.filter((d) => d !== 'day-month-year')),
    errors: fc.constantFrom(...ERROR_SHAPES),
    omitOptional: fc.boolean(),
    failingList: fc.option(fc.record({ list: fc.constantFrom(...FAILABLE), status: fc.constantFrom(403 as const, 404 as const, 500 as const) }), { freq: 2 }),
  })
  .map(coherent);
