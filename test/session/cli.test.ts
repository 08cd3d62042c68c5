// The session commands of the CLI against the demo server: the password from AISLE_PASSWORD or the
// prompt, never a flag.
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { anyAuthServer } from '../api/any-auth-server.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function io(env: Record<string, string> = {}, typed: string | null = null) {
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  const value: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env,
    promptPassword: async (question) => {
      prompts.push(question);
      if (typed === null) throw new Error('no terminal');
      return typed;
    },
  };
  return { io: value, out, err, prompts };
}

async function setup() {
  const server = await startDemoServer({ port: 0 });
  cleanup.push(() => server.close());
  const dir = tempDir();
  cleanup.push(() => dir.remove());
  return { server, dataDir: dir.path };
}

describe('aisle licenses / session / ping', () => {
  it('lists licenses with the password from AISLE_PASSWORD, or from the prompt', async () => {
    const { server, dataDir } = await setup();
    const withEnv = io({ AISLE_PASSWORD: 'demo1234' });
    expect(await main(['licenses', '--server', server.url, '--email', 'demo@example.com', '--data-dir', dataDir], withEnv.io)).toBe(0);
    expect(withEnv.out).toHaveLength(2);
    expect(withEnv.out.join('\n')).toContain('COMMUNITY');
    expect(withEnv.prompts).toEqual([]);

    const prompted = io({}, 'demo1234');
    expect(await main(['licenses', '--server', server.url, '--email', 'lapsed@example.com', '--data-dir', dataDir], prompted.io)).toBe(0);
    expect(prompted.prompts).toEqual(['Password: ']);
    expect(prompted.out[0]).toMatch(/\(disabled: This license has expired/);

    const wrong = io({ AISLE_PASSWORD: 'nope' });
    expect(await main(['licenses', '--server', server.url, '--email', 'demo@example.com', '--data-dir', dataDir], wrong.io)).toBe(1);
    expect(wrong.err.join('\n')).toMatch(/Wrong e-mail or password. \(wrong_credentials\)/);
    // There is no password flag.
    const flag = io({ AISLE_PASSWORD: 'demo1234' });
    expect(await main(['licenses', '--server', server.url, '--email', 'demo@example.com', '--password', 'demo1234'], flag.io)).toBe(2);
  });

  it('session: asks for --license when there are several, signs in with it, and signs out again', async () => {
    const { server, dataDir } = await setup();
    const args = ['session', '--server', server.url, '--email', 'demo@example.com', '--data-dir', dataDir];
    const ask = io({ AISLE_PASSWORD: 'demo1234' });
    expect(await main(args, ask.io)).toBe(2);
    expect(ask.err.join('\n')).toMatch(/--license/);
    const licenseId = server.ids().demoLicenses[1];
    const ok = io({ AISLE_PASSWORD: 'demo1234' });
    expect(await main([...args, '--license', licenseId], ok.io)).toBe(0);
    const text = ok.out.join('\n');
    expect(text).toMatch(/state\s+signed-in/);
    expect(text).toContain(licenseId);
    expect(text).not.toContain('demo1234');
    // The license is remembered for next time.
    const again = io({ AISLE_PASSWORD: 'demo1234' });
    expect(await main(args, again.io)).toBe(0);
    expect(again.out.join('\n')).toContain(licenseId);
  });

  it('ping says whether a server answers', async () => {
    const { server, dataDir } = await setup();
    const up = io();
    expect(await main(['ping', '--server', server.url, '--data-dir', dataDir], up.io)).toBe(0);
    expect(up.out[0]).toMatch(/^reachable in \d+ ms$/);
    await server.close();
    const down = io();
    expect(await main(['ping', '--server', server.url, '--data-dir', dataDir], down.io)).toBe(1);
    expect(down.err[0]).toMatch(/offline/);
  });
});

describe('aisle licenses on a server that trickles its answer', () => {
  it('ends at the authDeadlineSeconds of the data folder\'s settings, in words', async () => {
    const server = await anyAuthServer({ delivery: { kind: 'cookie', name: 'JWT' }, trickle: '/v1/auth/pub/user/licenses' });
    cleanup.push(() => server.close());
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir.path}/settings.json`, JSON.stringify({ settings: { authDeadlineSeconds: 2 } }));
    const run = io({ AISLE_PASSWORD: 'pw-ann' });
    const started = performance.now();
    const code = await main(['licenses', '--server', server.url, '--email', 'ann@example.com', '--data-dir', dir.path], run.io);
    expect(code).toBe(1);
    expect(run.err.join('\n')).toMatch(/did not finish within 2 s \(the setting authDeadlineSeconds, retries and waits included\): it was waiting for the license list/);
    // retries included: the whole call ends near the setting, not after three attempts of it
    expect(performance.now() - started).toBeLessThan(3_500);
  });
});


describe('aisle licenses where policy forbids a plain http:// server', () => {
  it('refuses in words before the password leaves the machine', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir.path}/settings.json`, JSON.stringify({ settings: { allowPlainHttp: false, authDeadlineSeconds: 2 } }));
    const run = io({ AISLE_PASSWORD: 'pw-ann' });
    // a documentation address (TEST-NET-1): nothing answers there, so only a refusal before any request ends quickly in these words
    const code = await main(['licenses', '--server', 'http://192.0.2.1:8080', '--email', 'ann@example.com', '--data-dir', dir.path], run.io);
    expect(code).toBe(1);
    expect(run.err.join('\n')).toMatch(/plain http:\/\/ address, and this workstation's policy \(set by IT\) forbids sending passwords unencrypted/);
  });
});

describe('server text printed by the CLI', () => {
  it('has its control characters (ESC, BEL, C1) replaced, in what is printed and in errors', async () => {
    // a description that would turn the terminal red, ring it, retitle its window and clear the screen
    const hostile = 'Main \u001b[31mRED\u0007 \u001b]0;owned\u0007 \u009b2J end';
    const server = await anyAuthServer({ delivery: { kind: 'cookie', name: 'JWT' }, licenses: [{ id: 'lic-1', license_type: 'COMMUNITY', enabled: true, description: hostile }] });
    cleanup.push(() => server.close());
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const run = io({ AISLE_PASSWORD: 'pw-ann' });
    expect(await main(['licenses', '--server', server.url, '--email', 'ann@example.com', '--data-dir', dir.path], run.io)).toBe(0);
    expect(run.out).toEqual(['lic-1  COMMUNITY  Main \uFFFD[31mRED\uFFFD \uFFFD]0;owned\uFFFD \uFFFD2J end']);

    const refusing = await anyAuthServer({
      delivery: { kind: 'cookie', name: 'JWT' },
      licenses: (res: import('node:http').ServerResponse) => {
        res.writeHead(403, { 'Content-Type': 'text/plain' });
        res.end('account \u001b[2Jlocked\u0007');
      },
    });
    cleanup.push(() => refusing.close());
    const refused = io({ AISLE_PASSWORD: 'pw-ann' });
    expect(await main(['licenses', '--server', refusing.url, '--email', 'ann@example.com', '--data-dir', dir.path], refused.io)).toBe(1);
    expect(refused.err.join('\n')).toContain('account \uFFFD[2Jlocked\uFFFD');
    expect(refused.err.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});
