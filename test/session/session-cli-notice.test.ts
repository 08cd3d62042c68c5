// `aisle session` prints what the session tells the user in the English the window's English says
// (contract/notices.ts): a profile that names no facility is told, once, as a sentence.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../api/local-server.ts';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import { anyAuthServer, CREDS, type AnyAuthServer } from '../api/any-auth-server.ts';
import { tempDir } from '../support/temp-dir.ts';

let server: AnyAuthServer;
let dir: ReturnType<typeof tempDir>;

beforeAll(async () => {
  server = await anyAuthServer({ delivery: { kind: 'header', name: 'X-Auth-Token' }, profile: (res: ServerResponse) => json(res, 500, { message: 'NullPointerException' }) });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

describe('aisle session', () => {
  it("prints the session's notice in English words, not as a code", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['session', '--server', server.url, '--email', CREDS.email, '--data-dir', dir.path], {
      out: (l) => out.push(l), err: (l) => err.push(l), env: { AISLE_PASSWORD: CREDS.password }, promptPassword: async () => Promise.reject(new Error('no terminal')),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out.filter((l) => l.startsWith('notice'))).toEqual([`notice     ${noticeInEnglish({ code: 'profile_names_no_facility', facilities: [] })}`]);
    expect(noticeInEnglish({ code: 'profile_names_no_facility', facilities: [] })).toBe("Your profile names no facility; keeping every facility of the server's facilities list offline.");
  });
});
