// The probe section of the diagnostics page: it sends what was typed (the server filled in from the
// page), shows the verdict, the blockers and each operation, and forgets the password afterwards.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../electron/contract/types.ts';
import DiagnosticsView from '../../renderer/src/features/settings/DiagnosticsView.vue';
import { Failure, mountWith, scriptedClient } from './support.ts';

const SERVER = 'https://wms.example.com';
const REPORT: ProbeReport = {
  server: SERVER,
  startedAt: new Date().toISOString(),
  tookMs: 900,
  operations: [
    { method: 'POST', path: '/v1/auth/pub/user/session?locale=en_US', status: 200, ms: 120, outcome: 'ok', learned: ['the JWT comes in the cookie JWT'], problem: null },
    { method: 'GET', path: '/v1/api/pub/lists/accounts/query', status: 403, ms: 30, outcome: 'failed', learned: [], problem: 'HTTP 403: Forbidden' },
    { method: 'DELETE', path: '/v1/auth/pub/jwt/{userSession}', status: null, ms: 0, outcome: 'skipped', learned: [], problem: 'not called' },
  ],
  tokenDelivery: 'cookie JWT',
  lists: [{ list: 'accounts', scopeId: null, status: 403, envelope: null, paging: null, records: 0, fields: [], idField: null, codeField: null, barcodeField: null }],
  inventoryBody: null,
  blockers: ['The accounts list failed: HTTP 403: Forbidden.'],
  ready: false,
};

describe('the probe on the diagnostics page', () => {
  it('runs the probe with the typed credentials and shows what blocks, per operation', async () => {
    const client = scriptedClient({ 'diagnostics.get': () => ({ server: SERVER, clockSkewMs: null, requests: [] }), 'diagnostics.probe': () => REPORT });
    const { wrapper } = await mountWith(DiagnosticsView, client);
    await flushPromises();
    expect((wrapper.get('[data-testid=probe-server]').element as HTMLInputElement).value).toBe(SERVER);
    await wrapper.get('[data-testid=probe-email]').setValue('it@example.com');
    await wrapper.get('[data-testid=probe-password]').setValue('secret');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'diagnostics.probe')?.args).toEqual({ server: SERVER, email: 'it@example.com', password: 'secret' });
    expect((wrapper.get('[data-testid=probe-password]').element as HTMLInputElement).value).toBe('');
    expect(wrapper.get('[data-testid=probe-verdict]').attributes('data-ready')).toBe('false');
    expect(wrapper.findAll('[data-testid=probe-blocker]').map((b) => b.text())).toEqual(REPORT.blockers);
    expect(wrapper.get('[data-testid=probe-token]').text()).toBe('cookie JWT');
    expect(wrapper.findAll('[data-testid=probe-operation]').map((r) => r.attributes('data-outcome'))).toEqual(['ok', 'failed', 'skipped']);
    expect(wrapper.findAll('[data-testid=probe-operation]')[1]!.text()).toContain('HTTP 403: Forbidden');
  });

  it('says "Ready for Aisle" when nothing blocks, and shows a failed call as an error', async () => {
    let answer: ProbeReport | Failure = { ...REPORT, blockers: [], ready: true };
    const client = scriptedClient({ 'diagnostics.get': () => ({ server: SERVER, clockSkewMs: null, requests: [] }), 'diagnostics.probe': () => answer });
    const { wrapper } = await mountWith(DiagnosticsView, client);
    await flushPromises();
    await wrapper.get('[data-testid=probe-email]').setValue('it@example.com');
    await wrapper.get('[data-testid=probe-password]').setValue('secret');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=probe-verdict]').text()).toBe('Ready for Aisle');
    answer = new Failure('invalid_argument', 'The server address is not a URL.');
    await wrapper.get('[data-testid=probe-password]').setValue('secret');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.find('[data-testid=probe-verdict]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=probe-error]').text()).not.toBe('');
  });
});
