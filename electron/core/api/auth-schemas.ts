// zod schemas of the auth operations' answers (spec 2.4–2.7). The spec leaves types loose and the
// element shapes of `roles` and `facilities` unshown, so every field is read for what it gives:
// numbers as strings, "true"/1 as booleans, dates in any common form, unknown fields kept. Only what
// a session cannot do without (a license's id) is an error.
import { z } from 'zod';
import { AisleError } from '../../contract/errors.ts';
import { readInstant } from './instant.ts';

/** Text from a string, number or boolean; '' for anything else. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** A boolean from true/false, "true"/"false", "yes"/"no", "Y"/"N", 1/0; `fallback` for anything else. */
export function flagOf(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['true', 'yes', 'y', '1', 'on', 'enabled', 'active'].includes(v)) return true;
    if (['false', 'no', 'n', '0', 'off', 'disabled', 'inactive'].includes(v)) return false;
  }
  return fallback;
}

/** A whole number from a number or a numeric string; 0 for anything else. */
function countOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** A field read by `read`, whatever it holds, present or not. */
const field = <T>(read: (value: unknown) => T) => z.unknown().optional().transform(read);
const text = field(textOf);
const optionalText = field((v) => textOf(v) || null);
const flag = (fallback: boolean) => field((v) => flagOf(v, fallback));
const count = field(countOf);
/** An instant as ISO text, or '' when absent or unreadable. */
const instant = field((v) => {
  const ms = readInstant(v);
  return ms === null ? '' : new Date(ms).toISOString();
});

/** An identifier: a non-empty string, or a number (kept as its text). */
const identifier = z.union([z.string().trim().min(1), z.number().transform(String)], { error: 'no usable id (expected text or a number)' });

export const licenseSchema = z.looseObject({
  id: identifier,
  customer_id: text,
  customer_name: text,
  license_type: text,
  enabled: flag(true),
  production: flag(false),
  description: text,
  number_full_users: count,
  number_rf_users: count,
  number_ro_users: count,
  number_facilities: count,
  number_transactions: count,
  number_integrations: count,
  msg: text,
});
export type License = z.infer<typeof licenseSchema>;
export const licensesSchema = z.array(licenseSchema);

/** Session creation and refresh (spec 2.4): every field is optional; the token may be anywhere (token-capture.ts). */
export const sessionResponseSchema = z.looseObject({
  redirectURL: optionalText,
  refreshToken: optionalText,
  expiresAt: field(readInstant),
  /** OAuth2's form of the same: the refresh token, and the access token's life in seconds. */
  refresh_token: optionalText,
  expires_in: field((v) => {
    const seconds = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  }),
});

export const sessionInfoSchema = z.looseObject({
  userEmail: text,
  licenseId: text,
  sn: text,
  expiresAt: instant,
  zoneIdStr: text,
});

/** One element of a profile's `facilities` or `roles`: an object of any common naming, or a bare id. */
export interface Ref {
  id: string;
  code: string;
  name: string;
}

const ID_KEYS = ['id', 'facilityId', 'facility_id', 'roleId', 'role_id', 'uuid', 'key'];
const CODE_KEYS = ['code', 'facilityCode', 'facility_code', 'roleCode', 'shortName', 'abbreviation', 'authority'];
const NAME_KEYS = ['name', 'facilityName', 'facility_name', 'roleName', 'role_name', 'label', 'title', 'description', 'authority'];

function firstText(record: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = textOf(record[key]).trim();
    if (value) return value;
  }
  return '';
}

/** A Ref from any element; null when nothing in it can name the thing. */
export function refOf(element: unknown): Ref | null {
  if (typeof element === 'string' || typeof element === 'number') {
    const value = String(element).trim();
    return value ? { id: value, code: value, name: '' } : null;
  }
  if (element === null || typeof element !== 'object' || Array.isArray(element)) return null;
  const record = element as Record<string, unknown>;
  const code = firstText(record, CODE_KEYS);
  const name = firstText(record, NAME_KEYS);
  const id = firstText(record, ID_KEYS) || code || name;
  return id ? { id, code, name } : null;
}

/** Every element that names something; a field that is not a list (or is absent) gives []. */
const refs = field((value) => (Array.isArray(value) ? value.map(refOf).filter((r) => r !== null) : []));

/** The user profile (spec 2.7). A server that answers one-element arrays is read as that element. */
export const userSchema = z.preprocess(
  (value) => (Array.isArray(value) && value.length === 1 ? value[0] : value),
  z.looseObject({
    id: text,
    email: text,
    name: optionalText,
    locale: optionalText,
    enabled: flag(true),
    facilities: refs,
    roles: refs,
  }),
);
export type User = z.infer<typeof userSchema>;

/** Validates a parsed body; a mismatch is `bad_response`, naming the first offending field. */
export function validate<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join('.')}: ${issue.message})` : issue ? ` (${issue.message})` : '';
  throw new AisleError('bad_response', `The server's answer to ${what} is not what the interface describes${where}.`);
}
