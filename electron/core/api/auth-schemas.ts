// zod schemas of the auth operations' answers (spec 2.4–2.7). Lenient where real servers differ
// (missing optional fields, nulls, unknown fields kept), strict on the fields we rely on.
import { z } from 'zod';
import { AisleError } from '../../contract/errors.ts';

const optText = z.string().nullish().transform((v) => v ?? '');
const optBool = (fallback: boolean) => z.boolean().nullish().transform((v) => v ?? fallback);
const optInt = z.number().int().nullish().transform((v) => v ?? 0);
const instant = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a date-time' });
    return z.NEVER;
  }
  return new Date(ms).toISOString();
});

export const licenseSchema = z.looseObject({
  id: z.string().min(1),
  customer_id: optText,
  customer_name: optText,
  license_type: optText,
  enabled: optBool(true),
  production: optBool(false),
  description: optText,
  number_full_users: optInt,
  number_rf_users: optInt,
  number_ro_users: optInt,
  number_facilities: optInt,
  number_transactions: optInt,
  number_integrations: optInt,
  msg: optText,
});
export type License = z.infer<typeof licenseSchema>;
export const licensesSchema = z.array(licenseSchema);

export const sessionResponseSchema = z.looseObject({
  redirectURL: z.string().nullish(),
  refreshToken: z.string().min(1),
  expiresAt: instant,
});

export const sessionInfoSchema = z.looseObject({
  userEmail: z.string(),
  licenseId: z.string(),
  sn: z.string(),
  expiresAt: instant,
  zoneIdStr: optText,
});

const refSchema = z.looseObject({ id: z.union([z.string(), z.number()]).transform(String), code: optText, name: optText });

export const userSchema = z.looseObject({
  id: z.string().min(1),
  email: z.string(),
  name: z.string().nullish(),
  locale: z.string().nullish(),
  enabled: z.boolean().nullish(),
  facilities: z.array(refSchema).nullish().transform((v) => v ?? []),
  roles: z.array(refSchema).nullish().transform((v) => v ?? []),
});
export type User = z.infer<typeof userSchema>;

/** Validates a parsed body; a mismatch is `bad_response`, naming the first offending field. */
export function validate<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join('.')}: ${issue.message})` : issue ? ` (${issue.message})` : '';
  throw new AisleError('bad_response', `The server's answer to ${what} is not what the interface describes${where}.`);
}
