// "Print label" on item and location pages: only with a printer in settings; one press sends one
// label through main, and says where it went or why it did not.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import PrintLabel from '../../renderer/src/features/record/PrintLabel.vue';
import { useSettingsStore } from '../../renderer/src/features/settings/settings-store.ts';
import { Failure, mountWith, scriptedClient } from './support.ts';

describe('print label', () => {
  it('is not offered without a printer; with one, sends the label and says where', async () => {
    let fail = false;
    const client = scriptedClient({
      'labels.print': ({ copies }) => (fail ? new Failure('printer_unreachable') : { printer: '10.0.4.21', copies: copies ?? 1, bytes: 412 }),
    });
    const { wrapper } = await mountWith(PrintLabel, client, { props: { list: 'locations', id: 'loc-7' } });
    expect(wrapper.find('[data-testid=print-label]').exists()).toBe(false);
    useSettingsStore().settings = { ...DEFAULT_SETTINGS, labelPrinter: '10.0.4.21' };
    await flushPromises();
    await wrapper.get('[data-testid=print-label]').trigger('click');
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'labels.print').map((c) => c.args)).toEqual([{ list: 'locations', id: 'loc-7', copies: 1 }]);
    expect(wrapper.get('[data-testid=print-label-done]').text()).toBe('Label sent to 10.0.4.21.');

    fail = true;
    await wrapper.get('[data-testid=print-label]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid=print-label-done]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=print-label-error]').text()).toBe('The label printer cannot be reached. Check that it is on, and its address in Settings.');
    wrapper.unmount();
  });
});
