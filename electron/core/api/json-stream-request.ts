// Opens a list or inventory response as a byte stream, never buffering it whole (design.md section 3).
// Conditional: sends If-None-Match and reports 304. Failures are AisleErrors with the closed codes.
import type { Readable } from 'node:stream';
import axios, { type AxiosResponse } from 'axios';
import { AisleError } from '../../contract/errors.ts';

export interface StreamRequest {
  baseUrl: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  accessToken: string;
  etag?: string | null;
  signal?: AbortSignal;
  /** Time allowed until the response headers arrive, and between body chunks. */
  timeoutMs?: number;
}

export type StreamResponse =
  | { status: 304; etag: string | null }
  | { status: 200; etag: string | null; body: Readable; contentLength: number | null; serverDate: string | null };

export async function openJsonStream(request: StreamRequest): Promise<StreamResponse> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${request.accessToken}`,
    Accept: 'application/json',
    'Accept-Encoding': 'gzip',
  };
  if (request.etag) headers['If-None-Match'] = request.etag;
  let response: AxiosResponse<Readable>;
  try {
    response = await axios.request<Readable>({
      baseURL: request.baseUrl,
      url: request.path,
      method: request.method ?? 'GET',
      data: request.body,
      headers,
      responseType: 'stream',
      decompress: true,
      timeout: request.timeoutMs ?? 30_000,
      signal: request.signal,
      validateStatus: () => true,
      maxRedirects: 0,
    });
  } catch (error) {
    throw networkError(error);
  }
  const etag = (response.headers.etag as string | undefined) ?? null;
  if (response.status === 304) {
    response.data.resume();
    return { status: 304, etag };
  }
  if (response.status !== 200) {
    const message = await readSmall(response.data);
    throw statusError(response.status, message, response.headers['retry-after'] as string | undefined);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('json')) {
    response.data.destroy();
    throw new AisleError('bad_response', `The server answered ${type || 'no content type'} where JSON was expected.`, { status: 200 });
  }
  const length = Number(response.headers['content-length']);
  return {
    status: 200,
    etag,
    body: response.data,
    contentLength: Number.isFinite(length) ? length : null,
    serverDate: (response.headers.date as string | undefined) ?? null,
  };
}

export function networkError(error: unknown): AisleError {
  if (error instanceof AisleError) return error;
  if (axios.isCancel(error)) return new AisleError('timeout', 'The request was cancelled.', { cause: error });
  const code = (error as { code?: string }).code;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return new AisleError('timeout', 'The server took too long to answer.', { cause: error });
  return new AisleError('offline', 'The server cannot be reached.', { cause: error });
}

export function statusError(status: number, serverMessage: string, retryAfter?: string): AisleError {
  const detail = serverMessage ? `: ${serverMessage}` : '';
  if (status === 401) return new AisleError('unauthorized', `The server refused the session${detail}`, { status });
  if (status === 403) return new AisleError('forbidden', `Not allowed${detail}`, { status });
  if (status === 404) return new AisleError('not_found', `Not found on the server${detail}`, { status });
  if (status === 429) {
    const seconds = Number(retryAfter);
    const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : 30;
    return new AisleError('rate_limited', `The server asks to wait ${wait} s before trying again.`, { status, retryAfterSeconds: wait });
  }
  if (status >= 500) return new AisleError('server_error', `The server failed (${status})${detail}`, { status });
  return new AisleError('bad_response', `Unexpected answer ${status}${detail}`, { status });
}

async function readSmall(stream: Readable, limit = 8192): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= limit) {
        stream.destroy();
        break;
      }
    }
  } catch {
    // a broken error body is still an error of its status
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, limit);
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
    return String(parsed.message ?? parsed.error ?? '').slice(0, 300);
  } catch {
    return '';
  }
}
