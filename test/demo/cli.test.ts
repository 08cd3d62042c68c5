// `aisle demo-server` as a process, and the in-process demo that node hosts start for "Demo warehouse".
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { tempDir } from '../support/temp-dir.ts';

const BIN = fileURLToPath(new URL('../../electron/hosts/cli/bin.mjs', import.meta.url));

function run(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'demo-server', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out);
        if (m) resolve(m);
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before ${pattern}: ${out} ${err}`)));
      check();
    });
  return { child, exited, line, output: () => out, errors: () => err };
}

describe('aisle demo-server', () => {
  it('prints where it listens and the demo sign-in, serves, and stops cleanly on SIGTERM', async () => {
    const server = run(['--port', '0', '--items', '200', '--seed', '5', '--token-delivery', 'header', '--rate-limit', '0']);
    const [, url, host] = await server.line(/listening on (http:\/\/([\d.]+):\d+)/);
    expect(host).toBe('127.0.0.1');
    await server.line(/demo@example\.com \/ demo1234/);
    const response = await fetch(`${url}/v1/auth/pub/user/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234', licenseId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(response.status).toBe(403);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/demo server stopped/);
  });

  it('refuses bad options with exit code 2', async () => {
    const bad = run(['--token-delivery', 'pigeon']);
    expect(await bad.exited).toBe(2);
    expect(bad.errors()).toMatch(/token-delivery/);
    const unknown = run(['--frobnicate']);
    expect(await unknown.exited).toBe(2);
  });
});

describe('in-process demo warehouse', () => {
  it('demo.start starts once, reuses the server, and the core closes it', async () => {
    const dir = tempDir();
    const core = createNodeCore({ host: 'browser', dataDir: dir.path });
    try {
      const start = core.handlers['demo.start'] as () => Promise<{ url: string; email: string; password: string }>;
      const [first, second] = await Promise.all([start(), start()]);
      expect(first.url).toBe(second.url);
      expect(first).toMatchObject({ email: 'demo@example.com', password: 'demo1234' });
      expect((await fetch(`${first.url}/v1/auth/pub/ping`)).status).toBe(200);
      await core.close();
      await expect(fetch(`${first.url}/v1/auth/pub/ping`)).rejects.toThrow();
    } finally {
      dir.remove();
    }
  });
});
