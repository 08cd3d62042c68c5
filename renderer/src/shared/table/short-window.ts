// Whether the window is short (theme.css's `max-height: 699px`): floor rows are a primary action's
// target there instead of a navigation target's, and the grid's header is one compact row.
import { onBeforeUnmount, ref, type Ref } from 'vue';

export const SHORT_WINDOW = '(max-height: 699px)';

export function useShortWindow(): Ref<boolean> {
  const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(SHORT_WINDOW) : null;
  const short = ref(query?.matches ?? false);
  const changed = (e: MediaQueryListEvent) => (short.value = e.matches);
  query?.addEventListener('change', changed);
  onBeforeUnmount(() => query?.removeEventListener('change', changed));
  return short;
}
