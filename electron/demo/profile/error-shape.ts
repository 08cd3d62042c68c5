// The error bodies of other servers: Spring's, RFC 9457 problem details, plain text, an HTML page.
// (The demo's own shape is written by http/errors.ts.)
import { STATUS_CODES } from 'node:http';
import type { ErrorShape } from './server-profile.ts';

export interface ErrorAnswer {
  contentType: string;
  text: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

export function errorAnswer(shape: Exclude<ErrorShape, 'demo'>, status: number, message: string, path: string): ErrorAnswer {
  const reason = STATUS_CODES[status] ?? 'Error';
  switch (shape) {
    case 'spring':
      return { contentType: 'application/json', text: JSON.stringify({ timestamp: new Date().toISOString(), status, error: reason, message, path }) };
    case 'rfc9457':
      return { contentType: 'application/problem+json', text: JSON.stringify({ type: 'about:blank', title: reason, status, detail: message, instance: path }) };
    case 'text':
      return { contentType: 'text/plain; charset=utf-8', text: `${status} ${reason}: ${message}` };
    case 'html':
      return {
        contentType: 'text/html; charset=utf-8',
        text: `<!DOCTYPE html><html><head><title>${status} ${escapeHtml(reason)}</title></head><body><h1>${status} ${escapeHtml(reason)}</h1><p>${escapeHtml(message)}</p></body></html>`,
      };
  }
}
