// How a seat's requests reach its site relay: through the same network setup as a request to the
// warehouse server (api/network.ts: the proxy chosen for the relay's address, the policy's CA bundle,
// the OS store in the Electron host), by axios, as the server's requests go. Node's own fetch would
// take neither: it goes direct and trusts only Node's CAs, so an HTTPS relay signed by a site's own
// CA, or one behind a proxy, would not answer. The catalog and a changes answer are small and read
// whole; a dataset whole is streamed (a stock of millions of rows held whole, and its records cut
// from it, would take gigabytes), and the seat applies it as it comes, in one transaction it commits
// only once the array has ended.
import type { Readable } from 'node:stream';
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

/** A relay answer of status 200 as it streams, or any other status read whole. */
export type RelayStreamAnswer = { status: 200; stream: AsyncIterable<Buffer> } | RelayAnswer;

/**
 * GET `path` of the relay at `relayUrl` as a stream: `idleMs` allowed until the headers, and between
 * two chunks of the body (a whole dataset takes as long as it takes, while it keeps coming). No
 * answer, and a body that breaks or stalls, are `offline` AisleErrors in the words of `relayGet`.
 */
export async function relayStreamGet(relayUrl: string, path: string, options: { headers?: Record<string, string>; idleMs: number; failed: string }): Promise<RelayStreamAnswer> {
  let res;
  try {
    res = await axios.request<Readable>({
      ...(await transportFor(relayUrl)),
      baseURL: relayUrl,
      url: path,
      method: 'GET',
      headers: options.headers,
      responseType: 'stream',
      decompress: true,
      timeout: options.idleMs,
      validateStatus: () => true,
      maxRedirects: 0,
    });
  } catch (error) {
    if (error instanceof AisleError) throw error;
    const reason = (error as { code?: string }).code === 'ECONNABORTED' ? `No answer came within ${spelled(options.idleMs)}.` : transportReason(error);
    throw new AisleError('offline', `${options.failed}. ${reason} The mirror is kept as it was.`, { cause: error });
  }
  const body = watched(res.data, options.idleMs, options.failed);
  if (res.status === 200) return { status: 200, stream: body };
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk);
  } catch {
    // a broken error body is still an answer of its status
  }
  return { status: res.status, body: Buffer.concat(chunks) };
}

/** The body's chunks; a break, or `idleMs` with no chunk while one is awaited, ends it with an `offline` AisleError. */
async function* watched(source: Readable, idleMs: number, failed: string): AsyncGenerator<Buffer> {
  let timer: NodeJS.Timeout | undefined;
  let stalled = false;
  const arm = () => {
    timer = setTimeout(() => {
      stalled = true;
      source.destroy(new Error('stalled'));
    }, idleMs);
  };
  try {
    const chunks = source[Symbol.asyncIterator]();
    for (;;) {
      // the time the seat spends applying a chunk is its own: only the wait for the next counts
      arm();
      const next = await chunks.next();
      clearTimeout(timer);
      if (next.done) return;
      yield next.value as Buffer;
    }
  } catch (error) {
    const reason = stalled ? `Nothing more came for ${spelled(idleMs)} in the middle of the answer.` : transportReason(error);
    throw new AisleError('offline', `${failed}. ${reason} The mirror is kept as it was.`, { cause: error });
  } finally {
    clearTimeout(timer);
    source.destroy();
  }
}

const spelled = (ms: number) => (ms < 10_000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 1000)} s`);
