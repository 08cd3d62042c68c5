// The search benchmark measures the box from outside it: the box measures nothing itself; the probe,
// once installed, measures each keystroke to the paint of its answer.
import { describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../electron/contract/types.ts';
import { installSearchProbe } from '../../renderer/src/bench/search-probe.ts';
import { SEARCH_PROBE_FLAG, searchProbeWanted } from '../../renderer/src/bench/search-probe-flag.ts';
import SearchBox from '../../renderer/src/features/search/SearchBox.vue';
import { mountWith, scriptedClient } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

const answer = (q: string): SearchResult => ({ query: q, scan: { kind: 'plain', text: q }, hits: [], opens: opensOf([]), tookMs: 3.5 });
const entries = () => performance.getEntriesByName('search:keystroke-to-paint') as PerformanceMeasure[];

async function typeIn(probe: boolean): Promise<{ stop: () => void }> {
  performance.clearMeasures();
  const { wrapper, pinia } = await mountWith(SearchBox, scriptedClient({ 'search.query': ({ q }) => answer(q) }));
  const stop = probe ? installSearchProbe(window, pinia) : () => undefined;
  const input = wrapper.get('[data-testid=search-input]');
  await input.trigger('keydown', { key: 'S' });
  await input.setValue('SKU');
  return {
    stop: () => {
      stop();
      wrapper.unmount();
    },
  };
}

describe('the search probe', () => {
  it('is wanted only when the page was flagged for it', () => {
    expect(searchProbeWanted(window)).toBe(false);
    (window as unknown as Record<string, unknown>)[SEARCH_PROBE_FLAG] = true;
    expect(searchProbeWanted(window)).toBe(true);
    delete (window as unknown as Record<string, unknown>)[SEARCH_PROBE_FLAG];
  });

  it('measures a keystroke to the paint of its answer, with main\'s share, and says it listens', async () => {
    const { stop } = await typeIn(true);
    expect(document.documentElement.dataset.searchProbe).toBe('on');
    await vi.waitFor(() => expect(entries()).toHaveLength(1));
    const [entry] = entries();
    expect(entry!.duration).toBeGreaterThanOrEqual(0);
    expect(entry!.detail).toMatchObject({ core: 3.5 });
    expect(Object.keys(entry!.detail as object).sort()).toEqual(['core', 'page', 'request', 'update', 'waited']);
    stop();
    expect(document.documentElement.dataset.searchProbe).toBeUndefined();
  });

  it('without it, the box measures nothing', async () => {
    const { stop } = await typeIn(false);
    // the answer is on screen: had the box measured it, its entry would be made by the next frame
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(entries()).toEqual([]);
    stop();
  });
});
