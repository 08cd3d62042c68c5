// A plain http:// server that is not on this machine sees the password in clear at every sign-in
// and every refresh (refresh sends it again when a server gives no refresh token). Aisle warns at
// sign-in, in the session's notice, and IT can forbid such servers with the `allowPlainHttp`
// setting (on a kiosk a workstation setting is IT's: the window cannot change it back).
import { isIP } from 'node:net';
import { AisleError } from '../../contract/errors.ts';
import type { Notice } from '../../contract/types.ts';

/** True for an http:// address whose host is not this machine (loopback or a localhost name). */
export function isPlainHttpElsewhere(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (isIP(host) === 4) return !host.startsWith('127.');
  if (isIP(host) === 6) return host !== '::1';
  return true;
}

/** The warning a session on this server carries, or null when the address is https or this machine. */
export function plainHttpNotice(baseUrl: string | null): Notice | null {
  if (baseUrl === null || !isPlainHttpElsewhere(baseUrl)) return null;
  return { code: 'plain_http', host: new URL(baseUrl).host };
}

/** Refuses, in words, a sign-in that would send the password in clear where policy forbids it. */
export function checkPlainHttpAllowed(baseUrl: string, allowed: boolean): void {
  if (allowed || !isPlainHttpElsewhere(baseUrl)) return;
  throw new AisleError(
    'forbidden',
    `Not signed in: ${baseUrl} is a plain http:// address, and this workstation's policy (set by IT) forbids sending passwords unencrypted. Use the server's https:// address.`,
  );
}
