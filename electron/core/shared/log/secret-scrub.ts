// What the log must never hold, taken out before a line is written, whoever logged it: a field
// named like a secret (a token, a password, a PIN, an Authorization or Cookie header) loses its value
// at any depth, and a text that carries one (a bearer token or a JWT quoted in an error message,
// `password=...` in a URL) has it blotted out. Callers are asked to pass no secrets; this is the net.

export const REDACTED = '[redacted]';

/** Field names whose values are secrets, compared without case, dashes or underscores. */
const SECRET_KEY = /token|password|passwd|secret|pin$|^pin|pins|authorization|cookie|credential|apikey|session(id|key)|exitpassword|salt/;

const normalisedKey = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(normalisedKey(key));
}

/** Texts that are secrets wherever they stand. */
const SECRET_TEXT: [RegExp, string][] = [
  // Authorization: Bearer <token>, Basic <credentials>
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`],
  // a JWT (three base64url parts, the first a JSON header)
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // key=value or "key": "value" pairs named like a secret (a query string, a form body, a JSON text)
  [/(["']?[\w-]*(?:token|password|passwd|secret|pins?(?![a-z])|cookie|authorization)[\w-]*["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi, `$1${REDACTED}`],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of `value` with every secret field's value and every secret text taken out. */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  // deep enough for any field a caller logs; deeper is cut rather than walked
  if (depth > 8) return '[deep]';
  if (value instanceof Error) return scrubSecrets({ name: value.name, message: value.message, code: (value as NodeJS.ErrnoException).code }, depth + 1);
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  // a yes/no named like a secret (unlockWithPin) tells nothing secret
  for (const [key, item] of Object.entries(value)) out[key] = isSecretKey(key) && typeof item !== 'boolean' && item !== null ? REDACTED : scrubSecrets(item, depth + 1);
  return out;
}
