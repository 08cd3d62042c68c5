// The closed set of typed errors every REST call ends in (design.md section 3): nothing untyped
// leaves api/. Each carries the HTTP status, names the call that failed when the caller says which,
// and quotes the server's own message, whatever shape its error body has: JSON of any common kind
// (Spring's, RFC 9457 problem details, ASP.NET's ModelState, `{message}`, `{error}`, `{errors: [...]}`),
// plain text, or the HTML page of a proxy or load balancer. The fields a body says are wrong are
// named with what is wrong with each: IT fixes a field, not a status.
import axios from 'axios';
import { AisleError } from '../../contract/errors.ts';

/** Codes the network layer uses for "the request never reached the server": always safe to retry. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** Node's codes for a certificate chain it does not trust, or one that does not fit the server. */
const CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/** The server's message is cut to one line of about this many characters. */
const MESSAGE_CHARS = 300;

/**
 * Maps a thrown transport failure (axios, socket, parser) to an AisleError. `who` is the party that
 * failed to answer, as the message's subject: the warehouse server unless a caller says another
 * (a seat's site relay).
 */
export function networkError(error: unknown, what?: string, who = 'The server'): AisleError {
  if (error instanceof AisleError) return error;
  const of = what ? ` (${what})` : '';
  if (axios.isCancel(error)) return new AisleError('timeout', `The request was cancelled${of}.`, { cause: error });
  const code = String((error as { code?: unknown })?.code ?? '');
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return new AisleError('timeout', `${who} took too long to answer${of}.`, { cause: error });
  if (code.startsWith('HPE_') || code === 'ERR_BAD_RESPONSE' || code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'ERR_FR_MAX_BODY_LENGTH_EXCEEDED') {
    return new AisleError('bad_response', `${who} sent a malformed or oversized answer${of}.`, { cause: error });
  }
  if (CERTIFICATE.has(code) || code.startsWith('ERR_TLS_CERT')) {
    return new AisleError('offline', `${who}'s certificate is not trusted${of}: ${(error as Error).message} (${code}). If a proxy or ${who.toLowerCase()} uses your company's certificate authority, IT names its CA bundle in the machine policy (caBundleFile) or in NODE_EXTRA_CA_CERTS.`, { cause: error });
  }
  if (code === 'EPROXY') return new AisleError('offline', `${(error as Error).message}${of}`, { cause: error });
  if (error instanceof Error && /maxContentLength/.test(error.message)) {
    return new AisleError('bad_response', `${who} sent an oversized answer${of}.`, { cause: error });
  }
  return new AisleError('offline', `${who} cannot be reached${of}.`, { cause: error });
}

/** True when the request certainly never reached the server (so even a non-idempotent call may be retried). */
export function neverSent(error: unknown): boolean {
  const cause = (error instanceof AisleError ? error.cause : error) as { code?: unknown; request?: { reusedSocket?: boolean }; response?: unknown } | undefined;
  const code = String(cause?.code ?? '');
  if (NOT_SENT.has(code)) return true;
  // A kept-alive connection the server (or nginx in front of it) closed just as this request was
  // written on it: reset before any answer. The request never reached the application, so even a
  // sign-in is asked again, on a new connection (Node's advice for `request.reusedSocket`).
  return (code === 'ECONNRESET' || code === 'EPIPE') && cause?.request?.reusedSocket === true && cause.response === undefined;
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** What else a caller knows about a refused call, for a message IT can act on. */
export interface StatusContext {
  /** The call in words, e.g. "the user profile" or "opening the session". */
  what?: string;
  /** The `WWW-Authenticate` header of a 401: says which credentials the server wanted. */
  wwwAuthenticate?: string;
}

/** Maps a non-success HTTP status to an AisleError with the server's own message. */
export function statusError(status: number, serverMessage: string, retryAfter?: string, context: StatusContext = {}): AisleError {
  const detail = serverMessage ? `: ${serverMessage}` : '';
  const to = context.what ? ` to ${context.what}` : '';
  if (status === 401) {
    const asks = context.wwwAuthenticate ? `; it asks for ${oneLine(context.wwwAuthenticate)}` : '';
    const refused = context.what ? `The server refused ${context.what}` : 'The server refused the session';
    return new AisleError('unauthorized', `${refused} (401${asks})${detail}`, { status });
  }
  if (status === 403) return new AisleError('forbidden', `Not allowed${context.what ? `: ${context.what}` : ''} (403)${detail}`, { status });
  if (status === 404) return new AisleError('not_found', `Not found on the server${context.what ? `: ${context.what}` : ''} (404)${detail}`, { status });
  if (status === 429) {
    const wait = parseRetryAfter(retryAfter);
    const when = wait === null ? 'it did not say how long to wait' : `it asks to wait ${wait} s before trying again`;
    return new AisleError('rate_limited', `The server is limiting requests${to} (429): ${when}${detail ? `. ${serverMessage}` : '.'}`, {
      status,
      ...(wait === null ? {} : { retryAfterSeconds: wait }),
    });
  }
  if (status >= 500) return new AisleError('server_error', `The server failed${to ? ` to answer${to}` : ''} (${status})${detail}`, { status });
  return new AisleError('bad_response', `Unexpected answer ${status}${to}${detail}`, { status });
}

/** The server's own message from an error body of any common shape, cut to one line; '' when it says nothing. */
export function serverMessage(text: string, contentType = ''): string {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '') return '';
  if (/html/i.test(contentType) || /^<(!doctype|html|head|body|title|h1|div|p)\b/i.test(body)) return oneLine(htmlMessage(body));
  try {
    return oneLine(jsonMessage(JSON.parse(body) as unknown));
  } catch {
    return oneLine(body);
  }
}

