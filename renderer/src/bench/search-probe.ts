// Keystroke-to-paint of the search box, for the benchmark (test/bench/renderer-search.bench.ts),
// measured from outside the box: from the keydown in the search field to the frame after the answer
// to that same text is on screen, with where the time went (waiting for an earlier request, the
// round trip to main, main's search, the page's own update and paint). Installed only when the
// benchmark asks for it (main.ts), so a workstation's page carries none of it.
import type { Pinia } from 'pinia';
import { nextTick, watch } from 'vue';
import { COMMAND_PREFIX } from '../commands.ts';
import { useSearchStore } from '../features/search/search-store.ts';
import { measure } from './measure.ts';

/** The id of the search box's field (SearchBox.vue). */
const SEARCH_FIELD = 'global-search';

/** Starts measuring; the page's `<html data-search-probe="on">` says it is listening. Returns its stop. */
export function installSearchProbe(target: Window, pinia: Pinia): () => void {
  const search = useSearchStore(pinia);
  /** The keystroke being answered: its text and its keydown time, where its measurement starts. */
  let typedAt: { q: string; at: number } | null = null;
  let keyDownAt: number | null = null;
  const inField = (event: Event) => (event.target as HTMLElement | null)?.id === SEARCH_FIELD;

  // Capturing: these run before the box's own handlers, whatever they do with the event.
  const onKeyDown = (event: Event) => {
    if (inField(event)) keyDownAt = event.timeStamp;
  };
  const onInput = (event: Event) => {
    if (!inField(event)) return;
    const q = (event.target as HTMLInputElement).value;
    // `>` lists actions: nothing is searched, nothing to measure
    typedAt = q.startsWith(COMMAND_PREFIX) ? null : { q, at: keyDownAt ?? event.timeStamp };
    keyDownAt = null;
  };
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('input', onInput, true);

  const unwatch = watch(
    () => search.result,
    async (result) => {
      const pending = typedAt;
      if (!result || !pending || result.query !== pending.q) return;
      typedAt = null;
      const answered = performance.now();
      const timing = search.timing();
      await nextTick();
      const updated = performance.now();
      target.requestAnimationFrame(() =>
        setTimeout(() => {
          const painted = performance.now();
          const detail = timing && timing.query === pending.q
            ? { waited: timing.sentAt - pending.at, request: timing.answeredAt - timing.sentAt, core: result.tookMs, page: painted - answered, update: updated - answered }
            : undefined;
          measure('search:keystroke-to-paint', pending.at, painted, detail);
          measure('search:answer-to-paint', answered, painted);
        }, 0),
      );
    },
  );
  target.document.documentElement.dataset.searchProbe = 'on';

  return () => {
    unwatch();
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('input', onInput, true);
    delete target.document.documentElement.dataset.searchProbe;
  };
}
