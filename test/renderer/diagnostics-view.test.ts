// The diagnostics page: the server, its clock in words, the requests (newest first) with their
// answers and failures in the user's language, and a sync request copied as a curl command that
// repeats it without the token. curlOf's quoting is checked by running the command's words
// through a real shell.
import { execFileSync } from 'node:child_process';
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostics, RequestRecord } from '../../electron/contract/types.ts';
import { curlOf } from '../../renderer/src/features/settings/curl.ts';
import DiagnosticsView from '../../renderer/src/features/settings/DiagnosticsView.vue';
import { Failure, mountWith, scriptedClient } from './support.ts';

const SERVER = 'https://wms.example.com';
const AT = new Date().toISOString();
const record = (over: Partial<RequestRecord>): RequestRecord => ({
  at: AT, by: 'sync', method: 'GET', url: `${SERVER}/v1/api/pub/lists/accounts/a1/items/query`, status: 200, ms: 41, serverDate: AT, error: null, body: null, why: null, repeated: 1, ...over,
});
const STOCK = record({ method: 'POST', url: `${SERVER}/v1/api/pub/inv/query`, body: `{"facilityId":"f1","note":"it's"}`, why: 'history-not-read' });
const PING = record({ by: 'session', url: `${SERVER}/v1/auth/pub/ping`, repeated: 14 });
const DOWN = record({ by: 'sync', url: `${SERVER}/v1/api/pub/lists/users/query`, status: null, ms: 15_000, serverDate: null, error: { code: 'timeout', message: 'The server did not answer in time.' } });

afterEach(() => vi.restoreAllMocks());

describe('curlOf', () => {
  it('repeats a sync request word for word, with the token read from $AISLE_TOKEN, and none for the session', () => {
    const command = curlOf(STOCK)!;
    expect(command).not.toMatch(/eyJ|Bearer [^$]/);
    // the shell splits it into the words curl would get
    const words = execFileSync('sh', ['-c', `AISLE_TOKEN=t0k3n; set -- ${command}; for w in "$@"; do printf '%s\\n' "$w"; done`], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(words).toEqual(['curl', '-sS', '-X', 'POST', `${SERVER}/v1/api/pub/inv/query`, '-H', 'Authorization: Bearer t0k3n', '-H', 'Accept: application/json', '-H', 'Content-Type: application/json', '--data', STOCK.body]);
    expect(curlOf(record({}))).toBe(`curl -sS '${SERVER}/v1/api/pub/lists/accounts/a1/items/query' -H "Authorization: Bearer $AISLE_TOKEN" -H 'Accept: application/json'`);
    expect(curlOf(PING)).toBe(null);
  });
});

describe('the diagnostics page', () => {
  function client(d: Partial<Diagnostics> | Failure) {
    return scriptedClient({ 'diagnostics.get': () => (d instanceof Failure ? d : { server: SERVER, clockSkewMs: null, requests: [], ...d }) });
  }

  it('shows the server, its clock in words, and each request with its answer or what failed', async () => {
    const { wrapper } = await mountWith(DiagnosticsView, client({ clockSkewMs: -200_400, requests: [DOWN, STOCK, PING] }));
    expect(wrapper.get('[data-testid=diagnostics-server]').text()).toBe(SERVER);
    expect(wrapper.get('[data-testid=diagnostics-clock]').text()).toBe('3 min 20 s behind this workstation.');
    const rows = wrapper.findAll('[data-testid=request-row]');
    expect(rows.map((r) => r.find('.request .mono').text())).toEqual(['GET /v1/api/pub/lists/users/query', 'POST /v1/api/pub/inv/query', 'GET /v1/auth/pub/ping']);
    expect(rows.map((r) => r.get('[data-testid=request-status]').text())).toEqual(['—', '200', '200']);
    expect(rows[0]!.get('[data-testid=request-error]').text()).toBe('The server took too long to answer.');
    expect(rows[2]!.get('[data-testid=request-repeated]').text()).toBe('14 times');
    expect(rows.map((r) => (r.find('[data-testid=request-body]').exists() ? r.get('[data-testid=request-body]').text() : null))).toEqual([null, STOCK.body, null]);
    expect(rows.map((r) => r.find('[data-testid=copy-curl]').exists())).toEqual([true, true, false]);
    // why a stock was read whole, in words
    expect(rows.map((r) => (r.find('[data-testid=request-why]').exists() ? r.get('[data-testid=request-why]').text() : null))).toEqual([null, 'Stock read whole: the history was not read this round.', null]);

    const written: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (value: string) => void written.push(value));
    await rows[1]!.get('[data-testid=copy-curl]').trigger('click');
    await flushPromises();
    expect(written).toEqual([curlOf(STOCK)]);
    expect(rows[1]!.get('[data-testid=copy-curl-done]').text()).toBe('Copied.');
    wrapper.unmount();
  });

  it('saves the diagnostics file for IT and says where, in Spanish too', async () => {
    const saved = { file: '/home/ana/Downloads/aisle-diagnostics-electron-2026-03-07-10-00-00.zip', bytes: 40_000, entries: ['README.txt'] };
    for (const [locale, words] of [['en', 'Saved /home/ana/Downloads/aisle-diagnostics-electron-2026-03-07-10-00-00.zip: attach it to your ticket. It holds no password, PIN or token.'], ['es', 'Guardado /home/ana/Downloads/aisle-diagnostics-electron-2026-03-07-10-00-00.zip: adjúntelo a su incidencia. No contiene contraseñas, PIN ni tokens.']] as const) {
      const calls: string[] = [];
      const scripted = scriptedClient({ 'diagnostics.get': () => ({ server: SERVER, clockSkewMs: null, requests: [] }), 'diagnostics.bundle': () => (calls.push('bundle'), saved) });
      const { wrapper } = await mountWith(DiagnosticsView, scripted, { locale });
      expect(wrapper.find('[data-testid=diagnostics-bundle-saved]').exists()).toBe(false);
      await wrapper.get('[data-testid=diagnostics-bundle]').trigger('click');
      await flushPromises();
      expect(calls).toEqual(['bundle']);
      expect(wrapper.get('[data-testid=diagnostics-bundle-saved]').text()).toBe(words);
      wrapper.unmount();
    }
  });

  it('says a clock in step, one not known yet, and one ahead, in Spanish too', async () => {
    const says = async (clockSkewMs: number | null, locale: 'en' | 'es' = 'en') => {
      const { wrapper } = await mountWith(DiagnosticsView, client({ clockSkewMs }), { locale });
      const text = wrapper.get('[data-testid=diagnostics-clock]').text();
      wrapper.unmount();
      return text;
    };
    expect(await says(1_400)).toBe('In step with this workstation.');
    expect(await says(null)).toBe('Not known yet: no answer from the server.');
    expect(await says(45_000)).toBe('45 s ahead of this workstation.');
    expect(await says(3_600_000, 'es')).toBe('60 min y 0 s por delante de este puesto.');
  });

  it('says why it cannot show anything (locked, from another window)', async () => {
    const { wrapper } = await mountWith(DiagnosticsView, client(new Failure('locked')));
    expect(wrapper.get('[data-testid=diagnostics-error]').text()).toContain('locked');
    expect(wrapper.find('[data-testid=diagnostics-requests]').exists()).toBe(false);
    wrapper.unmount();
  });
});
