// The session cookie of one server, kept in memory only. Auth calls carry it instead of an
// Authorization header (spec 5.5). One jar per signed-in session; paths and domains are ignored
// because the jar only ever talks to that one server.

export interface SetCookie {
  name: string;
  value: string;
  expired: boolean;
}

export function parseSetCookie(line: string, now = Date.now()): SetCookie | null {
  const [pair, ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  let value = pair.slice(eq + 1).trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
  let expired = value === '';
  for (const attribute of attributes) {
    const [key, ...rest] = attribute.split('=');
    const attrValue = rest.join('=').trim();
    const lower = key.trim().toLowerCase();
    if (lower === 'max-age' && Number(attrValue) <= 0) expired = true;
    if (lower === 'expires') {
      const at = Date.parse(attrValue);
      if (!Number.isNaN(at) && at <= now) expired = true;
    }
  }
  return { name, value, expired };
}

export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Takes every Set-Cookie of a response; expired ones delete. */
  absorb(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const cookie = parseSetCookie(line);
      if (!cookie) continue;
      if (cookie.expired) this.#cookies.delete(cookie.name);
      else this.#cookies.set(cookie.name, cookie.value);
    }
  }

  /**
   * Makes sure the jar carries the session's JWT: when the server delivered it by header or
   * redirect and set no cookie of its own, the auth calls still need it as `access_token`.
   */
  ensureToken(token: string): void {
    if (![...this.#cookies.values()].includes(token)) this.#cookies.set('access_token', token);
  }

  header(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clear(): void {
    this.#cookies.clear();
  }
}
