// A record as JSON, under its fields: what the server sent, to read and to copy; when the
// clipboard refuses, the text is selected for Ctrl+C and the page says so.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RecordFields from '../../renderer/src/features/record/RecordFields.vue';
import { mountWith, scriptedClient } from './support.ts';

const RECORD = { id: 'c1', code: 'ACME', name: 'Acme Ltd', credit_limit: 2500.5, parent_id: null, tags: ['wholesale', 'eu'], address: { city: 'Lyon', zip: '69002' } };

afterEach(() => vi.restoreAllMocks());

describe('a record as JSON', () => {
  it('shows every field with its type, and copies exactly that text', async () => {
    const { wrapper } = await mountWith(RecordFields, scriptedClient({}), { props: { record: RECORD } });
    const text = wrapper.get('[data-testid=record-json-text]').text();
    expect(JSON.parse(text)).toEqual(RECORD);
    expect(text).toContain('"parent_id": null');
    expect(text).toContain('"credit_limit": 2500.5');
    expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(RECORD)); // the server's order, not sorted

    const written: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (value: string) => void written.push(value));
    await wrapper.get('[data-testid=copy-json]').trigger('click');
    await flushPromises();
    expect(written).toEqual([text]);
    expect(wrapper.get('[data-testid=copy-json-done]').text()).toBe('Copied.');
    wrapper.unmount();
  });

  it('selects the text for Ctrl+C when the clipboard refuses, and says so', async () => {
    const { wrapper } = await mountWith(RecordFields, scriptedClient({}), { props: { record: RECORD }, locale: 'es' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Document is not focused.', 'NotAllowedError'));
    await wrapper.get('[data-testid=copy-json]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid=copy-json-done]').text()).toBe('No se pudo copiar: el texto está seleccionado, pulse Ctrl+C.');
    expect(window.getSelection()?.toString()).toBe(wrapper.get('[data-testid=record-json-text]').text());
    wrapper.unmount();
  });
});
