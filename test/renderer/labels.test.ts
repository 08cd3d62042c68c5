// Lists and columns are named by main in English; the renderer names them in the other languages,
// by key, so a Spanish-speaking worker does not read "Items" and "Pack qty" among Spanish words.
import { describe, expect, it } from 'vitest';
import type { ListInfo } from '../../electron/contract/types.ts';
import { knownLists } from '../../electron/core/lookup/list-registry.ts';
import { fieldRoles } from '../../electron/core/lists/field-map.ts';
import { KNOWN_FIELDS } from '../../electron/core/lists/registry.ts';
import { LIST_DEFS } from '../../electron/core/sync/dataset-registry.ts';
import { COLUMN_NAMES, LIST_NAMES, ROLE_WORDS_EN } from '../../renderer/src/shared/i18n/labels.ts';
import { LOCALES } from '../../renderer/src/shared/i18n/index.ts';
import ListsView from '../../renderer/src/features/lists/ListsView.vue';
import { mountWith, scriptedClient } from './support.ts';

const info = (list: string, label: string): ListInfo => ({ list, label, kind: 'other', scopeKind: 'global', columns: [], scopes: [] });

describe('names of lists and columns', () => {
  it('every list and every column main names has a name in each other language', () => {
    const lists = [...new Set([...LIST_DEFS.map((d) => d.list), ...knownLists().map((d) => d.list)])];
    const columns = [...new Set(knownLists().flatMap((d) => d.columns.map((c) => c.key)))];
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      expect(lists.filter((l) => !LIST_NAMES[locale]?.[l])).toEqual([]);
      expect(columns.filter((c) => !COLUMN_NAMES[locale]?.[c])).toEqual([]);
    }
  });

  it('every role main reads a key fact, a reference or a known field by has a name in every language', () => {
    const mapped = [...fieldRoles('items', 'items'), ...fieldRoles('locations', 'locations')].map((r) => r.column).filter((c) => c !== 'id' && c !== 'modified_on');
    const roles = [...new Set([...mapped, ...KNOWN_FIELDS])];
    expect(roles).toEqual(expect.arrayContaining(['pack_qty', 'lot_tracked', 'serial_tracked', 'hazmat_id', 'saddr1']));
    expect(roles.filter((r) => !ROLE_WORDS_EN[r])).toEqual([]);
    for (const locale of LOCALES.filter((l) => l !== 'en')) expect(roles.filter((r) => !COLUMN_NAMES[locale]?.[r])).toEqual([]);
  });

  it('the lists screen shows them in the language shown, in that language\'s order; a list it does not know keeps main\'s name', async () => {
    const catalog = [info('carriers', 'Carriers'), info('items', 'Items'), info('cycle-counts', 'Cycle counts'), info('locations', 'Locations')];
    const names = async (locale: 'en' | 'es') => {
      const { wrapper } = await mountWith(ListsView, scriptedClient({ 'lists.catalog': () => catalog }), { locale });
      const shown = wrapper.findAll('.tile .label').map((w) => w.text());
      wrapper.unmount();
      return shown;
    };
    expect(await names('es')).toEqual(['Artículos', 'Cycle counts', 'Transportistas', 'Ubicaciones']);
    expect(await names('en')).toEqual(['Carriers', 'Cycle counts', 'Items', 'Locations']);
  });
});
