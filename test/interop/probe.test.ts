// `aisle probe` against the demo server in several profiles, over real HTTP on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { startDemoServer } from '../../electron/demo/index.ts';
import { DEFAULT_PROFILE } from '../../electron/demo/profile/server-profile.ts';
import type { ProbeReport } from '../../electron/contract/types.ts';
import { EMAIL, PASSWORD, SIZES, runCli } from './support/profile-check.ts';

async function probe(url: string, ...extra: string[]): Promise<{ code: number; report: ProbeReport }> {
  const run = await runCli(['probe', '--server', url, '--email', EMAIL, '--json', ...extra]);
  return { code: run.code, report: JSON.parse(run.out.join('\n')) as ProbeReport };
}

describe('aisle probe', () => {
  it('reports a demo server ready, with what it learned per operation, and ends only its own session', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0 });
    try {
      // another session, open before the probe: it must still be open after it
      const [license] = server.ids().demoLicenses;
      const other = await fetch(`${server.url}/v1/auth/pub/user/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD, licenseId: license }) });
      const cookie = (other.headers.get('set-cookie') ?? '').split(';')[0];

      const { code, report } = await probe(server.url);
      expect(report.blockers).toEqual([]);
      expect(code).toBe(0);
      expect(report.tokenDelivery).toBe('cookie access_token');
      expect(report.inventoryBody).toEqual({ facilityId: server.ids().facilities[0] });
      const items = report.lists.find((l) => l.list === 'items');
      expect(items).toMatchObject({ envelope: 'bare', paging: 'none', records: 30, idField: 'id', codeField: 'sku', barcodeField: 'upc' });
      expect(report.operations.find((o) => o.path === '/v1/auth/pub/jwt/{userSession}')?.outcome).toBe('skipped');
      expect(report.operations.filter((o) => o.method === 'DELETE' && o.outcome !== 'skipped').map((o) => o.path)).toEqual(['/v1/auth/pub/jwt']);
      expect(report.operations.filter((o) => o.outcome === 'failed')).toEqual([]);

      const still = await fetch(`${server.url}/v1/auth/pub/jwt`, { headers: { cookie } });
      expect(still.status).toBe(200);
      const text = await runCli(['probe', '--server', server.url, '--email', EMAIL]);
      expect(text.out.at(-1)).toBe('ready for Aisle');
      expect(text.out.some((l) => /^GET\s+\/v1\/api\/pub\/lists\/accounts\/query\s+200\s+\d+ ms$/.test(l))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('learns the spring profile: JWT cookie, Spring Page, page/size, camelCase fields', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0, profile: 'spring' });
    try {
      const { report } = await probe(server.url);
      expect(report.tokenDelivery).toBe('cookie JWT');
      expect(report.lists.find((l) => l.list === 'items')).toMatchObject({ envelope: 'spring-page', paging: 'page-size', idField: 'id', codeField: 'sku' });
      expect(report.lists.find((l) => l.list === 'items')?.fields).toContain('accountId');
      expect(report.ready).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('names what blocks: no token anywhere', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0, profile: { ...DEFAULT_PROFILE, token: { kind: 'none' } } });
    try {
      const { code, report } = await probe(server.url);
      expect(code).toBe(1);
      expect(report.ready).toBe(false);
      expect(report.blockers.join('\n')).toMatch(/no JWT/);
      const text = await runCli(['probe', '--server', server.url, '--email', EMAIL]);
      expect(text.out).toContain('not ready for Aisle:');
    } finally {
      await server.close();
    }
  });

  it('names what blocks: the items list refused, in an HTML error page', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0, profile: { ...DEFAULT_PROFILE, errors: 'html', failingList: { list: 'items', status: 403 } } });
    try {
      const { report } = await probe(server.url);
      expect(report.ready).toBe(false);
      expect(report.blockers).toEqual([expect.stringMatching(/^The items list failed: HTTP 403: 403 Forbidden The items list is not available/)]);
    } finally {
      await server.close();
    }
  });

  it('a server that is not there: one clear blocker', async () => {
    const server = await startDemoServer({ ...SIZES, rateLimit: 0 });
    const url = server.url;
    await server.close();
    const { code, report } = await probe(url);
    expect(code).toBe(1);
    expect(report.blockers).toEqual([expect.stringMatching(/cannot be reached/)]);
  });
});
