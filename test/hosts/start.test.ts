// `npm start` on a machine without Electron's binary: one clear line with the URL, and the page answers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const node = path.join(root, 'node_modules/.bin/node');
const start = path.join(root, 'electron/hosts/start.ts');

describe('npm start (no Electron binary here)', () => {
  const data = tempDir();
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGTERM');
    data.remove();
  });

  it('prints the browser-host line with the URL, and that URL serves the app and the contract', async () => {
    child = spawn(node, [start], { cwd: root, env: { ...process.env, AISLE_DATA_DIR: data.path, AISLE_BROWSER_HOST: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child!.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]);
      });
      child!.stderr!.on('data', (c: Buffer) => (err += c.toString()));
      child!.on('exit', (code) => reject(new Error(`start exited with ${code}: ${err}`)));
    });
    expect(line).toMatch(/^Aisle: Electron is not installed on this machine, so the browser host is serving the app — open http:\/\/127\.0\.0\.1:\d+\/\?k=\S+$/);
    const url = new URL(line.split('open ')[1]);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    const headers = { 'X-Aisle-Key': url.searchParams.get('k')!, Origin: url.origin, 'Content-Type': 'application/json' };
    const info = await fetch(new URL('/api/call/app.info', url), { method: 'POST', headers, body: '{}' });
    expect(await info.json()).toMatchObject({ ok: true, value: { host: 'browser', dataDir: data.path } });
  });

  it('refuses a bad option in one line and exits non-zero', () => {
    const result = spawnSync(node, [start, '--port', 'lots'], { cwd: root, encoding: 'utf8', env: { ...process.env, AISLE_DATA_DIR: data.path } });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^aisle: --port must be a port number/);
  });
});
