// Bugs the reliability suite found, pinned by small deterministic tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { openJsonStream } from '../../electron/core/api/json-stream-request.ts';
import { until } from '../session/manual-clock.ts';

let server: http.Server | null = null;
afterEach(async () => {
  const open = server;
  server = null;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

describe('regressions found by the reliability suite', () => {
  it('a body that breaks before anyone reads it fails when read, and throws nothing unhandled', async () => {
    // The sync round queues opened bodies behind its write lock; a reset meanwhile crashed the worker.
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[{"id":"a"},', () => res.socket?.resetAndDestroy());
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await openJsonStream({ baseUrl, path: '/list', accessToken: 't', retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } });
    if (response.status !== 200) throw new Error('expected a body');
    await until(() => response.body.destroyed, 'the body to break');
    const read = async () => {
      for await (const _chunk of response.body) void _chunk;
    };
    const error = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleError);
    expect((error as AisleError).code).toBe('offline');
  });

  it('a session id or e-mail with a lone surrogate is an invalid argument, not an internal error', async () => {
    // Found by fuzzing session.endSession: encodeURIComponent threw a URIError.
    const api = createAuthApi({ baseUrl: 'http://127.0.0.1:9' });
    await expect(api.endSessionById('\u0000\uFFFF\uD800')).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(api.userByEmail('a\uDC00@example.com', false)).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
