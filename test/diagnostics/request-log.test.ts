// The requests made to the server lately: newest first, a repeat with the same outcome counted on
// the newest entry, at most REQUESTS_KEPT, the server's clock read from the newest Date header.
import { describe, expect, it } from 'vitest';
import type { RequestReport } from '../../electron/core/api/request-report.ts';
import { createRequestLog, REQUESTS_KEPT } from '../../electron/core/api/request-log.ts';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const report = (over: Partial<RequestReport> = {}): RequestReport => ({
  at: new Date(T0).toISOString(),
  method: 'GET',
  url: 'https://wms.example.com/v1/auth/pub/ping',
  status: 200,
  ms: 12,
  serverDate: null,
  error: null,
  body: null,
  why: null,
  ...over,
});

describe('the request log', () => {
  it('counts a repeat with the same outcome on the newest entry, and lists any other change apart', () => {
    const log = createRequestLog();
    log.add('session', report());
    log.add('session', report({ at: new Date(T0 + 60_000).toISOString(), ms: 15 }));
    expect(log.list()).toEqual([{ ...report({ at: new Date(T0 + 60_000).toISOString(), ms: 15 }), by: 'session', repeated: 2 }]);
    const offline = { code: 'offline', message: 'The server cannot be reached.' };
    log.add('session', report({ status: null, error: offline }));
    log.add('session', report({ status: null, error: offline }));
    log.add('sync', report({ status: null, error: offline })); // another part asking
    log.add('session', report());
    expect(log.list().map((r) => [r.by, r.status, r.repeated])).toEqual([['session', 200, 1], ['sync', null, 1], ['session', null, 2], ['session', 200, 2]]);
    // the same URL with another body (inventory queries) is another request
    log.add('sync', report({ method: 'POST', url: 'https://wms.example.com/v1/api/pub/inv/query', body: '{"facility_id":"f1"}' }));
    log.add('sync', report({ method: 'POST', url: 'https://wms.example.com/v1/api/pub/inv/query', body: '{"facility_id":"f2"}' }));
    expect(log.list()[0]!.repeated).toBe(1);
  });

  it('keeps the newest REQUESTS_KEPT, and forgets everything when cleared', () => {
    const log = createRequestLog();
    for (let n = 0; n < REQUESTS_KEPT + 20; n++) log.add('sync', report({ url: `https://wms.example.com/v1/api/pub/lists/items/${n}` }));
    const urls = log.list().map((r) => r.url);
    expect(urls.length).toBe(REQUESTS_KEPT);
    expect(urls[0]).toMatch(/\/119$/);
    expect(urls.at(-1)).toMatch(/\/20$/);
    log.add('session', report({ serverDate: new Date(T0).toISOString() }));
    log.clear();
    expect([log.list(), log.clockSkewMs()]).toEqual([[], null]);
  });

  it("reads the server's clock from the newest answer with a Date header, to within its second", () => {
    const log = createRequestLog();
    expect(log.clockSkewMs()).toBe(null);
    // answered at T0 + 200 ms (sent at T0, 200 ms to the headers) by a server 90 s behind: its header says T0 - 90 s, whole seconds
    log.add('session', report({ ms: 200, serverDate: new Date(T0 - 90_000).toISOString() }));
    expect(Math.abs(log.clockSkewMs()! + 90_000)).toBeLessThanOrEqual(1000);
    log.add('session', report({ serverDate: null })); // no header: the last reading stands
    expect(Math.abs(log.clockSkewMs()! + 90_000)).toBeLessThanOrEqual(1000);
    log.add('sync', report({ at: new Date(T0 + 5_000).toISOString(), ms: 0, serverDate: new Date(T0 + 5_000 + 3_600_000).toISOString() }));
    expect(Math.abs(log.clockSkewMs()! - 3_600_000)).toBeLessThanOrEqual(1000);
  });
});
