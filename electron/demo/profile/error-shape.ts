// The error bodies of other servers: Spring's, RFC 9457 problem details, ASP.NET's ModelState, plain
// text, an HTML page; each names the fields it refuses in its own way. (The demo's own shape is
// written by http/errors.ts.)
import { STATUS_CODES } from 'node:http';
import type { ErrorShape } from './server-profile.ts';

/** What a refused request says of one field (the demo's errors carry these as `details`). */
export interface FieldDetail {
  field?: string;
  message: string;
}

export interface ErrorAnswer {
  contentType: string;
  text: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

export function errorAnswer(shape: Exclude<ErrorShape, 'demo'>, status: number, message: string, path: string, details: FieldDetail[] = []): ErrorAnswer {
  const reason = STATUS_CODES[status] ?? 'Error';
  const fields = details.filter((d): d is Required<FieldDetail> => d.field !== undefined);
  switch (shape) {
    case 'spring': {
      const errors = fields.length ? { errors: fields.map((d) => ({ field: d.field, defaultMessage: d.message })) } : {};
      return { contentType: 'application/json', text: JSON.stringify({ timestamp: new Date().toISOString(), status, error: reason, message, path, ...errors }) };
    }
    case 'rfc9457': {
      const invalid = fields.length ? { 'invalid-params': fields.map((d) => ({ name: d.field, reason: d.message })) } : {};
      return { contentType: 'application/problem+json', text: JSON.stringify({ type: 'about:blank', title: reason, status, detail: message, instance: path, ...invalid }) };
    }
    case 'aspnet': {
      // ModelState: the fields' messages by field name; the title says only that some were refused
      const errors = fields.length ? Object.fromEntries(fields.map((d) => [d.field, [d.message]])) : { '': [message] };
      const title = fields.length ? 'One or more validation errors occurred.' : reason;
      return { contentType: 'application/problem+json; charset=utf-8', text: JSON.stringify({ type: 'https://tools.ietf.org/html/rfc9110', title, status, errors, traceId: '00-demo-00' }) };
    }
    case 'text': {
      const named = fields.map((d) => `; ${d.field}: ${d.message}`).join('');
      return { contentType: 'text/plain; charset=utf-8', text: `${status} ${reason}: ${message}${named}` };
    }
    case 'html':
      return {
        contentType: 'text/html; charset=utf-8',
        text: `<!DOCTYPE html><html><head><title>${status} ${escapeHtml(reason)}</title></head><body><h1>${status} ${escapeHtml(reason)}</h1><p>${escapeHtml(message)}</p></body></html>`,
      };
  }
}
