// The probe's own HTTP: one attempt per call, no retries, a time bound, and at most a bounded part
// of each body read (a probe looks at a first page, it does not download a warehouse).
export interface ProbeAnswer {
  status: number | null;
  ms: number;
  headers: Headers | null;
  /** The body as text, cut at the bound. */
  text: string;
  truncated: boolean;
  /** Set when there was no HTTP answer (refused, DNS, timeout). */
  networkError: string | null;
}

export interface ProbeRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  maxBytes: number;
  timeoutMs: number;
}

async function readBounded(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  if (!body) return { text: '', truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= maxBytes) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  return { text: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'), truncated };
}

export async function probeCall(request: ProbeRequest): Promise<ProbeAnswer> {
  const started = performance.now();
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const { text, truncated } = await readBounded(response.body, request.maxBytes);
    return { status: response.status, ms: Math.round(performance.now() - started), headers: response.headers, text, truncated, networkError: null };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${Math.round(request.timeoutMs / 1000)} s` : cause ? `cannot reach the server (${cause})` : `cannot reach the server (${(error as Error).message})`;
    return { status: null, ms: Math.round(performance.now() - started), headers: null, text: '', truncated: false, networkError: why };
  }
}

/** A JSON body, or undefined when it is not JSON (or was cut short). */
export function jsonOf(answer: ProbeAnswer): unknown {
  if (!answer.text) return undefined;
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/** A few words from an error body of any shape: JSON (message, detail, error, title), text, or HTML. */
export function errorWords(answer: ProbeAnswer): string {
  const json = jsonOf(answer) as Record<string, unknown> | undefined;
  if (json && typeof json === 'object') {
    for (const key of ['message', 'detail', 'error_description', 'error', 'title']) if (typeof json[key] === 'string' && json[key]) return String(json[key]).replace(/\.$/, '').slice(0, 200);
  }
  const text = answer.text.replace(/<(script|style|title)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.replace(/\.$/, '').slice(0, 200);
}
