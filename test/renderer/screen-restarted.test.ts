// After main reloaded a crashed or hung window (`?restarted=1`), the page says calmly that the
// screen restarted and the data is safe, in the user's language, until it is acknowledged; a page
// opened normally says nothing.
import { afterEach, describe, expect, it } from 'vitest';
import ScreenRestarted from '../../renderer/src/ScreenRestarted.vue';
import { mountWith, scriptedClient } from './support.ts';

describe('the screen-restarted message', () => {
  afterEach(() => window.history.replaceState({}, '', '/'));

  it('is shown after a restart, in English and Spanish, until OK', async () => {
    window.history.replaceState({}, '', '/?restarted=1');
    for (const [locale, words] of [['en', 'Aisle restarted the screen — your data is safe.'], ['es', 'Aisle reinició la pantalla: sus datos están a salvo.']] as const) {
      const { wrapper } = await mountWith(ScreenRestarted, scriptedClient({}), { locale });
      expect(wrapper.get('[data-testid=screen-restarted]').attributes('role')).toBe('status');
      expect(wrapper.get('[data-testid=screen-restarted] span').text()).toBe(words);
      await wrapper.get('[data-testid=screen-restarted] button').trigger('click');
      expect(wrapper.find('[data-testid=screen-restarted]').exists()).toBe(false);
      wrapper.unmount();
    }
  });

  it('is not shown on a page opened normally', async () => {
    const { wrapper } = await mountWith(ScreenRestarted, scriptedClient({}));
    expect(wrapper.find('[data-testid=screen-restarted]').exists()).toBe(false);
    wrapper.unmount();
  });
});
