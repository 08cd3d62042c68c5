// The shape of a notice (notices.ts), checked by zod like the rest of the contract: whatever a core
// hands a window as a notice must parse here (test/contract/notice-schema.test.ts).
import { z } from 'zod';
import type { Notice } from './notices.ts';

const scope = z.enum(['account', 'facility']);
const lists = z.array(z.object({ list: z.string(), label: z.string() }).strict());

export const noticeSchema: z.ZodType<Notice> = z.discriminatedUnion('code', [
  z.object({ code: z.literal('profile_names_no_facility'), facilities: z.array(z.string()) }).strict(),
  z.object({ code: z.literal('plain_http'), host: z.string().min(1) }).strict(),
  z.object({ code: z.literal('disk_full') }).strict(),
  z.object({ code: z.literal('mirror_damaged') }).strict(),
  z.object({ code: z.literal('sync_running') }).strict(),
  z.object({ code: z.literal('scope_kept'), scope, name: z.string(), lists }).strict(),
  z.object({ code: z.literal('scope_removed'), scope, name: z.string(), lists }).strict(),
]);
