// The closed set of error codes that may cross the contract. Every failure a host returns is one of
// these; anything else is reported as `internal` (and logged in main without secrets).
import { noticeInEnglish, type Notice } from './notices.ts';

export const ERROR_CODES = [
  'invalid_argument', // arguments failed the method's zod schema
  'unknown_method', // no such method in the contract
  'forbidden_sender', // IPC from a frame that is not the app's own
  'not_signed_in', // the method needs a session or an open mirror
  'wrong_credentials', // e-mail or password refused (online or offline)
  'user_disabled',
  'license_disabled',
  'license_required', // several licenses and none chosen
  'too_many_attempts', // offline sign-in rate limit
  'session_expired', // refresh failed; the mirror stays readable
  'locked', // the session is locked (idle, or by the user): unlock with the password, or sign out
  'offline', // server unreachable (network error, refused, DNS)
  'timeout',
  'unauthorized', // 401 that survived one refresh
  'forbidden', // 403
  'not_found', // 404, or a record id that is not in the mirror
  'rate_limited', // 429; message carries the wait
  'server_error', // 5xx
  'bad_response', // the server answered something that is not what the spec says
  'conflict', // e.g. a sync round already running, a held dataset no longer held
  'mirror_error', // the SQLite mirror refused (newer version, corrupt file)
  'mirror_preparing', // the mirror file is being upgraded to this version's schema (off the main thread): it opens shortly
  'scan_misread', // a barcode whose check digit or structure is wrong
  'printer_unreachable', // the label printer did not take the label (refused, no route, timed out)
  'not_implemented',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ContractError {
  code: ErrorCode;
  message: string;
  /** Seconds to wait before retrying, for `rate_limited`. */
  retryAfterSeconds?: number;
  /** HTTP status when the error came from the server. */
  status?: number;
  /** Wrong tries still allowed before a lock-out (a PIN's). */
  triesLeft?: number;
  /** The fact behind the message, when it is one the window words itself (the message is its English). */
  notice?: Notice;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ContractError };

/** A typed error thrown inside main; hosts turn it into `{ ok: false, error }`. */
export class AisleError extends Error {
  readonly code: ErrorCode;
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly triesLeft?: number;
  readonly notice?: Notice;
  constructor(code: ErrorCode, message: string, extra: { status?: number; retryAfterSeconds?: number; triesLeft?: number; notice?: Notice; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'AisleError';
    this.code = code;
    this.status = extra.status;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.triesLeft = extra.triesLeft;
    this.notice = extra.notice;
  }

  toContractError(): ContractError {
    const error: ContractError = { code: this.code, message: this.message };
    if (this.status !== undefined) error.status = this.status;
    if (this.retryAfterSeconds !== undefined) error.retryAfterSeconds = this.retryAfterSeconds;
    if (this.triesLeft !== undefined) error.triesLeft = this.triesLeft;
    if (this.notice !== undefined) error.notice = this.notice;
    return error;
  }
}

/** An error that is a fact the window words itself: its message is the notice's English (what the CLI prints). */
export function noticeError(code: ErrorCode, notice: Notice, extra: { cause?: unknown } = {}): AisleError {
  return new AisleError(code, noticeInEnglish(notice), { notice, cause: extra.cause });
}
