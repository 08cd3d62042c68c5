// The demo server's error body (design.md section 3): { status, error, message, path, timestamp, details? }.
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { errorAnswer } from '../profile/error-shape.ts';
import type { ErrorShape } from '../profile/server-profile.ts';

export interface ErrorDetail {
  field?: string;
  message: string;
}

/** A failure with its HTTP status; the server turns it into the JSON error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly details?: ErrorDetail[];
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new HttpError(400, message, { details });
export const unauthorized = (message = 'A valid session is required.') =>
  new HttpError(401, message, { headers: { 'WWW-Authenticate': 'Bearer realm="aisle-demo"' } });
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

export function sendError(res: ServerResponse, path: string, error: HttpError, shape: ErrorShape = 'demo'): void {
  if (res.headersSent) {
    // the body had started: all we can do is cut the stream so the client sees it incomplete
    res.destroy();
    return;
  }
  if (shape !== 'demo') {
    const answer = errorAnswer(shape, error.status, error.message, path, error.details);
    res.writeHead(error.status, { 'Content-Type': answer.contentType, 'Content-Length': Buffer.byteLength(answer.text), 'Cache-Control': 'no-store', ...error.headers });
    res.end(answer.text);
    return;
  }
  const body: Record<string, unknown> = {
    status: error.status,
    error: STATUS_CODES[error.status] ?? 'Error',
    message: error.message,
    path,
    timestamp: new Date().toISOString(),
  };
  if (error.details?.length) body.details = error.details;
  const text = JSON.stringify(body);
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...error.headers,
  });
  res.end(text);
}
