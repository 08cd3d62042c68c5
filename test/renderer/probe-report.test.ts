// The probe section of the diagnostics page: it sends what was typed (the server filled in from the
// page), shows the verdict, the blockers and warnings worded from the probe's facts, what the round
// did per list, and forgets the password afterwards.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../electron/contract/types.ts';
import DiagnosticsView from '../../renderer/src/features/settings/DiagnosticsView.vue';
import { Failure, mountWith, scriptedClient } from './support.ts';

const SERVER = 'https://wms.example.com';
const items = { list: 'items', label: 'Items' };
const REPORT: ProbeReport = {
  server: SERVER,
  startedAt: new Date().toISOString(),
  tookMs: 900,
  deadlineSeconds: 600,
  ready: false,
  blockers: [{ code: 'list_failed', list: items, scopeName: 'Globex', error: { code: 'forbidden', message: 'The items list is not available to this caller' } }],
  warnings: [{ code: 'list_failed', list: { list: 'users', label: 'Users' }, scopeName: null, error: { code: 'server_error', message: 'HTTP 500' } }],
  signIn: { licenseId: 'L-1', tokenDelivery: { source: 'cookie', name: 'JWT' }, notices: [{ code: 'plain_http', host: 'wms.example.com' }] },
  lists: [
    { key: 'accounts', list: 'accounts', label: 'Accounts', scopeId: null, scopeName: null, outcome: 'ok', rows: 3, bytes: 300, paging: 'page', pages: 1, envelope: { field: 'content' }, error: null },
    { key: 'items:a1', list: 'items', label: 'Items', scopeId: 'a1', scopeName: 'Globex', outcome: 'failed', rows: 0, bytes: 0, paging: null, pages: null, envelope: null, error: { code: 'forbidden', message: 'The items list is not available to this caller' } },
  ],
  requestForms: [{ endpoint: '/v1/api/pub/inv/query', form: 'facilityId' }],
  fields: [],
};

describe('the probe on the diagnostics page', () => {
  it('runs the probe with the typed credentials and shows what blocks, per list, in the window’s words', async () => {
    const client = scriptedClient({ 'diagnostics.get': () => ({ server: SERVER, clockSkewMs: null, requests: [] }), 'diagnostics.probe': () => REPORT });
    const { wrapper } = await mountWith(DiagnosticsView, client);
    await flushPromises();
    expect((wrapper.get('[data-testid=probe-server]').element as HTMLInputElement).value).toBe(SERVER);
    await wrapper.get('[data-testid=probe-email]').setValue('it@example.com');
    await wrapper.get('[data-testid=probe-password]').setValue('secret');
    await wrapper.get('[data-testid=probe-deadline]').setValue('90');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'diagnostics.probe')?.args).toEqual({ server: SERVER, email: 'it@example.com', password: 'secret', deadlineSeconds: 90 });
    expect((wrapper.get('[data-testid=probe-password]').element as HTMLInputElement).value).toBe('');
    expect(wrapper.get('[data-testid=probe-verdict]').attributes('data-ready')).toBe('false');
    expect(wrapper.findAll('[data-testid=probe-blocker]').map((b) => b.text())).toEqual(['Items of Globex failed (forbidden): The items list is not available to this caller']);
    expect(wrapper.findAll('[data-testid=probe-warning]').map((b) => b.text())).toEqual(['Users failed (server_error): HTTP 500']);
    expect(wrapper.get('[data-testid=probe-token]').text()).toBe('cookie JWT');
    expect(wrapper.get('[data-testid=probe-notice]').text()).toContain('wms.example.com');
    expect(wrapper.findAll('[data-testid=probe-list]').map((r) => r.attributes('data-outcome'))).toEqual(['ok', 'failed']);
    expect(wrapper.findAll('[data-testid=probe-list]')[1]!.text()).toContain('not available to this caller');
    expect(wrapper.findAll('[data-testid=probe-envelope]').map((e) => e.text())).toEqual(['content', '—']);
  });

  it('says "Ready for Aisle" when nothing blocks, and shows a failed call as an error', async () => {
    let answer: ProbeReport | Failure = { ...REPORT, blockers: [], warnings: [], ready: true };
    const client = scriptedClient({ 'diagnostics.get': () => ({ server: SERVER, clockSkewMs: null, requests: [] }), 'diagnostics.probe': () => answer });
    const { wrapper } = await mountWith(DiagnosticsView, client);
    await flushPromises();
    await wrapper.get('[data-testid=probe-email]').setValue('it@example.com');
    await wrapper.get('[data-testid=probe-password]').setValue('secret');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'diagnostics.probe')?.args).toEqual({ server: SERVER, email: 'it@example.com', password: 'secret' });
    expect(wrapper.get('[data-testid=probe-verdict]').text()).toBe('Ready for Aisle');
    answer = new Failure('invalid_argument', 'The server address is not a URL.');
    await wrapper.get('[data-testid=probe-password]').setValue('secret');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.find('[data-testid=probe-verdict]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=probe-error]').text()).not.toBe('');
  });
});
