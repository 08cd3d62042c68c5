// The shape of a notice (electron/contract/notices.ts) in zod, for the tests: whatever a core hands
// a window as a notice must parse here (notice-schema.test.ts).
import { z } from 'zod';
import type { Notice } from '../../electron/contract/notices.ts';

const scope = z.enum(['account', 'facility']);
const list = z.object({ list: z.string(), label: z.string() }).strict();
const lists = z.array(list);
const bytes = z.number().nonnegative();

export const noticeSchema: z.ZodType<Notice> = z.discriminatedUnion('code', [
  z.object({ code: z.literal('profile_names_no_facility'), facilities: z.array(z.string()) }).strict(),
  z.object({ code: z.literal('plain_http'), host: z.string().min(1) }).strict(),
  z.object({ code: z.literal('disk_full') }).strict(),
  z.object({ code: z.literal('mirror_damaged') }).strict(),
  z.object({ code: z.literal('sync_running') }).strict(),
  z.object({ code: z.literal('scope_kept'), scope, name: z.string(), lists }).strict(),
  z.object({ code: z.literal('scope_removed'), scope, name: z.string(), lists }).strict(),
  z.object({ code: z.literal('dataset_not_held'), key: z.string(), list }).strict(),
  z.object({ code: z.literal('mirror_unopenable'), detail: z.string() }).strict(),
  z.object({ code: z.literal('mirror_newer'), version: z.number().int(), known: z.number().int() }).strict(),
  z.object({ code: z.literal('mirror_not_ready') }).strict(),
  z.object({ code: z.literal('mirror_file_damaged'), detail: z.string() }).strict(),
  z.object({ code: z.literal('mirror_damaged_ask_again') }).strict(),
  z.object({ code: z.literal('mirror_damaged_sync_again'), file: z.string().min(1) }).strict(),
  z.object({ code: z.literal('disk_full_unopenable'), detail: z.string() }).strict(),
  z.object({ code: z.literal('disk_full_unprepared') }).strict(),
  z.object({ code: z.literal('disk_full_unreadable'), detail: z.string() }).strict(),
  z
    .object({ code: z.literal('disk_space_short'), list, scopeName: z.string().nullable(), folder: z.string(), free: bytes, needed: bytes, datasetBytes: bytes, spare: bytes })
    .strict(),
  z
    .object({
      code: z.literal('answer_past_disk_room'),
      list,
      scopeName: z.string().nullable(),
      folder: z.string(),
      used: bytes,
      room: bytes,
      free: bytes,
      spare: bytes,
      records: z.number().int().nonnegative(),
      announced: z.number().nonnegative().nullable(),
    })
    .strict(),
  z.object({ code: z.literal('settings_disk_full') }).strict(),
  z.object({ code: z.literal('kiosk_not_on') }).strict(),
  z.object({ code: z.literal('sign_in_cancelled'), why: z.enum(['replaced', 'signed_out', 'closing']) }).strict(),
  z.object({ code: z.literal('relay_fallback'), relay: z.string().min(1), server: z.string().min(1), detail: z.string() }).strict(),
]);
