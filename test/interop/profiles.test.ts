// Server profiles drawn at random: every choice the spec leaves open at once. Each must sign in,
// sync every list that has records, leave a mirror equal to what was served, and find an item by
// its code. AISLE_INTEROP_PROFILES says how many (default 8); a failure prints the seed to replay
// with AISLE_INTEROP_SEED, and the profile and what went wrong.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ENVELOPES, PAGINGS, DATE_FORMATS, ERROR_SHAPES, ID_FORMATS, coherent, type ServerProfile, type TokenDelivery } from '../../electron/demo/profile/server-profile.ts';
import { checkProfile, report } from './support/profile-check.ts';

const runs = Number(process.env.AISLE_INTEROP_PROFILES ?? 8);
const seed = process.env.AISLE_INTEROP_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.AISLE_INTEROP_SEED);

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

const serverProfile: fc.Arbitrary<ServerProfile> = fc
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

describe('random server profiles', () => {
  it(`${runs} profiles sign in, sync, mirror what was served and find an item (seed ${seed})`, async () => {
    await fc.assert(
      fc.asyncProperty(serverProfile, async (profile) => {
        const check = await checkProfile(profile);
        if (check.findings.length) throw new Error(report(check));
      }),
      // a run is a whole sync: no shrinking, the report names the failing parts itself
      { numRuns: runs, seed, endOnFailure: true },
    );
  }, 60_000 + runs * 30_000);
});
