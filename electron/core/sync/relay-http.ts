// How a seat's requests reach its site relay: through the same network setup as a request to the
// warehouse server (api/network.ts: the proxy chosen for the relay's address, the policy's CA bundle,
// the OS store in the Electron host), by axios, as the server's requests go. Node's own fetch would
// take neither: it goes direct and trusts only Node's CAs, so an HTTPS relay signed by a site's own
// CA, or one behind a proxy, would not answer. The relay's answers are JSON arrays that could be
// streamed, but a seat applies a generation whole or not at all and cuts each record from the bytes
// as the relay wrote them, so an answer is read whole, as before.
import axios from 'axios';
import { AisleError } from '../../contract/errors.ts';
import { networkError } from '../api/http-errors.ts';
import { transportFor } from '../api/network.ts';

export interface RelayAnswer {
  status: number;
  body: Buffer;
}

/**
 * GET `path` of the relay at `relayUrl`, whatever status it answers. No answer at all (no route,
 * refused, a proxy that will not open a tunnel, an untrusted certificate, no answer in time) is an
 * `offline` AisleError: "`failed`. The reason. The mirror is kept as it was."
 */
export async function relayGet(relayUrl: string, path: string, options: { headers?: Record<string, string>; timeoutMs: number; failed: string }): Promise<RelayAnswer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs);
  try {
    const res = await axios.request<ArrayBuffer>({
      ...(await transportFor(relayUrl)),
      baseURL: relayUrl,
      url: path,
      method: 'GET',
      headers: options.headers,
      responseType: 'arraybuffer',
      decompress: true,
      signal: abort.signal,
      validateStatus: () => true,
      // the seat's token goes to the relay's address only
      maxRedirects: 0,
    });
    return { status: res.status, body: Buffer.from(res.data) };
  } catch (error) {
    // the network setup's own error (a CA bundle file that cannot be read) says it already
    if (error instanceof AisleError) throw error;
    const reason = abort.signal.aborted ? `No answer came within ${Math.round(options.timeoutMs / 1000)} s.` : transportReason(error);
    throw new AisleError('offline', `${options.failed}. ${reason} The mirror is kept as it was.`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The reason in words: the network layer's (a certificate, a proxy's refusal) with Node's own detail, said of the relay. */
function transportReason(error: unknown): string {
  const typed = networkError(error, undefined, 'The relay').message;
  const detail = error instanceof Error ? error.message : String(error);
  if (!detail || typed.includes(detail)) return typed;
  return `${typed.replace(/\.$/, '')}: ${detail}.`;
}
