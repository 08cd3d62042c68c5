// Request bodies: JSON only, at most 1 MiB, parsed and checked against a zod schema.
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { HttpError, badRequest } from './errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'];
  if (!type || !JSON_TYPE.test(type)) {
    req.resume();
    throw new HttpError(415, `The body must be JSON (Content-Type: application/json), not ${type ? `"${type}"` : 'untyped'}.`);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    req.resume(); // drain so the connection stays usable and the client reads our answer
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve());
    req.once('error', () => reject(badRequest('The body could not be read.')));
  });
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw badRequest('A JSON body is required.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(`The body is not valid JSON: ${(error as Error).message}`);
  }
}

function tooLarge(): HttpError {
  return new HttpError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
}

/** Parses a value with a schema, answering 400 with one detail per problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
  throw badRequest(`The ${what} is not valid: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details);
}
