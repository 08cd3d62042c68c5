// The window words the core's notices; the CLI prints them in English from the contract. Both must
// say the same in English, and Spanish must never fall back to it.
import { describe, expect, it } from 'vitest';
import { NAMED_IN_FULL, NOTICE_CODES, noticeInEnglish, type Notice } from '../../electron/contract/notices.ts';
import { createAppI18n } from '../../renderer/src/shared/i18n/index.ts';
import { LIST_NAMES } from '../../renderer/src/shared/i18n/labels.ts';
import { noticeWords } from '../../renderer/src/shared/i18n/notice-words.ts';

const lists = [{ list: 'items', label: 'Items' }, { list: 'carriers', label: 'Carriers' }, { list: 'customers', label: 'Customers' }, { list: 'channels', label: 'Channels' }];

/** One notice of each code, and the variants that word differently. */
const NOTICES: Notice[] = [
  { code: 'profile_names_no_facility', facilities: [] },
  { code: 'profile_names_no_facility', facilities: ['Memphis Hub'] },
  { code: 'profile_names_no_facility', facilities: ['Memphis Hub', 'Reno DC'] },
  { code: 'profile_names_no_facility', facilities: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] },
  { code: 'plain_http', host: 'wms.example.com:8080' },
  { code: 'disk_full' },
  { code: 'mirror_damaged' },
  { code: 'sync_running' },
  { code: 'scope_kept', scope: 'account', name: 'Globex', lists },
  { code: 'scope_kept', scope: 'facility', name: 'Reno DC', lists: [{ list: 'inventory', label: 'Inventory' }] },
  { code: 'scope_removed', scope: 'account', name: 'Globex', lists },
  { code: 'scope_removed', scope: 'facility', name: 'Reno DC', lists: [{ list: 'inventory', label: 'Inventory' }, { list: 'history', label: 'Inventory history' }] },
  { code: 'dataset_not_held', key: 'items', list: { list: 'items', label: 'Items' } },
  { code: 'mirror_unopenable', detail: 'unable to open database file' },
  { code: 'mirror_newer', version: 99, known: 14 },
  { code: 'mirror_not_ready' },
  { code: 'mirror_file_damaged', detail: 'file is not a database' },
  { code: 'mirror_damaged_ask_again' },
  { code: 'mirror_damaged_sync_again', file: '/var/lib/aisle/mirrors/0a1b.sqlite' },
  { code: 'disk_full_unopenable', detail: 'database or disk is full' },
  { code: 'disk_full_unprepared' },
  { code: 'disk_full_unreadable', detail: 'database or disk is full' },
  { code: 'disk_space_short', list: { list: 'items', label: 'Items' }, scopeName: null, folder: '/var/lib/aisle/mirrors', free: 10 * 1024 * 1024, needed: 2048 * 1024 * 1024, datasetBytes: 1000, spare: 64 * 1024 * 1024 },
  { code: 'disk_space_short', list: { list: 'inventory', label: 'Inventory' }, scopeName: 'Reno DC', folder: '/var/lib/aisle/mirrors', free: 512, needed: 3 * 1024 * 1024, datasetBytes: 1024 * 1024, spare: 1024 * 1024 },
  { code: 'settings_disk_full' },
  { code: 'kiosk_not_on' },
  { code: 'sign_in_cancelled', why: 'replaced' },
  { code: 'answer_past_disk_room', list: { list: 'items', label: 'Items' }, scopeName: 'Acme', folder: '/var/lib/aisle/mirrors', used: 40 * 1024 * 1024, room: 32 * 1024 * 1024, free: 128 * 1024 * 1024, spare: 64 * 1024 * 1024, records: 1_250_000, announced: null },
  { code: 'answer_past_disk_room', list: { list: 'users', label: 'Users' }, scopeName: null, folder: '/data', used: 3 * 1024 * 1024, room: 2 * 1024 * 1024, free: 68 * 1024 * 1024, spare: 64 * 1024 * 1024, records: 2_000, announced: 10_000_000 },
  { code: 'sign_in_cancelled', why: 'signed_out' },
  { code: 'sign_in_cancelled', why: 'closing' },
  { code: 'relay_fallback', relay: 'http://relay.site:8780', server: 'https://wms.example.com', detail: 'The site relay at http://relay.site:8780 does not answer (GET /relay/v1/info); the mirror is kept as it was.' },
];

function worded(locale: 'en' | 'es', notice: Notice): string {
  const i18n = createAppI18n(locale).global;
  return noticeWords(i18n, (l) => LIST_NAMES[locale]?.[l.list] ?? l.label, notice);
}

describe("the core's notices in words", () => {
  it('has a sample of every code the contract knows', () => {
    expect(new Set(NOTICES.map((n) => n.code))).toEqual(new Set(NOTICE_CODES));
  });

  it("the window's English is the CLI's, word for word", () => {
    for (const notice of NOTICES) expect(worded('en', notice), notice.code).toBe(noticeInEnglish(notice));
  });

  it('Spanish words every notice, and no English sentence of the notices reaches it', () => {
    for (const notice of NOTICES) {
      const words = worded('es', notice);
      expect(words, notice.code).not.toBe(noticeInEnglish(notice));
      // SQLite's own words follow quoted, for IT: the quote holds them and nothing else
      const quoted = [...words.matchAll(/«([^»]*)»/g)].map((m) => m[1]);
      expect(quoted, notice.code).toEqual('detail' in notice ? [notice.detail] : []);
      const es = words.replace(/«[^»]*»/g, '«»');
      expect(es, notice.code).not.toMatch(/\b(the|your|is|and|its|from|this|workstation|offline)\b/i);
      expect(es, notice.code).not.toMatch(/notices\./);
    }
    expect(worded('es', NOTICES.find((n) => n.code === 'profile_names_no_facility' && n.facilities.length > NAMED_IN_FULL)!)).toBe('Su perfil no indica ningún almacén; se guardan sin conexión A, B, C, D, E y 2 más.');
    expect(worded('es', NOTICES.find((n) => n.code === 'disk_space_short' && n.scopeName !== null)!)).toBe(
      'Existencias de Reno DC no se actualizó: el disco de los datos sin conexión (/var/lib/aisle/mirrors) tiene 1 KB libres y actualizarlos necesita unos 3 MB (el doble de sus 1 MB más 1 MB de margen). Se conservan los últimos datos buenos; libere espacio en el disco.',
    );
    expect(worded('es', NOTICES.find((n) => n.code === 'scope_kept')!)).toBe('La cuenta Globex ya no está en la lista del servidor: sus artículos, canales, clientes y transportistas se quedan en este puesto hasta que la próxima sincronización completa confirme que ya no existe.');
  });
});
