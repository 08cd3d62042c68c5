// After a scan the window flashes (and, with the setting on, sounds) found, several or nothing, so a
// worker looking at the shelf knows without reading the screen.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { feedbackOf, TONES } from '../../renderer/src/features/scanner/feedback.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import { FRESH, mountWith, scriptedClient } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

const hit = (id: string, match: SearchHit['match']): SearchHit => ({ kind: 'item', list: 'items', id, code: id, title: id, match, field: 'sku', age: FRESH });
const result = (q: string, hits: SearchHit[], scan: SearchResult['scan'] = { kind: 'plain', text: q }): SearchResult => ({ query: q, scan, hits, opens: opensOf(hits), tookMs: 0.1 });

/** happy-dom has no Web Audio: a stand-in that records the tones asked for. */
const played: number[] = [];
class RecordingAudio {
  currentTime = 0;
  destination = {};
  createGain() {
    return { gain: { value: 0 }, connect: (next: unknown) => next };
  }
  createOscillator() {
    const oscillator = { type: '', frequency: { value: 0 }, connect: (next: unknown) => next, start: () => played.push(oscillator.frequency.value), stop: () => {} };
    return oscillator;
  }
}
Object.assign(globalThis, { AudioContext: RecordingAudio });

afterEach(() => {
  played.length = 0;
  document.body.innerHTML = '';
});

describe('scan feedback', () => {
  it('tells an opened scan from several matches and from nothing or a misread', () => {
    const outcome = (r: SearchResult | null, opened: SearchHit | null) => ({ code: 'x', result: r, opened, error: null });
    expect(feedbackOf(outcome(result('x', [hit('a', 'exact')]), hit('a', 'exact')))).toBe('found');
    expect(feedbackOf(outcome(result('x', [hit('a', 'prefix'), hit('b', 'prefix')]), null))).toBe('several');
    expect(feedbackOf(outcome(result('x', []), null))).toBe('none');
    expect(feedbackOf(outcome(result('x', [hit('a', 'word')], { kind: 'misread', reason: 'check digit', raw: 'x' }), null))).toBe('none');
    expect(feedbackOf(outcome(null, null))).toBe('none');
  });

  for (const scanSound of [true, false]) {
    it(`flashes after each scan${scanSound ? ', and sounds' : ', silent with the tone off'}`, async () => {
      const client = scriptedClient({
        'session.current': () => ({ ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com' }),
        'settings.get': () => ({ ...DEFAULT_SETTINGS, scanSound }),
        'search.query': ({ q }) => (q === 'SKU-0001' ? result(q, [hit('SKU-0001', 'exact')]) : result(q, [])),
      });
      const { wrapper } = await mountWith(App, client, { path: '/sync' });
      const scan = async (code: string) => {
        for (const key of [...code, 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
        await flushPromises();
      };
      await scan('SKU-0001');
      expect(wrapper.get('[data-testid=scan-flash]').attributes('data-feedback')).toBe('found');
      await scan('NOPE-999');
      expect(wrapper.get('[data-testid=scan-flash]').attributes('data-feedback')).toBe('none');
      expect(played).toEqual(scanSound ? [TONES.found[0]![0], TONES.none[0]![0]] : []);
      wrapper.unmount();
    });
  }
});
