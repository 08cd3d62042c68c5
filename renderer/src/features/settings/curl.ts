// A sync request as a curl command, to repeat it from a terminal exactly as Aisle sent it. The token
// is never in it (a shared workstation's clipboard is anyone's): it reads $AISLE_TOKEN instead.
import type { RequestRecord } from '@contract/types.ts';

/** One shell word, in single quotes (a quote inside closes, escapes and reopens them). */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The command, for a sync request (the session's use cookies and credentials: none is offered). */
export function curlOf(request: Pick<RequestRecord, 'by' | 'method' | 'url' | 'body'>): string | null {
  if (request.by !== 'sync') return null;
  const words = ['curl', '-sS'];
  if (request.method !== 'GET') words.push('-X', request.method);
  words.push(quoted(request.url), '-H', '"Authorization: Bearer $AISLE_TOKEN"', '-H', quoted('Accept: application/json'));
  if (request.body !== null) words.push('-H', quoted('Content-Type: application/json'), '--data', quoted(request.body));
  return words.join(' ');
}

/** The clock difference in words' parts: whole minutes and seconds, and which way. */
export function skewParts(ms: number): { minutes: number; seconds: number; ahead: boolean } {
  const total = Math.round(Math.abs(ms) / 1000);
  return { minutes: Math.floor(total / 60), seconds: total % 60, ahead: ms > 0 };
}
