// The core's notices are facts; the window words them in the user's language. In English it says
// what the CLI says (noticeInEnglish), and in Spanish every notice is Spanish: no English sentence
// from the core reaches a Spanish screen.
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { NOTICE_CODES, noticeInEnglish, type Notice } from '../../electron/contract/notices.ts';
import { useNoticeWords } from '../../renderer/src/shared/i18n/notice-words.ts';
import { mountWith, scriptedClient } from './support.ts';

const items = { list: 'items', label: 'Items' };
const carriers = { list: 'carriers', label: 'Carriers' };
const inventory = { list: 'inventory', label: 'Inventory' };
/** One or more of every kind of notice, with the shapes that word differently (one name, many, a list or several). */
const SAMPLES: Notice[] = [
  { code: 'facilities_from_list', facilities: [] },
  { code: 'facilities_from_list', facilities: ['Memphis Hub'] },
  { code: 'facilities_from_list', facilities: ['Memphis Hub', 'Reno DC', 'Irvine'] },
  { code: 'facilities_from_list', facilities: ['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7'] },
  { code: 'plain_http', host: 'wms.example.com:8080' },
  { code: 'mirror_moved_aside' },
  { code: 'disk_full' },
  { code: 'scope_kept_while_gone', scope: 'account', name: 'Globex', lists: [items] },
  { code: 'scope_kept_while_gone', scope: 'facility', name: 'Reno DC', lists: [inventory, { list: 'history', label: 'Inventory history' }] },
  { code: 'scope_removed', scope: 'account', name: 'Globex', lists: [carriers, { list: 'channels', label: 'Channels' }, items] },
];
/** Words of the English notices that a Spanish one must not contain. */
const ENGLISH = /\b(the|is|your|offline|server's|workstation|stay|removed|keeping|profile|and|more|file)\b/i;

async function worded(locale: 'en' | 'es'): Promise<string[]> {
  const Show = defineComponent({
    setup() {
      const words = useNoticeWords();
      return () => h('ul', SAMPLES.map((notice) => h('li', words(notice))));
    },
  });
  const { wrapper } = await mountWith(Show, scriptedClient({}), { locale });
  const lines = wrapper.findAll('li').map((li) => li.text());
  wrapper.unmount();
  return lines;
}

describe("the core's notices in the window's words", () => {
  it('has a sample of every notice the contract names', () => {
    expect([...new Set(SAMPLES.map((n) => n.code))].sort()).toEqual([...NOTICE_CODES].sort());
  });

  it('says in English what the CLI says', async () => {
    expect(await worded('en')).toEqual(SAMPLES.map(noticeInEnglish));
  });

  it('says every notice in Spanish, with its names and lists', async () => {
    const spanish = await worded('es');
    expect(spanish.filter((line) => ENGLISH.test(line))).toEqual([]);
    expect(spanish[2]).toBe('Su perfil no indica ningún almacén; se guardan sin conexión Memphis Hub, Reno DC e Irvine.');
    expect(spanish[3]).toContain('A1, B2, C3, D4, E5 y 2 más');
    expect(spanish[4]).toContain('wms.example.com:8080');
    expect(spanish[9]).toBe('Cuenta Globex ya no existe en el servidor: sus transportistas, canales y artículos se han quitado de este puesto.');
  });
});
