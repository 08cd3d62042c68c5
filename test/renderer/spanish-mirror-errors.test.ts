// A mirror error the core throws reaches a Spanish screen in Spanish: the search box shows the
// damage a query met, worded from the error's notice, with none of the core's English beside it.
// The error is the real one: the core's damage guard around a query that meets a file that is not
// a database, passed through the contract's dispatch as main passes it to the window.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../electron/contract/dispatch.ts';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { guardAgainstDamage } from '../../electron/core/lookup/damage-guard.ts';
import type { MirrorManager } from '../../electron/core/mirror/mirror-manager.ts';
import SearchBox from '../../renderer/src/features/search/SearchBox.vue';
import { es } from '../../renderer/src/shared/i18n/es.ts';
import { eachTestFolder } from '../support/each-test-folder.ts';
import { Failure, mountWith, scriptedClient } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

/** Words of the core's English sentences about the offline data file, any of which on a Spanish screen is a fault. */
const ENGLISH = /\b(the|is|and|it|was|offline|data|file|damaged|moved|aside|again|ask|moment)\b/i;

describe('a mirror error on a Spanish screen', () => {
  it('the damage a search met, in Spanish words only', async () => {
    const file = path.join(dir, 'mirror.sqlite');
    writeFileSync(file, 'not a database at all, just some text that is long enough '.repeat(20));
    const setAside: unknown[] = [];
    const mirrors = { setDamagedAside: (error: unknown) => setAside.push(error) } as unknown as MirrorManager;
    const core = guardAgainstDamage(mirrors, {
      'search.query': () => {
        openMirror(file, { readonly: true }).close();
        return { query: '', scan: { kind: 'plain', text: '' }, hits: [], opens: opensOf([]), tookMs: 0 };
      },
    } as unknown as Handlers);
    const client = scriptedClient({
      'search.query': async (args) => {
        const result = await dispatch(core, 'search.query', args);
        return result.ok ? result.value : new Failure(result.error.code, result.error.message, { notice: result.error.notice });
      },
    });
    const { wrapper } = await mountWith(SearchBox, client, { locale: 'es' });
    await wrapper.get('[data-testid=search-input]').setValue('SKU-10');
    await flushPromises();

    expect(setAside).toHaveLength(1);
    const shown = wrapper.get('[data-testid=search-error]');
    expect(shown.attributes('data-code')).toBe('mirror_error');
    expect(shown.text()).toBe(es.notices.mirrorDamagedAskAgain);
    expect(shown.text()).not.toContain(noticeInEnglish({ code: 'mirror_damaged_ask_again' }));
    expect(shown.text()).not.toMatch(ENGLISH);
    wrapper.unmount();
  });
});
