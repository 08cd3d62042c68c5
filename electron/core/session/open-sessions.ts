// The user's open sessions. The spec has no operation for them; a server may list them with the
// User on /jwt/list (the demo server does, as `sessions`). Entries that do not look like session
// information (spec 2.5) are left out; no list at all gives [].
import { z } from 'zod';
import type { OpenSession } from '../../contract/types.ts';
import { sessionInfoSchema } from '../api/auth-schemas.ts';
import type { User } from '../api/auth-schemas.ts';

const entrySchema = sessionInfoSchema.extend({
  createdAt: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null || Number.isNaN(new Date(v).getTime()) ? null : new Date(v).toISOString())),
});

export function openSessions(user: User, currentSessionId: string | null): OpenSession[] {
  const listed = Array.isArray(user.sessions) ? (user.sessions as unknown[]) : [];
  const out: OpenSession[] = [];
  for (const entry of listed) {
    const parsed = entrySchema.safeParse(entry);
    if (!parsed.success) continue;
    const { userEmail, licenseId, sn, expiresAt, zoneIdStr, createdAt } = parsed.data;
    out.push({ userEmail, licenseId, sn, expiresAt, zoneIdStr, createdAt, current: sn === currentSessionId });
  }
  // This workstation's first, then the newest.
  return out.sort((a, b) => Number(b.current) - Number(a.current) || (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
