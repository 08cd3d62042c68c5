// `aisle probe` says what a sync then does: against the demo server at its default size, generated
// server profiles and servers where a sync fails a list, over real HTTP on 127.0.0.1, the probe's
// verdict and per-list outcomes equal those of `aisle sync` against the same server afterwards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROBE_NEEDED_LISTS } from '../../electron/contract/probe-facts.ts';
import type { ProbeReport, SyncProgress } from '../../electron/contract/types.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { DEFAULT_PROFILE, describeProfile, type ServerProfile } from '../../electron/demo/profile/server-profile.ts';
import { tempDir } from '../support/temp-dir.ts';
import { serverProfile } from './support/profile-arbitrary.ts';
import { EMAIL, PASSWORD, SIZES, runCli } from './support/profile-check.ts';

const runs = Number(process.env.AISLE_INTEROP_PROFILES ?? 8);
const seed = process.env.AISLE_INTEROP_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.AISLE_INTEROP_SEED);

async function probe(url: string, ...extra: string[]): Promise<{ code: number; report: ProbeReport }> {
  const run = await runCli(['probe', '--server', url, '--email', EMAIL, '--json', ...extra]);
  return { code: run.code, report: JSON.parse(run.out.join('\n')) as ProbeReport };
}

type Outcome = 'ok' | 'failed' | 'held';

/** What `aisle sync` into a fresh data folder did per dataset, and whether its mirror is usable (the probe's rule). */
async function syncAgainst(url: string): Promise<{ code: number; outcomes: Record<string, Outcome>; rows: Record<string, number>; usable: boolean }> {
  const dir = tempDir('aisle-probe-sync-');
  try {
    const run = await runCli(['sync', '--server', url, '--email', EMAIL, '--data', dir.path, '--json']);
    if (!run.out.length) return { code: run.code, outcomes: {}, rows: {}, usable: false };
    const round = (JSON.parse(run.out.join('\n')) as { round: SyncProgress[] }).round;
    const outcomes: Record<string, Outcome> = {};
    const rows: Record<string, number> = {};
    for (const p of round) {
      outcomes[p.key] = p.phase === 'error' ? 'failed' : p.phase === 'held' ? 'held' : 'ok';
      rows[p.key] = p.rows;
    }
    const usable = round.length > 0 && round.every((p) => !PROBE_NEEDED_LISTS.includes(p.list) || p.phase === 'done' || p.phase === 'unchanged');
    return { code: run.code, outcomes, rows, usable };
  } finally {
    dir.remove();
  }
}

/** The probe's answer, then a sync's against the same server: the same verdict, the same outcome and rows per dataset. */
async function probeThenSync(server: DemoServer, where: string): Promise<ProbeReport> {
  const { code, report } = await probe(server.url);
  const sync = await syncAgainst(server.url);
  const probed = Object.fromEntries(report.lists.map((l) => [l.key, l.outcome]));
  expect(probed, where).toEqual(sync.outcomes);
  expect(Object.fromEntries(report.lists.map((l) => [l.key, l.rows])), where).toEqual(sync.rows);
  expect(report.ready, where).toBe(sync.usable);
  expect(code, where).toBe(report.ready ? 0 : 1);
  // nothing failed in the probe that the sync took, nor the other way round
  if (report.ready && report.warnings.length === 0) expect(sync.code, where).toBe(0);
  return report;
}

