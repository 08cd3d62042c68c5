// The one summary of the sync every host says (summarizeSync): which causes need someone to act,
// and how current the data read is. The window's line and `aisle status` show these numbers; they
// decide nothing of their own.
import { describe, expect, it } from 'vitest';
import type { DatasetStatus } from '../../electron/contract/types.ts';
import { summarizeSync } from '../../electron/core/sync/sync-status.ts';

const at = (hours: number, minutes = 0) => new Date(Date.UTC(2026, 10, 26, hours, minutes)).toISOString();

function dataset(key: string, patch: Partial<DatasetStatus> = {}): DatasetStatus {
  return {
    key, list: key, label: key, scope: { kind: 'global', id: null, name: null }, lastSuccessAt: at(11), lastAttemptAt: at(11), etag: null,
    rows: 1, lastError: null, stale: false, staleAfterMinutes: 60, fullCheckAt: null, held: null, syncing: false, ...patch,
  };
}

const held = { currentRows: 10, incomingRows: 1, wouldDelete: 9, receivedAt: at(11) };

describe('what needs attention, decided once in the summary', () => {
  it("counts the causes someone must act on, not the network's, which are still grouped for IT's lines", () => {
    const datasets = [
      dataset('a', { lastError: { code: 'offline', message: 'ECONNREFUSED' } }),
      dataset('b', { lastError: { code: 'offline', message: 'ENETUNREACH' } }),
      dataset('c', { lastError: { code: 'timeout', message: 'no answer in 30 s' } }),
      dataset('d', { lastError: { code: 'server_error', message: 'HTTP 500' } }),
      dataset('e', { held }),
    ];
    const summary = summarizeSync(datasets);
    expect(summary.problems.map((p) => [p.code, p.attention, p.lists.length])).toEqual([
      ['offline', false, 2],
      ['timeout', false, 1],
      ['server_error', true, 1],
      ['held', true, 1],
    ]);
    expect(summary.attention).toBe(2);
    expect(summary.state).toBe('problems');
  });

  it("counts a sync that failed before any list only when its cause is not the network's", () => {
    const fine = [dataset('a', { lastAttemptAt: at(11) })];
    const offline = summarizeSync(fine, { at: at(11, 30), code: 'offline', message: 'The server cannot be reached.' });
    expect([offline.state, offline.attention]).toEqual(['failed', 0]);
    const refused = summarizeSync(fine, { at: at(11, 30), code: 'unauthorized', message: 'HTTP 401' });
    expect([refused.state, refused.attention]).toEqual(['failed', 1]);
    // a round since has spoken: the old failure is no cause any more
    expect(summarizeSync(fine, { at: at(10, 30), code: 'unauthorized', message: 'HTTP 401' }).attention).toBe(0);
  });

  it('nothing failed: nothing needs attention', () => {
    expect(summarizeSync([dataset('a'), dataset('b', { stale: true })]).attention).toBe(0);
    expect(summarizeSync([]).attention).toBe(0);
  });
});

describe('how current the data read is', () => {
  it('the oldest last success of the lists read, a list never read aside (the state says it)', () => {
    const summary = summarizeSync([dataset('a', { lastSuccessAt: at(11) }), dataset('b', { lastSuccessAt: at(9, 15) }), dataset('c', { lastSuccessAt: null })]);
    expect(summary.oldestDataAt).toBe(at(9, 15));
    expect(summary.lastDataAt).toBe(at(11));
    expect(summary.state).toBe('out-of-date');
  });

  it('nothing read: no time at all', () => {
    const summary = summarizeSync([dataset('a', { lastSuccessAt: null })]);
    expect(summary.oldestDataAt).toBeNull();
    expect(summary.lastDataAt).toBeNull();
  });
});
