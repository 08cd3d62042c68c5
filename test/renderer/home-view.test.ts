// The home screen tells the signed-in user what the session itself says in words (a profile that
// names no facility: which facilities are kept offline instead).
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import HomeView from '../../renderer/src/features/search/HomeView.vue';
import { ANA, mountWith, NO_SYNC, scriptedClient } from './support.ts';

describe('the home screen', () => {
  it("shows the session's notice, and nothing when it has none", async () => {
    const notice = 'Your profile names no facility; keeping Memphis Hub and Reno DC offline.';
    const client = scriptedClient({ 'sync.status': () => NO_SYNC, 'recent.list': () => ({ records: [] }) });
    const { wrapper } = await mountWith(HomeView, client);
    useSessionStore().view = { ...ANA, notice };
    await flushPromises();
    expect(wrapper.get('[data-testid=session-notice]').text()).toBe(notice);
    useSessionStore().view = { ...ANA, notice: null };
    await flushPromises();
    expect(wrapper.find('[data-testid=session-notice]').exists()).toBe(false);
    wrapper.unmount();
  });
});
