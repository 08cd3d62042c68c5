// Server profiles drawn at random: every choice the spec leaves open at once. Each must sign in,
// sync every list that has records, leave a mirror equal to what was served, and find an item by
// its code. AISLE_INTEROP_PROFILES says how many (default 8); a failure prints the seed to replay
// with AISLE_INTEROP_SEED, and the profile and what went wrong.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { serverProfile } from './support/profile-arbitrary.ts';
import { checkProfile, report } from './support/profile-check.ts';

const runs = Number(process.env.AISLE_INTEROP_PROFILES ?? 8);
const seed = process.env.AISLE_INTEROP_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.AISLE_INTEROP_SEED);

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