describe('aisle probe is the sync', () => {
  it('the demo server at its default size: ready, as the sync then is, and it ends only its own session', async () => {
    const server = await startDemoServer({ rateLimit: 0 });
    try {
      // another session, open before the probe: it must still be open after it
      const [license] = server.ids().demoLicenses;
      const other = await fetch(`${server.url}/v1/auth/pub/user/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD, licenseId: license }) });
      const cookie = (other.headers.get('set-cookie') ?? '').split(';')[0];

      const report = await probeThenSync(server, 'demo at its default size');
      expect(report.blockers).toEqual([]);
      expect(report.ready).toBe(true);
      expect(report.signIn?.tokenDelivery).toEqual({ source: 'cookie', name: 'access_token' });
      const items = report.lists.filter((l) => l.list === 'items');
      expect(items.length).toBeGreaterThan(1);
      expect(items.reduce((n, l) => n + l.rows, 0)).toBe(server.ids().accounts.reduce((n, a) => n + server.served('items', a).length, 0));
      expect(report.fields.find((f) => f.list === 'items')?.fields.find((f) => f.column === 'upc')?.field).toBe('upc');
      expect(report.requestForms.map((f) => f.endpoint)).toContain('/v1/api/pub/inv/query');

      const still = await fetch(`${server.url}/v1/auth/pub/jwt`, { headers: { cookie } });
      expect(still.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('the text report ends "ready for Aisle" and names each list the round read', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0 });
    try {
      const text = await runCli(['probe', '--server', server.url, '--email', EMAIL]);
      expect(text.code).toBe(0);
      expect(text.out.at(-1)).toBe('ready for Aisle');
      expect(text.out.some((l) => /^\s+items of .+\s+ok, 30 rows, records in a bare array$/.test(l))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('the spring profile: every page of history read, as the sync reads it', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0, profile: 'spring' });
    try {
      const report = await probeThenSync(server, 'spring');
      expect(report.signIn?.tokenDelivery).toEqual({ source: 'cookie', name: 'JWT' });
      expect(report.lists.find((l) => l.list === 'items')).toMatchObject({ outcome: 'ok', paging: 'page' });
    } finally {
      await server.close();
    }
  });

  it.each([
    ['items refused with 403 in an HTML page: not ready, in the round’s words', { ...DEFAULT_PROFILE, errors: 'html', failingList: { list: 'items', status: 403 } } as ServerProfile, false],
    ['users failing with 500: ready, the failure told', { ...DEFAULT_PROFILE, failingList: { list: 'users', status: 500 } } as ServerProfile, true],
  ])('a server where a sync fails a list, %s', async (_, profile, ready) => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0, profile });
    try {
      const report = await probeThenSync(server, describeProfile(profile));
      expect(report.ready).toBe(ready);
      const failed = [...report.blockers, ...report.warnings];
      expect(failed.length).toBeGreaterThan(0);
      for (const fact of failed) {
        expect(fact.code).toBe('list_failed');
        if (fact.code === 'list_failed') expect(fact.error.message).toContain('list is not available to this caller');
      }
    } finally {
      await server.close();
    }
  });

  it('no token anywhere: not ready, in sign-in’s words', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0, profile: { ...DEFAULT_PROFILE, token: { kind: 'none' } } });
    try {
      const { code, report } = await probe(server.url);
      expect(code).toBe(1);
      expect(report.blockers).toEqual([{ code: 'sign_in_failed', error: expect.objectContaining({ code: expect.any(String) }) }]);
      const text = await runCli(['probe', '--server', server.url, '--email', EMAIL]);
      expect(text.out).toContain('not ready for Aisle:');
    } finally {
      await server.close();
    }
  });

  it('a server that is not there: one blocker, sign-in’s offline error', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0 });
    const url = server.url;
    await server.close();
    const { code, report } = await probe(url);
    expect(code).toBe(1);
    expect(report.blockers).toEqual([{ code: 'sign_in_failed', error: expect.objectContaining({ code: 'offline' }) }]);
  });

  it(`${runs} generated profiles: the probe's verdict and outcomes are the sync's (seed ${seed})`, async () => {
    await fc.assert(
      fc.asyncProperty(serverProfile, async (profile) => {
        const server = await startDemoServer({ ...SIZES, seed: 1, rateLimit: 0, today: '2026-06-15', profile });
        try {
          await probeThenSync(server, describeProfile(profile));
        } finally {
          await server.close();
        }
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  }, 60_000 + runs * 30_000);
});