/** Texts that say nothing beyond the status itself (Spring's default). */
const EMPTY_MESSAGES = /^(no message available|null|undefined)$/i;

function jsonMessage(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(jsonMessage).filter(Boolean).join('; ');
  if (value === null || typeof value !== 'object') return '';
  const o = value as Record<string, unknown>;
  const main = mainMessage(o);
  const fields = fieldErrors(o).filter((f) => !main.includes(f));
  if (fields.length === 0) return main;
  return main ? `${main} (${fields.join('; ')})` : fields.join('; ');
}

/** The body's own sentence: RFC 9457's title and detail, `message` and its kin, or `error`. */
function mainMessage(o: Record<string, unknown>): string {
  const texts = (...keys: string[]) => keys.map((k) => o[k]).filter((v): v is string => typeof v === 'string' && v.trim() !== '' && !EMPTY_MESSAGES.test(v.trim()));
  // RFC 9457: the title names the kind of problem, the detail this occurrence.
  const [title] = texts('title');
  const [detail] = texts('detail');
  if (detail) return title && !detail.includes(title) ? `${title}: ${detail}` : detail;
  const [message] = texts('message', 'error_description', 'errorMessage', 'description', 'msg', 'reason');
  if (message) return message;
  if (o.error && typeof o.error === 'object') return jsonMessage(o.error);
  const [error] = texts('error');
  if (error && !fieldErrors(o).length) return error;
  // Spring's `error` is the status's reason ("Bad Request"): the fields say more, when there are any
  return title ?? error ?? '';
}

/**
 * What the body says of each field it refuses, as `field: message`: `errors` as a list (Spring's
 * `[{field, defaultMessage}]`, JSON:API's `[{detail, source: {pointer}}]`, plain strings) or as ASP.NET's
 * ModelState map (`{Field: ["message"]}`), RFC 9457's `invalid-params` (`[{name, reason}]`), Spring's
 * older `fieldErrors`, Zalando's `violations`, and the demo's `details`.
 */
function fieldErrors(o: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['errors', 'invalid-params', 'invalidParams', 'invalid_params', 'fieldErrors', 'violations', 'details']) {
    const list = o[key];
    if (Array.isArray(list)) out.push(...list.map(errorItem));
    else if (key === 'errors' && list !== null && typeof list === 'object') {
      for (const [field, messages] of Object.entries(list as Record<string, unknown>)) {
        const said = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m !== '').join(', ');
        if (said) out.push(field && !said.includes(field) ? `${field}: ${said}` : said);
      }
    }
  }
  return out.filter(Boolean);
}

/** One element of an `errors` list: a string, or an object naming the field and what is wrong. */
function errorItem(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item === null || typeof item !== 'object') return '';
  const o = item as Record<string, unknown>;
  const source = o.source !== null && typeof o.source === 'object' ? (o.source as Record<string, unknown>) : {};
  const message = [o.message, o.defaultMessage, o.reason, o.detail, o.title, o.description, o.error].find((v): v is string => typeof v === 'string' && v !== '') ?? '';
  const field = [o.field, o.name, o.pointer, o.path, o.param, o.propertyPath, source.pointer, source.parameter].find((v): v is string => typeof v === 'string' && v !== '');
  return field && message && !message.includes(field) ? `${field}: ${message}` : message;
}

/**
 * A proxy's or load balancer's page: its <title> or first <h1>, and the first paragraph after it
 * when it says more (an application server's error page puts the reason there); else its text
 * without tags.
 */
function htmlMessage(html: string): string {
  const pick = (tag: string) => new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'i').exec(html)?.[1];
  const text = (t: string | undefined) => (t === undefined ? '' : stripTags(t));
  const heading = [pick('title'), pick('h1')].map(text).find((t) => t !== '');
  const paragraph = text(pick('p'));
  if (heading) return paragraph && !heading.includes(paragraph) ? `${heading}: ${paragraph}` : heading;
  return stripTags(html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' '));
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** Whitespace folded to single spaces and cut to one line. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}
